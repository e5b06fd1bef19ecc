//! The routes of a game's page and its pictures (`/g/{key}`,
//! `…/board.png`, `…/analysis.png`, and the Activity's board), served
//! through the [`Site`]: a request within its address's budget
//! ([`super::budget`]) or refused (429); a finished game's page, boards
//! (at every step, clamped to the game's length before it is a key) and
//! chart made once and kept ([`super::closed`]); the store or the pages'
//! render slot busy past their waits: 503.

use super::closed::{Closed, Item};
use super::limits::{client_address, counted_as};
use super::page::{self, GamePage};
use super::site::{Busy, Door, Found, PAINT_WAIT, Site, html, not_found};
use super::story;
use crate::discord::game::table::{Stage, Table};
use crate::discord::view::lang::Lang;
use crate::discord::view::picture::board_view;
use crate::store::GameId;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

impl Site {
    /// The board of a closed game at a replay's step (`None`: its end),
    /// drawn once and kept.
    pub(super) async fn closed_board(
        &self,
        id: i64,
        game: &Closed,
        step: Option<usize>,
    ) -> Result<Option<Arc<Vec<u8>>>, Busy> {
        let item = Item::Board(step);
        if let Some(png) = self.closed.bytes(id, item) {
            return Ok(Some(png));
        }
        let Ok(Ok(_slot)) = tokio::time::timeout(PAINT_WAIT, self.painters.acquire()).await else { return Err(Busy) };
        // Drawn meanwhile by a request ahead of this one.
        if let Some(png) = self.closed.bytes(id, item) {
            return Ok(Some(png));
        }
        let (lang, t) = (game.lang, &game.table);
        let view = match step {
            Some(s) => story::step_view(lang, t, &game.moves, s, &page::names(lang, t)),
            None => board_view(lang, t),
        };
        let png = view.as_ref().and_then(crate::discord::live::pictures::draw_png);
        Ok(png.map(|png| self.closed.keep(id, item, png)))
    }

    /// The analysis chart of a closed game, read once (its absence for a
    /// while: [`super::closed::ANALYSIS_FRESH`]).
    pub(super) async fn closed_analysis(&self, id: i64, t: &Table) -> Result<Option<Arc<Vec<u8>>>, Busy> {
        let Some(version) = analysis_version(t).filter(|_| t.stage == Stage::Finished) else { return Ok(None) };
        let png = match self.closed.bytes(id, Item::Analysis) {
            Some(png) => png,
            None => match self.store(move |s| s.cached_analysis(GameId(id), version)).await? {
                Ok(found) => self.closed.keep(id, Item::Analysis, found.map(|a| a.png).unwrap_or_default()),
                Err(e) => {
                    tracing::warn!("game page: cannot read the analysis of game {id}: {e}");
                    return Ok(None);
                }
            },
        };
        Ok(Some(png).filter(|p| !p.is_empty()))
    }
}

/// Refused for load: over the address's budget (429) or the store or the
/// render slot busy (503); asked again in a moment.
fn refused(status: StatusCode) -> Response {
    let mut r = html(status, page::busy(Lang::EN));
    r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    r
}

/// A request for a page or a picture, within its address's budget.
fn within_budget(site: &Site, peer: SocketAddr, headers: &HeaderMap) -> bool {
    let addr = counted_as(client_address(peer.ip(), headers, &site.proxies));
    site.budget.take(&addr, Instant::now()).is_ok()
}

/// The game a page's request names, or its answer: 404, 503.
async fn found_or(site: &Site, door: Door, key: &str) -> Result<Found, Response> {
    match site.find_at(door, key).await {
        Ok(Some(found)) => Ok(found),
        Ok(None) => Err(not_found()),
        Err(Busy) => Err(refused(StatusCode::SERVICE_UNAVAILABLE)),
    }
}

#[derive(serde::Deserialize)]
pub(super) struct PageQuery {
    step: Option<usize>,
    overlay: Option<String>,
}

pub(super) async fn game_page(
    State(site): State<Site>,
    Path(key): Path<String>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Query(q): Query<PageQuery>,
) -> Response {
    if !within_budget(&site, peer, &headers) {
        return refused(StatusCode::TOO_MANY_REQUESTS);
    }
    let overlay = q.overlay.as_deref().is_some_and(|o| o != "0");
    let (id, game) = match found_or(&site, Door::Page, &key).await {
        Ok(Found::Closed { id, game }) => (id, game),
        Ok(Found::Open { table, lang, .. }) => {
            let body = if overlay { page::overlay(lang, &key, &table) } else { game_open(lang, &key, &table) };
            return html(StatusCode::OK, body);
        }
        Err(r) => return r,
    };
    let analysis = match site.closed_analysis(id, &game.table).await {
        Ok(a) => a.is_some(),
        Err(Busy) => return refused(StatusCode::SERVICE_UNAVAILABLE),
    };
    // Clamped before it is a key: every step past the end is the end (the
    // overlay shows the end only).
    let step = q.step.map(|s| s.min(game.moves.len())).filter(|_| !overlay);
    let item = Item::Page { step, analysis, overlay };
    let body = match site.closed.bytes(id, item) {
        Some(kept) => String::from_utf8_lossy(&kept).into_owned(),
        None => {
            let (lang, t) = (game.lang, &game.table);
            let body = if overlay {
                page::overlay(lang, &key, t)
            } else {
                page::game_page(&GamePage { lang, key: &key, t, moves: &game.moves, step, analysis })
            };
            site.closed.keep(id, item, body.clone().into_bytes());
            body
        }
    };
    html(StatusCode::OK, body)
}

/// A running game's page (never kept: it changes).
fn game_open(lang: Lang, key: &str, t: &Table) -> String {
    let moves = story::moves(lang, t);
    page::game_page(&GamePage { lang, key, t, moves: &moves, step: None, analysis: false })
}

/// The version the analysis of a table is cached under, if it can have one.
fn analysis_version(t: &Table) -> Option<u32> {
    crate::ai::analysis::cache_version(t.ruleset, t.seats().iter().count())
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
pub(super) struct PictureQuery {
    step: Option<usize>,
}

pub(super) async fn board_png(
    State(site): State<Site>,
    Path(key): Path<String>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Query(q): Query<PictureQuery>,
) -> Response {
    // A replay's step counts; the board now does not (a page following a
    // fast game asks for each change's, drawn once for all and kept).
    if q.step.is_some() && !within_budget(&site, peer, &headers) {
        return refused(StatusCode::TOO_MANY_REQUESTS);
    }
    board_at(site, Door::Page, key, q).await
}

pub(super) async fn activity_board_png(
    State(site): State<Site>,
    Path(key): Path<String>,
    Query(q): Query<PictureQuery>,
) -> Response {
    board_at(site, Door::Activity, key, q).await
}

async fn board_at(site: Site, door: Door, key: String, q: PictureQuery) -> Response {
    let drawn = match found_or(&site, door, &key).await {
        // Clamped before it is a key: every step past the end is the end.
        Ok(Found::Closed { id, game }) => {
            let step = q.step.map(|s| s.min(game.moves.len()));
            site.closed_board(id, &game, step).await.map(|png| png.map(|p| (p, "private, max-age=3600")))
        }
        // A running game has no replay: its steps would show what is to come.
        Ok(Found::Open { table, lang, .. }) => site.picture(lang, &table).await.map(|png| png.map(|p| (p, "no-cache"))),
        Err(r) => return r,
    };
    match drawn {
        Ok(Some((bytes, cache))) => png(bytes.to_vec(), cache),
        Ok(None) => not_found(),
        Err(Busy) => refused(StatusCode::SERVICE_UNAVAILABLE),
    }
}

pub(super) async fn analysis_png(
    State(site): State<Site>,
    Path(key): Path<String>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    if !within_budget(&site, peer, &headers) {
        return refused(StatusCode::TOO_MANY_REQUESTS);
    }
    let (id, game) = match found_or(&site, Door::Page, &key).await {
        Ok(Found::Closed { id, game }) => (id, game),
        Ok(Found::Open { .. }) => return not_found(),
        Err(r) => return r,
    };
    match site.closed_analysis(id, &game.table).await {
        Ok(Some(chart)) => png(chart.to_vec(), "private, max-age=3600"),
        Ok(None) => not_found(),
        Err(Busy) => refused(StatusCode::SERVICE_UNAVAILABLE),
    }
}
