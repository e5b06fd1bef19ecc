//! The caps on the pages' live streams: at most [`PER_ADDRESS`] at once
//! from one address (as lichess allows) and [`TOTAL`] in all; a stream
//! over a cap is refused (429) before anything is subscribed. A stream
//! holds its [`Slot`] for its life and gives it back when dropped.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

/// Live streams at once from one address.
pub(crate) const PER_ADDRESS: usize = 8;
/// Live streams at once in all.
pub(crate) const TOTAL: usize = 16_384;

/// The streams open now, by address.
#[derive(Debug)]
pub(crate) struct Streams {
    open: Mutex<(HashMap<IpAddr, usize>, usize)>,
    per_address: usize,
    total: usize,
}

impl Default for Streams {
    fn default() -> Streams {
        Streams::new(PER_ADDRESS, TOTAL)
    }
}

/// One stream's place, given back when dropped.
#[derive(Debug)]
pub(crate) struct Slot {
    streams: Arc<Streams>,
    addr: IpAddr,
}

impl Streams {
    pub(crate) fn new(per_address: usize, total: usize) -> Streams {
        Streams { open: Mutex::default(), per_address, total }
    }

    /// A place for a stream from `addr`, unless a cap is reached.
    pub(crate) fn admit(self: &Arc<Self>, addr: IpAddr) -> Option<Slot> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let (by_addr, total) = &mut *open;
        let n = by_addr.entry(addr).or_default();
        if *n >= self.per_address || *total >= self.total {
            if *n == 0 {
                by_addr.remove(&addr);
            }
            return None;
        }
        *n += 1;
        *total += 1;
        Some(Slot { streams: self.clone(), addr })
    }

    /// Streams open now.
    #[cfg(any(test, feature = "lab"))]
    pub(crate) fn count(&self) -> usize {
        self.open.lock().unwrap_or_else(PoisonError::into_inner).1
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.streams.open.lock().unwrap_or_else(PoisonError::into_inner);
        let (by_addr, total) = &mut *open;
        *total = total.saturating_sub(1);
        if let Some(n) = by_addr.get_mut(&self.addr) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                by_addr.remove(&self.addr);
            }
        }
    }
}

/// The address a request comes from: the peer's, or, when the peer is on
/// this machine (the reverse proxy of the README), the last address of its
/// `X-Forwarded-For` (the one the proxy itself added).
pub(crate) fn client_address(peer: IpAddr, forwarded_for: Option<&str>) -> IpAddr {
    if !peer.is_loopback() {
        return peer;
    }
    forwarded_for.and_then(|h| h.rsplit(',').next()).and_then(|a| a.trim().parse::<IpAddr>().ok()).unwrap_or(peer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_per_address_and_in_all_and_slots_come_back() {
        let streams = Arc::new(Streams::new(2, 3));
        let (a, b, c): (IpAddr, IpAddr, IpAddr) =
            ("10.0.0.1".parse().expect("ip"), "10.0.0.2".parse().expect("ip"), "10.0.0.3".parse().expect("ip"));
        let a1 = streams.admit(a).expect("first");
        let _a2 = streams.admit(a).expect("second");
        assert!(streams.admit(a).is_none(), "a third from one address");
        let _b1 = streams.admit(b).expect("another address");
        assert!(streams.admit(c).is_none(), "the total is reached");
        drop(a1);
        assert_eq!(streams.count(), 2);
        assert!(streams.admit(c).is_some(), "a slot came back");
    }

    #[test]
    fn only_a_local_proxy_names_the_client() {
        let local: IpAddr = "127.0.0.1".parse().expect("ip");
        let far: IpAddr = "203.0.113.9".parse().expect("ip");
        assert_eq!(client_address(local, Some("1.2.3.4, 198.51.100.7")), "198.51.100.7".parse::<IpAddr>().expect("ip"));
        assert_eq!(client_address(local, None), local);
        assert_eq!(client_address(local, Some("junk")), local);
        assert_eq!(client_address(far, Some("1.2.3.4")), far, "a remote client cannot pick its address");
    }
}
