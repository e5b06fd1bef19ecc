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
use std::sync::mpsc;
use std::time::Duration;
use tokio::sync::oneshot;

type Job = Box<dyn FnOnce(&mut Store) + Send>;

/// A cloneable handle to a store running on its own thread. The thread
/// ends when the last handle is dropped.
#[derive(Clone)]
pub struct StoreHandle {
    jobs: mpsc::Sender<Job>,
    path: Option<PathBuf>,
}

impl StoreHandle {
    /// Moves a store onto a new thread.
    pub fn spawn(store: Store) -> Result<StoreHandle, StoreError> {
        let path = store.path().map(Path::to_path_buf);
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("thaayam-store".into())
            .spawn(move || {
                let mut store = store;
                for job in queue {
                    job(&mut store);
                }
            })
            .map_err(|_| StoreError::Closed)?;
        Ok(StoreHandle { jobs, path })
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
            let _ = reply.send(f(store));
        });
        self.jobs.send(job).map_err(|_| StoreError::Closed)?;
        answer.await.map_err(|_| StoreError::Closed)?
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
