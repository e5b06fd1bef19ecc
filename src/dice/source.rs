//! A seeded stream of throws for one dice model: ChaCha8 over the model's
//! weighted outcomes (simulations, tests, and the games created before the
//! SHA-256 derivation).

use crate::engine::{DiceModel, Throw};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A stream of throws for one dice model.
pub struct ThrowSource {
    rng: ChaCha8Rng,
    dice: &'static DiceModel,
}

impl ThrowSource {
    /// A source from a 32-byte seed (the fair-dice seed of a game).
    pub fn from_seed(seed: [u8; 32], dice: &'static DiceModel) -> Self {
        ThrowSource { rng: ChaCha8Rng::from_seed(seed), dice }
    }

    /// A game's source resumed after the `drawn` throws it already gave
    /// (the fair-dice stream of a game loaded from the store).
    pub(crate) fn resumed(seed: [u8; 32], dice: &'static DiceModel, drawn: u32) -> Self {
        let mut src = ThrowSource::from_seed(seed, dice);
        for _ in 0..drawn {
            src.next_throw();
        }
        src
    }

    /// A source from a small number (simulations, tests).
    pub fn from_u64(seed: u64, dice: &'static DiceModel) -> Self {
        ThrowSource { rng: ChaCha8Rng::seed_from_u64(seed), dice }
    }

    /// The next throw.
    pub fn next_throw(&mut self) -> Throw {
        let r = self.rng.random_range(0..self.dice.total);
        self.dice.throw_for(r)
    }

    /// The underlying generator, for choices that share the stream.
    pub fn rng(&mut self) -> &mut ChaCha8Rng {
        &mut self.rng
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::COWRIES;

    #[test]
    fn frequencies_match_the_cowries() {
        let mut src = ThrowSource::from_u64(1, &COWRIES);
        let mut counts = [0u32; 9];
        let n = 160_000;
        for _ in 0..n {
            counts[src.next_throw().index()] += 1;
        }
        for &(t, w) in COWRIES.outcomes {
            let expect = f64::from(n) * f64::from(w) / 16.0;
            let got = f64::from(counts[t.index()]);
            assert!((got - expect).abs() < 5.0 * expect.sqrt(), "{t}: {got} vs {expect}");
        }
    }

    #[test]
    fn same_seed_same_throws() {
        let a: Vec<_> = {
            let mut s = ThrowSource::from_seed([7; 32], &COWRIES);
            (0..50).map(|_| s.next_throw()).collect()
        };
        let mut s = ThrowSource::from_seed([7; 32], &COWRIES);
        assert!(a.iter().all(|t| *t == s.next_throw()));
    }
}
