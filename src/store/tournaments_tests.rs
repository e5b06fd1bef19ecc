//! The tournaments' store on SQLite: a tournament with its entrants,
//! rounds, tables and seats round-trips; a round is paired once, a table
//! scored once, the podium claimed once; `thaayam check`'s findings; and a
//! file of the previous release opens with no tournament in it.

use super::Store;
use super::schema::{MIGRATIONS, latest_version, migrate, user_version};
use super::tournament_rounds::NewTable;
use super::tournaments::{NewTournament, SeatResult};
use super::types::{GameId, NewGame};
use crate::engine::{Ruleset, Variant};

fn setup(name: &str) -> NewTournament {
    NewTournament {
        guild: 1,
        channel: 2,
        organiser: 3,
        name: name.to_string(),
        variant: "bell".to_string(),
        ruleset: "{}".to_string(),
        format: "swiss".to_string(),
        table_size: 3,
        rounds: 3,
        round_secs: 3600,
        turn_timeout_secs: 120,
        starts_at: 1_000,
        late_join_rounds: 1,
        streak_bonus: false,
        created_at: 900,
    }
}

fn game(store: &mut Store, channel: u64) -> GameId {
    let new = NewGame {
        guild: 1,
        channel,
        host: 3,
        ruleset: Ruleset::new(Variant::Bell),
        max_players: 3,
        turn_timeout_secs: 60,
        seed: crate::dice::Seed([7; 32]),
        practice: false,
        dice: crate::dice::Derivation::CURRENT,
    };
    store.create_game(&new).expect("game")
}

fn table(table: u32, players: &[u64]) -> NewTable {
    NewTable { table, players: players.to_vec(), bye_points: None }
}

#[test]
fn a_tournament_round_trips_with_its_entrants() {
    let mut store = Store::open_in_memory().expect("open");
    let id = store.create_tournament(&setup("Friday Swiss")).expect("create");
    let saved = store.tournament(id).expect("read").expect("there");
    assert_eq!((saved.setup, saved.state.as_str()), (setup("Friday Swiss"), "signup"));
    assert!(store.join_tournament(id, 10, 1500, 950).expect("join"));
    assert!(!store.join_tournament(id, 10, 1500, 951).expect("join again"), "already in");
    assert!(store.join_tournament(id, 11, 1400, 960).expect("join"));
    assert!(store.check_in(id, 10).expect("check in"));
    assert!(!store.check_in(id, 99).expect("a stranger"), "not an entrant");
    assert!(store.leave_tournament(id, 11, 970).expect("leave"));
    let entrants = store.tournament_entrants(id).expect("entrants");
    assert_eq!(entrants.iter().map(|e| (e.user, e.checked_in, e.rating)).collect::<Vec<_>>(), vec![(10, true, 1500)]);
    store.set_tournament_messages(id, Some(500), None).expect("messages");
    store.set_tournament_messages(id, None, Some(501)).expect("messages");
    let saved = store.tournament(id).expect("read").expect("there");
    assert_eq!((saved.signup_message, saved.standings_message), (Some(500), Some(501)));
    assert_eq!(store.open_tournaments().expect("open").len(), 1);
    assert!(store.set_tournament_state(id, "signup", "running", 1000).expect("start"));
    assert!(!store.set_tournament_state(id, "signup", "running", 1001).expect("again"), "not in sign-up any more");
    assert!(store.set_tournament_state(id, "running", "cancelled", 1100).expect("cancel"));
    let saved = store.tournament(id).expect("read").expect("there");
    assert_eq!((saved.state.as_str(), saved.finished_at), ("cancelled", Some(1100)));
    assert!(store.open_tournaments().expect("open").is_empty());
    assert_eq!(store.guild_tournaments(1, 10).expect("server's").len(), 1);
}

#[test]
fn a_round_is_paired_once_and_a_table_scored_once() {
    let mut store = Store::open_in_memory().expect("open");
    let id = store.create_tournament(&setup("Once")).expect("create");
    for u in 10..17 {
        store.join_tournament(id, u, 1500, 950).expect("join");
    }
    let tables = [table(1, &[10, 11, 12]), table(2, &[13, 14]), table(3, &[15, 16])];
    assert!(store.start_round(id, 1, 1000, 4600, &tables).expect("pair"));
    let other = [table(1, &[16, 15, 14]), NewTable { table: 2, players: vec![13], bye_points: Some(200) }];
    assert!(!store.start_round(id, 1, 1200, 4800, &other).expect("pair again"), "round 1 stands");
    let rounds = store.tournament_rounds(id).expect("rounds");
    assert_eq!((rounds.len(), rounds[0].started_at, rounds[0].deadline), (1, 1000, 4600));
    let g = game(&mut store, 20);
    assert!(store.note_table_thread(id, 1, 1, 777).expect("its thread"));
    assert!(!store.note_table_thread(id, 1, 1, 778).expect("a second thread"), "the first thread stands");
    assert_eq!(store.tournament_tables(id).expect("tables")[0].thread, Some(777));
    store.link_table(id, 1, 1, g, None).expect("link");
    assert_eq!(store.tournament_of_game(g).expect("its tournament"), Some((id, "Once".to_string())));
    let result = |user, points, won| SeatResult { user, points, won, no_show: false };
    let scores = [result(11, 200, true), result(10, 100, false), result(12, 0, false)];
    assert!(store.finish_table(id, 1, 1, "played", 2000, &scores).expect("score"));
    assert!(!store.finish_table(id, 1, 1, "deadline", 2100, &[result(12, 200, true)]).expect("again"));
    let saved = store.tournament_tables(id).expect("tables");
    assert_eq!(saved.len(), 3);
    let t1 = &saved[0];
    assert_eq!(
        (t1.thread, t1.game, t1.decided.as_deref(), t1.finished_at),
        (Some(777), Some(g), Some("played"), Some(2000))
    );
    let seats: Vec<(u64, Option<i64>, bool)> = t1.seats.iter().map(|s| (s.user, s.points, s.won)).collect();
    assert_eq!(seats, vec![(10, Some(100), false), (11, Some(200), true), (12, Some(0), false)]);
    assert_eq!(saved[1].seats.iter().map(|s| s.user).collect::<Vec<_>>(), vec![13, 14]);
    assert!(store.finish_round(id, 1, 4600).expect("end"));
    assert!(!store.finish_round(id, 1, 4700).expect("end again"));
    // A bye is a table ended at once with its points.
    assert!(store.start_round(id, 2, 5000, 8600, &other).expect("round 2"));
    let bye = store.tournament_tables(id).expect("tables").into_iter().find(|t| t.round == 2 && t.table == 2);
    let bye = bye.expect("the bye");
    assert_eq!((bye.decided.as_deref(), bye.seats[0].points), (Some("bye"), Some(200)));
    assert!(store.claim_tournament_podium(id, 9000).expect("claim"));
    assert!(!store.claim_tournament_podium(id, 9001).expect("claim again"), "posted once");
    // The arena adds tables to its one round.
    assert!(store.add_table(id, 2, 5100, &table(3, &[10, 11])).expect("add"));
    assert!(!store.add_table(id, 2, 5100, &table(3, &[10, 11])).expect("add again"));
    assert_eq!(store.tournament_problems().expect("check"), Vec::<String>::new());
    // Leaving after playing is a withdrawal; results stay; a no-show counts.
    assert!(store.leave_tournament(id, 10, 9100).expect("withdraw"));
    assert_eq!(store.note_no_show(id, 12).expect("no-show"), 1);
    assert_eq!(store.note_no_show(id, 12).expect("no-show"), 2);
    store.set_streak(id, 11, 2).expect("streak");
    let e = store.tournament_entrants(id).expect("entrants");
    let by = |u: u64| e.iter().find(|x| x.user == u).expect("entrant").clone();
    assert_eq!((by(10).withdrawn_at, by(12).no_shows, by(11).streak), (Some(9100), 2, 2));
    assert!(store.join_tournament(id, 10, 1500, 9200).expect("back in"), "a withdrawn player may rejoin");
}

#[test]
fn check_finds_a_player_seated_twice_in_a_round() {
    let mut store = Store::open_in_memory().expect("open");
    let id = store.create_tournament(&setup("Broken")).expect("create");
    assert!(store.start_round(id, 1, 1000, 2000, &[table(1, &[10, 11]), table(2, &[10, 12])]).expect("pair"));
    let found = store.tournament_problems().expect("check");
    assert_eq!(found, vec![format!("tournament {id}, round 1, 10: seated twice in one round")]);
}

#[test]
fn check_finds_an_arena_player_at_two_tables_at_once_only() {
    let mut store = Store::open_in_memory().expect("open");
    let id = store.create_tournament(&NewTournament { format: "arena".to_string(), ..setup("Arena") }).expect("create");
    assert!(store.start_round(id, 1, 1000, 2000, &[]).expect("open the arena"));
    assert!(store.add_table(id, 1, 1000, &table(1, &[10, 11])).expect("a table"));
    let result = |user| SeatResult { user, points: 0, won: false, no_show: false };
    assert!(store.finish_table(id, 1, 1, "played", 1100, &[result(10), result(11)]).expect("ended"));
    // Seated again after her table ended: sound.
    assert!(store.add_table(id, 1, 1100, &table(2, &[10, 12])).expect("again"));
    assert_eq!(store.tournament_problems().expect("check"), Vec::<String>::new());
    // At a second table while the first plays: found.
    assert!(store.add_table(id, 1, 1150, &table(3, &[10, 11])).expect("a second at once"));
    let found = store.tournament_problems().expect("check");
    assert_eq!(found, vec![format!("tournament {id}, round 1, 10: at two tables of the arena at once")]);
}

/// A file of the previous release (every migration but this one) opens
/// with its games, none of them in a tournament, and no tournament.
#[test]
fn a_database_of_the_previous_release_opens_without_tournaments() {
    let conn = rusqlite::Connection::open_in_memory().expect("memory db");
    let before = MIGRATIONS.len() - 1;
    for sql in &MIGRATIONS[..before] {
        conn.execute_batch(sql).expect("the previous release's schema");
    }
    conn.execute_batch(&format!(
        "PRAGMA user_version = {before}; \
         INSERT INTO games (id, guild_id, channel_id, host_id, variant, ruleset, max_players, state, created_at, \
             updated_at, turn_timeout_secs, seed, commitment) \
         VALUES (1, 5, 6, 9, 'bell', '{{}}', 2, 'finished', 1, 2, 60, zeroblob(32), 'c');"
    ))
    .expect("a game");
    migrate(&conn).expect("upgrade");
    assert_eq!(user_version(&conn).expect("version"), latest_version());
    let linked: i64 = conn.query_row("SELECT count(tournament_id) FROM games", [], |r| r.get(0)).expect("column");
    let none: i64 = conn.query_row("SELECT count(*) FROM tournaments", [], |r| r.get(0)).expect("table");
    assert_eq!((linked, none), (0, 0));
}

#[test]
fn a_no_show_is_marked_at_a_table_still_playing_only() {
    let mut store = Store::open_in_memory().expect("open");
    let id = store.create_tournament(&setup("No-shows")).expect("create");
    for u in 10..13 {
        store.join_tournament(id, u, 1500, 950).expect("join");
    }
    assert!(store.start_round(id, 1, 1000, 4600, &[table(1, &[10, 11, 12])]).expect("pair"));
    assert!(store.mark_no_show(id, 1, 1, 12).expect("mark"));
    assert!(!store.mark_no_show(id, 1, 1, 99).expect("a stranger"), "not seated there");
    let seats = |store: &Store| {
        let t = store.tournament_tables(id).expect("tables");
        t[0].seats.iter().map(|s| (s.user, s.no_show)).collect::<Vec<_>>()
    };
    assert_eq!(seats(&store), vec![(10, false), (11, false), (12, true)]);
    let result = |user, points, no_show| SeatResult { user, points, won: false, no_show };
    let scores = [result(10, 200, false), result(11, 100, false), result(12, 0, true)];
    assert!(store.finish_table(id, 1, 1, "played", 2000, &scores).expect("score"));
    assert!(!store.mark_no_show(id, 1, 1, 11).expect("mark late"), "an ended table keeps its result");
    assert_eq!(seats(&store), vec![(10, false), (11, false), (12, true)]);
}
