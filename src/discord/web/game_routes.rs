//! The routes of a game's page and its pictures (`/g/{key}`,
//! `…/board.png`, `…/analysis.png`, `…/best.png` (a costly decision's
//! best end position, [`super::marks`]), and the Activity's board), served
//! through the [`Site`]: a request within its address's budget
//! ([`super::budget`]) or refused (429); a finished game's page, boards
//! (at every step, clamped to the game's length before it is a key) and
//! chart and replay's marks made once and kept ([`super::closed`]); the store or the pages'
//! render slot busy past their waits: 503.

use super::closed::{Analysed, Closed, Item};
use super::limits::{client_address, counted_as};
use super::marks;
use super::page::{self, GamePage};
use super::site::{Busy, Door, Found, PAINT_WAIT, Site, html, not_found};
use super::story;
use crate::ai::review::Review;
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

    /// The analysis of a closed game (its chart and its replay's marks),
    /// read once (its absence for a while, [`super::closed::ANALYSIS_FRESH`],
    /// or until an analysis is stored after a game).
    pub(super) async fn closed_analysis(&self, id: i64, game: &Closed) -> Result<Option<Arc<Analysed>>, Busy> {
        let t = &game.table;
        let Some(version) = analysis_version(t).filter(|_| t.stage == Stage::Finished) else { return Ok(None) };
        let epoch = self.data.reviews.stored();
        let analysed = match self.closed.analysis(id, epoch) {
            Some(kept) => kept,
            None => match self.store(move |s| s.cached_analysis(GameId(id), version)).await? {
                Ok(found) => {
                    let (png, review) = found.map(|a| (a.png, a.review)).unwrap_or_default();
                    let review = review.and_then(|r| serde_json::from_str::<Review>(&r).ok());
                    let marks = review.map(|r| marks::marks(t, &game.moves, &r)).unwrap_or_default();
                    self.closed.keep_analysis(id, Analysed { png, marks, epoch })
                }
                Err(e) => {
                    tracing::warn!("game page: cannot read the analysis of game {id}: {e}");
                    return Ok(None);
                }
            },
        };
        Ok(Some(analysed).filter(|a| !a.png.is_empty()))
    }

    /// The best end position of the costly decision at a replay's step of
    /// a closed game, drawn once and kept (`None`: no such decision).
    async fn closed_best(&self, id: i64, game: &Closed, step: usize) -> Result<Option<Arc<Vec<u8>>>, Busy> {
        let Some(analysed) = self.closed_analysis(id, game).await? else { return Ok(None) };
        let costly = step.checked_sub(1).and_then(|i| analysed.marks.get(i)).and_then(|m| m.decision.as_ref());
        let Some(decision) = costly.filter(|d| d.costly()) else { return Ok(None) };
        let item = Item::Best(step);
        if let Some(png) = self.closed.bytes(id, item) {
            return Ok(Some(png));
        }
        let Ok(Ok(_slot)) = tokio::time::timeout(PAINT_WAIT, self.painters.acquire()).await else { return Err(Busy) };
        if let Some(png) = self.closed.bytes(id, item) {
            return Ok(Some(png));
        }
        let view = marks::best_view(game.lang, decision, &page::names(game.lang, &game.table));
        let png = view.as_ref().and_then(crate::discord::live::pictures::draw_png);
        Ok(png.map(|png| self.closed.keep(id, item, png)))
    }
}

/// Refused for load: over the address's budget (429) or the store or the
/// render slot busy (503); asked again in a moment.
pub(super) fn refused(status: StatusCode) -> Response {
    let mut r = html(status, page::busy(Lang::EN));
    r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    r
}

/// A request for a page or a picture, within its address's budget.
pub(super) fn within_budget(site: &Site, peer: SocketAddr, headers: &HeaderMap) -> bool {
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

/// The finished game a request for one of its analysis's pictures names,
/// within the address's budget; a running game's is a 404 (nothing of an
/// analysis shows during play).
async fn finished_game(
    site: &Site,
    peer: SocketAddr,
    headers: &HeaderMap,
    key: &str,
) -> Result<(i64, Arc<Closed>), Response> {
    if !within_budget(site, peer, headers) {
        return Err(refused(StatusCode::TOO_MANY_REQUESTS));
    }
    match found_or(site, Door::Page, key).await? {
        Found::Closed { id, game } => Ok((id, game)),
        Found::Open { .. } => Err(not_found()),
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
    let analysed = match site.closed_analysis(id, &game).await {
        Ok(a) => a,
        Err(Busy) => return refused(StatusCode::SERVICE_UNAVAILABLE),
    };
    let analysis = analysed.is_some();
    let marks = analysed.as_ref().map_or(&[][..], |a| &a.marks[..]);
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
                page::game_page(&GamePage { lang, key: &key, t, moves: &game.moves, step, analysis, marks })
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
    page::game_page(&GamePage { lang, key, t, moves: &moves, step: None, analysis: false, marks: &[] })
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
    let (id, game) = match finished_game(&site, peer, &headers, &key).await {
        Ok(found) => found,
        Err(r) => return r,
    };
    match site.closed_analysis(id, &game).await {
        Ok(Some(analysed)) => png(analysed.png.clone(), "private, max-age=3600"),
        Ok(None) => not_found(),
        Err(Busy) => refused(StatusCode::SERVICE_UNAVAILABLE),
    }
}

/// The best end position beside the one played at a replay's step whose
/// decision was a mistake or a blunder (`/g/{key}/best.png?step=N`): only
/// of a finished game analysed, each drawn once and kept; any other step
/// is a 404.
pub(super) async fn best_png(
    State(site): State<Site>,
    Path(key): Path<String>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Query(q): Query<PictureQuery>,
) -> Response {
    let (id, game) = match finished_game(&site, peer, &headers, &key).await {
        Ok(found) => found,
        Err(r) => return r,
    };
    let Some(step) = q.step.filter(|&s| s >= 1 && s <= game.moves.len()) else { return not_found() };
    match site.closed_best(id, &game, step).await {
        Ok(Some(bytes)) => png(bytes.to_vec(), "private, max-age=3600"),
        Ok(None) => not_found(),
        Err(Busy) => refused(StatusCode::SERVICE_UNAVAILABLE),
    }
}
