//! What the fake Discord models of Activities (an app's web page run inside
//! Discord, its "Embedded App"), each rule with where it comes from:
//!
//! - The app's flags carry `EMBEDDED` (1 << 17, application.mdx,
//!   "Application Flags"; serenity's `ApplicationFlags::EMBEDDED`) once a
//!   test switched its Activities on ([`super::FakeDiscord::enable_activities`]);
//!   off by default, like a new app in the developer portal.
//! - The interaction callback `LAUNCH_ACTIVITY` (type 12) answers an
//!   application command or a component interaction, "only available for
//!   apps with Activities enabled" (receiving-and-responding.mdx,
//!   "Interaction Callback Type"; the spec's `InteractionCallbackTypes` and
//!   `LaunchActivityInteractionCallbackRequest`): for an app without them
//!   it is refused (400; the docs name no error code, the fake answers
//!   50035) and the interaction stays unanswered. Accepted, it opens the
//!   app's Activity in the interaction's channel for the one who clicked:
//!   the channel's running instance gains her, or a new instance starts.
//! - `GET /applications/{application_id}/activity-instances/{instance_id}`
//!   (bot token; the spec's `applications_get_activity_instance`, answering
//!   an `EmbeddedActivityInstance`: `application_id`, `instance_id`,
//!   `launch_id`, `location` (`GuildChannelLocation` "gc" with `channel_id`
//!   and `guild_id`, or `PrivateChannelLocation` "pc" with `channel_id`),
//!   `users`); an unknown instance is 404 (the docs name no error code:
//!   the fake answers code 0).
//! - OAuth2 for the Activity (oauth2/overview.mdx, "Authorization Code
//!   Grant"; the SDK's `authorize` hands the page a `code`): `POST
//!   /api/oauth2/token` (and under `/api/v10`), form-encoded `client_id`,
//!   `client_secret`, `grant_type=authorization_code`, `code`; a code is
//!   good once; a wrong client is 401 `invalid_client`, a bad or used code
//!   400 `invalid_grant`; the answer is `access_token`, `token_type`
//!   "Bearer", `expires_in`, `refresh_token`, `scope`.
//! - The app's Entry Point command (type 4, `PRIMARY_ENTRY_POINT`; the
//!   spec's `ApplicationCommandType`), made by Discord when Activities are
//!   switched on (handler 2) and kept by a bulk overwrite (error 50240,
//!   application-commands.mdx, "Entry Point commands"). Its `handler`
//!   (the spec's `ApplicationCommandHandler`, a field of the command
//!   objects a registration sends): 2 `DISCORD_LAUNCH_ACTIVITY`, Discord
//!   opens the Activity and the app hears nothing; 1 `APP_HANDLER`, the
//!   app is sent an APPLICATION_COMMAND interaction whose data has `type`
//!   4, and answers it ("The app handles the interaction using an
//!   interaction token"); any other value is refused (50035)
//!   ([`super::FakeDiscord::use_entry_point`]).
//! - `GET /users/@me` with `Authorization: Bearer <access token>` answers
//!   the token's user (the spec's security for it: `BotToken` or `OAuth2`
//!   with `identify`); an unknown or expired token is 401.
//! - `GET /oauth2/@me` with a bearer token (the spec's
//!   `get_my_oauth2_authorization`, answering an
//!   `OAuth2GetAuthorizationResponse`: `application` (an
//!   `ApplicationResponse`), `scopes`, `expires` (required), and `user`,
//!   given with `identify`); an unknown or expired token is 401. Tokens of
//!   another application, or without `identify`, are made by
//!   [`Activities::grant`] (a test's stranger with a token of her own).
//! - A 429 (the spec's `ClientRatelimitedResponse`: a `RatelimitedResponse`
//!   body with `retry_after` seconds and `global`, and rate-limit headers;
//!   Discord also sends `Retry-After`) is answered by the OAuth2 routes
//!   while a test asks for it ([`super::FakeDiscord::rate_limit_oauth`]).

use serde_json::{Value, json};
use std::collections::HashMap;

/// The client secret of the fake app, when a test switched Activities on.
pub const CLIENT_SECRET: &str = "fake-client-secret-not-in-any-log";

/// `EMBEDDED` among the application flags.
pub const EMBEDDED: u64 = 1 << 17;

/// An Activity running in a channel.
#[derive(Clone, Debug)]
pub struct Instance {
    pub id: String,
    pub channel: u64,
    /// 0 outside servers (a "pc" location).
    pub guild: u64,
    pub users: Vec<u64>,
}

/// The fake's Activities: whether they are on, the codes and tokens it
/// issued, the instances running.
#[derive(Debug, Default)]
pub struct Activities {
    pub enabled: bool,
    /// Authorisation codes not yet exchanged, with their user.
    pub codes: HashMap<String, u64>,
    /// Access tokens, with their user and whether they expired.
    pub tokens: HashMap<String, (u64, bool)>,
    pub instances: Vec<Instance>,
    pub issued: u64,
    /// Tokens Discord issued to other applications, or without
    /// `identify`: their user, application and scopes.
    pub grants: HashMap<String, (u64, u64, Vec<String>)>,
    /// Until when the OAuth2 routes answer 429.
    pub limited_until: Option<std::time::Instant>,
}

impl Activities {
    /// The flags the app's object carries.
    pub fn flags(&self) -> u64 {
        if self.enabled { EMBEDDED } else { 0 }
    }

    /// A new authorisation code for `user` (what Discord's client gives
    /// the SDK's `authorize`).
    pub fn code_for(&mut self, user: u64) -> String {
        self.issued += 1;
        let code = format!("code-{user}-{}", self.issued);
        self.codes.insert(code.clone(), user);
        code
    }

    /// Exchanges a code (form fields); `Err` is the status and the OAuth2 error.
    pub fn exchange(&mut self, form: &HashMap<String, String>, app: u64) -> Result<Value, (u16, &'static str)> {
        let field = |k: &str| form.get(k).map(String::as_str).unwrap_or_default();
        if !self.enabled || field("client_id") != app.to_string() || field("client_secret") != CLIENT_SECRET {
            return Err((401, "invalid_client"));
        }
        if field("grant_type") != "authorization_code" {
            return Err((400, "unsupported_grant_type"));
        }
        let Some(user) = self.codes.remove(field("code")) else { return Err((400, "invalid_grant")) };
        self.issued += 1;
        let token = format!("access-{user}-{}", self.issued);
        self.tokens.insert(token.clone(), (user, false));
        Ok(json!({"access_token": token, "token_type": "Bearer", "expires_in": 604_800,
                  "refresh_token": format!("refresh-{}", self.issued), "scope": "identify"}))
    }

    /// A token of `user` for application `app` with `scopes` (another
    /// app's, or this app's without `identify`).
    pub fn grant(&mut self, user: u64, app: u64, scopes: &[&str]) -> String {
        self.issued += 1;
        let token = format!("grant-{user}-{app}-{}", self.issued);
        self.grants.insert(token.clone(), (user, app, scopes.iter().map(|s| s.to_string()).collect()));
        token
    }

    /// `GET /oauth2/@me` for a bearer token of application `ours`.
    pub fn authorization(&self, token: &str, ours: u64) -> Option<Value> {
        let (user, app, scopes) = match self.bearer(token) {
            Some(user) => (user, ours, vec!["identify".to_string()]),
            None => self.grants.get(token).cloned()?,
        };
        let mut answer = json!({
            "application": {"id": app.to_string(), "name": format!("app-{app}"), "icon": null, "description": "",
                            "bot_public": true, "bot_require_code_grant": false, "flags": 0},
            "scopes": scopes,
            "expires": "2099-01-01T00:00:00.000000+00:00",
        });
        if scopes.iter().any(|s| s == "identify") {
            answer["user"] = super::payloads::user_by_id(user);
        }
        Some(answer)
    }

    /// The user of a live bearer token.
    pub fn bearer(&self, token: &str) -> Option<u64> {
        self.tokens.get(token).filter(|(_, expired)| !expired).map(|(u, _)| *u)
    }

    /// Opens the Activity in `channel` for `user`: the channel's instance
    /// gains her, or a new one starts. Returns the instance id.
    pub fn open(&mut self, channel: u64, guild: u64, user: u64, new_id: u64) -> String {
        if let Some(i) = self.instances.iter_mut().find(|i| i.channel == channel) {
            if !i.users.contains(&user) {
                i.users.push(user);
            }
            return i.id.clone();
        }
        let id = format!("i-{new_id}-gc-{channel}");
        self.instances.push(Instance { id: id.clone(), channel, guild, users: vec![user] });
        id
    }

    /// An instance as `GET …/activity-instances/{id}` answers it.
    pub fn instance_json(&self, id: &str, app: u64) -> Option<Value> {
        let i = self.instances.iter().find(|i| i.id == id)?;
        let location = if i.guild == 0 {
            json!({"id": format!("pc-{}", i.channel), "kind": "pc", "channel_id": i.channel.to_string()})
        } else {
            json!({"id": format!("gc-{}-{}", i.guild, i.channel), "kind": "gc",
                   "channel_id": i.channel.to_string(), "guild_id": i.guild.to_string()})
        };
        let users: Vec<String> = i.users.iter().map(u64::to_string).collect();
        Some(json!({"application_id": app.to_string(), "instance_id": i.id, "launch_id": format!("launch-{}", i.id),
                    "location": location, "users": users}))
    }
}

/// One Activity in the fake Discord client: whose it is and what Discord
/// would pass it (the query of its frame's address, its OAuth2 code).
pub struct ClientFrame {
    pub user: u64,
    pub username: String,
    /// What the fake Discord client answers the SDK's `authorize`.
    pub code: String,
    pub instance: String,
    pub channel: u64,
    pub guild: u64,
}

/// A page standing in for Discord's client: it frames each Activity
/// (`{activity}?instance_id=…&channel_id=…&guild_id=…&frame_id=…&platform=mobile`,
/// as Discord loads an Activity) and answers the Embedded App SDK's
/// messages as the SDK's source expects them (`@discord/embedded-app-sdk`
/// 2.5.0, `Discord.mjs` and `schema/`): the SDK posts
/// `[0, {v: 1, encoding, client_id, frame_id, sdk_version?}]` (HANDSHAKE)
/// to its parent, which answers the frame `[1, {cmd: "DISPATCH", evt:
/// "READY", nonce: null, data: {v, config: {cdn_host, api_endpoint,
/// environment}, user}}]`; a command is `[1, {cmd, args, nonce}]` and its
/// answer `[1, {cmd, evt: null, nonce, data}]` — AUTHORIZE's data
/// `{code}`, AUTHENTICATE's `{access_token, user, scopes, expires,
/// application}` — and a command not modelled gets an ERROR frame. The
/// SDK only reads messages from allowed origins, its own among them: the
/// page must be served from the Activity's origin (the test serves it
/// through the browser, see `Browser::serve`). `window.RPC` lists what
/// each frame asked, in order.
pub fn client_page(activity: &str, client_id: u64, frames: &[ClientFrame]) -> String {
    let config: serde_json::Map<String, Value> = frames
        .iter()
        .enumerate()
        .map(|(n, f)| {
            let frame_id = format!("frame-{n}-{}", f.user);
            let src = format!(
                "{activity}?instance_id={}&channel_id={}&guild_id={}&frame_id={frame_id}&platform=mobile",
                f.instance, f.channel, f.guild
            );
            let user = json!({"id": f.user.to_string(), "username": f.username, "discriminator": "0"});
            (format!("f-{}", f.user), json!({"src": src, "frame_id": frame_id, "code": f.code, "user": user}))
        })
        .collect();
    let config = Value::Object(config);
    format!(
        r#"<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Fake Discord client</title>
<style>body{{margin:0;background:#313338}}iframe{{display:block;width:100%;height:100vh;border:0;margin:0 0 4px}}</style>
</head><body><script>
var CLIENT_ID = "{client_id}", FRAMES = {config};
window.RPC = [];
window.addEventListener('message', function (ev) {{
  var id = null;
  for (var k in FRAMES) {{ var f = document.getElementById(k); if (f && f.contentWindow === ev.source) id = k; }}
  if (!id || !Array.isArray(ev.data)) return;
  var me = FRAMES[id], op = ev.data[0], p = ev.data[1] || {{}};
  function reply(frame) {{ ev.source.postMessage(frame, ev.origin); }}
  RPC.push(id + ':' + (op === 0 ? 'HANDSHAKE' : op === 1 ? p.cmd : 'op' + op));
  if (op === 0) {{
    if (p.v !== 1 || p.client_id !== CLIENT_ID || p.frame_id !== me.frame_id) {{ RPC.push(id + ':bad handshake'); return; }}
    reply([1, {{cmd: 'DISPATCH', evt: 'READY', nonce: null, data: {{v: 1,
      config: {{cdn_host: 'cdn.discordapp.com', api_endpoint: '//discord.com/api', environment: 'production'}},
      user: me.user}}}}]);
  }} else if (op === 1 && p.cmd === 'AUTHORIZE') {{
    var a = p.args || {{}};
    if (a.client_id !== CLIENT_ID || a.response_type !== 'code' || (a.scope || []).indexOf('identify') < 0) {{
      reply([1, {{cmd: p.cmd, evt: 'ERROR', nonce: p.nonce, data: {{code: 4002, message: 'bad authorize'}}}}]); return;
    }}
    reply([1, {{cmd: 'AUTHORIZE', evt: null, nonce: p.nonce, data: {{code: me.code}}}}]);
  }} else if (op === 1 && p.cmd === 'AUTHENTICATE') {{
    reply([1, {{cmd: 'AUTHENTICATE', evt: null, nonce: p.nonce, data: {{
      access_token: (p.args || {{}}).access_token,
      user: {{id: me.user.id, username: me.user.username, discriminator: '0', public_flags: 0, global_name: null}},
      scopes: ['identify'], expires: '2099-01-01T00:00:00.000Z',
      application: {{description: '', id: CLIENT_ID, name: 'thaayam-test'}}}}}}]);
  }} else if (op === 1) {{
    reply([1, {{cmd: p.cmd, evt: 'ERROR', nonce: p.nonce, data: {{code: 1000, message: 'not modelled by the fake client: ' + p.cmd}}}}]);
  }}
}});
for (var k in FRAMES) {{
  var f = document.createElement('iframe'); f.id = k; f.src = FRAMES[k].src; document.body.appendChild(f);
}}
</script></body></html>"#
    )
}
