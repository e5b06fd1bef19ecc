//! The operators' HTTP listener (`metrics = "127.0.0.1:9187"` in the
//! config): `/metrics` (Prometheus' text format), `/healthz` (the process
//! answers) and `/readyz` (its shards are connected and the database
//! answers). A small HTTP/1.1 responder on a tokio listener: one request
//! per connection, GET or HEAD, read within [`READ_WAIT`] and answered
//! with `Connection: close`; no HTTP server crate for three fixed pages.
//!
//! The address is bound at start-up, before Discord is contacted, so a
//! port in use is one line and exit code 2 at once.

use super::health;
use crate::discord::Data;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// How long a client may take to send its request line and headers.
const READ_WAIT: Duration = Duration::from_millis(1000);

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
    tokio::spawn(async move {
        loop {
            match listener.accept().await {
                Ok((stream, _)) => {
                    tokio::spawn(answer(stream, data.clone()));
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

async fn answer(mut stream: TcpStream, data: Data) {
    let head = match tokio::time::timeout(READ_WAIT, read_head(&mut stream)).await {
        Ok(Some(head)) => head,
        _ => return,
    };
    let (method, page) = match parse(&head) {
        Some((method @ ("GET" | "HEAD"), path)) => (method, page(path, &data).await),
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
    let _ = stream.write_all(&out).await;
    let _ = stream.shutdown().await;
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

async fn page(path: &str, data: &Data) -> Page {
    match path {
        "/metrics" => {
            let open = data.hub.open_by_variant();
            let shards = data.gateway.shards().await;
            let body = data.metrics.render(&open, data.gateway.wanted(), &shards);
            Page { status: "200 OK", content_type: METRICS_TYPE, body }
        }
        "/healthz" => Page::text("200 OK", "ok\n"),
        "/readyz" => match health::not_ready(&data.gateway, &data.store).await {
            None => Page::text("200 OK", "ready\n"),
            Some(why) => Page::text("503 Service Unavailable", format!("not ready: {why}\n")),
        },
        _ => Page::text("404 Not Found", "not found: try /metrics, /healthz or /readyz\n"),
    }
}

#[cfg(test)]
mod tests {
    use super::parse;

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
