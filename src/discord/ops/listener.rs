//! The operators' HTTP listener (`metrics = "127.0.0.1:9187"` in the
//! config): `/metrics` (Prometheus' text format), `/healthz` (the process
//! answers) and `/readyz` (its shards are connected and the database
//! answers). A small HTTP/1.1 responder on a tokio listener: one request
//! per connection, GET or HEAD, read within [`READ_WAIT`] and answered
//! with `Connection: close` within [`WRITE_WAIT`]; no HTTP server crate for
//! three fixed pages.
//!
//! Nobody can tire it out: at most [`MAX_CONNECTIONS`] connections are
//! served at once (one more is closed at once, unread), a client that does
//! not read its answer is dropped after [`WRITE_WAIT`], and `/readyz` is
//! answered from a check at most [`READY_FOR`] old (one check at a time),
//! so that a flood of probes costs the database nothing. Its page says
//! only "not ready"; why is in the log (once per change).
//!
//! The address is bound at start-up, before Discord is contacted, so a
//! port in use is one line and exit code 2 at once.

use super::health;
use crate::discord::Data;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;

/// How long a client may take to send its request line and headers.
const READ_WAIT: Duration = Duration::from_millis(1000);

/// How long a client may take to take its answer.
const WRITE_WAIT: Duration = Duration::from_millis(1000);

/// Connections served at once; more are closed as they come.
pub(crate) const MAX_CONNECTIONS: usize = 32;

/// How old a readiness check `/readyz` answers from may be.
pub(crate) const READY_FOR: Duration = Duration::from_secs(1);

/// The longest request head read; anything longer is refused.
const HEAD_LIMIT: usize = 8192;

/// The content type of Prometheus' text format 0.0.4.
const METRICS_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";

/// Binds the listener's address (at start-up, inside the runtime).
pub(crate) fn bind(addr: SocketAddr) -> Result<TcpListener, String> {
    let listening = std::net::TcpListener::bind(addr)
        .and_then(|l| l.set_nonblocking(true).map(|()| l))
        .and_then(TcpListener::from_std);
    listening.map_err(|e| format!("cannot listen for metrics on {addr}: {e}"))
}

/// Serves the pages until the runtime ends.
pub(crate) fn spawn(listener: TcpListener, data: Data) {
    if let Ok(addr) = listener.local_addr() {
        tracing::info!("metrics and health checks on http://{addr}/metrics");
    }
    let slots = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let ready = Arc::new(Readiness::default());
    tokio::spawn(async move {
        loop {
            match listener.accept().await {
                Ok((stream, _)) => {
                    // Over the cap: closed at once (dropping the stream),
                    // so that neither memory nor descriptors pile up.
                    let Ok(slot) = slots.clone().try_acquire_owned() else { continue };
                    let (data, ready) = (data.clone(), ready.clone());
                    tokio::spawn(async move {
                        answer(stream, data, &ready).await;
                        drop(slot);
                    });
                }
                Err(e) => {
                    // Out of file descriptors, most likely: wait, then go on.
                    tracing::warn!("metrics listener: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
        }
    });
}

/// A page to send.
struct Page {
    status: &'static str,
    content_type: &'static str,
    body: String,
}

impl Page {
    fn text(status: &'static str, body: impl Into<String>) -> Page {
        Page { status, content_type: "text/plain; charset=utf-8", body: body.into() }
    }
}

/// The last readiness check and when it was made; locked for the time of
/// a check, so that probes arriving meanwhile wait for it and share it.
#[derive(Default)]
pub(crate) struct Readiness {
    last: tokio::sync::Mutex<Option<(Instant, Option<String>)>>,
}

impl Readiness {
    /// Why the process is not ready (`None`: ready), as a check at most
    /// [`READY_FOR`] old found; a new check's reason is logged when it
    /// differs from the last one's.
    pub(crate) async fn why_not<F, Fut>(&self, check: F) -> Option<String>
    where
        F: FnOnce() -> Fut,
        Fut: std::future::Future<Output = Option<String>>,
    {
        let mut last = self.last.lock().await;
        if let Some((_, why)) = last.as_ref().filter(|(at, _)| at.elapsed() <= READY_FOR) {
            return why.clone();
        }
        let why = check().await;
        let before = last.as_ref().map(|(_, w)| w.clone());
        if before.as_ref() != Some(&why) {
            match &why {
                Some(reason) => tracing::warn!("/readyz: not ready: {reason}"),
                None => tracing::info!("/readyz: ready"),
            }
        }
        *last = Some((Instant::now(), why.clone()));
        why
    }
}

async fn answer(mut stream: TcpStream, data: Data, ready: &Readiness) {
    let head = match tokio::time::timeout(READ_WAIT, read_head(&mut stream)).await {
        Ok(Some(head)) => head,
        _ => return,
    };
    let (method, page) = match parse(&head) {
        Some((method @ ("GET" | "HEAD"), path)) => (method, page(path, &data, ready).await),
        Some((method, _)) => (method, Page::text("405 Method Not Allowed", "only GET and HEAD\n")),
        None => ("GET", Page::text("400 Bad Request", "not an HTTP request\n")),
    };
    let mut out = format!(
        "HTTP/1.1 {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        page.status,
        page.content_type,
        page.body.len()
    )
    .into_bytes();
    if method != "HEAD" {
        out.extend_from_slice(page.body.as_bytes());
    }
    let send = async {
        let _ = stream.write_all(&out).await;
        let _ = stream.shutdown().await;
    };
    let _ = tokio::time::timeout(WRITE_WAIT, send).await;
}

/// The request head (up to the empty line), or `None` when the client
/// closed early or sent too much.
async fn read_head(stream: &mut TcpStream) -> Option<Vec<u8>> {
    let mut head = Vec::with_capacity(512);
    let mut buf = [0u8; 1024];
    while !head.windows(4).any(|w| w == b"\r\n\r\n") && !head.windows(2).any(|w| w == b"\n\n") {
        let n = stream.read(&mut buf).await.ok()?;
        if n == 0 || head.len() + n > HEAD_LIMIT {
            return None;
        }
        head.extend_from_slice(&buf[..n]);
    }
    Some(head)
}

/// The method and path (without its query) of a request head.
fn parse(head: &[u8]) -> Option<(&str, &str)> {
    let line = std::str::from_utf8(head).ok()?.lines().next()?;
    let mut parts = line.split(' ');
    let (method, target, version) = (parts.next()?, parts.next()?, parts.next()?);
    if !version.starts_with("HTTP/1.") || parts.next().is_some() {
        return None;
    }
    Some((method, target.split('?').next().unwrap_or(target)))
}

async fn page(path: &str, data: &Data, ready: &Readiness) -> Page {
    match path {
        "/metrics" => {
            let open = data.hub.open_by_variant();
            let shards = data.gateway.shards().await;
            let body = data.metrics.render(&open, data.gateway.wanted(), &shards);
            Page { status: "200 OK", content_type: METRICS_TYPE, body }
        }
        "/healthz" => Page::text("200 OK", "ok\n"),
        "/readyz" => match ready.why_not(|| health::not_ready(&data.gateway, &data.store)).await {
            None => Page::text("200 OK", "ready\n"),
            // Why is in the log: the page is for probes, not for readers.
            Some(_) => Page::text("503 Service Unavailable", "not ready\n"),
        },
        _ => Page::text("404 Not Found", "not found: try /metrics, /healthz or /readyz\n"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[tokio::test]
    async fn readiness_is_checked_at_most_once_a_second() {
        let ready = Readiness::default();
        let checks = AtomicUsize::new(0);
        let check = || async {
            checks.fetch_add(1, Ordering::Relaxed);
            Some("the database did not answer".to_string())
        };
        for _ in 0..50 {
            assert_eq!(ready.why_not(check).await.as_deref(), Some("the database did not answer"));
        }
        assert_eq!(checks.load(Ordering::Relaxed), 1, "fifty probes, one check");
        tokio::time::sleep(READY_FOR + Duration::from_millis(50)).await;
        assert!(ready.why_not(|| async { None }).await.is_none(), "a second later, checked again");
        assert!(ready.why_not(check).await.is_none(), "and kept");
    }

    #[test]
    fn request_lines() {
        assert_eq!(parse(b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n"), Some(("GET", "/metrics")));
        assert_eq!(parse(b"HEAD /readyz?verbose=1 HTTP/1.0\r\n\r\n"), Some(("HEAD", "/readyz")));
        for bad in [
            &b""[..],
            b"GET\r\n\r\n",
            b"GET /metrics\r\n\r\n",
            b"GET / SPDY/3\r\n\r\n",
            b"GET / HTTP/1.1 x\r\n",
            b"\xff\xfe",
        ] {
            assert_eq!(parse(bad), None, "{bad:?}");
        }
    }
}
