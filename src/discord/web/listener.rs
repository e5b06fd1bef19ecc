//! The pages' public HTTP listener (`web = "127.0.0.1:8080"`) and its
//! routes, all read-only:
//!
//! - `GET /g/{key}`: the game's page (`?step=N` a step of a finished
//!   game's replay, `?overlay=1` the board alone);
//! - `GET /g/{key}/board.png`: its board (`?step=N` at a step);
//! - `GET /g/{key}/analysis.png`: its analysis chart, when one was made;
//! - `GET /g/{key}/events`: its live stream (server-sent events);
//! - with `activity = true`, the Activity under `/activity/`
//!   ([`super::activity`], [`super::api`]), and its own addresses of a
//!   game's board and stream, `/activity/g/{activity key}/board.png` and
//!   `…/events`: a key of their own ([`super::activity::activity_keys`]),
//!   given only to players in an Activity of the game's channel, so that
//!   the Activity shows its board where a server switched its public
//!   pages off, and those pages stay off.
//!
//! A key that names no game, and a game of a server that switched its
//! pages off, get the same 404 page. A game is read from the hub when this
//! process runs it (its lock held only to copy the table), else from the
//! store. Pictures are drawn once per game state and step, however many
//! pages ask (a few are kept). A task follows the hub's changes and
//! renders one update per change of a watched game ([`Site::follow`]).

use super::auth::Discord;
use super::limits::{Streams, client_address};
use super::page::{self, GamePage};
use super::story;
use super::stream::{Update, Viewers};
use crate::discord::Data;
use crate::discord::game::table::{Stage, Table};
use crate::discord::live::hub::Changed;
use crate::discord::live::page_key::Keys;
use crate::discord::live::running::Running;
use crate::discord::live::{lang::game_lang, persist};
use crate::discord::view::lang::Lang;
use crate::discord::view::picture::board_view;
use crate::store::GameId;
use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, PoisonError};
use tokio::net::TcpListener;
use tokio::sync::{OnceCell, broadcast};

/// Pictures kept (a game's current board, replay steps).
const PICTURES_KEPT: usize = 64;

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
    let streams = Arc::new(Streams::new(super::limits::PER_ADDRESS, caps.streams));
    let site = Site { discord, activity_keys, streams, stream_life: serving.stream_life, ..Site::new(data) };
    tokio::spawn(site.clone().follow());
    super::serve::spawn(listener, router(site.clone()), serving, caps, site.proxies.clone());
    Ok(site)
}

/// A picture being drawn or drawn: (game, counter, step, language).
type PictureKey = (i64, u32, Option<usize>, &'static str);
type Picture = Arc<OnceCell<Option<Arc<Vec<u8>>>>>;

/// What the routes share.
#[derive(Clone)]
pub(crate) struct Site {
    data: Data,
    /// Discord, as the Activity asks it (`None`: no Activity).
    pub(crate) discord: Option<Arc<Discord>>,
    /// The keys of the Activity's own addresses of a game's board and
    /// stream (`None`: no Activity).
    pub(crate) activity_keys: Option<Arc<Keys>>,
    pub(crate) viewers: Arc<Viewers>,
    pub(crate) streams: Arc<Streams>,
    /// The proxies whose `X-Forwarded-For` is believed.
    proxies: Arc<crate::discord::proxies::Proxies>,
    /// How long a live stream lasts (the page then reconnects).
    stream_life: std::time::Duration,
    pictures: Arc<Mutex<VecDeque<(PictureKey, Picture)>>>,
}

/// Where a game's board and stream are asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Door {
    /// The public pages (`/g/{key}/…`).
    Page,
    /// The Activity (`/activity/g/{activity key}/…`).
    Activity,
}

/// A game found by its key, in its server's language.
struct Found {
    id: i64,
    table: Table,
    lang: Lang,
}

impl Site {
    pub(crate) fn new(data: Data) -> Site {
        let proxies = Arc::new(super::limits::proxies_of(&data.config));
        Site {
            data,
            discord: None,
            activity_keys: None,
            viewers: Arc::default(),
            streams: Arc::default(),
            proxies,
            stream_life: crate::discord::limits::Serving::default().stream_life,
            pictures: Arc::default(),
        }
    }

    /// Game `id` as it is now: from the hub when this process runs it, else
    /// from the store.
    async fn running(&self, id: i64) -> Option<Running> {
        if let Some(shared) = self.data.hub.get(GameId(id).into()) {
            return Some(shared.lock().await.clone());
        }
        let gid = GameId(id);
        let found = self
            .data
            .store
            .call(move |s| match s.live_game(gid)? {
                Some(live) => Ok(Some(Ok(live))),
                None => Ok(s.load(gid)?.map(Err)),
            })
            .await;
        let running = match found {
            Ok(Some(Ok(live))) => persist::from_live(live),
            Ok(Some(Err(closed))) => persist::from_closed(closed),
            Ok(None) => return None,
            Err(e) => {
                tracing::warn!("game page: cannot read game {id}: {e}");
                return None;
            }
        };
        running.map_err(|e| tracing::warn!("game page: {e}")).ok()
    }

    /// The game a key names, unless its server switched pages off.
    async fn find(&self, key: &str) -> Option<Found> {
        self.find_at(Door::Page, key).await
    }

    /// The game a key names at a door: a page's key unless its server
    /// switched pages off; an Activity's key (given only to players in an
    /// Activity of the game's channel) in any case.
    async fn find_at(&self, door: Door, key: &str) -> Option<Found> {
        let id = match door {
            Door::Page => self.data.pages.keys()?.game(key)?,
            Door::Activity => self.activity_keys.as_ref()?.game(key)?,
        };
        let running = self.running(id).await?;
        if door == Door::Page && self.data.pages.off(&self.data.store, running.table.venue).await {
            return None;
        }
        let lang = game_lang(&self.data, &running).await;
        Some(Found { id, table: running.table, lang })
    }

    /// The board of `t` (at a replay's step), drawn once however many ask.
    async fn picture(&self, lang: Lang, t: &Table, step: Option<usize>) -> Option<Arc<Vec<u8>>> {
        let key = (t.id.get(), t.seq, step, lang.code());
        let cell = {
            let mut kept = self.pictures.lock().unwrap_or_else(PoisonError::into_inner);
            match kept.iter().find(|(k, _)| *k == key) {
                Some((_, cell)) => cell.clone(),
                None => {
                    if kept.len() >= PICTURES_KEPT {
                        kept.pop_front();
                    }
                    let cell = Picture::default();
                    kept.push_back((key, cell.clone()));
                    cell
                }
            }
        };
        cell.get_or_init(|| async {
            let view = match step {
                Some(s) => {
                    let moves = story::moves(lang, t);
                    story::step_view(lang, t, &moves, s, &page::names(lang, t))?
                }
                None => board_view(lang, t)?,
            };
            crate::discord::live::pictures::render_png(view).await.map(Arc::new)
        })
        .await
        .clone()
    }

    /// Follows the hub's changes for as long as the bot runs: each change
    /// of a watched game is rendered once for all its viewers.
    pub(crate) async fn follow(self) {
        let mut changes = self.data.hub.watch();
        let mut sweep = tokio::time::interval(super::stream::GRACE / 2);
        loop {
            let change = tokio::select! {
                c = changes.recv() => c,
                _ = sweep.tick() => {
                    self.viewers.sweep();
                    continue;
                }
            };
            match change {
                Ok(Changed { game, .. }) => {
                    if self.viewers.get(game).is_some() {
                        self.render(game);
                    }
                }
                // Changes were missed: every page reloads.
                Err(broadcast::error::RecvError::Lagged(_)) => self.viewers.all().iter().for_each(|c| c.refresh()),
                Err(broadcast::error::RecvError::Closed) => return,
            }
        }
    }

    /// Renders game `game`'s update in a task of its own (one at a time
    /// per game; changes that come meanwhile are rendered together after).
    fn render(&self, game: i64) {
        let Some(channel) = self.viewers.get(game) else { return };
        channel.dirty.store(true, Ordering::SeqCst);
        if channel.rendering.swap(true, Ordering::SeqCst) {
            return;
        }
        let site = self.clone();
        tokio::spawn(async move {
            loop {
                channel.dirty.store(false, Ordering::SeqCst);
                if let Some(running) = site.running(game).await {
                    let lang = game_lang(&site.data, &running).await;
                    let t = running.table;
                    let moves = story::moves(lang, &t);
                    let before = channel.last_seq();
                    let sent = channel.moves.swap(moves.len(), Ordering::SeqCst);
                    // The last move may have grown: sent again.
                    let from = if sent == usize::MAX { moves.len().saturating_sub(2) } else { sent.saturating_sub(1) };
                    let key = site.data.pages.keys().map(|k| k.key(game)).unwrap_or_default();
                    let json = page::update_json(lang, &key, &t, &moves, from.min(moves.len()));
                    let prev = before.unwrap_or(t.seq.saturating_sub(1));
                    if before != Some(t.seq) {
                        channel.publish(prev, Update::new(t.seq, &json));
                    }
                }
                channel.rendering.store(false, Ordering::SeqCst);
                if !channel.dirty.load(Ordering::SeqCst) || channel.rendering.swap(true, Ordering::SeqCst) {
                    return;
                }
            }
        });
    }
}

/// The routes.
pub(crate) fn router(site: Site) -> Router {
    let (data, discord, keys) = (site.data.clone(), site.discord.clone(), site.activity_keys.clone());
    Router::new()
        .route("/g/{key}", get(game_page))
        .route("/g/{key}/board.png", get(board_png))
        .route("/g/{key}/analysis.png", get(analysis_png))
        .route("/g/{key}/events", get(events))
        // The Activity's own (Discord maps one address to `/activity/`),
        // with the Activity's keys: shown also where pages are off.
        .route("/activity/g/{key}/board.png", get(activity_board_png))
        .route("/activity/g/{key}/events", get(activity_events))
        // Browsers ask for it on every page: nothing, and no error in their console.
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
        .fallback(|| async { not_found() })
        .with_state(site)
        .merge(super::api::routes(data, discord.clone(), keys))
        .merge(super::activity::routes(discord))
}

/// The headers of every page: nothing but this site's own pictures and
/// stream, no referrer (the address is the key), not kept by caches.
fn html(status: StatusCode, body: String) -> Response {
    super::headers::html_with(
        status,
        body,
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; \
         connect-src 'self'; base-uri 'none'; form-action 'none'",
    )
}

fn not_found() -> Response {
    html(StatusCode::NOT_FOUND, page::not_found(Lang::EN))
}

#[derive(serde::Deserialize)]
struct PageQuery {
    step: Option<usize>,
    overlay: Option<String>,
}

async fn game_page(State(site): State<Site>, Path(key): Path<String>, Query(q): Query<PageQuery>) -> Response {
    let Some(Found { id, table, lang }) = site.find(&key).await else { return not_found() };
    if q.overlay.as_deref().is_some_and(|o| o != "0") {
        return html(StatusCode::OK, page::overlay(lang, &key, &table));
    }
    let over = matches!(table.stage, Stage::Finished | Stage::Ended);
    let moves = story::moves(lang, &table);
    let analysis = over && has_analysis(&site, id, &table).await;
    let p = GamePage { lang, key: &key, t: &table, moves: &moves, step: q.step, analysis };
    html(StatusCode::OK, page::game_page(&p))
}

/// The version the analysis of a table is cached under, if it can have one.
fn analysis_version(t: &Table) -> Option<u32> {
    crate::ai::analysis::cache_version(t.ruleset, t.seats().iter().count())
}

async fn has_analysis(site: &Site, id: i64, t: &Table) -> bool {
    let Some(version) = analysis_version(t) else { return false };
    site.data.store.call(move |s| s.cached_analysis(GameId(id), version)).await.ok().flatten().is_some()
}

fn png(bytes: Vec<u8>, cache: &'static str) -> Response {
    let mut r = bytes.into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/png"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    r
}

#[derive(serde::Deserialize)]
struct PictureQuery {
    step: Option<usize>,
}

async fn board_png(State(site): State<Site>, Path(key): Path<String>, Query(q): Query<PictureQuery>) -> Response {
    board_at(site, Door::Page, key, q).await
}

async fn activity_board_png(
    State(site): State<Site>,
    Path(key): Path<String>,
    Query(q): Query<PictureQuery>,
) -> Response {
    board_at(site, Door::Activity, key, q).await
}

async fn board_at(site: Site, door: Door, key: String, q: PictureQuery) -> Response {
    let Some(Found { table, lang, .. }) = site.find_at(door, &key).await else { return not_found() };
    let over = matches!(table.stage, Stage::Finished | Stage::Ended);
    // A running game has no replay: its steps would show what is to come.
    let step = q.step.filter(|_| over);
    match site.picture(lang, &table, step).await {
        Some(bytes) => png(bytes.to_vec(), if over { "private, max-age=3600" } else { "no-cache" }),
        None => not_found(),
    }
}

async fn analysis_png(State(site): State<Site>, Path(key): Path<String>) -> Response {
    let Some(Found { id, table, .. }) = site.find(&key).await else { return not_found() };
    let Some(version) = analysis_version(&table).filter(|_| table.stage == Stage::Finished) else {
        return not_found();
    };
    match site.data.store.call(move |s| s.cached_analysis(GameId(id), version)).await {
        Ok(Some(a)) => png(a.png, "private, max-age=3600"),
        _ => not_found(),
    }
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
    let Some(Found { id, table, .. }) = site.find_at(door, &key).await else { return not_found() };
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
