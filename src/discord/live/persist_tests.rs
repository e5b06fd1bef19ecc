//! Tests of saving tables in the store: every click of whole games saved
//! and loaded back identical, a restart in the middle of a turn, stale
//! saves refused, ratings on finish, players who left placed last, and
//! closed games rebuilt from the store to show their end.

use super::persist::{create_sync, from_closed, from_live, save_sync};
use super::running::{BoardMessage, Running};
use crate::discord::game::ids::{MessageId, UserId};
use crate::discord::game::intent::{Actor, Intent};
use crate::discord::game::session;
use crate::discord::game::session_tests::{GUEST, HOST, act, lobby, next_intent};
use crate::discord::game::table::{NewGame, Player, Stage};
use crate::discord::view::lang::Lang;
use crate::discord::view::presenter::{Outro, table_message};
use crate::engine::Variant;
use crate::store::{GameState, Store, StoreError};

/// A lobby created in the store (as `/thaayam new` does) and saved.
fn saved_lobby(store: &mut Store, variant: Variant) -> Running {
    let mut t = Running::new(lobby(2, variant));
    let new = NewGame {
        venue: t.table.venue,
        channel: t.table.channel,
        host: t.table.host,
        ruleset: t.table.ruleset,
        players: t.table.players,
        turn_timeout: t.table.turn_timeout,
        moderators_end: false,
        practice: false,
    };
    let created = create_sync(store, new, t.table.seed.0).expect("create");
    (t.table.id, t.stored) = (created.table.id, created.stored);
    save_sync(store, &mut t).expect("save lobby");
    t
}

fn reload(store: &Store, t: &Running) -> Running {
    let live = store.live_game(t.table.id.into()).expect("read").expect("unfinished");
    from_live(live).expect("loads")
}

fn assert_same(a: &Running, b: &Running) {
    assert_eq!(
        (a.table.seq, a.table.stage, a.table.drawn, &a.table.draft, &a.table.lineup),
        (b.table.seq, b.table.stage, b.table.drawn, &b.table.draft, &b.table.lineup)
    );
    assert_eq!(a.table.events, b.table.events);
    assert_eq!(a.table.game_now(), b.table.game_now());
    assert_eq!((a.table.deadline, a.table.absences, a.post.board), (b.table.deadline, b.table.absences, b.post.board));
}

#[test]
fn every_click_of_a_game_is_saved_and_loads_back_identical() {
    for variant in [Variant::Bell, Variant::TayamSonalu] {
        let mut store = Store::open_in_memory().expect("store");
        let mut t = saved_lobby(&mut store, variant);
        act(&mut t.table, GUEST, Intent::Join).expect("join");
        save_sync(&mut store, &mut t).expect("save join");
        act(&mut t.table, HOST, Intent::Start).expect("start");
        save_sync(&mut store, &mut t).expect("save start");
        let mut clicks = 0;
        let mut changes = Vec::new();
        while t.table.stage == Stage::Playing {
            let user = t.table.human_to_act().expect("a human is to act");
            let intent = next_intent(&t.table);
            act(&mut t.table, user, intent).expect("scripted click");
            changes = save_sync(&mut store, &mut t).expect("save click");
            if t.table.stage == Stage::Playing {
                assert_same(&reload(&store, &t), &t);
            }
            clicks += 1;
        }
        assert_eq!(t.table.stage, Stage::Finished, "{variant} after {clicks} clicks");
        let info = store.game(t.table.id.into()).expect("read").expect("game");
        assert_eq!(info.state, GameState::Finished);
        assert_eq!(info.events as usize, t.table.events.len());
        assert_eq!(info.throws_drawn, u64::from(t.table.drawn));
        assert_eq!(
            store.events(t.table.id.into()).expect("log"),
            t.table.events,
            "{variant}: the store's log is the game's"
        );
        let seed = info.revealed_seed.expect("seed revealed");
        assert_eq!(info.dice, crate::dice::Derivation::CURRENT);
        assert!(
            crate::dice::verify_throws(seed, info.dice, t.table.ruleset, &t.table.events),
            "the dice came from the committed seed"
        );
        assert_eq!(changes.len(), 2, "both humans rated");
        let winner =
            t.table.final_places().and_then(|p| t.table.seats().iter().find(|s| p[s.index()] == 1)).expect("winner");
        let winner = t.table.player(winner).expect("player");
        let won = changes.iter().find(|c| c.place == 1).expect("a first place");
        assert_eq!(winner, Player::Human(UserId(won.user)));
        assert!(won.after.0 > won.before.0);
        assert!(store.live_game(t.table.id.into()).expect("read").is_none(), "no live state once finished");
        let board = store.leaderboard(t.table.venue.guild_number(), variant, 1, 10).expect("leaderboard");
        assert_eq!(board.len(), 2);
        assert_eq!(board[0].user, won.user, "the winner leads");
    }
}

#[test]
fn a_restart_in_the_middle_of_a_turn_keeps_the_uncommitted_choices() {
    let mut store = Store::open_in_memory().expect("store");
    let mut t = saved_lobby(&mut store, Variant::Bell);
    act(&mut t.table, GUEST, Intent::Join).expect("join");
    act(&mut t.table, HOST, Intent::Start).expect("start");
    save_sync(&mut store, &mut t).expect("save");
    while t.table.draft.actions.is_empty() {
        let user = t.table.human_to_act().expect("human");
        let intent = next_intent(&t.table);
        act(&mut t.table, user, intent).expect("click");
        save_sync(&mut store, &mut t).expect("save");
    }
    let tables: Vec<Running> =
        store.live_games().expect("read").into_iter().map(|g| from_live(g).expect("ok")).collect();
    assert_eq!(tables.len(), 1);
    let mut back = tables.into_iter().next().expect("one");
    assert_same(&back, &t);
    // The old board's buttons carry the saved seq: they still work.
    let user = back.table.human_to_act().expect("human");
    let intent = next_intent(&back.table);
    act(&mut back.table, user, intent).expect("an old button after the restart");
    save_sync(&mut store, &mut back).expect("saved after the restart");
}

#[test]
fn a_second_writer_with_an_old_copy_is_refused_and_nothing_is_written() {
    let mut store = Store::open_in_memory().expect("store");
    let mut t = saved_lobby(&mut store, Variant::Bell);
    let mut other = reload(&store, &t);
    act(&mut t.table, GUEST, Intent::Join).expect("join");
    save_sync(&mut store, &mut t).expect("first writer");
    act(&mut other.table, UserId(999), Intent::Join).expect("join elsewhere");
    let err = save_sync(&mut store, &mut other).expect_err("second writer");
    assert!(matches!(err, StoreError::Stale { .. }), "{err}");
    assert_eq!(reload(&store, &t).table.lineup, t.table.lineup, "the first writer's change stands");
}

#[test]
fn nothing_changed_writes_nothing() {
    let mut store = Store::open_in_memory().expect("store");
    let mut t = saved_lobby(&mut store, Variant::Bell);
    let before = store.game(t.table.id.into()).expect("read").expect("game").updated_at;
    let stored = t.stored.clone();
    save_sync(&mut store, &mut t).expect("no-op save");
    assert_eq!(t.stored, stored);
    assert_eq!(store.game(t.table.id.into()).expect("read").expect("game").updated_at, before);
}

#[test]
fn a_player_who_resigned_is_rated_last() {
    let mut store = Store::open_in_memory().expect("store");
    let mut t = saved_lobby(&mut store, Variant::Bell);
    t.table.players = 3;
    act(&mut t.table, GUEST, Intent::Join).expect("join");
    act(&mut t.table, UserId(303), Intent::Join).expect("join");
    act(&mut t.table, HOST, Intent::Start).expect("start");
    save_sync(&mut store, &mut t).expect("save");
    session::handle(&mut t.table, Actor { user: GUEST, moderator: false }, Intent::Resign, None, 1_000)
        .expect("resign");
    save_sync(&mut store, &mut t).expect("save resign");
    let mut changes = Vec::new();
    while t.table.stage == Stage::Playing {
        if session::computer_step(&mut t.table, 1_000).is_none() {
            let user = t.table.human_to_act().expect("human");
            let intent = next_intent(&t.table);
            act(&mut t.table, user, intent).expect("click");
        }
        changes = save_sync(&mut store, &mut t).expect("save");
    }
    let places = t.table.final_places().expect("finished");
    let guest_seat = t.table.left_seats.iter().position(|u| *u == Some(GUEST)).expect("guest's seat");
    assert_eq!(places[guest_seat], 3, "the resigned player is last whatever the computer did");
    let guest = changes.iter().find(|c| c.user == GUEST.get()).expect("the resigned player is rated");
    assert_eq!(guest.place, 3);
    let seats = store.game(t.table.id.into()).expect("read").expect("game").seats;
    assert!(seats.iter().any(|s| s.occupant == crate::store::Occupant::Human(GUEST.get()) && s.place == Some(3)));
    assert_eq!(t.table.occupants().len(), 3);
    assert!(t.table.occupants().contains(&(crate::engine::Seat::ALL[guest_seat], Player::Human(GUEST))));
}

/// A game played to the end and saved; its table as the bot last had it.
fn finished_game(store: &mut Store, players: u8, leaver: Option<UserId>) -> Running {
    let mut t = saved_lobby(store, Variant::Bell);
    t.table.players = players;
    act(&mut t.table, GUEST, Intent::Join).expect("join");
    if players > 2 {
        act(&mut t.table, UserId(303), Intent::Join).expect("join");
    }
    for (user, name) in [(HOST, "Meena"), (GUEST, "Arun"), (UserId(303), "Kavi")] {
        t.table.names.insert(user, name.into());
    }
    act(&mut t.table, HOST, Intent::Start).expect("start");
    t.post.board = Some(BoardMessage { message: MessageId(77), posted_at: 1_234 });
    save_sync(store, &mut t).expect("save");
    if let Some(user) = leaver {
        session::handle(&mut t.table, Actor { user, moderator: false }, Intent::Resign, None, 1_000).expect("resign");
        save_sync(store, &mut t).expect("save resign");
    }
    while t.table.stage == Stage::Playing {
        if session::computer_step(&mut t.table, 1_000).is_none() {
            let user = t.table.human_to_act().expect("human");
            let intent = next_intent(&t.table);
            act(&mut t.table, user, intent).expect("click");
        }
        save_sync(store, &mut t).expect("save");
    }
    t
}

#[test]
fn a_closed_game_rebuilt_from_the_store_shows_its_end() {
    let mut store = Store::open_in_memory().expect("store");
    let t = finished_game(&mut store, 2, None);
    let loaded = store.load(t.table.id.into()).expect("read").expect("game");
    let back = from_closed(loaded).expect("rebuilt");
    assert_eq!(
        (back.table.stage, back.table.seq, back.table.drawn, back.post.board),
        (t.table.stage, t.table.seq, t.table.drawn, t.post.board)
    );
    assert_eq!(back.table.final_places(), t.table.final_places());
    // Its players keep the names they went by (its page names them).
    assert_eq!(back.table.names.values().collect::<Vec<_>>(), ["Meena", "Arun"]);
    let (live, closed) = (
        table_message(Lang::EN, &t.table, &[], &Outro::default()),
        table_message(Lang::EN, &back.table, &[], &Outro::default()),
    );
    assert_eq!((&closed.content, &closed.embed), (&live.content, &live.embed), "the same end as the bot showed");

    // A player who resigned is placed last in the rebuilt game too.
    let t = finished_game(&mut store, 3, Some(GUEST));
    let back = from_closed(store.load(t.table.id.into()).expect("read").expect("game")).expect("rebuilt");
    assert_eq!(back.table.final_places(), t.table.final_places());
    assert_eq!(back.table.names.get(&GUEST).map(String::as_str), Some("Arun"), "the one who resigned too");

    // An open game is not rebuilt this way; an ended one is, unrated.
    let mut open = saved_lobby(&mut store, Variant::Bell);
    assert!(from_closed(store.load(open.table.id.into()).expect("read").expect("game")).is_err());
    act(&mut open.table, HOST, Intent::Cancel).expect("cancel");
    save_sync(&mut store, &mut open).expect("save");
    let back = from_closed(store.load(open.table.id.into()).expect("read").expect("game")).expect("rebuilt");
    assert_eq!((back.table.stage, back.table.final_places()), (Stage::Ended, None));
    assert!(table_message(Lang::EN, &back.table, &[], &Outro::default()).content.contains("ended before its end"));
}

/// A game created before the SHA-256 dice (its store row says ChaCha8, its
/// saved JSON names no derivation) resumes on the ChaCha8 stream it was
/// thrown with, plays to its end, and verifies under that derivation only.
#[test]
fn a_game_from_before_the_sha256_dice_resumes_and_verifies_on_its_own_stream() {
    use crate::dice::{Derivation, GameDice, verify_throws};
    let mut store = Store::open_in_memory().expect("store");
    let mut t = Running::new(lobby(2, Variant::Bell));
    let row = crate::store::NewGame {
        guild: t.table.venue.guild_number(),
        channel: t.table.channel.get(),
        host: t.table.host.get(),
        ruleset: t.table.ruleset,
        max_players: t.table.players,
        turn_timeout_secs: 60,
        seed: t.table.seed,
        practice: false,
        dice: Derivation::ChaCha8,
    };
    t.table.id = store.create_game(&row).expect("create").into();
    t.table.dice = Derivation::ChaCha8;
    t.stored = Some(Default::default());
    act(&mut t.table, GUEST, Intent::Join).expect("join");
    act(&mut t.table, HOST, Intent::Start).expect("start");
    save_sync(&mut store, &mut t).expect("save");
    while t.table.drawn < 6 {
        let user = t.table.human_to_act().expect("human");
        let intent = next_intent(&t.table);
        act(&mut t.table, user, intent).expect("click");
        save_sync(&mut store, &mut t).expect("save");
    }
    // The previous release's JSON has no `dice`: it reads as ChaCha8 too.
    let mut live = store.live_game(t.table.id.into()).expect("read").expect("unfinished");
    live.live = live.live.replace(r#""dice":"ChaCha8","#, "");
    assert!(!live.live.contains("dice"), "{}", live.live);
    let mut back = from_live(live).expect("loads");
    assert_eq!(back.table.dice, Derivation::ChaCha8);
    let mut legacy =
        GameDice::resumed(back.table.seed.0, Derivation::ChaCha8, back.table.ruleset.rules().dice, back.table.drawn);
    let next = legacy.next_throw();
    assert_eq!(back.table.dice().next_throw(), next, "the next throw is the ChaCha8 stream's");
    while back.table.stage == Stage::Playing {
        let user = back.table.human_to_act().expect("human");
        let intent = next_intent(&back.table);
        act(&mut back.table, user, intent).expect("click");
        save_sync(&mut store, &mut back).expect("save");
    }
    let info = store.game(back.table.id.into()).expect("read").expect("game");
    let seed = info.revealed_seed.expect("revealed");
    assert_eq!(info.dice, Derivation::ChaCha8);
    assert!(verify_throws(seed, Derivation::ChaCha8, back.table.ruleset, &back.table.events));
    assert!(!verify_throws(seed, Derivation::Sha256, back.table.ruleset, &back.table.events));
}

#[test]
fn the_action_a_board_shows_is_saved_and_loads_back() {
    let mut store = Store::open_in_memory().expect("store");
    let mut t = saved_lobby(&mut store, Variant::Bell);
    assert_eq!(reload(&store, &t).post.shown, None, "a lobby never shown");
    t.post.board = Some(BoardMessage { message: MessageId(77), posted_at: 1 });
    t.post.shown = Some(t.table.seq);
    save_sync(&mut store, &mut t).expect("Discord took the board");
    assert_eq!(reload(&store, &t).post.shown, Some(t.table.seq), "a restart knows the board is current");
    act(&mut t.table, GUEST, Intent::Join).expect("join");
    save_sync(&mut store, &mut t).expect("the change is saved before it is shown");
    assert_eq!(reload(&store, &t).post.shown, Some(t.table.seq - 1), "a restart knows the board is behind");
    t.post.shown = Some(t.table.seq);
    save_sync(&mut store, &mut t).expect("shown");
    let again = reload(&store, &t);
    assert_eq!((again.table.seq, again.post.shown), (t.table.seq, Some(t.table.seq)));
}

/// A database of the previous release (schema 6, before `games.board_seq`)
/// opens, and its games load with boards of unknown state, which start-up
/// reads. The game is copied into a file made with that release's schema.
#[test]
fn a_game_saved_by_the_previous_release_loads_with_its_board_unknown() {
    use crate::store::schema::{APPLICATION_ID, MIGRATIONS};
    let dir = std::env::temp_dir().join(format!("thaayam-previous-release-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let (now, previous) = (dir.join("now.db"), dir.join("previous.db"));
    let _ = std::fs::remove_file(&previous);
    let mut t = {
        let mut store = Store::open(&now).expect("store");
        let mut t = saved_lobby(&mut store, Variant::Bell);
        t.post.board = Some(BoardMessage { message: MessageId(77), posted_at: 1 });
        save_sync(&mut store, &mut t).expect("saved");
        t
    };
    let old = rusqlite::Connection::open(&previous).expect("sqlite");
    for sql in &MIGRATIONS[..6] {
        old.execute_batch(sql).expect("the previous release's schema");
    }
    let columns = "id, guild_id, channel_id, board_message_id, board_posted_at, host_id, variant, ruleset, \
        max_players, state, created_at, updated_at, finished_at, turn_timeout_secs, seq, seed, commitment, \
        throws_drawn, deadline, events, live, practice";
    let seat_columns = "game_id, seat, user_id, computer, joined_at, place, timeouts";
    old.execute("ATTACH ?1 AS now", [now.to_string_lossy()]).expect("attach");
    old.execute_batch(&format!(
        "PRAGMA user_version = 6; PRAGMA application_id = {APPLICATION_ID};
         INSERT INTO games ({columns}) SELECT {columns} FROM now.games;
         INSERT INTO seats SELECT {seat_columns} FROM now.seats; INSERT INTO events SELECT * FROM now.events;
         DETACH now;"
    ))
    .expect("the game, as the previous release saved it");
    drop(old);
    let mut store = Store::open(&previous).expect("the previous release's file opens");
    let loaded = reload(&store, &t);
    assert_eq!((loaded.table.seq, loaded.post.board, loaded.post.shown), (t.table.seq, t.post.board, None));
    act(&mut t.table, GUEST, Intent::Join).expect("join");
    t.post.shown = Some(t.table.seq);
    save_sync(&mut store, &mut t).expect("the game goes on");
    assert_eq!(reload(&store, &t).post.shown, Some(t.table.seq));
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_whose_saved_seed_is_not_the_one_committed_to_does_not_resume() {
    let mut store = Store::open_in_memory().expect("store");
    let t = saved_lobby(&mut store, Variant::Bell);
    let mut live = store.live_game(t.table.id.into()).expect("read").expect("unfinished");
    assert!(from_live(live.clone()).is_ok(), "as saved, it resumes");
    // The commitment players were shown is another seed's.
    live.info.commitment = crate::dice::commitment(&[4; 32]);
    let Err(refused) = from_live(live) else { panic!("resumed with a seed nobody was shown") };
    assert!(refused.contains("does not hash to the commitment"), "{refused}");
}

/// Points from friends who give up: an alt who joins and resigns before
/// her first series hands over no season point (the game is rated all the
/// same); one who played a series first is a real opponent. What she did
/// is kept with the table across a restart.
#[test]
fn an_alt_who_resigns_at_once_gives_no_season_point() {
    use crate::store::{SeasonRule, SeasonSpan, Timestamp};
    let always = SeasonSpan { name: "always".into(), starts: Timestamp(0), ends: Timestamp(i64::MAX) };
    let people = SeasonRule::People { pair_games: 5 };
    let mut store = Store::open_in_memory().expect("store");
    let mut t = saved_lobby(&mut store, Variant::Bell);
    act(&mut t.table, GUEST, Intent::Join).expect("join");
    act(&mut t.table, HOST, Intent::Start).expect("start");
    save_sync(&mut store, &mut t).expect("save start");
    assert!(t.table.unplayed.iter().all(|&u| u), "nobody has played yet");
    act(&mut t.table, GUEST, Intent::Resign).expect("she resigns at once");
    let changes = save_sync(&mut store, &mut t).expect("save the end");
    assert_eq!((t.table.stage, changes.len()), (Stage::Finished, 2), "finished and rated");
    assert_eq!(store.season_standings(1, Variant::Bell, &always, people).expect("season"), []);
    let earlier = store.season_standings(1, Variant::Bell, &always, SeasonRule::EverySeat).expect("season");
    assert_eq!(earlier.iter().map(|s| (s.user, s.points)).collect::<Vec<_>>(), [(HOST.get(), 1), (GUEST.get(), 0)]);

    // She plays her first series, the bot restarts, then she resigns.
    let mut t = saved_lobby(&mut store, Variant::Bell);
    act(&mut t.table, GUEST, Intent::Join).expect("join");
    act(&mut t.table, HOST, Intent::Start).expect("start");
    let guest_seat = t.table.seat_of(GUEST).expect("her seat");
    for _ in 0..1000 {
        if !t.table.unplayed[guest_seat.index()] {
            break;
        }
        let user = t.table.human_to_act().expect("a human on turn");
        let intent = next_intent(&t.table);
        act(&mut t.table, user, intent).expect("click");
    }
    assert!(!t.table.unplayed[guest_seat.index()], "her series is played");
    save_sync(&mut store, &mut t).expect("save");
    let mut t = reload(&store, &t);
    assert!(!t.table.unplayed[guest_seat.index()], "kept across a restart");
    if t.table.stage == Stage::Playing {
        act(&mut t.table, GUEST, Intent::Resign).expect("resign");
    }
    save_sync(&mut store, &mut t).expect("save the end");
    let now = store.season_standings(1, Variant::Bell, &always, people).expect("season");
    assert_eq!(
        now.iter().map(|s| (s.user, s.games, s.points)).collect::<Vec<_>>(),
        [(HOST.get(), 1, 1), (GUEST.get(), 1, 0)]
    );
}
