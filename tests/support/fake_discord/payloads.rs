//! JSON the fake sends (users, members, messages, interactions, READY,
//! GUILD_CREATE), each checked by deserialising it with serenity's own types.

use serde::Deserialize;
use serde_json::{Value, json};
use serenity::all::{Event, GatewayEvent, Guild, Interaction, Message, Ready};
use std::time::{SystemTime, UNIX_EPOCH};

/// The application id, which Discord also uses as the bot user's id.
pub const APP_ID: u64 = 1_100_000_000_000_000_001;
/// The guild every channel is in unless a test places it in another
/// (`FakeDiscord::place_channel`).
pub const GUILD_ID: u64 = 1_100_000_000_000_000_002;
/// Largest upload an interaction allows (25 MiB), sent as `attachment_size_limit`.
pub const ATTACHMENT_SIZE_LIMIT: u32 = 25 * 1024 * 1024;

/// Permissions of an ordinary member: view, send, read history, use commands.
pub const MEMBER_PERMISSIONS: u64 = (1 << 10) | (1 << 11) | (1 << 16) | (1 << 31);
/// `MANAGE_MESSAGES`.
pub const MANAGE_MESSAGES: u64 = 1 << 13;
/// Another server, for clicks forged from outside the fake's guild.
pub const OTHER_GUILD_ID: u64 = 1_100_000_000_000_000_003;

/// Permission bits the bot's channel checks care about (Discord's numbering).
pub mod perms {
    pub const VIEW_CHANNEL: u64 = 1 << 10;
    pub const SEND_MESSAGES: u64 = 1 << 11;
    pub const EMBED_LINKS: u64 = 1 << 14;
    pub const ATTACH_FILES: u64 = 1 << 15;
    /// Read Message History: without it a channel's messages read as none.
    pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
    pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;
    pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
    pub const CREATE_PRIVATE_THREADS: u64 = 1 << 36;
    pub const MENTION_EVERYONE: u64 = 1 << 17;
    pub const USE_EXTERNAL_EMOJIS: u64 = 1 << 18;
    /// Every permission up to bit 50: what the bot has unless a test restricts it.
    pub const ALL: u64 = 2_251_799_813_685_247;
    /// `app_permissions` of an interaction from a group DM or a DM between
    /// other users: "`ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE`"
    /// (receiving-and-responding.mdx, Interaction Structure, note ***);
    /// a real group-DM payload carried "180224" (disgoorg/disgo#360).
    pub const PRIVATE_CHANNEL: u64 = ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE;
    /// `app_permissions` in the DM with the app's bot user: the same
    /// "and additionally `USE_EXTERNAL_EMOJIS`" (same note) = 442368.
    pub const BOT_DM: u64 = PRIVATE_CHANNEL | USE_EXTERNAL_EMOJIS;
}

/// Where a channel is (issue 33, "Play anywhere"): a server's channel, or
/// one of the places outside servers. Interactions from each carry
/// Discord's fields for it (see [`interaction_base`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Place {
    /// A text channel (or thread) of a server the bot is in: context 0.
    #[default]
    Guild,
    /// A group DM (channel type 3) the bot is not in: the app is
    /// user-installed by whoever uses it; context 2 (PRIVATE_CHANNEL).
    GroupDm { owner: u64 },
    /// A DM between two people (channel type 1), the bot not in it: context 2.
    PrivateDm { a: u64, b: u64 },
    /// The DM between `user` and the bot (channel type 1): the bot is in
    /// it and may post, edit and read there; context 1 (BOT_DM).
    BotDm { user: u64 },
}

impl Place {
    /// Outside any server: no `guild_id`, no `member`, a top-level `user`.
    pub fn is_private(self) -> bool {
        self != Place::Guild
    }

    /// The bot is not a member: Discord refuses its channel requests (403 50001).
    pub fn bot_absent(self) -> bool {
        matches!(self, Place::GroupDm { .. } | Place::PrivateDm { .. })
    }

    /// The interaction context type: 0 GUILD, 1 BOT_DM, 2 PRIVATE_CHANNEL.
    pub fn context(self) -> u64 {
        match self {
            Place::Guild => 0,
            Place::BotDm { .. } => 1,
            Place::GroupDm { .. } | Place::PrivateDm { .. } => 2,
        }
    }
}

/// What the fake knows of a channel: what the bot may do there and
/// whether it is a thread.
#[derive(Clone, Copy, Debug)]
pub struct ChannelSetup {
    /// Sent with every interaction from the channel as `app_permissions`.
    pub app_permissions: u64,
    /// What REST really allows the bot there (normally the same; a test
    /// may make them differ, as when a permission changes after a click).
    pub rest_permissions: u64,
    /// A public thread (type 11) rather than a text channel (type 0).
    pub thread: bool,
    /// A thread's parent channel, where the bot opened it (`None`: a
    /// thread a test made, said to be under the channel before its id).
    pub parent: Option<u64>,
    /// The server the channel is in (meaningless outside servers).
    pub guild: u64,
    /// A server channel, or a group DM, a DM, the bot's DM.
    pub place: Place,
}

impl Default for ChannelSetup {
    fn default() -> Self {
        ChannelSetup {
            app_permissions: perms::ALL,
            rest_permissions: perms::ALL,
            thread: false,
            parent: None,
            guild: GUILD_ID,
            place: Place::Guild,
        }
    }
}

/// Where an interaction comes from: its server and its channel as Discord describes them.
#[derive(Clone, Copy, Debug)]
pub struct Origin {
    /// 0 outside servers (the gateway then routes it to shard 0).
    pub guild: u64,
    pub channel: u64,
    pub setup: ChannelSetup,
    /// Who installed the app for this interaction, outside servers: the
    /// user of a slash command, or the one whose command made the clicked
    /// message (`authorizing_integration_owners["1"]`).
    pub authorizer: u64,
    /// The app is installed to the server (or, in the bot's DM, was
    /// installed to a server): `authorizing_integration_owners` has "0".
    pub guild_install: bool,
}

/// A human the tests play with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FakeUser {
    pub id: u64,
    pub name: String,
    pub permissions: u64,
    /// The user's Discord language, sent with every interaction as `locale`.
    pub locale: String,
    /// The ids of the server's roles she holds, sent as her member's
    /// `roles` (openapi.json, GuildMemberResponse: an array of snowflake
    /// strings, unique; @everyone is not listed).
    pub roles: Vec<u64>,
}

impl FakeUser {
    /// An ordinary member (no moderation rights). `n` makes the id.
    pub fn new(n: u64, name: &str) -> Self {
        let (id, name) = (1_200_000_000_000_000_000 + n, name.to_string());
        FakeUser { id, name, permissions: MEMBER_PERMISSIONS, locale: "en-US".into(), roles: Vec::new() }
    }

    /// The same user with Discord set to another language (`fr`, `hi`…).
    pub fn speaking(mut self, locale: &str) -> Self {
        self.locale = locale.to_string();
        self
    }

    /// The same user with Manage Messages (a channel moderator).
    pub fn moderator(mut self) -> Self {
        self.permissions |= MANAGE_MESSAGES;
        self
    }

    /// The same user holding `role` too (her permissions unchanged: the
    /// test says what the role lets her do in the bot, not in Discord).
    pub fn holding(mut self, role: &FakeRole) -> Self {
        if !self.roles.contains(&role.id) {
            self.roles.push(role.id);
        }
        self
    }

    /// `<@id>`, how Discord mentions the user.
    pub fn mention(&self) -> String {
        format!("<@{}>", self.id)
    }
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as u64).unwrap_or(0)
}

/// An RFC 3339 timestamp for `ms` since the Unix epoch.
pub fn timestamp(ms: u64) -> String {
    let secs = ms / 1000;
    let (days, rem) = (secs / 86_400, secs % 86_400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}000+00:00",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60,
        ms % 1000
    )
}

/// A role of the test server, which a [`FakeUser`] may hold and a slash
/// command's role option may name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FakeRole {
    pub id: u64,
    pub name: String,
}

impl FakeRole {
    /// A role of the server (not @everyone, whose id is the server's). `n` makes the id.
    pub fn new(n: u64, name: &str) -> Self {
        FakeRole { id: 1_400_000_000_000_000_000 + n, name: name.to_string() }
    }

    /// `<@&id>`, how Discord mentions the role.
    pub fn mention(&self) -> String {
        format!("<@&{}>", self.id)
    }
}

/// A role object as an interaction's `resolved.roles` carries it
/// (openapi.json, GuildRoleResponse: every field it requires, `colors`
/// among them, which serenity 0.12.5 requires too).
pub fn role(r: &FakeRole) -> Value {
    json!({
        "id": r.id.to_string(), "name": r.name, "color": 0,
        "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
        "hoist": false, "icon": null, "unicode_emoji": null, "position": 1,
        "permissions": "0", "managed": false, "mentionable": false, "flags": 0
    })
}

/// The bot's own user object.
pub fn bot_user() -> Value {
    json!({
        "id": APP_ID.to_string(), "username": "thaayam-test", "discriminator": "0", "global_name": null,
        "avatar": null, "bot": true, "verified": true, "mfa_enabled": false, "flags": 0, "public_flags": 0,
        "primary_guild": null
    })
}

/// A user object.
pub fn user(u: &FakeUser) -> Value {
    json!({
        "id": u.id.to_string(), "username": u.name, "discriminator": "0", "global_name": u.name,
        "avatar": null, "bot": false, "public_flags": 0, "flags": 0, "primary_guild": null
    })
}

/// The user object of a user known only by id: the name comes from the
/// id's number, as [`FakeUser::new`] makes ids from numbers (what
/// `GET /users/{id}` answers too).
pub fn user_by_id(id: u64) -> Value {
    let name = format!("user{}", id.saturating_sub(1_200_000_000_000_000_000));
    json!({
        "id": id.to_string(), "username": name, "discriminator": "0", "global_name": name,
        "avatar": null, "bot": false, "public_flags": 0, "flags": 0, "primary_guild": null
    })
}

/// A guild member object (with `user` unless `with_user` is false, as in
/// `resolved`), with the roles she holds.
pub fn member(u: &FakeUser, with_user: bool) -> Value {
    let roles: Vec<String> = u.roles.iter().map(u64::to_string).collect();
    let mut m = json!({
        "nick": null, "avatar": null, "roles": roles, "joined_at": timestamp(1_600_000_000_000), "premium_since": null,
        "deaf": false, "mute": false, "flags": 0, "pending": false, "permissions": u.permissions.to_string(),
        "communication_disabled_until": null
    });
    if with_user {
        m["user"] = user(u);
    }
    m
}

/// `authorizing_integration_owners` of an interaction from `origin`
/// (receiving-and-responding.mdx, "Authorizing Integration Owners Object"):
/// key "0" (GUILD_INSTALL) has the server's id, or "0" when the interaction
/// comes from the DM with the app's bot user; key "1" (USER_INSTALL) has the
/// authorizing user's id. A key is present only where that installation is
/// authorised and the command supports it: a server channel here carries
/// {"0": guild}; a group DM or a DM between two people (the app is not in
/// them, so only a user install can work there) {"1": user}; the bot's DM
/// {"0": "0"} for a guild-installed command, else {"1": user}.
pub fn owners(origin: &Origin) -> Value {
    match origin.setup.place {
        Place::Guild => json!({"0": origin.guild.to_string()}),
        Place::BotDm { .. } if origin.guild_install => json!({"0": "0"}),
        _ => json!({"1": origin.authorizer.to_string()}),
    }
}

/// The partial channel an interaction carries. In a server: id, type, name,
/// permissions, guild_id (threads: parent and metadata). Outside servers as
/// a real group-DM interaction showed it (disgoorg/disgo#360: id, type 3,
/// name, icon, owner_id, flags, last_message_id, last_pin_timestamp, no
/// `recipients`); a DM (type 1): id, type, flags, last_message_id and its
/// `recipients` (the other person), as Discord's private-channel object.
fn partial_channel(u: &FakeUser, origin: &Origin) -> Value {
    let channel = origin.channel.to_string();
    match origin.setup.place {
        Place::Guild => {
            let mut partial = json!({"id": channel, "type": 0, "name": format!("game-{channel}"),
                                     "permissions": u.permissions.to_string(), "guild_id": origin.guild.to_string()});
            if origin.setup.thread {
                partial["type"] = json!(11);
                let parent = origin.setup.parent.unwrap_or(origin.channel.saturating_sub(1).max(1));
                partial["parent_id"] = json!(parent.to_string());
                partial["thread_metadata"] = json!({"archived": false, "auto_archive_duration": 1440,
                    "archive_timestamp": timestamp(1_600_000_000_000), "locked": false, "invitable": true});
            }
            partial
        }
        Place::GroupDm { owner } => json!({"id": channel, "type": 3, "name": null, "icon": null,
            "owner_id": owner.to_string(), "flags": 0, "last_message_id": null, "last_pin_timestamp": null}),
        Place::PrivateDm { a, b } => {
            let other = if u.id == a { b } else { a };
            json!({"id": channel, "type": 1, "flags": 0, "last_message_id": null, "recipients": [user_by_id(other)]})
        }
        Place::BotDm { .. } => json!({"id": channel, "type": 1, "flags": 0, "last_message_id": null,
            "recipients": [user(u)]}),
    }
}

/// The fields every interaction carries. In a server: `guild_id`,
/// `member`, `guild_locale`, `context` 0. Outside servers (Interaction
/// Structure, note **: "`member` is sent when the interaction is invoked in
/// a guild, and `user` is sent when invoked in a DM"): no `guild_id`, no
/// `member`, no `guild_locale` ("if invoked in a guild"), a top-level
/// `user`, `context` 1 or 2.
pub fn interaction_base(id: u64, kind: u8, token: &str, u: &FakeUser, origin: Origin, data: Value) -> Value {
    let mut out = json!({
        "id": id.to_string(), "application_id": APP_ID.to_string(), "type": kind, "token": token, "version": 1,
        "channel_id": origin.channel.to_string(),
        "app_permissions": origin.setup.app_permissions.to_string(), "locale": u.locale,
        "entitlements": [], "context": origin.setup.place.context(),
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT
    });
    out["authorizing_integration_owners"] = owners(&origin);
    // Moved in: `json!` would copy each Value by serialising it again.
    out["data"] = data;
    out["channel"] = partial_channel(u, &origin);
    if origin.setup.place.is_private() {
        out["user"] = user(u);
    } else {
        out["guild_id"] = json!(origin.guild.to_string());
        out["guild_locale"] = json!("en-US");
        out["member"] = member(u, true);
    }
    out
}

/// READY for a new session of shard `shard` (`[id, count]`) with its `guilds`.
pub fn ready(session: &str, gateway_url: &str, shard: [u32; 2], guilds: &[u64]) -> Value {
    let guilds: Vec<Value> = guilds.iter().map(|g| json!({"id": g.to_string(), "unavailable": true})).collect();
    json!({
        "v": 10, "user": bot_user(), "guilds": guilds,
        "session_id": session, "resume_gateway_url": gateway_url, "shard": shard,
        "application": {"id": APP_ID.to_string(), "flags": 0}, "private_channels": [], "presences": []
    })
}

/// GUILD_CREATE's guild: one text channel per test channel id is not needed;
/// the guild itself, its @everyone role and the bot as a member.
pub fn guild(id: u64) -> Value {
    let mut g = json!({
        "id": id.to_string(), "name": "Thaayam test guild", "icon": null, "icon_hash": null, "splash": null,
        "discovery_splash": null, "owner_id": "1200000000000000999", "afk_channel_id": null, "afk_timeout": 300,
        "widget_enabled": false, "widget_channel_id": null, "verification_level": 0,
        "default_message_notifications": 0, "explicit_content_filter": 0,
        "roles": [{"id": id.to_string(), "name": "@everyone", "color": 0,
                   "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
                   "hoist": false, "icon": null, "unicode_emoji": null, "position": 0,
                   "permissions": MEMBER_PERMISSIONS.to_string(), "managed": false, "mentionable": false,
                   "flags": 0}],
        "emojis": [], "features": [], "mfa_level": 0, "application_id": null, "system_channel_id": null,
        "system_channel_flags": 0, "rules_channel_id": null, "max_presences": null, "max_members": 500000,
        "vanity_url_code": null, "description": null, "banner": null, "premium_tier": 0,
        "premium_subscription_count": 0
    });
    let rest = json!({
        "preferred_locale": "en-US", "public_updates_channel_id": null,
        "max_video_channel_users": 25, "max_stage_video_channel_users": 50, "nsfw_level": 0, "stickers": [],
        "premium_progress_bar_enabled": false, "safety_alerts_channel_id": null,
        "joined_at": timestamp(1_600_000_000_000), "large": false, "unavailable": false, "member_count": 1,
        "voice_states": [], "members": [], "channels": [], "threads": [], "presences": [],
        "stage_instances": [], "guild_scheduled_events": [], "incidents_data": null
    });
    if let (Some(g), Value::Object(rest)) = (g.as_object_mut(), rest) {
        g.extend(rest);
    }
    g
}

/// Checks a gateway frame the fake is about to send with serenity's types:
/// the envelope as [`GatewayEvent`] (not `Unknown`), and the dispatch data as
/// its specific type, since serenity silently drops a known event that fails.
/// A dispatch that parsed as its known event has parsed as that type already
/// (READY, GUILD_CREATE and INTERACTION_CREATE wrap exactly it), so the
/// specific type is read again only if the envelope named another event
/// (each click's interaction, with its whole message, used to be read twice).
pub fn check_gateway_frame(frame: &Value) -> Result<(), String> {
    // Read from the borrowed value: cloning every frame (each click's
    // carries its whole message) about doubled this check's cost.
    let event = GatewayEvent::deserialize(frame).map_err(|e| format!("gateway frame does not parse: {e}"))?;
    let GatewayEvent::Dispatch(_, event) = &event else { return Ok(()) };
    if let Event::Unknown(_) = event {
        return Err(format!("serenity would drop this dispatch as unknown: {}", frame["t"]));
    }
    let d = &frame["d"];
    let specific = match (frame["t"].as_str(), event) {
        (Some("READY"), Event::Ready(_))
        | (Some("GUILD_CREATE"), Event::GuildCreate(_))
        | (Some("INTERACTION_CREATE"), Event::InteractionCreate(_)) => Ok(()),
        (Some("READY"), _) => Ready::deserialize(d).map(|_| ()),
        (Some("GUILD_CREATE"), _) => Guild::deserialize(d).map(|_| ()),
        (Some("INTERACTION_CREATE"), _) => Interaction::deserialize(d).map(|_| ()),
        _ => Ok(()),
    };
    specific.map_err(|e| format!("{} does not parse as serenity's type: {e}", frame["t"]))
}

/// Checks a message the fake returns or embeds in an interaction.
pub fn check_message(message: &Value) -> Result<(), String> {
    Message::deserialize(message)
        .map(|_| ())
        .map_err(|e| format!("stored message does not parse as serenity's Message: {e}; message: {message}"))
}

/// Width and height of a PNG from its IHDR chunk, if `bytes` is a PNG.
pub fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
    if bytes.len() < 24 || bytes[..8] != SIGNATURE || &bytes[12..16] != b"IHDR" {
        return None;
    }
    let be = |b: &[u8]| u32::from_be_bytes([b[0], b[1], b[2], b[3]]);
    Some((be(&bytes[16..20]), be(&bytes[20..24])))
}
