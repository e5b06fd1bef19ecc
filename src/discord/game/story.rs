//! What happened at a table since a seat was last asked to choose, read
//! from the game's actions: the pieces she lost (who took them, where),
//! every move the others made and the moves played for her without asking
//! (the only possible move), for the board that pings her (`view::story`
//! words it) and the squares its picture marks.

use super::acts::Act;
use super::ends;
use super::table::Table;
use crate::engine::{Action, Cell, Game, Position, Seat, destination};

/// What happened since a seat was last asked to choose.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Since {
    /// Her pieces taken, in the order they were taken.
    pub(crate) losses: Vec<Loss>,
    /// The moves since, in order (a move: the actions a seat took with one
    /// series of throws); hers are the ones played without asking her.
    pub(crate) moves: Vec<Move>,
}

/// A capture of her pieces.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Loss {
    pub(crate) by: Seat,
    /// Where her pieces were taken.
    pub(crate) at: Cell,
    pub(crate) pieces: u8,
}

/// A move of any seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Move {
    pub(crate) seat: Seat,
    /// The position the move started from.
    pub(crate) before: Position,
    pub(crate) path: Vec<Action>,
    /// Pieces of any seat it took.
    pub(crate) took: u8,
}

/// What happened at `t` since `seat` was last asked to choose (since the
/// start when she has not been asked yet).
pub(crate) fn since_last_asked(t: &Table, seat: Seat) -> Since {
    let acts = t.acts();
    let now = *t.game_now().position();
    since(&acts, asked_until(&acts, seat), seat, &now)
}

/// How many of `acts` come before what `seat` has not been told: the end
/// of her last move that was hers to choose (her throws could be used in
/// more than one way). Her moves played without asking (the only way to
/// use the throws) do not count: she did not see what came before them.
pub(crate) fn asked_until(acts: &[Act], seat: Seat) -> usize {
    let mut end = acts.len();
    while let Some(last) = acts[..end].iter().rposition(|a| a.before.turn() == seat) {
        // The first action of that move of hers.
        let start = acts[..=last].iter().rposition(|a| a.starts_move || a.before.turn() != seat).unwrap_or(0);
        let start = if acts[start].before.turn() == seat { start } else { start + 1 };
        if !ends::ends(&Game::from_position(acts[start].before)).is_forced() {
            return last + 1;
        }
        end = start;
    }
    0
}

/// What happened in `acts[from..]` for `seat`; `now` is the position after
/// the last of them.
fn since(acts: &[Act], from: usize, seat: Seat, now: &Position) -> Since {
    let mut since = Since::default();
    for (i, act) in acts.iter().enumerate().skip(from) {
        let mover = act.before.turn();
        if act.action == Action::Pass {
            continue;
        }
        // Throws move no piece: the next action starts where this one ended.
        let after = acts.get(i + 1).map_or(now, |a| &a.before);
        let taken = act.before.army(seat).on_board().saturating_sub(after.army(seat).on_board());
        if mover != seat
            && taken > 0
            && let Some(at) = landing(&act.before, act.action)
        {
            since.losses.push(Loss { by: mover, at, pieces: taken });
        }
        match since.moves.last_mut() {
            Some(last) if last.seat == mover && !act.starts_move => {
                last.path.push(act.action);
                last.took += act.captured;
            }
            _ => since.moves.push(Move { seat: mover, before: act.before, path: vec![act.action], took: act.captured }),
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
