//! What a user wants from a game (an [`Intent`], by an [`Actor`]) and why
//! it may be refused (a [`Refusal`], in words in `view::refusals`).

use super::computer::Level;
use super::table::UserId;

/// Who is acting: a Discord user, and whether they may moderate the channel.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Actor {
    pub(crate) user: UserId,
    pub(crate) moderator: bool,
}

/// What the user wants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Intent {
    Join,
    Leave,
    AddComputer(Level),
    Start,
    Cancel,
    /// Throw a series by hand: only a game saved before series were thrown
    /// by themselves can still wait for it.
    Throw,
    /// An option of the move menu (its select value, see `choices::Pick`).
    Choose(String),
    Confirm,
    Undo,
    Page(u8),
    Resign,
    End,
    Kick(UserId),
}

impl Intent {
    /// Whether the intent acts on the turn the clicked board showed, and so
    /// must carry the board's action counter (a stale one is refused).
    /// Lobby actions do not: they mean the same on any copy of the lobby
    /// and are checked against the lobby itself (free seats, the stage),
    /// so that a crowd pressing Join fills the seats instead of going out
    /// of date after the first join.
    pub(crate) fn follows_the_board(&self) -> bool {
        match self {
            Intent::Throw | Intent::Choose(_) | Intent::Confirm | Intent::Undo | Intent::Page(_) => true,
            Intent::Join
            | Intent::Leave
            | Intent::AddComputer(_)
            | Intent::Start
            | Intent::Cancel
            | Intent::Resign
            | Intent::End
            | Intent::Kick(_) => false,
        }
    }
}

/// Why nothing changed; each answer is shown privately to the clicker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// The click came from an older board (another change came first).
    Stale,
    /// The game is over or was cancelled.
    Closed,
    NotYourTurn,
    NotHost,
    NotSeated,
    AlreadySeated,
    LobbyFull,
    TooFewPlayers,
    /// The action does not fit this moment of the game.
    WrongMoment(&'static str),
    /// A choice that is not among the legal ones (why, in plain words).
    BadChoice(&'static str),
    /// The user named is not playing in this game.
    NotPlaying(UserId),
    /// The database refused the change; the game is as it was before.
    Unsaved,
}
