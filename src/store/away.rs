//! Time away (`/thaayam away`): each user's periods away (kept after they
//! end, for the limit a server sets on days away in any 30: one of its
//! settings, `servers`). A user's away covers all her games; whether a game
//! honours it is the bot's to decide (`discord::game::away`).

use super::Store;
use super::error::StoreError;
use super::sql::{Row, args};

/// One period away of a user, in unix seconds (`ends` is moved to when
/// she came back early).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct AwayPeriod {
    pub user: u64,
    pub starts: i64,
    pub ends: i64,
}

fn period(row: &Row) -> Result<AwayPeriod, StoreError> {
    Ok(AwayPeriod { user: row.get(0)?, starts: row.get(1)?, ends: row.get(2)? })
}

impl Store {
    /// Every user's periods away that end after `after`, by user and start.
    pub fn away_periods(&self, after: i64) -> Result<Vec<AwayPeriod>, StoreError> {
        let rows = self.read(|db| {
            db.query(
                "select periods away",
                "SELECT user_id, starts_at, ends_at FROM away WHERE ends_at > ?1 ORDER BY user_id, starts_at",
                args![after],
            )
        })?;
        rows.iter().map(period).collect()
    }

    /// One user's periods away that end after `after`, oldest first.
    pub fn user_away(&self, user: u64, after: i64) -> Result<Vec<AwayPeriod>, StoreError> {
        let rows = self.read(|db| {
            db.query(
                "select a user's periods away",
                "SELECT user_id, starts_at, ends_at FROM away WHERE user_id = ?1 AND ends_at > ?2 ORDER BY starts_at",
                args![user, after],
            )
        })?;
        rows.iter().map(period).collect()
    }

    /// A new period away of `user` from `starts` to `ends`, asked in
    /// `guild` (0: outside servers): a period still running at `starts`
    /// ends there (the new one replaces it).
    pub fn set_away(&mut self, user: u64, guild: u64, starts: i64, ends: i64) -> Result<(), StoreError> {
        self.write(|tx| {
            cut(tx, user, starts)?;
            tx.execute(
                "save a period away",
                "INSERT INTO away (user_id, starts_at, ends_at, guild_id) VALUES (?1, ?2, ?3, ?4)",
                args![user, starts, ends, guild],
            )
        })?;
        Ok(())
    }

    /// Ends `user`'s time away at `now` (she is back); whether she was away.
    pub fn end_away(&mut self, user: u64, now: i64) -> Result<bool, StoreError> {
        self.write(|tx| cut(tx, user, now)).map(|n| n > 0)
    }
}

/// Ends at `at` the periods of `user` still running then, and drops any
/// that would start at or after it; the rows changed.
fn cut(tx: &dyn super::sql::Db, user: u64, at: i64) -> Result<u64, StoreError> {
    let dropped = tx.execute(
        "drop later periods away",
        "DELETE FROM away WHERE user_id = ?1 AND starts_at >= ?2",
        args![user, at],
    )?;
    let ended = tx.execute(
        "end a period away",
        "UPDATE away SET ends_at = ?2 WHERE user_id = ?1 AND starts_at < ?2 AND ends_at > ?2",
        args![user, at],
    )?;
    Ok(dropped + ended)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::schema::MIGRATIONS;

    #[test]
    fn a_period_away_replaces_the_running_one_and_ends_early() {
        let mut store = Store::open_in_memory().expect("open");
        assert_eq!(store.user_away(5, 0).expect("read"), Vec::new());
        store.set_away(5, 1, 100, 400).expect("away");
        store.set_away(6, 0, 100, 200).expect("another");
        store.set_away(5, 1, 300, 900).expect("again, replacing");
        let p = |starts, ends| AwayPeriod { user: 5, starts, ends };
        assert_eq!(store.user_away(5, 0).expect("read"), vec![p(100, 300), p(300, 900)]);
        assert!(store.end_away(5, 500).expect("back"));
        assert!(!store.end_away(5, 600).expect("back again"), "not away any more");
        assert_eq!(store.user_away(5, 0).expect("read"), vec![p(100, 300), p(300, 500)]);
        assert_eq!(store.away_periods(250).expect("all").len(), 2, "the ones ending after 250");
    }

    /// A file of the previous release (schema 12) opens with its data,
    /// and nobody in it is away.
    #[test]
    fn a_database_of_schema_12_opens_with_nobody_away() {
        let dir = std::env::temp_dir().join(format!("thaayam-away-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp");
        let path = dir.join("old.db");
        let conn = rusqlite::Connection::open(&path).expect("file");
        for sql in &MIGRATIONS[..12] {
            conn.execute_batch(sql).expect("the previous release's schema");
        }
        conn.execute_batch(
            "PRAGMA user_version = 12; PRAGMA application_id = 1414021465; \
             INSERT INTO user_settings (user_id, notify_turns) VALUES (5, 1);",
        )
        .expect("its data");
        drop(conn);
        let mut store = Store::open(&path).expect("opens");
        assert!(store.notify_turns(5).expect("its data reads"));
        assert_eq!(store.away_periods(0).expect("read"), Vec::new());
        store.set_away(5, 0, 10, 20).expect("writes");
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
