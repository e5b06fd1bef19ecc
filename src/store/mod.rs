//! The bot's memory: games, seats, the append-only event log, server
//! settings and ratings in one SQLite file, or in a PostgreSQL database
//! ([`Database`], [`Store::open_database`]). This module is the only code
//! that knows SQL; the rest of the program does not know which backend
//! runs.
//!
//! Two backends, one set of operations: every operation is written once
//! against `sql::Db` (run a statement, read its rows) in SQL both engines
//! read alike; `sqlite.rs` and `postgres.rs` implement it, `db.rs` picks
//! one and runs operations in a read, a snapshot or a write transaction.
//! On PostgreSQL there is no database-wide lock: a change locks its own
//! game's row first (`SELECT … FOR UPDATE`, the counterpart of SQLite's
//! `BEGIN IMMEDIATE` below for that game), a rating the row of its server
//! and variant, so every promise here holds on both while changes of
//! different games run at once; a transaction refused for a conflict runs
//! again, a lost connection fails one call and the next reconnects
//! (`postgres.rs`).
//!
//! One write path: a game is created once ([`Store::create_game`]: its row
//! with the commitment to its dice seed) and from then on changes only
//! through [`Store::save_live`], one transaction per change of the front
//! end ([`LiveSave`]: the seats when they changed, the new events, the
//! state, the deadline, the board message and the action it shows, and the
//! front end's own JSON; finishing records places and ratings in the same
//! transaction).
//! [`Store::abandon`] ends a game no front end runs (the bot frees a
//! channel with it). A server's settings are one row, saved on their own
//! ([`Store::save_server`]).
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
//! runs the store on one dedicated thread (a pool of them, a connection
//! each, on PostgreSQL), so no database call blocks an async worker and
//! the bot's own saves never contend for SQLite's lock.
//!
//! Performance: one connection with cached prepared statements; a save is
//! one small transaction (a row update, the new events, the seats when they
//! changed).
//!
//! Compatibility: see [`schema`] (which also lists what the schema keeps
//! that nothing writes any more). Events are stored as engine JSON with a
//! version tag (`v = 1`), so a future encoding can be read beside the old.

mod analyses;
mod away;
mod backend;
mod database;
mod db;
mod error;
mod games;
mod handle;
mod in_doubt;
mod live;
mod organisers_schema;
mod pages;
mod postgres;
mod postgres_db;
pub mod postgres_schema;
mod postgres_tls;
mod primary;
mod queries;
mod ratings;
mod rivals;
mod rows;
pub mod schema;
mod season_count;
mod seasons;
mod servers;
mod settings;
pub(crate) mod sql;
mod sqlite;
mod tournament_rounds;
mod tournament_schema;
mod tournaments;
#[cfg(test)]
mod tournaments_tests;
mod transfer;
mod types;

pub use analyses::CachedAnalysis;
pub use away::AwayPeriod;
pub use database::{DEFAULT_POOL, Database, Isolation, PostgresUrl};
pub use db::{Store, backup_database, backup_file};
pub use error::StoreError;
pub use handle::{StoreHandle, answer_by, answer_due};
pub use live::{LiveGame, LiveSave};
pub use primary::PrimaryStatus;
pub use queries::LoadedGame;
pub use ratings::{PlayerRating, RATING_CONFIG, RatingChange};
pub use rivals::{HeadToHead, Meeting, Rival};
pub use season_count::{SeasonRule, SeasonSpan, SeasonStanding};
pub use seasons::{KeptSeason, SeasonDifference};
pub use servers::SavedServer;
pub use tournament_rounds::NewTable;
pub use tournaments::{NewTournament, SavedEntrant, SavedRound, SavedSeat, SavedTable, SavedTournament, SeatResult};
pub use transfer::{TableCounts, copied_columns};
pub use types::{
    EndPermission, GameId, GameInfo, GameState, GameSummary, GuildSettings, NewGame, Occupant, Placing, SeatRecord,
    Timestamp,
};
