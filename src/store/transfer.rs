//! Moving a server's whole history from one database to another
//! (`thaayam migrate`: an SQLite file into PostgreSQL): every table row
//! for row, game numbers kept, in one transaction of the target, which
//! must hold no Thaayam data yet; and the comparison that proves the copy
//! (rows per table, every rating equal).
//!
//! Not copied: the `snapshots` table and `seats.timeouts`, which nothing
//! has written for several releases (see `schema`); PostgreSQL's schema
//! has neither.

use super::Store;
use super::error::StoreError;
use super::sql::{Db, Row, Value, args};

/// The tables in the order their rows can be inserted (a game before its
/// seats), with the columns copied and the order rows are read in.
const TABLES: &[(&str, &str, &str)] = &[
    (
        "servers",
        "guild_id, default_ruleset, turn_timeout_secs, end_permission, language, pages_off, time_zone, \
         podium_channel, away_days, organiser_role",
        "guild_id",
    ),
    ("computers", "id, level", "id"),
    (
        "tournaments",
        "id, guild_id, channel_id, organiser_id, name, variant, ruleset, format, table_size, rounds, round_secs, \
         turn_timeout_secs, starts_at, late_join_rounds, streak_bonus, state, signup_message_id, \
         standings_message_id, podium_posted_at, created_at, finished_at",
        "id",
    ),
    (
        "games",
        "id, guild_id, channel_id, board_message_id, board_posted_at, host_id, variant, ruleset, max_players, \
         state, created_at, updated_at, finished_at, turn_timeout_secs, seq, seed, commitment, throws_drawn, \
         deadline, events, live, practice, dice, board_seq, rated_seq, rated, tournament_id",
        "id",
    ),
    ("seats", "game_id, seat, user_id, computer, joined_at, place, name, left_unplayed", "game_id, seat"),
    ("events", "game_id, idx, v, body", "game_id, idx"),
    (
        "ratings",
        "guild_id, variant, player, rating, uncertainty, games, wins, place_sum, streak, best_streak, updated_at",
        "guild_id, variant, player",
    ),
    ("analyses", "game_id, version, png, swings, review, created_at", "game_id, version"),
    ("user_settings", "user_id, notify_turns, tutor", "user_id"),
    ("page_secret", "id, secret", "id"),
    (
        "seasons",
        "guild_id, variant, season, starts_at, ends_at, time_zone, kept_at, rule, pair_games",
        "guild_id, variant, season",
    ),
    (
        "season_standings",
        "guild_id, variant, season, user_id, games, points, wins",
        "guild_id, variant, season, user_id",
    ),
    ("season_podiums", "guild_id, season, posted_at", "guild_id, season"),
    ("away", "user_id, starts_at, ends_at, guild_id", "user_id, starts_at"),
    (
        "tournament_entrants",
        "tournament_id, user_id, joined_at, checked_in, rating, no_shows, streak, withdrawn_at",
        "tournament_id, user_id",
    ),
    ("tournament_rounds", "tournament_id, round, started_at, deadline, finished_at", "tournament_id, round"),
    (
        "tournament_tables",
        "tournament_id, round, table_no, thread_id, game_id, started_at, finished_at, decided",
        "tournament_id, round, table_no",
    ),
    (
        "tournament_seats",
        "tournament_id, round, table_no, seat, user_id, points, won, no_show",
        "tournament_id, round, table_no, seat",
    ),
];

/// What `thaayam migrate` copies: each table, in the order it is copied,
/// with its columns (the test comparing both backends' live columns reads
/// it).
pub fn copied_columns() -> Vec<(&'static str, Vec<&'static str>)> {
    TABLES.iter().map(|(table, columns, _)| (*table, columns.split(',').map(str::trim).collect())).collect()
}

/// Rows per table, in [`TABLES`] order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableCounts(pub Vec<(&'static str, u64)>);

impl TableCounts {
    /// Rows of `table`.
    pub fn of(&self, table: &str) -> u64 {
        self.0.iter().find(|(t, _)| *t == table).map_or(0, |(_, n)| *n)
    }
}

impl Store {
    /// Rows per table of the data a move copies.
    pub fn table_counts(&self) -> Result<TableCounts, StoreError> {
        self.read(counts)
    }

    /// Copies every row of this store into `target`, in one transaction
    /// of the target, keeping game numbers. Refuses a target that already
    /// holds any Thaayam data (nothing is written then).
    pub fn copy_into(&self, target: &mut Store) -> Result<TableCounts, StoreError> {
        target.write(|dst| {
            let present = counts(dst)?;
            if let Some((table, n)) = present.0.iter().find(|(_, n)| *n > 0) {
                return Err(StoreError::NotEmpty { what: format!("{table} has {n} rows") });
            }
            for (table, columns, order) in TABLES {
                if *table == "events" || *table == "seats" {
                    continue; // per game, below: a game's rows at a time
                }
                let rows = self.read(|src| {
                    src.query("copy: read", &format!("SELECT {columns} FROM {table} ORDER BY {order}"), args![])
                })?;
                insert_rows(dst, table, columns, &rows)?;
                if *table == "games" {
                    copy_game_rows(self, dst, &rows)?;
                }
            }
            dst.after_copy()?;
            counts(dst)
        })
    }

    /// What differs between this store and `other` in what a move copies:
    /// rows per table, and every rating (μ, σ and record) exactly. One
    /// line per difference; none when they hold the same.
    pub fn differences(&self, other: &Store) -> Result<Vec<String>, StoreError> {
        let (mine, theirs) = (self.table_counts()?, other.table_counts()?);
        let mut out: Vec<String> = mine
            .0
            .iter()
            .zip(&theirs.0)
            .filter(|(a, b)| a.1 != b.1)
            .map(|((table, a), (_, b))| format!("{table}: {a} rows here, {b} in the copy"))
            .collect();
        let ratings = |store: &Store| -> Result<Vec<Row>, StoreError> {
            let (_, columns, order) = TABLES.iter().find(|(t, _, _)| *t == "ratings").copied().unwrap_or_default();
            store.read(|db| {
                db.query("compare ratings", &format!("SELECT {columns} FROM ratings ORDER BY {order}"), args![])
            })
        };
        let (a, b) = (ratings(self)?, ratings(other)?);
        out.extend(a.iter().zip(&b).filter(|(x, y)| x != y).map(|(x, y)| format!("rating {:?} became {:?}", x.0, y.0)));
        Ok(out)
    }
}

fn counts(db: &dyn Db) -> Result<TableCounts, StoreError> {
    let mut out = Vec::with_capacity(TABLES.len());
    for (table, _, _) in TABLES {
        let n: i64 = db.query_one("count rows", &format!("SELECT count(*) FROM {table}"), args![])?.get(0)?;
        out.push((*table, n.max(0) as u64));
    }
    Ok(TableCounts(out))
}

/// The seats and events of the games in `games` (rows of `games`, the id first).
fn copy_game_rows(src: &Store, dst: &dyn Db, games: &[Row]) -> Result<(), StoreError> {
    for (table, columns, order) in TABLES.iter().filter(|(t, _, _)| *t == "seats" || *t == "events") {
        let sql = format!("SELECT {columns} FROM {table} WHERE game_id = ?1 ORDER BY {order}");
        for game in games {
            let id: i64 = game.get(0)?;
            let rows = src.read(|db| db.query("copy: read a game's rows", &sql, args![id]))?;
            insert_rows(dst, table, columns, &rows)?;
        }
    }
    Ok(())
}

fn insert_rows(dst: &dyn Db, table: &str, columns: &str, rows: &[Row]) -> Result<(), StoreError> {
    let n = columns.split(',').count();
    let marks: Vec<String> = (1..=n).map(|i| format!("?{i}")).collect();
    let sql = format!("INSERT INTO {table} ({columns}) VALUES ({})", marks.join(", "));
    for row in rows {
        let values: &[Value] = &row.0;
        dst.execute("copy: insert", &sql, values)?;
    }
    Ok(())
}
