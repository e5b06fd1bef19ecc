//! The operators' HTTP listener (`metrics = "127.0.0.1:9187"` in the
//! config): `/metrics` (Prometheus' text format), `/healthz` (the process
//! answers) and `/readyz` (its shards are connected and the database
//! answers). Three pages of an axum [`Router`] served by [`serve`]: GET or
//! HEAD (another method is told 405), each answer with `Connection: close`
//! (one request per connection), each connection given [`LIFETIME`] to
//! send its request and take its answer.
//!
//! Nobody can tire it out: at most [`MAX_CONNECTIONS`] connections are
//! served at once (one more is closed at once, unread), a client that does
//! not read its answer is dropped when its time is up, and `/readyz` is
//! answered from a check at most [`READY_FOR`] old (one check at a time),
//! so that a flood of probes costs the database nothing. Its page says
//! only "not ready"; why is in the log (once per change).
//!
//! The address is bound at start-up, before Discord is contacted, so a
//! port in use is one line and exit code 2 at once.

use super::health::{self, Gateway};
use super::metrics::Metrics;
use super::serve::{self, Limits};
use crate::engine::Variant;
use crate::store::StoreHandle;
use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::net::TcpListener;

/// How long a client has to send its request and take its answer (a
/// second each, as the hand-written listener before gave it).
const LIFETIME: Duration = Duration::from_millis(2000);

/// Connections served at once; more are closed as they come.
pub(crate) const MAX_CONNECTIONS: usize = 32;

/// How old a readiness check `/readyz` answers from may be.
pub(crate) const READY_FOR: Duration = Duration::from_secs(1);

/// The content type of Prometheus' text format 0.0.4.
const METRICS_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";

/// The content type of the other pages.
const TEXT_TYPE: &str = "text/plain; charset=utf-8";

/// Binds the listener's address (at start-up, inside the runtime).
pub(crate) fn bind(addr: SocketAddr) -> Result<TcpListener, String> {
    serve::bind(addr, "metrics")
}

/// What the operators' pages report on, and nothing else of the bot: its
/// metrics, its gateway shards, its store (readiness asks it), and a count
/// of the open games by variant, which the bot hands in as a function so
/// that this wing never sees a game.
#[derive(Clone)]
pub(crate) struct Reports {
    pub(crate) metrics: Arc<Metrics>,
    pub(crate) gateway: Arc<Gateway>,
    pub(crate) store: StoreHandle,
    pub(crate) open_games: Arc<dyn Fn() -> Vec<(Variant, usize)> + Send + Sync>,
}

/// Serves the pages until the runtime ends.
pub(crate) fn spawn(listener: TcpListener, reports: Reports) {
    if let Ok(addr) = listener.local_addr() {
        tracing::info!("metrics and health checks on http://{addr}/metrics");
    }
    let limits = Limits { connections: MAX_CONNECTIONS, lifetime: LIFETIME };
    serve::spawn(listener, router(reports), limits, std::future::pending());
}

/// What the pages read: the bot's reports, and the last readiness check.
#[derive(Clone)]
struct Pages {
    data: Reports,
    ready: Arc<Readiness>,
}

/// The three pages; any other path is 404, any other method 405.
fn router(data: Reports) -> Router {
    Router::new()
        .route("/metrics", get(metrics))
        .route("/healthz", get(|| async { text(StatusCode::OK, "ok\n") }))
        .route("/readyz", get(readyz))
        .fallback(|| async { text(StatusCode::NOT_FOUND, "not found: try /metrics, /healthz or /readyz\n") })
        .method_not_allowed_fallback(|| async { text(StatusCode::METHOD_NOT_ALLOWED, "only GET and HEAD\n") })
        .with_state(Pages { data, ready: Arc::new(Readiness::default()) })
}

/// A page: its status, type and body, and the end of the connection.
fn page(status: StatusCode, content_type: &'static str, body: String) -> Response {
    (status, [(header::CONTENT_TYPE, content_type), (header::CONNECTION, "close")], body).into_response()
}

fn text(status: StatusCode, body: &str) -> Response {
    page(status, TEXT_TYPE, body.to_string())
}

async fn metrics(State(pages): State<Pages>) -> Response {
    let data = &pages.data;
    let open = (data.open_games)();
    let shards = data.gateway.shards().await;
    data.metrics.database(data.store.primary_status());
    page(StatusCode::OK, METRICS_TYPE, data.metrics.render(&open, data.gateway.wanted(), &shards))
}

async fn readyz(State(pages): State<Pages>) -> Response {
    let data = &pages.data;
    match pages.ready.why_not(|| health::not_ready(&data.gateway, &data.store)).await {
        None => text(StatusCode::OK, "ready\n"),
        // Why is in the log: the page is for probes, not for readers.
        Some(_) => text(StatusCode::SERVICE_UNAVAILABLE, "not ready\n"),
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
}
