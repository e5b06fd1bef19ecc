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
    // 21: a server's tournament organisers' role (`servers.organiser_role`), none before.
    super::organisers_schema::SQLITE,
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
#[path = "schema_tests.rs"]
mod tests;
