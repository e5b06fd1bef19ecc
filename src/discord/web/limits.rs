//! The caps on the pages' live streams: at most [`PER_ADDRESS`] at once
//! from one address (as lichess allows; an IPv6 /64 counts as one) and
//! [`TOTAL`] in all; a stream over a cap is refused (429) before anything
//! is subscribed. A stream
//! holds its [`Slot`] for its life and gives it back when dropped.

use crate::discord::proxies::Proxies;
use axum::http::HeaderMap;
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

/// One stream's (or connection's) place, given back when dropped.
#[derive(Debug)]
pub(crate) struct Slot {
    streams: Arc<Streams>,
    /// `None`: counted in the total only.
    addr: Option<IpAddr>,
}

impl Streams {
    pub(crate) fn new(per_address: usize, total: usize) -> Streams {
        Streams { open: Mutex::default(), per_address, total }
    }

    /// A place for a stream from `addr` (counted per [`counted_as`]), unless a cap is reached.
    pub(crate) fn admit(self: &Arc<Self>, addr: IpAddr) -> Option<Slot> {
        let addr = counted_as(addr);
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
        Some(Slot { streams: self.clone(), addr: Some(addr) })
    }

    /// A place counted in the total only (a trusted proxy's connection,
    /// which carries many clients), unless the total is reached.
    pub(crate) fn admit_any(self: &Arc<Self>) -> Option<Slot> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if open.1 >= self.total {
            return None;
        }
        open.1 += 1;
        Some(Slot { streams: self.clone(), addr: None })
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
        let Some(addr) = self.addr else { return };
        if let Some(n) = by_addr.get_mut(&addr) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                by_addr.remove(&addr);
            }
        }
    }
}

/// The proxies of the config's pages (this machine's when unset).
pub(crate) fn proxies_of(config: &crate::discord::config::Config) -> Proxies {
    config.web.as_ref().map(|w| w.trusted_proxies.clone()).unwrap_or_default()
}

/// The address a request comes from: the peer's, or, when the peer is a
/// trusted proxy (`trusted_proxies`), the rightmost untrusted address of
/// its `X-Forwarded-For` headers ([`Proxies::client`]).
pub(crate) fn client_address(peer: IpAddr, headers: &HeaderMap, proxies: &Proxies) -> IpAddr {
    let forwarded: Vec<&str> = headers.get_all("x-forwarded-for").iter().filter_map(|v| v.to_str().ok()).collect();
    proxies.client(peer, &forwarded)
}

/// The address a client is counted as: an IPv6 address as its /64 (one
/// subscriber's whole network: one host has billions of addresses), an
/// IPv4 address (also written as IPv6) as itself.
pub(crate) fn counted_as(addr: IpAddr) -> IpAddr {
    match addr {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(std::net::Ipv6Addr::from(u128::from(v6) & !((1u128 << 64) - 1))),
        },
        v4 => v4,
    }
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
        let c1 = streams.admit(c).expect("a slot came back");
        assert!(streams.admit_any().is_none(), "the total holds for a proxy too");
        drop(c1);
        let any = streams.admit_any().expect("a proxy's place");
        assert_eq!(streams.count(), 3);
        drop(any);
        assert_eq!(streams.count(), 2);
    }

    #[test]
    fn only_a_trusted_proxy_names_the_client() {
        let local: IpAddr = "127.0.0.1".parse().expect("ip");
        let far: IpAddr = "203.0.113.9".parse().expect("ip");
        let with = |v: &[&str]| {
            let mut h = HeaderMap::new();
            for x in v {
                h.append("x-forwarded-for", x.parse().expect("a header value"));
            }
            h
        };
        let proxies = Proxies::default();
        let want: IpAddr = "198.51.100.7".parse().expect("ip");
        assert_eq!(client_address(local, &with(&["1.2.3.4, 198.51.100.7"]), &proxies), want);
        assert_eq!(client_address(local, &with(&["1.2.3.4", "198.51.100.7"]), &proxies), want, "two headers");
        assert_eq!(client_address(local, &with(&[]), &proxies), local);
        assert_eq!(client_address(local, &with(&["junk"]), &proxies), local);
        assert_eq!(client_address(far, &with(&["1.2.3.4"]), &proxies), far, "a remote client cannot pick its address");
    }

    #[test]
    fn an_ipv6_network_is_counted_as_one_client() {
        let streams = Arc::new(Streams::new(2, 100));
        let a: IpAddr = "2001:db8:1:2::1".parse().expect("ip");
        let b: IpAddr = "2001:db8:1:2:ffff:ffff:ffff:fffe".parse().expect("ip");
        let other: IpAddr = "2001:db8:1:3::1".parse().expect("ip");
        assert_eq!(counted_as(a), counted_as(b));
        assert_eq!(counted_as(a), "2001:db8:1:2::".parse::<IpAddr>().expect("ip"));
        assert_eq!(counted_as("::ffff:10.1.2.3".parse().expect("ip")), "10.1.2.3".parse::<IpAddr>().expect("ip"));
        let _a = streams.admit(a).expect("first");
        let _b = streams.admit(b).expect("second, from the same /64");
        assert!(streams.admit("2001:db8:1:2::abcd".parse().expect("ip")).is_none(), "a third from that /64");
        assert!(streams.admit(other).is_some(), "another /64");
    }
}
