//! The REST API under /api/v10: gateway discovery, application and command
//! registration, interaction callbacks, webhooks (`@original`, follow-ups),
//! channel messages and the bot's DM channels. Channel requests to group
//! DMs and DMs between other people are refused (403 50001), as the bot is
//! not in them. Unknown routes are violations.

use super::payloads::{self, APP_ID, perms};
use super::state::{Hold, InteractionRec, NewMessage, Response as Answer, Shared};
use super::validate::{self, Upload};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRequest, Multipart, Path, Request, State};
use axum::http::{Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;

pub(super) type St = State<Arc<Shared>>;

/// Interaction tokens stay valid this long for edits and follow-ups.
const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);
/// Follow-ups an interaction authorised only by a user install may create
/// (receiving-and-responding.mdx, Create Followup Message; change-log
/// 2024-06-27 "User-Installed Apps General Availability").
pub const USER_INSTALL_FOLLOWUPS: usize = 5;
/// The first response must come within this.
const RESPONSE_DEADLINE: Duration = Duration::from_secs(3);
/// A held request gives up after this (a test forgot to release it).
const HOLD_LIMIT: Duration = Duration::from_secs(600);

pub fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/api/v10/gateway", get(gateway))
        .route("/api/v10/gateway/bot", get(gateway))
        .route("/api/v10/oauth2/applications/@me", get(application))
        .route("/api/v10/users/@me", get(me))
        .route("/api/v10/oauth2/@me", get(oauth_me))
        .route("/api/oauth2/token", post(oauth_token))
        .route("/api/v10/oauth2/token", post(oauth_token))
        .route("/api/v10/applications/{app}/activity-instances/{instance}", get(activity_instance))
        .route("/api/v10/users/{id}", get(user))
        .route("/api/v10/users/@me/channels", post(open_dm))
        .route("/api/v10/applications/{app}/commands", put(put_global).get(get_global))
        .route("/api/v10/applications/{app}/guilds/{guild}/commands", put(put_guild).get(get_guild))
        .route("/api/v10/interactions/{id}/{token}/callback", post(callback))
        .route("/api/v10/webhooks/{app}/{token}", post(followup))
        .route("/api/v10/webhooks/{app}/{token}/messages/{mid}", get(hook_get).patch(hook_edit).delete(hook_delete))
        .route("/api/v10/channels/{ch}", get(channel_get_info))
        .route("/api/v10/channels/{ch}/messages", post(channel_post).get(channel_list))
        .route("/api/v10/channels/{ch}/messages/{mid}", get(channel_get).patch(channel_edit).delete(channel_delete))
        .route("/api/v10/channels/{ch}/threads", post(super::threads::start))
        .route("/api/v10/channels/{ch}/messages/{mid}/threads", post(super::threads::start_from_message))
        .route("/attachments/{ch}/{id}/{name}", get(attachment))
        .fallback(unknown)
        .layer(axum::middleware::from_fn(refuse_bad_tokens))
        .layer(axum::middleware::from_fn_with_state(shared.clone(), count_all))
        .layer(DefaultBodyLimit::max(64 * 1024 * 1024))
        .with_state(shared)
}

/// A bot token that starts with this is refused (401), as Discord refuses
/// a reset or mistyped token.
pub const REFUSED_TOKEN: &str = "refused";

/// Answers 401 to every request authorised with a refused token.
async fn refuse_bad_tokens(req: Request, next: axum::middleware::Next) -> Response {
    let token = req.headers().get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).unwrap_or_default();
    if token.trim_start_matches("Bot ").starts_with(REFUSED_TOKEN) {
        return error(StatusCode::UNAUTHORIZED, 0, "401: Unauthorized").into_response();
    }
    next.run(req).await
}

/// Counts every request (and when the last one came), answered or not.
async fn count_all(State(st): St, req: Request, next: axum::middleware::Next) -> Response {
    {
        let mut inner = st.lock();
        inner.requests_total += 1;
        inner.last_request = Some(std::time::Instant::now());
    }
    next.run(req).await
}

pub(super) struct Json(pub(super) Value);

impl IntoResponse for Json {
    fn into_response(self) -> Response {
        ([(header::CONTENT_TYPE, "application/json")], self.0.to_string()).into_response()
    }
}

/// A Discord error answer.
pub(super) struct Refusal {
    status: StatusCode,
    code: u32,
    message: &'static str,
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let body = json!({"code": self.code, "message": self.message, "errors": {}});
        (self.status, Json(body)).into_response()
    }
}

/// What most handlers answer.
pub(super) type Reply = Result<Response, Refusal>;

pub(super) fn error(status: StatusCode, code: u32, message: &'static str) -> Refusal {
    Refusal { status, code, message }
}

pub(super) fn count(st: &Shared, route: &str) {
    *st.lock().requests.entry(route.to_string()).or_default() += 1;
}

async fn unknown(State(st): St, method: Method, uri: Uri) -> Refusal {
    st.lock().violation(format!("the bot called a route the fake does not know: {method} {uri}"));
    st.changed();
    error(StatusCode::NOT_FOUND, 0, "404: Not Found (unknown route in the fake)")
}

async fn gateway(State(st): St) -> Json {
    count(&st, "GET gateway");
    let shards = st.lock().shards.max(1);
    Json(json!({"url": st.gateway_url, "shards": shards,
        "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}}))
}

/// A user by id (replays look up display names). The name comes from the
/// id's number, as [`payloads::FakeUser::new`] makes ids from numbers.
async fn user(State(st): St, Path(id): Path<u64>) -> Json {
    count(&st, "GET user");
    Json(payloads::user_by_id(id))
}

/// `GET /users/@me`: the bot, or with a bearer token that token's user
/// (activity.rs); an unknown or expired bearer token is 401.
async fn me(State(st): St, headers: axum::http::HeaderMap) -> Reply {
    let auth = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).unwrap_or_default();
    let Some(token) = auth.strip_prefix("Bearer ") else { return Ok(Json(payloads::bot_user()).into_response()) };
    count(&st, "GET users/@me (bearer)");
    match st.lock().activities.bearer(token) {
        Some(user) => Ok(Json(payloads::user_by_id(user)).into_response()),
        None => Err(error(StatusCode::UNAUTHORIZED, 0, "401: Unauthorized")),
    }
}

/// The 429 the OAuth2 routes answer while a test asks for it (activity.rs).
fn rate_limited(st: &Shared) -> Option<Response> {
    let until = st.lock().activities.limited_until?;
    let left = until.saturating_duration_since(std::time::Instant::now());
    if left.is_zero() {
        return None;
    }
    count(st, "refused: 429 oauth2");
    let secs = left.as_secs_f64();
    let body = json!({"message": "You are being rate limited.", "retry_after": secs, "global": false, "code": 0});
    let headers = [
        ("retry-after", format!("{}", secs.ceil() as u64)),
        ("x-ratelimit-limit", "5".to_string()),
        ("x-ratelimit-remaining", "0".to_string()),
        ("x-ratelimit-reset-after", format!("{secs:.3}")),
        ("x-ratelimit-bucket", "oauth2".to_string()),
    ];
    let mut r = (StatusCode::TOO_MANY_REQUESTS, Json(body)).into_response();
    for (k, v) in headers {
        if let Ok(v) = v.parse() {
            r.headers_mut().insert(k, v);
        }
    }
    Some(r)
}

/// `GET /oauth2/@me`: the authorisation a bearer token carries (activity.rs).
async fn oauth_me(State(st): St, headers: axum::http::HeaderMap) -> Reply {
    count(&st, "GET oauth2/@me (bearer)");
    if let Some(r) = rate_limited(&st) {
        return Ok(r);
    }
    let auth = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).unwrap_or_default();
    let Some(token) = auth.strip_prefix("Bearer ") else {
        st.lock()
            .violation("GET /oauth2/@me without a bearer token (the bot's own is for /oauth2/applications/@me)".into());
        st.changed();
        return Err(error(StatusCode::UNAUTHORIZED, 0, "401: Unauthorized"));
    };
    match st.lock().activities.authorization(token, APP_ID) {
        Some(found) => Ok(Json(found).into_response()),
        None => Err(error(StatusCode::UNAUTHORIZED, 0, "401: Unauthorized")),
    }
}

/// A form-encoded body's fields (`+` and `%XX` decoded).
fn form_fields(body: &[u8]) -> std::collections::HashMap<String, String> {
    let decode = |s: &str| {
        let bytes = s.replace('+', " ").into_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
            match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
                (b'%', Some(b)) => {
                    out.push(b);
                    i += 3;
                }
                (b, _) => {
                    out.push(b);
                    i += 1;
                }
            }
        }
        String::from_utf8_lossy(&out).into_owned()
    };
    let text = String::from_utf8_lossy(body);
    text.split('&').filter_map(|kv| kv.split_once('=')).map(|(k, v)| (decode(k), decode(v))).collect()
}

/// `POST /oauth2/token`: an Activity's code exchanged (activity.rs).
async fn oauth_token(State(st): St, headers: axum::http::HeaderMap, body: Bytes) -> Response {
    count(&st, "POST oauth2/token");
    if let Some(r) = rate_limited(&st) {
        return r;
    }
    let form_encoded = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ct| ct.starts_with("application/x-www-form-urlencoded"));
    if !form_encoded {
        st.lock().violation("the token exchange is not form-encoded (oauth2/overview.mdx)".into());
        st.changed();
        return (StatusCode::BAD_REQUEST, Json(json!({"error": "invalid_request"}))).into_response();
    }
    let exchanged = st.lock().activities.exchange(&form_fields(&body), APP_ID);
    match exchanged {
        Ok(token) => Json(token).into_response(),
        Err((status, e)) => {
            let status = StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_REQUEST);
            (status, Json(json!({"error": e}))).into_response()
        }
    }
}

/// `GET /applications/{app}/activity-instances/{instance}` (activity.rs).
async fn activity_instance(State(st): St, Path((app, instance)): Path<(String, String)>) -> Reply {
    count(&st, "GET activity instance");
    if app != APP_ID.to_string() {
        st.lock().violation(format!("activity instance of application {app}, not the bot's"));
        st.changed();
        return Err(error(StatusCode::FORBIDDEN, 50001, "Missing Access"));
    }
    let found = st.lock().activities.instance_json(&instance, APP_ID);
    found.map(|v| Json(v).into_response()).ok_or_else(|| error(StatusCode::NOT_FOUND, 0, "404: Not Found"))
}

async fn application(State(st): St) -> Json {
    count(&st, "GET application");
    Json(json!({
        "id": APP_ID.to_string(), "name": "thaayam-test", "icon": null, "description": "", "rpc_origins": [],
        "bot_public": true, "bot_require_code_grant": false, "verify_key": "00", "team": null,
        "flags": st.lock().activities.flags(),
        "owner": {"id": "1200000000000000999", "username": "owner", "discriminator": "0", "avatar": null},
        "summary": "", "tags": []
    }))
}

/// Stores a command list and answers like Discord (with ids).
fn register(st: &Shared, list: Value, guild: Option<u64>) -> Reply {
    let problems = validate::commands(&list);
    let mut inner = st.lock();
    if !problems.is_empty() {
        inner.violation(format!("command registration: {}", problems.join("; ")));
        drop(inner);
        st.changed();
        return Err(error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body"));
    }
    // "You cannot remove this app's Entry Point command in a bulk update
    // operation" (error 50240): an app with Activities has one (see
    // `FakeDiscord::enable_activities`), and a global list without it is
    // refused whole.
    let sent = list.as_array().cloned().unwrap_or_default();
    let had_entry = guild.is_none() && inner.global_commands.iter().any(|c| c["type"] == 4);
    if had_entry && !sent.iter().any(|c| c["type"] == 4) {
        inner.violation("command registration: the Entry Point command left out of a bulk overwrite (50240)".into());
        drop(inner);
        st.changed();
        return Err(error(
            StatusCode::BAD_REQUEST,
            50240,
            "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately.",
        ));
    }
    // An Entry Point command is handled by the app (1, APP_HANDLER) or by
    // Discord (2, DISCORD_LAUNCH_ACTIVITY): the spec's `ApplicationCommandHandler`.
    for c in sent.iter().filter(|c| c["type"] == 4) {
        if !(c["handler"] == 1 || c["handler"] == 2) {
            inner.violation(format!("command registration: Entry Point handler {} (1 or 2)", c["handler"]));
            drop(inner);
            st.changed();
            return Err(error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body"));
        }
    }
    let mut out = Vec::new();
    for mut c in sent {
        let kept =
            c.get("id").and_then(Value::as_str).is_some_and(|id| inner.global_commands.iter().any(|o| o["id"] == id));
        if !kept {
            c["id"] = json!(inner.next_id().to_string());
        }
        c["application_id"] = json!(APP_ID.to_string());
        c["version"] = json!(inner.next_id().to_string());
        c["type"] = c.get("type").cloned().unwrap_or(json!(1));
        c["default_member_permissions"] = c.get("default_member_permissions").cloned().unwrap_or(Value::Null);
        if let Some(g) = guild {
            c["guild_id"] = json!(g.to_string());
        }
        out.push(c);
    }
    let back: Result<Vec<serenity::all::Command>, _> = serde_json::from_value(json!(out));
    if let Err(e) = back {
        inner.violation(format!("the fake's command answer does not parse as serenity's Command: {e}"));
    }
    *inner.requests.entry("PUT commands".into()).or_default() += 1;
    match guild {
        Some(_) => inner.guild_commands = out.clone(),
        None => inner.global_commands = out.clone(),
    }
    drop(inner);
    st.changed();
    Ok(Json(json!(out)).into_response())
}

async fn put_global(State(st): St, body: Bytes) -> Reply {
    let list = serde_json::from_slice(&body).map_err(|e| bad_json(&st, e))?;
    register(&st, list, None)
}

async fn put_guild(State(st): St, Path((_app, guild)): Path<(String, String)>, body: Bytes) -> Reply {
    let list = serde_json::from_slice(&body).map_err(|e| bad_json(&st, e))?;
    register(&st, list, guild.parse().ok())
}

async fn get_global(State(st): St) -> Json {
    Json(json!(st.lock().global_commands))
}

async fn get_guild(State(st): St) -> Json {
    Json(json!(st.lock().guild_commands))
}

fn bad_json(st: &Shared, e: impl std::fmt::Display) -> Refusal {
    st.lock().violation(format!("the bot sent a body that is not valid JSON: {e}"));
    st.changed();
    error(StatusCode::BAD_REQUEST, 50109, "The request body contains invalid JSON.")
}

/// The JSON payload and the uploaded files of a request (JSON or multipart).
async fn read_payload(req: Request) -> Result<(Value, Vec<Upload>), String> {
    let ct = req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    if !ct.starts_with("multipart/form-data") {
        let body = Bytes::from_request(req, &()).await.map_err(|e| e.to_string())?;
        if body.is_empty() {
            return Ok((Value::Null, Vec::new()));
        }
        return serde_json::from_slice(&body).map(|v| (v, Vec::new())).map_err(|e| format!("invalid JSON: {e}"));
    }
    let mut form = Multipart::from_request(req, &()).await.map_err(|e| e.to_string())?;
    let (mut payload, mut uploads) = (Value::Null, Vec::new());
    while let Some(field) = form.next_field().await.map_err(|e| e.to_string())? {
        let name = field.name().unwrap_or("").to_string();
        let filename = field.file_name().unwrap_or("").to_string();
        let content_type = field.content_type().map(str::to_string);
        let bytes = field.bytes().await.map_err(|e| e.to_string())?;
        if name == "payload_json" {
            payload = serde_json::from_slice(&bytes).map_err(|e| format!("invalid payload_json: {e}"))?;
        } else if let Some(index) = name.strip_prefix("files[").and_then(|r| r.strip_suffix(']')) {
            let index = index.parse().map_err(|_| format!("bad file field name {name:?}"))?;
            uploads.push(Upload { index, filename, content_type, bytes: bytes.to_vec() });
        } else {
            return Err(format!("unexpected multipart field {name:?}"));
        }
    }
    Ok((payload, uploads))
}

/// Reads a payload; a malformed one is a violation answered with 400.
async fn payload_or_400(st: &Shared, req: Request) -> Result<(Value, Vec<Upload>), Refusal> {
    let (payload, uploads) = read_payload(req).await.map_err(|e| bad_json(st, e))?;
    if !uploads.is_empty() {
        let mut inner = st.lock();
        for u in &uploads {
            *inner.uploads.entry(u.filename.clone()).or_default() += 1;
        }
    }
    Ok((payload, uploads))
}

/// Validates a message payload; problems are violations answered with 400.
fn check(st: &Shared, what: &str, payload: &Value, uploads: &[Upload], creating: bool) -> Result<(), Refusal> {
    let problems = validate::message(payload, uploads, creating);
    if problems.is_empty() {
        return Ok(());
    }
    st.lock().violation(format!("{what}: {}", problems.join("; ")));
    st.changed();
    Err(error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body"))
}

/// The stored message as Discord returns it, checked with serenity's Message.
fn message_response(st: &Shared, id: u64) -> Reply {
    let mut inner = st.lock();
    let json = inner.message(id).filter(|m| !m.deleted).map(|m| m.json.clone()).ok_or_else(unknown_message)?;
    if let Err(e) = payloads::check_message(&json) {
        inner.violation(e);
    }
    Ok(Json(json).into_response())
}

fn unknown_message() -> Refusal {
    error(StatusCode::NOT_FOUND, 10008, "Unknown Message")
}

/// Counts a held request while it waits (also when hyper drops the handler).
struct Waiting<'a>(&'a Shared, Hold);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        if let Some(n) = self.0.lock().held.get_mut(&self.1) {
            *n = n.saturating_sub(1);
        }
        self.0.changed();
    }
}

/// Waits while requests of this kind are held. `Err` when the held request
/// is dropped instead (its bot was killed): nothing of it is recorded.
async fn pass(st: &Shared, kind: Hold, body: &Value) -> Result<(), Refusal> {
    let epoch = {
        let mut inner = st.lock();
        if !inner.holding.contains(&kind) {
            return Ok(());
        }
        *inner.held.entry(kind).or_default() += 1;
        *inner.held_total.entry(kind).or_default() += 1;
        inner.last_held.insert(kind, body.clone());
        inner.drops
    };
    let _waiting = Waiting(st, kind);
    st.changed();
    loop {
        let gate = st
            .wait_until(HOLD_LIMIT, |i| {
                if i.drops != epoch {
                    Some(false)
                } else {
                    let passes = i.passes.get(&kind).copied().unwrap_or(0);
                    (!i.holding.contains(&kind) || passes > 0).then_some(true)
                }
            })
            .await;
        if gate != Some(true) {
            return Err(error(StatusCode::SERVICE_UNAVAILABLE, 0, "held and dropped by the test"));
        }
        let go = {
            let mut inner = st.lock();
            match inner.passes.get_mut(&kind).filter(|n| **n > 0) {
                Some(n) => {
                    *n -= 1;
                    true
                }
                None => !inner.holding.contains(&kind),
            }
        };
        if go {
            return Ok(());
        }
    }
}

async fn callback(State(st): St, Path((id, token)): Path<(u64, String)>, req: Request) -> Reply {
    let (payload, uploads) = payload_or_400(&st, req).await?;
    pass(&st, Hold::Callbacks, &payload).await?;
    let outcome = respond(&st, id, &token, payload, uploads);
    st.changed();
    outcome.map(|()| StatusCode::NO_CONTENT.into_response())
}

/// Applies the first response to an interaction.
fn respond(st: &Shared, id: u64, token: &str, mut payload: Value, uploads: Vec<Upload>) -> Result<(), Refusal> {
    let mut inner = st.lock();
    let Some(rec) = inner.interactions.get(&id).filter(|r| r.token == token).cloned() else {
        inner.violation(format!("callback for unknown interaction {id} (10062)"));
        return Err(error(StatusCode::NOT_FOUND, 10062, "Unknown interaction"));
    };
    let what = format!("response to interaction {id} ({})", rec.custom_id.as_deref().unwrap_or("slash command"));
    if rec.expired {
        inner.violation(format!("{what}: its token has expired (the test expired it; 10062)"));
        return Err(error(StatusCode::NOT_FOUND, 10062, "Unknown interaction"));
    }
    if rec.response.is_some() {
        inner.violation(format!("{what}: a second response (40060 already acknowledged)"));
        return Err(error(StatusCode::BAD_REQUEST, 40060, "Interaction has already been acknowledged."));
    }
    let latency = rec.sent_at.elapsed();
    if latency > RESPONSE_DEADLINE {
        inner.violation(format!("{what}: came after {latency:?} (> 3 s: \"This interaction failed\")"));
        return Err(error(StatusCode::NOT_FOUND, 10062, "Unknown interaction"));
    }
    let kind = payload["type"].as_u64().unwrap_or(0);
    // Taken, not copied: the payload is not needed after this.
    let data = payload.get_mut("data").map_or_else(|| json!({}), Value::take);
    let files = uploads.len();
    let is_component = rec.message_id.is_some();
    let original = match (kind, rec.message_id) {
        (4, _) => {
            drop(inner);
            check(st, &what, &data, &uploads, true)?;
            inner = st.lock();
            let eph = data["flags"].as_u64().unwrap_or(0) & 64;
            let ctx = new_message(&rec, eph, None);
            Some(inner.create_message(ctx, &data, uploads, &st.http_base))
        }
        (5, _) => {
            let eph = data["flags"].as_u64().unwrap_or(0) & 64;
            let ctx = new_message(&rec, eph | 128, None);
            Some(inner.create_message(ctx, &json!({}), Vec::new(), &st.http_base))
        }
        (6, Some(m)) => Some(m),
        (7, Some(m)) => {
            drop(inner);
            check(st, &what, &data, &uploads, false)?;
            inner = st.lock();
            inner.edit_message(m, &data, uploads, &st.http_base);
            Some(m)
        }
        (8 | 9, _) => None,
        (12, _) => {
            // LAUNCH_ACTIVITY: only for an app with Activities (activity.rs).
            if !inner.activities.enabled {
                *inner.requests.entry("refused: launch activity without activities".into()).or_default() += 1;
                return Err(error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body"));
            }
            let setup = inner.setup(rec.channel_id);
            let guild = if setup.place.is_private() { 0 } else { setup.guild };
            let new_id = inner.next_id();
            inner.activities.open(rec.channel_id, guild, rec.user_id, new_id);
            None
        }
        _ => {
            inner.violation(format!("{what}: response type {kind} is invalid here (component: {is_component})"));
            return Err(error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body"));
        }
    };
    if let Some(rec) = inner.interactions.get_mut(&id) {
        rec.response = Some(Answer { kind, data, latency, files });
        rec.original = original;
    }
    inner.dirty.push(rec.channel_id);
    Ok(())
}

/// A message the bot posts in a channel (not through an interaction).
fn channel_message(channel_id: u64) -> NewMessage {
    NewMessage { channel_id, flags: 0, ephemeral_for: None, interaction_id: None, meta: None }
}

/// A message of interaction `rec` (its response, or a follow-up after the
/// message `original`) in the interaction's channel, with the
/// `interaction_metadata` Discord gives it (message.mdx, Message
/// Interaction Metadata Object; the spec's
/// ApplicationCommandInteractionMetadataResponse and
/// MessageComponentInteractionMetadataResponse).
fn new_message(rec: &InteractionRec, flags: u64, original: Option<u64>) -> NewMessage {
    let ephemeral_for = (flags & 64 != 0).then_some(rec.user_id);
    let mut meta = json!({"id": rec.id.to_string(), "type": if rec.message_id.is_some() { 3 } else { 2 },
                          "user": rec.user, "authorizing_integration_owners": rec.owners});
    if let Some(m) = rec.message_id {
        meta["interacted_message_id"] = json!(m.to_string());
    }
    if let Some(o) = original {
        meta["original_response_message_id"] = json!(o.to_string());
    }
    NewMessage { channel_id: rec.channel_id, flags, ephemeral_for, interaction_id: Some(rec.id), meta: Some(meta) }
}

/// The interaction of a webhook token, if the token is known, acknowledged and young.
fn hook(st: &Shared, token: &str, what: &str) -> Result<InteractionRec, Refusal> {
    let mut inner = st.lock();
    let Some(rec) = inner.by_token(token).and_then(|id| inner.interactions.get(&id)).cloned() else {
        inner.violation(format!("{what}: unknown webhook token (10015)"));
        return Err(error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook"));
    };
    if rec.sent_at.elapsed() > TOKEN_LIFETIME {
        inner.violation(format!("{what}: interaction token older than 15 minutes"));
        return Err(error(StatusCode::UNAUTHORIZED, 50027, "Invalid Webhook Token"));
    }
    if rec.expired {
        inner.violation(format!("{what}: interaction token expired (15 minutes; the test expired it)"));
        return Err(error(StatusCode::UNAUTHORIZED, 50027, "Invalid Webhook Token"));
    }
    if rec.response.is_none() {
        inner.violation(format!("{what}: the interaction was not acknowledged yet"));
        return Err(error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook"));
    }
    Ok(rec)
}

/// The message id a webhook path names (`@original` or a follow-up).
fn hook_message(rec: &InteractionRec, mid: &str) -> Option<u64> {
    if mid == "@original" { rec.original } else { mid.parse().ok().filter(|m| rec.followups.contains(m)) }
}

async fn hook_get(State(st): St, Path((_app, token, mid)): Path<(String, String, String)>) -> Reply {
    let rec = hook(&st, &token, "GET webhook message")?;
    message_response(&st, hook_message(&rec, &mid).ok_or_else(unknown_message)?)
}

async fn hook_edit(State(st): St, Path((_app, token, mid)): Path<(String, String, String)>, req: Request) -> Reply {
    let what = format!("PATCH webhook message {mid}");
    let rec = hook(&st, &token, &what)?;
    edit(&st, hook_message(&rec, &mid).ok_or_else(unknown_message)?, &what, req, None).await
}

async fn edit(st: &Shared, m: u64, what: &str, req: Request, hold: Option<Hold>) -> Reply {
    let (payload, uploads) = payload_or_400(st, req).await?;
    if let Some(kind) = hold {
        pass(st, kind, &payload).await?;
    }
    check(st, what, &payload, &uploads, false)?;
    if st.lock().message(m).is_none_or(|msg| msg.deleted) {
        return Err(unknown_message());
    }
    st.lock().edit_message(m, &payload, uploads, &st.http_base);
    st.changed();
    message_response(st, m)
}

async fn hook_delete(State(st): St, Path((_app, token, mid)): Path<(String, String, String)>) -> Reply {
    let rec = hook(&st, &token, "DELETE webhook message")?;
    delete(&st, hook_message(&rec, &mid).ok_or_else(unknown_message)?)
}

fn delete(st: &Shared, m: u64) -> Reply {
    let mut inner = st.lock();
    let msg = inner.message_mut(m).filter(|msg| !msg.deleted).ok_or_else(unknown_message)?;
    msg.deleted = true;
    drop(inner);
    st.changed();
    Ok(StatusCode::NO_CONTENT.into_response())
}

async fn followup(State(st): St, Path((_app, token)): Path<(String, String)>, req: Request) -> Reply {
    let rec = hook(&st, &token, "follow-up")?;
    let what = format!("follow-up to interaction {}", rec.id);
    if rec.user_installed_only() && rec.followups.len() >= USER_INSTALL_FOLLOWUPS {
        let n = rec.followups.len() + 1;
        st.lock().violation(format!("{what}: follow-up {n} of a user-installed app (at most 5; 40094)"));
        st.changed();
        count(&st, "refused: follow-up limit");
        let message = "This interaction has hit the maximum number of follow up messages";
        return Err(error(StatusCode::BAD_REQUEST, 40094, message));
    }
    let (payload, uploads) = payload_or_400(&st, req).await?;
    check(&st, &what, &payload, &uploads, true)?;
    let eph = payload["flags"].as_u64().unwrap_or(0) & 64;
    let ctx = new_message(&rec, eph, rec.original);
    let id = {
        let mut inner = st.lock();
        let id = inner.create_message(ctx, &payload, uploads, &st.http_base);
        if let Some(r) = inner.interactions.get_mut(&rec.id) {
            r.followups.push(id);
        }
        id
    };
    st.changed();
    message_response(&st, id)
}

/// Counts a request to channel `ch`, and refuses it as Discord refuses a
/// channel the bot cannot see (403, 50001 "Missing Access";
/// opcodes-and-status-codes.mdx) when the channel is a group DM or a DM
/// between other people: the bot is not in them (the app answers there
/// only through interactions). Not a violation: Discord answers it and the
/// bot must cope; tests read `request_count("refused: missing access")`
/// and `channel_requests_to`.
pub(super) fn reach(st: &Shared, ch: u64) -> Result<(), Refusal> {
    let mut inner = st.lock();
    *inner.channel_requests.entry(ch).or_default() += 1;
    if !inner.setup(ch).place.bot_absent() {
        return Ok(());
    }
    *inner.requests.entry("refused: missing access".into()).or_default() += 1;
    Err(error(StatusCode::FORBIDDEN, 50001, "Missing Access"))
}

/// Discord's 403 50007 "Cannot send messages to this user" for a post in
/// the DM of a user who takes no DM from the bot (DMs from server members
/// turned off, no shared server, or the bot blocked): opening the DM
/// channel works, the message does not (opcodes-and-status-codes.mdx).
/// Not a violation; counted as "refused: cannot send messages to this user".
fn dm_open(st: &Shared, ch: u64) -> Result<(), Refusal> {
    let mut inner = st.lock();
    let payloads::Place::BotDm { user } = inner.setup(ch).place else { return Ok(()) };
    if !inner.dms_closed.contains(&user) {
        return Ok(());
    }
    *inner.requests.entry("refused: cannot send messages to this user".into()).or_default() += 1;
    Err(error(StatusCode::FORBIDDEN, 50007, "Cannot send messages to this user"))
}

/// POST /users/@me/channels `{"recipient_id"}`: the DM channel between the
/// bot and the recipient (a private-channel object, type 1, the same id
/// for the same recipient every time), where the bot may then post.
async fn open_dm(State(st): St, body: Bytes) -> Reply {
    count(&st, "POST dm channel");
    let body: Value = serde_json::from_slice(&body).map_err(|e| bad_json(&st, e))?;
    let Some(recipient) = super::state::id_of(&body["recipient_id"]) else {
        st.lock().violation(format!("POST /users/@me/channels without a recipient_id: {body}"));
        st.changed();
        return Err(error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body"));
    };
    let ch = st.lock().bot_dm(recipient);
    let channel = private_channel(ch, recipient);
    let back: Result<serenity::all::PrivateChannel, _> = serde_json::from_value(channel.clone());
    if let Err(e) = back {
        st.lock().violation(format!("the fake's DM channel does not parse as serenity's PrivateChannel: {e}"));
    }
    st.changed();
    Ok(Json(channel).into_response())
}

/// A DM channel object (the spec's PrivateChannelResponse: id, type,
/// flags, recipients; last_message_id, last_pin_timestamp).
fn private_channel(ch: u64, recipient: u64) -> Value {
    json!({"id": ch.to_string(), "type": 1, "flags": 0, "last_message_id": null, "last_pin_timestamp": null,
           "recipients": [payloads::user_by_id(recipient)]})
}

/// GET /channels/{ch}: the channel object (a server text channel or
/// thread, or the bot's DM); a group DM or DM of others is refused.
async fn channel_get_info(State(st): St, Path(ch): Path<u64>) -> Reply {
    count(&st, "GET channel");
    reach(&st, ch)?;
    let setup = st.lock().setup(ch);
    let mut channel = match setup.place {
        payloads::Place::BotDm { user } => private_channel(ch, user),
        _ => json!({"id": ch.to_string(), "type": 0, "guild_id": setup.guild.to_string(),
            "name": format!("game-{ch}"), "position": 0, "permission_overwrites": [], "nsfw": false,
            "parent_id": null, "topic": null, "last_message_id": null, "rate_limit_per_user": 0, "flags": 0}),
    };
    if setup.thread {
        channel["type"] = json!(11);
        channel["parent_id"] = json!(setup.parent.unwrap_or(ch.saturating_sub(1).max(1)).to_string());
        channel["thread_metadata"] = json!({"archived": false, "auto_archive_duration": 1440,
            "archive_timestamp": payloads::timestamp(1_600_000_000_000), "locked": false, "invitable": true});
    }
    let back: Result<serenity::all::Channel, _> = serde_json::from_value(channel.clone());
    if let Err(e) = back {
        st.lock().violation(format!("the fake's channel {ch} does not parse as serenity's Channel: {e}"));
        st.changed();
    }
    Ok(Json(channel).into_response())
}

async fn channel_post(State(st): St, Path(ch): Path<u64>, req: Request) -> Reply {
    count(&st, "POST channel message");
    reach(&st, ch)?;
    dm_open(&st, ch)?;
    let (payload, uploads) = payload_or_400(&st, req).await?;
    pass(&st, Hold::MessagePosts, &payload).await?;
    may_post(&st, ch, &payload, &uploads)?;
    check(&st, &format!("POST message in channel {ch}"), &payload, &uploads, true)?;
    let ctx = channel_message(ch);
    let id = st.lock().create_message(ctx, &payload, uploads, &st.http_base);
    st.changed();
    message_response(&st, id)
}

/// Discord's 403 (50013 Missing Permissions) when the bot may not post this
/// message in the channel: it needs View Channel and Send Messages (Send
/// Messages in Threads in a thread), Attach Files for files and Embed Links
/// for embeds. Not a violation: Discord answers it, and the bot must cope.
fn may_post(st: &Shared, ch: u64, payload: &Value, uploads: &[Upload]) -> Result<(), Refusal> {
    let setup = st.lock().setup(ch);
    let send = if setup.thread { perms::SEND_MESSAGES_IN_THREADS } else { perms::SEND_MESSAGES };
    let mut needed = perms::VIEW_CHANNEL | send;
    if !uploads.is_empty() {
        needed |= perms::ATTACH_FILES;
    }
    if payload["embeds"].as_array().is_some_and(|e| !e.is_empty()) {
        needed |= perms::EMBED_LINKS;
    }
    if setup.rest_permissions & needed == needed {
        return Ok(());
    }
    count(st, "POST refused (50013)");
    Err(error(StatusCode::FORBIDDEN, 50013, "Missing Permissions"))
}

/// A channel's newest messages (50 at most). Without Read Message History
/// Discord returns none ("If the current user is missing the
/// READ_MESSAGE_HISTORY permission in the channel, then no messages will be
/// returned": Get Channel Messages).
async fn channel_list(State(st): St, Path(ch): Path<u64>) -> Reply {
    reach(&st, ch)?;
    let inner = st.lock();
    if inner.setup(ch).rest_permissions & perms::READ_MESSAGE_HISTORY == 0 {
        return Ok(Json(json!([])).into_response());
    }
    let list: Vec<Value> = inner
        .messages
        .iter()
        .rev()
        .filter(|m| m.channel_id == ch && !m.deleted && m.ephemeral_for.is_none())
        .take(50)
        .map(|m| m.json.clone())
        .collect();
    Ok(Json(json!(list)).into_response())
}

/// The message, if it is a live, public message of channel `ch`.
fn in_channel(st: &Shared, ch: u64, mid: u64) -> Result<u64, Refusal> {
    let inner = st.lock();
    let ok = inner.message(mid).is_some_and(|m| m.channel_id == ch && !m.deleted && m.ephemeral_for.is_none());
    if ok { Ok(mid) } else { Err(unknown_message()) }
}

async fn channel_get(State(st): St, Path((ch, mid)): Path<(u64, u64)>) -> Reply {
    count(&st, "GET channel message");
    reach(&st, ch)?;
    pass(&st, Hold::MessageReads, &json!({"message": mid})).await?;
    message_response(&st, in_channel(&st, ch, mid)?)
}

async fn channel_edit(State(st): St, Path((ch, mid)): Path<(u64, u64)>, req: Request) -> Reply {
    count(&st, "PATCH channel message");
    reach(&st, ch)?;
    edit(&st, in_channel(&st, ch, mid)?, &format!("PATCH message {mid}"), req, Some(Hold::MessageEdits)).await
}

async fn channel_delete(State(st): St, Path((ch, mid)): Path<(u64, u64)>) -> Reply {
    reach(&st, ch)?;
    delete(&st, in_channel(&st, ch, mid)?)
}

async fn attachment(State(st): St, Path((_ch, id, _name)): Path<(u64, u64, String)>) -> Response {
    let inner = st.lock();
    let file = inner.messages.iter().flat_map(|m| &m.files).find(|f| f.id == id).map(|f| f.bytes.to_vec());
    match file {
        Some(bytes) => bytes.into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}
