//! The schema as an append-only list of migrations, and opening a file:
//! recognising a Thaayam database, refusing foreign or newer ones, and
//! setting the connection's pragmas.
//!
//! Compatibility: the schema version lives in `PRAGMA user_version` and
//! equals the number of migrations applied. A released migration is never
//! edited (a test pins their hashes); changes are new entries at the end.
//! A database newer than the program is refused rather than misread.
//!
//! Kept although nothing writes them any more: the `snapshots` table
//! (migration 2: resume snapshots, written only by a write path the bot
//! never used, so it is empty in every bot database) and the column
//! `seats.timeouts` (the bot counts missed turns in its own JSON; the
//! column stays 0). Dropping them takes a new migration, which would move
//! the schema version on so that the previous program refuses the file
//! ([`StoreError::TooNew`]): no way back, for two empty things. A migration
//! made for another reason can drop them too.

use super::error::{SqlContext, StoreError};
use rusqlite::{Connection, ErrorCode, TransactionBehavior};
use std::path::Path;

/// `PRAGMA application_id` of a Thaayam database: "THAY" in ASCII.
pub const APPLICATION_ID: i32 = 0x5448_4159;

/// The migrations, oldest first. Append only.
pub(crate) const MIGRATIONS: &[&str] = &[
    // 1: the first schema.
    r#"
CREATE TABLE guild_settings (
    guild_id          INTEGER PRIMARY KEY,
    default_ruleset   TEXT    NOT NULL,
    turn_timeout_secs INTEGER NOT NULL CHECK (turn_timeout_secs > 0),
    end_permission    TEXT    NOT NULL CHECK (end_permission IN ('host', 'moderators'))
);

CREATE TABLE games (
    id                INTEGER PRIMARY KEY,
    guild_id          INTEGER NOT NULL,
    channel_id        INTEGER NOT NULL,
    board_message_id  INTEGER,
    board_posted_at   INTEGER,
    host_id           INTEGER NOT NULL,
    variant           TEXT    NOT NULL,
    ruleset           TEXT    NOT NULL,
    max_players       INTEGER NOT NULL CHECK (max_players BETWEEN 2 AND 4),
    state             TEXT    NOT NULL CHECK (state IN ('lobby', 'playing', 'finished', 'abandoned')),
    created_at        INTEGER NOT NULL,
    updated_at        INTEGER NOT NULL,
    finished_at       INTEGER,
    turn_timeout_secs INTEGER NOT NULL,
    seq               INTEGER NOT NULL DEFAULT 0,
    seed              BLOB    NOT NULL CHECK (length(seed) = 32),
    commitment        TEXT    NOT NULL,
    throws_drawn      INTEGER NOT NULL DEFAULT 0,
    deadline          INTEGER,
    events            INTEGER NOT NULL DEFAULT 0
);
-- One game in the lobby or in play per channel.
CREATE UNIQUE INDEX games_active_channel ON games (channel_id) WHERE state IN ('lobby', 'playing');
CREATE INDEX games_channel_history ON games (channel_id, finished_at) WHERE state = 'finished';

CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    user_id   INTEGER,
    computer  TEXT,
    joined_at INTEGER NOT NULL,
    place     INTEGER,
    timeouts  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat),
    CHECK ((user_id IS NULL) <> (computer IS NULL))
) WITHOUT ROWID;
CREATE UNIQUE INDEX seats_user_once ON seats (game_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX seats_user ON seats (user_id) WHERE user_id IS NOT NULL;

-- The append-only log; `v` is the encoding of `body` (1: engine Event as JSON).
CREATE TABLE events (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    idx     INTEGER NOT NULL,
    v       INTEGER NOT NULL,
    body    TEXT    NOT NULL,
    PRIMARY KEY (game_id, idx)
) WITHOUT ROWID;

-- Computer levels get negative pseudo player ids (-id) in `ratings`.
CREATE TABLE computers (
    id    INTEGER PRIMARY KEY,
    level TEXT NOT NULL UNIQUE
);

CREATE TABLE ratings (
    guild_id    INTEGER NOT NULL,
    variant     TEXT    NOT NULL,
    player      INTEGER NOT NULL,
    rating      REAL    NOT NULL,
    uncertainty REAL    NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    place_sum   INTEGER NOT NULL,
    streak      INTEGER NOT NULL,
    best_streak INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, variant, player)
) WITHOUT ROWID;
"#,
    // 2: resume snapshots (the position at the start of a series, in TPN,
    // after `idx` events), so start-up replays only the log's tail. Unused
    // since: the bot resumes from its own state (migration 3).
    r#"
CREATE TABLE snapshots (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    idx     INTEGER NOT NULL,
    tpn     TEXT    NOT NULL
);
"#,
    // 3: the front end's live state of an unfinished game (the uncommitted
    // turn, who is reminded, the board message…), as opaque JSON saved in
    // the same transaction as each action. Cleared when the game is over.
    r#"
ALTER TABLE games ADD COLUMN live TEXT;
"#,
    // 4: the language a server chose for the bot's public messages (a
    // code like `fr`; no row: Discord's preferred locale of the server).
    r#"
CREATE TABLE guild_languages (
    guild_id INTEGER PRIMARY KEY,
    language TEXT    NOT NULL
);
"#,
    // 5: practice games (`/thaayam new practice:true`): hints allowed,
    // never rated.
    r#"
ALTER TABLE games ADD COLUMN practice INTEGER NOT NULL DEFAULT 0 CHECK (practice IN (0, 1));
"#,
    // 6: cached post-game analyses, the
    // chart and the swings' JSON per game and analysis version.
    r#"
CREATE TABLE analyses (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,
    png        BLOB    NOT NULL,
    swings     TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, version)
);
"#,
    // 7: how each game's throws come from its seed (1: the ChaCha8 stream
    // of the games before it; 2: SHA-256, docs/FAIR-DICE.md).
    r#"
ALTER TABLE games ADD COLUMN dice INTEGER NOT NULL DEFAULT 1 CHECK (dice IN (1, 2));
"#,
    // 8: the action counter the board message (`board_message_id`) shows,
    // saved once Discord took the board; NULL when unknown (games saved
    // before this column). Start-up reads or redraws only the boards whose
    // game is ahead of this.
    r#"
ALTER TABLE games ADD COLUMN board_seq INTEGER;
"#,
    // 9: the order in which finished games were rated (1, 2, ...), so
    // `thaayam check` recounts them in that order even when two finished
    // in the same millisecond or the clock went back; NULL for games rated
    // before this column and for unrated games.
    r#"
ALTER TABLE games ADD COLUMN rated_seq INTEGER;
CREATE UNIQUE INDEX games_rated_seq ON games (rated_seq);
"#,
    // 10: what each user asked of the bot for herself (`/thaayam notify`:
    // a direct message when her turn waits), one row once she chose.
    r#"
CREATE TABLE user_settings (
    user_id      INTEGER PRIMARY KEY,
    notify_turns INTEGER NOT NULL DEFAULT 0 CHECK (notify_turns IN (0, 1))
);
"#,
    // 11: the public game pages (`discord::web`): the secret their
    // unguessable keys are made with (one row, drawn on first use and kept,
    // so a game's link holds across restarts), and the servers whose
    // admins switched their games' pages off (a row: off).
    r#"
CREATE TABLE page_secret (
    id     INTEGER PRIMARY KEY CHECK (id = 1),
    secret BLOB    NOT NULL CHECK (length(secret) = 32)
);
CREATE TABLE pages_off (
    guild_id INTEGER PRIMARY KEY
);
"#,
    // 12: the name each human went by when her game ended, written once
    // at its end (a finished game's page names its players, as the
    // running game's saved form did); NULL for computers and for games
    // that ended before.
    r#"
ALTER TABLE seats ADD COLUMN name TEXT;
"#,
    // 13: seasons of the leaderboards (`discord::game::season`): a
    // server's time zone and the channel its monthly podium goes to, the
    // tables of months that ended as they were first shown or posted (the
    // bounds and zone they were counted with; `thaayam check` recounts
    // them from the games), and which months' podiums were posted.
    r#"
CREATE TABLE guild_seasons (
    guild_id       INTEGER PRIMARY KEY,
    time_zone      TEXT    NOT NULL,
    podium_channel INTEGER
);
CREATE TABLE seasons (
    guild_id  INTEGER NOT NULL,
    variant   TEXT    NOT NULL,
    season    TEXT    NOT NULL,
    starts_at INTEGER NOT NULL,
    ends_at   INTEGER NOT NULL CHECK (ends_at > starts_at),
    time_zone TEXT    NOT NULL,
    kept_at   INTEGER NOT NULL,
    PRIMARY KEY (guild_id, variant, season)
);
CREATE TABLE season_standings (
    guild_id INTEGER NOT NULL,
    variant  TEXT    NOT NULL,
    season   TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    games    INTEGER NOT NULL CHECK (games > 0),
    points   INTEGER NOT NULL CHECK (points >= 0),
    wins     INTEGER NOT NULL CHECK (wins >= 0),
    PRIMARY KEY (guild_id, variant, season, user_id),
    FOREIGN KEY (guild_id, variant, season) REFERENCES seasons (guild_id, variant, season)
);
CREATE TABLE season_podiums (
    guild_id  INTEGER NOT NULL,
    season    TEXT    NOT NULL,
    posted_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, season)
);
CREATE INDEX games_guild_finished ON games (guild_id, variant, finished_at) WHERE state = 'finished';
"#,
    // 14: time away (`/thaayam away`): each user's periods away, kept
    // after they end for the limit on days away in any 30, with the
    // server she asked in (0: outside servers); and each server's limit
    // (no row: the default).
    r#"
CREATE TABLE away (
    user_id   INTEGER NOT NULL,
    starts_at INTEGER NOT NULL,
    ends_at   INTEGER NOT NULL CHECK (ends_at >= starts_at),
    guild_id  INTEGER NOT NULL,
    PRIMARY KEY (user_id, starts_at)
);
CREATE INDEX away_ends ON away (ends_at);
CREATE TABLE away_limits (
    guild_id INTEGER PRIMARY KEY,
    days     INTEGER NOT NULL CHECK (days BETWEEN 0 AND 30)
);
"#,
    // 15: season points from play between people (`store::season_count`):
    // a seat whose human left before her first series of her own (1) is
    // nobody's opponent (0 for every seat before: they all count); and
    // the rule each kept table was counted under, recounted under it
    // (1: a point for every seat finished ahead of, the rule of every
    // table kept before; 2: a point for each human who played, at most
    // `pair_games` games of the same two players in any 7 days).
    r#"
ALTER TABLE seats ADD COLUMN left_unplayed INTEGER NOT NULL DEFAULT 0 CHECK (left_unplayed IN (0, 1));
ALTER TABLE seasons ADD COLUMN rule INTEGER NOT NULL DEFAULT 1 CHECK (rule IN (1, 2));
ALTER TABLE seasons ADD COLUMN pair_games INTEGER CHECK (pair_games > 0);
"#,
    // 16: a server is one row (`store::servers`): the five tables of its
    // settings (rules, language, pages, seasons' zone and podium, limit on
    // time away) folded into `servers`, NULL where a setting was never
    // saved, and dropped.
    r#"
CREATE TABLE servers (
    guild_id          INTEGER PRIMARY KEY,
    default_ruleset   TEXT,
    turn_timeout_secs INTEGER CHECK (turn_timeout_secs > 0),
    end_permission    TEXT    CHECK (end_permission IN ('host', 'moderators')),
    language          TEXT,
    pages_off         INTEGER NOT NULL DEFAULT 0 CHECK (pages_off IN (0, 1)),
    time_zone         TEXT    NOT NULL DEFAULT 'UTC',
    podium_channel    INTEGER,
    away_days         INTEGER CHECK (away_days BETWEEN 0 AND 30),
    -- The rules are saved whole or not at all (NULL: the configured defaults).
    CHECK ((default_ruleset IS NULL) = (turn_timeout_secs IS NULL)
       AND (default_ruleset IS NULL) = (end_permission IS NULL))
);
INSERT INTO servers (guild_id, default_ruleset, turn_timeout_secs, end_permission, language, pages_off,
    time_zone, podium_channel, away_days)
SELECT ids.guild_id, s.default_ruleset, s.turn_timeout_secs, s.end_permission, l.language,
    CASE WHEN p.guild_id IS NULL THEN 0 ELSE 1 END, COALESCE(z.time_zone, 'UTC'), z.podium_channel, a.days
FROM (SELECT guild_id FROM guild_settings UNION SELECT guild_id FROM guild_languages
      UNION SELECT guild_id FROM pages_off UNION SELECT guild_id FROM guild_seasons
      UNION SELECT guild_id FROM away_limits) AS ids
LEFT JOIN guild_settings s ON s.guild_id = ids.guild_id
LEFT JOIN guild_languages l ON l.guild_id = ids.guild_id
LEFT JOIN pages_off p ON p.guild_id = ids.guild_id
LEFT JOIN guild_seasons z ON z.guild_id = ids.guild_id
LEFT JOIN away_limits a ON a.guild_id = ids.guild_id;
DROP TABLE guild_settings;
DROP TABLE guild_languages;
DROP TABLE pages_off;
DROP TABLE guild_seasons;
DROP TABLE away_limits;
"#,
    // 17: the review of each cached analysis (`ai::review`: every
    // series' luck, every decision's loss, label and best end position,
    // each player's totals) as JSON; NULL for analyses cached before it.
    r#"
ALTER TABLE analyses ADD COLUMN review TEXT;
"#,
    // 18: whether a finished game counts for ratings, as the bot decided
    // when it finished (one rule: `Venue::is_rated`); every rating,
    // season and rival query reads it. Games finished before are what
    // that rule said of them: a server's game that is not practice.
    r#"
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));
UPDATE games SET rated = 1 WHERE state = 'finished' AND practice = 0 AND guild_id <> 0;
"#,
    // 19: tournaments the bot runs (`store::tournaments`): each
    // tournament, its entrants, its rounds (an arena is one round, its end
    // the round's deadline), its tables (a bye is a table of one without a
    // game) and each player's seat and points at them (hundredths; NULL
    // until the table ends); a game played for one names it.
    super::tournament_schema::SQLITE,
    // 20: whether a user asked for the tutor (`/thaayam tutor`), off for all before.
    "\nALTER TABLE user_settings ADD COLUMN tutor INTEGER NOT NULL DEFAULT 0 CHECK (tutor IN (0, 1));\n",
];

/// The schema version this program writes.
pub fn latest_version() -> u32 {
    MIGRATIONS.len() as u32
}

/// Opens (creating if missing) and migrates a database file.
pub(crate) fn open(path: &Path) -> Result<Connection, StoreError> {
    let conn = Connection::open(path).ctx("open")?;
    conn.busy_timeout(std::time::Duration::from_secs(10)).ctx("busy_timeout")?;
    check_identity(&conn, path)?;
    set_pragmas(&conn, path)?;
    migrate(&conn)?;
    Ok(conn)
}

/// Refuses files that are not SQLite, belong to another program, or are newer.
pub(crate) fn check_identity(conn: &Connection, path: &Path) -> Result<(), StoreError> {
    let not_ours = |reason: String| StoreError::NotThaayam { path: path.to_path_buf(), reason };
    let app_id: i32 = match conn.query_row("PRAGMA application_id", [], |r| r.get(0)) {
        Ok(id) => id,
        Err(e) if is_not_a_database(&e) => return Err(not_ours("file is not a database".into())),
        Err(e) => return Err(StoreError::Sql { statement: "PRAGMA application_id", source: e }),
    };
    if app_id == 0 {
        let tables: i64 = conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0)).ctx("count tables")?;
        if tables > 0 {
            return Err(not_ours("an SQLite database of another program".into()));
        }
    } else if app_id != APPLICATION_ID {
        return Err(not_ours(format!("application id {app_id:#x}")));
    }
    let found = user_version(conn)?;
    if found > latest_version() {
        return Err(StoreError::TooNew { found, supported: latest_version() });
    }
    Ok(())
}

fn is_not_a_database(e: &rusqlite::Error) -> bool {
    matches!(e.sqlite_error_code(), Some(ErrorCode::NotADatabase))
}

fn set_pragmas(conn: &Connection, path: &Path) -> Result<(), StoreError> {
    let mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0)).map_err(|e| {
        if is_not_a_database(&e) {
            StoreError::NotThaayam { path: path.to_path_buf(), reason: "file is not a database".into() }
        } else {
            StoreError::Sql { statement: "PRAGMA journal_mode", source: e }
        }
    })?;
    if mode != "wal" && mode != "memory" {
        return Err(StoreError::Corrupt { game: None, what: format!("cannot switch to WAL (journal mode {mode})") });
    }
    conn.execute_batch("PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;").ctx("PRAGMA foreign_keys")?;
    Ok(())
}

pub(crate) fn user_version(conn: &Connection) -> Result<u32, StoreError> {
    let v: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).ctx("PRAGMA user_version")?;
    Ok(u32::try_from(v).unwrap_or(u32::MAX))
}

/// Applies the missing migrations in one transaction. The version is read
/// inside the (immediate) transaction so two processes cannot both migrate.
pub(crate) fn migrate(conn: &Connection) -> Result<(), StoreError> {
    let tx = rusqlite::Transaction::new_unchecked(conn, TransactionBehavior::Immediate).ctx("BEGIN migrate")?;
    let found = user_version(&tx)?;
    if found > latest_version() {
        return Err(StoreError::TooNew { found, supported: latest_version() });
    }
    for sql in &MIGRATIONS[found as usize..] {
        tx.execute_batch(sql).ctx("migration")?;
    }
    if found < latest_version() {
        tx.execute_batch(&format!(
            "PRAGMA user_version = {}; PRAGMA application_id = {APPLICATION_ID};",
            latest_version()
        ))
        .ctx("PRAGMA user_version")?;
    }
    tx.commit().ctx("COMMIT migrate")
}

#[cfg(test)]
mod tests {
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
            .query_row(
                "SELECT count(*) FROM servers WHERE turn_timeout_secs = 60 AND end_permission = 'host'",
                [],
                |r| r.get(0),
            )
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
}
