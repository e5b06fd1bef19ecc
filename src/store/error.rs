//! The store's error type: one variant per thing a caller can react to,
//! and SQL failures that name the statement that failed.

use super::types::{GameId, GameState};
use std::fmt;
use std::path::PathBuf;

/// Why a store operation failed.
#[derive(Debug)]
pub enum StoreError {
    /// The game's action counter moved on since the caller read it (another
    /// click won the race, or the button is old). Nothing was written.
    Stale { current: u64 },
    /// No game with this id.
    NoSuchGame(GameId),
    /// The operation does not fit the game's state (e.g. saving a game
    /// that is over).
    WrongState { game: GameId, state: GameState },
    /// The channel already has a game in the lobby or in play.
    ChannelBusy { channel: u64, game: GameId },
    /// The file exists but is not a Thaayam database.
    NotThaayam { path: PathBuf, reason: String },
    /// The database was written by a newer program.
    TooNew { found: u32, supported: u32 },
    /// A stored value cannot be decoded (hand-edited or damaged data).
    Corrupt { game: Option<GameId>, what: String },
    /// A stored log no longer replays.
    Replay { game: GameId, index: usize, reason: String },
    /// SQLite failed while running `statement`.
    Sql { statement: &'static str, source: rusqlite::Error },
    /// PostgreSQL failed while running `statement` (a lost connection is
    /// one: the next call connects again).
    Postgres { statement: &'static str, source: postgres::Error },
    /// The PostgreSQL server cannot be reached or refuses us; `server`
    /// names it without the password.
    Unreachable { server: String, reason: String },
    /// The target of a copy already holds Thaayam data (`what`).
    NotEmpty { what: String },
    /// A file the store writes beside the database (a backup) cannot be
    /// created.
    File { path: PathBuf, source: std::io::Error },
    /// This backend cannot do what was asked (an SQLite file operation on
    /// PostgreSQL).
    Unsupported(&'static str),
    /// The store thread behind a [`super::StoreHandle`] is gone.
    Closed,
    /// The store did not answer within the caller's deadline
    /// ([`super::StoreHandle::call_within`]). A call that had not started
    /// is dropped without running (`under_way: false`: nothing written);
    /// one under way may still complete (its change then shows as a stale
    /// copy).
    Late { waited: std::time::Duration, under_way: bool },
    /// The connection broke after a change of `game` was sent and before
    /// its answer came, and the game could not be read back to see whether
    /// it was written (no primary yet): it may or may not be stored.
    InDoubt { game: GameId, reason: String },
    /// The store's queue holds `queued` calls already
    /// ([`super::handle::QUEUE`]): the call was refused without running
    /// (nothing written).
    Full { queued: usize },
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Stale { current } => write!(f, "the game has moved on (action {current})"),
            StoreError::NoSuchGame(g) => write!(f, "there is no game {g}"),
            StoreError::WrongState { game, state } => write!(f, "game {game} is {state}"),
            StoreError::ChannelBusy { channel, game } => {
                write!(f, "channel {channel} already has an unfinished game ({game})")
            }
            StoreError::NotThaayam { path, reason } => {
                write!(f, "{} is not a Thaayam database ({reason})", path.display())
            }
            StoreError::TooNew { found, supported } => {
                write!(f, "schema version {found} is newer than this program ({supported}); upgrade the bot")
            }
            StoreError::Corrupt { game: Some(g), what } => write!(f, "damaged data in game {g}: {what}"),
            StoreError::Corrupt { game: None, what } => write!(f, "damaged data: {what}"),
            StoreError::Replay { game, index, reason } => {
                write!(f, "the log of game {game} fails to replay at event {index}: {reason}")
            }
            StoreError::Sql { statement, source } => write!(f, "database error in `{statement}`: {source}"),
            StoreError::Postgres { statement, source } => {
                write!(f, "database error in `{statement}`: {}", postgres_reason(source))
            }
            StoreError::Unreachable { server, reason } => write!(f, "cannot reach the database at {server}: {reason}"),
            StoreError::NotEmpty { what } => {
                write!(f, "the target database already holds Thaayam data ({what}); nothing was copied")
            }
            StoreError::File { path, source } => write!(f, "cannot create {}: {source}", path.display()),
            StoreError::Unsupported(what) => write!(f, "{what} is not possible on this database"),
            StoreError::Closed => f.write_str("the store thread has stopped"),
            StoreError::Late { waited, under_way: false } => {
                write!(f, "the database did not answer within {} ms; nothing was written", waited.as_millis())
            }
            StoreError::Late { waited, under_way: true } => write!(
                f,
                "the database did not answer within {} ms; the change was under way and may still be written",
                waited.as_millis()
            ),
            StoreError::InDoubt { game, reason } => {
                write!(f, "the change of game {game} may or may not have been written ({reason})")
            }
            StoreError::Full { queued } => {
                write!(f, "the database is busy ({queued} calls waiting); nothing was written")
            }
        }
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StoreError::Sql { source, .. } => Some(source),
            StoreError::Postgres { source, .. } => Some(source),
            StoreError::File { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// A PostgreSQL error in one line: the server's own words (`FATAL: role
/// "x" does not exist`) when it answered, else the client's (`error
/// connecting to server: Connection refused`).
pub(crate) fn postgres_reason(e: &postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!("{}: {}", db.severity(), db.message()),
        None => match std::error::Error::source(e) {
            Some(cause) => format!("{e}: {cause}"),
            None => e.to_string(),
        },
    }
}

/// Attaches the failing statement's name to a PostgreSQL error.
pub(crate) trait PgContext<T> {
    fn pg(self, statement: &'static str) -> Result<T, StoreError>;
}

impl<T> PgContext<T> for Result<T, postgres::Error> {
    fn pg(self, statement: &'static str) -> Result<T, StoreError> {
        self.map_err(|source| StoreError::Postgres { statement, source })
    }
}

/// Attaches the failing statement's name to a rusqlite error.
pub(crate) trait SqlContext<T> {
    fn ctx(self, statement: &'static str) -> Result<T, StoreError>;
}

impl<T> SqlContext<T> for Result<T, rusqlite::Error> {
    fn ctx(self, statement: &'static str) -> Result<T, StoreError> {
        self.map_err(|source| StoreError::Sql { statement, source })
    }
}
