//! Fair dice: a game's throws come from a secret seed whose SHA-256 is
//! shown when the game is created and which is revealed when it ends.
//!
//! Each game records the [`Derivation`] that turns its seed into throws.
//! New games use [`Derivation::Sha256`], written out in
//! `docs/FAIR-DICE.md` so that a short program in any language re-derives
//! a game: throw number `k` (0 for the first throw of the game, opening
//! throws included) is a function of the seed, `k` and the dice model
//! alone, built on SHA-256 with explicit rejection sampling. No crate's
//! version can change it; the test vectors in `tests/data/fair-dice.txt`
//! pin it. Games created before it keep [`Derivation::ChaCha8`], the
//! stream they were thrown with, pinned by test vectors too.

use super::ThrowSource;
use crate::engine::{DiceModel, Event, Ruleset, Throw};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// A running game's secret dice seed. Its `Debug` says nothing of it: a
/// table or a lobby written to a log, a panic or a test's failure never
/// shows the seed of a game still being played (the seed is revealed on
/// purpose, by hex, once the game is over).
#[derive(Copy, Clone, PartialEq, Eq)]
pub struct Seed(pub [u8; 32]);

impl std::fmt::Debug for Seed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Seed([redacted])")
    }
}

impl std::ops::Deref for Seed {
    type Target = [u8; 32];
    fn deref(&self) -> &[u8; 32] {
        &self.0
    }
}

/// A fresh secret seed from the operating system's generator (via the
/// thread-local CSPRNG, which is seeded from `OsRng`).
pub fn new_seed() -> [u8; 32] {
    rand::random()
}

/// How a game's throws are derived from its seed (recorded per game; the
/// number is what the store keeps).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Derivation {
    /// Games created before 2026-11-26: `rand` 0.10's `random_range(0..16)`
    /// over a ChaCha8 stream keyed with the seed, one value per throw in
    /// log order. Kept for those games only; its test vectors fail if a
    /// dependency upgrade changes it.
    #[default]
    ChaCha8,
    /// Throw `k` from SHA-256(seed ‖ k ‖ attempt), `docs/FAIR-DICE.md`.
    Sha256,
}

impl Derivation {
    /// The derivation of new games.
    pub const CURRENT: Derivation = Derivation::Sha256;

    /// The number the store keeps (1 or 2).
    pub fn number(self) -> u8 {
        match self {
            Derivation::ChaCha8 => 1,
            Derivation::Sha256 => 2,
        }
    }

    /// The derivation stored as `n`, if there is one.
    pub fn from_number(n: i64) -> Option<Derivation> {
        match n {
            1 => Some(Derivation::ChaCha8),
            2 => Some(Derivation::Sha256),
            _ => None,
        }
    }

    /// Its name in `docs/FAIR-DICE.md` and on `/thaayam verify`.
    pub fn name(self) -> &'static str {
        match self {
            Derivation::ChaCha8 => "chacha8-rand-0.10",
            Derivation::Sha256 => "sha256-v2",
        }
    }
}

/// The name of a ruleset's dice model in `docs/FAIR-DICE.md`.
pub fn model_name(ruleset: Ruleset) -> &'static str {
    if std::ptr::eq(ruleset.rules().dice, &crate::engine::LONG_DICE) { "long-dice" } else { "cowries" }
}

/// The public commitment to a seed: lower-case hex of its SHA-256.
pub fn commitment(seed: &[u8; 32]) -> String {
    hex::encode(Sha256::digest(seed))
}

/// Whether `seed` is the one `commitment` was made for (hex, any case).
pub fn verify_seed(seed: &[u8; 32], commitment_hex: &str) -> bool {
    commitment(seed).eq_ignore_ascii_case(commitment_hex.trim())
}

/// Throw number `k` of a game under [`Derivation::Sha256`]: for attempt
/// `j` = 0, 1, 2, … take the first four bytes of
/// SHA-256(seed ‖ k as 8 bytes big-endian ‖ j as 4 bytes big-endian) as a
/// big-endian number `x`; the first `x` below the largest multiple of the
/// model's total (16) that fits in 32 bits gives `r = x mod total`, and `r`
/// picks the outcome by the model's table (outcomes in their listed order,
/// each covering as many values as its weight).
pub fn sha256_throw(seed: &[u8; 32], k: u64, dice: &DiceModel) -> Throw {
    let total = u64::from(dice.total);
    let limit = (1u64 << 32) / total * total;
    let mut message = [0u8; 44];
    message[..32].copy_from_slice(seed);
    message[32..40].copy_from_slice(&k.to_be_bytes());
    for j in 0u32.. {
        message[40..].copy_from_slice(&j.to_be_bytes());
        let digest = Sha256::digest(message);
        let x = u64::from(u32::from_be_bytes([digest[0], digest[1], digest[2], digest[3]]));
        if x < limit {
            return dice.throw_for((x % total) as u32);
        }
    }
    unreachable!("a 32-bit value below the limit comes within 2^32 attempts")
}

/// A game's throws, as its derivation gives them, from a given throw on.
pub struct GameDice {
    seed: [u8; 32],
    dice: &'static DiceModel,
    /// The index of the next throw.
    next: u64,
    /// The stream of a [`Derivation::ChaCha8`] game.
    legacy: Option<ThrowSource>,
}

impl GameDice {
    /// The dice of a game after the `drawn` throws it already gave.
    pub fn resumed(seed: [u8; 32], derivation: Derivation, dice: &'static DiceModel, drawn: u32) -> GameDice {
        let legacy = match derivation {
            Derivation::ChaCha8 => Some(ThrowSource::resumed(seed, dice, drawn)),
            Derivation::Sha256 => None,
        };
        GameDice { seed, dice, next: u64::from(drawn), legacy }
    }

    /// The next throw of the game.
    pub fn next_throw(&mut self) -> Throw {
        let t = match &mut self.legacy {
            Some(src) => src.next_throw(),
            None => sha256_throw(&self.seed, self.next, self.dice),
        };
        self.next += 1;
        t
    }
}

/// The first `n` throws a seed gives under a ruleset's dice.
pub fn throws_from_seed(seed: [u8; 32], derivation: Derivation, ruleset: Ruleset, n: usize) -> Vec<Throw> {
    let mut dice = GameDice::resumed(seed, derivation, ruleset.rules().dice, 0);
    (0..n).map(|_| dice.next_throw()).collect()
}

/// Whether every throw in `events` is, in order, the one the seed gives.
pub fn verify_throws(seed: [u8; 32], derivation: Derivation, ruleset: Ruleset, events: &[Event]) -> bool {
    first_wrong_throw(seed, derivation, ruleset, events).is_none()
}

/// The index (among the throws) of the first throw in `events` that the
/// seed does not give, with the throw the seed gives there.
pub fn first_wrong_throw(
    seed: [u8; 32],
    derivation: Derivation,
    ruleset: Ruleset,
    events: &[Event],
) -> Option<(usize, Throw)> {
    let mut dice = GameDice::resumed(seed, derivation, ruleset.rules().dice, 0);
    let throws = events.iter().filter_map(|e| match e {
        Event::Throw { t } => Some(*t),
        Event::Act { .. } => None,
    });
    throws.enumerate().find_map(|(k, t)| {
        let expected = dice.next_throw();
        (expected != t).then_some((k, expected))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Variant;

    #[test]
    fn commitment_is_sha256_hex() {
        // SHA-256 of 32 zero bytes.
        let zero = "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925";
        assert_eq!(commitment(&[0; 32]), zero);
        assert!(verify_seed(&[0; 32], &zero.to_uppercase()));
        assert!(!verify_seed(&[1; 32], zero));
    }

    #[test]
    fn a_forged_throw_is_detected_under_both_derivations() {
        let rs = Ruleset::new(Variant::Bell);
        for d in [Derivation::ChaCha8, Derivation::Sha256] {
            let mut events: Vec<Event> =
                throws_from_seed([3; 32], d, rs, 5).into_iter().map(|t| Event::Throw { t }).collect();
            assert!(verify_throws([3; 32], d, rs, &events));
            let forged = if events[2] == (Event::Throw { t: Throw::Eight }) { Throw::One } else { Throw::Eight };
            events[2] = Event::Throw { t: forged };
            assert_eq!(first_wrong_throw([3; 32], d, rs, &events).map(|(k, _)| k), Some(2));
        }
    }

    #[test]
    fn resuming_continues_the_same_throws() {
        let rs = Ruleset::new(Variant::TayamSonalu);
        for d in [Derivation::ChaCha8, Derivation::Sha256] {
            let all = throws_from_seed([9; 32], d, rs, 30);
            let mut later = GameDice::resumed([9; 32], d, rs.rules().dice, 12);
            let rest: Vec<Throw> = (12..30).map(|_| later.next_throw()).collect();
            assert_eq!(rest, all[12..]);
        }
    }

    #[test]
    fn the_derivations_differ_and_are_numbered_for_the_store() {
        let rs = Ruleset::new(Variant::Bell);
        assert_ne!(
            throws_from_seed([5; 32], Derivation::ChaCha8, rs, 40),
            throws_from_seed([5; 32], Derivation::Sha256, rs, 40)
        );
        for d in [Derivation::ChaCha8, Derivation::Sha256] {
            assert_eq!(Derivation::from_number(i64::from(d.number())), Some(d));
        }
        assert_eq!(Derivation::from_number(3), None);
    }

    /// The SHA-256 derivation's frequencies are the model's (16 values,
    /// each outcome as many as its weight).
    #[test]
    fn sha256_frequencies_match_the_weights() {
        let dice = Ruleset::new(Variant::Bell).rules().dice;
        let n = 32_000u64;
        let mut counts = [0u32; 9];
        for k in 0..n {
            counts[sha256_throw(&[1; 32], k, dice).index()] += 1;
        }
        for &(t, w) in dice.outcomes {
            let expect = n as f64 * f64::from(w) / 16.0;
            let got = f64::from(counts[t.index()]);
            assert!((got - expect).abs() < 5.0 * expect.sqrt(), "{t}: {got} vs {expect}");
        }
    }
}
