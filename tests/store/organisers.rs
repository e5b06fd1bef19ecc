//! A server's tournament organisers' role in the store (migration 21,
//! PostgreSQL 14): it round-trips on both backends, `thaayam migrate`
//! copies it and `thaayam check` passes the file, and a database of the
//! previous release (an SQLite file and, where PostgreSQL is installed, a
//! PostgreSQL database) opens with its servers' settings and no role.

use crate::common::Scratch;
use std::process::Command;
use thaayam::lab::pg_server;
use thaayam::store::{Database, SavedServer, Store};

const ROLE: u64 = 1_300_000_000_000_000_777;

/// A server's settings as the previous release saved them.
fn kolkata() -> SavedServer {
    SavedServer {
        language: Some("ta".into()),
        pages_off: true,
        time_zone: "Asia/Kolkata".into(),
        podium_channel: Some(42),
        away_days: Some(3),
        ..SavedServer::default()
    }
}

fn thaayam(args: &[&str], dir: &Scratch) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_thaayam")).args(args).current_dir(dir.dir()).output().expect("run");
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr))
}

#[test]
fn the_organisers_role_round_trips_on_both_backends_and_is_cleared() {
    let dir = Scratch::new("organisers-backends");
    let mut dbs = vec![("sqlite", Database::Sqlite(dir.path("o.db")))];
    if let Some(server) = pg_server::shared() {
        dbs.push(("postgres", server.fresh_database()));
    }
    for (backend, db) in dbs {
        let mut store = Store::open_database(&db).unwrap_or_else(|e| panic!("{backend}: {e}"));
        assert_eq!(store.server(7).expect("read").organiser_role, None, "{backend}: none until named");
        let named = SavedServer { organiser_role: Some(ROLE), ..kolkata() };
        store.save_server(7, &named).expect("named");
        assert_eq!(store.server(7).expect("read"), named, "{backend}");
        assert_eq!(store.server(8).expect("read"), SavedServer::default(), "{backend}: other servers keep none");
        store.save_server(7, &kolkata()).expect("cleared");
        assert_eq!(store.server(7).expect("read"), kolkata(), "{backend}: cleared, the rest kept");
    }
}

/// `thaayam check` passes a file with a role named, and `thaayam migrate`
/// copies it (into another SQLite file, and PostgreSQL where installed).
#[test]
fn check_passes_and_migrate_copies_the_organisers_role() {
    let dir = Scratch::new("organisers-migrate");
    let named = SavedServer { organiser_role: Some(ROLE), ..kolkata() };
    Store::open(dir.path("live.db")).expect("open").save_server(7, &named).expect("named");
    let (code, said) = thaayam(&["check", "live.db"], &dir);
    assert_eq!(code, Some(0), "{said}");
    let mut targets = vec![(Database::Sqlite(dir.path("copy.db")), "copy.db".to_string())];
    if let Some(server) = pg_server::shared() {
        let db = server.fresh_database();
        let url = db.to_string(); // no password on the test server
        targets.push((db, url));
    }
    for (db, url) in targets {
        let (code, said) = thaayam(&["migrate", "--from", "live.db", "--to", &url], &dir);
        assert_eq!(code, Some(0), "{said}");
        assert_eq!(Store::open_database(&db).expect("the copy").server(7).expect("read"), named, "{url}");
    }
}

/// An SQLite file of the previous release (schema 20): this release's
/// schema without the column, as migration 21 found it.
#[test]
fn an_sqlite_file_of_the_previous_release_reads_no_organisers_role() {
    let dir = Scratch::new("organisers-previous");
    let path = dir.path("v20.db");
    let latest = Store::open(&path).expect("create").schema_version().expect("version");
    assert_eq!(latest, 21, "this test builds the release before migration 21");
    let conn = rusqlite::Connection::open(&path).expect("file");
    conn.execute_batch(
        "ALTER TABLE servers DROP COLUMN organiser_role; PRAGMA user_version = 20;
         INSERT INTO servers (guild_id, language, pages_off, time_zone, podium_channel, away_days)
         VALUES (7, 'ta', 1, 'Asia/Kolkata', 42, 3);",
    )
    .expect("the previous release's schema and a server");
    drop(conn);
    let mut store = Store::open(&path).expect("the previous release's file opens");
    assert_eq!(store.schema_version().expect("version"), 21);
    assert_eq!(store.server(7).expect("read"), kolkata(), "its settings, and no organisers' role");
    let named = SavedServer { organiser_role: Some(ROLE), ..kolkata() };
    store.save_server(7, &named).expect("writes");
    assert_eq!(store.server(7).expect("read"), named);
}

#[test]
fn a_postgres_database_of_the_previous_release_reads_no_organisers_role() {
    let Some(server) = pg_server::shared() else { return };
    let db = server.fresh_database();
    let name = db.to_string().rsplit('/').next().unwrap_or_default().to_string();
    let mut raw = postgres::Client::connect(&server.url(&name), postgres::NoTls).expect("admin");
    let migrations = thaayam::store::postgres_schema::MIGRATIONS;
    assert_eq!(migrations.len(), 14, "this test builds the release before migration 14");
    for sql in &migrations[..13] {
        raw.batch_execute(sql).expect("the previous release's schema");
    }
    raw.batch_execute(
        "INSERT INTO servers (guild_id, language, pages_off, time_zone, podium_channel, away_days)
         VALUES (7, 'ta', 1, 'Asia/Kolkata', 42, 3);
         UPDATE thaayam_schema SET version = 13;",
    )
    .expect("a server of the previous release");
    let mut store = Store::open_database(&db).expect("the previous release's database opens");
    assert_eq!(store.schema_version().expect("version"), 14);
    assert_eq!(store.server(7).expect("read"), kolkata(), "its settings, and no organisers' role");
    let named = SavedServer { organiser_role: Some(ROLE), ..kolkata() };
    store.save_server(7, &named).expect("writes");
    assert_eq!(store.server(7).expect("read"), named);
}
