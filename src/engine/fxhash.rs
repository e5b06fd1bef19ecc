//! A fast, non-cryptographic hasher for sets of games: the series walk's
//! and the computer's searches' (the standard SipHash dominated their
//! profiles). Deterministic: no random keys.

use super::game::{Game, Phase};
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// The Fx hash (as in rustc): rotate, xor, multiply per word.
#[derive(Default, Clone, Copy)]
pub(crate) struct FxHasher(u64);

const K: u64 = 0xf135_7aea_2e62_a9c5;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(26) ^ word).wrapping_mul(K);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0.rotate_left(26)
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w));
        }
    }

    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    #[inline]
    fn write_u16(&mut self, n: u16) {
        self.add(u64::from(n));
    }

    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
}

pub(crate) type FxBuild = BuildHasherDefault<FxHasher>;
pub(crate) type FxHashSet<T> = HashSet<T, FxBuild>;
pub(crate) type FxHashMap<K, V> = HashMap<K, V, FxBuild>;

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
