//! The `random` level: a uniformly random legal action (the baseline).

use super::Strategy;
use crate::engine::{Action, Game};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// Plays a uniformly random legal action.
pub(crate) struct RandomPlayer;

impl Strategy for RandomPlayer {
    fn choose(&mut self, game: &Game, rng: &mut ChaCha8Rng) -> Action {
        let legal = game.legal_actions();
        let i = rng.random_range(0..legal.len().max(1));
        legal.get(i).copied().unwrap_or(Action::Pass)
    }
}
