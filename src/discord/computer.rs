//! Computer players of the bot: which levels the lobby offers and how a
//! computer seat picks its action. The choice RNG is seeded from the game id
//! and the action counter, so a computer's play is reproducible and never
//! draws from the fair-dice stream.

use crate::engine::{Action, Game};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The strength of a computer seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    /// Uniformly random legal actions.
    Random,
}

impl Level {
    pub const ALL: [Level; 1] = [Level::Random];

    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Level::Random => "plays any legal move",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        Level::ALL.into_iter().find(|l| l.name() == s).ok_or_else(|| format!("unknown computer level `{s}`"))
    }
}

/// The action a computer of `level` takes (the game must be in its move
/// phase with at least one legal action).
pub fn choose(game: &Game, level: Level, game_id: i64, seq: u32) -> Option<Action> {
    let legal = game.legal_actions();
    if legal.is_empty() {
        return None;
    }
    let mut rng = ChaCha8Rng::seed_from_u64((game_id as u64).rotate_left(32) ^ u64::from(seq));
    match level {
        Level::Random => Some(legal[rng.random_range(0..legal.len())]),
    }
}
