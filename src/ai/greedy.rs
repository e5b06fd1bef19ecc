//! The `easy` level: tries every legal action and keeps the one whose
//! resulting position the heuristic likes best (one action deep, even in
//! the middle of a series).

use super::eval::{Weights, evaluate};
use super::{Strategy, pick_best};
use crate::engine::{Action, Game, MoveGen};
use rand_chacha::ChaCha8Rng;

/// One-action greedy player.
pub struct Greedy {
    weights: Weights,
    mg: MoveGen,
    legal: Vec<Action>,
}

impl Greedy {
    pub(crate) fn new() -> Self {
        Greedy::with_weights(Weights::DEFAULT)
    }

    pub fn with_weights(weights: Weights) -> Self {
        Greedy { weights, mg: MoveGen::new(), legal: Vec::new() }
    }
}

impl Default for Greedy {
    fn default() -> Self {
        Greedy::new()
    }
}

impl Strategy for Greedy {
    fn choose(&mut self, game: &Game, rng: &mut ChaCha8Rng) -> Action {
        game.legal_actions_with(&mut self.mg, &mut self.legal);
        if self.legal.len() <= 1 {
            return self.legal.first().copied().unwrap_or(Action::Pass);
        }
        let me = game.position().turn();
        let scores: Vec<f64> = self
            .legal
            .iter()
            .map(|&a| {
                let mut g = *game;
                g.act_unchecked(a);
                evaluate(&g, me, &self.weights)
            })
            .collect();
        self.legal[pick_best(&scores, rng)]
    }
}
