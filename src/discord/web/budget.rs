//! The pages' budget of requests per client address (a page, a replay's
//! board at a step, an analysis chart; not a running game's board now,
//! which a page following a fast game asks for at each change): a bucket of
//! [`BURST`] requests per address, filled again at [`PER_SECOND`] (a
//! person opening a page, its pictures and stepping through a replay with
//! the arrow keys stays far inside it); a request over it is refused (429)
//! before anything is read or drawn. At most [`ADDRESSES`] addresses are
//! followed: past that, those with a full bucket are forgotten first.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

/// Requests at once from one address.
pub(crate) const BURST: f64 = 60.0;
/// Requests a second from one address, over time.
pub(crate) const PER_SECOND: f64 = 10.0;
/// Addresses followed at most.
pub(crate) const ADDRESSES: usize = 65_536;

/// The requests left to each address.
pub(crate) struct Budget {
    left: Mutex<HashMap<IpAddr, (f64, Instant)>>,
    burst: f64,
    per_second: f64,
    addresses: usize,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::new(BURST, PER_SECOND, ADDRESSES)
    }
}

impl Budget {
    pub(crate) fn new(burst: f64, per_second: f64, addresses: usize) -> Budget {
        Budget { left: Mutex::default(), burst, per_second, addresses }
    }

    /// Whether a request from `addr` is within its budget now (it is then
    /// counted).
    pub(crate) fn allow(&self, addr: IpAddr) -> bool {
        self.allow_at(addr, Instant::now())
    }

    fn allow_at(&self, addr: IpAddr, now: Instant) -> bool {
        let mut left = self.left.lock().unwrap_or_else(PoisonError::into_inner);
        let (burst, rate) = (self.burst, self.per_second);
        let filled = |(n, at): (f64, Instant)| (n + now.saturating_duration_since(at).as_secs_f64() * rate).min(burst);
        if left.len() >= self.addresses && !left.contains_key(&addr) {
            left.retain(|_, v| filled(*v) < burst);
            if left.len() >= self.addresses {
                // Every address is spending: the newest waits for room.
                return false;
            }
        }
        let n = left.get(&addr).map_or(burst, |v| filled(*v));
        if n < 1.0 {
            left.insert(addr, (n, now));
            return false;
        }
        left.insert(addr, (n - 1.0, now));
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn an_address_gets_its_burst_then_its_rate_and_others_theirs() {
        let budget = Budget::new(3.0, 2.0, 10);
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().expect("ip"), "10.0.0.2".parse().expect("ip"));
        let t = Instant::now();
        assert!((0..3).all(|_| budget.allow_at(a, t)), "the burst");
        assert!(!budget.allow_at(a, t), "over it");
        assert!(budget.allow_at(b, t), "another address has its own");
        assert!(!budget.allow_at(a, t + Duration::from_millis(400)), "0.8 of a request came back");
        assert!(budget.allow_at(a, t + Duration::from_millis(600)), "one came back");
        assert!(!budget.allow_at(a, t + Duration::from_millis(600)));
        let later = t + Duration::from_secs(60);
        assert!((0..3).all(|_| budget.allow_at(a, later)) && !budget.allow_at(a, later), "never more than the burst");
    }

    #[test]
    fn addresses_followed_are_bounded_and_idle_ones_forgotten_first() {
        let budget = Budget::new(2.0, 1.0, 4);
        let t = Instant::now();
        let ip = |i: u8| IpAddr::from([10, 0, 0, i]);
        for i in 0..4 {
            assert!(budget.allow_at(ip(i), t));
        }
        assert!(!budget.allow_at(ip(9), t), "four addresses spending: no room for a fifth");
        let later = t + Duration::from_secs(5);
        assert!(budget.allow_at(ip(9), later), "the idle ones were forgotten");
        assert!(budget.left.lock().expect("lock").len() <= 4);
    }
}
