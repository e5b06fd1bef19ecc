//! Sets and maps of games with a fast, non-cryptographic hasher: the
//! series walk's and the computer's searches' (the standard SipHash
//! dominated their profiles). The hasher is `rustc-hash`'s Fx hash
//! (deterministic: no random keys); [`GameKey`] hashes a game's compact
//! summary.

use super::game::{Game, Phase};
use std::collections::{HashMap, HashSet};
use std::hash::Hasher;

pub(crate) type FxHashSet<T> = HashSet<T, rustc_hash::FxBuildHasher>;
pub(crate) type FxHashMap<K, V> = HashMap<K, V, rustc_hash::FxBuildHasher>;

/// A game as a hash key: hashes a compact summary (the armies' codes, the
/// throws, turn and phase) instead of every field; equality is the game's.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct GameKey(pub(crate) Game);

impl std::hash::Hash for GameKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let pos = self.0.position();
        for seat in pos.seats().iter() {
            state.write_u64(pos.army(seat).code());
        }
        state.write_u64(pos.throws().bag().code() ^ ((pos.turn().index() as u64) << 60));
        let phase = match self.0.phase() {
            Phase::Moving { captured, must_win } => 1 + u64::from(captured) + 6 * u64::from(must_win),
            Phase::Throwing { discarding } => 3 + u64::from(discarding),
            Phase::Finished { .. } => 5,
            Phase::Opening { .. } => 6,
        };
        state.write_u64(phase);
    }
}
