//! What a board picture shows (a position, names, the last move, marked
//! destinations, the series of throws, the words): equal views draw equal
//! pictures.

use super::text::clean_name;
use crate::engine::{Action, Board, Cell, Position, Seat, Throw, destination};

/// One throw of the current series and whether it has been used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeriesThrow {
    pub throw: Throw,
    pub used: bool,
}

/// One action of the last series, to be drawn along its seat's track.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LastAction {
    /// Who played it: the steps are on her track.
    pub seat: Seat,
    /// The step the unit started on (`None` when it entered from off the
    /// board).
    pub from: Option<u8>,
    /// The step it landed on (`None` when it was borne off).
    pub to: Option<u8>,
    /// Enemy pieces captured where it landed.
    pub captured: u8,
}

impl LastAction {
    /// The steps of `action`, played by the seat on turn in `before`.
    pub(crate) fn of(before: &Position, action: Action, captured: u8) -> Option<LastAction> {
        let seat = before.turn();
        let goal = before.rules().goal();
        let at = |step: u8| Some(step.min(goal));
        match action {
            Action::BearOff => Some(LastAction { seat, from: at(goal), to: None, captured }),
            Action::Twins => {
                let step = before.rules().twins_step?;
                Some(LastAction { seat, from: at(step), to: at(step), captured })
            }
            Action::Pass => None,
            _ => {
                let (unit, dest) = destination(before, action)?;
                let entering = matches!(
                    action,
                    Action::Enter | Action::EnterTwins | Action::EnterWith { .. } | Action::EnterPair { .. }
                );
                let from = unit.step().filter(|_| !entering);
                Some(LastAction { seat, from: from.and_then(at), to: at(dest), captured })
            }
        }
    }

    /// The square it started on, if on the board.
    pub(crate) fn start_cell(&self, board: &Board) -> Option<Cell> {
        self.from.map(|s| board.cell(self.seat, s))
    }

    /// The square it landed on, if on the board.
    pub(crate) fn landing_cell(&self, board: &Board) -> Option<Cell> {
        self.to.map(|s| board.cell(self.seat, s))
    }
}

/// Pieces captured on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Capture {
    pub cell: Cell,
    pub count: u8,
}

/// Everything a board picture shows: equal views draw equal pictures.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BoardView {
    pub position: Position,
    /// Display names by seat index; empty means the seat's name ("South").
    pub names: [String; 4],
    /// The last series (every action of the player who acted last since
    /// her turn began), in order: drawn along her track, numbered when
    /// more than one.
    pub last: Vec<LastAction>,
    /// Squares where pieces were captured since the reader's previous
    /// action (the last series' captures are marked in any case).
    pub captures: Vec<Capture>,
    /// Squares to mark as possible destinations.
    pub destinations: Vec<Cell>,
    /// The current series of throws, in the order thrown.
    pub series: Vec<SeriesThrow>,
    /// Replaces the header's "X to play" (e.g. "North: c1 → e3").
    pub note: Option<String>,
    /// The words drawn, already in the reader's language; `None`: the
    /// English ones made here.
    pub labels: Option<Labels>,
    /// Draw the whole board, never a part of it (replays: their frames
    /// keep one framing). A picture of the cross otherwise shows only the
    /// part round its pieces and marks, on larger squares.
    pub whole: bool,
}

/// The letter on each seat's pieces and palace, by seat index, in the
/// reader's language (French writes O for Ouest where English writes W).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Letters(pub [char; 4]);

impl Default for Letters {
    /// The seats' own letters: S, W, N, E.
    fn default() -> Letters {
        Letters(Seat::ALL.map(Seat::letter))
    }
}

impl Letters {
    /// The letter of one seat.
    pub(crate) fn of(self, seat: Seat) -> char {
        self.0[seat.index()]
    }
}

/// The words of a picture given by its caller (the bot's view layer,
/// which speaks the reader's language): the render layer draws them as
/// they are.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Labels {
    /// The header: "▶ Meena to play", "★ Meena wins".
    pub header: String,
    /// Each seat's row counts by seat index: "waiting 2 · on the board 1 ·
    /// borne off 1".
    pub counts: [String; 4],
    /// The word written in the keep, the goal of every track ("keep").
    pub keep: String,
    /// The letters on the pieces.
    pub letters: Letters,
}

impl BoardView {
    /// A view of a position with default names, no highlights, and its
    /// remaining throws as the (all unused) series.
    pub fn new(position: Position) -> BoardView {
        let series = position.throws().as_slice().iter().map(|&throw| SeriesThrow { throw, used: false }).collect();
        BoardView {
            position,
            names: Default::default(),
            last: Vec::new(),
            captures: Vec::new(),
            destinations: Vec::new(),
            series,
            note: None,
            labels: None,
            whole: false,
        }
    }

    /// The word written in the keep.
    pub(crate) fn keep_word(&self) -> &str {
        self.labels.as_ref().map_or("keep", |l| l.keep.as_str())
    }

    /// The letters on the pieces.
    pub(crate) fn letters(&self) -> Letters {
        self.labels.as_ref().map(|l| l.letters).unwrap_or_default()
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
        let last = LastAction::of(&pos, adv, 1).expect("a move");
        assert_eq!(last, LastAction { seat: Seat::N, from: Some(3), to: Some(5), captured: 1 });
        let board = pos.rules().board;
        assert_eq!((last.start_cell(board), last.landing_cell(board)), (sq("a4"), sq("a2")));
        let enter = LastAction { seat: Seat::N, from: None, to: Some(0), captured: 0 };
        assert_eq!(LastAction::of(&pos, Action::Enter, 0), Some(enter));
        assert_eq!(enter.landing_cell(board), sq("c5"));
        assert_eq!(LastAction::of(&pos, Action::Pass, 0), None);
    }

    #[test]
    fn bearing_off_marks_the_keep_only() {
        let pos = parse_tpn("bell S=24,o,o,o N=o,o,o,o turn=S throws=1").expect("tpn");
        let bear = LastAction { seat: Seat::S, from: Some(24), to: None, captured: 0 };
        assert_eq!(LastAction::of(&pos, Action::BearOff, 0), Some(bear));
        assert_eq!(bear.start_cell(pos.rules().board), sq("c3"));
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
