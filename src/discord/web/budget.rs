//! Budgets of requests (token buckets): how many a caller may make at
//! once (`burst`) and how fast the budget comes back (`per_second`). One
//! [`Bucket`] for the whole process, and [`Buckets`], one per key (a client
//! address, a Discord user), kept for a bounded number of keys.
//!
//! Time is passed in (`now`), so the tests need no clock.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// A budget's size and pace.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Rate {
    /// Requests at once, from a full budget.
    pub(crate) burst: f64,
    /// Requests a second the budget comes back by.
    pub(crate) per_second: f64,
}

impl Rate {
    pub(crate) const fn new(burst: f64, per_second: f64) -> Rate {
        Rate { burst, per_second }
    }
}

/// One budget: what is left of it and when it was last counted.
#[derive(Clone, Copy, Debug)]
struct Left {
    tokens: f64,
    at: Instant,
}

impl Left {
    fn full(rate: Rate, now: Instant) -> Left {
        Left { tokens: rate.burst, at: now }
    }

    fn refill(&mut self, rate: Rate, now: Instant) {
        let gone = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens = (self.tokens + gone * rate.per_second).min(rate.burst);
        self.at = now;
    }

    /// Takes one request's worth, when there is one; else how long until there is.
    fn take(&mut self, rate: Rate, now: Instant) -> Result<(), Duration> {
        self.refill(rate, now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            return Ok(());
        }
        let wait = if rate.per_second > 0.0 { (1.0 - self.tokens) / rate.per_second } else { 3600.0 };
        Err(Duration::from_secs_f64(wait.clamp(0.0, 3600.0)))
    }

    fn is_full(&self, rate: Rate, now: Instant) -> bool {
        let gone = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens + gone * rate.per_second >= rate.burst
    }
}

/// The process's one budget.
#[derive(Debug)]
pub(crate) struct Bucket {
    rate: Rate,
    left: Mutex<Left>,
}

impl Bucket {
    pub(crate) fn new(rate: Rate, now: Instant) -> Bucket {
        Bucket { rate, left: Mutex::new(Left::full(rate, now)) }
    }

    /// One request's worth taken, or how long until one is left.
    pub(crate) fn take(&self, now: Instant) -> Result<(), Duration> {
        self.left.lock().unwrap_or_else(PoisonError::into_inner).take(self.rate, now)
    }
}

/// One budget per key, for at most `kept` keys: past that, keys whose
/// budget is full again are forgotten (they would start full anyway), and
/// if none is, a new key is refused until some are.
#[derive(Debug)]
pub(crate) struct Buckets<K> {
    rate: Rate,
    kept: usize,
    by_key: Mutex<HashMap<K, Left>>,
}

impl<K: Hash + Eq + Clone> Buckets<K> {
    pub(crate) fn new(rate: Rate, kept: usize) -> Buckets<K> {
        Buckets { rate, kept, by_key: Mutex::default() }
    }

    /// One request's worth of `key`'s budget taken, or how long until one is left.
    pub(crate) fn take(&self, key: &K, now: Instant) -> Result<(), Duration> {
        let mut by_key = self.by_key.lock().unwrap_or_else(PoisonError::into_inner);
        if !by_key.contains_key(key) && by_key.len() >= self.kept {
            let rate = self.rate;
            by_key.retain(|_, left| !left.is_full(rate, now));
            if by_key.len() >= self.kept {
                return Err(Duration::from_secs_f64(1.0 / rate.per_second.max(0.001)));
            }
        }
        by_key.entry(key.clone()).or_insert_with(|| Left::full(self.rate, now)).take(self.rate, now)
    }

    /// Gives back one request's worth of `key`'s budget (taken for a request not made).
    pub(crate) fn give_back(&self, key: &K) {
        let mut by_key = self.by_key.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(left) = by_key.get_mut(key) {
            left.tokens = (left.tokens + 1.0).min(self.rate.burst);
        }
    }

    /// Keys remembered now.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.by_key.lock().unwrap_or_else(PoisonError::into_inner).len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_allows_its_burst_then_its_pace() {
        let t0 = Instant::now();
        let b = Bucket::new(Rate::new(3.0, 2.0), t0);
        assert!((0..3).all(|_| b.take(t0).is_ok()), "the burst");
        let wait = b.take(t0).expect_err("then none");
        assert!(wait > Duration::from_millis(400) && wait <= Duration::from_millis(500), "{wait:?}");
        assert!(b.take(t0 + Duration::from_millis(500)).is_ok(), "one back after half a second");
        assert!(b.take(t0 + Duration::from_millis(500)).is_err());
        // Never more than the burst, however long it rested.
        let later = t0 + Duration::from_secs(3600);
        assert_eq!((0..10).filter(|_| b.take(later).is_ok()).count(), 3);
    }

    #[test]
    fn each_key_has_its_own_budget_and_the_keys_kept_are_bounded() {
        let t0 = Instant::now();
        let b: Buckets<u32> = Buckets::new(Rate::new(2.0, 1.0), 3);
        assert!(b.take(&1, t0).is_ok() && b.take(&1, t0).is_ok());
        assert!(b.take(&1, t0).is_err(), "key 1 spent its budget");
        assert!(b.take(&2, t0).is_ok(), "key 2 has its own");
        assert!(b.take(&3, t0).is_ok());
        assert!(b.take(&4, t0).is_err(), "three keys kept, none of them full again: a fourth waits");
        assert_eq!(b.len(), 3);
        let later = t0 + Duration::from_secs(5);
        assert!(b.take(&4, later).is_ok(), "full budgets are forgotten to make room");
        assert!(b.len() <= 3);
        assert!(b.take(&1, later).is_ok(), "a forgotten key starts full");
        assert!(b.take(&1, later).is_ok() && b.take(&1, later).is_err());
        b.give_back(&1);
        assert!(b.take(&1, later).is_ok(), "a request not made is given back");
    }
}
