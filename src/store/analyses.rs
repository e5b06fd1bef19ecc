//! The cache of post-game analyses: a finished game's chart (PNG), its
//! swings and its review (every step's luck or loss, each player's totals:
//! the analysis's own JSON, opaque here), per analysis version, so that
//! asking again costs a read instead of seconds of evaluation. Storing a
//! version drops the game's analyses of other versions. Analyses cached
//! before the review was kept (schema 17) read with none.

use super::Store;
use super::error::StoreError;
use super::sql::args;
use super::types::GameId;

/// One cached analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CachedAnalysis {
    pub png: Vec<u8>,
    /// The swings as the analysis wrote them (JSON).
    pub swings: String,
    /// The review as the analysis wrote it (JSON; `None` in analyses
    /// cached before it was kept).
    pub review: Option<String>,
}

impl Store {
    /// The analysis of `game` made by analysis `version`, if cached.
    pub fn cached_analysis(&self, game: GameId, version: u32) -> Result<Option<CachedAnalysis>, StoreError> {
        let row = self.read(|db| {
            db.query_opt(
                "select analysis",
                "SELECT png, swings, review FROM analyses WHERE game_id = ?1 AND version = ?2",
                args![game, version],
            )
        })?;
        row.map(|r| Ok(CachedAnalysis { png: r.get(0)?, swings: r.get(1)?, review: r.get(2)? })).transpose()
    }

    /// Caches the analysis of `game` by `version`, replacing its others.
    pub fn cache_analysis(&mut self, game: GameId, version: u32, a: &CachedAnalysis) -> Result<(), StoreError> {
        let now = self.now();
        self.write(|tx| {
            tx.execute("delete analyses", "DELETE FROM analyses WHERE game_id = ?1", args![game])?;
            tx.execute(
                "insert analysis",
                "INSERT INTO analyses (game_id, version, png, swings, review, created_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6) \
                 ON CONFLICT (game_id, version) DO UPDATE SET png = excluded.png, swings = excluded.swings, \
                 review = excluded.review, created_at = excluded.created_at",
                args![game, version, &a.png, a.swings.as_str(), a.review.as_deref(), now],
            )?;
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Ruleset, Variant};
    use crate::store::NewGame;

    fn game(store: &mut Store, channel: u64) -> GameId {
        let ruleset = Ruleset::new(Variant::Bell);
        let new = NewGame {
            guild: 1,
            channel,
            host: 3,
            ruleset,
            max_players: 2,
            turn_timeout_secs: 60,
            seed: crate::dice::Seed([7; 32]),
            practice: false,
            dice: crate::dice::Derivation::CURRENT,
        };
        store.create_game(&new).expect("game")
    }

    #[test]
    fn an_analysis_round_trips_by_game_and_version_and_a_new_version_replaces_it() {
        let mut store = Store::open_in_memory().expect("open");
        let (a, b) = (game(&mut store, 10), game(&mut store, 11));
        let one = CachedAnalysis {
            png: vec![0x89, b'P', 0, 255],
            swings: "[{\"series\":3}]".into(),
            review: Some("{\"players\":[]}".into()),
        };
        assert_eq!(store.cached_analysis(a, 1).expect("read"), None);
        store.cache_analysis(a, 1, &one).expect("cache");
        assert_eq!(store.cached_analysis(a, 1).expect("read"), Some(one.clone()));
        assert_eq!(store.cached_analysis(a, 2).expect("read"), None, "another version is not this one");
        assert_eq!(store.cached_analysis(b, 1).expect("read"), None, "another game");
        let two = CachedAnalysis { png: vec![1, 2, 3], swings: "[]".into(), review: None };
        store.cache_analysis(a, 2, &two).expect("cache v2");
        assert_eq!(store.cached_analysis(a, 2).expect("read"), Some(two));
        assert_eq!(store.cached_analysis(a, 1).expect("read"), None, "the old version is dropped");
    }

    #[test]
    fn an_analysis_of_a_game_that_does_not_exist_is_refused() {
        let mut store = Store::open_in_memory().expect("open");
        let a = CachedAnalysis { png: vec![1], swings: "[]".into(), review: None };
        assert!(store.cache_analysis(GameId(99), 1, &a).is_err(), "foreign key");
    }

    /// An analysis cached by the previous release (schema 15, no review)
    /// still reads, with no review, and the file then caches reviews.
    #[test]
    fn an_analysis_cached_by_the_previous_release_reads_without_a_review() {
        use crate::store::schema::MIGRATIONS;
        let dir = std::env::temp_dir().join(format!("thaayam-analyses-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp");
        let path = dir.join("old.db");
        let _ = std::fs::remove_file(&path);
        let conn = rusqlite::Connection::open(&path).expect("file");
        for sql in &MIGRATIONS[..15] {
            conn.execute_batch(sql).expect("the previous release's schema");
        }
        conn.execute_batch(
            "PRAGMA user_version = 15; PRAGMA application_id = 1414021465; \
             INSERT INTO games (id, guild_id, channel_id, host_id, variant, ruleset, max_players, state, created_at, \
                 updated_at, turn_timeout_secs, seed, commitment) \
             VALUES (1, 5, 6, 9, 'bell', '{}', 2, 'finished', 1, 2, 60, zeroblob(32), 'c'); \
             INSERT INTO analyses (game_id, version, png, swings, created_at) VALUES (1, 3, x'89504e47', '[]', 5);",
        )
        .expect("an analysis as the previous release cached it");
        drop(conn);
        let mut store = Store::open(&path).expect("opens");
        let old = store.cached_analysis(GameId(1), 3).expect("reads").expect("kept");
        assert_eq!(old, CachedAnalysis { png: b"\x89PNG".to_vec(), swings: "[]".into(), review: None });
        let new = CachedAnalysis { review: Some("{}".into()), ..old };
        store.cache_analysis(GameId(1), 4, &new).expect("a review is kept");
        assert_eq!(store.cached_analysis(GameId(1), 4).expect("reads"), Some(new));
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
