//! The games that closed at the end of the previous run: start-up checks
//! their boards, since a crash between saving a game's end and showing it
//! happens right at the end of a run.

use crate::common::new_game;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use thaayam::engine::{Ruleset, Variant};
use thaayam::store::{GameId, GameState, LiveSave, Store, Timestamp};

fn save(expected_seq: u64, state: GameState, board: Option<u64>) -> LiveSave {
    LiveSave {
        expected_seq,
        seq: expected_seq + 1,
        state,
        seats: None,
        first_event: 0,
        events: Vec::new(),
        deadline: None,
        board: board.map(|m| (m, Timestamp(1))),
        board_seq: None,
        places: None,
        rated: true,
        names: Vec::new(),
        left_unplayed: Vec::new(),
        live: "{}".into(),
    }
}

#[test]
fn games_closed_near_the_last_write_are_found() {
    let now = Arc::new(AtomicI64::new(1_000_000));
    let clock = now.clone();
    let mut store = Store::open_in_memory().expect("open").with_clock(move || Timestamp(clock.load(Ordering::Relaxed)));
    let game = |store: &mut Store, channel: u64| -> GameId {
        let id = store.create_game(&new_game(channel, Ruleset::new(Variant::Bell), 2)).expect("create");
        store.save_live(id, &save(0, GameState::Lobby, Some(channel))).expect("lobby");
        id
    };
    let early = game(&mut store, 1);
    let late = game(&mut store, 2);
    let unshown = game(&mut store, 3);
    let open = game(&mut store, 4);
    store.save_live(early, &save(1, GameState::Abandoned, Some(1))).expect("early end");
    now.store(5_000_000, Ordering::Relaxed);
    store.save_live(late, &save(1, GameState::Abandoned, Some(2))).expect("late end");
    store.save_live(unshown, &save(1, GameState::Abandoned, None)).expect("end without a board");
    now.store(5_300_000, Ordering::Relaxed);
    store.save_live(open, &save(1, GameState::Lobby, Some(4))).expect("the last write");
    assert_eq!(store.closed_near_last_write(600).expect("read"), vec![late]);
    assert_eq!(store.closed_near_last_write(5_000).expect("read"), vec![early, late]);
}
