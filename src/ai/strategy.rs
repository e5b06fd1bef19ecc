//! What a computer player is: one [`Strategy`] per seat, choosing a legal
//! action from the seeded generator it is handed, and the tie-break every
//! level shares.

use crate::engine::{Action, Game};
use rand_chacha::ChaCha8Rng;

/// A computer player. Keep one instance per seat for a whole game: the
/// searching levels remember the rest of a chosen plan between the actions
/// of a series.
pub trait Strategy {
    /// One legal action for the player on turn, when `game` is in the
    /// Moving phase (outside it there is none: the answer is `Pass`).
    fn choose(&mut self, game: &Game, rng: &mut ChaCha8Rng) -> Action;
}

/// Picks uniformly among the indices whose score is within `eps` of the best.
pub(crate) fn pick_best(scores: &[f64], rng: &mut ChaCha8Rng) -> usize {
    use rand::RngExt;
    let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let ties: Vec<usize> = (0..scores.len()).filter(|&i| scores[i] >= best - 1e-9).collect();
    match ties.len() {
        0 => 0,
        1 => ties[0],
        n => ties[rng.random_range(0..n)],
    }
}
