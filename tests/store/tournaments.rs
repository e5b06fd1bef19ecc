//! Tournaments in the store on both backends (an SQLite file and, where
//! PostgreSQL is installed, a fresh database): a tournament with its
//! entrants, a round paired once, a table linked to its game and scored
//! once, the podium claimed once; `thaayam migrate`'s copy holds the same
//! and numbers new tournaments after the copied ones; a PostgreSQL
//! database of the previous release opens.

use crate::common::Scratch;
use thaayam::engine::{Ruleset, Variant};
use thaayam::lab::pg_server;
use thaayam::store::{Database, NewGame, NewTable, NewTournament, SeatResult, Store};

fn setup() -> NewTournament {
    NewTournament {
        guild: 1,
        channel: 2,
        organiser: 3,
        name: "Deepavali Swiss".to_string(),
        variant: "bell".to_string(),
        ruleset: "{}".to_string(),
        format: "swiss".to_string(),
        table_size: 3,
        rounds: 3,
        round_secs: 3600,
        turn_timeout_secs: 120,
        starts_at: 1_000,
        late_join_rounds: 1,
        streak_bonus: true,
        created_at: 900,
    }
}

fn new_game(channel: u64) -> NewGame {
    NewGame {
        guild: 1,
        channel,
        host: 3,
        ruleset: Ruleset::new(Variant::Bell),
        max_players: 3,
        turn_timeout_secs: 60,
        seed: thaayam::dice::Seed([5; 32]),
        practice: false,
        dice: thaayam::dice::Derivation::CURRENT,
    }
}

/// A tournament one round in, its first table played.
fn fill(backend: &str, store: &mut Store) -> i64 {
    let id = store.create_tournament(&setup()).expect("create");
    for user in 10..15 {
        assert!(store.join_tournament(id, user, 1500, 950).expect("join"), "{backend}");
    }
    let tables = [
        NewTable { table: 1, players: vec![10, 11, 12], bye_points: None },
        NewTable { table: 2, players: vec![13, 14], bye_points: None },
    ];
    assert!(store.start_round(id, 1, 1000, 4600, &tables).expect("pair"), "{backend}");
    assert!(!store.start_round(id, 1, 1000, 4600, &tables[..1]).expect("pair again"), "{backend}: once");
    let game = store.create_game(&new_game(50)).expect("game");
    assert!(store.note_table_thread(id, 1, 1, 5000).expect("its thread"), "{backend}");
    assert!(!store.note_table_thread(id, 1, 1, 5001).expect("again"), "{backend}: the first thread stands");
    store.link_table(id, 1, 1, game, None).expect("link");
    let linked = store.tournament_tables(id).expect("tables").into_iter().find(|t| t.table == 1).expect("table 1");
    assert_eq!((linked.thread, linked.game), (Some(5000), Some(game)), "{backend}");
    let r = |user, points, won, no_show| SeatResult { user, points, won, no_show };
    let results = [r(12, 200, true, false), r(11, 100, false, false), r(10, 0, false, true)];
    assert!(store.finish_table(id, 1, 1, "played", 2000, &results).expect("score"), "{backend}");
    assert!(!store.finish_table(id, 1, 1, "played", 2001, &results).expect("again"), "{backend}: once");
    assert!(store.claim_tournament_podium(id, 3000).expect("claim"), "{backend}");
    assert!(!store.claim_tournament_podium(id, 3001).expect("claim"), "{backend}: once");
    assert_eq!(store.tournament_of_game(game).expect("read"), Some((id, "Deepavali Swiss".into())), "{backend}");
    id
}

#[test]
fn a_tournament_round_trips_on_both_backends() {
    let dir = Scratch::new("tournaments-backends");
    let mut dbs = vec![("sqlite", Database::Sqlite(dir.path("t.db")))];
    if let Some(server) = pg_server::shared() {
        dbs.push(("postgres", server.fresh_database()));
    }
    let mut seen = Vec::new();
    for (backend, db) in dbs {
        let mut store = Store::open_database(&db).unwrap_or_else(|e| panic!("{backend}: {e}"));
        let id = fill(backend, &mut store);
        let tables = store.tournament_tables(id).expect("tables");
        let t = store.tournament(id).expect("read").expect("there");
        assert_eq!(t.setup, setup(), "{backend}");
        assert_eq!(store.tournament_problems().expect("check"), Vec::<String>::new(), "{backend}");
        seen.push((tables, store.tournament_entrants(id).expect("entrants"), t.podium_posted_at));
    }
    assert!(seen.windows(2).all(|w| w[0] == w[1]), "both backends read back the same");
}

#[test]
fn migrate_copies_tournaments_and_numbers_new_ones_after_them() {
    let Some(server) = pg_server::shared() else { return };
    let dir = Scratch::new("tournaments-migrate");
    let mut source = Store::open_database(&Database::Sqlite(dir.path("t.db"))).expect("sqlite");
    let id = fill("sqlite", &mut source);
    let db = server.fresh_database();
    let mut copy = Store::open_database(&db).expect("postgres");
    source.copy_into(&mut copy).expect("copy");
    assert!(source.differences(&copy).expect("compare").is_empty());
    for table in ["tournaments", "tournament_entrants", "tournament_rounds", "tournament_tables", "tournament_seats"] {
        assert!(copy.table_counts().expect("counts").of(table) > 0, "{table} copied");
    }
    assert_eq!(copy.tournament_tables(id).expect("copy"), source.tournament_tables(id).expect("source"));
    assert_eq!(copy.tournament(id).expect("copy"), source.tournament(id).expect("source"));
    assert!(copy.create_tournament(&setup()).expect("a new one") > id);
}

#[test]
fn a_postgres_database_of_the_previous_release_opens_without_tournaments() {
    let Some(server) = pg_server::shared() else { return };
    let db = server.fresh_database();
    let name = db.to_string().rsplit('/').next().unwrap_or_default().to_string();
    let mut raw = postgres::Client::connect(&server.url(&name), postgres::NoTls).expect("admin");
    let migrations = thaayam::store::postgres_schema::MIGRATIONS;
    let before = migrations.len() - 1;
    for sql in &migrations[..before] {
        raw.batch_execute(sql).expect("the previous release's schema");
    }
    raw.batch_execute(&format!(
        "INSERT INTO games (guild_id, channel_id, host_id, variant, ruleset, max_players, state, created_at, \
             updated_at, turn_timeout_secs, seed, commitment) \
         VALUES (5, 6, 9, 'bell', '{{}}', 2, 'finished', 1, 2, 60, decode(repeat('00', 32), 'hex'), 'c'); \
         UPDATE thaayam_schema SET version = {before};"
    ))
    .expect("a game of the previous release");
    let mut store = Store::open_database(&db).expect("the previous release's database opens");
    assert_eq!(store.schema_version().expect("version"), thaayam::store::postgres_schema::latest_version());
    assert!(store.open_tournaments().expect("none").is_empty());
    let linked: i64 =
        raw.query_one("SELECT count(tournament_id) FROM games", &[]).and_then(|r| r.try_get(0)).expect("column");
    assert_eq!(linked, 0);
    assert!(store.create_tournament(&setup()).expect("writes") > 0);
}
