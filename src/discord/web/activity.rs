//! The Activity's page (`activity = true`): what Discord loads in its
//! frame when a player opens the game inside Discord. `GET /activity/`
//! (the address Discord's URL mapping points at) is a small page; its
//! script (`activity.js`) greets Discord through the Embedded App SDK
//! (`sdk.js`, the vendored bundle of `@discord/embedded-app-sdk`:
//! `assets/activity/`, rebuilt by `scripts/vendor-activity-sdk.sh`), asks
//! for an authorisation code, has it exchanged here ([`super::api`]),
//! authenticates, then shows the channel's game — the game page's board,
//! whose turn and the story, followed live through the game's stream —
//! and, to the player on turn, the end positions of her move (the board's
//! menu), then Confirm and Undo. Its script and style are files of
//! `assets/web/` ([`super::assets`]). Every address is relative, so the same
//! page works at `/activity/` and behind Discord's proxy, where it is the
//! root. Phone widths and the safe-area insets of phones are respected.

use super::assets::Asset;
use super::auth::Discord;
use crate::discord::live::page_key::Keys;
use crate::discord::view::lang::{Lang, tr};
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::sync::Arc;

/// The keys of the Activity's addresses of a game's board and stream
/// (`/activity/g/{key}/…`): made like the pages' keys, with a secret of
/// their own derived from the pages' (HMAC-SHA256 of a label), so that a
/// page's key opens no Activity address and an Activity's key no page.
pub(crate) fn activity_keys(page_secret: [u8; 32]) -> Keys {
    use hmac::{Hmac, KeyInit, Mac};
    let Ok(mut mac) = <Hmac<sha2::Sha256> as KeyInit>::new_from_slice(&page_secret) else {
        return Keys::new(page_secret);
    };
    mac.update(b"thaayam-activity-keys");
    Keys::new(mac.finalize().into_bytes().into())
}

/// The vendored Embedded App SDK (its version in `assets/activity/VERSION`).
const SDK: &str = include_str!("../../../assets/activity/embedded-app-sdk.js");

/// The page's routes, when the Activity is on (`discord`).
pub(crate) fn routes(discord: Option<Arc<Discord>>) -> Router {
    let Some(discord) = discord else { return Router::new() };
    Router::new()
        .route("/activity", get(page))
        .route("/activity/", get(page))
        .route("/activity/sdk.js", get(|| async { script(SDK) }))
        .with_state(discord)
}

fn script(body: &'static str) -> Response {
    let mut r = body.into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/javascript; charset=utf-8"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    r
}

async fn page(State(discord): State<Arc<Discord>>) -> Response {
    // Known once the bot is connected; the page asks again after a moment.
    let client = discord.application_id().map(|a| a.to_string()).unwrap_or_default();
    // Discord frames the page (its clients at discord.com and its
    // channels, behind its proxy at <app>.discordsays.com), and this site
    // itself; nobody else.
    super::headers::html_with(
        StatusCode::OK,
        shell(&client),
        "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; \
         connect-src 'self'; base-uri 'none'; form-action 'none'; \
         frame-ancestors 'self' https://discord.com https://*.discord.com https://discordapp.com \
         https://*.discordapp.com https://*.discordsays.com",
    )
}

/// The page: filled by its script once Discord said who is playing.
fn shell(client_id: &str) -> String {
    let client: String = client_id.chars().filter(char::is_ascii_digit).collect();
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1,viewport-fit=cover\">\
         <meta name=\"referrer\" content=\"no-referrer\"><title>Thaayam</title>\
         <link rel=\"stylesheet\" href=\"assets/{css}\"></head>\
         <body data-client-id=\"{client}\" data-state=\"connecting\"><main>\
         <p id=\"status\" aria-live=\"polite\">{connecting}</p>\
         <figure id=\"board\"><div id=\"stage\"><img id=\"board-img\" alt=\"\" width=\"800\" height=\"800\" hidden>\
         <svg id=\"lines\" aria-hidden=\"true\"></svg><div id=\"marks\" aria-hidden=\"true\"></div></div></figure>\
         <p id=\"series\"></p>\
         <section id=\"turn\" hidden><p id=\"prompt\"></p><div id=\"choices\"></div>\
         <div class=\"actions\"><button id=\"confirm\" type=\"button\" disabled></button>\
         <button id=\"undo\" type=\"button\" disabled></button></div></section>\
         <p id=\"error\" role=\"alert\"></p><p id=\"note\" aria-live=\"polite\"></p>\
         <ol id=\"story\"></ol></main>\
         <script src=\"sdk.js\"></script><script src=\"assets/{js}\"></script></body></html>",
        connecting = super::line::esc(&tr!(Lang::EN, "activity-connecting")),
        css = Asset::ActivityCss.file(),
        js = Asset::ActivityJs.file(),
    )
}
