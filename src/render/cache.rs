//! The renderer's bounded caches (backgrounds, sprites, glyphs, colours
//! met): one map in two generations. New entries go into the young one;
//! when it holds half the bound it becomes the old one and the old one is
//! dropped, so a full cache forgets its older half, never every entry at
//! once, and an entry read from the old generation moves back to the
//! young one (what every picture uses stays).

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Mutex, PoisonError};

/// A map of at most `bound` entries in two generations (not locked: see
/// [`Bounded`] for the shared one).
#[derive(Debug)]
pub(crate) struct Generations<K, V> {
    young: HashMap<K, V>,
    old: HashMap<K, V>,
    /// Entries a generation holds before it grows old.
    half: usize,
}

impl<K: Hash + Eq, V> Generations<K, V> {
    /// An empty map of at most `bound` entries (at least two).
    pub(crate) fn new(bound: usize) -> Self {
        Generations { young: HashMap::new(), old: HashMap::new(), half: (bound / 2).max(1) }
    }

    /// The entry of `key`, where it is (no generation changes).
    pub(crate) fn peek(&self, key: &K) -> Option<&V> {
        self.young.get(key).or_else(|| self.old.get(key))
    }

    /// The entry of `key`, moved to the young generation when it was old.
    pub(crate) fn get(&mut self, key: &K) -> Option<&V>
    where
        K: Clone,
    {
        if !self.young.contains_key(key) {
            let (k, v) = self.old.remove_entry(key)?;
            self.insert(k, v);
        }
        self.young.get(key)
    }

    /// Keeps `value` for `key`; the old generation goes when the young one
    /// is full.
    pub(crate) fn insert(&mut self, key: K, value: V) {
        if self.young.len() >= self.half && !self.young.contains_key(&key) {
            self.old = std::mem::take(&mut self.young);
        }
        self.old.remove(&key);
        self.young.insert(key, value);
    }

    /// Keeps every entry of `entries`.
    pub(crate) fn extend(&mut self, entries: impl IntoIterator<Item = (K, V)>) {
        for (k, v) in entries {
            self.insert(k, v);
        }
    }

    /// How many entries it holds.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.young.len() + self.old.len()
    }
}

/// A bounded cache shared between threads: [`Generations`] behind a lock,
/// handing out clones (an `Arc` each, for the renderer's caches).
#[derive(Debug)]
pub(crate) struct Bounded<K, V>(Mutex<Generations<K, V>>);

impl<K: Hash + Eq + Clone, V: Clone> Bounded<K, V> {
    /// An empty cache of at most `bound` entries.
    pub(crate) fn new(bound: usize) -> Self {
        Bounded(Mutex::new(Generations::new(bound)))
    }

    /// The entry of `key`, made by `make` (outside the lock) and kept when
    /// there is none.
    pub(crate) fn get_or_make(&self, key: K, make: impl FnOnce() -> V) -> V {
        if let Some(v) = self.0.lock().unwrap_or_else(PoisonError::into_inner).get(&key) {
            return v.clone();
        }
        let v = make();
        self.0.lock().unwrap_or_else(PoisonError::into_inner).insert(key, v.clone());
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_cache_forgets_its_older_half_and_keeps_what_is_used() {
        let mut g = Generations::new(4);
        g.insert(1, "a");
        g.insert(2, "b");
        g.insert(3, "c"); // 1 and 2 grow old
        assert_eq!(g.len(), 3);
        assert_eq!(g.get(&1), Some(&"a"), "an old entry read moves back: 3 and 1 are young, 2 old");
        g.insert(4, "d"); // young full (3, 1): they grow old, 2 goes
        assert_eq!(g.peek(&2), None, "the oldest went");
        assert_eq!((g.peek(&1), g.peek(&3), g.peek(&4)), (Some(&"a"), Some(&"c"), Some(&"d")));
        for k in 10..100 {
            g.insert(k, "x");
            assert!(g.len() <= 4, "never more than the bound");
        }
        assert!(g.len() >= 2, "never emptied at once");
    }

    #[test]
    fn a_key_is_kept_once_with_its_newest_value() {
        let mut g = Generations::new(4);
        g.extend([(1, 'a'), (2, 'b'), (1, 'c')]);
        assert_eq!(g.len(), 2);
        g.insert(3, 'd');
        g.insert(2, 'e'); // old 2 replaced by a young one
        assert_eq!(g.len(), 3);
        assert_eq!(g.peek(&2), Some(&'e'));
    }

    #[test]
    fn a_shared_cache_makes_each_entry_once() {
        let cache = Bounded::new(8);
        let mut made = 0;
        for _ in 0..3 {
            assert_eq!(
                cache.get_or_make(7, || {
                    made += 1;
                    49
                }),
                49
            );
        }
        assert_eq!(made, 1);
    }
}
