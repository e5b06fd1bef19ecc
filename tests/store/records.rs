//! Round trips of every record the store keeps: guild settings, games,
//! seats, the event log, board messages, deadlines, timeouts, abandoning,
//! history and resuming.

use crate::common::{Scratch, humans, new_game, playing_game, random_log};
use thaayam::dice::{commitment, verify_seed, verify_throws};
use thaayam::engine::{Event, Phase, Ruleset, Seat, SeatSet, Variant};
use thaayam::store::{
    Activity, Commit, EndPermission, GameState, GuildSettings, Occupant, Store, StoreError, Timestamp,
};

fn clocked(at: i64) -> Store {
    Store::open_in_memory().expect("open").with_clock(move || Timestamp(at))
}

#[test]
fn guild_settings_round_trip_and_default() {
    let mut store = clocked(1);
    assert_eq!(store.guild_settings(5).expect("read"), GuildSettings::default());
    let s = GuildSettings {
        default_ruleset: Ruleset { variant: Variant::Francais, twins_return_singles: true },
        turn_timeout_secs: 45,
        end_permission: EndPermission::Moderators,
    };
    store.set_guild_settings(5, &s).expect("save");
    assert_eq!(store.guild_settings(5).expect("read"), s);
    assert_eq!(store.guild_settings(6).expect("read"), GuildSettings::default());
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
fn lobby_join_leave_and_start_reseat_in_join_order() {
    let mut store = clocked(1);
    let id = store.create_game(&new_game(1, Ruleset::default(), 4)).expect("create");
    let (s0, seq) = store.join(id, 0, &Occupant::Human(100)).expect("join");
    let (s1, seq) = store.join(id, seq, &Occupant::Human(101)).expect("join");
    let (s2, seq) = store.join(id, seq, &Occupant::Computer("easy".into())).expect("join");
    assert_eq!((s0, s1, s2), (Seat::S, Seat::W, Seat::N));
    assert!(matches!(store.join(id, seq, &Occupant::Human(100)), Err(StoreError::AlreadySeated { user: 100, .. })));
    let seq = store.leave(id, seq, Seat::W).expect("leave");
    assert!(matches!(store.leave(id, seq, Seat::W), Err(StoreError::NotSeated(_))));
    assert!(
        matches!(store.join(id, seq - 1, &Occupant::Human(102)), Err(StoreError::Stale { current }) if current == seq)
    );
    let (seats, seq) = store.start(id, seq, Some(Timestamp(99))).expect("start");
    assert_eq!(seats, SeatSet::for_players(2).expect("2"));
    let g = store.game(id).expect("read").expect("exists");
    assert_eq!((g.state, g.seq, g.deadline), (GameState::Playing, seq, Some(Timestamp(99))));
    assert_eq!(g.occupant(Seat::S), Some(&Occupant::Human(100)));
    assert_eq!(g.occupant(Seat::N), Some(&Occupant::Computer("easy".into())));
    assert_eq!(g.seat_set(), seats);
    assert!(matches!(
        store.join(id, seq, &Occupant::Human(5)),
        Err(StoreError::WrongState { state: GameState::Playing, .. })
    ));
}

#[test]
fn a_full_or_lonely_table() {
    let mut store = clocked(1);
    let id = store.create_game(&new_game(1, Ruleset::default(), 2)).expect("create");
    let (_, seq) = store.join(id, 0, &Occupant::Human(1)).expect("join");
    assert!(matches!(store.start(id, seq, None), Err(StoreError::BadTable { players: 1, .. })));
    let (_, seq) = store.join(id, seq, &Occupant::Human(2)).expect("join");
    assert!(matches!(store.join(id, seq, &Occupant::Human(3)), Err(StoreError::TableFull(_))));
}

#[test]
fn the_event_log_round_trips_and_counts_throws() {
    let mut store = clocked(1);
    let (id, mut seq, seats) = playing_game(&mut store, 1, &humans(4));
    let record = random_log(Ruleset::default(), seats, 3);
    for chunk in record.events.chunks(5) {
        seq = store.apply(id, seq, chunk).expect("apply");
    }
    let loaded = store.load(id).expect("load").expect("exists");
    assert_eq!(loaded.events, record.events);
    assert_eq!(loaded.info.events, record.events.len() as u64);
    assert_eq!(loaded.info.throws_drawn, crate::common::throws(&record.events) as u64);
    assert_eq!(loaded.info.seq, seq);
    assert_eq!(loaded.replay().expect("replays").game(), record.game());
}

#[test]
fn commits_set_deadlines_timeouts_and_finish() {
    let mut store = clocked(5_000);
    let (id, seq, seats) = playing_game(&mut store, 1, &humans(2));
    let record = random_log(Ruleset::default(), seats, 11);
    let (head, tail) = record.events.split_at(10);
    let c = Commit {
        events: head.to_vec(),
        deadline: Some(Some(Timestamp(8_000))),
        activity: Some((Seat::N, Activity::TimedOut)),
        ..Commit::default()
    };
    let seq = store.commit(id, seq, &c).expect("commit");
    let seq = store
        .commit(id, seq, &Commit { activity: Some((Seat::N, Activity::TimedOut)), ..Commit::default() })
        .expect("commit");
    let g = store.game(id).expect("read").expect("exists");
    assert_eq!(g.deadline, Some(Timestamp(8_000)));
    assert_eq!(g.seats.iter().map(|s| s.timeouts).collect::<Vec<_>>(), vec![0, 2]);
    let seq = store
        .commit(id, seq, &Commit { activity: Some((Seat::N, Activity::Acted)), ..Commit::default() })
        .expect("commit");
    assert!(matches!(
        store.commit(id, seq, &Commit { activity: Some((Seat::W, Activity::Acted)), ..Commit::default() }),
        Err(StoreError::NotSeated(_))
    ));
    let Phase::Finished { places } = record.game().phase() else { panic!("random games finish") };
    let c = Commit { events: tail.to_vec(), finish: Some(places), ..Commit::default() };
    let seq = store.commit(id, seq, &c).expect("finish");
    let g = store.game(id).expect("read").expect("exists");
    assert_eq!((g.state, g.finished_at, g.deadline, g.seq), (GameState::Finished, Some(Timestamp(5_000)), None, seq));
    assert_eq!(g.seats.iter().map(|s| s.place).collect::<Vec<_>>(), vec![Some(places[0]), Some(places[2])]);
    let seed = g.revealed_seed.expect("revealed when finished");
    assert!(verify_seed(&seed, &g.commitment));
    assert!(matches!(store.apply(id, seq, &[]), Err(StoreError::WrongState { state: GameState::Finished, .. })));
    assert!(store.active_game(1).expect("read").is_none());
}

#[test]
fn throws_drawn_from_the_stored_seed_verify_after_the_game() {
    let mut store = clocked(1);
    let (id, mut seq, seats) = playing_game(&mut store, 1, &humans(3));
    let mut game = thaayam::engine::Record::new(Ruleset::default(), seats);
    let mut rng_moves = 0usize;
    for _ in 0..60 {
        // Resume the source from the store each time, as after a restart.
        let mut src = store.throw_source(id).expect("source");
        let event = if game.game().wants_throw() {
            Event::Throw { t: src.next_throw() }
        } else {
            rng_moves += 1;
            let legal = game.game().legal_actions();
            Event::Act { action: legal[rng_moves % legal.len()] }
        };
        game.apply(event).expect("legal");
        seq = store.apply(id, seq, &[event]).expect("apply");
    }
    seq = store.abandon(id, Some(seq)).expect("abandon");
    let loaded = store.load(id).expect("load").expect("exists");
    assert_eq!((loaded.info.state, loaded.info.seq), (GameState::Abandoned, seq));
    let seed = loaded.info.revealed_seed.expect("revealed when abandoned");
    assert!(verify_throws(seed, Ruleset::default(), &loaded.events));
    assert!(!verify_throws([0; 32], Ruleset::default(), &loaded.events));
}

#[test]
fn board_message_and_replacing_a_player() {
    let mut store = clocked(42);
    let (id, seq, _) = playing_game(&mut store, 1, &humans(2));
    store.set_board_message(id, Some(555)).expect("board");
    store.set_deadline(id, Some(Timestamp(77))).expect("deadline");
    let g = store.game(id).expect("read").expect("exists");
    assert_eq!(
        (g.board_message, g.board_posted_at, g.deadline, g.seq),
        (Some(555), Some(Timestamp(42)), Some(Timestamp(77)), seq)
    );
    assert!(matches!(
        store.replace_seat(id, seq, Seat::N, &Occupant::Human(100)),
        Err(StoreError::AlreadySeated { .. })
    ));
    let seq2 = store.replace_seat(id, seq, Seat::N, &Occupant::Computer("hard".into())).expect("replace");
    assert_eq!(seq2, seq + 1);
    let g = store.game(id).expect("read").expect("exists");
    assert_eq!(g.occupant(Seat::N), Some(&Occupant::Computer("hard".into())));
    assert_eq!(g.seat_of(100), Some(Seat::S));
}

#[test]
fn history_lists_finished_games_newest_first_with_winners() {
    let mut store = Store::open_in_memory().expect("open");
    let mut finished = Vec::new();
    for k in 0..3u64 {
        let (id, seq, seats) = playing_game(&mut store, 1, &humans(2));
        let record = random_log(Ruleset::default(), seats, k);
        let Phase::Finished { places } = record.game().phase() else { panic!("finished") };
        store
            .commit(id, seq, &Commit { events: record.events.clone(), finish: Some(places), ..Commit::default() })
            .expect("finish");
        finished.push((id, places));
    }
    let (id, _, _) = playing_game(&mut store, 1, &humans(2));
    store.abandon(id, None).expect("abandon");
    let history = store.channel_history(1, 2).expect("history");
    assert_eq!(history.iter().map(|h| h.id).collect::<Vec<_>>(), vec![finished[2].0, finished[1].0]);
    let (_, places) = finished[2];
    let winner = if places[0] == 1 { 100 } else { 101 };
    assert_eq!(history[0].winners().collect::<Vec<_>>(), vec![&Occupant::Human(winner)]);
    assert!(store.channel_history(2, 10).expect("history").is_empty());
}

#[test]
fn unfinished_games_come_back_after_reopening() {
    let dir = Scratch::new("resume");
    let path = dir.path("t.db");
    let mut expect = Vec::new();
    {
        let mut store = Store::open(&path).expect("open");
        for ch in 1..=5u64 {
            let (id, seq, seats) = playing_game(&mut store, ch, &humans(2 + ch % 3));
            let record = random_log(Ruleset::default(), seats, ch);
            let cut = record.events.len() / 2;
            store.apply(id, seq, &record.events[..cut]).expect("apply");
            expect.push((id, record.events[..cut].to_vec()));
        }
        store.create_game(&new_game(9, Ruleset::default(), 2)).expect("lobby");
    }
    let store = Store::open(&path).expect("reopen");
    let games = store.unfinished_games().expect("resume");
    assert_eq!(games.len(), 6);
    for ((id, events), g) in expect.iter().zip(&games) {
        assert_eq!((g.info.id, &g.events), (*id, events));
        let fast = g.replay_game(&mut thaayam::engine::MoveGen::new()).expect("replays");
        assert_eq!(&fast, g.replay().expect("replays").game());
    }
    assert_eq!(games[5].info.state, GameState::Lobby);
    assert!(thaayam::store::replay_all(&games).iter().all(Result::is_ok));
}

#[test]
fn a_log_that_no_longer_replays_is_reported_with_its_index() {
    let mut store = clocked(1);
    let (id, seq, _) = playing_game(&mut store, 1, &humans(2));
    let pass = Event::Act { action: thaayam::engine::Action::Pass };
    store.apply(id, seq, &[pass]).expect("the store does not check rules");
    let loaded = store.load(id).expect("load").expect("exists");
    assert!(matches!(loaded.replay(), Err(StoreError::Replay { index: 0, .. })));
}

#[test]
fn resuming_from_snapshots_matches_the_full_replay() {
    let dir = Scratch::new("snapshots");
    let path = dir.path("s.db");
    let mut store = Store::open(&path).expect("open");
    let (id, mut seq, seats) = playing_game(&mut store, 1, &humans(4));
    let record = random_log(Ruleset::default(), seats, 21);
    let mut rec = thaayam::engine::Record::new(Ruleset::default(), seats);
    let mut checked = 0;
    for (i, e) in record.events[..record.events.len() * 2 / 3].iter().enumerate() {
        rec.apply(*e).expect("legal");
        let commit = Commit { events: vec![*e], state: Some(*rec.game()), ..Commit::default() };
        seq = store.commit(id, seq, &commit).expect("commit");
        if i % 37 == 0 {
            let resumed = store.resume_games().expect("resume");
            assert_eq!(resumed.len(), 1);
            assert!(resumed[0].game.as_ref().expect("rebuilt") == rec.game(), "after event {i}");
            checked += 1;
        }
    }
    let sqlite = rusqlite::Connection::open(&path).expect("sqlite");
    let idx: i64 =
        sqlite.query_row("SELECT idx FROM snapshots WHERE game_id = ?1", [id.0], |r| r.get(0)).expect("a snapshot");
    assert!(idx as usize > record.events.len() / 2, "a recent snapshot was kept (idx {idx})");
    assert!(checked > 3);
    // Without its snapshot the game is rebuilt from the whole log.
    sqlite.execute("DELETE FROM snapshots", []).expect("delete");
    assert!(store.resume_games().expect("resume")[0].game.as_ref().expect("rebuilt") == rec.game());
}
