//! What a new game and its changes cost on a network: on PostgreSQL a new
//! game's row is one exchange with the server, and every change that does
//! not end its game (a lobby's first save with the host, a join, the
//! start with its seats, a click) one more; the seats such a statement
//! writes are those the full transaction would (players moving seats,
//! leaving), and a channel's unfinished game still refuses a second one.
//! Skipped, and said so, without PostgreSQL.

use crate::common::{Front, humans, new_game, seated};
use thaayam::engine::{Event, Ruleset, Throw, Variant};
use thaayam::lab::pg_server;
use thaayam::store::{GameState, LiveSave, Occupant, Store, StoreError};

const THROW: Event = Event::Throw { t: Throw::Two };

/// The seats of the game as (seat index, occupant), in seat order.
fn seats_of(store: &Store, front: &Front) -> Vec<(usize, Occupant)> {
    let game = store.game(front.id).expect("read").expect("the game");
    game.seats.into_iter().map(|s| (s.seat.index(), s.occupant)).collect()
}

/// Runs `f` and returns its result with the exchanges it made.
fn counted<T>(store: &mut Store, f: impl FnOnce(&mut Store) -> T) -> (T, u64) {
    let before = store.round_trips();
    let out = f(store);
    (out, store.round_trips() - before)
}

/// A lobby opened, joined, started and clicked, each change saved:
/// returns the exchanges of each step.
fn lobby_to_click(store: &mut Store, channel: u64) -> [u64; 5] {
    let ruleset = Ruleset::new(Variant::Bell);
    let (id, create) = counted(store, |s| s.create_game(&new_game(channel, ruleset, 2)).expect("create"));
    let mut game = Front::new(id);
    let lobby = |game: &Front, seats| LiveSave { state: GameState::Lobby, seats: Some(seats), ..game.change(&[]) };
    let host = vec![(thaayam::engine::Seat::ALL[0], Occupant::Human(100))];
    let (_, first) = counted(store, |s| game.save(s, &lobby(&game, host)).expect("first save"));
    let (_, join) = counted(store, |s| game.save(s, &lobby(&game, seated(&humans(2)).1)).expect("join"));
    let start = LiveSave { seats: Some(seated(&humans(2)).1), ..game.change(&[]) };
    let (_, start) = counted(store, |s| game.save(s, &start).expect("start"));
    let (_, click) = counted(store, |s| game.save(s, &game.change(&[THROW])).expect("click"));
    assert_eq!(seats_of(store, &game), vec![(0, Occupant::Human(100)), (2, Occupant::Human(101))]);
    assert_eq!(store.events(id).expect("events"), vec![THROW]);
    [create, first, join, start, click]
}

#[test]
fn a_new_game_and_each_change_of_its_lobby_are_one_round_trip_on_postgres() {
    let Some(server) = pg_server::shared() else { return };
    let mut store = Store::open_database(&server.fresh_database()).expect("open");
    // The first game also prepares each statement on this connection.
    let first = lobby_to_click(&mut store, 1);
    assert!(first.iter().all(|&n| n >= 1), "{first:?}");
    assert_eq!(lobby_to_click(&mut store, 2), [1; 5], "row, first save, join, start, click");
    let (busy, trips) = counted(&mut store, |s| s.create_game(&new_game(2, Ruleset::new(Variant::Bell), 2)));
    assert!(matches!(busy, Err(StoreError::ChannelBusy { channel: 2, .. })), "{busy:?}");
    assert!(trips > 1, "a busy channel is told by the transaction, which names its game: {trips}");
}

/// Seats that change hands, a player who leaves and one who comes back in
/// another seat: what the one statement writes is what the transaction
/// would, and a swap that meets the one-seat-per-player index halfway is
/// done by the transaction instead, applied once.
#[test]
fn seats_saved_in_one_statement_are_the_seats_given_on_postgres() {
    let Some(server) = pg_server::shared() else { return };
    let mut store = Store::open_database(&server.fresh_database()).expect("open");
    let id = store.create_game(&new_game(3, Ruleset::new(Variant::Bell), 4)).expect("create");
    let mut game = Front::new(id);
    let h = |u: u64| Occupant::Human(u);
    let steps: Vec<Vec<(usize, Occupant)>> = vec![
        vec![(0, h(100))],
        vec![(0, h(100)), (1, h(101)), (2, Occupant::Computer("easy".into()))],
        vec![(0, h(100)), (2, Occupant::Computer("easy".into()))],
        vec![(0, h(101)), (1, h(100)), (3, h(102))],
        vec![(0, h(100)), (1, h(101)), (3, h(102))],
    ];
    for seats in steps {
        let given = seats.iter().map(|(i, o)| (thaayam::engine::Seat::ALL[*i], o.clone())).collect();
        let save = LiveSave { state: GameState::Lobby, seats: Some(given), ..game.change(&[]) };
        game.save(&mut store, &save).expect("save");
        assert_eq!(seats_of(&store, &game), seats);
        let info = store.game(id).expect("read").expect("the game");
        assert!(info.seats.iter().all(|s| s.joined_at == info.updated_at && s.place.is_none()));
        assert_eq!(info.seq, game.seq, "applied once");
    }
}
