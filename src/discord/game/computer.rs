//! Computer players of the bot: the levels of [`crate::ai`], stored by
//! name, and how a computer seat picks its action. The choice RNG is seeded
//! from the game id and the action counter, so a computer's play is
//! reproducible and never draws from the fair-dice stream.

use super::ids::GameId;
pub(crate) use crate::ai::Level;
use crate::engine::{Action, Game};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The action a computer of `level` takes (`None` outside the move phase).
pub(crate) fn choose(game: &Game, level: Level, game_id: GameId, seq: u32) -> Option<Action> {
    if game.legal_actions().is_empty() {
        return None;
    }
    let mut rng = ChaCha8Rng::seed_from_u64((game_id.get() as u64).rotate_left(32) ^ u64::from(seq));
    Some(level.strategy().choose(game, &mut rng))
}

/// Serialises a level by its name (the table is stored as JSON).
pub(crate) mod by_name {
    use super::Level;
    use serde::{Deserialize, Deserializer, Serializer};

    pub(crate) fn serialize<S: Serializer>(level: &Level, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(level.name())
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Level, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}
