//! PostgreSQL without a database-wide lock: a change waits only for its
//! own game (and a rating only for its server and variant), a transaction
//! the server refused for a conflict (a deadlock here, forced) is run
//! again and applied once, and the race of one game's clicks has one
//! winner per round at SERIALIZABLE too and through a pool of connections.
//! Skipped, and said so, without PostgreSQL.

use crate::common::{humans, playing_game, race_saves};
use std::sync::mpsc;
use std::time::Duration;
use thaayam::engine::{Event, Throw, Variant};
use thaayam::lab::pg_server;
use thaayam::store::{Database, GameState, LiveSave, Store};

const THROW: Event = Event::Throw { t: Throw::Four };

fn admin(server: &pg_server::PgServer, db: &Database) -> postgres::Client {
    let name = db.to_string().rsplit('/').next().unwrap_or_default().to_string();
    postgres::Client::connect(&server.url(&name), postgres::NoTls).expect("admin connection")
}

/// Waits until a session of this database waits for a lock (the store's
/// change; the other tests' databases do not count).
fn until_a_lock_is_awaited(raw: &mut postgres::Client) {
    for _ in 0..500 {
        let waiting: i64 = raw
            .query_one(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
                &[],
            )
            .and_then(|r| r.try_get(0))
            .expect("pg_locks");
        if waiting > 0 {
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("nobody waited for the lock");
}

#[test]
fn a_change_waits_for_its_own_game_only() {
    let Some(server) = pg_server::shared() else { return };
    let db = server.fresh_database();
    let mut store = Store::open_database(&db).expect("open");
    let (a, _) = playing_game(&mut store, 1, &humans(2));
    let (mut b, _) = playing_game(&mut store, 2, &humans(2));
    let mut raw = admin(server, &db);
    let mut held = raw.transaction().expect("BEGIN");
    held.execute("SELECT seq FROM games WHERE id = $1 FOR UPDATE", &[&a.id.0]).expect("hold game a");
    // Game b is saved at once while game a's row is held.
    b.save(&mut store, &b.change(&[THROW])).expect("another game is not held up");
    // A change of game a waits for its row, then applies.
    let (done, result) = mpsc::channel();
    let db2 = db.clone();
    let change = a.change(&[THROW]);
    let waiter = std::thread::spawn(move || {
        let mut other = Store::open_database(&db2).expect("open");
        let _ = done.send(other.save_live(a.id, &change).map(|_| ()));
    });
    std::thread::sleep(Duration::from_millis(300));
    assert!(result.try_recv().is_err(), "the change of the held game waits");
    held.rollback().expect("release");
    result.recv_timeout(Duration::from_secs(10)).expect("it ran").expect("and applied");
    waiter.join().expect("thread");
    assert_eq!(store.game(a.id).expect("read").expect("game").events, 1);
}

/// The store's finish locks the game, then its server's ratings; another
/// transaction holding the ratings and then asking for the game is a
/// deadlock, which the server breaks by refusing the store's transaction
/// (its `deadlock_timeout` is the shorter): the store runs it again, and
/// the game is finished and rated exactly once.
#[test]
fn a_deadlocked_change_is_run_again_and_applied_once() {
    let Some(server) = pg_server::shared() else { return };
    let db = server.fresh_database();
    let mut store = Store::open_database(&db).expect("open");
    let (game, _) = playing_game(&mut store, 1, &humans(2));
    let mut raw = admin(server, &db);
    raw.batch_execute("SET deadlock_timeout = '60s'").expect("this side never gives up first");
    let mut other = raw.transaction().expect("BEGIN");
    other
        .execute(
            "INSERT INTO rating_groups (guild_id, variant, rated) VALUES (7, 'bell', 0) \
             ON CONFLICT (guild_id, variant) DO UPDATE SET rated = rating_groups.rated",
            &[],
        )
        .expect("hold the ratings of server 7");
    let end = LiveSave { state: GameState::Finished, places: Some([2, 0, 1, 0]), ..game.change(&[THROW]) };
    let id = game.id;
    let finisher = std::thread::spawn(move || {
        let out = store.save_live(id, &end);
        (store, out)
    });
    let mut watch = admin(server, &db);
    until_a_lock_is_awaited(&mut watch);
    // The deadlock: the store holds the game and waits for the ratings.
    other
        .execute("SELECT seq FROM games WHERE id = $1 FOR UPDATE", &[&id.0])
        .expect("the game, once the store gave way");
    other.rollback().expect("release");
    let (store, out) = finisher.join().expect("thread");
    assert_eq!(out.expect("finished after running again").len(), 2);
    assert!(store.conflicts_retried() >= 1, "the deadlock was met and the change run again");
    let info = store.game(id).expect("read").expect("game");
    assert_eq!((info.state, info.events), (GameState::Finished, 1), "applied once");
    let board = store.leaderboard(7, Variant::Bell, 0, 10).expect("board");
    assert_eq!(board.iter().map(|r| r.games).collect::<Vec<_>>(), [1, 1], "rated once");
    assert!(store.rating_problems().expect("recount").is_empty());
}

/// At SERIALIZABLE the losers of a race are refused with 40001 and run
/// again, which then finds the game moved on: still one winner a round.
#[test]
fn racing_serializable_postgres_connections_one_winner_per_round() {
    let Some(server) = pg_server::shared() else { return };
    let db = server.fresh_database().with_isolation(thaayam::store::Isolation::Serializable);
    let retried = crate::concurrency::race(&db);
    assert!(retried > 0, "serialization failures were met and run again");
}

/// Through the bot's handle over a pool of connections, clicks of one
/// game race and one wins a round, and different games are saved at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_tasks_through_a_pool() {
    let Some(server) = pg_server::shared() else { return };
    let (id, start, stores) = tokio::task::block_in_place(|| {
        let db = server.fresh_database();
        let mut store = Store::open_database(&db).expect("open");
        let (game, _) = playing_game(&mut store, 1, &humans(3));
        let mut stores = vec![store];
        stores.extend((0..3).map(|_| Store::open_database(&db).expect("open")));
        (game.id, game.seq, stores)
    });
    let handle = thaayam::store::StoreHandle::spawn_pool(stores).expect("pool");
    race_saves(&handle, id, start, 10, 6, THROW).await;
    let game = handle.game(id).await.expect("read").expect("exists");
    assert_eq!((game.seq, game.events), (start + 10, 10));
}
