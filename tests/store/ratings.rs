//! Ratings: a finished game moves the winner up and the last down; the
//! leaderboard hides players under the minimum and computers; streaks and
//! average places add up.

use crate::common::{Front, playing, playing_game};
use thaayam::engine::{Ruleset, Variant};
use thaayam::store::{GameState, LiveSave, Occupant, PlayerRating, Store};

/// The save that ends a game with the given places (by seat S, W, N, E).
fn end(game: &Front, places: [u8; 4]) -> LiveSave {
    LiveSave { state: GameState::Finished, places: Some(places), ..game.change(&[]) }
}

/// Plays a finished game with the given places.
fn finish(store: &mut Store, channel: u64, occupants: &[Occupant], places: [u8; 4]) {
    let (mut game, _) = playing_game(store, channel, occupants);
    game.save(store, &end(&game, places)).expect("finish");
}

fn rating(store: &Store, user: u64) -> Option<PlayerRating> {
    store.player_stats(7, user).expect("stats").into_iter().find(|r| r.variant == Variant::Bell)
}

fn four() -> Vec<Occupant> {
    (100..104).map(Occupant::Human).collect()
}

#[test]
fn the_winner_goes_up_and_the_last_goes_down() {
    let mut store = Store::open_in_memory().expect("open");
    finish(&mut store, 1, &four(), [1, 2, 3, 4]);
    let r: Vec<PlayerRating> = (100..104).map(|u| rating(&store, u).expect("rated")).collect();
    assert!(r[0].rating > 25.0, "winner {r:?}");
    assert!(r[3].rating < 25.0, "last {r:?}");
    assert!(r[0].rating > r[1].rating && r[1].rating > r[2].rating && r[2].rating > r[3].rating);
    assert!(r.iter().all(|p| p.uncertainty < 25.0 / 3.0 && p.games == 1));
    assert_eq!(
        r.iter().map(|p| (p.wins, p.place_sum, p.streak)).collect::<Vec<_>>(),
        vec![(1, 1, 1), (0, 2, 0), (0, 3, 0), (0, 4, 0)]
    );
}

#[test]
fn leaderboard_hides_players_under_the_minimum_and_computers() {
    let mut store = Store::open_in_memory().expect("open");
    // 100 and 101 play three games; 102 joins only the last one with a computer.
    finish(&mut store, 1, &[Occupant::Human(100), Occupant::Human(101)], [1, 0, 2, 0]);
    finish(&mut store, 1, &[Occupant::Human(100), Occupant::Human(101)], [1, 0, 2, 0]);
    let table = [Occupant::Human(100), Occupant::Human(101), Occupant::Human(102), Occupant::Computer("hard".into())];
    finish(&mut store, 1, &table, [2, 3, 1, 4]);
    let board = store.leaderboard(7, Variant::Bell, 2, 10).expect("board");
    assert_eq!(board.iter().map(|r| r.user).collect::<Vec<_>>(), vec![100, 101]);
    let all = store.leaderboard(7, Variant::Bell, 1, 10).expect("board");
    assert_eq!(all.len(), 3, "computers are never listed: {all:?}");
    assert!(all.windows(2).all(|w| w[0].ordinal() >= w[1].ordinal()));
    assert!(store.leaderboard(7, Variant::Francais, 0, 10).expect("board").is_empty());
    assert!(store.leaderboard(8, Variant::Bell, 0, 10).expect("board").is_empty());
    let p100 = rating(&store, 100).expect("rated");
    assert_eq!((p100.games, p100.wins, p100.streak, p100.best_streak), (3, 2, 0, 2));
    assert!((p100.average_place() - 4.0 / 3.0).abs() < 1e-9);
}

#[test]
fn ratings_are_per_variant_and_abandoned_games_are_unrated() {
    let mut store = Store::open_in_memory().expect("open");
    let two = [Occupant::Human(100), Occupant::Human(101)];
    let (mut game, _) = playing(&mut store, 3, Ruleset::new(Variant::Francais), &two);
    let changes = game.save(&mut store, &end(&game, [2, 0, 1, 0])).expect("finish");
    let mut places: Vec<(u64, u8)> = changes.iter().map(|c| (c.user, c.place)).collect();
    places.sort();
    assert_eq!(places, vec![(100, 2), (101, 1)], "the finishing save returns the rating changes");
    // Abandoned by a moderator, and ended early by the front end: unrated.
    let (game, _) = playing_game(&mut store, 4, &two);
    store.abandon(game.id, Some(game.seq)).expect("abandon");
    let (mut ended, _) = playing_game(&mut store, 5, &two);
    let changes = ended.save(&mut store, &LiveSave { state: GameState::Abandoned, ..ended.change(&[]) }).expect("end");
    assert!(changes.is_empty());
    let stats = store.player_stats(7, 101).expect("stats");
    assert_eq!(stats.iter().map(|r| (r.variant, r.games, r.wins)).collect::<Vec<_>>(), vec![(Variant::Francais, 1, 1)]);
    for id in [game.id, ended.id] {
        assert_eq!(store.game(id).expect("read").expect("exists").seats.iter().filter_map(|s| s.place).count(), 0);
    }
}

/// `thaayam check` recounts in the order the bot rated, not by id or
/// clock: the second game opened finishes first, both in one millisecond,
/// and a third finishes after the clock went back.
#[test]
fn the_recount_follows_the_order_of_rating_whatever_the_clock_says() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicI64, Ordering};
    let now = Arc::new(AtomicI64::new(1_000_000));
    let clock = now.clone();
    let mut store = Store::open_in_memory()
        .expect("open")
        .with_clock(move || thaayam::store::Timestamp(clock.load(Ordering::SeqCst)));
    let (mut first, _) = playing_game(&mut store, 1, &four());
    let (mut second, _) = playing_game(&mut store, 2, &four());
    let (mut third, _) = playing_game(&mut store, 3, &four());
    second.save(&mut store, &end(&second, [1, 2, 3, 4])).expect("finish second");
    first.save(&mut store, &end(&first, [4, 3, 2, 1])).expect("finish first");
    now.store(999_000, Ordering::SeqCst);
    third.save(&mut store, &end(&third, [2, 1, 4, 3])).expect("finish third");
    assert_eq!(store.rating_problems().expect("recount"), Vec::<String>::new());
}
