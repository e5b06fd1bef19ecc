//! The async face of the store for the tokio-based bot: one dedicated
//! thread owns the [`Store`] and runs the calls in order; callers await a
//! oneshot reply, so no SQLite call ever blocks a tokio worker.
//!
//! One writer thread also means the bot's own clicks never contend for
//! SQLite's lock; `seq` still guards against stale clicks and a second
//! process.

use super::error::StoreError;
use super::{Database, GameId, GameInfo, Store};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

type Job = Box<dyn FnOnce(&mut Store) + Send>;

/// A cloneable handle to a store running on its own thread. The thread
/// ends when the last handle is dropped.
#[derive(Clone)]
pub struct StoreHandle {
    jobs: mpsc::Sender<Job>,
    path: Option<PathBuf>,
    /// When the job the store thread is running started (`None`: idle).
    running_since: Arc<Mutex<Option<Instant>>>,
}

impl StoreHandle {
    /// Moves a store onto a new thread.
    pub fn spawn(store: Store) -> Result<StoreHandle, StoreError> {
        let path = store.path().map(Path::to_path_buf);
        let (jobs, queue) = mpsc::channel::<Job>();
        let running_since = Arc::new(Mutex::new(None));
        let since = running_since.clone();
        std::thread::Builder::new()
            .name("thaayam-store".into())
            .spawn(move || {
                let mut store = store;
                let mark = |at: Option<Instant>| *since.lock().unwrap_or_else(|e| e.into_inner()) = at;
                for job in queue {
                    mark(Some(Instant::now()));
                    job(&mut store);
                    mark(None);
                }
            })
            .map_err(|_| StoreError::Closed)?;
        Ok(StoreHandle { jobs, path, running_since })
    }

    /// The store of `database` ([`Store::open_database`]) on its own
    /// thread, with a write lock wait of `busy` instead of 10 s.
    pub(crate) async fn open_with_busy_timeout(database: &Database, busy: Duration) -> Result<StoreHandle, StoreError> {
        let database = database.clone();
        let open = move || Store::open_database(&database).and_then(|s| s.with_busy_timeout(busy));
        let store = tokio::task::spawn_blocking(open).await.map_err(|_| StoreError::Closed)??;
        StoreHandle::spawn(store)
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
        self.jobs.send(job).map_err(|_| StoreError::Closed)?;
        answer.await.map_err(|_| StoreError::Closed)?
    }

    /// [`StoreHandle::call`] that gives up after `deadline` with
    /// [`StoreError::Late`]: a click must be answered within Discord's 3 s
    /// even when the database hangs (a frozen server, a cut network). A
    /// call still waiting in the queue then never runs; one under way may
    /// still complete. While the store thread is held by a call that has
    /// already run longer than `deadline`, it fails at once: a click that
    /// waited for its game's lock behind a hung save gets its answer
    /// without waiting a second deadline.
    pub async fn call_within<T, F>(&self, deadline: Duration, f: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Store) -> Result<T, StoreError> + Send + 'static,
    {
        let since = *self.running_since.lock().unwrap_or_else(|e| e.into_inner());
        if since.is_some_and(|at| at.elapsed() >= deadline) {
            return Err(StoreError::Late { waited: Duration::ZERO });
        }
        tokio::time::timeout(deadline, self.call(f)).await.unwrap_or(Err(StoreError::Late { waited: deadline }))
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
