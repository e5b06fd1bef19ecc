//! The cache of post-game analyses: a finished game's chart (PNG) and its
//! swings (the analysis's own JSON, opaque here), per analysis version, so
//! that asking again costs a read instead of minutes of evaluation.
//! Storing a version drops the game's analyses of other versions.

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
}

impl Store {
    /// The analysis of `game` made by analysis `version`, if cached.
    pub fn cached_analysis(&self, game: GameId, version: u32) -> Result<Option<CachedAnalysis>, StoreError> {
        let row = self.read(|db| {
            db.query_opt(
                "select analysis",
                "SELECT png, swings FROM analyses WHERE game_id = ?1 AND version = ?2",
                args![game, version],
            )
        })?;
        row.map(|r| Ok(CachedAnalysis { png: r.get(0)?, swings: r.get(1)? })).transpose()
    }

    /// Caches the analysis of `game` by `version`, replacing its others.
    pub fn cache_analysis(&mut self, game: GameId, version: u32, a: &CachedAnalysis) -> Result<(), StoreError> {
        let now = self.now();
        self.write(|tx| {
            tx.execute("delete analyses", "DELETE FROM analyses WHERE game_id = ?1", args![game])?;
            tx.execute(
                "insert analysis",
                "INSERT INTO analyses (game_id, version, png, swings, created_at) VALUES (?1, ?2, ?3, ?4, ?5) \
                 ON CONFLICT (game_id, version) DO UPDATE SET png = excluded.png, swings = excluded.swings, \
                 created_at = excluded.created_at",
                args![game, version, &a.png, a.swings.as_str(), now],
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
        let one = CachedAnalysis { png: vec![0x89, b'P', 0, 255], swings: "[{\"series\":3}]".into() };
        assert_eq!(store.cached_analysis(a, 1).expect("read"), None);
        store.cache_analysis(a, 1, &one).expect("cache");
        assert_eq!(store.cached_analysis(a, 1).expect("read"), Some(one.clone()));
        assert_eq!(store.cached_analysis(a, 2).expect("read"), None, "another version is not this one");
        assert_eq!(store.cached_analysis(b, 1).expect("read"), None, "another game");
        let two = CachedAnalysis { png: vec![1, 2, 3], swings: "[]".into() };
        store.cache_analysis(a, 2, &two).expect("cache v2");
        assert_eq!(store.cached_analysis(a, 2).expect("read"), Some(two));
        assert_eq!(store.cached_analysis(a, 1).expect("read"), None, "the old version is dropped");
    }

    #[test]
    fn an_analysis_of_a_game_that_does_not_exist_is_refused() {
        let mut store = Store::open_in_memory().expect("open");
        let a = CachedAnalysis { png: vec![1], swings: "[]".into() };
        assert!(store.cache_analysis(GameId(99), 1, &a).is_err(), "foreign key");
    }
}
