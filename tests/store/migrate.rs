//! `thaayam migrate` as an operator runs it: a database the bot's own
//! write path filled (the crash worker) is copied into PostgreSQL (and,
//! everywhere, into another SQLite file), the copy is checked before
//! success is reported and holds the same games, logs and ratings; a
//! second run refuses to overwrite and changes nothing.

use crate::common::Scratch;
use std::path::Path;
use std::process::{Command, Output};
use thaayam::store::{Database, Store};

fn thaayam(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_thaayam")).args(args).current_dir(dir).output().expect("run thaayam")
}

fn text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

fn filled(dir: &Scratch) {
    let out = Command::new(env!("CARGO_BIN_EXE_thaayam-lab"))
        .args(["store-crash-worker", "--db", "live.db", "--max-saves", "1500"])
        .current_dir(dir.dir())
        .output()
        .expect("run thaayam-lab");
    assert!(out.status.success(), "the worker fills the database: {}", text(&out));
    let mut store = Store::open(dir.path("live.db")).expect("the filled file");
    let server = thaayam::store::SavedServer {
        language: Some("ta".into()),
        pages_off: true,
        podium_channel: Some(42),
        away_days: Some(3),
        ..thaayam::store::SavedServer::default()
    };
    store.save_server(7, &server).expect("a server's settings");
    store.set_tutor(8, true).expect("a user's tutor");
    store.set_tutor(9, false).expect("another user's, off");
}

/// Migrates `live.db` to `to` twice: the first copies and checks, the
/// second refuses; the copy holds what the file holds.
fn migrate_twice(dir: &Scratch, to: &Database, url: &str) {
    let out = thaayam(&["migrate", "--from", "live.db", "--to", url], dir.dir());
    let said = text(&out);
    assert_eq!(out.status.code(), Some(0), "{said}");
    assert!(said.starts_with("copied live.db to ") && said.contains("the ratings recompute"), "{said}");
    assert!(!said.contains(" 0 closed games") && said.contains(" 1 server settings"), "{said}");
    let source = Store::open_copy(dir.path("live.db")).expect("source");
    let copy = Store::open_database(to).expect("the copy opens");
    assert_eq!(source.table_counts().expect("counts"), copy.table_counts().expect("counts"));
    assert!(source.differences(&copy).expect("compare").is_empty());
    assert_eq!(copy.server(7).expect("read"), source.server(7).expect("read"), "a server's settings move");
    assert!(copy.server(7).expect("read").pages_off);
    assert!(copy.tutor(8).expect("read") && !copy.tutor(9).expect("read"), "the users' tutor moves");
    let live = |s: &Store| s.live_games().expect("live").into_iter().map(|g| (g.info, g.events)).collect::<Vec<_>>();
    assert_eq!(live(&source), live(&copy), "the open games resume the same");
    let before = copy.table_counts().expect("counts");
    let again = thaayam(&["migrate", "--from", "live.db", "--to", url], dir.dir());
    assert_eq!(again.status.code(), Some(2), "{}", text(&again));
    assert!(text(&again).contains("already holds Thaayam data"), "{}", text(&again));
    assert_eq!(copy.table_counts().expect("counts"), before, "the second run changed nothing");
}

#[test]
fn a_file_moves_into_another_sqlite_file_once() {
    let dir = Scratch::new("migrate-sqlite");
    filled(&dir);
    migrate_twice(&dir, &Database::Sqlite(dir.path("copy.db")), "copy.db");
}

#[test]
fn a_file_moves_into_postgres_once() {
    let Some(server) = thaayam::lab::pg_server::shared() else { return };
    let dir = Scratch::new("migrate-postgres");
    filled(&dir);
    let db = server.fresh_database();
    let url = db.to_string(); // no password on the test server
    migrate_twice(&dir, &db, &url);
    // New games go on after the copied numbers.
    let mut copy = Store::open_database(&db).expect("open");
    let top = copy.closed_game_ids().expect("ids").into_iter().max().expect("a closed game");
    let new = thaayam::store::NewGame {
        guild: 1,
        channel: 999_999,
        host: 1,
        ruleset: thaayam::engine::Ruleset::new(thaayam::engine::Variant::Bell),
        max_players: 2,
        turn_timeout_secs: 60,
        seed: thaayam::dice::Seed([1; 32]),
        practice: false,
        dice: thaayam::dice::Derivation::CURRENT,
    };
    assert!(copy.create_game(&new).expect("a new game") > top);
}
