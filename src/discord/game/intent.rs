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
    /// A vote to let a computer play the seat of the away player on turn.
    StandIn,
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
            Intent::Throw | Intent::Choose(_) | Intent::Confirm | Intent::Undo | Intent::Page(_) | Intent::StandIn => {
                true
            }
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
    WrongMoment(Moment),
    /// A choice that is not among the legal ones.
    BadChoice(BadPick),
    /// The user named is not playing in this game.
    NotPlaying(UserId),
    /// The database refused the change; the game is as it was before.
    Unsaved,
    /// The database did not answer in time while the change was under
    /// way: it may or may not have been saved.
    Unsure,
}

/// Why an action does not fit this moment of the game (the view words it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Moment {
    /// Lobby actions once the game runs.
    Started,
    /// The host may not end a running game on this server.
    OnlyModeratorsEnd,
    /// The host cannot be kicked from her lobby.
    HostStays,
    /// In a running game only a moderator who is not seated removes a
    /// player (a seated one resigns instead).
    OnlyUnseatedModeratorsRemove,
    /// A throw asked for when the series is thrown.
    AlreadyThrown,
    /// A pick when the move is complete.
    NothingMore,
    NothingToUndo,
    /// Confirm before anything was picked.
    NothingChosen,
    /// Confirm before the move is complete.
    Incomplete,
    /// Game actions in the lobby.
    NotStarted,
    /// A vote for a computer when the player on turn is not away.
    NotAway,
    /// A second vote of the same player.
    AlreadyVoted,
}

impl Moment {
    #[cfg(test)]
    pub(crate) const ALL: [Moment; 12] = [
        Moment::Started,
        Moment::OnlyModeratorsEnd,
        Moment::HostStays,
        Moment::OnlyUnseatedModeratorsRemove,
        Moment::AlreadyThrown,
        Moment::NothingMore,
        Moment::NothingToUndo,
        Moment::NothingChosen,
        Moment::Incomplete,
        Moment::NotStarted,
        Moment::NotAway,
        Moment::AlreadyVoted,
    ];
}

/// Why a choice is not among the legal ones (a forged or outdated menu).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BadPick {
    /// Not a value the menu ever offers.
    NotAnOption,
    /// A value the menu no longer offers.
    Gone,
    NoStep,
    NoPage,
    /// The picked actions no longer play in the game.
    StaleChoices,
}

impl BadPick {
    #[cfg(test)]
    pub(crate) const ALL: [BadPick; 5] =
        [BadPick::NotAnOption, BadPick::Gone, BadPick::NoStep, BadPick::NoPage, BadPick::StaleChoices];
}
