//! Round trips of every record the store keeps: guild settings, games,
//! seats, the event log, the front end's live state, board messages,
//! deadlines, finishing and abandoning, history and resuming. Every change
//! of a game after its creation is a `save_live`; the live JSON is the
//! front end's own, so any JSON does here.

use crate::common::{Front, Scratch, humans, new_game, playing_game, random_log, seated, throws};
use thaayam::dice::{Derivation, GameDice, commitment, verify_seed, verify_throws};
use thaayam::engine::{Event, Phase, Record, Ruleset, Seat, Variant};
use thaayam::store::{
    EndPermission, GameState, GuildSettings, LiveSave, Occupant, SavedServer, Store, StoreError, Timestamp,
};

fn clocked(at: i64) -> Store {
    Store::open_in_memory().expect("open").with_clock(move || Timestamp(at))
}

#[test]
fn server_settings_round_trip_and_default() {
    let mut store = clocked(1);
    assert_eq!(store.server(5).expect("read"), SavedServer::default());
    let rules = GuildSettings {
        default_ruleset: Ruleset { variant: Variant::Francais, twins_return_singles: true },
        turn_timeout_secs: 45,
        end_permission: EndPermission::Moderators,
    };
    let s = SavedServer { rules: Some(rules), ..SavedServer::default() };
    store.save_server(5, &s).expect("save");
    assert_eq!(store.server(5).expect("read"), s);
    assert_eq!(store.server(6).expect("read"), SavedServer::default());
}

#[test]
fn a_new_game_reads_back_with_its_commitment_and_no_seed() {
    let mut store = clocked(1_000);
    let new = new_game(u64::MAX - 3, Ruleset::new(Variant::Bell1979), 3);
    let id = store.create_game(&new).expect("create");
    let g = store.game(id).expect("read").expect("exists");
    assert_eq!((g.guild, g.channel, g.host, g.ruleset, g.max_players), (7, u64::MAX - 3, 100, new.ruleset, 3));
    assert_eq!((g.state, g.seq, g.events, g.throws_drawn), (GameState::Lobby, 0, 0, 0));
    assert_eq!(
        (g.created_at, g.updated_at, g.finished_at, g.deadline),
        (Timestamp(1_000), Timestamp(1_000), None, None)
    );
    assert_eq!(g.commitment, commitment(&new.seed));
    assert_eq!(g.revealed_seed, None);
    assert!(g.seats.is_empty());
    assert_eq!(store.active_game(u64::MAX - 3).expect("read").map(|g| g.id), Some(id));
    assert!(store.game(thaayam::store::GameId(id.0 + 1)).expect("read").is_none());
    // Nothing to resume until the front end saves it.
    assert!(store.live_game(id).expect("read").is_none());
    assert!(store.live_games().expect("read").is_empty());
}

#[test]
fn one_unfinished_game_per_channel() {
    let mut store = clocked(1);
    let id = store.create_game(&new_game(9, Ruleset::default(), 2)).expect("create");
    match store.create_game(&new_game(9, Ruleset::default(), 2)) {
        Err(StoreError::ChannelBusy { channel: 9, game }) => assert_eq!(game, id),
        other => panic!("expected ChannelBusy, got {other:?}"),
    }
    store.abandon(id, Some(0)).expect("abandon");
    assert!(store.create_game(&new_game(9, Ruleset::default(), 2)).is_ok());
}

#[test]
fn seats_saved_with_a_change_replace_the_stored_ones() {
    let mut store = clocked(1);
    let id = store.create_game(&new_game(1, Ruleset::default(), 4)).expect("create");
    let mut game = Front::new(id);
    let easy = || Occupant::Computer("easy".into());
    let lobby = vec![(Seat::S, Occupant::Human(100)), (Seat::W, Occupant::Human(101)), (Seat::N, easy())];
    game.save(&mut store, &LiveSave { state: GameState::Lobby, seats: Some(lobby), ..game.change(&[]) })
        .expect("lobby");
    assert_eq!(store.game(id).expect("read").expect("exists").seats.len(), 3);
    // A stale change, and a human in two seats, are refused whole.
    let stale = LiveSave { expected_seq: 0, seats: Some(Vec::new()), ..game.change(&[]) };
    assert!(matches!(store.save_live(id, &stale), Err(StoreError::Stale { current: 1 })));
    let twice = vec![(Seat::S, Occupant::Human(100)), (Seat::N, Occupant::Human(100))];
    assert!(store.save_live(id, &LiveSave { seats: Some(twice), ..game.change(&[]) }).is_err());
    let g = store.game(id).expect("read").expect("exists");
    assert_eq!((g.state, g.seq, g.seats.len()), (GameState::Lobby, 1, 3), "nothing was written");
    // Starting: the players take the seats of a table of two, a deadline runs.
    let (seats, two) = seated(&[Occupant::Human(100), easy()]);
    game.save(&mut store, &LiveSave { seats: Some(two), deadline: Some(Timestamp(99)), ..game.change(&[]) })
        .expect("start");
    let g = store.game(id).expect("read").expect("exists");
    assert_eq!((g.state, g.seq, g.deadline), (GameState::Playing, 2, Some(Timestamp(99))));
    assert_eq!(g.occupant(Seat::S), Some(&Occupant::Human(100)));
    assert_eq!(g.occupant(Seat::N), Some(&easy()));
    assert_eq!((g.seat_set(), g.seat_of(101)), (seats, None));
    // A change without seats keeps them.
    game.save(&mut store, &game.change(&[])).expect("save");
    assert_eq!(store.game(id).expect("read").expect("exists").seat_set(), seats);
}

#[test]
fn the_event_log_round_trips_and_counts_throws() {
    let mut store = clocked(1);
    let (mut game, seats) = playing_game(&mut store, 1, &humans(4));
    let record = random_log(Ruleset::default(), seats, 3);
    for chunk in record.events.chunks(5) {
        game.save(&mut store, &game.change(chunk)).expect("save");
    }
    let loaded = store.load(game.id).expect("load").expect("exists");
    assert_eq!(loaded.events, record.events);
    assert_eq!(loaded.info.events, record.events.len() as u64);
    assert_eq!(loaded.info.throws_drawn, throws(&record.events) as u64);
    assert_eq!(loaded.info.seq, game.seq);
    assert_eq!(loaded.replay().expect("replays").game(), record.game());
    // A caller out of step with the log is refused and nothing is written.
    let gap = LiveSave { first_event: game.events + 1, ..game.change(&record.events[..1]) };
    assert!(matches!(store.save_live(game.id, &gap), Err(StoreError::Corrupt { .. })));
    assert_eq!(store.events(game.id).expect("log"), record.events);
}

#[test]
fn saves_set_the_deadline_and_finishing_records_places() {
    let mut store = clocked(5_000);
    let (mut game, seats) = playing_game(&mut store, 1, &humans(2));
    let record = random_log(Ruleset::default(), seats, 11);
    let (head, tail) = record.events.split_at(10);
    game.save(&mut store, &LiveSave { deadline: Some(Timestamp(8_000)), ..game.change(head) }).expect("save");
    assert_eq!(store.game(game.id).expect("read").expect("exists").deadline, Some(Timestamp(8_000)));
    // Every save carries the whole state: one without a deadline clears it.
    game.save(&mut store, &game.change(&[])).expect("save");
    assert_eq!(store.game(game.id).expect("read").expect("exists").deadline, None);
    let Phase::Finished { places } = record.game().phase() else { panic!("random games finish") };
    let unplaced = LiveSave { state: GameState::Finished, ..game.change(tail) };
    assert!(matches!(store.save_live(game.id, &unplaced), Err(StoreError::Corrupt { .. })));
    let end =
        LiveSave { state: GameState::Finished, places: Some(places), deadline: Some(Timestamp(9_000)), ..unplaced };
    game.save(&mut store, &end).expect("finish");
    let g = store.game(game.id).expect("read").expect("exists");
    assert_eq!(
        (g.state, g.finished_at, g.deadline, g.seq),
        (GameState::Finished, Some(Timestamp(5_000)), None, game.seq)
    );
    assert_eq!(g.events, record.events.len() as u64);
    assert_eq!(g.seats.iter().map(|s| s.place).collect::<Vec<_>>(), vec![Some(places[0]), Some(places[2])]);
    let seed = g.revealed_seed.expect("revealed when finished");
    assert!(verify_seed(&seed, &g.commitment));
    assert!(matches!(
        store.save_live(game.id, &game.change(&[])),
        Err(StoreError::WrongState { state: GameState::Finished, .. })
    ));
    assert!(store.active_game(1).expect("read").is_none());
    assert!(store.live_game(game.id).expect("read").is_none(), "the live state is dropped");
}

#[test]
fn throws_from_the_committed_seed_verify_once_the_game_is_over() {
    let mut store = clocked(1);
    let (mut game, seats) = playing_game(&mut store, 1, &humans(3));
    let seed = new_game(1, Ruleset::default(), 3).seed.0;
    let mut src = GameDice::resumed(seed, Derivation::CURRENT, Ruleset::default().rules().dice, 0);
    let mut record = Record::new(Ruleset::default(), seats);
    let mut moves = 0usize;
    for _ in 0..60 {
        let event = if record.game().wants_throw() {
            Event::Throw { t: src.next_throw() }
        } else {
            moves += 1;
            let legal = record.game().legal_actions();
            Event::Act { action: legal[moves % legal.len()] }
        };
        record.apply(event).expect("legal");
        game.save(&mut store, &game.change(&[event])).expect("save");
    }
    let g = store.game(game.id).expect("read").expect("exists");
    assert_eq!((g.throws_drawn, g.revealed_seed), (throws(&record.events) as u64, None));
    game.save(&mut store, &LiveSave { state: GameState::Abandoned, ..game.change(&[]) }).expect("end");
    let loaded = store.load(game.id).expect("load").expect("exists");
    assert_eq!((loaded.info.state, loaded.info.seq), (GameState::Abandoned, game.seq));
    let seed = loaded.info.revealed_seed.expect("revealed when abandoned");
    assert!(verify_seed(&seed, &loaded.info.commitment));
    assert_eq!(loaded.info.dice, Derivation::CURRENT);
    assert!(verify_throws(seed, loaded.info.dice, Ruleset::default(), &loaded.events));
    assert!(!verify_throws([0; 32], loaded.info.dice, Ruleset::default(), &loaded.events));
}

#[test]
fn the_board_message_and_a_replaced_player() {
    let mut store = clocked(42);
    let (mut game, _) = playing_game(&mut store, 1, &humans(2));
    // The board re-posted is a change but not an action: the counter stays.
    let board = Some((555, Timestamp(40)));
    game.save(&mut store, &LiveSave { seq: game.seq, board, ..game.change(&[]) }).expect("board");
    let g = store.game(game.id).expect("read").expect("exists");
    assert_eq!((g.board_message, g.board_posted_at, g.seq), (Some(555), Some(Timestamp(40)), 1));
    // A kicked player's seat goes to a computer.
    let hard = Occupant::Computer("hard".into());
    let seats = vec![(Seat::S, Occupant::Human(100)), (Seat::N, hard.clone())];
    game.save(&mut store, &LiveSave { seats: Some(seats), board, ..game.change(&[]) }).expect("replace");
    let g = store.game(game.id).expect("read").expect("exists");
    assert_eq!((g.occupant(Seat::N), g.seat_of(100), g.seat_of(101)), (Some(&hard), Some(Seat::S), None));
    assert_eq!((g.board_message, g.seq), (Some(555), 2));
}

#[test]
fn history_lists_finished_games_newest_first_with_winners() {
    let mut store = Store::open_in_memory().expect("open");
    let mut finished = Vec::new();
    for k in 0..3u64 {
        let (mut game, seats) = playing_game(&mut store, 1, &humans(2));
        let record = random_log(Ruleset::default(), seats, k);
        let Phase::Finished { places } = record.game().phase() else { panic!("finished") };
        let end = LiveSave { state: GameState::Finished, places: Some(places), ..game.change(&record.events) };
        game.save(&mut store, &end).expect("finish");
        finished.push((game.id, places));
    }
    let (game, _) = playing_game(&mut store, 1, &humans(2));
    store.abandon(game.id, None).expect("abandon");
    let history = store.channel_history(1, 2).expect("history");
    assert_eq!(history.iter().map(|h| h.id).collect::<Vec<_>>(), vec![finished[2].0, finished[1].0]);
    let (_, places) = finished[2];
    let winner = if places[0] == 1 { 100 } else { 101 };
    assert_eq!(history[0].winners().collect::<Vec<_>>(), vec![&Occupant::Human(winner)]);
    assert!(store.channel_history(2, 10).expect("history").is_empty());
}

#[test]
fn open_games_come_back_after_reopening() {
    let dir = Scratch::new("resume");
    let path = dir.path("t.db");
    let mut expect = Vec::new();
    {
        let mut store = Store::open(&path).expect("open");
        for ch in 1..=5u64 {
            let (mut game, seats) = playing_game(&mut store, ch, &humans(2 + ch % 3));
            let record = random_log(Ruleset::default(), seats, ch);
            let cut = &record.events[..record.events.len() / 2];
            let live = format!("{{\"channel\":{ch}}}");
            game.save(&mut store, &LiveSave { live: live.clone(), ..game.change(cut) }).expect("save");
            expect.push((game.id, cut.to_vec(), live));
        }
        let mut lobby = Front::new(store.create_game(&new_game(9, Ruleset::default(), 2)).expect("lobby"));
        let host = vec![(Seat::S, Occupant::Human(100))];
        lobby
            .save(&mut store, &LiveSave { state: GameState::Lobby, seats: Some(host), ..lobby.change(&[]) })
            .expect("lobby");
        store.create_game(&new_game(10, Ruleset::default(), 2)).expect("created, never saved");
    }
    let store = Store::open(&path).expect("reopen");
    let games = store.live_games().expect("resume");
    assert_eq!(games.len(), 6, "a game never saved has nothing to resume");
    for ((id, events, live), g) in expect.iter().zip(&games) {
        assert_eq!((g.info.id, &g.events, &g.live), (*id, events, live));
        let replayed = Record::replay(g.info.ruleset, g.info.seat_set(), &g.events).expect("replays");
        assert_eq!(&replayed.events, events);
    }
    assert_eq!(games[5].info.state, GameState::Lobby);
    assert_eq!(store.unfinished_games().expect("all").len(), 7, "the game never saved is unfinished all the same");
}

#[test]
fn a_log_that_no_longer_replays_is_reported_with_its_index() {
    let mut store = clocked(1);
    let (mut game, _) = playing_game(&mut store, 1, &humans(2));
    let pass = Event::Act { action: thaayam::engine::Action::Pass };
    game.save(&mut store, &game.change(&[pass])).expect("the store does not check rules");
    let loaded = store.load(game.id).expect("load").expect("exists");
    assert!(matches!(loaded.replay(), Err(StoreError::Replay { index: 0, .. })));
}
