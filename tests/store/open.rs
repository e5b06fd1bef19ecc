//! Opening files: a new file is migrated; random bytes, a foreign SQLite
//! database or a newer schema are refused with a clear message; the
//! pragmas are set; online backups open as the same database.

use crate::common::{Scratch, humans, playing_game};
use rand::{Rng, SeedableRng};
use thaayam::store::schema::{APPLICATION_ID, latest_version};
use thaayam::store::{Store, StoreError};

fn message(r: Result<Store, StoreError>) -> String {
    match r {
        Ok(_) => panic!("expected the open to fail"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_new_file_is_migrated_and_marked_as_ours() {
    let dir = Scratch::new("open-new");
    let path = dir.path("new.db");
    let store = Store::open(&path).expect("open");
    assert_eq!(store.schema_version().expect("version"), latest_version());
    drop(store);
    let conn = rusqlite::Connection::open(&path).expect("sqlite");
    let id: i32 = conn.query_row("PRAGMA application_id", [], |r| r.get(0)).expect("id");
    let mode: String = conn.query_row("PRAGMA journal_mode", [], |r| r.get(0)).expect("mode");
    assert_eq!((id, mode.as_str()), (APPLICATION_ID, "wal"));
    // Reopening an up-to-date file changes nothing.
    assert_eq!(Store::open(&path).expect("reopen").schema_version().expect("version"), latest_version());
}

#[test]
fn random_bytes_are_not_a_thaayam_database() {
    let dir = Scratch::new("open-junk");
    let path = dir.path("junk.db");
    let mut bytes = vec![0u8; 8192];
    rand_chacha::ChaCha8Rng::seed_from_u64(1).fill_bytes(&mut bytes);
    std::fs::write(&path, &bytes).expect("write");
    let msg = message(Store::open(&path));
    assert!(msg.ends_with("is not a Thaayam database (file is not a database)"), "{msg}");
    assert!(msg.contains("junk.db"), "{msg}");
    assert_eq!(std::fs::read(&path).expect("read"), bytes, "the file must be left alone");
}

#[test]
fn another_programs_database_is_refused() {
    let dir = Scratch::new("open-foreign");
    let plain = dir.path("plain.db");
    rusqlite::Connection::open(&plain).expect("sqlite").execute_batch("CREATE TABLE t (x);").expect("create");
    let msg = message(Store::open(&plain));
    assert!(msg.contains("is not a Thaayam database (an SQLite database of another program)"), "{msg}");

    let tagged = dir.path("tagged.db");
    rusqlite::Connection::open(&tagged).expect("sqlite").execute_batch("PRAGMA application_id = 1234;").expect("tag");
    let msg = message(Store::open(&tagged));
    assert!(msg.contains("is not a Thaayam database (application id 0x4d2)"), "{msg}");
}

#[test]
fn a_newer_schema_is_refused() {
    let dir = Scratch::new("open-newer");
    let path = dir.path("newer.db");
    drop(Store::open(&path).expect("open"));
    let newer = latest_version() + 3;
    rusqlite::Connection::open(&path)
        .expect("sqlite")
        .execute_batch(&format!("PRAGMA user_version = {newer};"))
        .expect("bump");
    let msg = message(Store::open(&path));
    assert_eq!(
        msg,
        format!("schema version {newer} is newer than this program ({}); upgrade the bot", latest_version())
    );
}

#[test]
fn an_online_backup_is_a_working_copy() {
    let dir = Scratch::new("backup");
    let mut store = Store::open(dir.path("live.db")).expect("open");
    let (game, _) = playing_game(&mut store, 1, &humans(2));
    let (id, seq) = (game.id, game.seq);
    store.backup_to(dir.path("copy.db")).expect("backup");
    // The live store keeps working after the backup.
    store.abandon(id, Some(seq)).expect("write after backup");
    thaayam::store::backup_file(&dir.path("live.db"), &dir.path("copy2.db")).expect("file backup");
    let copy = Store::open(dir.path("copy.db")).expect("open copy");
    let g = copy.game(id).expect("read").expect("exists");
    assert_eq!((g.seq, g.seats.len()), (seq, 2));
    let copy2 = Store::open(dir.path("copy2.db")).expect("open copy");
    assert_eq!(copy2.game(id).expect("read").expect("exists").seq, seq + 1);
}
