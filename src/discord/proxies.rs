//! The reverse proxies in front of the pages (`trusted_proxies = ["10.0.0.0/8",
//! "::1"]`): addresses and CIDR ranges whose `X-Forwarded-For` is believed.
//! A request's client is the rightmost address of that header that is not
//! a trusted proxy (each proxy appends the address it was reached from, so
//! everything to its left may be made up by the client); a request from a
//! peer that is not a trusted proxy is that peer, whatever it claims.

use std::net::IpAddr;

/// One address or CIDR range (`192.0.2.7`, `10.0.0.0/8`, `fd00::/8`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    net: IpAddr,
    prefix: u8,
}

impl Range {
    /// Parses `addr` or `addr/prefix`; a range must not have bits set past its prefix.
    pub fn parse(s: &str) -> Result<Range, String> {
        let s = s.trim();
        let (addr, prefix) = match s.split_once('/') {
            Some((a, p)) => (a, Some(p)),
            None => (s, None),
        };
        let net: IpAddr = addr.parse().map_err(|_| format!("{s:?} is not an IP address or a CIDR range"))?;
        let most = if net.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => most,
            Some(p) => match p.parse::<u8>() {
                Ok(p) if p <= most => p,
                _ => return Err(format!("{s:?}: the prefix length must be 0 to {most}")),
            },
        };
        let range = Range { net, prefix };
        if mask(bits(net), prefix, most) != bits(net) {
            return Err(format!("{s:?}: bits are set past the /{prefix} (did you mean {}?)", range.network()));
        }
        Ok(range)
    }

    /// Whether `addr` is in the range (an IPv4 address written as IPv6, `::ffff:a.b.c.d`, counts as IPv4).
    pub fn contains(&self, addr: IpAddr) -> bool {
        let addr = canonical(addr);
        if addr.is_ipv4() != self.net.is_ipv4() {
            return false;
        }
        let most = if addr.is_ipv4() { 32 } else { 128 };
        mask(bits(addr), self.prefix, most) == bits(self.net)
    }

    /// The range written back (`10.0.0.0/8`).
    fn network(&self) -> String {
        let most = if self.net.is_ipv4() { 32 } else { 128 };
        let b = mask(bits(self.net), self.prefix, most);
        let net = if self.net.is_ipv4() {
            IpAddr::from(std::net::Ipv4Addr::from(b as u32))
        } else {
            IpAddr::from(std::net::Ipv6Addr::from(b))
        };
        format!("{net}/{}", self.prefix)
    }
}

fn canonical(addr: IpAddr) -> IpAddr {
    match addr {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(addr, IpAddr::V4),
        v4 => v4,
    }
}

fn bits(addr: IpAddr) -> u128 {
    match addr {
        IpAddr::V4(a) => u32::from(a) as u128,
        IpAddr::V6(a) => u128::from(a),
    }
}

/// `b` (of `most` bits) with all but its first `prefix` bits cleared.
fn mask(b: u128, prefix: u8, most: u8) -> u128 {
    if prefix == 0 {
        return 0;
    }
    let ones = if prefix >= 128 { u128::MAX } else { (1u128 << prefix) - 1 };
    b & (ones << (most - prefix))
}

/// The trusted proxies. Unset, this machine's own addresses (`127.0.0.0/8`
/// and `::1`: a reverse proxy beside the bot, as the README sets one up);
/// an empty list trusts none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proxies(Vec<Range>);

impl Default for Proxies {
    fn default() -> Proxies {
        Proxies::new(vec![
            Range { net: IpAddr::from([127, 0, 0, 0]), prefix: 8 },
            Range { net: IpAddr::from(std::net::Ipv6Addr::LOCALHOST), prefix: 128 },
        ])
    }
}

impl Proxies {
    pub fn new(ranges: Vec<Range>) -> Proxies {
        Proxies(ranges)
    }

    /// Parses the config's list; the error names the entry.
    pub fn parse(entries: &[String]) -> Result<Proxies, String> {
        entries.iter().map(|e| Range::parse(e)).collect::<Result<Vec<_>, _>>().map(Proxies)
    }

    /// Whether `addr` is a trusted proxy.
    pub fn trusts(&self, addr: IpAddr) -> bool {
        self.0.iter().any(|r| r.contains(addr))
    }

    /// The client of a request from `peer` with this `X-Forwarded-For`
    /// (every such header, in order, joined): `peer` unless it is a trusted
    /// proxy; else, right to left, the first address that is not a trusted
    /// proxy (the leftmost if all are); an unreadable entry stops the walk
    /// at the proxy that added it.
    pub fn client(&self, peer: IpAddr, forwarded_for: &[&str]) -> IpAddr {
        let peer = canonical(peer);
        if !self.trusts(peer) {
            return peer;
        }
        let mut client = peer;
        for entry in forwarded_for.iter().rev().flat_map(|h| h.rsplit(',')) {
            let Some(addr) = parse_entry(entry) else { return client };
            client = canonical(addr);
            if !self.trusts(client) {
                return client;
            }
        }
        client
    }
}

/// An `X-Forwarded-For` entry: an address, maybe with a port (`1.2.3.4:80`,
/// `[::1]:80`).
fn parse_entry(entry: &str) -> Option<IpAddr> {
    let e = entry.trim();
    e.parse::<IpAddr>().ok().or_else(|| e.parse::<std::net::SocketAddr>().ok().map(|s| s.ip()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("an address")
    }

    #[test]
    fn ranges_are_parsed_with_clear_errors() {
        let r = Range::parse("10.0.0.0/8").expect("a range");
        assert!(r.contains(ip("10.200.3.4")) && !r.contains(ip("11.0.0.1")));
        assert!(r.contains(ip("::ffff:10.1.2.3")), "an IPv4 address written as IPv6");
        let one = Range::parse("192.0.2.7").expect("an address");
        assert!(one.contains(ip("192.0.2.7")) && !one.contains(ip("192.0.2.8")));
        let v6 = Range::parse("fd00::/8").expect("an IPv6 range");
        assert!(v6.contains(ip("fd12::1")) && !v6.contains(ip("fe80::1")) && !v6.contains(ip("10.0.0.1")));
        assert!(Range::parse("0.0.0.0/0").expect("all").contains(ip("8.8.8.8")));
        assert!(Range::parse("::/0").expect("all v6").contains(ip("2001:db8::1")));
        let e = Range::parse("10.0.0.1/8").expect_err("host bits");
        assert!(e.contains("did you mean 10.0.0.0/8"), "{e}");
        assert!(Range::parse("10.0.0.0/33").expect_err("prefix").contains("0 to 32"));
        assert!(Range::parse("fd00::/129").expect_err("prefix").contains("0 to 128"));
        assert!(Range::parse("proxy.local").expect_err("a name").contains("not an IP address"));
        assert!(Proxies::parse(&["10.0.0.0/8".into(), "nope".into()]).expect_err("the bad one").contains("nope"));
    }

    #[test]
    fn the_client_is_the_rightmost_address_not_a_trusted_proxy() {
        let proxies = Proxies::parse(&["10.0.0.0/8".into(), "::1".into()]).expect("proxies");
        // A peer that is not a proxy is the client, whatever it claims.
        assert_eq!(proxies.client(ip("203.0.113.9"), &["1.2.3.4"]), ip("203.0.113.9"));
        // Through one proxy: the address it added.
        assert_eq!(proxies.client(ip("10.0.0.2"), &["1.2.3.4, 198.51.100.7"]), ip("198.51.100.7"));
        // Through two: the proxies' own addresses are skipped, the client's made-up ones are not believed.
        assert_eq!(proxies.client(ip("10.0.0.2"), &["6.6.6.6, 198.51.100.7, 10.0.0.9"]), ip("198.51.100.7"));
        assert_eq!(proxies.client(ip("10.0.0.2"), &["6.6.6.6", "198.51.100.7, 10.0.0.9"]), ip("198.51.100.7"));
        assert_eq!(proxies.client(ip("::1"), &["[2001:db8::5]:4431"]), ip("2001:db8::5"));
        // No header, or junk in it: the last proxy that can be named.
        assert_eq!(proxies.client(ip("10.0.0.2"), &[]), ip("10.0.0.2"));
        assert_eq!(proxies.client(ip("10.0.0.2"), &["junk"]), ip("10.0.0.2"));
        assert_eq!(proxies.client(ip("10.0.0.2"), &["1.1.1.1, junk, 10.0.0.3"]), ip("10.0.0.3"));
        // No trusted proxy at all: nobody names the client but its peer.
        assert_eq!(Proxies::new(vec![]).client(ip("127.0.0.1"), &["1.2.3.4"]), ip("127.0.0.1"));
        // Unset: a proxy on this machine.
        assert_eq!(Proxies::default().client(ip("127.0.0.1"), &["1.2.3.4"]), ip("1.2.3.4"));
        assert_eq!(Proxies::default().client(ip("::1"), &["1.2.3.4"]), ip("1.2.3.4"));
        assert_eq!(Proxies::default().client(ip("10.0.0.1"), &["1.2.3.4"]), ip("10.0.0.1"));
    }
}
