//! What just happened in a game, as data: the session layer returns these
//! notes and the view turns them into words (with mentions and markup), so
//! the game logic never writes or reads Discord text.

use super::computer::Level;
use super::ids::{GameId, UserId};
use crate::engine::{Action, Position, Seat, Throw};

/// One thing that happened, shown above the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Note {
    Joined(UserId),
    Left(UserId),
    ComputerJoined(Level),
    Started,
    EndedBy(UserId),
    /// The lobby closed: nobody started it in time.
    LobbyExpired,
    /// The game ended: nobody clicked for this many turn times.
    Idle(u32),
    /// Removed by the host or a moderator.
    Removed {
        user: UserId,
        then: Vacated,
    },
    Resigned {
        user: UserId,
        then: Vacated,
    },
    /// A seat threw; `true` marks a throw discarded by the rules (a player
    /// with no piece on the board waits for a 1).
    Threw {
        seat: Seat,
        throws: Vec<(Throw, bool)>,
    },
    /// The game's first throw of this kind, which needs its name said:
    /// Sonal (a 4 made of 0 + 4), or 0 (moves nothing).
    FirstThrow(Throw),
    /// The opening throws are done: this seat threw highest and begins.
    Begins(Seat),
    /// No legal move: this many throws were lost and the turn passes.
    ThrowsLost {
        count: u8,
        why: super::lost::LostWhy,
    },
    /// A committed move: the actions a seat played from `before`;
    /// `forced` when they were the only way to use the throws (played
    /// without asking).
    Played {
        seat: Seat,
        before: Position,
        path: Vec<Action>,
        forced: bool,
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
    /// The third timeout in a row.
    Forfeited {
        user: UserId,
        then: Vacated,
    },
    /// In a tournament, she did not act in her first turn time: a
    /// computer plays her seat for this table (she scores it last).
    NoShow {
        user: UserId,
        then: Vacated,
    },
    /// A tournament round's deadline ended the game: its table is decided
    /// by expected points.
    DecidedAtDeadline,
    /// A vote to let a computer play the seat of `away` (away on turn):
    /// `votes` of the `needed`.
    VotedStandIn {
        away: UserId,
        by: UserId,
        votes: usize,
        needed: usize,
    },
    /// The others voted: a computer plays her seat for the rest of the
    /// game (unrated for her).
    StoodIn(UserId),
    /// A lobby opened by Rematch on the result of `game`: its other
    /// players are called (notified) to press Join.
    Rematch {
        game: GameId,
        players: Vec<UserId>,
    },
}

/// What became of the seat of a player who left.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Vacated {
    /// In the lobby: the seat is free again.
    Free,
    /// A computer plays on.
    Computer,
    /// In a game of two: the other player wins at once.
    OtherWins,
    /// A game of two whose player was removed by a moderator: it ends,
    /// not rated (a removal never hands anyone a win).
    EndsUnrated,
    /// The last human left a rated game: it ends there, she is placed last.
    Last,
}

/// The notes of one change.
pub(crate) type Notes = Vec<Note>;
