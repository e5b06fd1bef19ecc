//! What the public game pages (`discord::web`) keep in the store: the
//! secret their unguessable keys are made with (drawn once per database,
//! so that a game's link stays the same across restarts and for games
//! older than the pages). Whether a server's admins switched its pages
//! off is one of its settings (`servers`).

use super::Store;
use super::error::StoreError;
use super::sql::args;

impl Store {
    /// The secret the pages' keys are made with: drawn from the operating
    /// system the first time it is asked for and kept (two processes
    /// asking at once keep the first one written).
    pub fn page_secret(&mut self) -> Result<[u8; 32], StoreError> {
        let drawn = crate::dice::new_seed();
        self.write(|tx| {
            tx.execute(
                "draw the pages' secret",
                "INSERT INTO page_secret (id, secret) VALUES (1, ?1) ON CONFLICT (id) DO NOTHING",
                args![&drawn[..]],
            )
        })?;
        let row = self.read(|db| db.query_one("read the pages' secret", "SELECT secret FROM page_secret", args![]))?;
        let secret: Vec<u8> = row.get(0)?;
        secret
            .try_into()
            .map_err(|_| StoreError::Corrupt { game: None, what: "the pages' secret is not 32 bytes".into() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_secret_is_drawn_once_and_kept() {
        let mut store = Store::open_in_memory().expect("open");
        let first = store.page_secret().expect("drawn");
        assert_ne!(first, [0; 32]);
        assert_eq!(store.page_secret().expect("kept"), first, "the same secret every time");
    }

    /// A database of the previous release (migrations 1–10, with a game)
    /// opens; its games get pages with the secret drawn then.
    #[test]
    fn a_database_of_the_previous_release_gets_pages() {
        let conn = rusqlite::Connection::open_in_memory().expect("memory db");
        for sql in &crate::store::schema::MIGRATIONS[..10] {
            conn.execute_batch(sql).expect("the previous release's schema");
        }
        conn.execute_batch(
            "PRAGMA user_version = 10; \
             INSERT INTO games (id, guild_id, channel_id, host_id, variant, ruleset, max_players, state, \
                 created_at, updated_at, turn_timeout_secs, seed, commitment) \
             VALUES (1, 5, 6, 9, 'bell', '{}', 2, 'finished', 1, 2, 60, zeroblob(32), 'c');",
        )
        .expect("a game");
        crate::store::schema::migrate(&conn).expect("upgrade");
        let tables: i64 = conn
            .query_row("SELECT count(*) FROM sqlite_master WHERE name IN ('page_secret', 'servers')", [], |r| r.get(0))
            .expect("new tables");
        assert_eq!(tables, 2);
        let games: i64 = conn.query_row("SELECT count(*) FROM games", [], |r| r.get(0)).expect("games");
        assert_eq!(games, 1, "the old game is kept");
    }
}
