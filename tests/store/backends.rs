//! The store's promises on both backends: every test runs on an SQLite
//! file and on a real PostgreSQL database (a fresh database of the test
//! binary's throw-away server, `thaayam::lab::pg_server`; skipped, and said
//! so, where PostgreSQL is not installed). Save and resume, a stale change
//! refused, the last move rated in its own transaction, unique game
//! numbers, the record queries; on PostgreSQL also a foreign or newer
//! database refused, an unreachable server named without its password,
//! and a lost connection taken up again by the next call.

use crate::common::{Scratch, humans, new_game, playing_game};
use std::collections::BTreeSet;
use thaayam::engine::{Event, Ruleset, Seat, Throw, Variant};
use thaayam::lab::pg_server;
use thaayam::store::{
    CachedAnalysis, Database, EndPermission, GameState, GuildSettings, LiveSave, SavedServer, SeasonRule, SeasonSpan,
    Store, StoreError, Timestamp,
};

const THROW: Event = Event::Throw { t: Throw::Four };

/// The databases a test runs on: a new SQLite file, and a new PostgreSQL
/// database when a server is available.
fn databases(dir: &Scratch) -> Vec<(&'static str, Database)> {
    let mut out = vec![("sqlite", Database::Sqlite(dir.path("store.db")))];
    if let Some(server) = pg_server::shared() {
        out.push(("postgres", server.fresh_database()));
    }
    out
}

fn open(backend: &str, db: &Database) -> Store {
    Store::open_database(db).unwrap_or_else(|e| panic!("{backend}: open: {e}"))
}

#[test]
fn a_game_saved_is_resumed_by_a_new_connection() {
    let dir = Scratch::new("backends-resume");
    for (backend, db) in databases(&dir) {
        let (id, seq) = {
            let mut store = open(backend, &db);
            let (mut game, _) = playing_game(&mut store, 1, &humans(2));
            let save = LiveSave { deadline: Some(thaayam::store::Timestamp(99)), ..game.change(&[THROW, THROW]) };
            game.save(&mut store, &save).expect("save");
            (game.id, game.seq)
        };
        let store = open(backend, &db);
        let live = store.live_games().expect("live games");
        assert_eq!(live.len(), 1, "{backend}");
        let game = &live[0];
        assert_eq!((game.info.id, game.info.seq, game.info.state), (id, seq, GameState::Playing), "{backend}");
        assert_eq!(game.events, vec![THROW, THROW], "{backend}");
        assert_eq!(game.live, format!("{{\"seq\":{seq}}}"), "{backend}");
        assert_eq!((game.info.throws_drawn, game.info.events), (2, 2), "{backend}");
        assert_eq!(game.info.seats.len(), 2, "{backend}");
        assert_eq!(game.info.deadline, Some(thaayam::store::Timestamp(99)), "{backend}");
        assert_eq!(store.load(id).expect("load").expect("game").events.len(), 2, "{backend}");
        assert_eq!(store.unfinished_games().expect("unfinished").len(), 1, "{backend}");
        assert_eq!(store.active_game(1).expect("active").map(|g| g.id), Some(id), "{backend}");
    }
}

#[test]
fn a_stale_change_from_a_second_process_is_refused_and_writes_nothing() {
    let dir = Scratch::new("backends-stale");
    for (backend, db) in databases(&dir) {
        let mut first = open(backend, &db);
        let mut second = open(backend, &db);
        let (mut game, _) = playing_game(&mut first, 1, &humans(2));
        let old = game;
        game.save(&mut first, &game.change(&[THROW])).expect("the first process saves");
        let mut stale = old;
        let err = stale.save(&mut second, &old.change(&[THROW, THROW])).expect_err("stale");
        assert!(matches!(err, StoreError::Stale { current } if current == game.seq), "{backend}: {err}");
        let info = second.game(game.id).expect("read").expect("game");
        assert_eq!((info.seq, info.events), (game.seq, 1), "{backend}: nothing of the stale change was written");
        assert_eq!(second.events(game.id).expect("events"), vec![THROW], "{backend}");
    }
}

#[test]
fn the_last_move_and_the_ratings_are_one_transaction() {
    let dir = Scratch::new("backends-finish");
    for (backend, db) in databases(&dir) {
        let mut store = open(backend, &db);
        let (mut game, _) = playing_game(&mut store, 1, &humans(2));
        // A finish the store refuses (no places) writes neither the move nor a rating.
        let bad = LiveSave { state: GameState::Finished, ..game.change(&[THROW]) };
        assert!(store.save_live(game.id, &bad).is_err(), "{backend}");
        let info = store.game(game.id).expect("read").expect("game");
        assert_eq!((info.state, info.events), (GameState::Playing, 0), "{backend}: rolled back");
        assert!(store.leaderboard(7, Variant::Bell, 0, 10).expect("board").is_empty(), "{backend}");
        let names = vec![(Seat::N, "Arun".to_string())];
        let end = LiveSave { state: GameState::Finished, places: Some([2, 0, 1, 0]), names, ..game.change(&[THROW]) };
        let changes = game.save(&mut store, &end).expect("finish");
        assert_eq!(changes.len(), 2, "{backend}");
        let info = store.game(game.id).expect("read").expect("game");
        assert_eq!(info.state, GameState::Finished, "{backend}");
        let named: Vec<Option<&str>> = info.seats.iter().map(|s| s.name.as_deref()).collect();
        assert_eq!(named, [None, Some("Arun")], "{backend}: the names kept at the end");
        assert!(info.revealed_seed.is_some(), "{backend}");
        assert!(store.live_game(game.id).expect("live").is_none(), "{backend}");
        let board = store.leaderboard(7, Variant::Bell, 1, 10).expect("board");
        assert_eq!(board.iter().map(|r| (r.user, r.games, r.wins)).collect::<Vec<_>>(), [(101, 1, 1), (100, 1, 0)]);
        assert!(board[0].ordinal() > board[1].ordinal(), "{backend}");
        assert_eq!(store.player_stats(7, 101).expect("stats").len(), 1, "{backend}");
        let rivals = store.rivals(7, 100, 1, 5).expect("rivals");
        let rivals: Vec<_> = rivals.iter().map(|r| (r.opponent, r.games, r.ahead, r.behind, r.wins)).collect();
        assert_eq!(rivals, [(101, 1, 0, 1, 0)], "{backend}");
        let h = store.head_to_head(7, 101, 100, 5, None).expect("head to head");
        assert_eq!((h.record.games, h.record.ahead, h.last.len()), (1, 1, 1), "{backend}");
        assert_eq!((h.last[0].game, h.last[0].places), (game.id, (1, 2)), "{backend}");
        let history = store.channel_history(1, 5).expect("history");
        assert_eq!(history.iter().map(|g| g.id).collect::<Vec<_>>(), [game.id], "{backend}");
        assert!(store.rating_problems().expect("recount").is_empty(), "{backend}");
        let always = SeasonSpan { name: "always".into(), starts: Timestamp(0), ends: Timestamp(i64::MAX) };
        let standings = store.season_standings(7, Variant::Bell, &always, PEOPLE).expect("season");
        let rows: Vec<_> = standings.iter().map(|s| (s.user, s.games, s.points, s.wins)).collect();
        assert_eq!(rows, [(101, 1, 1, 1), (100, 1, 0, 0)], "{backend}");
        assert_eq!(store.keep_season(7, Variant::Bell, &always, "UTC", PEOPLE).expect("keep").standings, standings);
        let again = store.keep_season(7, Variant::Bell, &always, "Asia/Kolkata", PEOPLE).expect("kept");
        assert_eq!(again.rule, PEOPLE, "{backend}: kept with its rule");
        assert_eq!(again.time_zone, "UTC", "{backend}: kept once");
        assert_eq!(store.recount_seasons().expect("recount"), (1, Vec::new()), "{backend}");
        assert_eq!(store.season_variants(7, &always).expect("variants"), [Variant::Bell], "{backend}");
        let podium =
            SavedServer { time_zone: "Asia/Kolkata".into(), podium_channel: Some(3), ..SavedServer::default() };
        store.save_server(7, &podium).expect("season settings");
        assert_eq!(store.podium_servers().expect("podiums"), [(7, "Asia/Kolkata".to_string(), 3)], "{backend}");
        assert!(store.claim_podium(7, "always").expect("claim"), "{backend}");
        assert!(!store.claim_podium(7, "always").expect("claim again"), "{backend}: claimed once");
        assert_eq!(store.closed_game_ids().expect("closed"), [game.id], "{backend}");
        let again = store.save_live(game.id, &game.change(&[]));
        assert!(matches!(again, Err(StoreError::WrongState { .. })), "{backend}: {again:?}");
        // A second game, whose loser left before playing: rated, but no
        // season points for anybody (the earlier count would give one).
        let (mut second, _) = playing_game(&mut store, 2, &humans(2));
        let left = vec![Seat::S];
        let end = LiveSave {
            state: GameState::Finished,
            places: Some([2, 0, 1, 0]),
            left_unplayed: left,
            ..second.change(&[])
        };
        assert_eq!(second.save(&mut store, &end).expect("finish").len(), 2, "{backend}: rated");
        assert_eq!(store.season_standings(7, Variant::Bell, &always, PEOPLE).expect("season"), standings, "{backend}");
        let earlier = store.season_standings(7, Variant::Bell, &always, SeasonRule::EverySeat).expect("season");
        let earlier: Vec<_> = earlier.iter().map(|s| (s.user, s.games, s.points, s.wins)).collect();
        assert_eq!(earlier, [(101, 2, 2, 2), (100, 2, 0, 0)], "{backend}");
        assert_eq!(store.recount_seasons().expect("recount"), (1, Vec::new()), "{backend}: recounted under its rule");
    }
}

const PEOPLE: SeasonRule = SeasonRule::People { pair_games: 5 };

#[test]
fn game_numbers_are_unique_across_processes() {
    let dir = Scratch::new("backends-ids");
    for (backend, db) in databases(&dir) {
        open(backend, &db); // migrated once
        let threads: Vec<_> = (0..4u64)
            .map(|t| {
                let db = db.clone();
                std::thread::spawn(move || {
                    let mut store = Store::open_database(&db).expect("open");
                    (0..10u64)
                        .map(|k| {
                            let id = store.create_game(&new_game(100 * t + k + 1, Ruleset::new(Variant::Bell), 2));
                            id.expect("create")
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let ids: Vec<_> = threads.into_iter().flat_map(|t| t.join().expect("thread")).collect();
        assert_eq!(ids.iter().collect::<BTreeSet<_>>().len(), 40, "{backend}: {ids:?}");
        let mut store = open(backend, &db);
        let busy = store.create_game(&new_game(1, Ruleset::new(Variant::Bell), 2));
        assert!(matches!(busy, Err(StoreError::ChannelBusy { channel: 1, .. })), "{backend}: {busy:?}");
        store.abandon(ids[0], Some(0)).expect("abandon");
        assert!(store.create_game(&new_game(1, Ruleset::new(Variant::Bell), 2)).is_ok(), "{backend}: freed");
    }
}

#[test]
fn settings_languages_and_analyses_round_trip() {
    let dir = Scratch::new("backends-settings");
    for (backend, db) in databases(&dir) {
        let mut store = open(backend, &db);
        assert_eq!(store.server(5).expect("defaults"), SavedServer::default(), "{backend}");
        let mine = SavedServer {
            rules: Some(GuildSettings {
                default_ruleset: Ruleset::new(Variant::Francais),
                turn_timeout_secs: 90,
                end_permission: EndPermission::Moderators,
            }),
            language: Some("ta".into()),
            pages_off: true,
            time_zone: "Asia/Kolkata".into(),
            podium_channel: Some(u64::MAX),
            away_days: Some(30),
            organiser_role: Some(u64::MAX - 1),
        };
        store.save_server(5, &mine).expect("save");
        store.save_server(5, &mine).expect("save again (an update)");
        assert_eq!(store.server(5).expect("read"), mine, "{backend}");
        let cleared = SavedServer { rules: None, language: None, podium_channel: None, organiser_role: None, ..mine };
        store.save_server(5, &cleared).expect("cleared");
        assert_eq!(store.server(5).expect("read"), cleared, "{backend}");
        assert_eq!(store.server(6).expect("another"), SavedServer::default(), "{backend}");
        let id = store.create_game(&new_game(3, Ruleset::new(Variant::Bell), 2)).expect("game");
        let a = CachedAnalysis { png: vec![0x89, 0, 255], swings: "[]".into(), review: Some("{\"steps\":[]}".into()) };
        store.cache_analysis(id, 1, &a).expect("cache");
        assert_eq!(store.cached_analysis(id, 1).expect("read"), Some(a), "{backend}");
        assert_eq!(store.cached_analysis(id, 2).expect("read"), None, "{backend}");
    }
}

/// The test binary's server, or `None` (skipped, said by `shared`).
fn postgres_database() -> Option<(&'static pg_server::PgServer, Database)> {
    let server = pg_server::shared()?;
    Some((server, server.fresh_database()))
}

fn admin(server: &pg_server::PgServer, database: &str) -> postgres::Client {
    postgres::Client::connect(&server.url(database), postgres::NoTls).expect("admin connection")
}

fn name_of(db: &Database) -> String {
    db.to_string().rsplit('/').next().unwrap_or_default().to_string()
}

#[test]
fn postgres_refuses_a_foreign_or_newer_database() {
    let Some((server, db)) = postgres_database() else { return };
    let mut raw = admin(server, &name_of(&db));
    raw.batch_execute("CREATE TABLE customers (id BIGINT)").expect("a foreign table");
    let msg = Store::open_database(&db).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(msg.contains("is not a Thaayam database (a PostgreSQL database of another program"), "{msg}");
    raw.batch_execute("DROP TABLE customers").expect("drop");
    let store = Store::open_database(&db).expect("an empty database is ours to fill");
    assert_eq!(store.schema_version().expect("version"), thaayam::store::postgres_schema::latest_version());
    drop(store);
    raw.batch_execute("UPDATE thaayam_schema SET version = 99").expect("a newer program's");
    let err = Store::open_database(&db).err().expect("refused");
    assert!(matches!(err, StoreError::TooNew { found: 99, .. }), "{err}");
}

#[test]
fn an_unreachable_server_is_named_without_its_password() {
    let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
    let url = format!("postgres://bot:Sup3r-s3cret@127.0.0.1:{port}/thaayam");
    let db = Database::parse(&url).expect("a URL");
    let err = Store::open_database(&db).err().expect("nobody listens there");
    let msg = err.to_string();
    assert!(matches!(err, StoreError::Unreachable { .. }), "{msg}");
    assert!(msg.contains(&format!("127.0.0.1:{port}")), "{msg}");
    assert!(!msg.contains("Sup3r-s3cret") && !format!("{err:?}").contains("Sup3r-s3cret"), "{msg}");
}

#[test]
fn postgres_wrong_credentials_are_one_line_without_the_password() {
    let Some((server, db)) = postgres_database() else { return };
    let name = name_of(&db);
    let url = format!("postgres://nosuchuser:Sup3r-s3cret@127.0.0.1:{}/{name}", server.port());
    let err = Store::open_database(&Database::parse(&url).expect("a URL")).err().expect("refused");
    let msg = err.to_string();
    assert!(!msg.contains("Sup3r-s3cret") && !msg.contains('\n'), "{msg}");
    assert!(msg.contains("nosuchuser"), "{msg}");
}

#[test]
fn postgres_a_lost_connection_is_found_again_within_the_call_and_the_save_lands_once() {
    let Some((server, db)) = postgres_database() else { return };
    let mut store = Store::open_database(&db).expect("open");
    let (mut game, _) = playing_game(&mut store, 1, &humans(2));
    let mut raw = admin(server, "postgres");
    raw.execute(
        "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
        &[&name_of(&db)],
    )
    .expect("cut the store's connection");
    // The call that meets the lost connection connects again (issue 59:
    // a bounded back-off of about a second) and saves, once.
    let save = game.change(&[THROW]);
    game.save(&mut store, &save).expect("the call reconnects and saves");
    let next = game.change(&[THROW]);
    game.save(&mut store, &next).expect("and the next one saves too");
    assert_eq!(store.events(game.id).expect("events"), vec![THROW, THROW]);
}

/// `thaayam run` with an unreachable PostgreSQL server stops before it
/// contacts Discord: one line on stderr naming the server (not the
/// password), exit code 2. Also when the URL comes from THAAYAM_DATABASE.
#[test]
fn the_bot_stops_at_start_with_one_line_when_the_database_is_unreachable() {
    let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
    let url = format!("postgres://bot:Sup3r-s3cret@127.0.0.1:{port}/thaayam");
    let line = refused_at_start("backends-unreachable", &url);
    assert!(line.contains(&format!("cannot reach the database at 127.0.0.1:{port}")), "{line}");
}

/// `thaayam run` on `url` (THAAYAM_DATABASE): exit code 2 before Discord
/// is contacted, and one line on stderr, without the password; returns it.
fn refused_at_start(tag: &str, url: &str) -> String {
    let dir = Scratch::new(tag);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_thaayam"))
        .args(["run", "--config"])
        .arg(dir.path("none.toml"))
        .env("DISCORD_TOKEN", "not-a-token")
        .env("THAAYAM_DATABASE", url)
        .output()
        .expect("run thaayam");
    let err = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = err.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(lines.len(), 1, "one line: {err}");
    assert!(!err.contains("Sup3r-s3cret"), "the password is never shown: {err}");
    lines[0].to_string()
}

/// Wrong credentials, a database of another program and one of a newer
/// program stop `thaayam run` with one line each (exit code 2).
#[test]
fn the_bot_stops_at_start_with_one_line_on_wrong_credentials_or_a_database_not_its_own() {
    let Some((server, db)) = postgres_database() else { return };
    let name = name_of(&db);
    let wrong = format!("postgres://nosuchuser:Sup3r-s3cret@127.0.0.1:{}/{name}", server.port());
    let line = refused_at_start("backends-credentials", &wrong);
    assert!(line.contains("nosuchuser"), "{line}");

    let mut raw = admin(server, &name);
    raw.batch_execute("CREATE TABLE customers (id BIGINT)").expect("a foreign table");
    let line = refused_at_start("backends-foreign", &db.to_string());
    assert!(line.contains("is not a Thaayam database"), "{line}");
    raw.batch_execute("DROP TABLE customers").expect("drop");

    drop(Store::open_database(&db).expect("an empty database is ours to fill"));
    raw.batch_execute("UPDATE thaayam_schema SET version = 99").expect("a newer program's");
    let line = refused_at_start("backends-newer", &db.to_string());
    assert!(line.contains("newer than this program"), "{line}");
}

/// Whether every connection of the store to `db` (named by its
/// application name) is encrypted, as the server sees it.
fn store_uses_tls(server: &pg_server::PgServer, db: &Database) -> Vec<bool> {
    let mut raw = admin(server, "postgres");
    let rows = raw
        .query(
            "SELECT s.ssl FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) \
             WHERE a.datname = $1 AND a.application_name = 'thaayam'",
            &[&name_of(db)],
        )
        .expect("pg_stat_ssl");
    rows.iter().map(|r| r.get(0)).collect()
}

/// TLS through rustls as `sslmode` says: by default (prefer) the store's
/// connection is encrypted when the server offers TLS, `disable` is plain,
/// `verify-full` takes the server's certificate when `sslrootcert` holds
/// it and refuses it (one line, naming the server) when it does not
/// chain to Mozilla's roots.
#[test]
fn postgres_connections_use_tls_as_sslmode_says() {
    let Some(server) = pg_server::shared() else { return };
    let Some(certificate) = server.certificate() else {
        let why = "PostgreSQL TLS test skipped: the test server has no certificate (no openssl)";
        assert!(std::env::var("THAAYAM_REQUIRE_POSTGRES").is_err(), "{why}");
        eprintln!("{why}");
        return;
    };
    let with = |db: &Database, query: &str| Database::parse(&format!("{db}?{query}")).expect("a URL");
    let cases = [("", true), ("sslmode=disable", false), ("sslmode=require", true)];
    for (query, encrypted) in cases {
        let db = server.fresh_database();
        let url = if query.is_empty() { db.clone() } else { with(&db, query) };
        let store = Store::open_database(&url).expect("open");
        assert_eq!(store_uses_tls(server, &db), vec![encrypted], "{query:?}");
        drop(store);
    }
    let db = server.fresh_database();
    let verified = with(&db, &format!("sslmode=verify-full&sslrootcert={}", certificate.display()));
    let store = Store::open_database(&verified).expect("the server's certificate is the root");
    assert_eq!(store_uses_tls(server, &db), vec![true]);
    drop(store);
    let err = Store::open_database(&with(&db, "sslmode=verify-full")).err().expect("not under Mozilla's roots");
    let msg = err.to_string();
    assert!(matches!(err, StoreError::Unreachable { .. }), "{msg}");
    assert!(msg.contains(&format!("127.0.0.1:{}", server.port())) && !msg.contains('\n'), "{msg}");
}

/// The schema is written once per dialect (SQLite's migrations,
/// PostgreSQL's), and `thaayam migrate` names the columns it copies: the
/// live tables of both, freshly migrated, have the same columns, and the
/// copy takes every one of them. Only these differ, on purpose: SQLite
/// keeps `snapshots` and `seats.timeouts`, which nothing writes any more
/// (see `store::schema`); PostgreSQL keeps its version in `thaayam_schema`
/// and its ratings' locks in `rating_groups`, which have no SQLite
/// counterpart (SQLite's file lock and `PRAGMA user_version` do that).
#[test]
fn both_backends_have_the_columns_migrate_copies() {
    let Some((server, db)) = postgres_database() else { return };
    let dir = Scratch::new("backends-columns");
    drop(open("sqlite", &Database::Sqlite(dir.path("columns.db"))));
    drop(open("postgres", &db));
    let sqlite = rusqlite::Connection::open(dir.path("columns.db")).expect("sqlite");
    let mut tables: Vec<String> = sqlite
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .and_then(|mut st| st.query_map([], |r| r.get(0))?.collect())
        .expect("SQLite's tables");
    tables.retain(|t| t != "snapshots");
    let mut lite = BTreeSet::new();
    for table in &tables {
        let columns: Vec<String> = sqlite
            .prepare(&format!("SELECT name FROM pragma_table_info('{table}')"))
            .and_then(|mut st| st.query_map([], |r| r.get(0))?.collect())
            .expect("columns");
        lite.extend(columns.into_iter().map(|c| (table.clone(), c)));
    }
    lite.remove(&("seats".to_string(), "timeouts".to_string()));
    let mut raw = admin(server, &name_of(&db));
    let pg: BTreeSet<(String, String)> = raw
        .query(
            "SELECT table_name::text, column_name::text FROM information_schema.columns \
             WHERE table_schema = current_schema() AND table_name NOT IN ('thaayam_schema', 'rating_groups')",
            &[],
        )
        .expect("PostgreSQL's columns")
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    assert_eq!(lite, pg, "the same columns on both backends");
    let copied: BTreeSet<(String, String)> = thaayam::store::copied_columns()
        .into_iter()
        .flat_map(|(t, cs)| cs.into_iter().map(move |c| (t.to_string(), c.to_string())))
        .collect();
    assert_eq!(copied, pg, "`thaayam migrate` copies every column");
}

/// Time away (`/thaayam away`) on both backends: a new period replaces
/// the running one, coming back early ends it, servers' limits are kept
/// (at most 30 days in 30); and a PostgreSQL database of the previous
/// release (schema 5, before the tables of time away) opens with its data.
#[test]
fn time_away_round_trips_and_a_postgres_database_of_the_previous_release_opens() {
    use thaayam::store::AwayPeriod;
    let dir = Scratch::new("backends-away");
    for (backend, db) in databases(&dir) {
        let mut store = open(backend, &db);
        store.set_away(5, 1, 100, 400).expect("away");
        store.set_away(5, 1, 300, 900).expect("again");
        assert!(store.end_away(5, 500).expect("back"), "{backend}");
        let p = |starts, ends| AwayPeriod { user: 5, starts, ends };
        assert_eq!(store.user_away(5, 0).expect("read"), vec![p(100, 300), p(300, 500)], "{backend}");
        store.save_server(1, &SavedServer { away_days: Some(0), ..SavedServer::default() }).expect("limit");
        assert_eq!(store.server(1).expect("limit").away_days, Some(0), "{backend}");
        let too_long = SavedServer { away_days: Some(31), ..SavedServer::default() };
        assert!(store.save_server(1, &too_long).is_err(), "{backend}");
    }
    let Some((server, db)) = postgres_database() else { return };
    let mut raw = admin(server, &name_of(&db));
    for sql in &thaayam::store::postgres_schema::MIGRATIONS[..5] {
        raw.batch_execute(sql).expect("the previous release's schema");
    }
    let ruleset = serde_json::to_string(&Ruleset::new(Variant::Francais)).expect("json");
    raw.execute(
        "INSERT INTO guild_settings (guild_id, default_ruleset, turn_timeout_secs, end_permission) \
         VALUES (5, $1, 90, 'moderators')",
        &[&ruleset],
    )
    .expect("its settings");
    raw.batch_execute("UPDATE thaayam_schema SET version = 5").expect("version 5");
    let mut store = Store::open_database(&db).expect("the previous release's database opens");
    assert_eq!(store.schema_version().expect("version"), thaayam::store::postgres_schema::latest_version());
    let kept = store.server(5).expect("its settings read").rules.expect("its rules");
    assert_eq!((kept.turn_timeout_secs, kept.end_permission), (90, EndPermission::Moderators));
    assert_eq!(store.away_periods(0).expect("read"), Vec::new(), "nobody away");
    store.set_away(7, 5, 10, 20).expect("writes");
}

/// A PostgreSQL database of the previous release (version 8: a server's
/// settings in five tables) opens with every server's settings, one row
/// each, and the old tables are gone.
#[test]
fn a_postgres_database_of_the_previous_release_opens_with_its_servers_settings() {
    let Some((server, db)) = postgres_database() else { return };
    let mut raw = admin(server, &name_of(&db));
    for sql in &thaayam::store::postgres_schema::MIGRATIONS[..8] {
        raw.batch_execute(sql).expect("the previous release's schema");
    }
    let ruleset = serde_json::to_string(&Ruleset::new(Variant::Francais)).expect("json");
    raw.execute("INSERT INTO guild_settings VALUES (7, $1, 90, 'moderators')", &[&ruleset]).expect("rules");
    raw.batch_execute(
        "INSERT INTO guild_languages VALUES (7, 'ta'); INSERT INTO pages_off VALUES (7);
         INSERT INTO guild_seasons VALUES (7, 'Asia/Kolkata', 42); INSERT INTO away_limits VALUES (7, 0);
         INSERT INTO pages_off VALUES (9); INSERT INTO away_limits VALUES (11, 3);
         UPDATE thaayam_schema SET version = 8;",
    )
    .expect("the previous release's settings");
    let store = Store::open_database(&db).expect("the previous release's database opens");
    let rules = GuildSettings {
        default_ruleset: Ruleset::new(Variant::Francais),
        turn_timeout_secs: 90,
        end_permission: EndPermission::Moderators,
    };
    let seven = SavedServer {
        rules: Some(rules),
        language: Some("ta".into()),
        pages_off: true,
        time_zone: "Asia/Kolkata".into(),
        podium_channel: Some(42),
        away_days: Some(0),
        organiser_role: None,
    };
    assert_eq!(store.server(7).expect("read"), seven);
    assert_eq!(store.server(9).expect("read"), SavedServer { pages_off: true, ..SavedServer::default() });
    assert_eq!(store.server(11).expect("read"), SavedServer { away_days: Some(3), ..SavedServer::default() });
    let old: i64 = raw
        .query_one("SELECT count(*) FROM information_schema.tables WHERE table_name = 'guild_settings'", &[])
        .and_then(|r| r.try_get(0))
        .expect("tables");
    assert_eq!(old, 0, "folded and dropped");
}

/// A PostgreSQL database of the previous release (version 10) opens with
/// each finished game rated as the rule said of it then (a server's game
/// that is not practice), and a game it finishes afterwards is rated as
/// its finishing save says.
#[test]
fn a_postgres_database_of_the_previous_release_says_which_of_its_games_were_rated() {
    let Some((server, db)) = postgres_database() else { return };
    let mut raw = admin(server, &name_of(&db));
    for sql in &thaayam::store::postgres_schema::MIGRATIONS[..10] {
        raw.batch_execute(sql).expect("the previous release's schema");
    }
    let game = |id: i64, guild: i64, state: &str, practice: i64| {
        format!(
            "INSERT INTO games (id, guild_id, channel_id, host_id, variant, ruleset, max_players, state, created_at, \
                 updated_at, turn_timeout_secs, seq, seed, commitment, practice) \
             VALUES ({id}, {guild}, {id}, 9, 'bell', '{{}}', 2, '{state}', 1, 2, 60, 3, \
                 decode(repeat('00', 32), 'hex'), 'c', {practice});"
        )
    };
    let games = [game(1, 5, "finished", 0), game(2, 5, "finished", 1), game(3, 0, "finished", 0)].concat();
    raw.batch_execute(&format!(
        "{games} {} SELECT setval(pg_get_serial_sequence('games', 'id'), 10); UPDATE thaayam_schema SET version = 10;",
        game(4, 5, "abandoned", 0)
    ))
    .expect("the previous release's games");
    let mut store = Store::open_database(&db).expect("the previous release's database opens");
    let rated = |raw: &mut postgres::Client| -> Vec<(i64, i64)> {
        let rows = raw.query("SELECT id, rated FROM games ORDER BY id", &[]).expect("rated");
        rows.iter().map(|r| (r.get(0), r.get(1))).collect()
    };
    assert_eq!(rated(&mut raw), [(1, 1), (2, 0), (3, 0), (4, 0)]);
    let (mut front, _) = playing_game(&mut store, 5, &humans(2));
    let end = LiveSave { state: GameState::Finished, places: Some([2, 0, 1, 0]), rated: false, ..front.change(&[]) };
    assert!(front.save(&mut store, &end).expect("finish").is_empty(), "saved unrated: no rating changes");
    assert_eq!(rated(&mut raw).last(), Some(&(front.id.0, 0)));
}

/// A PostgreSQL database of the previous release (version 7) with a kept
/// season table, counted by its rule (a computer beaten is a point): it
/// opens, the table reads as it was kept and says its rule, and the
/// recount counts it by that rule.
#[test]
fn a_postgres_season_table_kept_by_the_previous_release_keeps_its_count() {
    use thaayam::store::SeasonStanding;
    let Some((server, db)) = postgres_database() else { return };
    let mut raw = admin(server, &name_of(&db));
    for sql in &thaayam::store::postgres_schema::MIGRATIONS[..7] {
        raw.batch_execute(sql).expect("the previous release's schema");
    }
    raw.batch_execute(
        "INSERT INTO games (id, guild_id, channel_id, host_id, variant, ruleset, max_players, state, created_at, \
             updated_at, finished_at, turn_timeout_secs, seed, commitment) \
             VALUES (1, 5, 6, 9, 'bell', '{}', 3, 'finished', 1, 2, 1500, 60, decode(repeat('00', 32), 'hex'), 'c'); \
         INSERT INTO seats (game_id, seat, user_id, joined_at, place) VALUES (1, 0, 9, 1, 1); \
         INSERT INTO seats (game_id, seat, computer, joined_at, place) VALUES (1, 1, 'easy', 1, 2); \
         INSERT INTO seats (game_id, seat, user_id, joined_at, place) VALUES (1, 2, 8, 1, 3); \
         INSERT INTO seasons (guild_id, variant, season, starts_at, ends_at, time_zone, kept_at) \
             VALUES (5, 'bell', '2026-10', 1000, 2000, 'UTC', 2500); \
         INSERT INTO season_standings (guild_id, variant, season, user_id, games, points, wins) \
             VALUES (5, 'bell', '2026-10', 9, 1, 2, 1), (5, 'bell', '2026-10', 8, 1, 0, 0); \
         UPDATE thaayam_schema SET version = 7;",
    )
    .expect("a game and its kept table, as the previous release saved them");
    let store = Store::open_database(&db).expect("the previous release's database opens");
    assert_eq!(store.schema_version().expect("version"), thaayam::store::postgres_schema::latest_version());
    let kept = store.kept_season(5, Variant::Bell, "2026-10").expect("read").expect("kept");
    let standing = |user, games, points, wins| SeasonStanding { user, games, points, wins };
    assert_eq!(kept.rule, SeasonRule::EverySeat);
    assert_eq!(kept.standings, [standing(9, 1, 2, 1), standing(8, 1, 0, 0)], "its old count");
    assert_eq!(store.recount_seasons().expect("recount"), (1, Vec::new()), "recounted under its rule");
    let now = store.season_standings(5, Variant::Bell, &kept.span, PEOPLE).expect("count");
    assert_eq!(now, [standing(9, 1, 1, 1), standing(8, 1, 0, 0)], "counted now: people only");
}

/// The tutor's setting (`/thaayam tutor`) on both backends, apart from a
/// user's direct messages; and a PostgreSQL database of the previous
/// release (version 12, before its column) opens with the tutor off for
/// the users it knows.
#[test]
fn the_tutor_round_trips_and_a_postgres_database_of_the_previous_release_reads_it_off() {
    let dir = Scratch::new("backends-tutor");
    for (backend, db) in databases(&dir) {
        let mut store = open(backend, &db);
        assert!(!store.tutor(5).expect("read"), "{backend}: off by default");
        store.set_tutor(5, true).expect("on");
        assert!(store.tutor(5).expect("read"), "{backend}");
        store.set_tutor(5, false).expect("off");
        assert!(!store.tutor(5).expect("read"), "{backend}");
    }
    let Some((server, db)) = postgres_database() else { return };
    let mut raw = admin(server, &name_of(&db));
    for sql in &thaayam::store::postgres_schema::MIGRATIONS[..12] {
        raw.batch_execute(sql).expect("the previous release's schema");
    }
    raw.batch_execute(
        "INSERT INTO user_settings (user_id, notify_turns) VALUES (5, 1); UPDATE thaayam_schema SET version = 12;",
    )
    .expect("its users");
    let mut store = Store::open_database(&db).expect("the previous release's database opens");
    assert_eq!(store.schema_version().expect("version"), thaayam::store::postgres_schema::latest_version());
    assert!(!store.tutor(5).expect("read"), "the tutor off");
    store.set_tutor(5, true).expect("writes");
    assert!(store.tutor(5).expect("read"));
}
