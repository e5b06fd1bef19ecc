//! The store itself: one connection (a [`Backend`]: an SQLite file or a
//! PostgreSQL database, held without knowing which) and the clock it
//! stamps rows with; opening (migrating, refusing foreign or newer
//! databases), the transactions the operations run in, and online backups
//! of SQLite files. The other files of the store add its operations,
//! written once for both backends.

use super::backend::{Backend, Once, not_run};
use super::database::Database;
use super::error::{SqlContext, StoreError};
use super::postgres::Postgres;
use super::primary::Primary;
use super::schema;
use super::sql::Db;
use super::sqlite::Sqlite;
use super::types::Timestamp;
use rusqlite::{Connection, OptionalExtension};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The clock the store stamps rows with (replaceable in tests).
pub(crate) type Clock = Box<dyn Fn() -> Timestamp + Send>;

/// The store: one connection and a clock.
pub struct Store {
    conn: Box<dyn Backend>,
    clock: Clock,
    path: Option<PathBuf>,
}

impl Store {
    /// Opens the database the operator named: an SQLite file
    /// ([`Store::open`]) or a PostgreSQL database, whose tables are created
    /// or migrated. Refuses a database that is not Thaayam's or is newer
    /// than this program; an unreachable server is
    /// [`StoreError::Unreachable`].
    pub fn open_database(database: &Database) -> Result<Store, StoreError> {
        Store::open_in_pool(database, None)
    }

    /// [`Store::open_database`], one connection of a pool whose
    /// connections share `primary` (where a cluster's primary is).
    pub(crate) fn open_in_pool(database: &Database, primary: Option<Arc<Primary>>) -> Result<Store, StoreError> {
        match database {
            Database::Sqlite(path) => Store::open(path),
            Database::Postgres(url) => {
                let pg = match primary {
                    Some(primary) => Postgres::open_watched(url, primary)?,
                    None => Postgres::open(url)?,
                };
                Ok(Store::of(Box::new(pg), None))
            }
        }
    }

    /// A store over `conn`, stamping rows with the system's clock.
    fn of(conn: Box<dyn Backend>, path: Option<PathBuf>) -> Store {
        Store { conn, clock: Box::new(Timestamp::now), path }
    }

    /// Where the primary is (PostgreSQL; `None` on SQLite).
    pub(crate) fn primary(&self) -> Option<Arc<Primary>> {
        self.conn.primary()
    }

    /// Until when the call running now seeks a lost connection again
    /// (PostgreSQL; `None`: for [`super::primary::RECONNECT_WITHIN`]);
    /// SQLite has no connection to lose.
    pub(crate) fn set_connect_by(&self, by: Option<std::time::Instant>) {
        self.conn.set_connect_by(by);
    }

    /// Whether `e` may mean a change was applied and its answer lost on
    /// the way back (see [`Backend::answer_may_be_lost`]).
    pub(super) fn answer_may_be_lost(&self, e: &StoreError) -> bool {
        self.conn.answer_may_be_lost(e)
    }

    /// Runs `f` on the connection (reads; no transaction).
    pub(super) fn read<T>(&self, f: impl FnOnce(&dyn Db) -> Result<T, StoreError>) -> Result<T, StoreError> {
        let mut once = Once::new(f);
        self.conn.read(&mut |db| once.run(db))?;
        once.output()
    }

    /// Runs `f` in one write transaction and commits it; an error rolls
    /// everything back. SQLite's `BEGIN IMMEDIATE` runs writers one at a
    /// time; on PostgreSQL a change locks the rows it changes (its game's
    /// first) and `f` may run again after a conflict the server refused
    /// (so it must not count on running once: it only reads and writes
    /// through the transaction).
    pub(super) fn write<T>(&mut self, mut f: impl FnMut(&dyn Db) -> Result<T, StoreError>) -> Result<T, StoreError> {
        let mut out = None;
        self.conn.write(&mut |db| {
            out = Some(f(db)?);
            Ok(())
        })?;
        out.ok_or_else(not_run)
    }

    /// On PostgreSQL, runs `f`, one statement that is its own transaction
    /// (one round trip, run again after a conflict); `None` where that
    /// does not apply (SQLite, whose statements cannot do as much in one;
    /// the lab's database-wide lock): the caller then uses [`Store::write`].
    pub(super) fn one_statement<T>(
        &mut self,
        mut f: impl FnMut(&dyn Db) -> Result<T, StoreError>,
    ) -> Result<Option<T>, StoreError> {
        let mut out = None;
        let ran = self.conn.one_statement(&mut |db| {
            out = Some(f(db)?);
            Ok(())
        })?;
        if ran { out.ok_or_else(not_run).map(Some) } else { Ok(None) }
    }

    /// Runs `f` in one read transaction: every read sees the same snapshot.
    pub(super) fn snapshot<T>(&self, f: impl FnOnce(&dyn Db) -> Result<T, StoreError>) -> Result<T, StoreError> {
        let mut once = Once::new(f);
        self.conn.snapshot(&mut |db| once.run(db))?;
        once.output()
    }

    /// How many changes ran again after a conflict the database refused
    /// (PostgreSQL's 40001 and 40P01) since the store was opened; always 0
    /// on SQLite, whose writers run one at a time.
    pub fn conflicts_retried(&self) -> u64 {
        self.conn.conflicts_retried()
    }

    /// How many exchanges with the server (a statement, a statement's
    /// preparation, a BEGIN, a COMMIT) the store's calls made since it was
    /// opened: what a change costs on a network, each one a round trip.
    /// Always 0 on SQLite, which is a file in the process.
    pub fn round_trips(&self) -> u64 {
        self.conn.round_trips()
    }

    /// On PostgreSQL, every change runs as a transaction, none as one
    /// statement of its own (a new game's row, a save): the design before,
    /// only for the lab's `store-bench` to measure both on one build, and
    /// for the store's tests to compare what both write.
    #[cfg(any(test, feature = "lab"))]
    pub fn with_transactions_only(self) -> Store {
        self.conn.transactions_only();
        self
    }

    /// On PostgreSQL, every change first takes one advisory lock for the
    /// whole database, as before the row locks: only for the lab's
    /// `store-bench`, to measure the old design beside the new on one
    /// build. Nothing changes on SQLite (its writers run one at a time).
    #[cfg(any(test, feature = "lab"))]
    pub(crate) fn with_database_wide_lock(self) -> Store {
        self.conn.database_wide_lock();
        self
    }

    /// The SQLite connection, for what only an SQLite file can do.
    fn sqlite(&self, what: &'static str) -> Result<&Connection, StoreError> {
        self.conn.sqlite().ok_or(StoreError::Unsupported(what))
    }

    /// Opens or creates the database at `path`, migrating it to this
    /// program's schema. Refuses files that are not Thaayam databases or
    /// are newer than this program.
    pub fn open(path: impl AsRef<Path>) -> Result<Store, StoreError> {
        let path = path.as_ref();
        let conn = schema::open(path)?;
        Ok(Store::of(Box::new(Sqlite(conn)), Some(path.to_path_buf())))
    }

    /// A copy in memory of the database file at `path`, migrated there:
    /// tools read a file this way (any release's, the bot running or not)
    /// without changing it. Refuses a missing file, and files that are not
    /// Thaayam databases or are newer than this program.
    pub fn open_copy(path: impl AsRef<Path>) -> Result<Store, StoreError> {
        Store::copy_of(path.as_ref(), false)
    }

    /// Like [`Store::open_copy`], but also refuses an SQLite file that has
    /// no Thaayam schema yet (an empty file): what `thaayam check` reads.
    pub fn open_copy_of_database(path: impl AsRef<Path>) -> Result<Store, StoreError> {
        Store::copy_of(path.as_ref(), true)
    }

    fn copy_of(path: &Path, require_schema: bool) -> Result<Store, StoreError> {
        if !path.is_file() {
            return Err(StoreError::NotThaayam { path: path.to_path_buf(), reason: "no such file".into() });
        }
        // Read-only and defensive: the file may be anyone's (a backup
        // handed over, a crafted file), so nothing in it may run.
        let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY
            | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX
            | rusqlite::OpenFlags::SQLITE_OPEN_URI;
        let src = Connection::open_with_flags(path, flags).ctx("open")?;
        defensive(&src)?;
        src.busy_timeout(std::time::Duration::from_secs(10)).ctx("busy_timeout")?;
        schema::check_identity(&src, path)?;
        if require_schema && schema::user_version(&src)? == 0 {
            let reason = "an empty SQLite database, no Thaayam tables".to_string();
            return Err(StoreError::NotThaayam { path: path.to_path_buf(), reason });
        }
        let mut conn = Connection::open_in_memory().ctx("open")?;
        defensive(&conn)?;
        copy(&src, &mut conn)?;
        refuse_foreign_code(&conn, path)?;
        conn.execute_batch("PRAGMA foreign_keys = ON;").ctx("PRAGMA foreign_keys")?;
        schema::migrate(&conn)?;
        Ok(Store::of(Box::new(Sqlite(conn)), None))
    }

    /// A private database in memory (tests, tools).
    pub fn open_in_memory() -> Result<Store, StoreError> {
        let conn = Connection::open_in_memory().ctx("open")?;
        conn.execute_batch("PRAGMA foreign_keys = ON;").ctx("PRAGMA foreign_keys")?;
        schema::migrate(&conn)?;
        Ok(Store::of(Box::new(Sqlite(conn)), None))
    }

    /// Replaces the clock (tests and simulations).
    pub fn with_clock(mut self, clock: impl Fn() -> Timestamp + Send + 'static) -> Store {
        self.clock = Box::new(clock);
        self
    }

    /// How long a write waits for another process's lock before failing
    /// (10 s by default). The bot uses less, so that a locked database
    /// gives a clear "try again" within Discord's 3 s instead of silence.
    pub(crate) fn with_busy_timeout(self, wait: std::time::Duration) -> Result<Store, StoreError> {
        self.conn.set_lock_wait(wait)?;
        Ok(self)
    }

    /// The file this store was opened from (`None` in memory).
    pub(crate) fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The schema version of the open database.
    pub fn schema_version(&self) -> Result<u32, StoreError> {
        self.conn.schema_version()
    }

    /// Copies the whole database to `dest` with SQLite's online backup
    /// API, in one step (a consistent snapshot).
    pub fn backup_to(&self, dest: impl AsRef<Path>) -> Result<(), StoreError> {
        backup_conn(self.sqlite("an SQLite backup")?, dest.as_ref())
    }

    /// SQLite's own checks of the file's structure (`PRAGMA
    /// integrity_check`, then `PRAGMA foreign_key_check`): one line per
    /// problem, none when the file is sound.
    pub fn integrity_problems(&self) -> Result<Vec<String>, StoreError> {
        let conn = self.sqlite("SQLite's integrity check")?;
        let mut st = conn.prepare("PRAGMA integrity_check").ctx("PRAGMA integrity_check")?;
        let lines: Vec<String> = st
            .query_map([], |r| r.get(0))
            .ctx("PRAGMA integrity_check")?
            .collect::<Result<_, _>>()
            .ctx("PRAGMA integrity_check")?;
        let mut problems: Vec<String> = lines.into_iter().filter(|l| l != "ok").collect();
        let mut st = conn.prepare("PRAGMA foreign_key_check").ctx("PRAGMA foreign_key_check")?;
        let orphans = st
            .query_map([], |r| {
                Ok(format!("a row of {} refers to a missing {}", r.get::<_, String>(0)?, r.get::<_, String>(2)?))
            })
            .ctx("PRAGMA foreign_key_check")?;
        for orphan in orphans {
            problems.push(orphan.ctx("PRAGMA foreign_key_check")?);
        }
        Ok(problems)
    }

    pub(super) fn now(&self) -> Timestamp {
        (self.clock)()
    }
}

/// A connection that runs nothing a file brings: SQLite's defensive mode
/// (no writes to the schema or shadow tables by hand) and an untrusted
/// schema (a view or trigger of the file may not call a function with
/// side effects).
fn defensive(conn: &Connection) -> Result<(), StoreError> {
    use rusqlite::config::DbConfig;
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_DEFENSIVE, true).ctx("SQLITE_DBCONFIG_DEFENSIVE")?;
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_TRUSTED_SCHEMA, false).ctx("SQLITE_DBCONFIG_TRUSTED_SCHEMA")?;
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_ENABLE_TRIGGER, false).ctx("SQLITE_DBCONFIG_ENABLE_TRIGGER")?;
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_ENABLE_VIEW, false).ctx("SQLITE_DBCONFIG_ENABLE_VIEW")?;
    Ok(())
}

/// Refuses a file that holds a trigger or a view: Thaayam's schema has
/// none, so one there was put by someone else, and the tools that read
/// the copy (migrations, checks) must not run it.
fn refuse_foreign_code(conn: &Connection, path: &Path) -> Result<(), StoreError> {
    let found: Option<(String, String)> = conn
        .query_row(
            "SELECT type, name FROM sqlite_master WHERE type IN ('trigger', 'view') ORDER BY name LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()
        .ctx("read the schema")?;
    match found {
        None => Ok(()),
        Some((kind, name)) => Err(StoreError::NotThaayam {
            path: path.to_path_buf(),
            reason: format!("it holds a {kind} {name:?} that Thaayam never writes; refused, nothing of it was run"),
        }),
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

/// `thaayam backup`: an online copy of the Thaayam database `src` (a bot
/// may be writing it) into the new file `dest`, as one self-contained file
/// (rollback journal, no `-wal` beside it; the bot switches a file it
/// opens back to WAL). Refuses a source that is missing or not a Thaayam
/// database; `dest` must not exist yet (the caller writes to a fresh
/// name and renames it into place).
pub fn backup_database(src: &Path, dest: &Path) -> Result<(), StoreError> {
    if !src.is_file() {
        return Err(StoreError::NotThaayam { path: src.to_path_buf(), reason: "no such file".into() });
    }
    let conn =
        Connection::open_with_flags(src, rusqlite::OpenFlags::SQLITE_OPEN_READ_WRITE).ctx("open backup source")?;
    conn.busy_timeout(std::time::Duration::from_secs(10)).ctx("busy_timeout")?;
    schema::check_identity(&conn, src)?;
    let mut out = open_private(dest)?;
    copy(&conn, &mut out)?;
    let _mode: String = out.query_row("PRAGMA journal_mode = DELETE", [], |r| r.get(0)).ctx("PRAGMA journal_mode")?;
    out.close().map_err(|(_, e)| e).ctx("close backup file")
}

fn backup_conn(src: &Connection, dest: &Path) -> Result<(), StoreError> {
    let mut out = open_private(dest)?;
    copy(src, &mut out)
}

/// A new, empty backup file at `dest`, opened: created exclusively (an
/// existing file or a link there is refused, never followed) and readable
/// by its owner only, since a backup holds every running game's secret
/// seed. SQLite gives its journal the same mode.
fn open_private(dest: &Path) -> Result<Connection, StoreError> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(dest)
        .map_err(|source| StoreError::File { path: dest.to_path_buf(), source })?;
    let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_WRITE
        | rusqlite::OpenFlags::SQLITE_OPEN_NOFOLLOW
        | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX;
    Connection::open_with_flags(dest, flags).ctx("open backup file")
}

/// Copies one snapshot of `src` into `out` with the online backup API.
fn copy(src: &Connection, out: &mut Connection) -> Result<(), StoreError> {
    let backup = rusqlite::backup::Backup::new(src, out).ctx("backup init")?;
    loop {
        match backup.step(-1).ctx("backup step")? {
            rusqlite::backup::StepResult::Done => return Ok(()),
            _ => std::thread::sleep(std::time::Duration::from_millis(5)),
        }
    }
}
