//! The bot's memory: games, seats, the append-only event log, guild
//! settings and ratings in one SQLite file. This module is the only code
//! that knows SQL.
//!
//! One write path: a game is created once ([`Store::create_game`]: its row
//! with the commitment to its dice seed) and from then on changes only
//! through [`Store::save_live`], one transaction per change of the front
//! end ([`LiveSave`]: the seats when they changed, the new events, the
//! state, the deadline, the board message, and the front end's own JSON;
//! finishing records places and ratings in the same transaction).
//! [`Store::abandon`] ends a game no front end runs (the bot frees a
//! channel with it). Guild settings are saved on their own.
//!
//! Reading back: [`Store::live_games`] gives every open game with its JSON
//! and whole log, which is how the bot resumes after a restart (it rebuilds
//! and checks each table); [`Store::load`], the channel history,
//! leaderboards and stats serve the record commands.
//!
//! Durability: a change is committed before the caller answers the player,
//! so a crash or restart loses nothing that was acknowledged (the crash
//! test kills a worker that writes exactly as the bot does). The file runs
//! in WAL mode with `synchronous = NORMAL`: a commit is atomic and survives
//! a process crash; a power cut may lose the last commits but never
//! corrupts the file.
//!
//! Concurrency: a save starts with `BEGIN IMMEDIATE`, so the write lock is
//! taken before the game's counter `seq` is compared with the one the
//! caller read; a save made from an old copy of the game (a stale click, a
//! second process) gets [`StoreError::Stale`] and writes nothing. The
//! counter is the front end's own: it may count changes without events,
//! and a change that is not an action keeps it. Readers never block the
//! writer (WAL). A write waits up to 10 s for another process's lock; the
//! bot waits less ([`Store::with_busy_timeout`]) so that a locked file gives
//! a clear "try again" within Discord's 3 s. Under tokio, [`StoreHandle`]
//! runs the store on one dedicated thread, so no SQLite call blocks an
//! async worker and the bot's own saves never contend for the lock.
//!
//! Performance: one connection with cached prepared statements; a save is
//! one small transaction (a row update, the new events, the seats when they
//! changed).
//!
//! Compatibility: see [`schema`] (which also lists what the schema keeps
//! that nothing writes any more). Events are stored as engine JSON with a
//! version tag (`v = 1`), so a future encoding can be read beside the old.

mod error;
mod games;
mod handle;
mod live;
mod queries;
mod ratings;
mod rows;
pub mod schema;
mod settings;
mod types;

pub use error::StoreError;
pub use handle::StoreHandle;
pub use live::{LiveGame, LiveSave};
pub use queries::LoadedGame;
pub use ratings::{PlayerRating, RATING_CONFIG, RatingChange};
pub use types::{
    EndPermission, GameId, GameInfo, GameState, GameSummary, GuildSettings, NewGame, Occupant, Placing, SeatRecord,
    Timestamp,
};

use error::SqlContext;
use rusqlite::Connection;
use std::path::{Path, PathBuf};

/// The clock the store stamps rows with (replaceable in tests).
pub type Clock = Box<dyn Fn() -> Timestamp + Send>;

/// The store: one SQLite connection and a clock.
pub struct Store {
    conn: Connection,
    clock: Clock,
    path: Option<PathBuf>,
}

impl Store {
    /// Opens or creates the database at `path`, migrating it to this
    /// program's schema. Refuses files that are not Thaayam databases or
    /// are newer than this program.
    pub fn open(path: impl AsRef<Path>) -> Result<Store, StoreError> {
        let path = path.as_ref();
        let conn = schema::open(path)?;
        Ok(Store { conn, clock: Box::new(Timestamp::now), path: Some(path.to_path_buf()) })
    }

    /// A private database in memory (tests, tools).
    pub fn open_in_memory() -> Result<Store, StoreError> {
        let conn = Connection::open_in_memory().ctx("open")?;
        conn.execute_batch("PRAGMA foreign_keys = ON;").ctx("PRAGMA foreign_keys")?;
        schema::migrate(&conn)?;
        Ok(Store { conn, clock: Box::new(Timestamp::now), path: None })
    }

    /// Replaces the clock (tests and simulations).
    pub fn with_clock(mut self, clock: impl Fn() -> Timestamp + Send + 'static) -> Store {
        self.clock = Box::new(clock);
        self
    }

    /// How long a write waits for another process's lock before failing
    /// (10 s by default). The bot uses less, so that a locked database
    /// gives a clear "try again" within Discord's 3 s instead of silence.
    pub fn with_busy_timeout(self, wait: std::time::Duration) -> Result<Store, StoreError> {
        self.conn.busy_timeout(wait).ctx("busy_timeout")?;
        Ok(self)
    }

    /// The file this store was opened from (`None` in memory).
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The schema version of the open database.
    pub fn schema_version(&self) -> Result<u32, StoreError> {
        let v: i64 = self.conn.query_row("PRAGMA user_version", [], |r| r.get(0)).ctx("PRAGMA user_version")?;
        Ok(u32::try_from(v).unwrap_or(0))
    }

    /// Copies the whole database to `dest` with SQLite's online backup
    /// API, in one step (a consistent snapshot).
    pub fn backup_to(&self, dest: impl AsRef<Path>) -> Result<(), StoreError> {
        backup_conn(&self.conn, dest.as_ref())
    }

    fn now(&self) -> Timestamp {
        (self.clock)()
    }
}

/// An online backup of the database file `src` to `dest`, through a new
/// read connection: in WAL mode it reads one snapshot while the bot keeps
/// writing through its own connection.
pub fn backup_file(src: &Path, dest: &Path) -> Result<(), StoreError> {
    // Read-write flags although it only reads: a read-only connection
    // cannot open a WAL database whose -shm file does not exist yet.
    let conn = Connection::open(src).ctx("open backup source")?;
    conn.busy_timeout(std::time::Duration::from_secs(10)).ctx("busy_timeout")?;
    backup_conn(&conn, dest)
}

fn backup_conn(src: &Connection, dest: &Path) -> Result<(), StoreError> {
    let mut out = Connection::open(dest).ctx("open backup file")?;
    let backup = rusqlite::backup::Backup::new(src, &mut out).ctx("backup init")?;
    loop {
        match backup.step(-1).ctx("backup step")? {
            rusqlite::backup::StepResult::Done => return Ok(()),
            _ => std::thread::sleep(std::time::Duration::from_millis(5)),
        }
    }
}
