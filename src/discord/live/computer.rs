//! The computer seats of a game, played by one task per game: one readable
//! step at a time (a pause before each), saved and shown like a click. A
//! step whose save fails is tried again, with growing pauses (at most
//! [`RETRY_MAX`] apart), for as long as the bot runs: a computer seat never
//! falls silent until the next restart. Only a stopping bot, or a game that
//! ended or moved on elsewhere, ends the task.

use super::board::{Change, show};
use super::change::change;
use super::data::Data;
use super::delivery;
use super::delivery::Place;
use super::hub::Shared;
use super::running::{Reach, Running};
use super::unix_now;
use crate::discord::game::intent::Refusal;
use crate::discord::game::notes::Notes;
use crate::discord::game::session;
use crate::discord::ops::instrument;
use crate::discord::view::presenter::Outro;
use poise::serenity_prelude::Http;
use std::sync::atomic::Ordering;
use std::sync::{Arc, PoisonError};
use std::time::{Duration, Instant};

/// The pause before a computer's move, so people can follow.
pub(crate) const COMPUTER_PAUSE: Duration = Duration::from_millis(1000);

/// The pause before a computer's move is tried again after its save
/// failed; it doubles with each failure in a row, up to [`RETRY_MAX`].
const RETRY_FIRST: Duration = Duration::from_millis(250);

/// The longest pause between two tries of a computer's move: short, so
/// that a game goes on within seconds of the database's return (a failover
/// takes about 5 s; at 30 s a computer waited up to 16 s more after it),
/// and one try per game every few seconds is nothing to a database.
const RETRY_MAX: Duration = Duration::from_secs(4);

/// The pause after `failures` failed saves in a row (none after none).
fn retry_pause(failures: u32) -> Duration {
    match failures {
        0 => Duration::ZERO,
        n => RETRY_FIRST.saturating_mul(1 << (n - 1).min(16)).min(RETRY_MAX),
    }
}

/// Plays the computer seats of a game, one readable step at a time, until
/// a human is to act or the game ends. One task per game at most.
pub(crate) fn spawn_computer(http: Arc<Http>, data: Data, game: Shared) {
    let metrics = data.metrics.clone();
    tokio::spawn(instrument::within(metrics, async move {
        let (id, reach) = {
            let r = game.lock().await;
            (r.table.id, r.post.reach)
        };
        // A game reached by clicks only plays its computers within the
        // clicks (`clicks::computers_inline`).
        if reach == Reach::Interactions {
            return;
        }
        if !data.computers.lock().unwrap_or_else(PoisonError::into_inner).insert(id) {
            return;
        }
        let release = || {
            data.computers.lock().unwrap_or_else(PoisonError::into_inner).remove(&id);
        };
        let mut failures = 0;
        // Whether a save was refused as stale, the game then reloaded from the store.
        let mut reloaded = false;
        loop {
            tokio::time::sleep(data.computer_pause.max(retry_pause(failures))).await;
            let mut running = game.lock().await;
            if data.stopping.load(Ordering::Relaxed) {
                release();
                break;
            }
            let step = computer_step(&data, &mut running).await;
            let (notes, outro) = match step {
                Ok((Some(notes), outro)) => (notes, outro),
                Ok((None, _)) => {
                    // Reloaded from the store after a save whose answer was
                    // lost (it was written), the game may stand at a human's
                    // turn its board does not show: shown before the task ends.
                    // (Only then: a board behind at start-up is start-up's or
                    // the next click's to catch up, in place.)
                    if reloaded && delivery::catch_up(&running.table, &running.post).is_some() {
                        show(&http, &data, &mut running, Change::none(Place::AsNeeded), None).await;
                    }
                    // Released under the game's lock, so a click that makes a
                    // computer due again always finds the slot free.
                    release();
                    break;
                }
                // The game ended elsewhere, or by a move of ours whose save
                // answered too late: nothing more to play; an end found in
                // the store and not shown yet is shown.
                Err(_) if !running.table.is_open() => {
                    if delivery::end_unshown(&running.table, &running.post) {
                        show(&http, &data, &mut running, Change::none(Place::Same), None).await;
                    }
                    release();
                    break;
                }
                Err(refusal) => {
                    reloaded |= refusal == Refusal::Stale;
                    failures += 1;
                    let next = retry_pause(failures);
                    tracing::warn!(
                        "computer move in game {id} not saved ({failures} in a row, trying again in {next:?}): {refusal:?}"
                    );
                    continue;
                }
            };
            if failures > 0 {
                tracing::info!("computer move in game {id} saved after {failures} failed tries");
                failures = 0;
            }
            // The board that calls a human back carries her tutor's verdict.
            super::tutor::judge_here(&data, &mut running).await;
            show(&http, &data, &mut running, Change::of(&notes, &outro), None).await;
        }
    }));
}

/// The computer on turn acts, if one is, and the change is saved (as
/// `change` saves every change).
async fn computer_step(data: &Data, running: &mut Running) -> Result<(Option<Notes>, Outro), Refusal> {
    // Harder levels search for a while: keep the runtime's other tasks
    // moving. Most of these tasks (one after every click) find no
    // computer to act: handing the runtime over costs more than that.
    let metrics = &data.metrics;
    change(data, running, |t| {
        if t.computer_to_act() {
            let started = Instant::now();
            let step = tokio::task::block_in_place(|| session::computer_step(t, unix_now()));
            metrics.decision(started.elapsed());
            step
        } else {
            session::computer_step(t, unix_now())
        }
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::game::computer::Level;
    use crate::discord::game::ids::{GameId, UserId};
    use crate::discord::game::intent::{Actor, Intent};
    use crate::discord::live::persist;
    use crate::discord::live::testing::{data, lobby, no_discord};
    use crate::discord::ops::metrics::Metrics;
    use crate::store::Store;

    /// A game of two computers (the host left her seat), started and saved.
    async fn computers_only(data: &Data) -> Shared {
        let mut r = lobby(data).await;
        let host = Actor { user: UserId(10), moderator: false };
        for intent in
            [Intent::Leave, Intent::AddComputer(Level::Easy), Intent::AddComputer(Level::Random), Intent::Start]
        {
            session::handle(&mut r.table, host, intent, None, 0).expect("the host sets the game up");
        }
        persist::save(&data.store, &mut r).await.expect("saved");
        assert!(r.table.computer_to_act());
        data.hub.insert(r).expect("the channel is free")
    }

    /// The action counter the store holds for a game.
    async fn saved_seq(data: &Data, id: GameId) -> u64 {
        data.store.call(move |s| s.game(id.into())).await.expect("read").expect("the game").seq
    }

    /// The database is locked by another process for longer than five
    /// tries take; once it is free again the computer plays on, without a
    /// restart. The bot's metrics count the failed saves, the saved one and
    /// the computer's decisions (the task records into its bot's registry).
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_computer_move_whose_save_keeps_failing_is_tried_again_until_it_is_saved() {
        let dir = std::env::temp_dir().join(format!("thaayam-computer-retry-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("locked.db");
        let store = Store::open(&path).and_then(|s| s.with_busy_timeout(Duration::from_millis(20)));
        let mut data = data(store.expect("store"));
        data.metrics = Arc::new(Metrics::on());
        let game = computers_only(&data).await;
        let (id, reach) = {
            let r = game.lock().await;
            (r.table.id, r.post.reach)
        };
        // A game reached by clicks only plays its computers within the
        // clicks (`clicks::computers_inline`).
        if reach == Reach::Interactions {
            return;
        }
        let before = saved_seq(&data, id).await;

        let other = rusqlite::Connection::open(&path).expect("second connection");
        other.execute_batch("BEGIN IMMEDIATE").expect("the other process holds the write lock");
        spawn_computer(no_discord(), data.clone(), game.clone());
        // Five tries take five lock waits of 20 ms: far less than this.
        tokio::time::sleep(Duration::from_millis(1500)).await;
        assert_eq!(saved_seq(&data, id).await, before, "nothing could be saved while the file was locked");
        other.execute_batch("ROLLBACK").expect("the lock is released");

        let mut seq = before;
        for _ in 0..400 {
            seq = saved_seq(&data, id).await;
            if seq > before {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(seq > before, "the computer's move was saved once the database was free again");
        let page = data.metrics.render(&[], 0, &[]);
        let count = |series: &str| {
            page.lines().find_map(|l| l.strip_prefix(series)?.strip_prefix(' ')?.parse::<f64>().ok()).unwrap_or(0.0)
        };
        let failed = count("thaayam_saves_total{outcome=\"failed\"}");
        assert!(failed >= 2.0, "the tries while the file was locked: {page}");
        assert!(count("thaayam_saves_total{outcome=\"ok\"}") >= 1.0, "{page}");
        assert!(count("thaayam_computer_decisions_total") > failed, "a decision for each try: {page}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Whether a computer task is running for the game.
    fn playing(data: &Data, id: GameId) -> bool {
        data.computers.lock().unwrap_or_else(PoisonError::into_inner).contains(&id)
    }

    /// Waits (at most 20 s) until `done` holds.
    async fn eventually(mut done: impl FnMut() -> bool) -> bool {
        for _ in 0..400 {
            if done() {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        false
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_tries_end_when_the_bot_stops_or_the_game_ended_elsewhere() {
        let dir = std::env::temp_dir().join(format!("thaayam-computer-stop-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("locked.db");
        let store = Store::open(&path).and_then(|s| s.with_busy_timeout(Duration::from_millis(20)));
        let data = data(store.expect("store"));
        let game = computers_only(&data).await;
        let (id, reach) = {
            let r = game.lock().await;
            (r.table.id, r.post.reach)
        };
        // A game reached by clicks only plays its computers within the
        // clicks (`clicks::computers_inline`).
        if reach == Reach::Interactions {
            return;
        }
        let other = rusqlite::Connection::open(&path).expect("second connection");
        other.execute_batch("BEGIN IMMEDIATE").expect("the other process holds the write lock");
        spawn_computer(no_discord(), data.clone(), game.clone());
        assert!(eventually(|| playing(&data, id)).await, "the computer tries its move");
        data.stopping.store(true, Ordering::Relaxed);
        assert!(eventually(|| !playing(&data, id)).await, "a stopping bot tries no more");
        other.execute_batch("ROLLBACK").expect("the lock is released");

        data.stopping.store(false, Ordering::Relaxed);
        data.store.call(move |s| s.abandon(id.into(), None)).await.expect("another process ends the game");
        spawn_computer(no_discord(), data.clone(), game.clone());
        let mut closed = false;
        for _ in 0..400 {
            closed = !game.lock().await.table.is_open();
            if closed {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(closed, "the game is over here too");
        assert!(!playing(&data, id), "a game over in the store is not tried again");
        assert!(data.hub.get(id).is_none(), "and leaves the running games");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_pause_between_tries_doubles_up_to_its_bound() {
        let pauses: Vec<Duration> = (0..10).map(retry_pause).collect();
        assert_eq!(pauses[..4], [0, 250, 500, 1000].map(Duration::from_millis));
        assert!(pauses.windows(2).all(|w| w[0] <= w[1]), "{pauses:?}");
        assert_eq!(retry_pause(u32::MAX), RETRY_MAX);
        assert_eq!(retry_pause(9), RETRY_MAX);
    }
}
