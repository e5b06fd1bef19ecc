//! What a board picture shows (a position, names, the last move, marked
//! destinations, the series of throws, the words): equal views draw equal
//! pictures.

use super::text::clean_name;
use crate::engine::{Action, Cell, Position, Seat, Throw, destination};

/// One throw of the current series and whether it has been used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeriesThrow {
    pub throw: Throw,
    pub used: bool,
}

/// The last action, to be marked on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LastAction {
    /// Where the unit started (`None` when it entered from off the board).
    pub from: Option<Cell>,
    /// Where it landed (`None` when it was borne off).
    pub to: Option<Cell>,
    /// Enemy pieces captured where it landed.
    pub captured: u8,
}

impl LastAction {
    /// The squares of `action`, played by the seat on turn in `before`.
    pub(crate) fn of(before: &Position, action: Action, captured: u8) -> Option<LastAction> {
        let board = before.rules().board;
        let seat = before.turn();
        let goal = before.rules().goal();
        let at = |step: u8| Some(board.cell(seat, step.min(goal)));
        match action {
            Action::BearOff => Some(LastAction { from: at(goal), to: None, captured }),
            Action::Twins => Some(LastAction { from: None, to: at(before.rules().twins_step?), captured }),
            Action::Pass => None,
            _ => {
                let (unit, dest) = destination(before, action)?;
                let entering = matches!(
                    action,
                    Action::Enter | Action::EnterTwins | Action::EnterWith { .. } | Action::EnterPair { .. }
                );
                let from = unit.step().filter(|_| !entering);
                Some(LastAction { from: from.and_then(at), to: at(dest), captured })
            }
        }
    }
}

/// Everything a board picture shows: equal views draw equal pictures.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BoardView {
    pub position: Position,
    /// Display names by seat index; empty means the seat's name ("South").
    pub names: [String; 4],
    pub last: Option<LastAction>,
    /// Squares to mark as possible destinations.
    pub destinations: Vec<Cell>,
    /// The current series of throws, in the order thrown.
    pub series: Vec<SeriesThrow>,
    /// Replaces the header's "X to play" (e.g. "Move 12: S 5+8").
    pub note: Option<String>,
    /// The words drawn, already in the reader's language; `None`: the
    /// English ones made here.
    pub labels: Option<Labels>,
}

/// The words of a picture given by its caller (the bot's view layer,
/// which speaks the reader's language): the render layer draws them as
/// they are.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Labels {
    /// The header: "▶ Meena to play", "★ Meena wins".
    pub header: String,
    /// Each seat's row counts by seat index: "off 2 · on 1 · home 1".
    pub counts: [String; 4],
}

impl BoardView {
    /// A view of a position with default names, no highlights, and its
    /// remaining throws as the (all unused) series.
    pub fn new(position: Position) -> BoardView {
        let series = position.throws().as_slice().iter().map(|&throw| SeriesThrow { throw, used: false }).collect();
        BoardView {
            position,
            names: Default::default(),
            last: None,
            destinations: Vec::new(),
            series,
            note: None,
            labels: None,
        }
    }

    /// The name shown for a seat, cleaned of what the font cannot draw.
    pub(crate) fn name(&self, seat: Seat) -> String {
        clean_name(&self.names[seat.index()], seat.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{ThrowBag, parse_square, parse_tpn};

    fn sq(s: &str) -> Option<Cell> {
        parse_square(s)
    }

    #[test]
    fn last_action_squares_follow_the_movers_track() {
        let pos = parse_tpn("bell S=1,o,o,o N=3,o,o,o turn=N throws=2,1").expect("tpn");
        let adv = Action::Advance { from: 3, twins: false, throws: ThrowBag::of(&[Throw::Two]) };
        // North's step 3 is a4, step 5 is a2.
        assert_eq!(LastAction::of(&pos, adv, 1), Some(LastAction { from: sq("a4"), to: sq("a2"), captured: 1 }));
        let enter = LastAction { from: None, to: sq("c5"), captured: 0 };
        assert_eq!(LastAction::of(&pos, Action::Enter, 0), Some(enter));
        assert_eq!(LastAction::of(&pos, Action::Pass, 0), None);
    }

    #[test]
    fn bearing_off_marks_the_keep_only() {
        let pos = parse_tpn("bell S=24,o,o,o N=o,o,o,o turn=S throws=1").expect("tpn");
        let bear = LastAction { from: sq("c3"), to: None, captured: 0 };
        assert_eq!(LastAction::of(&pos, Action::BearOff, 0), Some(bear));
    }

    #[test]
    fn names_default_to_seat_names_and_lose_emoji() {
        let pos = parse_tpn("bell S=o,o,o,o N=o,o,o,o turn=S").expect("tpn");
        let mut v = BoardView::new(pos);
        v.names[0] = "Meena 🎲".into();
        assert_eq!(v.name(Seat::S), "Meena");
        assert_eq!(v.name(Seat::N), "North");
    }
}
