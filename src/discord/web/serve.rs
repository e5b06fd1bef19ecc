//! Serving the public listener within bounds: at most [`Caps::connections`]
//! connections at once and [`Caps::per_address`] from one client address
//! (an IPv6 /64 counts as one; a trusted proxy is not capped alone), one
//! more being closed at once, unread; a request's headers must come within
//! `header_read` (hyper's own timeout, given its timer); a connection on
//! which nothing moves for `idle` is dropped; a live stream ends after
//! `stream_life` ([`super::stream`], the page reconnects with
//! `Last-Event-ID`). The timeouts are [`Serving`]'s.
//!
//! The caps come from the process's descriptor limit, raised at start-up
//! to its hard limit ([`raise_descriptor_limit`]): a part is kept for
//! Discord (gateway, REST), the database and the files, the rest is the
//! listener's, and the live streams get three quarters of that, so that
//! pages and the Activity's calls still find a connection ([`caps`]).

use super::limits::{Streams, counted_as};
use crate::discord::limits::Serving;
use crate::discord::proxies::Proxies;
use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::{Instant, Sleep};

/// The listener's caps, derived from the descriptor limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Caps {
    /// Connections at once.
    pub(crate) connections: usize,
    /// Connections at once from one client address.
    pub(crate) per_address: usize,
    /// Live streams at once, in all.
    pub(crate) streams: usize,
}

/// The caps a process allowed `descriptors` open files gives the listener:
/// what Discord, the database and the files need is kept first (256, and
/// a sixteenth of the rest, at most half of all).
pub(crate) fn caps(descriptors: u64) -> Caps {
    let d = usize::try_from(descriptors.min(1 << 20)).unwrap_or(1 << 20);
    let kept = (d / 2).min(256 + d / 16);
    let connections = d.saturating_sub(kept).max(8);
    Caps {
        connections,
        per_address: (connections / 16).clamp(16, 256),
        streams: (connections * 3 / 4).clamp(1, super::limits::TOTAL),
    }
}

/// The caps of `serving`: its own connection cap if it sets one, else the
/// descriptor limit's.
pub(crate) fn caps_of(serving: &Serving, descriptors: u64) -> Caps {
    match serving.connections {
        Some(n) => {
            let n = n.max(1);
            Caps { connections: n, per_address: (n / 16).clamp(16, 256).min(n), streams: (n * 3 / 4).max(1) }
        }
        None => caps(descriptors),
    }
}

/// Raises the process's soft limit of open files to its hard limit (once
/// is enough; again changes nothing) and returns the limit it has now.
pub(crate) fn raise_descriptor_limit() -> u64 {
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(soft) => soft,
        Err(e) => {
            let soft = rlimit::Resource::NOFILE.get().map(|(soft, _)| soft).unwrap_or(1024);
            tracing::warn!("cannot raise the open files limit from {soft}: {e}");
            soft
        }
    }
}

/// Serves `app` on `listener` within `serving`'s timeouts and `caps`, with
/// each request's peer address (axum's `ConnectInfo`), for as long as the
/// runtime runs.
pub(crate) fn spawn(listener: TcpListener, app: Router, serving: Serving, caps: Caps, proxies: Arc<Proxies>) {
    let open = Arc::new(Streams::new(caps.per_address, caps.connections));
    tokio::spawn(async move {
        loop {
            let (stream, peer) = match listener.accept().await {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of descriptors, most likely: wait, then go on.
                    tracing::warn!("the game pages' listener: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            };
            // A trusted proxy carries many clients: only the total caps it.
            let slot = if proxies.trusts(peer.ip()) { open.admit_any() } else { open.admit(counted_as(peer.ip())) };
            // Over a cap: closed at once, unread (dropping the stream).
            let Some(slot) = slot else { continue };
            let app = app.clone();
            let serving = serving.clone();
            tokio::spawn(async move {
                let io = TokioIo::new(Idle::new(stream, serving.idle));
                let tower = TowerToHyperService::new(app);
                let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
                    req.extensions_mut().insert(ConnectInfo(peer));
                    hyper::service::Service::call(&tower, req)
                });
                let served = hyper::server::conn::http1::Builder::new()
                    .timer(TokioTimer::new())
                    .header_read_timeout(serving.header_read)
                    .serve_connection(io, service)
                    .await;
                if let Err(e) = served {
                    tracing::debug!("a game page's connection ended: {e}");
                }
                drop(slot);
            });
        }
    });
}

/// A connection that fails once nothing moved on it (no byte read or
/// written) for its `idle` time.
struct Idle {
    stream: TcpStream,
    idle: Duration,
    deadline: Pin<Box<Sleep>>,
}

impl Idle {
    fn new(stream: TcpStream, idle: Duration) -> Idle {
        Idle { stream, idle, deadline: Box::pin(tokio::time::sleep(idle)) }
    }

    /// An error once the deadline passed (and a wake-up when it does).
    fn expired(&mut self, cx: &mut Context<'_>) -> Option<io::Error> {
        self.deadline.as_mut().poll(cx).is_ready().then(|| io::ErrorKind::TimedOut.into())
    }

    fn moved(&mut self) {
        let next = Instant::now() + self.idle;
        self.deadline.as_mut().reset(next);
    }
}

impl AsyncRead for Idle {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        match Pin::new(&mut self.stream).poll_read(cx, buf) {
            Poll::Ready(Ok(())) if buf.filled().len() > before => {
                self.moved();
                Poll::Ready(Ok(()))
            }
            Poll::Pending => match self.expired(cx) {
                Some(e) => Poll::Ready(Err(e)),
                None => Poll::Pending,
            },
            other => other,
        }
    }
}

impl AsyncWrite for Idle {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        match Pin::new(&mut self.stream).poll_write(cx, buf) {
            Poll::Ready(Ok(n)) => {
                if n > 0 {
                    self.moved();
                }
                Poll::Ready(Ok(n))
            }
            Poll::Pending => match self.expired(cx) {
                Some(e) => Poll::Ready(Err(e)),
                None => Poll::Pending,
            },
            other => other,
        }
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match Pin::new(&mut self.stream).poll_flush(cx) {
            Poll::Pending => match self.expired(cx) {
                Some(e) => Poll::Ready(Err(e)),
                None => Poll::Pending,
            },
            other => other,
        }
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::routing::get;
    use std::net::SocketAddr;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    #[test]
    fn caps_leave_room_for_discord_and_the_database() {
        let small = caps(1024);
        assert_eq!(small, Caps { connections: 704, per_address: 44, streams: 528 });
        let big = caps(65_536);
        assert_eq!(big.connections, 65_536 - 256 - 4096);
        assert_eq!((big.per_address, big.streams), (256, super::super::limits::TOTAL));
        let tiny = caps(64);
        assert!(tiny.connections <= 32 && tiny.connections >= 8, "{tiny:?}");
        for d in [64, 256, 1024, 4096, 20_000, 65_536, 1 << 20, u64::MAX] {
            let c = caps(d);
            assert!((c.connections as u64) < d.min(1 << 20), "{d}: {c:?}");
            assert!(c.streams < c.connections && c.per_address <= c.connections, "{d}: {c:?}");
        }
        let set = caps_of(&Serving { connections: Some(100), ..Serving::default() }, 1024);
        assert_eq!(set, Caps { connections: 100, per_address: 16, streams: 75 });
    }

    #[test]
    fn the_descriptor_limit_is_raised_to_the_hard_limit() {
        let (before, _) = rlimit::Resource::NOFILE.get().expect("the limit");
        let got = raise_descriptor_limit();
        let (soft, hard) = rlimit::Resource::NOFILE.get().expect("the limit");
        assert!(got == soft && soft >= before, "{before} -> {got} ({soft})");
        if hard <= 1 << 20 {
            assert_eq!(soft, hard, "the soft limit is the hard one");
        }
        assert_eq!(raise_descriptor_limit(), got, "again changes nothing");
    }

    async fn start(serving: Serving, caps: Caps) -> SocketAddr {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("address");
        let app = Router::new()
            .route("/", get(|ConnectInfo(peer): ConnectInfo<SocketAddr>| async move { format!("from {}", peer.ip()) }));
        spawn(listener, app, serving, caps, Arc::new(Proxies::new(vec![])));
        addr
    }

    async fn closed_within(s: &mut TcpStream, within: Duration) -> bool {
        let mut buf = Vec::new();
        tokio::time::timeout(within, s.read_to_end(&mut buf)).await.is_ok()
    }

    #[tokio::test]
    async fn half_sent_and_idle_connections_are_dropped_and_the_cap_holds() {
        let serving =
            Serving { header_read: Duration::from_millis(300), idle: Duration::from_millis(600), ..Serving::default() };
        let addr = start(serving, Caps { connections: 3, per_address: 2, streams: 1 }).await;
        // An answer, with the peer's address.
        let mut s = TcpStream::connect(addr).await.expect("connect");
        s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await.expect("write");
        let mut answer = String::new();
        s.read_to_string(&mut answer).await.expect("read");
        assert!(answer.starts_with("HTTP/1.1 200") && answer.ends_with("from 127.0.0.1"), "{answer}");
        // Half-sent: dropped after the header-read timeout.
        let mut half = TcpStream::connect(addr).await.expect("connect");
        half.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n").await.expect("write");
        let t = std::time::Instant::now();
        assert!(closed_within(&mut half, Duration::from_secs(3)).await, "a half-sent request is dropped");
        assert!(t.elapsed() >= Duration::from_millis(250), "not before its time: {:?}", t.elapsed());
        // Per address: two at once; a third is closed at once.
        tokio::time::sleep(Duration::from_millis(100)).await;
        let (mut a, mut b) = (TcpStream::connect(addr).await.expect("a"), TcpStream::connect(addr).await.expect("b"));
        tokio::time::sleep(Duration::from_millis(50)).await;
        let mut c = TcpStream::connect(addr).await.expect("c");
        let t = std::time::Instant::now();
        assert!(closed_within(&mut c, Duration::from_secs(2)).await);
        assert!(t.elapsed() < Duration::from_millis(250), "over the cap: closed at once, {:?}", t.elapsed());
        assert!(
            closed_within(&mut a, Duration::from_secs(3)).await && closed_within(&mut b, Duration::from_secs(3)).await
        );
    }
}
