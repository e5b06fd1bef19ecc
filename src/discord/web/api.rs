//! The Activity's API (`activity = true`), under `/activity/api/`:
//!
//! - `POST token` `{"code"}`: the Embedded App SDK's OAuth2 code exchanged
//!   with Discord for an access token (the app's client secret stays
//!   here), answered `{"access_token"}`;
//! - `GET game?instance_id=…[&key=…]`: the game of the Activity's channel
//!   as its page shows it (its board and stream at the Activity's own
//!   addresses, `board_key`: shown also where the server switched its
//!   public pages off) (with `key`, the game the Activity showed, once
//!   over), and for the player on turn the menu of her move (the same
//!   options, values and words as the board's select), with `marks`: the
//!   pieces each option moves, placed on the board picture
//!   ([`super::touch`]), and `picked`: the option picked, if any;
//! - `POST move` `{"instance_id", "seq", "act"}` (`act`: an option's
//!   value, `confirm` or `undo`): her move, run through the click path
//!   ([`crate::discord::live::activity::play`]), answered `{"seq",
//!   "board"}`: `follows` (the channel's board shows it) or `next-click`
//!   with a `note` saying so (a group DM or a DM, where the bot edits a
//!   board only in answer to a click on it).
//!
//! Every call but `token` carries `Authorization: Bearer <access token>`:
//! Discord says whose token it is and which users are in the instance and
//! in which channel it runs; she must be in it ([`super::auth`] keeps
//! strangers from making the bot ask Discord much). Each Discord user has
//! a budget of calls ([`PER_USER`]), and of moves ([`MOVES`]). Answers:
//! 200; 400 bad input; 401 no, a forged, an expired or another app's
//! token; 403 not in the instance, or not her turn; 404 no game in the
//! channel; 409 the board she saw is out of date; 429 too many (with
//! `Retry-After`); 503 Discord or the store could not answer. Every
//! refusal is `{"error": code, "message": words}` and changes nothing.

use super::auth::{AuthError, Discord, Instance, Who};
use super::budget::{Buckets, Rate};
use super::limits::{client_address, counted_as, proxies_of};
use super::{page, story, touch};
use crate::discord::game::choices::Menu;
use crate::discord::game::ids::ChannelId;
use crate::discord::game::ids::UserId;
use crate::discord::game::intent::Refusal;
use crate::discord::game::table::Stage;
use crate::discord::game::turn::menu_of;
use crate::discord::live::activity::{Act, Played, WebMove, play};
use crate::discord::live::data::Data;
use crate::discord::live::lang::game_lang;
use crate::discord::live::lookup;
use crate::discord::live::page_key::Keys;
use crate::discord::live::running::Running;
use crate::discord::proxies::Proxies;
use crate::discord::view::lang::{Lang, tr};
use crate::discord::view::presenter::menu_options;
use crate::discord::view::refusals::refusal_text;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A request body's most bytes.
const BODY_LIMIT: usize = 4096;
/// Calls (games and moves) of one Discord user: a page that reloads at
/// each change, and a player's picks and confirms, stay far under it.
pub(crate) const PER_USER: Rate = Rate::new(120.0, 20.0);
/// Moves of one Discord user.
pub(crate) const MOVES: Rate = Rate::new(30.0, 5.0);
/// Users whose budgets are remembered at most.
const USERS_KEPT: usize = 50_000;

/// What the API's routes share.
#[derive(Clone)]
pub(crate) struct Api {
    data: Data,
    discord: Arc<Discord>,
    /// The keys of the Activity's addresses of a board and a stream.
    keys: Option<Arc<Keys>>,
    proxies: Arc<Proxies>,
    users: Arc<Buckets<UserId>>,
    moves: Arc<Buckets<UserId>>,
}

/// The API's routes, when the Activity is on (`discord`).
pub(crate) fn routes(data: Data, discord: Option<Arc<Discord>>, keys: Option<Arc<Keys>>) -> Router {
    let Some(discord) = discord else { return Router::new() };
    let proxies = Arc::new(proxies_of(&data.config));
    let users = Arc::new(Buckets::new(PER_USER, USERS_KEPT));
    let moves = Arc::new(Buckets::new(MOVES, USERS_KEPT));
    Router::new()
        .route("/activity/api/token", post(token))
        .route("/activity/api/game", get(game))
        .route("/activity/api/move", post(move_))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(Api { data, discord, keys, proxies, users, moves })
}

impl Api {
    /// The client a request comes from, as its budgets count it.
    fn client(&self, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
        counted_as(client_address(peer.ip(), headers, &self.proxies))
    }
}

/// A JSON answer, never kept by caches.
fn answer(status: StatusCode, body: Value) -> Response {
    let mut r = (status, body.to_string()).into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    r
}

fn refused(status: StatusCode, code: &str, message: String) -> Response {
    answer(status, json!({"error": code, "message": message}))
}

/// 429, again after `wait`.
fn too_many(wait: Duration, message: String) -> Response {
    let mut r = refused(StatusCode::TOO_MANY_REQUESTS, "too-many", message);
    r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(secs(wait)));
    r
}

/// Whole seconds to tell a player to wait.
fn secs(wait: Duration) -> u64 {
    wait.as_secs_f64().ceil().max(1.0) as u64
}

/// The words of an error the Activity shows (in English: who she is is
/// not known yet).
fn auth_refusal(e: AuthError) -> Response {
    match e {
        AuthError::Refused => refused(StatusCode::UNAUTHORIZED, "unauthorized", tr!(Lang::EN, "activity-signed-out")),
        AuthError::NoInstance => {
            refused(StatusCode::FORBIDDEN, "not-in-activity", tr!(Lang::EN, "activity-not-in-instance"))
        }
        AuthError::Busy(wait) => too_many(wait, tr!(Lang::EN, "busy-queue", secs = secs(wait))),
        AuthError::Unavailable(why) => {
            tracing::warn!("the Activity could not ask Discord: {why}");
            refused(StatusCode::SERVICE_UNAVAILABLE, "unavailable", tr!(Lang::EN, "activity-unavailable"))
        }
    }
}

#[derive(serde::Deserialize)]
struct TokenBody {
    code: String,
}

async fn token(
    State(api): State<Api>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let Ok(TokenBody { code }) = serde_json::from_slice::<TokenBody>(&body) else {
        return refused(StatusCode::BAD_REQUEST, "bad-request", "a JSON body {\"code\": \"…\"}".into());
    };
    if code.is_empty() || code.len() > 512 {
        return refused(StatusCode::BAD_REQUEST, "bad-request", "a JSON body {\"code\": \"…\"}".into());
    }
    match api.discord.exchange(&code, api.client(peer, &headers)).await {
        Ok(access_token) => answer(StatusCode::OK, json!({"access_token": access_token})),
        Err(e) => auth_refusal(e),
    }
}

/// The player a request comes from and the Activity instance she is in:
/// her bearer token checked with Discord, her budget of calls, and her
/// place in the instance.
async fn player(api: &Api, peer: SocketAddr, headers: &HeaderMap, instance: &str) -> Result<(Who, Instance), Response> {
    let discord = &api.discord;
    let bearer =
        headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "));
    let Some(token) = bearer.map(str::trim).filter(|t| !t.is_empty()) else {
        return Err(auth_refusal(AuthError::Refused));
    };
    let who = discord.who(token, api.client(peer, headers)).await.map_err(auth_refusal)?;
    if let Err(wait) = api.users.take(&who.user, Instant::now()) {
        return Err(too_many(wait, tr!(Lang::EN, "busy-cooldown", secs = secs(wait))));
    }
    let found = discord.instance(instance, who.user).await.map_err(auth_refusal)?;
    if !found.users.contains(&who.user) {
        return Err(auth_refusal(AuthError::NoInstance));
    }
    Ok((who, found))
}

#[derive(serde::Deserialize)]
struct GameQuery {
    instance_id: String,
    /// The page key of the game the Activity showed: once that game is
    /// over (it leaves the channel), the Activity is shown its end.
    key: Option<String>,
}

/// The closed game `key` names, when it was played in `channel`.
async fn closed_game(data: &Data, key: Option<&str>, channel: ChannelId) -> Option<Running> {
    let id = crate::store::GameId(data.pages.keys()?.game(key?)?).into();
    let closed = lookup::closed(data, id, super::site::STORE_WAIT).await;
    closed.ok()?.filter(|r| r.table.channel == channel)
}

async fn game(
    State(api): State<Api>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Query(q): Query<GameQuery>,
) -> Response {
    let (who, instance) = match player(&api, peer, &headers, &q.instance_id).await {
        Ok(p) => p,
        Err(r) => return r,
    };
    let running = match api.data.hub.in_channel(instance.channel) {
        Some(shared) => shared.lock().await.clone(),
        None => match closed_game(&api.data, q.key.as_deref(), instance.channel).await {
            Some(closed) => closed,
            None => return refused(StatusCode::NOT_FOUND, "no-game", tr!(Lang::EN, "activity-no-game")),
        },
    };
    let lang = game_lang(&api.data, &running).await;
    let t = &running.table;
    let (Some(key), Some(board_key)) =
        (api.data.pages.keys().map(|k| k.key(t.id.get())), api.keys.as_ref().map(|k| k.key(t.id.get())))
    else {
        return refused(StatusCode::SERVICE_UNAVAILABLE, "unavailable", tr!(lang, "activity-unavailable"));
    };
    let moves = story::moves(lang, t);
    // The board and the stream at the Activity's own addresses (also
    // where the server switched its public pages off).
    let shown: Value = serde_json::from_str(&page::update_json(lang, &board_key, t, &moves, 0)).unwrap_or_default();
    let to_act = t.stage == Stage::Playing && t.human_to_act() == Some(who.user);
    let turn_menu = if to_act { menu_of(t) } else { Menu::Nothing };
    let menu: Vec<Value> = menu_options(lang, &turn_menu)
        .into_iter()
        .map(|o| json!({"value": o.value, "label": o.label, "description": o.description}))
        .collect();
    let marks = if to_act { touch::marks(t, &turn_menu) } else { None };
    let picked = touch::picked(t, &turn_menu);
    let drafted = !t.draft.actions.is_empty() || t.draft.stepping;
    answer(
        StatusCode::OK,
        json!({
            "key": key,
            "seq": t.seq,
            "lang": lang.code(),
            "events": format!("/g/{board_key}/events"),
            "board_key": board_key,
            "you": who.user.0.to_string(),
            "to_act": to_act,
            "menu": menu,
            "confirm": to_act && t.draft_is_whole(),
            "undo": to_act && drafted,
            "marks": marks,
            "picked": picked,
            "words": {
                "confirm": tr!(lang, "button-confirm"),
                "undo": tr!(lang, "button-undo"),
                "your_turn": tr!(lang, "activity-your-turn"),
                "picked": tr!(lang, "activity-picked"),
                "watching": tr!(lang, "activity-watching"),
                "touch_piece": tr!(lang, "activity-touch-piece"),
                "touch_end": tr!(lang, "activity-touch-end"),
                "same_squares": tr!(lang, "activity-same-squares"),
            },
            "page": shown,
        }),
    )
}

#[derive(serde::Deserialize)]
struct MoveBody {
    instance_id: String,
    seq: u32,
    act: String,
}

async fn move_(
    State(api): State<Api>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let Ok(m) = serde_json::from_slice::<MoveBody>(&body) else {
        return refused(
            StatusCode::BAD_REQUEST,
            "bad-request",
            "a JSON body {\"instance_id\": \"…\", \"seq\": N, \"act\": \"e0\" | \"confirm\" | \"undo\"}".into(),
        );
    };
    let act = match m.act.as_str() {
        "confirm" => Act::Confirm,
        "undo" => Act::Undo,
        value if !value.is_empty() && value.len() <= 16 => Act::Choose(value.to_string()),
        _ => return refused(StatusCode::BAD_REQUEST, "bad-request", "`act`: an option, confirm or undo".into()),
    };
    let (who, instance) = match player(&api, peer, &headers, &m.instance_id).await {
        Ok(p) => p,
        Err(r) => return r,
    };
    if let Err(wait) = api.moves.take(&who.user, Instant::now()) {
        return too_many(wait, tr!(Lang::EN, "busy-cooldown", secs = secs(wait)));
    }
    let web_move = WebMove { channel: instance.channel, user: who.user, name: who.name, act, seq: m.seq };
    let lang = match api.data.hub.in_channel(instance.channel) {
        Some(shared) => game_lang(&api.data, &*shared.lock().await).await,
        None => Lang::EN,
    };
    match play(&api.discord.http, &api.data, web_move).await {
        Ok(Played { seq, board_follows: true }) => answer(StatusCode::OK, json!({"seq": seq, "board": "follows"})),
        // A group DM or a DM: the board there catches up at its next click.
        Ok(Played { seq, board_follows: false }) => answer(
            StatusCode::OK,
            json!({"seq": seq, "board": "next-click", "note": tr!(lang, "activity-board-next-click")}),
        ),
        Err(refusal) => {
            let status = match refusal {
                Refusal::Stale => StatusCode::CONFLICT,
                Refusal::NotYourTurn | Refusal::NotSeated => StatusCode::FORBIDDEN,
                Refusal::Closed => StatusCode::NOT_FOUND,
                Refusal::Unsaved | Refusal::Unsure => StatusCode::SERVICE_UNAVAILABLE,
                _ => StatusCode::UNPROCESSABLE_ENTITY,
            };
            let code = match status {
                StatusCode::CONFLICT => "stale",
                StatusCode::FORBIDDEN => "not-your-turn",
                StatusCode::NOT_FOUND => "no-game",
                StatusCode::SERVICE_UNAVAILABLE => "unavailable",
                _ => "refused",
            };
            refused(status, code, refusal_text(lang, &refusal))
        }
    }
}
