//! A save whose answer was lost, forced: a proxy between the store and
//! PostgreSQL cuts the connection at the save, before the server has it
//! or just after it was written (the one statement of a click, the COMMIT
//! of a game's end), as the death of a primary does. The store reads the
//! game back on a new connection and answers from what is stored: saved
//! once when it was written, sent again (and saved once) when it was not,
//! "may or may not" when the game cannot be read back, never a guess.
//! Skipped, and said so, without PostgreSQL.

use crate::common::{Front, humans, playing_game};
use thaayam::engine::{Event, Throw};
use thaayam::lab::cut_proxy::{COMMIT, Cut, CutProxy};
use thaayam::lab::pg_server;
use thaayam::store::{Database, GameState, LiveSave, Store, StoreError};

const THROW: Event = Event::Throw { t: Throw::Two };

/// A store reaching a fresh database through a cutting proxy.
fn through_proxy() -> Option<(Store, CutProxy, Database)> {
    let server = pg_server::shared()?;
    let name = server.fresh_name();
    let proxy = CutProxy::start(server.port()).expect("the proxy");
    // No TLS: the proxy reads the messages.
    let url = format!("postgres://thaayam@127.0.0.1:{}/{name}?sslmode=disable", proxy.port());
    let db = Database::parse(&url).expect("the URL");
    let direct = Database::parse(&server.url(&name)).expect("the direct URL");
    let store = Store::open_database(&db).expect("open through the proxy");
    Some((store, proxy, direct))
}

/// A click's save with a marker the proxy finds in its bytes.
fn marked(game: &Front, marker: &str) -> LiveSave {
    LiveSave { live: format!("{{\"seq\":{},\"marker\":\"{marker}\"}}", game.seq + 1), ..game.change(&[THROW]) }
}

fn counter_and_log(db: &Database, game: &Front) -> (u64, usize) {
    let store = Store::open_database(db).expect("open directly");
    let info = store.game(game.id).expect("read").expect("the game");
    (info.seq, store.events(game.id).expect("events").len())
}

#[test]
fn a_click_written_before_its_answer_was_lost_is_saved_once() {
    let Some((mut store, proxy, direct)) = through_proxy() else { return };
    let (mut game, _) = playing_game(&mut store, 1, &humans(2));
    let save = marked(&game, "cut-after");
    proxy.arm(Cut::After(b"cut-after".to_vec()));
    game.save(&mut store, &save).expect("saved, as the row read back shows");
    assert_eq!(proxy.cuts(), 1, "the connection was cut");
    assert_eq!(counter_and_log(&direct, &game), (game.seq, 1), "written once");
    game.save(&mut store, &game.change(&[THROW])).expect("the next click");
    assert_eq!(counter_and_log(&direct, &game), (game.seq, 2));
}

#[test]
fn a_click_the_server_never_had_is_sent_again_and_saved_once() {
    let Some((mut store, proxy, direct)) = through_proxy() else { return };
    let (mut game, _) = playing_game(&mut store, 1, &humans(2));
    let save = marked(&game, "cut-before");
    proxy.arm(Cut::Before(b"cut-before".to_vec()));
    game.save(&mut store, &save).expect("sent again on a new connection");
    assert_eq!(proxy.cuts(), 1);
    assert_eq!(counter_and_log(&direct, &game), (game.seq, 1), "written once");
}

#[test]
fn a_game_s_end_committed_before_its_answer_was_lost_is_saved() {
    let Some((mut store, proxy, direct)) = through_proxy() else { return };
    let (mut game, _) = playing_game(&mut store, 1, &humans(2));
    let end = LiveSave { state: GameState::Abandoned, ..game.change(&[THROW]) };
    proxy.arm(Cut::After(COMMIT.to_vec()));
    game.save(&mut store, &end).expect("the end was committed");
    assert_eq!(proxy.cuts(), 1, "cut after the COMMIT");
    let read = Store::open_database(&direct).expect("open directly");
    assert_eq!(read.game(game.id).expect("read").expect("the game").state, GameState::Abandoned);
    assert_eq!(counter_and_log(&direct, &game), (game.seq, 1));
}

#[test]
fn a_save_that_cannot_be_read_back_is_in_doubt_and_the_row_decides_after() {
    let Some((mut store, proxy, direct)) = through_proxy() else { return };
    let (game, _) = playing_game(&mut store, 1, &humans(2));
    let save = marked(&game, "cut-and-refuse");
    proxy.arm(Cut::After(b"cut-and-refuse".to_vec()));
    proxy.refuse(true);
    let started = std::time::Instant::now();
    let doubt = store.save_live(game.id, &save);
    assert!(matches!(doubt, Err(StoreError::InDoubt { .. })), "{doubt:?}");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(2),
        "inside a click's deadline: {:?}",
        started.elapsed()
    );
    assert_eq!(counter_and_log(&direct, &game), (save.seq, 1), "it was written");
    proxy.refuse(false);
    // The bot's copy went back to before the change: its next save is stale.
    let again = store.save_live(game.id, &game.change(&[THROW]));
    assert!(matches!(again, Err(StoreError::Stale { current }) if current == save.seq), "{again:?}");
}
