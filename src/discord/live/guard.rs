//! What keeps one user from tiring the bot out for everyone: a cooldown
//! per user on each heavy command, a bounded queue for each kind of heavy
//! work (a few running on blocking threads, a few waiting, anyone more
//! told "busy, try again in N s" before the answer is deferred), the
//! lobbies a user opened this hour, when each game's host and players
//! last clicked, and the replays already drawn (kept, bounded). Every map
//! here is bounded: a flood of users costs at most a few thousand entries.

use crate::discord::game::ids::{GameId, UserId};
use crate::discord::limits::Limits;
use crate::store;
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The heavy commands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Heavy {
    /// `/thaayam hint`: an expert search.
    Hint,
    /// `/thaayam rules`: the route pictures (drawn once, then an upload).
    Rules,
    /// `/thaayam replay`: up to three animated GIFs drawn.
    Replay,
    /// `/thaayam analyse`: an evaluation of every turn of a game.
    Analyse,
}

impl Heavy {
    const ALL: [Heavy; 4] = [Heavy::Hint, Heavy::Rules, Heavy::Replay, Heavy::Analyse];

    /// Jobs of this kind running at once, and waiting at most.
    fn places(self) -> (usize, usize) {
        match self {
            Heavy::Hint => (1, 3),
            Heavy::Rules => (1, 3),
            Heavy::Replay => (1, 2),
            Heavy::Analyse => (1, 2),
        }
    }

    /// A first guess of how long one job takes, until one was timed.
    fn guess(self) -> Duration {
        match self {
            Heavy::Hint => Duration::from_secs(2),
            Heavy::Rules => Duration::from_secs(1),
            Heavy::Replay | Heavy::Analyse => Duration::from_secs(20),
        }
    }
}

/// Why a heavy command is not run now: try again in this many seconds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Busy {
    /// The same user used it less than the cooldown ago.
    Cooldown { secs: u64 },
    /// Its queue is full.
    Queue { secs: u64 },
}

impl Busy {
    /// Seconds to wait before trying again (at least 1).
    pub(crate) fn secs(self) -> u64 {
        match self {
            Busy::Cooldown { secs } | Busy::Queue { secs } => secs.max(1),
        }
    }
}

/// Seconds, rounded up.
fn ceil_secs(d: Duration) -> u64 {
    d.as_secs() + u64::from(d.subsec_nanos() > 0)
}

/// One kind of heavy work: places (running and waiting), workers, and the
/// time a job takes (a moving average).
struct Queue {
    places: Arc<Semaphore>,
    workers: Arc<Semaphore>,
    waiting: usize,
    running: usize,
    /// Milliseconds a job took, on average.
    took: Arc<AtomicU64>,
}

impl Queue {
    fn new(kind: Heavy) -> Queue {
        let (running, waiting) = kind.places();
        Queue {
            places: Arc::new(Semaphore::new(running + waiting)),
            workers: Arc::new(Semaphore::new(running)),
            waiting,
            running,
            took: Arc::new(AtomicU64::new(kind.guess().as_millis() as u64)),
        }
    }

    /// How long until a place is likely free: the queue's jobs done.
    fn wait(&self) -> Duration {
        let jobs = (self.running + self.waiting) as u64;
        Duration::from_millis(self.took.load(Ordering::Relaxed) * jobs / self.running.max(1) as u64)
    }
}

/// A place in a queue: run the job with [`Ticket::run`].
pub(crate) struct Ticket {
    place: OwnedSemaphorePermit,
    workers: Arc<Semaphore>,
    took: Arc<AtomicU64>,
}

impl Ticket {
    /// Waits for a worker, then runs `job` on a blocking thread. The
    /// places are given back when the job ends (even when nobody waits
    /// for it any more). The error is the bot's `discord::Error` written
    /// out: the bot's shared data holds the guard, so naming it here would
    /// be an import circle.
    pub(crate) async fn run<T: Send + 'static>(
        self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Box<dyn std::error::Error + Send + Sync>> {
        let worker = self.workers.clone().acquire_owned().await?;
        let (place, took) = (self.place, self.took);
        let done = tokio::task::spawn_blocking(move || {
            let started = Instant::now();
            let out = job();
            let ms = started.elapsed().as_millis() as u64;
            // A moving average: each job counts for a quarter.
            let _ = took.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |avg| Some((avg * 3 + ms) / 4));
            drop((worker, place));
            out
        });
        Ok(done.await?)
    }
}

/// At most one warning line every [`LogLimit::EVERY`]; the lines kept
/// back are counted in the next one.
#[derive(Default)]
pub(crate) struct LogLimit {
    last: Mutex<Option<Instant>>,
    kept_back: AtomicU64,
}

impl LogLimit {
    const EVERY: Duration = Duration::from_secs(60);

    /// `Some(lines kept back since the last one)` when a line may be
    /// written now; `None` (counted) otherwise.
    pub(crate) fn allow(&self) -> Option<u64> {
        let mut last = self.last.lock().unwrap_or_else(PoisonError::into_inner);
        if last.is_some_and(|at| at.elapsed() < Self::EVERY) {
            self.kept_back.fetch_add(1, Ordering::Relaxed);
            return None;
        }
        *last = Some(Instant::now());
        Some(self.kept_back.swap(0, Ordering::Relaxed))
    }
}

/// The most entries a per-user map keeps; past it, the stale ones go.
const MAX_USERS: usize = 10_000;

/// The replays kept: at most this many bytes of GIFs.
const REPLAYS_BYTES: usize = 48_000_000;

/// A replay as drawn for a game, a language and the names drawn.
type ReplayKey = (store::GameId, &'static str, [String; 4]);

/// An opening counted against its user's hourly cap ([`Guard::may_open`]):
/// kept when the lobby opened ([`Counted::settle`] with `true`), taken back
/// otherwise, and when dropped unsettled. A lobby the database or Discord
/// did not take is no game opened: a host whose `/thaayam new` met a
/// database failing over (each try answered "could not be opened") is not
/// capped for the hour by her own tries.
#[must_use]
pub(crate) struct Counted<'a> {
    guard: &'a Guard,
    user: UserId,
    at: Instant,
    kept: bool,
}

impl Counted<'_> {
    /// The opening is kept if the lobby `opened`, taken back if not.
    pub(crate) fn settle(mut self, opened: bool) {
        self.kept = opened;
    }
}

impl Drop for Counted<'_> {
    fn drop(&mut self) {
        if !self.kept {
            self.guard.uncount(self.user, self.at);
        }
    }
}

impl std::fmt::Debug for Counted<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Counted({:?})", self.user)
    }
}

/// The guard of one bot (shared by its handlers).
pub(crate) struct Guard {
    limits: Limits,
    cooldowns: Mutex<HashMap<(UserId, Heavy), Instant>>,
    queues: HashMap<Heavy, Queue>,
    opened: Mutex<HashMap<UserId, VecDeque<Instant>>>,
    /// Per game: unix time of the last click of its host, and of anyone.
    clicked: Mutex<HashMap<GameId, (i64, i64)>>,
    /// Per game: unix time this process first saw it (its opening, for
    /// a lobby opened here).
    seen: Mutex<HashMap<GameId, i64>>,
    /// The replays drawn, newest last.
    replays: Mutex<VecDeque<(ReplayKey, Arc<Vec<u8>>)>>,
    /// The warnings about forged clicks.
    pub(crate) forged: LogLimit,
}

impl Guard {
    pub(crate) fn new(limits: Limits) -> Guard {
        Guard {
            limits,
            cooldowns: Mutex::default(),
            queues: Heavy::ALL.into_iter().map(|k| (k, Queue::new(k))).collect(),
            opened: Mutex::default(),
            clicked: Mutex::default(),
            seen: Mutex::default(),
            replays: Mutex::default(),
            forged: LogLimit::default(),
        }
    }

    pub(crate) fn limits(&self) -> &Limits {
        &self.limits
    }

    /// A use of `what` by `user` now, or how long she must wait: the
    /// cooldown, then a place in the queue (the place is the ticket).
    pub(crate) fn admit(&self, user: UserId, what: Heavy) -> Result<Ticket, Busy> {
        let now = Instant::now();
        let cooldown = self.limits.cooldown;
        let mut uses = self.cooldowns.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(at) = uses.get(&(user, what)) {
            let since = now.duration_since(*at);
            if since < cooldown {
                return Err(Busy::Cooldown { secs: ceil_secs(cooldown - since) });
            }
        }
        let queue = &self.queues[&what];
        let Ok(place) = queue.places.clone().try_acquire_owned() else {
            return Err(Busy::Queue { secs: ceil_secs(queue.wait()) });
        };
        if uses.len() >= MAX_USERS {
            uses.retain(|_, at| now.duration_since(*at) < cooldown);
        }
        uses.insert((user, what), now);
        Ok(Ticket { place, workers: queue.workers.clone(), took: queue.took.clone() })
    }

    /// Whether `user` may open a lobby now, having `open` games open; if
    /// she may, the opening is counted, until the lobby proves not opened
    /// (see [`Counted`]). `Err` with the refusal's numbers: open games at
    /// once, or seconds until the hour's oldest opening is an hour old.
    pub(crate) fn may_open(&self, user: UserId, open: usize) -> Result<Counted<'_>, Capped> {
        if open >= self.limits.open_games_per_user {
            return Err(Capped::Open { max: self.limits.open_games_per_user });
        }
        let now = Instant::now();
        let hour = Duration::from_secs(3600);
        let mut opened = self.opened.lock().unwrap_or_else(PoisonError::into_inner);
        if opened.len() >= MAX_USERS {
            opened.retain(|_, times| times.back().is_some_and(|t| now.duration_since(*t) < hour));
        }
        let times = opened.entry(user).or_default();
        while times.front().is_some_and(|t| now.duration_since(*t) >= hour) {
            times.pop_front();
        }
        if times.len() >= self.limits.new_games_per_hour {
            let oldest = times.front().copied().unwrap_or(now);
            let secs = ceil_secs(hour.saturating_sub(now.duration_since(oldest)));
            return Err(Capped::Hourly { max: self.limits.new_games_per_hour, secs });
        }
        times.push_back(now);
        Ok(Counted { guard: self, user, at: now, kept: false })
    }

    /// Takes back the opening `user` was counted at `at`.
    fn uncount(&self, user: UserId, at: Instant) {
        let mut opened = self.opened.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(times) = opened.get_mut(&user)
            && let Some(i) = times.iter().rposition(|t| *t == at)
        {
            times.remove(i);
        }
    }

    /// A click on game `game` by `user` at unix time `now` (`host`: she
    /// hosts it).
    pub(crate) fn clicked(&self, game: GameId, host: bool, now: i64) {
        let mut clicked = self.clicked.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = clicked.entry(game).or_insert((now, now));
        entry.1 = now;
        if host {
            entry.0 = now;
        }
    }

    /// Unix times of the last click of the host of `game`, and of anyone,
    /// as far as this process saw (`first_seen` for both when it saw none,
    /// remembered from then on).
    pub(crate) fn last_clicks(&self, game: GameId, first_seen: i64) -> (i64, i64) {
        *self.clicked.lock().unwrap_or_else(PoisonError::into_inner).entry(game).or_insert((first_seen, first_seen))
    }

    /// Unix time this process first saw `game` (`now` the first time asked).
    pub(crate) fn opened_at(&self, game: GameId, now: i64) -> i64 {
        *self.seen.lock().unwrap_or_else(PoisonError::into_inner).entry(game).or_insert(now)
    }

    /// Forgets a closed game's clicks.
    pub(crate) fn closed(&self, game: GameId) {
        self.clicked.lock().unwrap_or_else(PoisonError::into_inner).remove(&game);
        self.seen.lock().unwrap_or_else(PoisonError::into_inner).remove(&game);
    }

    /// Forgets every game but the open ones (the maps stay as small as
    /// the hub).
    pub(crate) fn keep_only(&self, open: &std::collections::HashSet<GameId>) {
        self.clicked.lock().unwrap_or_else(PoisonError::into_inner).retain(|g, _| open.contains(g));
        self.seen.lock().unwrap_or_else(PoisonError::into_inner).retain(|g, _| open.contains(g));
    }

    /// A replay drawn before, if kept.
    pub(crate) fn replay(&self, key: &ReplayKey) -> Option<Arc<Vec<u8>>> {
        let mut kept = self.replays.lock().unwrap_or_else(PoisonError::into_inner);
        let at = kept.iter().position(|(k, _)| k == key)?;
        let found = kept.remove(at)?;
        let gif = found.1.clone();
        kept.push_back(found);
        Some(gif)
    }

    /// Keeps a replay drawn, dropping the least recently used ones past
    /// [`REPLAYS_BYTES`].
    pub(crate) fn keep_replay(&self, key: ReplayKey, gif: Arc<Vec<u8>>) {
        let mut kept = self.replays.lock().unwrap_or_else(PoisonError::into_inner);
        kept.retain(|(k, _)| *k != key);
        kept.push_back((key, gif));
        while kept.iter().map(|(_, g)| g.len()).sum::<usize>() > REPLAYS_BYTES && kept.len() > 1 {
            kept.pop_front();
        }
    }
}

/// Why a user may not open a lobby now.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Capped {
    /// She has `max` games open already.
    Open { max: usize },
    /// She opened `max` this hour; the next may come in `secs`.
    Hourly { max: usize, secs: u64 },
}

impl Capped {
    /// The refusal, in words (`/thaayam new`, the Entry Point, Rematch).
    pub(crate) fn words(self, lang: crate::discord::view::lang::Lang) -> String {
        use crate::discord::view::lang::tr;
        match self {
            Capped::Open { max } => tr!(lang, "new-capped-open", max = max),
            Capped::Hourly { max, secs } => tr!(lang, "new-capped-hourly", max = max, minutes = secs.div_ceil(60)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guard(cooldown: Duration) -> Guard {
        Guard::new(Limits { cooldown, open_games_per_user: 2, new_games_per_hour: 3, ..Limits::default() })
    }

    #[tokio::test]
    async fn a_user_waits_her_cooldown_and_a_full_queue_says_how_long() {
        let g = guard(Duration::from_secs(30));
        let first = g.admit(UserId(1), Heavy::Replay).expect("the first replay");
        match g.admit(UserId(1), Heavy::Replay) {
            Err(Busy::Cooldown { secs }) => assert!((29..=30).contains(&secs), "{secs}"),
            other => panic!("her cooldown: {:?}", other.err()),
        }
        assert!(g.admit(UserId(1), Heavy::Hint).is_ok(), "another command has its own cooldown");
        // One running and two waiting: the fourth user is told to wait.
        let (second, third) =
            (g.admit(UserId(2), Heavy::Replay).expect("2"), g.admit(UserId(3), Heavy::Replay).expect("3"));
        let Err(Busy::Queue { secs }) = g.admit(UserId(4), Heavy::Replay) else { panic!("the queue is full") };
        assert_eq!(secs, 60, "three jobs of 20 s (the first guess) on one worker");
        // A job run gives its place back: the next user gets one.
        assert_eq!(first.run(|| 7).await.expect("ran"), 7);
        assert!(g.admit(UserId(4), Heavy::Replay).is_ok(), "a place is free again");
        drop((second, third));
        // A job's time replaces part of the guess.
        let queue = &g.queues[&Heavy::Replay];
        assert!(queue.took.load(Ordering::Relaxed) < 20_000 * 3 / 4 + 100);
    }

    #[tokio::test]
    async fn the_jobs_of_a_queue_run_one_at_a_time() {
        let g = Arc::new(guard(Duration::ZERO));
        let running = Arc::new(AtomicU64::new(0));
        let mut jobs = Vec::new();
        for user in 0..3 {
            let ticket = g.admit(UserId(user), Heavy::Analyse).expect("a place");
            let running = running.clone();
            jobs.push(tokio::spawn(ticket.run(move || {
                let at_once = running.fetch_add(1, Ordering::SeqCst) + 1;
                std::thread::sleep(Duration::from_millis(30));
                running.fetch_sub(1, Ordering::SeqCst);
                at_once
            })));
        }
        for job in jobs {
            assert_eq!(job.await.expect("joined").expect("ran"), 1, "alone on its worker");
        }
    }

    #[test]
    fn a_user_opens_a_bounded_number_of_lobbies() {
        let g = guard(Duration::ZERO);
        assert_eq!(g.may_open(UserId(1), 2).err(), Some(Capped::Open { max: 2 }), "two open already");
        for _ in 0..3 {
            g.may_open(UserId(1), 0).expect("under the cap").settle(true);
        }
        match g.may_open(UserId(1), 0) {
            Err(Capped::Hourly { max: 3, secs }) => assert!((3590..=3600).contains(&secs), "{secs}"),
            other => panic!("the hour's cap: {other:?}"),
        }
        assert!(g.may_open(UserId(2), 0).is_ok(), "another user is not capped");
    }

    #[test]
    fn an_opening_that_opened_no_lobby_is_not_counted() {
        let g = guard(Duration::ZERO);
        // Tries that met a database failing over, many more than the cap.
        for _ in 0..20 {
            g.may_open(UserId(1), 0).expect("failed tries count for nothing").settle(false);
        }
        // Dropped before it was settled (a panic, an early answer): not counted.
        drop(g.may_open(UserId(1), 0).expect("not capped"));
        // Two openings under way at once: the one that fails takes back its own.
        let first = g.may_open(UserId(1), 0).expect("not capped");
        let second = g.may_open(UserId(1), 0).expect("not capped");
        second.settle(false);
        first.settle(true);
        g.may_open(UserId(1), 0).expect("the second of three").settle(true);
        g.may_open(UserId(1), 0).expect("the third of three").settle(true);
        assert!(matches!(g.may_open(UserId(1), 0), Err(Capped::Hourly { max: 3, .. })), "three lobbies opened: capped");
    }

    #[test]
    fn warnings_are_limited_and_count_what_they_kept_back() {
        let limit = LogLimit::default();
        assert_eq!(limit.allow(), Some(0));
        for _ in 0..100 {
            assert_eq!(limit.allow(), None);
        }
        *limit.last.lock().expect("lock") = Some(Instant::now() - LogLimit::EVERY);
        assert_eq!(limit.allow(), Some(100), "the next line counts the hundred kept back");
    }

    #[test]
    fn replays_are_kept_up_to_a_size() {
        let g = guard(Duration::ZERO);
        let key = |id| (store::GameId(id), "en", <[String; 4]>::default());

        assert!(g.replay(&key(1)).is_none());
        g.keep_replay(key(1), Arc::new(vec![1; 20_000_000]));
        g.keep_replay(key(2), Arc::new(vec![2; 20_000_000]));
        assert_eq!(g.replay(&key(1)).map(|gif| gif[0]), Some(1), "kept, and now the newest");
        g.keep_replay(key(3), Arc::new(vec![3; 20_000_000]));
        assert!(g.replay(&key(2)).is_none(), "the least recently used went");
        assert!(g.replay(&key(1)).is_some() && g.replay(&key(3)).is_some());
    }

    #[test]
    fn clicks_remember_the_host_apart() {
        let g = guard(Duration::ZERO);
        assert_eq!(g.last_clicks(GameId(5), 100), (100, 100), "first seen");
        g.clicked(GameId(5), false, 150);
        assert_eq!(g.last_clicks(GameId(5), 0), (100, 150));
        g.clicked(GameId(5), true, 200);
        assert_eq!(g.last_clicks(GameId(5), 0), (200, 200));
        g.closed(GameId(5));
        assert_eq!(g.last_clicks(GameId(5), 300), (300, 300));
    }
}
