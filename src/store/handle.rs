//! The async face of the store for the tokio-based bot: dedicated threads
//! each own a [`Store`] (one connection) and take the calls from one queue
//! in turn; callers await a oneshot reply, so no database call ever blocks
//! a tokio worker.
//!
//! An SQLite file gets one thread: the bot's own clicks never contend for
//! SQLite's lock. A PostgreSQL database gets a pool of them
//! (`database_pool`, [`crate::store::DEFAULT_POOL`] by default): N blocking
//! connections on N threads, the simplest pool that keeps the store
//! synchronous and its API unchanged; changes of different games are saved
//! at once, each locking only its own game's row. `seq` still guards
//! against stale clicks and a second process.
//!
//! The queue is bounded ([`QUEUE`] calls): a call beyond it is refused at
//! once with [`StoreError::Full`] (nothing written) rather than kept
//! waiting behind a backlog no caller will outlive.

use super::error::StoreError;
use super::primary::{Primary, PrimaryStatus};
use super::{Database, GameId, GameInfo, Store};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

type Job = Box<dyn FnOnce(&mut Store) + Send>;

/// Calls waiting for a store thread at most. A click's call waits behind
/// those queued before it; far fewer than this are ever queued by the
/// bot's own work (a call takes about a millisecond, and a click gives up
/// after 2 s).
pub const QUEUE: usize = 1024;

/// How much longer [`StoreHandle::call_within`] waits for a call that was
/// already under way at its deadline (a click's 2 s deadline plus this
/// still leaves the answer inside Discord's 3 s).
pub const UNDER_WAY_GRACE: Duration = Duration::from_millis(400);

/// Where a call of [`StoreHandle::call_within`] is: waiting in the queue,
/// running, or dropped by its caller before it started.
const QUEUED: u8 = 0;
const UNDER_WAY: u8 = 1;
const GIVEN_UP: u8 = 2;

tokio::task_local! {
    /// When the interaction a task is handling must be answered by (see
    /// [`answer_by`]).
    static ANSWER_BY: Instant;
}

/// Runs `work` with every [`StoreHandle::call_within`] made inside it
/// (however many, one after the other) over by `due`: an interaction's
/// store calls share its one deadline instead of each taking a full one
/// (a click that read a server's settings, waited for its game and then
/// saved could otherwise take three). A connection lost meanwhile is
/// sought again until then, not for a fixed time. Tasks spawned inside do
/// not inherit it.
pub async fn answer_by<F: std::future::Future>(due: Instant, work: F) -> F::Output {
    ANSWER_BY.scope(due, work).await
}

/// The deadline of the interaction this task is handling, if any (see
/// [`answer_by`]).
pub fn answer_due() -> Option<Instant> {
    ANSWER_BY.try_with(|due| *due).ok()
}

/// When a call made now with `deadline` stops waiting, and when it gives
/// up on a call under way: `deadline` and [`UNDER_WAY_GRACE`] after now,
/// both brought forward to the interaction's own deadline (`due`), the
/// grace kept inside it.
fn call_window(now: Instant, deadline: Duration, due: Option<Instant>) -> (Instant, Instant) {
    let (wait, give_up) = (now + deadline, now + deadline + UNDER_WAY_GRACE);
    match due {
        None => (wait, give_up),
        Some(due) => {
            let wait = wait.min(due.checked_sub(UNDER_WAY_GRACE).unwrap_or(now)).max(now);
            (wait, give_up.min(due).max(wait))
        }
    }
}

/// A cloneable handle to stores running on their own threads. The
/// threads end when the last handle is dropped.
#[derive(Clone)]
pub struct StoreHandle {
    jobs: mpsc::SyncSender<Job>,
    path: Option<PathBuf>,
    /// When the job each store thread is running started (`None`: idle).
    running_since: Arc<Vec<Mutex<Option<Instant>>>>,
    /// Where the primary is (PostgreSQL), as the connections found it.
    primary: Option<Arc<Primary>>,
}

impl StoreHandle {
    /// Moves a store onto a new thread.
    pub fn spawn(store: Store) -> Result<StoreHandle, StoreError> {
        StoreHandle::spawn_pool(vec![store])
    }

    /// Moves each store (connections to one database) onto a thread of its
    /// own; the threads take the calls from one queue.
    pub fn spawn_pool(stores: Vec<Store>) -> Result<StoreHandle, StoreError> {
        let path = stores.first().and_then(|s| s.path().map(Path::to_path_buf));
        let primary = stores.first().and_then(Store::primary);
        let (jobs, queue) = mpsc::sync_channel::<Job>(QUEUE);
        let queue = Arc::new(Mutex::new(queue));
        let running_since: Arc<Vec<_>> = Arc::new(stores.iter().map(|_| Mutex::new(None)).collect());
        for (i, store) in stores.into_iter().enumerate() {
            let since = running_since.clone();
            let queue = queue.clone();
            std::thread::Builder::new()
                .name(format!("thaayam-store-{i}"))
                .spawn(move || {
                    let mut store = store;
                    let mark = |at: Option<Instant>| *since[i].lock().unwrap_or_else(|e| e.into_inner()) = at;
                    loop {
                        let job = queue.lock().unwrap_or_else(|e| e.into_inner()).recv();
                        let Ok(job) = job else { break };
                        mark(Some(Instant::now()));
                        job(&mut store);
                        mark(None);
                    }
                })
                .map_err(|_| StoreError::Closed)?;
        }
        Ok(StoreHandle { jobs, path, running_since, primary })
    }

    /// The store of `database` ([`Store::open_database`]) on its own
    /// thread, or a pool of them for PostgreSQL (as many as the URL's
    /// pool), with a write lock wait of `busy` instead of 10 s.
    pub(crate) async fn open_with_busy_timeout(database: &Database, busy: Duration) -> Result<StoreHandle, StoreError> {
        let database = database.clone();
        let open = move || -> Result<Vec<Store>, StoreError> {
            let (connections, primary) = match &database {
                Database::Sqlite(_) => (1, None),
                Database::Postgres(url) => (url.pool(), Some(Arc::new(Primary::new(url.several_servers())))),
            };
            let one = |_| Store::open_in_pool(&database, primary.clone()).and_then(|s| s.with_busy_timeout(busy));
            (0..connections).map(one).collect()
        };
        let stores = tokio::task::spawn_blocking(open).await.map_err(|_| StoreError::Closed)??;
        StoreHandle::spawn_pool(stores)
    }

    /// Runs `f` on the store thread and awaits its result.
    pub async fn call<T, F>(&self, f: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Store) -> Result<T, StoreError> + Send + 'static,
    {
        let (reply, answer) = oneshot::channel();
        let job: Job = Box::new(move |store| {
            // The caller gave up waiting (see `call_within`): not run at all.
            if reply.is_closed() {
                return;
            }
            let _ = reply.send(f(store));
        });
        self.send(job)?;
        answer.await.map_err(|_| StoreError::Closed)?
    }

    /// [`StoreHandle::call`] that gives up after `deadline` with
    /// [`StoreError::Late`]: a click must be answered within Discord's 3 s
    /// even when the database hangs (a frozen server, a cut network). A
    /// call still waiting in the queue then never runs (`under_way:
    /// false`: nothing was written). A call already under way is given
    /// [`UNDER_WAY_GRACE`] more, so that a save the database was merely
    /// slow to take is not reported as lost; past that it fails with
    /// `under_way: true` (it may still complete). While the store thread
    /// is held by a call that has already run longer than `deadline`, it
    /// fails at once: a click that waited for its game's lock behind a
    /// hung save gets its answer without waiting a second deadline. (With
    /// a pool: while any store thread is so held. A call that outlived a
    /// click's deadline means the database hangs or a lock is held far too
    /// long, and a click's second call would otherwise take a free
    /// connection and wait a second deadline, past Discord's 3 s.) Inside
    /// [`answer_by`], the deadline and the grace are brought forward to
    /// the interaction's own, and a call made with no time left fails at
    /// once; the store seeks a lost connection again until the wait is over.
    pub async fn call_within<T, F>(&self, deadline: Duration, f: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Store) -> Result<T, StoreError> + Send + 'static,
    {
        let held = |since: &Mutex<Option<Instant>>| {
            since.lock().unwrap_or_else(|e| e.into_inner()).is_some_and(|at| at.elapsed() >= deadline)
        };
        if self.running_since.iter().any(held) {
            return Err(StoreError::Late { waited: Duration::ZERO, under_way: false });
        }
        let called = Instant::now();
        let (wait, give_up) = call_window(called, deadline, answer_due());
        if wait <= called {
            // The interaction's time is up already (it waited for its game).
            return Err(StoreError::Late { waited: Duration::ZERO, under_way: false });
        }
        let state = Arc::new(AtomicU8::new(QUEUED));
        let job_state = state.clone();
        let (reply, answer) = oneshot::channel();
        let job: Job = Box::new(move |store| {
            if job_state.compare_exchange(QUEUED, UNDER_WAY, Ordering::AcqRel, Ordering::Acquire).is_ok() {
                // A lost connection is sought again until the call's own
                // wait is over, leaving the grace for the call itself.
                store.set_connect_by(Some(wait));
                let _ = reply.send(f(store));
                store.set_connect_by(None);
            }
        });
        self.send(job)?;
        let mut answer = std::pin::pin!(answer);
        if let Ok(done) = tokio::time::timeout_at(wait.into(), &mut answer).await {
            return done.map_err(|_| StoreError::Closed)?;
        }
        if state.compare_exchange(QUEUED, GIVEN_UP, Ordering::AcqRel, Ordering::Acquire).is_ok() {
            return Err(StoreError::Late { waited: called.elapsed(), under_way: false });
        }
        match tokio::time::timeout_at(give_up.into(), answer).await {
            Ok(done) => done.map_err(|_| StoreError::Closed)?,
            Err(_) => Err(StoreError::Late { waited: called.elapsed(), under_way: true }),
        }
    }

    /// Puts a call in the queue, unless the queue is full.
    fn send(&self, job: Job) -> Result<(), StoreError> {
        self.jobs.try_send(job).map_err(|e| match e {
            mpsc::TrySendError::Full(_) => StoreError::Full { queued: QUEUE },
            mpsc::TrySendError::Disconnected(_) => StoreError::Closed,
        })
    }

    /// Where the primary is and how often it moved (PostgreSQL; `None`
    /// on SQLite): the readiness check and the metrics read it.
    pub fn primary_status(&self) -> Option<PrimaryStatus> {
        self.primary.as_ref().map(|p| p.status())
    }

    /// [`Store::game`].
    pub async fn game(&self, id: GameId) -> Result<Option<GameInfo>, StoreError> {
        self.call(move |s| s.game(id)).await
    }

    /// An online backup to `dest`. For a file database it runs on a
    /// blocking-pool thread with its own read connection (WAL readers do
    /// not stop the store thread); in memory it runs on the store thread.
    pub async fn backup_to(&self, dest: impl AsRef<Path>) -> Result<(), StoreError> {
        let dest = dest.as_ref().to_path_buf();
        match self.path.clone() {
            Some(src) => tokio::task::spawn_blocking(move || super::backup_file(&src, &dest))
                .await
                .map_err(|_| StoreError::Closed)?,
            None => self.call(move |s| s.backup_to(dest)).await,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;

    fn handle() -> StoreHandle {
        StoreHandle::spawn(Store::open_in_memory().expect("a store")).expect("its thread")
    }

    /// A call that holds the store thread for `d`.
    fn hold(store: &StoreHandle, d: Duration) -> tokio::task::JoinHandle<Result<(), StoreError>> {
        let store = store.clone();
        tokio::spawn(async move {
            store
                .call(move |_| {
                    std::thread::sleep(d);
                    Ok(())
                })
                .await
        })
    }

    #[tokio::test]
    async fn a_call_still_queued_at_its_deadline_never_runs() {
        let store = handle();
        let busy = hold(&store, Duration::from_millis(400));
        tokio::time::sleep(Duration::from_millis(50)).await;
        let ran = Arc::new(AtomicBool::new(false));
        let flag = ran.clone();
        let late = store
            .call_within(Duration::from_millis(100), move |_| {
                flag.store(true, Ordering::SeqCst);
                Ok(())
            })
            .await;
        assert!(matches!(late, Err(StoreError::Late { under_way: false, .. })), "{late:?}");
        busy.await.expect("joined").expect("the long call");
        store.call(|_| Ok(())).await.expect("the queue moved on");
        assert!(!ran.load(Ordering::SeqCst), "dropped without running");
    }

    #[tokio::test]
    async fn a_call_beyond_a_full_queue_is_refused_at_once_and_the_queue_goes_on() {
        let store = handle();
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let holding = {
            let store = store.clone();
            let wait = Mutex::new(wait);
            tokio::spawn(async move {
                store
                    .call(move |_| {
                        let _ = wait.lock().map(|w| w.recv_timeout(Duration::from_secs(10)));
                        Ok(())
                    })
                    .await
            })
        };
        // The thread holds the first call; the queue fills behind it.
        while store.running_since.iter().all(|s| s.lock().map(|s| s.is_none()).unwrap_or(true)) {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let ran = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        for i in 0..QUEUE {
            let ran = ran.clone();
            let job: Job = Box::new(move |_| {
                ran.fetch_add(1, Ordering::SeqCst);
            });
            assert!(store.send(job).is_ok(), "call {i} is queued");
        }
        let refused = store.call(|_| Ok(())).await;
        assert!(matches!(refused, Err(StoreError::Full { .. })), "{refused:?}");
        assert!(refused.is_err_and(|e| e.to_string().contains("nothing was written")));
        release.send(()).expect("released");
        holding.await.expect("joined").expect("the first call");
        for _ in 0..1_000 {
            if ran.load(Ordering::SeqCst) == QUEUE {
                break;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        assert_eq!(ran.load(Ordering::SeqCst), QUEUE, "every call the queue took ran");
        store.call(|_| Ok(())).await.expect("room again");
    }

    #[tokio::test]
    async fn a_call_under_way_at_its_deadline_gets_the_grace_to_finish() {
        let store = handle();
        let done = store
            .call_within(Duration::from_millis(100), |_| {
                std::thread::sleep(Duration::from_millis(300));
                Ok(7)
            })
            .await;
        assert_eq!(done.ok(), Some(7), "300 ms is inside 100 ms + {UNDER_WAY_GRACE:?}");
    }

    #[tokio::test]
    async fn a_call_under_way_past_the_grace_is_late_and_said_to_be_under_way() {
        let store = handle();
        let late = store
            .call_within(Duration::from_millis(50), |_| {
                std::thread::sleep(UNDER_WAY_GRACE + Duration::from_millis(300));
                Ok(())
            })
            .await;
        assert!(matches!(late, Err(StoreError::Late { under_way: true, .. })), "{late:?}");
        let at_once = store.call_within(Duration::from_millis(50), |_| Ok(())).await;
        let settled = matches!(at_once, Err(StoreError::Late { under_way: false, .. })) || at_once.is_ok();
        assert!(settled, "behind a call past its deadline: refused at once or run after it, {at_once:?}");
    }

    #[test]
    fn a_call_s_window_is_brought_forward_to_its_interaction_s_deadline() {
        let now = Instant::now();
        let ms = Duration::from_millis;
        // No interaction: the call's own deadline and the grace after it.
        assert_eq!(call_window(now, ms(2000), None), (now + ms(2000), now + ms(2000) + UNDER_WAY_GRACE));
        // An interaction due in 1 s: the wait ends a grace before it.
        assert_eq!(call_window(now, ms(2000), Some(now + ms(1000))), (now + ms(600), now + ms(1000)));
        // An interaction due later than the call's own window changes nothing.
        let own = call_window(now, ms(2000), None);
        assert_eq!(call_window(now, ms(2000), Some(now + ms(9000))), own);
        // Due within the grace, or past: no wait at all.
        assert_eq!(call_window(now, ms(2000), Some(now + ms(100))), (now, now + ms(100)));
        assert_eq!(call_window(now + ms(50), ms(2000), Some(now)), (now + ms(50), now + ms(50)));
    }

    #[tokio::test]
    async fn calls_made_for_one_interaction_share_its_deadline() {
        let store = handle();
        let started = Instant::now();
        let due = started + Duration::from_millis(600);
        let calls = answer_by(due, async {
            assert_eq!(answer_due(), Some(due));
            // The first call holds the thread past the wait (but not the grace).
            let first = store
                .call_within(Duration::from_secs(2), |_| {
                    std::thread::sleep(Duration::from_millis(350));
                    Ok(1)
                })
                .await;
            // The second has no time left to wait: refused at once, not run.
            let second = store.call_within(Duration::from_secs(2), |_| Ok(2)).await;
            (first, second)
        })
        .await;
        assert_eq!(calls.0.ok(), Some(1), "finished inside the interaction's grace");
        assert!(matches!(calls.1, Err(StoreError::Late { under_way: false, .. })), "{:?}", calls.1);
        assert!(started.elapsed() < Duration::from_millis(600), "both over by the deadline: {:?}", started.elapsed());
        assert_eq!(answer_due(), None, "outside the interaction");
    }
}
