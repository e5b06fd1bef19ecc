//! The values the store hands out and takes in: typed ids, game states,
//! guild settings, seats and games as stored. Discord ids are plain `u64`
//! here (stored bit-for-bit as SQLite's signed integers).

use crate::engine::{Ruleset, Seat, SeatSet};
use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};
use std::fmt;
use std::str::FromStr;
use std::time::{SystemTime, UNIX_EPOCH};

/// A game's id (its row id).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub i64);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

impl ToSql for GameId {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        self.0.to_sql()
    }
}

impl FromSql for GameId {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        i64::column_result(value).map(GameId)
    }
}

/// Milliseconds since the Unix epoch.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Timestamp(pub i64);

impl Timestamp {
    /// The system clock now.
    pub(crate) fn now() -> Timestamp {
        let ms = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis());
        Timestamp(i64::try_from(ms).unwrap_or(i64::MAX))
    }

    /// Whole seconds since the epoch (for Discord's `<t:UNIX:R>`).
    pub(crate) fn as_secs(self) -> i64 {
        self.0.div_euclid(1000)
    }
}

impl ToSql for Timestamp {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        self.0.to_sql()
    }
}

impl FromSql for Timestamp {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        i64::column_result(value).map(Timestamp)
    }
}

/// Where a game is in its life.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameState {
    /// Players are joining; nothing has been thrown.
    Lobby,
    Playing,
    /// Played to the end; places and ratings are recorded.
    Finished,
    /// Ended early (cancelled lobby, ended by the host or a moderator); unrated.
    Abandoned,
}

impl GameState {
    pub const fn as_str(self) -> &'static str {
        match self {
            GameState::Lobby => "lobby",
            GameState::Playing => "playing",
            GameState::Finished => "finished",
            GameState::Abandoned => "abandoned",
        }
    }

    /// Lobby or playing: the channel's game.
    pub(crate) const fn is_active(self) -> bool {
        matches!(self, GameState::Lobby | GameState::Playing)
    }
}

impl fmt::Display for GameState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GameState {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        [GameState::Lobby, GameState::Playing, GameState::Finished, GameState::Abandoned]
            .into_iter()
            .find(|g| g.as_str() == s)
            .ok_or_else(|| format!("unknown game state `{s}`"))
    }
}

impl ToSql for GameState {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.as_str()))
    }
}

impl FromSql for GameState {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        value.as_str()?.parse().map_err(|e: String| FromSqlError::Other(e.into()))
    }
}

/// Who may end a game early besides the host's own lobby.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum EndPermission {
    /// The host (and moderators, who can always clean up their channel).
    #[default]
    Host,
    /// Only members with Manage Messages.
    Moderators,
}

impl EndPermission {
    pub(crate) const fn as_str(self) -> &'static str {
        match self {
            EndPermission::Host => "host",
            EndPermission::Moderators => "moderators",
        }
    }

    pub(crate) fn parse(s: &str) -> Option<Self> {
        [EndPermission::Host, EndPermission::Moderators].into_iter().find(|p| p.as_str() == s)
    }
}

impl ToSql for EndPermission {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.as_str()))
    }
}

impl FromSql for EndPermission {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let s = value.as_str()?;
        EndPermission::parse(s).ok_or_else(|| FromSqlError::Other(format!("unknown permission `{s}`").into()))
    }
}

/// A guild's settings (defaults when never set).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GuildSettings {
    pub default_ruleset: Ruleset,
    pub turn_timeout_secs: u32,
    pub end_permission: EndPermission,
}

impl Default for GuildSettings {
    fn default() -> Self {
        GuildSettings {
            default_ruleset: Ruleset::default(),
            turn_timeout_secs: 300,
            end_permission: EndPermission::Host,
        }
    }
}

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Occupant {
    /// A Discord user.
    Human(u64),
    /// A computer player of this level ("random", "easy", "hard", …).
    Computer(String),
}

impl Occupant {
    pub fn user(&self) -> Option<u64> {
        match self {
            Occupant::Human(u) => Some(*u),
            Occupant::Computer(_) => None,
        }
    }
}

/// One seat of a game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRecord {
    pub seat: Seat,
    pub occupant: Occupant,
    pub joined_at: Timestamp,
    /// 1 for the winner; set when the game finishes.
    pub place: Option<u8>,
    /// The name a human went by when the game ended (kept for its page);
    /// `None` for computers, a running game and games ended before names
    /// were kept.
    pub name: Option<String>,
}

/// What it takes to open a lobby.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub guild: u64,
    pub channel: u64,
    pub host: u64,
    pub ruleset: Ruleset,
    /// The table size the lobby was opened for (2 to 4).
    pub max_players: u8,
    pub turn_timeout_secs: u32,
    /// The fair-dice seed (see [`crate::dice::commitment`]); only its commitment is
    /// shown until the game ends.
    pub seed: crate::dice::Seed,
    /// A practice game: hints allowed, never rated.
    pub practice: bool,
    /// How the throws come from the seed ([`crate::dice::Derivation::CURRENT`]
    /// for a new game).
    pub dice: crate::dice::Derivation,
}

/// A game's row and seats. The seed is here only once the game is over.
#[derive(Clone, Debug, PartialEq)]
pub struct GameInfo {
    pub id: GameId,
    pub guild: u64,
    pub channel: u64,
    pub board_message: Option<u64>,
    pub board_posted_at: Option<Timestamp>,
    pub host: u64,
    pub ruleset: Ruleset,
    pub max_players: u8,
    pub state: GameState,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub finished_at: Option<Timestamp>,
    pub turn_timeout_secs: u32,
    /// The front end's action counter as last saved (see
    /// [`super::LiveSave`]); abandoning adds one.
    pub seq: u64,
    /// SHA-256 of the seed, lower-case hex, shown from the start.
    pub commitment: String,
    /// The seed, revealed once the game is finished or abandoned.
    pub revealed_seed: Option<[u8; 32]>,
    /// Throws drawn from the seed so far (= throw events in the log).
    pub throws_drawn: u64,
    pub deadline: Option<Timestamp>,
    /// Number of events in the log.
    pub events: u64,
    /// A practice game: hints allowed, never rated.
    pub practice: bool,
    /// How the throws come from the seed.
    pub dice: crate::dice::Derivation,
    /// Seated occupants in seat order.
    pub seats: Vec<SeatRecord>,
}

impl GameInfo {
    /// The seats in play (as the engine sees them).
    pub fn seat_set(&self) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        self.seats.iter().for_each(|s| set.insert(s.seat));
        set
    }

    /// The seat of a Discord user, if seated.
    pub fn seat_of(&self, user: u64) -> Option<Seat> {
        self.seats.iter().find(|s| s.occupant == Occupant::Human(user)).map(|s| s.seat)
    }

    /// The occupant of a seat.
    pub fn occupant(&self, seat: Seat) -> Option<&Occupant> {
        self.seats.iter().find(|s| s.seat == seat).map(|s| &s.occupant)
    }
}

/// A seat's result in a finished game, for history lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placing {
    pub seat: Seat,
    pub occupant: Occupant,
    pub place: u8,
}

/// A finished game in a channel's history.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSummary {
    pub id: GameId,
    pub ruleset: Ruleset,
    pub finished_at: Timestamp,
    /// A practice game (not rated).
    pub practice: bool,
    /// All seats, best place first.
    pub placings: Vec<Placing>,
}

impl GameSummary {
    /// The occupants who took first place.
    pub fn winners(&self) -> impl Iterator<Item = &Occupant> {
        self.placings.iter().filter(|p| p.place == 1).map(|p| &p.occupant)
    }
}
