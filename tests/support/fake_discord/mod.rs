//! A fake Discord on loopback for end-to-end tests of the real bot: REST
//! under /api/v10 (axum) and a gateway WebSocket, both on 127.0.0.1 with
//! ephemeral ports inside the test process. Everything it sends is checked
//! with serenity's own types; everything the bot sends is checked against
//! Discord's limits. Breaches are collected as violations. Stored
//! messages keep what Discord would have done beyond the JSON: who a new
//! message notified (its allowed mentions; edits notify no one) and each
//! attachment's description (alt text).
//!
//! It may recommend several gateway shards (`start_sharded`) and place
//! channels in several servers (`place_channel`): each server's events go
//! to the session of its shard only, as on Discord.
//!
//! Channels may also be places outside servers (issue 33): a group DM
//! (`make_group_dm`) or a DM between two people (`make_private_dm`), where
//! the bot is not and the app is user-installed, and the DM between a user
//! and the bot (`bot_dm`, also what `POST /users/@me/channels` opens).
//! Interactions from them carry Discord's fields there (context 1 or 2, a
//! top-level `user`, no `guild_id`/`member`/`guild_locale`, their
//! `authorizing_integration_owners` and `app_permissions`); only their
//! members can use them. Channel requests to a group DM or a DM of others
//! are refused as Discord refuses them (403 50001, counted, see
//! `channel_requests_to`); an interaction authorised only by a user install
//! allows 5 follow-ups (the 6th is refused with 40094 and is a violation);
//! `expire_tokens` ends every token so far. The rules and their sources:
//! docs/discord-platform.md, "Places outside servers".
//!
//! Tests may also restrict what the bot may do in a channel (the
//! interactions' `app_permissions`, and REST's 403 50013 on posts), make a
//! channel a thread, click together as a crowd, and forge what no real
//! client sends: clicks with any custom_id on any message from any channel
//! or server, and slash-command options outside their choices or ranges.
//!
//! ```ignore
//! let fake = FakeDiscord::start().await;
//! // point the bot at fake.http_base() (the gateway URL comes from GET /gateway)
//! fake.wait_ready(Duration::from_secs(10)).await;
//! let i = fake.send_slash(&alice, CHANNEL, "thaayam", "new", vec![]).await;
//! let reply = fake.wait_response(i, Duration::from_secs(3)).await;
//! fake.assert_no_violations();
//! ```

pub mod activity;
mod gateway;
pub mod interactions;
pub mod payloads;
mod read;
pub mod rest;
pub mod state;
pub mod threads;
pub mod validate;

pub use interactions::Opt;
pub use payloads::{FakeUser, GUILD_ID, Place};
pub use state::{Hold, InteractionRec, Response, StoredMessage};

use payloads::{ChannelSetup, Origin};
use serde_json::{Value, json};
use state::{InteractionRec as Rec, Shared};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio::task::JoinHandle;

/// A running fake Discord. Dropping it stops its servers.
pub struct FakeDiscord {
    shared: Arc<Shared>,
    tasks: Vec<JoinHandle<()>>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        for t in &self.tasks {
            t.abort();
        }
    }
}

/// How long the helpers wait for the bot to connect.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(20);

impl FakeDiscord {
    /// Starts the REST server and the gateway on 127.0.0.1 (ephemeral ports).
    pub async fn start() -> FakeDiscord {
        FakeDiscord::start_sharded(1).await
    }

    /// [`FakeDiscord::start`], recommending `shards` gateway shards in
    /// `GET /gateway/bot` (what serenity's autosharding starts).
    pub async fn start_sharded(shards: u32) -> FakeDiscord {
        let http = TcpListener::bind("127.0.0.1:0").await.expect("bind fake REST port");
        let gw = gateway::listener().expect("bind fake gateway port");
        let http_base = format!("http://{}", http.local_addr().expect("REST address"));
        let gateway_url = format!("ws://{}", gw.local_addr().expect("gateway address"));
        let shared = Arc::new(Shared::new(http_base, gateway_url));
        shared.lock().shards = shards;
        let app = rest::router(shared.clone());
        // Like Discord's servers, answer without Nagle's delay: a response
        // written in two parts otherwise waits for the client's delayed
        // ACK (40 ms on Linux), which a load test then counts as latency.
        let http = axum::serve::ListenerExt::tap_io(http, |tcp| {
            if let Err(e) = tcp.set_nodelay(true) {
                eprintln!("fake Discord: could not set TCP_NODELAY: {e}");
            }
        });
        let rest_task = tokio::spawn(async move {
            if let Err(e) = axum::serve(http, app).await {
                eprintln!("fake Discord REST server stopped: {e}");
            }
        });
        let gw_task = tokio::spawn(gateway::serve(gw, shared.clone()));
        FakeDiscord { shared, tasks: vec![rest_task, gw_task] }
    }

    /// The base URL to give serenity's `HttpBuilder::proxy` ("http://127.0.0.1:PORT").
    pub fn http_base(&self) -> String {
        self.shared.http_base.clone()
    }

    /// The gateway URL that GET /api/v10/gateway returns.
    pub fn gateway_url(&self) -> String {
        self.shared.gateway_url.clone()
    }

    /// Waits until a bot session has identified and registered its commands.
    pub async fn wait_ready(&self, timeout: Duration) {
        let ok = self
            .shared
            .wait_until(timeout, |i| {
                // (An Entry Point command is Discord's own, not the bot's.)
                let registered = i.global_commands.iter().any(|c| c["type"] != 4) || !i.guild_commands.is_empty();
                (registered && !i.sessions.is_empty()).then_some(())
            })
            .await;
        if ok.is_none() {
            panic!("the bot did not connect and register its commands within {timeout:?}; {}", self.summary());
        }
    }

    /// The app's global commands as registered (names and types).
    pub fn global_commands(&self) -> Vec<(String, u64)> {
        let inner = self.shared.lock();
        let named = inner
            .global_commands
            .iter()
            .map(|c| (c["name"].as_str().unwrap_or("").to_string(), c["type"].as_u64().unwrap_or(0)));
        named.collect()
    }

    /// Waits until no gateway session is connected (the bot has stopped).
    pub async fn wait_disconnected(&self, timeout: Duration) -> bool {
        self.shared.wait_until(timeout, |i| i.sessions.is_empty().then_some(())).await.is_some()
    }

    /// Sets what the bot may do in `channel`: interactions from it carry
    /// `permissions` as `app_permissions`, and REST enforces them.
    pub fn restrict_bot(&self, channel: u64, permissions: u64) {
        let mut inner = self.shared.lock();
        let setup = inner.channel_setups.entry(channel).or_default();
        setup.app_permissions = permissions;
        setup.rest_permissions = permissions;
    }

    /// Sets only what REST allows the bot in `channel`; interactions keep
    /// reporting the old `app_permissions` (a permission changed between
    /// the interaction and the bot's post).
    pub fn set_rest_permissions(&self, channel: u64, permissions: u64) {
        self.shared.lock().channel_setups.entry(channel).or_default().rest_permissions = permissions;
    }

    /// The threads the bot opened (`tests/support/fake_discord/threads.rs`), oldest first.
    pub fn threads(&self) -> Vec<threads::Thread> {
        self.shared.lock().threads.clone()
    }

    /// Makes `channel` a public thread (posting there needs Send Messages in Threads).
    pub fn make_thread(&self, channel: u64) {
        self.shared.lock().channel_setups.entry(channel).or_default().thread = true;
    }

    /// Places `channel` in server `guild` (the bot is in it: the session of
    /// its shard gets its GUILD_CREATE at IDENTIFY, or now if it is up).
    pub fn place_channel(&self, channel: u64, guild: u64) {
        let mut inner = self.shared.lock();
        inner.channel_setups.entry(channel).or_default().guild = guild;
        if guild == GUILD_ID || inner.guilds.contains(&guild) {
            return;
        }
        inner.guilds.push(guild);
        let create = json!({"t": "GUILD_CREATE", "d": payloads::guild(guild)});
        let session = inner.sessions.iter().rev().find(|s| state::shard_of(guild, s.shard[1]) == s.shard[0]);
        if let Some(s) = session {
            let _ = s.tx.send(create);
        }
    }

    /// Waits until `n` gateway sessions (shards) have identified.
    pub async fn wait_sessions(&self, n: usize, timeout: Duration) {
        if self.shared.wait_until(timeout, |i| (i.sessions.len() >= n).then_some(())).await.is_none() {
            panic!("{n} shards did not identify within {timeout:?}; {}", self.summary());
        }
    }

    /// The shards of the sessions connected now (`[id, count]`), oldest first.
    pub fn shards(&self) -> Vec<[u32; 2]> {
        self.shared.lock().sessions.iter().map(|s| s.shard).collect()
    }

    /// How many dispatches each shard's sessions were sent, by shard id.
    pub fn shard_dispatches(&self) -> std::collections::HashMap<u32, u64> {
        self.shared.lock().shard_dispatches.clone()
    }

    /// Makes `channel` a group DM (channel type 3) of `members` (the first
    /// one owns it). The bot is not in it: the app is user-installed by
    /// whoever uses it there. Interactions from it carry context 2, a
    /// top-level `user`, no `guild_id`/`member`/`guild_locale`,
    /// `authorizing_integration_owners` {"1": the authorizing user} and
    /// `app_permissions` 180224 (ATTACH_FILES | EMBED_LINKS |
    /// MENTION_EVERYONE); only members can use commands and click there;
    /// every REST request to /channels/{channel}/… is refused (403 50001).
    pub fn make_group_dm(&self, channel: u64, members: &[&FakeUser]) {
        let owner = members.first().map_or(0, |u| u.id);
        self.make_private(channel, Place::GroupDm { owner }, members.iter().map(|u| u.id).collect());
    }

    /// Makes `channel` a DM between `a` and `b` (channel type 1), the bot
    /// not in it: as [`Self::make_group_dm`] (context 2, user install, REST refused).
    pub fn make_private_dm(&self, channel: u64, a: &FakeUser, b: &FakeUser) {
        self.make_private(channel, Place::PrivateDm { a: a.id, b: b.id }, vec![a.id, b.id]);
    }

    fn make_private(&self, channel: u64, place: Place, members: Vec<u64>) {
        let mut inner = self.shared.lock();
        let setup =
            ChannelSetup { app_permissions: payloads::perms::PRIVATE_CHANNEL, place, ..ChannelSetup::default() };
        inner.channel_setups.insert(channel, setup);
        inner.private_members.insert(channel, members);
    }

    /// The channel id of the DM between `user` and the bot (channel type
    /// 1), made on first use: the same id `POST /users/@me/channels`
    /// returns for that recipient. The bot is in it and may post, edit and
    /// read there; interactions from it carry context 1 (BOT_DM),
    /// `authorizing_integration_owners` {"0": "0"} (the app's server
    /// install) and `app_permissions` 442368.
    pub fn bot_dm(&self, user: &FakeUser) -> u64 {
        self.shared.lock().bot_dm(user.id)
    }

    /// `user` takes no DM from the bot: the DM channel still opens, but
    /// every post there gets 403 50007 "Cannot send messages to this user"
    /// (counted as `request_count("refused: cannot send messages to this user")`).
    pub fn close_dms(&self, user: &FakeUser) {
        self.shared.lock().dms_closed.insert(user.id);
    }

    /// The live messages of the DM between the bot and `user_id` (what
    /// the bot sent there, and its interaction answers there), oldest first.
    pub fn dms_to(&self, user_id: u64) -> Vec<StoredMessage> {
        let inner = self.shared.lock();
        let Some(&ch) = inner.bot_dms.get(&user_id) else { return Vec::new() };
        inner.channel_messages(ch).filter(|m| !m.deleted).cloned().collect()
    }

    /// How many REST requests the bot sent to /channels/{channel}/…
    /// (messages posted, edited, read, listed, deleted; the channel read),
    /// refused ones included. Tests of group-DM games expect 0.
    pub fn channel_requests_to(&self, channel: u64) -> u64 {
        self.shared.lock().channel_requests.get(&channel).copied().unwrap_or(0)
    }

    /// The tokens of every interaction so far expire now (as 15 minutes
    /// after each): webhook calls with them (`@original`, follow-ups) get
    /// 401 50027 Invalid Webhook Token and their callbacks 404 10062. The
    /// bot using one is still a violation (tests may expect it in
    /// [`Self::violations`]).
    pub fn expire_tokens(&self) {
        let mut inner = self.shared.lock();
        for rec in inner.interactions.values_mut() {
            rec.expired = true;
        }
    }

    /// Switches the app's Activities on (the `EMBEDDED` flag, the launch
    /// callback accepted, OAuth2 with [`activity::CLIENT_SECRET`]).
    ///
    /// Discord then gives the app an Entry Point command of its own
    /// (`launch`, type 4, handler 2: Discord launches the Activity), which a
    /// bulk overwrite of the global commands must keep (error 50240).
    pub fn enable_activities(&self) {
        let mut inner = self.shared.lock();
        inner.activities.enabled = true;
        if !inner.global_commands.iter().any(|c| c["type"] == 4) {
            let (id, version) = (inner.next_id().to_string(), inner.next_id().to_string());
            inner.global_commands.push(json!({
                "id": id, "application_id": payloads::APP_ID.to_string(), "version": version, "type": 4,
                "name": "launch", "description": "", "handler": 2, "default_member_permissions": null,
                "integration_types": [0, 1], "contexts": [0, 1, 2]
            }));
        }
    }

    /// An OAuth2 authorisation code for `user`, as Discord's client gives
    /// it to the Activity's `authorize` (good for one exchange).
    pub fn authorize(&self, user: &FakeUser) -> String {
        self.shared.lock().activities.code_for(user.id)
    }

    /// The Activity running in `channel`, if any.
    pub fn activity_instance(&self, channel: u64) -> Option<activity::Instance> {
        self.shared.lock().activities.instances.iter().find(|i| i.channel == channel).cloned()
    }

    /// `user` opens the Activity of `channel` from Discord's own menu (not
    /// through the bot): she joins its instance, or starts one. Returns
    /// the instance id.
    pub fn join_activity(&self, user: &FakeUser, channel: u64) -> String {
        let mut inner = self.shared.lock();
        let setup = inner.setup(channel);
        let guild = if setup.place.is_private() { 0 } else { setup.guild };
        let id = inner.next_id();
        inner.activities.open(channel, guild, user.id, id)
    }

    /// `user` runs the app's Entry Point command in `channel` (the App
    /// Launcher's "Launch"). With its `handler` 1 (APP_HANDLER, the spec's
    /// `ApplicationCommandHandler`) Discord sends the app an
    /// APPLICATION_COMMAND interaction of command type 4
    /// (`PRIMARY_ENTRY_POINT`), which the app answers (here with the
    /// launch callback, or a message): its id. With handler 2
    /// (DISCORD_LAUNCH_ACTIVITY) Discord opens the Activity itself and the
    /// app hears nothing: the instance's id.
    pub async fn use_entry_point(&self, user: &FakeUser, channel: u64) -> EntryPoint {
        self.may_use(user, channel).unwrap_or_else(|e| panic!("a real client could not launch here: {e}"));
        let (command, place) = {
            let inner = self.shared.lock();
            let command = inner.global_commands.iter().find(|c| c["type"] == 4).cloned();
            (command.unwrap_or_else(|| panic!("the app has no Entry Point command")), inner.setup(channel).place)
        };
        let guild_install = interactions::offered(&command, true, place)
            .unwrap_or_else(|e| panic!("the Entry Point command is not offered here: {e}"));
        if command["handler"] != 1 {
            return EntryPoint::Launched(self.join_activity(user, channel));
        }
        let mut origin = self.slash_origin(user, channel);
        origin.guild_install = guild_install;
        let mut data = json!({"id": command["id"], "name": command["name"], "type": 4});
        if !place.is_private() {
            data["guild_id"] = json!(origin.guild.to_string());
        }
        EntryPoint::Interaction(self.dispatch_interaction(2, user, origin, data, None, None).await)
    }

    /// A token of `user` that Discord gave application `app` with
    /// `scopes` (another app's, or this one's without `identify`).
    pub fn grant_token(&self, user: &FakeUser, app: u64, scopes: &[&str]) -> String {
        self.shared.lock().activities.grant(user.id, app, scopes)
    }

    /// The OAuth2 routes answer 429 (with `Retry-After`) for `for_`.
    pub fn rate_limit_oauth(&self, for_: Duration) {
        self.shared.lock().activities.limited_until = Some(Instant::now() + for_);
    }

    /// Every access token issued so far expires now.
    pub fn expire_access_tokens(&self) {
        for (_, expired) in self.shared.lock().activities.tokens.values_mut() {
            *expired = true;
        }
    }

    /// Whether `user` could use `channel` at all: a private place only by its members.
    fn may_use(&self, user: &FakeUser, channel: u64) -> Result<(), String> {
        let inner = self.shared.lock();
        match inner.private_members.get(&channel) {
            Some(members) if !members.contains(&user.id) => {
                Err(format!("{} is not in the private channel {channel}", user.name))
            }
            _ => Ok(()),
        }
    }

    fn origin(&self, channel: u64, guild: u64) -> Origin {
        let setup = self.shared.lock().setup(channel);
        let guild = if setup.place.is_private() { 0 } else { guild };
        Origin { guild, channel, setup, authorizer: 0, guild_install: true }
    }

    /// Where an interaction from `channel` comes from: its own server (none outside servers).
    fn home(&self, channel: u64) -> Origin {
        let setup = self.shared.lock().setup(channel);
        self.origin(channel, setup.guild)
    }

    /// The origin of a slash command of `user`: they authorise it.
    fn slash_origin(&self, user: &FakeUser, channel: u64) -> Origin {
        Origin { authorizer: user.id, ..self.home(channel) }
    }

    /// The origin of a click on `message` from `origin`: outside servers,
    /// the installation that authorised the interaction whose answer the
    /// message is authorises the click too (receiving-and-responding.mdx:
    /// the owners tell "the authorizing user and the user that triggered
    /// an interaction (like a message component)" apart).
    fn click_origin(&self, user: &FakeUser, mut origin: Origin, message: u64) -> Origin {
        let inner = self.shared.lock();
        let made_by = inner.message(message).and_then(|m| m.interaction_id).and_then(|i| inner.interactions.get(&i));
        let owners = made_by.map(|r| &r.owners);
        origin.authorizer = owners.and_then(|o| state::id_of(&o["1"])).unwrap_or(user.id);
        origin.guild_install = owners.is_none_or(|o| o.get("0").is_some());
        origin
    }

    /// Sends `/command sub options…` as `user` in `channel` (`sub` may be a
    /// group's subcommand: `tournament new`); returns the interaction id.
    pub async fn send_slash(&self, user: &FakeUser, channel: u64, command: &str, sub: &str, options: Vec<Opt>) -> u64 {
        let mut origin = self.slash_origin(user, channel);
        let data = self.may_use(user, channel).and_then(|()| {
            let inner = self.shared.lock();
            interactions::slash_data(&inner, origin.guild, origin.setup.place, command, sub, &options, true)
        });
        let (data, guild_install) =
            data.unwrap_or_else(|e| panic!("a real client could not send this slash command: {e}"));
        origin.guild_install = guild_install;
        self.dispatch_interaction(2, user, origin, data, None, None).await
    }

    /// Sends a forged `/command sub options…`: option values outside their
    /// declared choices or ranges, which no real client sends but anyone
    /// can. The command and the options must still be registered ones.
    pub async fn send_forged_slash(
        &self,
        user: &FakeUser,
        channel: u64,
        command: &str,
        sub: &str,
        options: Vec<Opt>,
    ) -> u64 {
        let mut origin = self.slash_origin(user, channel);
        let data = {
            let inner = self.shared.lock();
            interactions::slash_data(&inner, origin.guild, origin.setup.place, command, sub, &options, false)
        };
        let (data, guild_install) = data.unwrap_or_else(|e| panic!("not even a forged client could send this: {e}"));
        origin.guild_install = guild_install;
        self.dispatch_interaction(2, user, origin, data, None, None).await
    }

    /// A forged button click: `custom_id` (anything) on stored message
    /// `message`, from `channel` of server `guild`, whatever buttons the
    /// message has. Returns the interaction id. From a group DM, a DM or
    /// the bot's DM (see [`Self::make_group_dm`]) `guild` is ignored: the
    /// click carries that place's fields.
    pub async fn forge_click(&self, user: &FakeUser, guild: u64, channel: u64, message: u64, custom_id: &str) -> u64 {
        let built = interactions::forged_data(&self.shared.lock(), message, custom_id);
        let (data, msg) = built.unwrap_or_else(|e| panic!("cannot forge a click: {e}"));
        let origin = self.click_origin(user, self.origin(channel, guild), message);
        self.dispatch_interaction(3, user, origin, data, Some(msg), Some(custom_id.to_string())).await
    }

    /// Every user clicks the same button at the same instant: the clicks
    /// are all built from the message as it is now, then dispatched back to
    /// back before the bot can answer any. Returns the interaction ids.
    pub async fn click_together(&self, users: &[FakeUser], channel: u64, message: u64, custom_id: &str) -> Vec<u64> {
        let built: Vec<(Value, Value)> = {
            let inner = self.shared.lock();
            users
                .iter()
                .map(|u| interactions::component_data(&inner, u, channel, message, custom_id, None))
                .collect::<Result<_, _>>()
                .unwrap_or_else(|e| panic!("cannot click: {e}"))
        };
        let mut ids = Vec::with_capacity(users.len());
        for (user, (data, msg)) in users.iter().zip(built) {
            let origin = self.click_origin(user, self.home(channel), message);
            ids.push(self.dispatch_interaction(3, user, origin, data, Some(msg), Some(custom_id.to_string())).await);
        }
        ids
    }

    /// Clicks a button; panics if a real client could not (no such button, disabled…).
    pub async fn click(&self, user: &FakeUser, channel: u64, message: u64, custom_id: &str) -> u64 {
        self.try_click(user, channel, message, custom_id).await.unwrap_or_else(|e| panic!("cannot click: {e}"))
    }

    /// Clicks a button, or says why a real client could not.
    pub async fn try_click(&self, user: &FakeUser, channel: u64, message: u64, custom_id: &str) -> Result<u64, String> {
        self.component(user, channel, message, custom_id, None).await
    }

    /// Chooses `values` in a select menu; panics if a real client could not.
    pub async fn select(&self, user: &FakeUser, channel: u64, message: u64, custom_id: &str, values: &[&str]) -> u64 {
        self.component(user, channel, message, custom_id, Some(values))
            .await
            .unwrap_or_else(|e| panic!("cannot select: {e}"))
    }

    /// Chooses `values` in a select menu, or says why a real client could not.
    pub async fn try_select(
        &self,
        user: &FakeUser,
        channel: u64,
        message: u64,
        custom_id: &str,
        values: &[&str],
    ) -> Result<u64, String> {
        self.component(user, channel, message, custom_id, Some(values)).await
    }

    async fn component(
        &self,
        user: &FakeUser,
        channel: u64,
        message: u64,
        custom_id: &str,
        values: Option<&[&str]>,
    ) -> Result<u64, String> {
        self.may_use(user, channel)?;
        let built = {
            let inner = self.shared.lock();
            interactions::component_data(&inner, user, channel, message, custom_id, values)
        };
        let (data, msg) = built?;
        let origin = self.click_origin(user, self.home(channel), message);
        Ok(self.dispatch_interaction(3, user, origin, data, Some(msg), Some(custom_id.to_string())).await)
    }

    async fn dispatch_interaction(
        &self,
        kind: u8,
        user: &FakeUser,
        origin: Origin,
        data: Value,
        message: Option<Value>,
        custom_id: Option<String>,
    ) -> u64 {
        self.wait_for_session(origin.guild).await;
        let (id, token) = {
            let mut inner = self.shared.lock();
            let id = inner.next_id();
            (id, format!("fake-token-{id}-{}", inner.next_id()))
        };
        let channel = origin.channel;
        let mut d = payloads::interaction_base(id, kind, &token, user, origin, data);
        if let Some(m) = message {
            d["message"] = m;
        }
        // The gateway checks the frame with serenity's types as it sends it
        // (`gateway::send`): an interaction serenity would drop is a violation.
        let rec = Rec {
            id,
            token: token.clone(),
            user_id: user.id,
            user: payloads::user(user),
            owners: d["authorizing_integration_owners"].clone(),
            context: d["context"].as_u64().unwrap_or(0),
            expired: false,
            channel_id: channel,
            message_id: interactions::message_id(&d),
            custom_id,
            sent_at: Instant::now(),
            response: None,
            original: None,
            followups: Vec::new(),
        };
        {
            let mut inner = self.shared.lock();
            inner.tokens.insert(token, id);
            inner.interactions.insert(id, rec);
        }
        if !gateway::dispatch(&self.shared, "INTERACTION_CREATE", d) {
            // The bot's session ended since `wait_for_session` (a test killed
            // it): like Discord, the click goes unanswered.
            eprintln!("fake Discord: no gateway session for interaction {id} any more; it goes unanswered");
        }
        id
    }

    /// Waits for a session of the shard of server `guild`.
    async fn wait_for_session(&self, guild: u64) {
        let ours = |s: &state::Session| state::shard_of(guild, s.shard[1]) == s.shard[0];
        let ok = self.shared.wait_until(CONNECT_TIMEOUT, |i| i.sessions.iter().any(ours).then_some(())).await;
        if ok.is_none() {
            panic!("no bot is connected to the fake gateway for server {guild}; {}", self.summary());
        }
    }

    /// The first response to an interaction, waiting up to `timeout`; panics if none.
    pub async fn wait_response(&self, interaction: u64, timeout: Duration) -> Response {
        let channel = self.shared.lock().interactions.get(&interaction).map(|r| r.channel_id).unwrap_or(0);
        let found = self
            .shared
            .wait_channel(channel, timeout, |i| i.interactions.get(&interaction).and_then(|r| r.response.clone()))
            .await;
        found.unwrap_or_else(|| {
            panic!("no response to interaction {interaction} within {timeout:?}; {}", self.summary())
        })
    }

    /// The newest live message matching `pred`, waiting up to `timeout`; panics if none.
    pub async fn wait_for_message(&self, pred: impl Fn(&StoredMessage) -> bool, timeout: Duration) -> StoredMessage {
        self.try_wait_for_message(pred, timeout)
            .await
            .unwrap_or_else(|| panic!("no matching message within {timeout:?}; {}", self.summary()))
    }

    /// Like [`Self::wait_for_message`] but `None` on timeout.
    pub async fn try_wait_for_message(
        &self,
        pred: impl Fn(&StoredMessage) -> bool,
        timeout: Duration,
    ) -> Option<StoredMessage> {
        self.shared.wait_until(timeout, |i| i.messages.iter().rev().find(|m| !m.deleted && pred(m)).cloned()).await
    }

    /// Waits until `check` over the fake's state returns `Some`.
    pub async fn wait_until<T>(&self, timeout: Duration, check: impl FnMut(&state::Inner) -> Option<T>) -> Option<T> {
        self.shared.wait_until(timeout, check).await
    }

    /// Like [`Self::wait_until`], but woken only by changes in `channel` (scales to many games).
    pub async fn wait_channel<T>(
        &self,
        channel: u64,
        timeout: Duration,
        check: impl FnMut(&state::Inner) -> Option<T>,
    ) -> Option<T> {
        self.shared.wait_channel(channel, timeout, check).await
    }

    /// The newest live message of `channel` matching `pred`, waiting up to `timeout`.
    pub async fn wait_for_channel_message(
        &self,
        channel: u64,
        pred: impl Fn(&StoredMessage) -> bool,
        timeout: Duration,
    ) -> Option<StoredMessage> {
        let found = |i: &state::Inner| i.channel_messages(channel).rev().find(|m| !m.deleted && pred(m)).cloned();
        self.shared.wait_channel(channel, timeout, found).await
    }

    /// The newest live public message of a channel (its lobby or board).
    pub fn newest_public(&self, channel: u64) -> Option<StoredMessage> {
        self.shared.lock().newest_public(channel).cloned()
    }

    /// `read` of the newest live public message of a channel, in place
    /// (no copy of it; the fake is locked meanwhile, so `read` must not
    /// call the fake).
    pub fn read_newest_public<T>(&self, channel: u64, read: impl FnOnce(&StoredMessage) -> T) -> Option<T> {
        self.shared.lock().newest_public(channel).map(read)
    }

    /// A stored message by id (also deleted ones).
    pub fn message(&self, id: u64) -> Option<StoredMessage> {
        self.shared.lock().message(id).cloned()
    }

    /// The live messages of a channel, oldest first (ephemeral ones included).
    pub fn messages(&self, channel: u64) -> Vec<StoredMessage> {
        let inner = self.shared.lock();
        inner.channel_messages(channel).filter(|m| !m.deleted).cloned().collect()
    }

    /// Every message ever stored, oldest first.
    pub fn all_messages(&self) -> Vec<StoredMessage> {
        self.shared.lock().messages.clone()
    }

    /// An interaction and what happened to it.
    pub fn interaction(&self, id: u64) -> Option<InteractionRec> {
        self.shared.lock().interactions.get(&id).cloned()
    }

    /// Every interaction dispatched so far, in no particular order.
    pub fn interactions(&self) -> Vec<InteractionRec> {
        self.shared.lock().interactions.values().cloned().collect()
    }

    /// Roughly how many bytes the fake holds (message JSON, files, responses).
    pub fn model_bytes(&self) -> usize {
        let inner = self.shared.lock();
        let messages: usize = inner
            .messages
            .iter()
            .map(|m| m.json.to_string().len() + m.files.iter().map(|f| f.bytes.len()).sum::<usize>())
            .sum();
        let responses: usize = inner
            .interactions
            .values()
            .map(|r| 200 + r.response.as_ref().map_or(0, |a| a.data.to_string().len()))
            .sum();
        messages + responses
    }

    /// The message `@original` of an interaction refers to (after its response).
    pub fn response_message(&self, interaction: u64) -> Option<StoredMessage> {
        let inner = self.shared.lock();
        let original = inner.interactions.get(&interaction)?.original?;
        inner.message(original).cloned()
    }

    /// How many interactions were answered by updating message `id` (type 7).
    pub fn updates_of(&self, id: u64) -> u64 {
        let inner = self.shared.lock();
        let updates = inner.interactions.values().filter(|r| r.message_id == Some(id));
        updates.filter(|r| r.response.as_ref().is_some_and(|a| a.kind == 7)).count() as u64
    }

    /// Latencies INTERACTION_CREATE → first response, of every answered interaction.
    pub fn latencies(&self) -> Vec<Duration> {
        let inner = self.shared.lock();
        inner.interactions.values().filter_map(|r| r.response.as_ref().map(|a| a.latency)).collect()
    }

    /// Number of IDENTIFYs and heartbeats received.
    pub fn gateway_counts(&self) -> (u32, u32) {
        let inner = self.shared.lock();
        (inner.identifies, inner.heartbeats)
    }

    /// Takes the gateway down (every session is dropped and new
    /// connections are closed at once) or brings it back up.
    pub fn set_gateway_down(&self, down: bool) {
        self.shared.lock().gateway_down = down;
        if down {
            gateway::close_all(&self.shared);
        }
    }

    /// How many files named `filename` the bot uploaded (in messages,
    /// edits and interaction answers).
    pub fn uploads(&self, filename: &str) -> u64 {
        self.shared.lock().uploads.get(filename).copied().unwrap_or(0)
    }

    /// How often some routes were called.
    pub fn request_count(&self, route: &str) -> u64 {
        self.shared.lock().requests.get(route).copied().unwrap_or(0)
    }

    /// How many REST requests the bot sent in all, and when the last came.
    pub fn requests_total(&self) -> (u64, Option<Instant>) {
        let inner = self.shared.lock();
        (inner.requests_total, inner.last_request)
    }

    /// From now on requests of this kind wait unanswered (see [`Hold`]).
    pub fn hold(&self, kind: Hold) {
        self.shared.lock().holding.insert(kind);
        self.shared.changed();
    }

    /// Requests of this kind go on: the held ones are answered now.
    pub fn release(&self, kind: Hold) {
        self.shared.lock().holding.remove(&kind);
        self.shared.changed();
    }

    /// Lets one held request of this kind go on (one waiting now, or the next to come).
    pub fn pass_one(&self, kind: Hold) {
        *self.shared.lock().passes.entry(kind).or_default() += 1;
        self.shared.changed();
    }

    /// Waits until the `n`-th request of this kind is held; returns its body.
    pub async fn wait_nth_held(&self, kind: Hold, n: u64, timeout: Duration) -> Option<Value> {
        let nth = |i: &state::Inner| {
            (i.held_total.get(&kind).copied().unwrap_or(0) >= n).then(|| i.last_held.get(&kind).cloned())
        };
        self.shared.wait_until(timeout, nth).await.flatten()
    }

    /// Every request held so far is dropped unanswered and unrecorded, as
    /// if it never arrived (its bot was killed); kinds stay held.
    pub fn drop_held(&self) {
        self.shared.lock().drops += 1;
        self.shared.changed();
    }

    /// How many requests of this kind wait unanswered now.
    pub fn held(&self, kind: Hold) -> u64 {
        self.shared.lock().held.get(&kind).copied().unwrap_or(0)
    }

    /// Waits until at least `n` requests of this kind are held.
    pub async fn wait_held(&self, kind: Hold, n: u64, timeout: Duration) -> bool {
        let held = |i: &state::Inner| (i.held.get(&kind).copied().unwrap_or(0) >= n).then_some(());
        self.shared.wait_until(timeout, held).await.is_some()
    }

    /// Everything the bot did that Discord would have rejected.
    pub fn violations(&self) -> Vec<String> {
        self.shared.lock().violations.clone()
    }

    /// Panics with every violation, if any.
    pub fn assert_no_violations(&self) {
        let v = self.violations();
        assert!(v.is_empty(), "Discord would have rejected {} request(s):\n  {}", v.len(), v.join("\n  "));
    }

    /// A short account of the state, for failure messages.
    pub fn summary(&self) -> String {
        let inner = self.shared.lock();
        let last: Vec<String> = inner
            .messages
            .iter()
            .rev()
            .take(5)
            .map(|m| format!("[{} v{}] {:?}", m.id, m.version, m.json["content"].as_str().unwrap_or("")))
            .collect();
        // The first few violations only: under load thousands of waits
        // fail at once, and each would otherwise carry all of them.
        let shown: Vec<&String> = inner.violations.iter().take(5).collect();
        format!(
            "sessions: {}, messages: {}, violations: {} {:?}, newest messages: {}",
            inner.sessions.len(),
            inner.messages.len(),
            inner.violations.len(),
            shown,
            last.join(" | ")
        )
    }
}

/// What became of a use of the app's Entry Point command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryPoint {
    /// The app handles it: the interaction sent to the app.
    Interaction(u64),
    /// Discord launched the Activity itself: the instance.
    Launched(String),
}
