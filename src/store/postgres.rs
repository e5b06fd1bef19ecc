//! The PostgreSQL side of the store: one connection (`postgres`, the
//! blocking client of rust-postgres, which fits a store's own thread; the
//! bot runs several stores, one per connection of its pool, see
//! `handle.rs`), its cache of prepared statements, as a [`Backend`]
//! ([`Db`](super::sql::Db) over it is `postgres_db.rs`).
//!
//! Transactions keep SQLite's promises without a database-wide lock: a
//! change locks its own game's row (`rows::lock_game`, `SELECT … FOR
//! UPDATE`), so the game's counter `seq` is read with the lock held and a
//! stale change is refused and writes nothing, while changes of other
//! games run at once; a rating locks the row of its server and variant
//! (`ratings`). A lock waits at most the lock timeout (10 s, the bot
//! less), then the change fails as a busy SQLite file would.
//!
//! A transaction the server refused for a conflict (SQLSTATE 40001, a
//! serialization failure; 40P01, a deadlock; or two lobbies opened in one
//! channel at once) was rolled back whole, so it is run again from the
//! start, with a short growing pause, as long as the lock timeout allows:
//! never applied twice, since a refused transaction left nothing.
//! [`Isolation::Serializable`] runs every change at SERIALIZABLE, the
//! contract of CockroachDB and YugabyteDB (the URL's setting, or
//! `THAAYAM_PG_SERIALIZABLE=1` for the tests).
//!
//! A lost connection (the server restarted, the network dropped, the
//! primary of a cluster died) fails the call that met it with
//! [`StoreError::Postgres`]; the next call connects again by itself, to
//! whichever server of the URL accepts writes, trying again with a bounded
//! back-off while none does (`primary.rs`, which the pool's connections
//! share). Errors name the server without its password.
//!
//! TLS goes through rustls as the URL's `sslmode` says (`postgres_tls`):
//! by default the link is encrypted when the server offers TLS;
//! `verify-full` also proves the server.

use super::backend::{Backend, Work};
use super::database::{Isolation, PostgresUrl};
use super::error::{PgContext, StoreError, postgres_reason};
use super::postgres_db::PgDb;
use super::postgres_schema;
use super::postgres_tls;
use super::primary::{Backoff, Primary, RECONNECT_WITHIN};
use postgres::{Client, IsolationLevel, NoTls, Statement};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long connecting may take when the URL does not say
/// (`connect_timeout`): a click must be answered within Discord's 3 s.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(2);

/// The shortest time allowed to connect, however close the interaction's
/// deadline: a connection over loopback or a LAN takes a few milliseconds.
const SHORTEST_CONNECT: Duration = Duration::from_millis(100);

/// How long sent data may stay unacknowledged before the connection counts
/// as lost (`tcp_user_timeout`, when the URL does not say): a server that
/// vanished without a word (a dead machine, a cut network) fails the call
/// within seconds instead of holding the store's thread for the system's
/// TCP retries (about 15 minutes), and the next call connects again.
const SILENT_LOSS: Duration = Duration::from_secs(5);

/// How long a write waits for another writer by default (as SQLite's 10 s).
const LOCK_WAIT: Duration = Duration::from_secs(10);

/// A PostgreSQL database, connected on demand.
pub(crate) struct Postgres {
    url: PostgresUrl,
    session: RefCell<Session>,
    isolation: Isolation,
    /// Transactions run again after a conflict, since opening.
    retries: Cell<u64>,
    /// Exchanges with the server (a statement, a preparation, a BEGIN or a
    /// COMMIT: each one message and its answer) since opening.
    round_trips: Cell<u64>,
    /// Whether a change may be one statement of its own (see
    /// [`Postgres::one_statement`]); off only for the lab's comparison.
    one_statements: Cell<bool>,
    /// Whether every change first takes one advisory lock for the whole
    /// database: the design before row locks, kept only so that the lab's
    /// `store-bench` can measure both on one build.
    database_wide_lock: Cell<bool>,
    /// Where the primary is, shared by the pool's connections.
    primary: Arc<Primary>,
    /// Until when the call running now seeks a lost connection again
    /// (an interaction's deadline; `None`: for [`RECONNECT_WITHIN`]).
    connect_by: Cell<Option<Instant>>,
}

struct Session {
    client: Option<Client>,
    /// The server (`address:port`) the connection reached.
    server: Option<String>,
    statements: HashMap<String, Statement>,
    lock_wait: Duration,
}

impl Postgres {
    /// Connects, refuses a database that is not ours or is newer than
    /// this program, and migrates it.
    pub(crate) fn open(url: &PostgresUrl) -> Result<Postgres, StoreError> {
        Postgres::open_watched(url, Arc::new(Primary::new(url.several_servers())))
    }

    /// [`Postgres::open`], one of a pool whose connections share `primary`.
    pub(crate) fn open_watched(url: &PostgresUrl, primary: Arc<Primary>) -> Result<Postgres, StoreError> {
        let session = Session { client: None, server: None, statements: HashMap::new(), lock_wait: LOCK_WAIT };
        let serializable = url.isolation() == Isolation::Serializable
            || std::env::var("THAAYAM_PG_SERIALIZABLE").is_ok_and(|v| v == "1");
        let isolation = if serializable { Isolation::Serializable } else { Isolation::ReadCommitted };
        let pg = Postgres {
            url: url.clone(),
            session: RefCell::new(session),
            isolation,
            retries: Cell::new(0),
            round_trips: Cell::new(0),
            one_statements: Cell::new(true),
            database_wide_lock: Cell::new(false),
            primary,
            connect_by: Cell::new(None),
        };
        pg.with_client(|client, _| postgres_schema::migrate(client, url))?;
        Ok(pg)
    }

    /// Runs `attempt` until it is not refused for a conflict, or the lock
    /// timeout since the first attempt is spent.
    fn retrying<T>(
        &self,
        mut attempt: impl FnMut(&mut Client, &mut HashMap<String, Statement>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let started = Instant::now();
        let budget = self.session.borrow().lock_wait;
        let mut tries = 0u32;
        loop {
            match self.with_client(&mut attempt) {
                Err(e) if is_conflict(&e) && started.elapsed() < budget => {
                    tries += 1;
                    self.retries.set(self.retries.get() + 1);
                    std::thread::sleep(pause_before(tries, started).min(budget.saturating_sub(started.elapsed())));
                }
                out => return out,
            }
        }
    }

    fn count_trip(&self) {
        self.round_trips.set(self.round_trips.get() + 1);
    }

    /// Runs `f` on the connection, connecting first when there is none
    /// (or it was lost); a call that meets a lost connection drops it.
    fn with_client<T>(
        &self,
        f: impl FnOnce(&mut Client, &mut HashMap<String, Statement>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let mut session = self.session.borrow_mut();
        let Session { client, server, statements, lock_wait } = &mut *session;
        if client.as_ref().is_none_or(Client::is_closed) {
            if client.take().is_some() {
                self.primary.lost(server.as_deref());
            }
            statements.clear();
            let (fresh, reached) = self.connect_again(*lock_wait)?;
            self.primary.found(&reached);
            (*client, *server) = (Some(fresh), Some(reached));
        }
        let Some(c) = client.as_mut() else { return Err(StoreError::Closed) };
        let out = f(c, statements);
        if let Err(e) = &out
            && (c.is_closed() || is_lost(e))
        {
            *client = None;
            statements.clear();
            self.primary.lost(server.as_deref());
        }
        out
    }

    /// Connects with its settings, trying again with a bounded back-off
    /// while no server of the URL accepts (a failover under way); the
    /// connection and the server it reached.
    fn connect_again(&self, lock_wait: Duration) -> Result<(Client, String), StoreError> {
        let within = self.connect_by.get().map_or(RECONNECT_WITHIN, |by| by.saturating_duration_since(Instant::now()));
        let mut backoff = Backoff::new(within);
        loop {
            match self.connect_with_settings(lock_wait) {
                Ok(connected) => return Ok(connected),
                Err((e, passing)) => {
                    self.primary.lost(None);
                    match backoff.next_pause() {
                        Some(pause) if passing => std::thread::sleep(pause),
                        _ => return Err(e),
                    }
                }
            }
        }
    }

    /// A connection with its settings, or why not and whether that may
    /// pass by itself (no server answered, or it is starting up or no
    /// primary: not a refused password or a missing database).
    fn connect_with_settings(&self, lock_wait: Duration) -> Result<(Client, String), (StoreError, bool)> {
        let mut fresh = self.connect()?;
        let passing = |e: StoreError| {
            let lost = is_lost(&e);
            (e, lost)
        };
        set_lock_timeout(&mut fresh, lock_wait).map_err(passing)?;
        if self.isolation == Isolation::Serializable {
            // A statement outside BEGIN (a save in one statement) too.
            let sql = "SET default_transaction_isolation = 'serializable'";
            fresh.batch_execute(sql).pg("SET default_transaction_isolation").map_err(passing)?;
        }
        let reached = server_of(&mut fresh).map_err(passing)?;
        Ok((fresh, reached))
    }

    fn connect(&self) -> Result<Client, (StoreError, bool)> {
        let mut config = self.url.config();
        if config.get_connect_timeout().is_none() {
            // Within the interaction's deadline too (a machine that is gone
            // answers nothing: each server of the URL is tried in turn).
            let left = self.connect_by.get().map(|by| by.saturating_duration_since(Instant::now()));
            config.connect_timeout(left.map_or(CONNECT_TIMEOUT, |l| l.clamp(SHORTEST_CONNECT, CONNECT_TIMEOUT)));
        }
        if config.get_tcp_user_timeout().is_none() {
            config.tcp_user_timeout(SILENT_LOSS);
        }
        if config.get_application_name().is_none() {
            config.application_name("thaayam");
        }
        if config.get_hosts().len() > 1 {
            // Several servers: the one that takes writes (a cluster's primary).
            config.target_session_attrs(postgres::config::TargetSessionAttrs::ReadWrite);
        }
        let connected = match postgres_tls::connector(self.url.tls()) {
            Ok(Some(tls)) => config.connect(tls),
            Ok(None) => config.connect(NoTls),
            Err(reason) => return Err((StoreError::Unreachable { server: self.url.host(), reason }, false)),
        };
        connected.map_err(|e| {
            // 57P03: starting up, or a replica's recovery.
            let passing = e.as_db_error().is_none_or(|db| db.code().code() == "57P03");
            let mut reason = postgres_reason(&e);
            if let Some(password) = config.get_password() {
                let password = String::from_utf8_lossy(password);
                if !password.is_empty() {
                    reason = reason.replace(password.as_ref(), "[redacted]");
                }
            }
            (StoreError::Unreachable { server: self.url.host(), reason }, passing)
        })
    }
}

/// The server's side of [`Backend`]: each call connects first when there
/// is no connection (or it was lost), and a change refused for a conflict
/// runs again from the start within the lock timeout (see the module).
impl Backend for Postgres {
    /// Outside any transaction (each statement on its own).
    fn read(&self, work: Work<'_>) -> Result<(), StoreError> {
        self.with_client(|client, statements| work(&PgDb::new(client, statements, &self.round_trips)))
    }

    fn write(&mut self, work: Work<'_>) -> Result<(), StoreError> {
        self.retrying(|client, statements| {
            let mut tx = client
                .build_transaction()
                .isolation_level(match self.isolation {
                    Isolation::ReadCommitted => IsolationLevel::ReadCommitted,
                    Isolation::Serializable => IsolationLevel::Serializable,
                })
                .start()
                .pg("BEGIN")?;
            self.count_trip();
            if self.database_wide_lock.get() {
                let lock = postgres_schema::MIGRATION_LOCK;
                tx.execute("SELECT pg_advisory_xact_lock($1)", &[&lock]).pg("lock the database")?;
            }
            work(&PgDb::new(&mut tx, statements, &self.round_trips))?;
            self.count_trip();
            tx.commit().pg("COMMIT")
        })
    }

    /// No BEGIN, no COMMIT: one round trip. Not under the former
    /// database-wide lock, nor in the lab's comparison without one
    /// statements (each needs a transaction).
    fn one_statement(&mut self, work: Work<'_>) -> Result<bool, StoreError> {
        if self.database_wide_lock.get() || !self.one_statements.get() {
            return Ok(false);
        }
        self.retrying(|client, statements| work(&PgDb::new(client, statements, &self.round_trips)))?;
        Ok(true)
    }

    /// A read-only transaction at REPEATABLE READ.
    fn snapshot(&self, work: Work<'_>) -> Result<(), StoreError> {
        self.with_client(|client, statements| {
            let mut tx = client
                .build_transaction()
                .isolation_level(IsolationLevel::RepeatableRead)
                .read_only(true)
                .start()
                .pg("BEGIN read")?;
            self.count_trip();
            let out = work(&PgDb::new(&mut tx, statements, &self.round_trips));
            self.count_trip(); // the ROLLBACK that ends it when dropped
            out
        })
    }

    fn schema_version(&self) -> Result<u32, StoreError> {
        self.with_client(|client, _| postgres_schema::version(client)?.map_or(Ok(0), Ok))
    }

    fn set_lock_wait(&self, wait: Duration) -> Result<(), StoreError> {
        self.session.borrow_mut().lock_wait = wait;
        self.with_client(|client, _| set_lock_timeout(client, wait))
    }

    fn set_connect_by(&self, by: Option<Instant>) {
        self.connect_by.set(by);
    }

    /// As this connection and its pool found it.
    fn primary(&self) -> Option<Arc<Primary>> {
        Some(self.primary.clone())
    }

    fn conflicts_retried(&self) -> u64 {
        self.retries.get()
    }

    /// Connecting and its settings not counted.
    fn round_trips(&self) -> u64 {
        self.round_trips.get()
    }

    /// The connection broke while a call was under way (its message may
    /// have reached the server): not a connection that could not be made.
    fn answer_may_be_lost(&self, e: &StoreError) -> bool {
        matches!(e, StoreError::Postgres { .. }) && is_lost(e)
    }

    fn sqlite(&self) -> Option<&rusqlite::Connection> {
        None
    }

    #[cfg(any(test, feature = "lab"))]
    fn transactions_only(&self) {
        self.one_statements.set(false);
    }

    #[cfg(any(test, feature = "lab"))]
    fn database_wide_lock(&self) {
        self.database_wide_lock.set(true);
    }
}

/// The server a connection reached, `address:port` (`socket:port` over a
/// Unix socket): a connection to another server than the last one means
/// the primary moved.
fn server_of(client: &mut Client) -> Result<String, StoreError> {
    let sql = "SELECT coalesce(host(inet_server_addr()), 'socket') || ':' || coalesce(inet_server_port()::text, '')";
    let messages = client.simple_query(sql).pg("the server's address")?;
    let row = messages.iter().find_map(|m| match m {
        postgres::SimpleQueryMessage::Row(r) => r.get(0).map(str::to_string),
        _ => None,
    });
    Ok(row.unwrap_or_default())
}

fn set_lock_timeout(client: &mut Client, wait: Duration) -> Result<(), StoreError> {
    client.batch_execute(&format!("SET lock_timeout = {}", wait.as_millis().max(1))).pg("SET lock_timeout")
}

/// Whether the server refused a transaction for a conflict with another
/// one, rolling it back whole, so that running it again is safe: a
/// serialization failure (40001), a deadlock (40P01), or a second lobby in
/// a channel that another transaction opened a lobby in meanwhile (a
/// unique violation of `games_active_channel`: run again, the change sees
/// the other lobby and says the channel is busy).
fn is_conflict(e: &StoreError) -> bool {
    let StoreError::Postgres { source, .. } = e else { return false };
    let Some(db) = source.as_db_error() else { return false };
    let code = db.code().code();
    code == "40001" || code == "40P01" || (code == "23505" && db.constraint() == Some("games_active_channel"))
}

/// Whether a statement that writes a game's seats was refused by the
/// seats' own indexes halfway (a player who changed seats met her old seat
/// before it was written over: 23505; a seat listed twice: 21000): the
/// statement wrote nothing, and the full transaction does the change one
/// step at a time (or says what is wrong with it).
pub(crate) fn is_seating_refused(e: &StoreError) -> bool {
    let StoreError::Postgres { source, .. } = e else { return false };
    let Some(db) = source.as_db_error() else { return false };
    match db.code().code() {
        "23505" => matches!(db.constraint(), Some("seats_user_once" | "seats_pkey")),
        "21000" => true,
        _ => false,
    }
}

/// The pause before running a refused transaction again: growing with the
/// attempts (1, 2, 4… ms up to 64 ms), with a jitter so that two
/// transactions that met do not meet again in step.
fn pause_before(attempt: u32, started: Instant) -> Duration {
    let base = 1u64 << attempt.min(6);
    let jitter = u64::from(started.elapsed().subsec_nanos()) % (base * 1000);
    Duration::from_micros(base * 500 + jitter / 2)
}

/// Whether an error means the connection is gone: closed, an I/O or
/// protocol failure (no SQLSTATE), a connection exception (class 08), the
/// server shutting down (class 57), or a server that no longer takes
/// writes (25006: a primary turned replica; the next connection finds the
/// new primary).
pub(crate) fn is_lost(e: &StoreError) -> bool {
    match e {
        StoreError::Postgres { source, .. } => {
            source.is_closed()
                || source.code().is_none_or(|c| {
                    let c = c.code();
                    c.starts_with("08") || c.starts_with("57") || c == "25006"
                })
        }
        StoreError::Unreachable { .. } => true,
        _ => false,
    }
}
