//! Threads the bot opens under a server's text channel, as a tournament's
//! tables will: from a starter message (`POST
//! /channels/{ch}/messages/{mid}/threads`) or without one (`POST
//! /channels/{ch}/threads`), as Discord documents them (channel.mdx,
//! "Start Thread from Message", "Start Thread without Message") and the API
//! description has them (`CreateTextThreadWithMessageRequest`,
//! `CreateTextThreadWithoutMessageRequest`, `ThreadAutoArchiveDuration`,
//! `ThreadResponse`). What the fake enforces, each refusal Discord's own
//! answer (not a violation: the bot must cope with it):
//! - `name`: 1 to 100 characters; `auto_archive_duration`: absent, null
//!   or 60, 1440, 4320 or 10080 minutes; `rate_limit_per_user` 0 to 21600;
//!   without a message, `type` 10, 11 or 12, **absent meaning 12, a
//!   private thread** (API v9 and v10: a bot that wants a public table
//!   must say 11). Otherwise 400 50035 "Invalid Form Body".
//! - The parent is a server text channel: not a thread, not a DM or group
//!   DM (400 50024 "Cannot execute action on this channel type").
//! - The bot needs View Channel and Create Public Threads (Create Private
//!   Threads for a private one) in the parent: else 403 50013.
//! - A message starts at most one thread (400 160004 "A thread has
//!   already been created for this message"); the thread's id is the
//!   message's, and the message gains the thread (flag HAS_THREAD, 1 << 5).
//!
//! A thread is then a channel of its own: posting there needs Send
//! Messages in Threads (`rest::may_post`), and its channel object names
//! its parent. Not modelled yet: the gateway's THREAD_CREATE, archiving
//! after the duration, the 1,000 active threads of a server.

use super::payloads::{self, perms};
use super::rest::{Json, Refusal, Reply, St, count, error, reach};
use super::state::Shared;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use poise::serenity_prelude as serenity;
use serde_json::{Value, json};

/// The auto-archive durations Discord takes, in minutes.
pub const AUTO_ARCHIVE_MINUTES: [u64; 4] = [60, 1440, 4320, 10080];

/// A thread's name is at most this many characters.
pub const NAME_LIMIT: usize = 100;

/// A thread the bot opened.
#[derive(Clone, Debug, PartialEq)]
pub struct Thread {
    pub id: u64,
    pub parent: u64,
    pub name: String,
    /// 11 public, 12 private, 10 announcement.
    pub kind: u64,
    pub auto_archive_minutes: u64,
    /// The message it was started from, if any.
    pub starter: Option<u64>,
}

/// Discord's 400 for a body that breaks the schema.
fn invalid() -> Refusal {
    error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body")
}

/// The thread's fields from a request body, or 50035.
fn fields(body: &Bytes, with_message: bool) -> Result<(String, u64, u64), Refusal> {
    let body: Value = serde_json::from_slice(body).map_err(|_| invalid())?;
    let name = body["name"].as_str().ok_or_else(invalid)?;
    if name.trim().is_empty() || name.chars().count() > NAME_LIMIT {
        return Err(invalid());
    }
    let archive = match &body["auto_archive_duration"] {
        Value::Null => 1440,
        v => v.as_u64().filter(|m| AUTO_ARCHIVE_MINUTES.contains(m)).ok_or_else(invalid)?,
    };
    match &body["rate_limit_per_user"] {
        Value::Null => {}
        v => {
            v.as_u64().filter(|s| *s <= 21_600).ok_or_else(invalid)?;
        }
    }
    let kind = match (&body["type"], with_message) {
        // From a message: always public (the type is not the bot's to say).
        (_, true) => 11,
        (Value::Null, false) => 12,
        (v, false) => v.as_u64().filter(|k| matches!(k, 10..=12)).ok_or_else(invalid)?,
    };
    Ok((name.to_string(), archive, kind))
}

/// Whether the bot may open a thread of `kind` under `parent`.
fn may_open(st: &Shared, parent: u64, kind: u64) -> Result<(), Refusal> {
    let setup = st.lock().setup(parent);
    let text_channel = matches!(setup.place, payloads::Place::Guild) && !setup.thread;
    if !text_channel {
        return Err(error(StatusCode::BAD_REQUEST, 50024, "Cannot execute action on this channel type"));
    }
    let create = if kind == 12 { perms::CREATE_PRIVATE_THREADS } else { perms::CREATE_PUBLIC_THREADS };
    let needed = perms::VIEW_CHANNEL | create;
    if setup.rest_permissions & needed != needed {
        count(st, "POST refused (50013)");
        return Err(error(StatusCode::FORBIDDEN, 50013, "Missing Permissions"));
    }
    Ok(())
}

/// Records the thread and its channel (the parent's server and what the
/// bot may do there), and answers with its channel object.
fn open(st: &Shared, thread: Thread) -> Reply {
    let body = {
        let mut inner = st.lock();
        let mut setup = inner.setup(thread.parent);
        setup.thread = true;
        setup.parent = Some(thread.parent);
        inner.channel_setups.insert(thread.id, setup);
        if let Some(m) = thread.starter.and_then(|mid| inner.message_mut(mid)) {
            let flags = m.json["flags"].as_u64().unwrap_or(0) | (1 << 5);
            m.json["flags"] = json!(flags);
        }
        let body = channel_object(&thread, setup.guild);
        inner.threads.push(thread);
        body
    };
    let back: Result<serenity::GuildChannel, _> = serde_json::from_value(body.clone());
    if let Err(e) = back {
        st.lock().violation(format!("the fake's new thread does not parse as serenity's GuildChannel: {e}"));
    }
    st.changed();
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

/// A thread's channel object (the spec's `ThreadResponse`).
pub fn channel_object(t: &Thread, guild: u64) -> Value {
    let now = payloads::timestamp(payloads::now_ms());
    json!({"id": t.id.to_string(), "type": t.kind, "guild_id": guild.to_string(), "name": t.name,
        "parent_id": t.parent.to_string(),
        // The bot, as the fake's `users/@me` says.
        "owner_id": payloads::APP_ID.to_string(), "flags": 0,
        "last_message_id": null, "rate_limit_per_user": 0, "message_count": 0, "member_count": 1,
        "total_message_sent": 0,
        "thread_metadata": {"archived": false, "auto_archive_duration": t.auto_archive_minutes,
            "archive_timestamp": now, "locked": false, "create_timestamp": now, "invitable": t.kind == 12}})
}

/// POST /channels/{ch}/threads: a thread without a starter message.
pub(super) async fn start(State(st): St, Path(ch): Path<u64>, body: Bytes) -> Reply {
    count(&st, "POST thread");
    reach(&st, ch)?;
    let (name, auto_archive_minutes, kind) = fields(&body, false)?;
    may_open(&st, ch, kind)?;
    let id = st.lock().next_id();
    open(&st, Thread { id, parent: ch, name, kind, auto_archive_minutes, starter: None })
}

/// POST /channels/{ch}/messages/{mid}/threads: a public thread from a
/// message of the channel, with the message's id.
pub(super) async fn start_from_message(State(st): St, Path((ch, mid)): Path<(u64, u64)>, body: Bytes) -> Reply {
    count(&st, "POST thread from message");
    reach(&st, ch)?;
    let (name, auto_archive_minutes, kind) = fields(&body, true)?;
    may_open(&st, ch, kind)?;
    {
        let inner = st.lock();
        let live = inner.message(mid).is_some_and(|m| m.channel_id == ch && !m.deleted && m.ephemeral_for.is_none());
        if !live {
            return Err(error(StatusCode::NOT_FOUND, 10008, "Unknown Message"));
        }
        if inner.threads.iter().any(|t| t.starter == Some(mid)) {
            return Err(error(StatusCode::BAD_REQUEST, 160004, "A thread has already been created for this message"));
        }
    }
    open(&st, Thread { id: mid, parent: ch, name, kind, auto_archive_minutes, starter: Some(mid) })
}
