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
//! `assets/web/` ([`super::assets`]); its HTML is maud's. Every address is relative, so the same
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
use maud::{PreEscaped, html};
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

/// What the Activity's page allows: Discord frames it (its clients at
/// discord.com and its channels, behind its proxy at `<app>.discordsays.com`),
/// and this site itself; nobody else. Scripts and styles are files of
/// this site's only: no inline script runs.
const CSP: &str = "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; \
     connect-src 'self'; base-uri 'none'; form-action 'none'; \
     frame-ancestors 'self' https://discord.com https://*.discord.com https://discordapp.com \
     https://*.discordapp.com https://*.discordsays.com";

async fn page(State(discord): State<Arc<Discord>>) -> Response {
    // Known once the bot is connected; the page asks again after a moment.
    let client = discord.application_id().map(|a| a.to_string()).unwrap_or_default();
    super::headers::html_with(StatusCode::OK, shell(&client), CSP)
}

/// The page: filled by its script once Discord said who is playing.
/// Written with maud's `html!`, which escapes every value put in.
fn shell(client_id: &str) -> String {
    let client: String = client_id.chars().filter(char::is_ascii_digit).collect();
    html! {
        // maud's DOCTYPE is written in capitals; the page keeps its own.
        (PreEscaped("<!doctype html>\n"))
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover";
                meta name="referrer" content="no-referrer";
                title { "Thaayam" }
                link rel="stylesheet" href={ "assets/" (Asset::ActivityCss.file()) };
            }
            body data-client-id=(client) data-state="connecting" {
                main {
                    p id="status" aria-live="polite" { (tr!(Lang::EN, "activity-connecting")) }
                    figure id="board" {
                        div id="stage" {
                            img id="board-img" alt="" width="800" height="800" hidden;
                            svg id="lines" aria-hidden="true" {}
                            div id="marks" aria-hidden="true" {}
                        }
                    }
                    p id="series" {}
                    section id="turn" hidden {
                        p id="prompt" {}
                        div id="choices" {}
                        div class="actions" {
                            button id="confirm" type="button" disabled {}
                            button id="undo" type="button" disabled {}
                        }
                    }
                    p id="error" role="alert" {}
                    p id="note" aria-live="polite" {}
                    ol id="story" {}
                }
                script src="sdk.js" {}
                script src={ "assets/" (Asset::ActivityJs.file()) } {}
            }
        }
    }
    .into_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_writes_only_digits_of_its_client_id_and_runs_no_inline_script() {
        let page = shell("12<script>alert(\"x\")</script>&'3\"");
        assert!(page.contains(" data-client-id=\"123\" "), "{page}");
        assert!(!page.contains("alert(") && page.matches("<script").count() == 2, "{page}");
        assert!(page.contains("<script src=\"sdk.js\"></script>"), "{page}");
        assert!(page.contains(&format!("<script src=\"assets/{}\"></script>", Asset::ActivityJs.file())), "{page}");
        assert!(page.starts_with("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"), "{page}");
        assert!(CSP.contains("script-src 'self';") && !CSP.contains("unsafe-inline"), "{CSP}");
        assert!(CSP.contains("frame-ancestors 'self' https://discord.com "), "{CSP}");
    }

    #[test]
    fn the_pages_words_are_escaped_by_maud() {
        // The Activity's words are the Fluent files'; whatever they hold
        // is text, as every value maud writes.
        let written = html! { p id="status" { ("<b>\"Connecting\" & 'so'</b>") } }.into_string();
        assert_eq!(written, "<p id=\"status\">&lt;b&gt;&quot;Connecting&quot; &amp; 'so'&lt;/b&gt;</p>");
        assert!(
            shell("1").contains(&format!(
                "<p id=\"status\" aria-live=\"polite\">{}</p>",
                tr!(Lang::EN, "activity-connecting")
            ))
        );
    }
}
