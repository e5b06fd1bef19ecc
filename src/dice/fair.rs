//! Fair dice: a game's throws come from a secret seed whose SHA-256 is
//! shown when the game is created and which is revealed when it ends.
//!
//! Derivation (anyone can check a finished game): take the revealed 32-byte
//! seed, check that `hex(SHA-256(seed))` is the commitment shown at the
//! start, then create `ThrowSource::from_seed(seed, ruleset.rules().dice)`
//! (ChaCha8 with the seed as key) and call `next_throw()`
//! once per throw event of the log, in log order, opening throws included.
//! Throw number k of the game is the k-th value of that stream; nothing
//! else draws from it. [`verify_throws`] does exactly this.

use super::ThrowSource;
use crate::engine::{Event, Ruleset, Throw};
use sha2::{Digest, Sha256};

/// A fresh secret seed from the operating system's generator (via the
/// thread-local CSPRNG, which is seeded from `OsRng`).
pub fn new_seed() -> [u8; 32] {
    rand::random()
}

/// The public commitment to a seed: lower-case hex of its SHA-256.
pub fn commitment(seed: &[u8; 32]) -> String {
    hex::encode(Sha256::digest(seed))
}

/// Whether `seed` is the one `commitment` was made for (hex, any case).
pub fn verify_seed(seed: &[u8; 32], commitment_hex: &str) -> bool {
    commitment(seed).eq_ignore_ascii_case(commitment_hex.trim())
}

/// The first `n` throws a seed gives under a ruleset's dice.
pub fn throws_from_seed(seed: [u8; 32], ruleset: Ruleset, n: usize) -> Vec<Throw> {
    let mut src = ThrowSource::from_seed(seed, ruleset.rules().dice);
    (0..n).map(|_| src.next_throw()).collect()
}

/// Whether every throw in `events` is, in order, the one the seed gives.
pub fn verify_throws(seed: [u8; 32], ruleset: Ruleset, events: &[Event]) -> bool {
    let mut src = ThrowSource::from_seed(seed, ruleset.rules().dice);
    events.iter().all(|e| match e {
        Event::Throw { t } => src.next_throw() == *t,
        Event::Act { .. } => true,
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
    fn a_forged_throw_is_detected() {
        let rs = Ruleset::new(Variant::Bell);
        let mut events: Vec<Event> = throws_from_seed([3; 32], rs, 5).into_iter().map(|t| Event::Throw { t }).collect();
        assert!(verify_throws([3; 32], rs, &events));
        let forged = if events[2] == (Event::Throw { t: Throw::Eight }) { Throw::One } else { Throw::Eight };
        events[2] = Event::Throw { t: forged };
        assert!(!verify_throws([3; 32], rs, &events));
    }
}
