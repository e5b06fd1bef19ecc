//! `thaayam backup` and `thaayam check` as an operator runs them: a
//! database the bot's own write path filled (the crash worker) backs up
//! and passes; a copy with one rating, one event or one page changed fails
//! with a report naming it and exit code 1; files that are not Thaayam
//! databases fail the same way and are left byte for byte as they were;
//! a backup onto an existing file is refused unless told to replace it.

use crate::common::Scratch;
use std::path::Path;
use std::process::{Command, Output};

fn thaayam(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_thaayam")).args(args).current_dir(dir).output().expect("run thaayam")
}

fn text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

/// A database with open, finished and rated games, written as the bot writes.
fn filled(dir: &Scratch) {
    let out = Command::new(env!("CARGO_BIN_EXE_thaayam-lab"))
        .args(["store-crash-worker", "--db", "live.db", "--max-saves", "2500"])
        .current_dir(dir.dir())
        .output()
        .expect("run thaayam-lab");
    assert!(out.status.success(), "the worker fills the database: {}", text(&out));
}

#[test]
fn a_backup_of_a_sound_database_passes_check() {
    let dir = Scratch::new("check-backup");
    filled(&dir);
    let out = thaayam(&["backup", "--database", "live.db", "--out", "copy.db"], dir.dir());
    assert!(out.status.success(), "{}", text(&out));
    assert!(!dir.path("copy.db-wal").exists(), "the backup is one file");
    let out = thaayam(&["check", "copy.db"], dir.dir());
    let report = text(&out);
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert!(report.starts_with("PASS: copy.db:") && report.contains("games' dice verify"), "{report}");
    assert!(!report.contains(" 0 closed games"), "the worker finished games: {report}");
}

#[test]
fn backup_refuses_an_existing_file_unless_told_to_replace_it() {
    let dir = Scratch::new("check-replace");
    filled(&dir);
    std::fs::write(dir.path("copy.db"), b"keep me").expect("write");
    let out = thaayam(&["backup", "--database", "live.db", "--out", "copy.db"], dir.dir());
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(text(&out).contains("--replace"), "says how: {}", text(&out));
    assert_eq!(std::fs::read(dir.path("copy.db")).expect("read"), b"keep me", "untouched");
    let out = thaayam(&["backup", "--database", "live.db", "--out", "copy.db", "--replace"], dir.dir());
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(thaayam(&["check", "copy.db"], dir.dir()).status.code(), Some(0));
    let out = thaayam(&["backup", "--database", "missing.db", "--out", "other.db"], dir.dir());
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(!dir.path("missing.db").exists() && !dir.path("other.db").exists(), "nothing created");
}

#[test]
fn a_backup_is_readable_by_its_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let dir = Scratch::new("check-mode");
    filled(&dir);
    let out = thaayam(&["backup", "--database", "live.db", "--out", "copy.db"], dir.dir());
    assert!(out.status.success(), "{}", text(&out));
    let mode = std::fs::metadata(dir.path("copy.db")).expect("stat").permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "the backup holds every running game's seed: {mode:o}");
    let left: Vec<_> = std::fs::read_dir(dir.dir())
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("partial"))
        .collect();
    assert!(left.is_empty(), "no partial copy is left behind: {left:?}");
    // The copy made through the store (the bot's own backups) too.
    let store = thaayam::store::Store::open(dir.path("live.db")).expect("open");
    store.backup_to(dir.path("store-copy.db")).expect("backup");
    let mode = std::fs::metadata(dir.path("store-copy.db")).expect("stat").permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "{mode:o}");
    // Never onto an existing file: a store backup is exclusive.
    assert!(store.backup_to(dir.path("store-copy.db")).is_err(), "an existing file is refused");
}

#[test]
fn a_backup_never_follows_a_link_planted_at_its_name() {
    let dir = Scratch::new("check-link");
    filled(&dir);
    std::fs::write(dir.path("victim"), b"keep me").expect("write");
    std::os::unix::fs::symlink(dir.path("victim"), dir.path("copy.db")).expect("symlink");
    let out = thaayam(&["backup", "--database", "live.db", "--out", "copy.db"], dir.dir());
    assert_eq!(out.status.code(), Some(2), "a link is an existing name: {}", text(&out));
    assert!(text(&out).contains("--replace"), "{}", text(&out));
    assert_eq!(std::fs::read(dir.path("victim")).expect("read"), b"keep me", "untouched");
    // Replacing replaces the link itself, never the file it points to.
    let out = thaayam(&["backup", "--database", "live.db", "--out", "copy.db", "--replace"], dir.dir());
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(std::fs::read(dir.path("victim")).expect("read"), b"keep me", "untouched");
    let meta = std::fs::symlink_metadata(dir.path("copy.db")).expect("stat");
    assert!(meta.file_type().is_file(), "the link was replaced by the backup");
    assert_eq!(thaayam(&["check", "copy.db"], dir.dir()).status.code(), Some(0));
    // A dangling link (to a file not there yet) is not followed either.
    std::os::unix::fs::symlink(dir.path("made-by-link"), dir.path("dangling.db")).expect("symlink");
    let store = thaayam::store::Store::open(dir.path("live.db")).expect("open");
    assert!(store.backup_to(dir.path("dangling.db")).is_err(), "a link is refused");
    assert!(!dir.path("made-by-link").exists(), "nothing created through the link");
}

#[test]
fn check_and_verify_refuse_a_file_with_a_trigger_or_a_view_and_run_none_of_it() {
    let dir = Scratch::new("check-crafted");
    filled(&dir);
    let crafted = [
        (
            "trigger.db",
            "trigger",
            // Would fire on the migrations' and checks' writes to the copy.
            "CREATE TABLE loot(x); CREATE TRIGGER grab AFTER UPDATE ON games BEGIN \
             INSERT INTO loot SELECT seed FROM games; SELECT load_extension('/tmp/evil'); END;",
        ),
        (
            "view.db",
            "view",
            "CREATE VIEW spin AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n;",
        ),
    ];
    for (file, kind, sql) in crafted {
        std::fs::copy(dir.path("live.db"), dir.path(file)).expect("copy");
        let conn = rusqlite::Connection::open(dir.path(file)).expect("sqlite");
        conn.execute_batch(&format!("PRAGMA journal_mode = DELETE; {sql}")).expect("craft");
        drop(conn);
        let before = std::fs::read(dir.path(file)).expect("read");
        let out = thaayam(&["check", file], dir.dir());
        let report = text(&out);
        assert_eq!(out.status.code(), Some(1), "{file}: {report}");
        assert!(report.starts_with("FAIL") && report.contains(kind) && report.contains("refused"), "{report}");
        let out = thaayam(&["verify", "--database", file, "--game", "1"], dir.dir());
        assert_eq!(out.status.code(), Some(2), "{file}: {}", text(&out));
        assert!(text(&out).contains(kind), "{file}: {}", text(&out));
        assert_eq!(std::fs::read(dir.path(file)).expect("read"), before, "{file} is untouched");
    }
}

/// Runs `check` on a copy of the filled database changed by `sql`, and
/// returns its report; the check must fail and must not change the file.
fn check_tampered(tag: &str, sql: &str) -> String {
    let dir = Scratch::new(tag);
    filled(&dir);
    let conn = rusqlite::Connection::open(dir.path("live.db")).expect("sqlite");
    conn.execute_batch(sql).expect("tamper");
    drop(conn);
    let before = std::fs::read(dir.path("live.db")).expect("read");
    let out = thaayam(&["check", "live.db"], dir.dir());
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert_eq!(std::fs::read(dir.path("live.db")).expect("read"), before, "check changed the file");
    text(&out)
}

#[test]
fn check_finds_a_rating_that_the_results_do_not_give() {
    let report = check_tampered(
        "check-rating",
        "UPDATE ratings SET rating = rating + 0.5 WHERE player = (SELECT MAX(player) FROM ratings);",
    );
    assert!(report.starts_with("FAIL") && report.contains("rating of guild"), "{report}");
}

#[test]
fn check_finds_a_throw_that_is_not_the_seeds() {
    let sql = "UPDATE events SET body = '{\"e\":\"throw\",\"t\":\"Two\"}' WHERE (game_id, idx) = \
               (SELECT e.game_id, e.idx FROM events e JOIN games g ON g.id = e.game_id \
               WHERE g.state = 'finished' AND e.body = '{\"e\":\"throw\",\"t\":\"One\"}' LIMIT 1);";
    let report = check_tampered("check-throw", sql);
    assert!(report.contains("the seed gives") || report.contains("fails to replay"), "{report}");
}

#[test]
fn check_refuses_files_that_are_not_sound_thaayam_databases_and_leaves_them_alone() {
    let dir = Scratch::new("check-bad");
    filled(&dir);
    let mut damaged = std::fs::read(dir.path("live.db")).expect("read");
    let page = damaged.len() / 2 / 4096 * 4096;
    damaged[page..page + 3000].fill(0xff);
    std::fs::write(dir.path("damaged.db"), &damaged).expect("write");
    std::fs::write(dir.path("notes.txt"), b"not a database at all").expect("write");
    std::fs::write(dir.path("empty.db"), b"").expect("write");
    for (file, says) in [
        ("damaged.db", "damaged"),
        ("notes.txt", "not a Thaayam database"),
        ("empty.db", "not a Thaayam database"),
        ("missing.db", "no such file"),
    ] {
        let before = std::fs::read(dir.path(file)).ok();
        let out = thaayam(&["check", file], dir.dir());
        assert_eq!(out.status.code(), Some(1), "{file}: {}", text(&out));
        assert!(text(&out).starts_with("FAIL") && text(&out).contains(says), "{file}: {}", text(&out));
        assert_eq!(std::fs::read(dir.path(file)).ok(), before, "{file} is untouched");
    }
}
