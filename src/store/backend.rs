//! The one face both backends show the store: an SQLite file
//! ([`super::sqlite::Sqlite`]) and a PostgreSQL database
//! ([`super::postgres::Postgres`]) are each a [`Backend`] object, and
//! [`super::Store`] holds one without knowing which. What a backend runs
//! is work on a [`Db`] (the statements, written once in the other files of
//! the store); what differs between the engines' SQL is on [`Db`] itself
//! (`for_update`, `insert_events`, `number_the_rating`, `after_copy`), so
//! no shared code asks which engine it talks to.

use super::error::StoreError;
use super::primary::Primary;
use super::sql::Db;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Work a backend runs on a connection or transaction. Its result goes
/// out through what the closure captures (see [`Once`]), which keeps
/// [`Backend`] an object.
pub(crate) type Work<'a> = &'a mut dyn FnMut(&dyn Db) -> Result<(), StoreError>;

/// A connection to a database of either engine.
pub(crate) trait Backend: Send {
    /// Runs `work` once on the connection (reads; no transaction).
    fn read(&self, work: Work<'_>) -> Result<(), StoreError>;

    /// Runs `work` in one write transaction and commits it; an error rolls
    /// everything back. `work` may run again after a conflict the server
    /// refused (PostgreSQL), so it only reads and writes through the
    /// transaction.
    fn write(&mut self, work: Work<'_>) -> Result<(), StoreError>;

    /// Runs `work`, one statement that is its own transaction (one round
    /// trip, run again after a conflict), and answers `true`; `false`
    /// where that does not apply (`work` did not run: the caller uses
    /// [`Backend::write`]).
    fn one_statement(&mut self, work: Work<'_>) -> Result<bool, StoreError>;

    /// Runs `work` once in one read transaction: every read sees the same
    /// snapshot.
    fn snapshot(&self, work: Work<'_>) -> Result<(), StoreError>;

    /// The schema version of the open database.
    fn schema_version(&self) -> Result<u32, StoreError>;

    /// How long a write waits for another writer's lock before failing.
    fn set_lock_wait(&self, wait: Duration) -> Result<(), StoreError>;

    /// Until when the call running now seeks a lost connection again
    /// (`None`: for [`super::primary::RECONNECT_WITHIN`]); nothing to do
    /// where there is no connection to lose.
    fn set_connect_by(&self, by: Option<Instant>);

    /// Where a cluster's primary is (`None`: a file, no cluster).
    fn primary(&self) -> Option<Arc<Primary>>;

    /// Changes run again after a conflict the database refused, since
    /// opening.
    fn conflicts_retried(&self) -> u64;

    /// Exchanges with a server since opening (each a round trip).
    fn round_trips(&self) -> u64;

    /// Whether `e` may mean the change was sent and its answer lost on the
    /// way back (a connection cut while a save was in flight): then the
    /// store reads the row to learn whether it was applied.
    fn answer_may_be_lost(&self, e: &StoreError) -> bool;

    /// The SQLite connection, for what only an SQLite file can do
    /// (backups, SQLite's integrity check); `None` on a server.
    fn sqlite(&self) -> Option<&rusqlite::Connection>;

    /// Every change runs as a transaction, none as one statement of its
    /// own (the lab's comparison and the store's tests only).
    #[cfg(any(test, feature = "lab"))]
    fn transactions_only(&self);

    /// Every change first takes one lock for the whole database (the
    /// design before row locks; the lab's comparison only).
    #[cfg(any(test, feature = "lab"))]
    fn database_wide_lock(&self);
}

/// A closure that runs once through a [`Work`], and what it gave.
pub(crate) struct Once<F, T> {
    f: Option<F>,
    out: Option<T>,
}

impl<T, F: FnOnce(&dyn Db) -> Result<T, StoreError>> Once<F, T> {
    pub(crate) fn new(f: F) -> Self {
        Once { f: Some(f), out: None }
    }

    /// Runs the closure (the first time only: a backend runs read work
    /// once).
    pub(crate) fn run(&mut self, db: &dyn Db) -> Result<(), StoreError> {
        if let Some(f) = self.f.take() {
            self.out = Some(f(db)?);
        }
        Ok(())
    }

    /// What the closure gave; a backend that answered without running it
    /// is a broken promise of this crate's, reported as such.
    pub(crate) fn output(self) -> Result<T, StoreError> {
        self.out.ok_or_else(not_run)
    }
}

/// A backend answered without running the work it was given: a broken
/// promise of this crate's, reported as damaged data rather than a panic.
pub(crate) fn not_run() -> StoreError {
    StoreError::Corrupt { game: None, what: "the backend did not run the work".into() }
}
