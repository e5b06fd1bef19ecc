//! The pages' public HTTP listener (`web = "127.0.0.1:8080"`) and its
//! routes, all read-only:
//!
//! - `GET /g/{key}`: the game's page (`?step=N` a step of a finished
//!   game's replay, `?overlay=1` the board alone);
//! - `GET /g/{key}/board.png`: its board (`?step=N` at a step);
//! - `GET /g/{key}/analysis.png`: its analysis chart, when one was made;
//! - `GET /g/{key}/events`: its live stream (server-sent events);
//! - `GET /t/{key}`: a tournament's page ([`super::tournament`]);
//! - `GET /assets/{file}`: the pages' scripts and style sheets
//!   ([`super::assets`]);
//! - with `activity = true`, the Activity under `/activity/`
//!   ([`super::activity`], [`super::api`]), and its own addresses of a
//!   game's board and stream, `/activity/g/{activity key}/board.png` and
//!   `…/events`: a key of their own ([`super::activity::activity_keys`]),
//!   given only to players in an Activity of the game's channel, so that
//!   the Activity shows its board where a server switched its public
//!   pages off, and those pages stay off.
//!
//! A key that names no game, and a game of a server that switched its
//! pages off, get the same 404 page. How a game is found and its pictures
//! drawn is [`super::site`]'s; the page and picture routes are
//! [`super::game_routes`]'s.

use super::auth::Discord;
use super::game_routes as routes;
use super::limits::{Streams, client_address};
use super::page;
use super::site::{Door, Site, html, not_found};
use crate::discord::live::data::Data;
use crate::discord::live::page_key::Keys;
use crate::discord::view::lang::Lang;
use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::TcpListener;

/// Binds the pages' address (at start-up, before Discord is contacted).
pub(crate) fn bind(addr: SocketAddr) -> Result<TcpListener, String> {
    let listening = std::net::TcpListener::bind(addr)
        .and_then(|l| l.set_nonblocking(true).map(|()| l))
        .and_then(TcpListener::from_std);
    listening.map_err(|e| format!("cannot listen for game pages on {addr}: {e}"))
}

/// Reads the store's secret and serves the pages (and the Activity, when
/// `discord` is given) until the runtime ends.
pub(crate) async fn spawn(listener: TcpListener, data: Data, discord: Option<Arc<Discord>>) -> Result<(), String> {
    start_with(listener, data, discord).await.map(drop)
}

/// [`spawn`] without the Activity, returning what the routes share (tests
/// look into it).
#[cfg(any(test, feature = "lab"))]
pub(crate) async fn start(listener: TcpListener, data: Data) -> Result<Site, String> {
    start_with(listener, data, None).await
}

/// [`spawn`], returning what the routes share.
async fn start_with(listener: TcpListener, data: Data, discord: Option<Arc<Discord>>) -> Result<Site, String> {
    let secret = data.store.call(|s| s.page_secret()).await.map_err(|e| format!("the game pages' secret: {e}"))?;
    data.pages.set_keys(Keys::new(secret));
    if let Ok(addr) = listener.local_addr() {
        tracing::info!("game pages on http://{addr}/g/…");
    }
    let activity_keys = discord.as_ref().map(|_| Arc::new(super::activity::activity_keys(secret)));
    // Bounded by what the process may open ([`super::serve`]).
    let serving = data.config.web.as_ref().map(|w| w.serving.clone()).unwrap_or_default();
    let descriptors = super::serve::raise_descriptor_limit();
    let caps = super::serve::caps_of(&serving, descriptors);
    tracing::info!(
        "game pages: {} connections at once ({} per address), {} live streams ({descriptors} open files allowed)",
        caps.connections,
        caps.per_address,
        caps.streams
    );
    let mut site = Site::with_activity(data, discord, activity_keys);
    site.streams = Arc::new(Streams::new(super::limits::PER_ADDRESS, caps.streams));
    site.stream_life = serving.stream_life;
    tokio::spawn(site.clone().follow());
    super::serve::spawn(listener, router(site.clone()), serving, caps, site.proxies.clone());
    Ok(site)
}

/// The routes.
pub(crate) fn router(site: Site) -> Router {
    let (data, discord, keys) = (site.data.clone(), site.discord.clone(), site.activity_keys.clone());
    Router::new()
        .route("/g/{key}", get(routes::game_page))
        .route("/g/{key}/board.png", get(routes::board_png))
        .route("/g/{key}/analysis.png", get(routes::analysis_png))
        .route("/g/{key}/best.png", get(routes::best_png))
        .route("/g/{key}/events", get(events))
        .route("/t/{key}", get(super::tournament::tournament_route))
        // The Activity's own (Discord maps one address to `/activity/`),
        // with the Activity's keys: shown also where pages are off.
        .route("/activity/g/{key}/board.png", get(routes::activity_board_png))
        .route("/activity/g/{key}/events", get(activity_events))
        // Browsers ask for it on every page: nothing, and no error in their console.
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
        .fallback(|| async { not_found() })
        .with_state(site)
        .merge(super::api::routes(data, discord.clone(), keys))
        .merge(super::activity::routes(discord))
        .merge(super::assets::routes())
}

#[derive(serde::Deserialize)]
struct EventsQuery {
    since: Option<u32>,
}

async fn events(
    State(site): State<Site>,
    Path(key): Path<String>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Query(q): Query<EventsQuery>,
) -> Response {
    events_at(site, Door::Page, key, peer, headers, q).await
}

async fn activity_events(
    State(site): State<Site>,
    Path(key): Path<String>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Query(q): Query<EventsQuery>,
) -> Response {
    events_at(site, Door::Activity, key, peer, headers, q).await
}

async fn events_at(
    site: Site,
    door: Door,
    key: String,
    peer: SocketAddr,
    headers: HeaderMap,
    q: EventsQuery,
) -> Response {
    let Some(slot) = site.streams.admit(client_address(peer.ip(), &headers, &site.proxies)) else {
        return html(StatusCode::TOO_MANY_REQUESTS, page::busy(Lang::EN));
    };
    let Ok(Some(found)) = site.find_at(door, &key).await else { return not_found() };
    let (id, table) = (found.id(), found.table());
    if !table.is_open() {
        // Over: nothing more will come (an event source stops on 204).
        return StatusCode::NO_CONTENT.into_response();
    }
    let last = headers.get("last-event-id").and_then(|v| v.to_str().ok()).and_then(|v| v.trim().parse().ok());
    let since = last.or(q.since);
    let until = tokio::time::Instant::now() + site.stream_life;
    let stream = site.viewers.watch(id, since, table.seq, slot, until);
    let mut r = Body::from_stream(stream).into_response();
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/event-stream"));
    r.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r.headers_mut().insert("x-accel-buffering", HeaderValue::from_static("no"));
    r
}
