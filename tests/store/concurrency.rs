//! Two clicks at once never both apply: many threads (each with its own
//! connection, like two bot processes) and many tokio tasks (through one
//! `StoreHandle`) race with the same seq; exactly one wins each round, on
//! an SQLite file and on PostgreSQL.

use crate::common::{Front, Scratch, humans, playing_game, race_saves};
use std::sync::{Arc, Barrier};
use thaayam::engine::{Event, Throw};
use thaayam::store::{Database, Store, StoreError, StoreHandle};

const THROW: Event = Event::Throw { t: Throw::Two };

#[test]
fn racing_connections_one_winner_per_round() {
    let dir = Scratch::new("race");
    assert_eq!(race(&Database::Sqlite(dir.path("race.db"))), 0, "SQLite's writers run one at a time");
}

/// The same race on PostgreSQL: the game's row lock plays `BEGIN IMMEDIATE`.
#[test]
fn racing_postgres_connections_one_winner_per_round() {
    if let Some(server) = thaayam::lab::pg_server::shared() {
        race(&server.fresh_database());
    }
}

/// Threads with a connection each (like bot processes) save from the same
/// counter at once, round after round: exactly one wins each round.
/// Returns how many changes ran again after a conflict.
pub(crate) fn race(db: &Database) -> u64 {
    let (id, start) = {
        let mut store = Store::open_database(db).expect("open");
        let (game, _) = playing_game(&mut store, 1, &humans(2));
        (game.id, game.seq)
    };
    let (threads, rounds) = (8, 25u64);
    let barrier = Arc::new(Barrier::new(threads));
    let handles: Vec<_> = (0..threads)
        .map(|_| {
            let (db, barrier) = (db.clone(), barrier.clone());
            std::thread::spawn(move || {
                let mut store = Store::open_database(&db).expect("open");
                let mut wins = Vec::new();
                for round in 0..rounds {
                    let save = Front { id, seq: start + round, events: round }.change(&[THROW]);
                    barrier.wait();
                    match store.save_live(id, &save) {
                        Ok(_) => wins.push((round, save.seq)),
                        Err(StoreError::Stale { current }) => assert_eq!(current, start + round + 1),
                        Err(e) => panic!("unexpected error: {e}"),
                    }
                    barrier.wait();
                }
                (wins, store.conflicts_retried())
            })
        })
        .collect();
    let ends: Vec<_> = handles.into_iter().map(|h| h.join().expect("thread")).collect();
    let retried = ends.iter().map(|(_, r)| r).sum();
    let mut wins: Vec<(u64, u64)> = ends.into_iter().flat_map(|(w, _)| w).collect();
    wins.sort();
    let expected: Vec<(u64, u64)> = (0..rounds).map(|r| (r, start + r + 1)).collect();
    assert_eq!(wins, expected, "exactly one winner per round");
    let store = Store::open_database(db).expect("open");
    assert_eq!(store.events(id).expect("events").len() as u64, rounds);
    retried
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_tasks_through_the_handle() {
    let mut store = Store::open_in_memory().expect("open");
    let (game, _) = playing_game(&mut store, 1, &humans(3));
    let (id, start) = (game.id, game.seq);
    let handle = StoreHandle::spawn(store).expect("spawn");
    race_saves(&handle, id, start, 20, 10, THROW).await;
    let game = handle.game(id).await.expect("read").expect("exists");
    assert_eq!((game.seq, game.events), (start + 20, 20));
    let backup = Scratch::new("handle-backup");
    handle.backup_to(backup.path("b.db")).await.expect("backup");
    assert_eq!(Store::open(backup.path("b.db")).expect("open").events(id).expect("events").len(), 20);
}
