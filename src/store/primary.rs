//! Where a PostgreSQL cluster's primary is, as the pool's connections find
//! it: the database URL may name several servers (`h1:p1,h2:p2,h3:p3`, with
//! `target_session_attrs=read-write`, the default then), and every
//! connection of the pool connects to whichever accepts writes. One
//! [`Primary`] is shared by the pool: a broken connection to the primary
//! starts a span "without a primary" (the readiness check says "database:
//! failing over"), the first connection made again ends it, and a
//! connection to another server than before counts a failover.
//!
//! Connecting again waits between attempts with a bounded back-off
//! ([`Backoff`]: 25 ms doubling to 400 ms): a call made for an interaction
//! (a click) keeps trying until its wait is over (the interaction's one
//! deadline, see `handle::answer_by`, less the grace a call under way gets),
//! so that a click made as the new primary takes over is saved and one made
//! in the middle of a failover is answered "not saved" in time; any other
//! call (a computer's move, start-up) tries for [`RECONNECT_WITHIN`].

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long a call made for no interaction keeps trying to connect before
/// it fails: inside a save's 2 s deadline, with room for the save itself.
pub(crate) const RECONNECT_WITHIN: Duration = Duration::from_millis(1200);

/// The first pause between two attempts to connect.
const FIRST_PAUSE: Duration = Duration::from_millis(25);

/// The longest pause between two attempts.
const LONGEST_PAUSE: Duration = Duration::from_millis(400);

/// What the pool knows about the primary now.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PrimaryStatus {
    /// For how long no connection has reached a primary (`None`: one has).
    pub without_primary_for: Option<Duration>,
    /// Times a connection found the primary on another server than before.
    pub failovers: u64,
    /// Seconds without a primary since the pool opened, the span under way included.
    pub without_primary: Duration,
    /// Whether the URL names several servers (a cluster).
    pub several_servers: bool,
}

/// The primary as the pool's connections last found it.
#[derive(Debug, Default)]
pub(crate) struct Primary {
    state: Mutex<State>,
    several_servers: bool,
}

#[derive(Debug, Default)]
struct State {
    /// The server (`address:port`) the last connection reached.
    server: Option<String>,
    lost_since: Option<Instant>,
    failovers: u64,
    without: Duration,
}

impl Primary {
    pub(crate) fn new(several_servers: bool) -> Primary {
        Primary { state: Mutex::new(State::default()), several_servers }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A connection reached the primary at `server`.
    pub(crate) fn found(&self, server: &str) {
        let mut s = self.state();
        if let Some(since) = s.lost_since.take() {
            s.without += since.elapsed();
        }
        if s.server.as_deref().is_some_and(|old| old != server) {
            s.failovers += 1;
            tracing::warn!("the database's primary is now {server} (failover {})", s.failovers);
        }
        s.server = Some(server.to_string());
    }

    /// A connection to `server` broke, or connecting failed (`None`): a
    /// span without a primary starts, unless the broken connection was to
    /// a server that is no longer the primary.
    pub(crate) fn lost(&self, server: Option<&str>) {
        let mut s = self.state();
        let current = server.is_none() || server == s.server.as_deref();
        if current && s.lost_since.is_none() {
            s.lost_since = Some(Instant::now());
        }
    }

    pub(crate) fn status(&self) -> PrimaryStatus {
        let s = self.state();
        let now = s.lost_since.map(|t| t.elapsed());
        PrimaryStatus {
            without_primary_for: now,
            failovers: s.failovers,
            without_primary: s.without + now.unwrap_or_default(),
            several_servers: self.several_servers,
        }
    }
}

/// The pauses between attempts to connect, for one call.
pub(crate) struct Backoff {
    started: Instant,
    pause: Duration,
    within: Duration,
}

impl Backoff {
    pub(crate) fn new(within: Duration) -> Backoff {
        Backoff { started: Instant::now(), pause: FIRST_PAUSE, within }
    }

    /// The pause before the next attempt, or `None` when the next attempt
    /// would start past the call's time (the call then fails).
    pub(crate) fn next_pause(&mut self) -> Option<Duration> {
        let pause = self.pause;
        if self.started.elapsed() + pause > self.within {
            return None;
        }
        self.pause = (self.pause * 2).min(LONGEST_PAUSE);
        Some(pause)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_span_without_a_primary_ends_when_a_connection_is_made_and_another_server_counts_a_failover() {
        let p = Primary::new(true);
        p.found("10.0.0.1:5432");
        assert_eq!(p.status().without_primary_for, None);
        p.lost(Some("10.0.0.1:5432"));
        std::thread::sleep(Duration::from_millis(20));
        let during = p.status();
        assert!(during.without_primary_for.is_some_and(|d| d >= Duration::from_millis(20)), "{during:?}");
        assert_eq!(during.failovers, 0);
        p.found("10.0.0.2:5432");
        let after = p.status();
        assert_eq!((after.without_primary_for, after.failovers), (None, 1), "{after:?}");
        assert!(after.without_primary >= Duration::from_millis(20));
        // The old primary's last connections breaking later start nothing.
        p.lost(Some("10.0.0.1:5432"));
        assert_eq!(p.status().without_primary_for, None);
        // The same server back (a restart) is no failover.
        p.lost(None);
        p.found("10.0.0.2:5432");
        assert_eq!(p.status().failovers, 1);
    }

    #[test]
    fn the_back_off_doubles_up_to_its_cap_and_stops_within_the_call_s_time() {
        let mut b = Backoff::new(Duration::from_secs(60));
        let pauses: Vec<u128> = (0..7).filter_map(|_| b.next_pause()).map(|d| d.as_millis()).collect();
        assert_eq!(pauses, [25, 50, 100, 200, 400, 400, 400]);
        let mut b = Backoff::new(Duration::from_millis(100));
        assert_eq!(b.next_pause(), Some(FIRST_PAUSE));
        std::thread::sleep(Duration::from_millis(60));
        assert_eq!(b.next_pause(), None, "60 ms + 50 ms is past 100 ms");
    }
}
