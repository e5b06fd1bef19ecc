//! The migrations' tests: released ones never edited, an empty database
//! migrated whole, a failed migration rolled back, older databases
//! upgraded with their data.

use super::*;
use sha2::{Digest, Sha256};

/// SHA-256 of every released migration: editing one fails this test.
/// Add the hash of a new migration when appending it.
const RELEASED: &[&str] = &[
    "2bd180d691a84d1209661b50616bf074efb287b303f0cbce69e0f09a41c4872d",
    "1bc09a4c92ec687d464707c102fb71c586a0ffeaa033812e079dfcaaf8bf3d3f",
    "300ac27bdbb168acaaac919948c6cf7616a1824769dbf240f78b1f6b06c3c0f8",
    "3b031345deec982c5fe2ccce66f3a7ff9ac739ebcc21a0e5d6ef69b76f646925",
    "5cf1ffa69a9d04644228fbdbb549c8bc59959eeeff4fd2f8aea0c633032ee7e5",
    "f1fd5f4d69aaf0081e3fc39987775087fac1fc153914f620316bfe59ecd70973",
    "114e7706fe6656cdfb4707127ad88405fe0e0fc3b621f66041a0cec1c9991f52",
    "db9d64b90fdd0ed273730958e2f4d0233a68ded60ec663c449f7e60326b894e2",
    "b55a90caf24afe0ce47cf7bccd497602600e6c9a611a72d73e06fb37cee9b0d9",
    "c29f2ce211883e98e01378e1cba6a7b65538d3790cd2b8d472c45bc93db44a03",
    "43b8a732d6ae17e47734a8c29a5e55f4b435c49c530beae8c2cc52d66537585e",
    "f74a21702a53393c916301296932602e87e7b0af34f042234145657d93510369",
    "af9aba84a2d846796763d195f2d47dcb20c3fa0520b4e760cbee0c35f790671b",
    "5def21927744f03dd1101e986c30c2e6ab4aa5a2946bb7092fa76a14ddaa5932",
    "5dd9170399c31ef5012ae90a55fd7b5c9c01b0577efddfdc499f4066c770c38d",
    "062c405d51257a9519c314017ebdcc64e0be10b2e0c201eada0c99a5c8fa2aa9",
    "1b5883eacaceeddee343feefab32c12dd3bd327b913939ace0fa4ba543641940",
    "3af22229f43595708e8d4a38f8f24876e8a24b7ee24dfe5f805ec369b62ac691",
    "4098f926359465b402155028acd95f7f5e0a000a53a2a209db8cb2d0e7013895",
    "a0ebd79b306511e6efd9d6f7814f370adb63610ef6b0cbec30bf7126709456ce",
    "f01ae1e179136336d5dc27624189d1008e1417d108628772f2a5d805e4b9f7dd",
];

#[test]
fn released_migrations_are_never_edited() {
    let hashes: Vec<String> = MIGRATIONS.iter().map(|m| hex::encode(Sha256::digest(m.as_bytes()))).collect();
    assert_eq!(hashes, RELEASED, "a released migration changed; append a new one instead");
}

#[test]
fn migrations_run_on_an_empty_database_and_leave_it_consistent() {
    let conn = Connection::open_in_memory().expect("memory db");
    conn.execute_batch("PRAGMA foreign_keys = ON;").expect("pragma");
    migrate(&conn).expect("migrate");
    assert_eq!(user_version(&conn).expect("version"), latest_version());
    let check: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).expect("check");
    assert_eq!(check, "ok");
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .and_then(|mut st| st.query_map([], |r| r.get(0))?.collect())
        .expect("tables");
    assert_eq!(
        tables,
        [
            "analyses",
            "away",
            "computers",
            "events",
            "games",
            "page_secret",
            "ratings",
            "season_podiums",
            "season_standings",
            "seasons",
            "seats",
            "servers",
            "snapshots",
            "tournament_entrants",
            "tournament_rounds",
            "tournament_seats",
            "tournament_tables",
            "tournaments",
            "user_settings"
        ]
    );
    // Running again is a no-op.
    migrate(&conn).expect("migrate twice");
    assert_eq!(user_version(&conn).expect("version"), latest_version());
}

#[test]
fn a_failed_migration_leaves_the_version_alone() {
    let conn = Connection::open_in_memory().expect("memory db");
    conn.execute_batch("CREATE TABLE games (x);").expect("clash");
    assert!(migrate(&conn).is_err());
    assert_eq!(user_version(&conn).expect("version"), 0);
    let n: i64 = conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0)).expect("count");
    assert_eq!(n, 1, "the migration's other tables were rolled back");
}

#[test]
fn an_older_database_is_upgraded_with_its_data() {
    let conn = Connection::open_in_memory().expect("memory db");
    conn.execute_batch(MIGRATIONS[0]).expect("version 1");
    conn.execute_batch("PRAGMA user_version = 1; INSERT INTO guild_settings VALUES (5, '{}', 60, 'host');")
        .expect("data");
    migrate(&conn).expect("upgrade");
    assert_eq!(user_version(&conn).expect("version"), latest_version());
    let n: i64 = conn
        .query_row("SELECT count(*) FROM servers WHERE turn_timeout_secs = 60 AND end_permission = 'host'", [], |r| {
            r.get(0)
        })
        .expect("count");
    let snaps: i64 = conn.query_row("SELECT count(*) FROM snapshots", [], |r| r.get(0)).expect("new table");
    assert_eq!((n, snaps), (1, 0));
    let live: i64 = conn.query_row("SELECT count(live) FROM games", [], |r| r.get(0)).expect("new column");
    assert_eq!(live, 0);
    let practice: i64 =
        conn.query_row("SELECT count(*) FROM games WHERE practice = 0", [], |r| r.get(0)).expect("practice column");
    assert_eq!(practice, 0);
    let analyses: i64 = conn.query_row("SELECT count(*) FROM analyses", [], |r| r.get(0)).expect("new table");
    assert_eq!(analyses, 0);
    let shown: i64 = conn.query_row("SELECT count(board_seq) FROM games", [], |r| r.get(0)).expect("new column");
    assert_eq!(shown, 0);
}

/// A database of the release before migration 7, with an open game,
/// opens; the game's board counts as unknown (NULL).
#[test]
fn a_database_of_the_previous_release_opens_with_its_games() {
    let conn = Connection::open_in_memory().expect("memory db");
    for sql in &MIGRATIONS[..6] {
        conn.execute_batch(sql).expect("the previous release's schema");
    }
    conn.execute_batch(
        "PRAGMA user_version = 6; \
         INSERT INTO games (id, guild_id, channel_id, board_message_id, board_posted_at, host_id, variant, \
             ruleset, max_players, state, created_at, updated_at, turn_timeout_secs, seq, seed, commitment, live) \
         VALUES (1, 5, 6, 77, 100, 9, 'bell', '{}', 2, 'playing', 1, 2, 60, 12, zeroblob(32), 'c', '{}');",
    )
    .expect("an open game");
    migrate(&conn).expect("upgrade");
    assert_eq!(user_version(&conn).expect("version"), latest_version());
    let row: (i64, i64, Option<i64>) = conn
        .query_row("SELECT seq, board_message_id, board_seq FROM games WHERE id = 1", [], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })
        .expect("the game");
    assert_eq!(row, (12, 77, None));
}

/// A database of the previous release (version 17) opens with each
/// finished game rated as the rule said of it then: a server's game
/// that is not practice; a practice game, a game outside servers and an
/// abandoned one are not.
#[test]
fn a_database_of_the_previous_release_says_which_of_its_games_were_rated() {
    let conn = Connection::open_in_memory().expect("memory db");
    for sql in &MIGRATIONS[..17] {
        conn.execute_batch(sql).expect("the previous release's schema");
    }
    let game = |id: i64, guild: i64, state: &str, practice: i64| {
        format!(
            "INSERT INTO games (id, guild_id, channel_id, host_id, variant, ruleset, max_players, state, \
                 created_at, updated_at, turn_timeout_secs, seq, seed, commitment, practice) \
             VALUES ({id}, {guild}, {id}, 9, 'bell', '{{}}', 2, '{state}', 1, 2, 60, 3, zeroblob(32), 'c', {practice});"
        )
    };
    let games = [game(1, 5, "finished", 0), game(2, 5, "finished", 1), game(3, 0, "finished", 0)];
    conn.execute_batch(&format!("PRAGMA user_version = 17; {} {}", games.concat(), game(4, 5, "abandoned", 0)))
        .expect("finished games");
    migrate(&conn).expect("upgrade");
    let rated: Vec<(i64, bool)> = conn
        .prepare("SELECT id, rated FROM games ORDER BY id")
        .and_then(|mut st| st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect())
        .expect("rated");
    assert_eq!(rated, [(1, true), (2, false), (3, false), (4, false)]);
}

/// A game saved by the release before migration 7 keeps the throws it
/// was thrown with: it reads as the ChaCha8 derivation (1); new rows
/// say which one they use, and no other number is accepted.
#[test]
fn games_saved_before_the_dice_column_keep_the_chacha8_derivation() {
    let conn = Connection::open_in_memory().expect("memory db");
    for sql in &MIGRATIONS[..6] {
        conn.execute_batch(sql).expect("the previous release's schema");
    }
    conn.execute_batch(
        "PRAGMA user_version = 6;
         INSERT INTO games (guild_id, channel_id, host_id, variant, ruleset, max_players, state, created_at,
             updated_at, turn_timeout_secs, seed, commitment)
         VALUES (1, 2, 3, 'bell', '{}', 2, 'playing', 0, 0, 60, zeroblob(32), 'c');",
    )
    .expect("an old game");
    migrate(&conn).expect("upgrade");
    let dice: i64 = conn.query_row("SELECT dice FROM games", [], |r| r.get(0)).expect("dice column");
    assert_eq!(crate::dice::Derivation::from_number(dice), Some(crate::dice::Derivation::ChaCha8));
    let bad = conn.execute("UPDATE games SET dice = 3", []);
    assert!(bad.is_err(), "only known derivations are stored");
}
