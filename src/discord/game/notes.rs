//! What just happened in a game, as data: the session layer returns these
//! notes and the view turns them into words (with mentions and markup), so
//! the game logic never writes or reads Discord text.

use super::choices::UnitKey;
use super::computer::Level;
use super::table::UserId;
use crate::engine::{Action, Position, Seat, Throw};

/// One thing that happened, shown above the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Note {
    Joined(UserId),
    Left(UserId),
    ComputerJoined(Level),
    Started,
    EndedBy(UserId),
    /// Removed by the host or a moderator: a computer plays on
    /// (`replaced`), or in the lobby the seat is free again.
    Removed {
        user: UserId,
        replaced: bool,
    },
    Resigned(UserId),
    /// A seat threw; `true` marks a throw discarded by the rules (a player
    /// with no piece on the board waits for a 1).
    Threw {
        seat: Seat,
        throws: Vec<(Throw, bool)>,
    },
    /// No legal move: this many throws were lost and the turn passes.
    ThrowsLost(u8),
    /// The player on turn picked a move (not committed until Confirm).
    Chosen {
        unit: UnitKey,
        before: Position,
        action: Action,
    },
    /// A committed move.
    Moved {
        seat: Seat,
        before: Position,
        action: Action,
    },
    /// A capture, which earns another series.
    Captured {
        seat: Seat,
        count: u8,
    },
    /// Throws that could not be used.
    Unused(u8),
    /// Undo took back the last choice.
    TookBack,
    /// The player on turn ran out of time; the computer plays the turn.
    TimedOut(UserId),
    /// The third timeout in a row: a computer takes the seat.
    Forfeited(UserId),
}

/// The notes of one change.
pub(crate) type Notes = Vec<Note>;
