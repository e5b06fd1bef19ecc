//! What happened at a table since a seat last acted, read from the game's
//! log: the pieces she lost (who took them, where) and every move the
//! others made, for the board that pings her (`view::story` words it).

use super::table::Table;
use crate::engine::{Action, Cell, Event, Position, Record, Seat, destination};

/// What happened since a seat's last action.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Since {
    /// Her pieces taken, in the order they were taken.
    pub(crate) losses: Vec<Loss>,
    /// The moves of the others, in order (a move: the actions a seat took
    /// with one series of throws).
    pub(crate) moves: Vec<Move>,
    /// Throws the others lost (no legal move, or not enough to use them).
    pub(crate) lost_throws: u8,
}

/// A capture of her pieces.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Loss {
    pub(crate) by: Seat,
    /// Where her pieces were taken.
    pub(crate) at: Cell,
    pub(crate) pieces: u8,
}

/// A move of another seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Move {
    pub(crate) seat: Seat,
    /// The position the move started from.
    pub(crate) before: Position,
    pub(crate) path: Vec<Action>,
    /// Pieces of any seat it took.
    pub(crate) took: u8,
}

/// What happened at `t` since `seat` last took an action (since the start
/// when she has not taken one yet).
pub(crate) fn since_last_act(t: &Table, seat: Seat) -> Since {
    let mut rec = Record::new(t.ruleset, t.seats());
    let mut since = Since::default();
    // A throw between two actions starts a new move.
    let mut thrown = true;
    for &event in &t.events {
        let before = *rec.game().position();
        let Ok(out) = rec.apply(event) else { break };
        let Event::Act { action } = event else {
            thrown = true;
            continue;
        };
        let new_move = std::mem::take(&mut thrown);
        let mover = before.turn();
        if mover == seat {
            since = Since::default();
            continue;
        }
        since.lost_throws = since.lost_throws.saturating_add(out.lost);
        if action == Action::Pass {
            continue;
        }
        let after = *rec.game().position();
        let taken = before.army(seat).on_board().saturating_sub(after.army(seat).on_board());
        if taken > 0
            && let Some(at) = landing(&before, action)
        {
            since.losses.push(Loss { by: mover, at, pieces: taken });
        }
        match since.moves.last_mut() {
            Some(last) if last.seat == mover && !new_move => {
                last.path.push(action);
                last.took += out.captured;
            }
            _ => since.moves.push(Move { seat: mover, before, path: vec![action], took: out.captured }),
        }
    }
    since
}

/// The square an action lands on (`None` when it bears off or passes).
fn landing(before: &Position, action: Action) -> Option<Cell> {
    if matches!(action, Action::BearOff | Action::Pass) {
        return None;
    }
    let (_, step) = destination(before, action)?;
    let rules = before.rules();
    Some(rules.board.cell(before.turn(), step.min(rules.goal())))
}
