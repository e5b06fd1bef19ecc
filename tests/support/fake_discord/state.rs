//! The fake's model: channels' messages (components, attachment bytes),
//! interactions and their responses, registered commands, gateway sessions
//! and the violations found so far.

use super::payloads::{self, APP_ID, ChannelSetup, GUILD_ID};
use super::validate::Upload;
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, watch};

/// A file attached to a stored message.
#[derive(Clone, Debug)]
pub struct StoredFile {
    pub id: u64,
    pub filename: String,
    pub bytes: Arc<Vec<u8>>,
    /// The alt text the bot gave the file (`attachments[].description`).
    pub description: Option<String>,
}

/// A message as the fake stores it (`json` is a complete Discord Message).
#[derive(Clone, Debug)]
pub struct StoredMessage {
    pub id: u64,
    pub channel_id: u64,
    pub json: Value,
    pub files: Vec<StoredFile>,
    /// Visible only to this user (an ephemeral interaction response).
    pub ephemeral_for: Option<u64>,
    pub deleted: bool,
    /// 0 when created, +1 on every edit.
    pub version: u32,
    /// The interaction this message answers (response or follow-up).
    pub interaction_id: Option<u64>,
    /// The users Discord notified when the message was created: those its
    /// content mentions and its `allowed_mentions` allow. Edits notify no one.
    pub notified: Vec<u64>,
}

/// The first response to an interaction.
#[derive(Clone, Debug)]
pub struct Response {
    /// 4 reply, 5 deferred reply, 6 deferred update, 7 update message, 9 modal.
    pub kind: u64,
    pub data: Value,
    pub latency: Duration,
    pub files: usize,
}

/// An interaction the fake dispatched.
#[derive(Clone, Debug)]
pub struct InteractionRec {
    pub id: u64,
    pub token: String,
    pub user_id: u64,
    /// The invoking user's object as the interaction carried it.
    pub user: Value,
    pub channel_id: u64,
    /// The message a component belongs to.
    pub message_id: Option<u64>,
    pub custom_id: Option<String>,
    pub sent_at: Instant,
    pub response: Option<Response>,
    /// The message `@original` refers to.
    pub original: Option<u64>,
    pub followups: Vec<u64>,
    /// The interaction's `authorizing_integration_owners` as sent.
    pub owners: Value,
    /// The interaction's `context` (0 server, 1 bot DM, 2 private channel).
    pub context: u64,
    /// A test expired its token ([`super::FakeDiscord::expire_tokens`]).
    pub expired: bool,
}

impl InteractionRec {
    /// Only a user install authorised it (no "0" key): Discord then
    /// allows at most 5 follow-ups (receiving-and-responding.mdx, Create
    /// Followup Message; change-log 2024-06-27).
    pub fn user_installed_only(&self) -> bool {
        self.owners.get("0").is_none()
    }
}

/// Requests the fake can hold unanswered: what a bot killed in the middle of
/// a request, or a slow Discord, looks like from the other side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Hold {
    /// POST /interactions/{id}/{token}/callback (after the body was read).
    Callbacks,
    /// GET /channels/{ch}/messages/{mid} (held as `{"message": mid}`).
    MessageReads,
    /// POST /channels/{ch}/messages (after the body was read).
    MessagePosts,
    /// PATCH /channels/{ch}/messages/{mid} (after the body was read).
    MessageEdits,
}

/// A connected, identified gateway session.
pub struct Session {
    pub id: u64,
    /// The shard it identified as: `[id, count]`.
    pub shard: [u32; 2],
    pub tx: mpsc::UnboundedSender<Value>,
}

/// The shard of server `guild` among `count`: Discord's
/// `(guild_id >> 22) % count` (0, no server, is shard 0).
pub fn shard_of(guild: u64, count: u32) -> u32 {
    u32::try_from((guild >> 22) % u64::from(count.max(1))).unwrap_or(0)
}

/// Everything behind the lock.
#[derive(Default)]
pub struct Inner {
    last_id: u64,
    pub global_commands: Vec<Value>,
    pub guild_commands: Vec<Value>,
    pub messages: Vec<StoredMessage>,
    index: HashMap<u64, usize>,
    /// Positions in `messages` of each channel's messages, oldest first.
    by_channel: HashMap<u64, Vec<usize>>,
    /// Channels changed since the last [`Shared::changed`] (their waiters are woken).
    pub dirty: Vec<u64>,
    pub interactions: HashMap<u64, InteractionRec>,
    pub tokens: HashMap<String, u64>,
    pub violations: Vec<String>,
    pub sessions: Vec<Session>,
    /// The shard count `GET /gateway/bot` recommends (0 counts as 1).
    pub shards: u32,
    /// The servers the bot is in besides [`GUILD_ID`] (channels placed in them).
    pub guilds: Vec<u64>,
    /// Dispatches (interactions included) sent over each shard, by shard id.
    pub shard_dispatches: HashMap<u32, u64>,
    pub identifies: u32,
    pub heartbeats: u32,
    pub requests: HashMap<String, u64>,
    /// While set, the gateway refuses connections (Discord is down).
    pub gateway_down: bool,
    /// Files received in any request, by file name.
    pub uploads: HashMap<String, u64>,
    /// Every REST request the bot sent, and when the last one came.
    pub requests_total: u64,
    pub last_request: Option<std::time::Instant>,
    /// Kinds of request held from now on.
    pub holding: HashSet<Hold>,
    /// Requests waiting unanswered, by kind.
    pub held: HashMap<Hold, u64>,
    /// Requests ever held, by kind, and the body of the last one.
    pub held_total: HashMap<Hold, u64>,
    pub last_held: HashMap<Hold, Value>,
    /// Held requests allowed to go on one by one, by kind.
    pub passes: HashMap<Hold, u64>,
    /// Bumped when the held requests are dropped (their bot was killed).
    pub drops: u64,
    /// Channels a test set up (permissions, threads, places outside
    /// servers); the others are plain text channels where the bot may do
    /// everything.
    pub channel_setups: HashMap<u64, ChannelSetup>,
    /// Who may use each private channel (group DM, DM, the bot's DM).
    pub private_members: HashMap<u64, Vec<u64>>,
    /// The DM channel between each user and the bot, by user id.
    pub bot_dms: HashMap<u64, u64>,
    /// Users who accept no DM from the bot (posts to their DM get 50007).
    pub dms_closed: HashSet<u64>,
    /// REST requests to /channels/{id}/…, by channel id (refused ones too).
    pub channel_requests: HashMap<u64, u64>,
    /// The app's Activities: on or off, OAuth2 codes and tokens, instances.
    pub activities: super::activity::Activities,
    /// The threads the bot opened, oldest first.
    pub threads: Vec<super::threads::Thread>,
}

impl Inner {
    /// A fresh snowflake: time-based like Discord's, strictly increasing.
    pub fn next_id(&mut self) -> u64 {
        let stamp = (payloads::now_ms().saturating_sub(1_420_070_400_000)) << 22;
        self.last_id = stamp.max(self.last_id + 1);
        self.last_id
    }

    /// What the fake knows of a channel.
    /// Every server the bot is in, on shard `shard` of `count`.
    pub fn guilds_of_shard(&self, shard: u32, count: u32) -> Vec<u64> {
        let all = std::iter::once(GUILD_ID).chain(self.guilds.iter().copied());
        all.filter(|g| shard_of(*g, count) == shard).collect()
    }

    pub fn setup(&self, channel: u64) -> ChannelSetup {
        self.channel_setups.get(&channel).copied().unwrap_or_default()
    }

    /// The DM channel between `user` and the bot (made on first use, then
    /// the same id): channel type 1, the bot may post and read there.
    pub fn bot_dm(&mut self, user: u64) -> u64 {
        if let Some(&ch) = self.bot_dms.get(&user) {
            return ch;
        }
        let ch = self.next_id();
        self.bot_dms.insert(user, ch);
        let setup = ChannelSetup {
            app_permissions: payloads::perms::BOT_DM,
            place: payloads::Place::BotDm { user },
            ..ChannelSetup::default()
        };
        self.channel_setups.insert(ch, setup);
        self.private_members.insert(ch, vec![user]);
        ch
    }

    pub fn violation(&mut self, what: String) {
        eprintln!("FAKE DISCORD VIOLATION: {what}");
        self.violations.push(what);
    }

    pub fn message(&self, id: u64) -> Option<&StoredMessage> {
        self.index.get(&id).map(|&i| &self.messages[i])
    }

    pub fn message_mut(&mut self, id: u64) -> Option<&mut StoredMessage> {
        let i = *self.index.get(&id)?;
        let msg = &mut self.messages[i];
        self.dirty.push(msg.channel_id);
        Some(msg)
    }

    /// The messages of a channel, oldest first (also deleted and ephemeral ones).
    pub fn channel_messages(&self, channel: u64) -> impl DoubleEndedIterator<Item = &StoredMessage> {
        let list = self.by_channel.get(&channel).map(Vec::as_slice).unwrap_or(&[]);
        list.iter().map(|&i| &self.messages[i])
    }

    /// The newest live public message of a channel (its board or lobby).
    pub fn newest_public(&self, channel: u64) -> Option<&StoredMessage> {
        self.channel_messages(channel).rev().find(|m| !m.deleted && m.ephemeral_for.is_none())
    }

    /// Stores a new bot message built from `payload` (already validated).
    pub fn create_message(&mut self, ctx: NewMessage, payload: &Value, uploads: Vec<Upload>, base: &str) -> u64 {
        let id = self.next_id();
        let setup = self.setup(ctx.channel_id);
        let mut json = json!({
            "id": id.to_string(), "channel_id": ctx.channel_id.to_string(),
            "author": payloads::bot_user(), "content": "", "timestamp": payloads::timestamp(payloads::now_ms()),
            "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [],
            "mention_roles": [], "attachments": [], "embeds": [], "components": [], "pinned": false,
            "type": if ctx.interaction_id.is_some() { 20 } else { 0 }, "flags": ctx.flags,
            "application_id": APP_ID.to_string(),
        });
        if !setup.place.is_private() {
            json["guild_id"] = json!(setup.guild.to_string());
        }
        if ctx.interaction_id.is_some() {
            json["webhook_id"] = json!(APP_ID.to_string());
        }
        if let Some(meta) = ctx.meta {
            json["interaction_metadata"] = meta;
        }
        let mut msg = StoredMessage {
            id,
            channel_id: ctx.channel_id,
            json,
            files: Vec::new(),
            ephemeral_for: ctx.ephemeral_for,
            deleted: false,
            version: 0,
            interaction_id: ctx.interaction_id,
            notified: Vec::new(),
        };
        apply_fields(&mut msg, payload);
        msg.notified = notified(payload);
        let new_files = self.new_files(uploads, payload);
        set_attachments(&mut msg, None, new_files, base);
        self.index.insert(id, self.messages.len());
        self.by_channel.entry(ctx.channel_id).or_default().push(self.messages.len());
        self.dirty.push(ctx.channel_id);
        self.messages.push(msg);
        id
    }

    /// Applies an edit (PATCH or UPDATE_MESSAGE) to a stored message.
    pub fn edit_message(&mut self, id: u64, payload: &Value, uploads: Vec<Upload>, base: &str) {
        let new_files = self.new_files(uploads, payload);
        let Some(msg) = self.message_mut(id) else { return };
        apply_fields(msg, payload);
        let keep = payload.get("attachments").and_then(Value::as_array).map(|list| {
            list.iter().filter(|a| a.get("filename").is_none()).filter_map(|a| id_of(&a["id"])).collect::<Vec<_>>()
        });
        set_attachments(msg, keep, new_files, base);
        msg.version += 1;
        let flags = msg.json["flags"].as_u64().unwrap_or(0);
        msg.json["flags"] = json!(flags & !128); // an edit ends "is thinking…"
        msg.json["edited_timestamp"] = json!(payloads::timestamp(payloads::now_ms()));
    }

    /// The uploaded files, each with the description the payload's
    /// `attachments` entry of the same index gives it.
    fn new_files(&mut self, uploads: Vec<Upload>, payload: &Value) -> Vec<StoredFile> {
        uploads
            .into_iter()
            .map(|u| {
                let description = payload["attachments"]
                    .as_array()
                    .and_then(|list| list.iter().find(|a| id_of(&a["id"]) == Some(u.index as u64)))
                    .and_then(|a| a["description"].as_str())
                    .map(String::from);
                StoredFile { id: self.next_id(), filename: u.filename, bytes: Arc::new(u.bytes), description }
            })
            .collect()
    }

    /// The interaction a webhook token belongs to.
    pub fn by_token(&self, token: &str) -> Option<u64> {
        self.tokens.get(token).copied()
    }
}

/// Where a new message goes and who sees it.
pub struct NewMessage {
    pub channel_id: u64,
    pub flags: u64,
    pub ephemeral_for: Option<u64>,
    pub interaction_id: Option<u64>,
    /// The message's `interaction_metadata` (messages of interactions).
    pub meta: Option<Value>,
}

/// A snowflake given as a JSON string or number.
pub fn id_of(v: &Value) -> Option<u64> {
    v.as_u64().or_else(|| v.as_str().and_then(|s| s.parse().ok()))
}

/// The users a new message notifies: the `<@id>` mentions of its content
/// that `allowed_mentions` allows (all of them when it is absent).
fn notified(payload: &Value) -> Vec<u64> {
    let content = payload["content"].as_str().unwrap_or("");
    let mentioned = content.split("<@").skip(1).filter_map(|rest| rest.split('>').next()?.parse::<u64>().ok());
    let allowed = &payload["allowed_mentions"];
    let parse_users = allowed["parse"].as_array().is_some_and(|p| p.iter().any(|v| v == "users"));
    let listed: Vec<u64> = allowed["users"].as_array().into_iter().flatten().filter_map(id_of).collect();
    let mut out: Vec<u64> = mentioned.filter(|u| allowed.is_null() || parse_users || listed.contains(u)).collect();
    out.dedup();
    out
}

fn apply_fields(msg: &mut StoredMessage, payload: &Value) {
    for key in ["content", "embeds", "components"] {
        if let Some(v) = payload.get(key) {
            msg.json[key] = if key == "components" { normalise_components(v) } else { v.clone() };
        }
    }
}

/// Components as Discord echoes them: explicit `disabled`, ids on rows absent.
fn normalise_components(rows: &Value) -> Value {
    let mut rows = rows.clone();
    if let Some(list) = rows.as_array_mut() {
        for row in list {
            if let Some(items) = row["components"].as_array_mut() {
                for c in items {
                    if c.get("disabled").is_none() {
                        c["disabled"] = json!(false);
                    }
                }
            }
        }
    }
    rows
}

fn set_attachments(msg: &mut StoredMessage, keep: Option<Vec<u64>>, new_files: Vec<StoredFile>, base: &str) {
    if let Some(keep) = keep {
        msg.files.retain(|f| keep.contains(&f.id));
    }
    msg.files.extend(new_files);
    let list: Vec<Value> = msg.files.iter().map(|f| attachment_json(msg.channel_id, f, base)).collect();
    msg.json["attachments"] = json!(list);
}

fn attachment_json(channel: u64, f: &StoredFile, base: &str) -> Value {
    let url = format!("{base}/attachments/{channel}/{}/{}", f.id, f.filename);
    let size = payloads::png_size(&f.bytes);
    json!({
        "id": f.id.to_string(), "filename": f.filename, "size": f.bytes.len(), "url": url, "proxy_url": url,
        "content_type": if size.is_some() { Some("image/png") } else { None },
        "width": size.map(|s| s.0), "height": size.map(|s| s.1), "description": f.description
    })
}

/// The lock plus the change counters that waiting helpers watch: one for
/// any change, one per channel (so that a thousand games waiting on their
/// own channels are not all woken by every change).
pub struct Shared {
    inner: Mutex<Inner>,
    changes: watch::Sender<u64>,
    channels: Mutex<HashMap<u64, watch::Sender<u64>>>,
    pub http_base: String,
    pub gateway_url: String,
}

impl Shared {
    pub fn new(http_base: String, gateway_url: String) -> Self {
        let channels = Mutex::new(HashMap::new());
        Shared { inner: Mutex::new(Inner::default()), changes: watch::channel(0).0, channels, http_base, gateway_url }
    }

    /// The state (a poisoned lock is still usable: the data is plain).
    pub fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Wakes the helpers waiting on any change and those waiting on a changed channel.
    pub fn changed(&self) {
        let mut dirty = std::mem::take(&mut self.lock().dirty);
        dirty.sort_unstable();
        dirty.dedup();
        let channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        for ch in dirty {
            if let Some(tx) = channels.get(&ch) {
                tx.send_modify(|n| *n += 1);
            }
        }
        drop(channels);
        self.changes.send_modify(|n| *n += 1);
    }

    /// Marks a channel changed (for changes that touch no message, like a response).
    pub fn touch(&self, channel: u64) {
        self.lock().dirty.push(channel);
    }

    /// Like [`Self::wait_until`], woken only by changes of `channel`.
    pub async fn wait_channel<T>(
        &self,
        channel: u64,
        timeout: Duration,
        check: impl FnMut(&Inner) -> Option<T>,
    ) -> Option<T> {
        let rx = {
            let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
            channels.entry(channel).or_insert_with(|| watch::channel(0).0).subscribe()
        };
        self.wait_on(rx, timeout, check).await
    }

    /// Waits until `check` returns `Some`, or `timeout` passes.
    pub async fn wait_until<T>(&self, timeout: Duration, check: impl FnMut(&Inner) -> Option<T>) -> Option<T> {
        self.wait_on(self.changes.subscribe(), timeout, check).await
    }

    async fn wait_on<T>(
        &self,
        mut rx: watch::Receiver<u64>,
        timeout: Duration,
        mut check: impl FnMut(&Inner) -> Option<T>,
    ) -> Option<T> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            rx.borrow_and_update();
            if let Some(t) = check(&self.lock()) {
                return Some(t);
            }
            if tokio::time::timeout_at(deadline, rx.changed()).await.is_err() {
                return None;
            }
        }
    }
}
