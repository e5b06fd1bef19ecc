//! Self-test of the fake Discord's places outside servers (issue 33, "Play
//! anywhere"): group DMs, DMs between two people and the bot's own DM. No
//! bot runs: a bare client (a raw gateway session that reads the
//! INTERACTION_CREATE payloads, and serenity's `Http` for REST) checks the
//! interactions' fields against Discord's docs and the OpenAPI spec
//! (../shared/discord-api-spec), the refused channel requests, expiring
//! tokens, the follow-up limit of user installs, the bot's DMs and the
//! messages interactions leave in group DMs.

use crate::support::fake_discord::payloads::APP_ID;
use crate::support::fake_discord::{FakeDiscord, FakeUser, GUILD_ID};
use ::serenity::all as sy;
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::{Value, json};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message as Frame;

const SERVER: u64 = 1_300_000_000_000_000_201;
const GROUP: u64 = 1_300_000_000_000_000_202;
const DM: u64 = 1_300_000_000_000_000_203;
const WAIT: Duration = Duration::from_secs(10);

/// A client without a bot: the gateway read by hand, REST through serenity.
struct Bare {
    ws: tokio_tungstenite::WebSocketStream<TcpStream>,
    http: sy::Http,
}

impl Bare {
    /// Identifies on the fake's gateway and registers `/thaayam ping` (for
    /// every install and context) and `/serveronly ping` (defaults: server
    /// install only).
    async fn connect(fake: &FakeDiscord) -> Bare {
        let url = fake.gateway_url();
        let tcp = TcpStream::connect(url.trim_start_matches("ws://")).await.expect("gateway port");
        let (mut ws, _) = tokio_tungstenite::client_async(format!("{url}/?v=10"), tcp).await.expect("handshake");
        let identify = json!({"op": 2, "d": {"token": "fake-token", "intents": 1, "properties": {}}});
        ws.send(Frame::Text(identify.to_string())).await.expect("IDENTIFY");
        let http = sy::HttpBuilder::new("fake-token")
            .proxy(fake.http_base())
            .ratelimiter_disabled(true)
            .application_id(sy::ApplicationId::new(APP_ID))
            .build();
        let ping = json!({"name": "ping", "description": "ping", "type": 1});
        let commands = json!([
            {"name": "thaayam", "description": "play", "options": [ping],
             "integration_types": [0, 1], "contexts": [0, 1, 2]},
            {"name": "serveronly", "description": "only with the server install", "options": [ping]}
        ]);
        http.create_global_commands(&commands).await.expect("registered");
        let mut bare = Bare { ws, http };
        fake.wait_ready(WAIT).await;
        bare.next("READY").await;
        bare
    }

    /// The `d` of the next dispatch named `t`.
    async fn next(&mut self, t: &str) -> Value {
        loop {
            let frame = tokio::time::timeout(WAIT, self.ws.next()).await.expect("a gateway frame in time");
            let Some(Ok(Frame::Text(text))) = frame else { panic!("the gateway closed: {frame:?}") };
            let v: Value = serde_json::from_str(&text).expect("JSON frame");
            if v["t"] == t {
                return v["d"].clone();
            }
        }
    }

    /// The payload of the next interaction, which serenity must read.
    async fn interaction(&mut self) -> Value {
        let d = self.next("INTERACTION_CREATE").await;
        sy::Interaction::deserialize(&d).expect("serenity reads the interaction");
        d
    }

    /// Answers an interaction with a reply (type 4) of `content` and one button `button`.
    async fn reply(&self, i: &Value, content: &str, button: &str) {
        let row = json!([{"type": 1, "components": [{"type": 2, "style": 1, "label": "Go", "custom_id": button}]}]);
        let answer = json!({"type": 4, "data": {"content": content, "components": row}});
        self.http.create_interaction_response(id(i), token(i), &answer, vec![]).await.expect("reply accepted");
    }

    async fn followup(&self, i: &Value, content: &str) -> sy::Result<sy::Message> {
        let body = json!({"content": content, "allowed_mentions": {"parse": ["users"]}});
        self.http.create_followup_message(token(i), &body, vec![]).await
    }
}

fn id(i: &Value) -> sy::InteractionId {
    sy::InteractionId::new(i["id"].as_str().and_then(|s| s.parse().ok()).expect("interaction id"))
}

fn token(i: &Value) -> &str {
    i["token"].as_str().expect("token")
}

/// Status and Discord error code of a refused request.
fn refusal<T: std::fmt::Debug>(r: sy::Result<T>) -> (u16, isize) {
    match r {
        Err(sy::Error::Http(sy::HttpError::UnsuccessfulRequest(e))) => (e.status_code.as_u16(), e.error.code),
        other => panic!("expected Discord to refuse, got {other:?}"),
    }
}

/// A raw REST request (no serenity): status and JSON body.
async fn raw(fake: &FakeDiscord, method: &str, path: &str, body: &Value) -> (u16, Value) {
    let host = fake.http_base().trim_start_matches("http://").to_string();
    let mut tcp = TcpStream::connect(&host).await.expect("REST port");
    let body = body.to_string();
    let head = format!(
        "{method} /api/v10{path} HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bot fake-token\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    tcp.write_all(format!("{head}{body}").as_bytes()).await.expect("request sent");
    let mut answer = String::new();
    tcp.read_to_string(&mut answer).await.expect("answer read");
    let status = answer.split(' ').nth(1).and_then(|s| s.parse().ok()).expect("status line");
    let json = answer.split_once("\r\n\r\n").map(|(_, b)| serde_json::from_str(b).unwrap_or(Value::Null));
    (status, json.unwrap_or(Value::Null))
}

/// The schemas of Discord's OpenAPI description these tests check against:
/// a copy in tests/data (made from ../shared/discord-api-spec by
/// tests/data/discord-spec/refresh.py), so that a clean clone has it.
fn spec() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/discord-spec/schemas.json");
    let text = std::fs::read_to_string(path).expect("tests/data/discord-spec/schemas.json");
    serde_json::from_str(&text).expect("the spec is JSON")
}

/// The fields of `value` the spec's schema `name` requires but it lacks,
/// also in nested objects whose schema is a `$ref` (one level of
/// `oneOf`/`anyOf` between null and a `$ref` is followed too).
fn missing(spec: &Value, name: &str, value: &Value, at: &str) -> Vec<String> {
    let schema = &spec["components"]["schemas"][name];
    assert!(schema.is_object(), "the spec has no schema {name}");
    let mut out = Vec::new();
    for field in schema["required"].as_array().into_iter().flatten().filter_map(Value::as_str) {
        if value.get(field).is_none() {
            out.push(format!("{at}.{field} (required by {name})"));
        }
    }
    for (field, prop) in schema["properties"].as_object().into_iter().flatten() {
        let Some(v) = value.get(field).filter(|v| v.is_object()) else { continue };
        let alts = prop["oneOf"].as_array().or(prop["anyOf"].as_array());
        let refs = std::iter::once(&prop["$ref"]).chain(alts.into_iter().flatten().map(|a| &a["$ref"]));
        let names: Vec<&str> =
            refs.filter_map(Value::as_str).map(|r| r.trim_start_matches("#/components/schemas/")).collect();
        if let [only] = names.as_slice() {
            out.extend(missing(spec, only, v, &format!("{at}.{field}")));
        }
    }
    out
}

/// The `const` values of an enum schema of the spec (`InteractionContextType`…).
fn consts(spec: &Value, name: &str) -> Vec<u64> {
    let alts = spec["components"]["schemas"][name]["oneOf"].as_array().cloned().unwrap_or_default();
    alts.iter().filter_map(|a| a["const"].as_u64()).collect()
}

/// What Discord's docs and the spec say of every interaction from outside
/// a server (receiving-and-responding.mdx, Interaction Structure).
fn assert_private(spec: &Value, i: &Value, user: &FakeUser, context: u64) {
    for absent in ["guild_id", "member", "guild_locale", "guild"] {
        assert!(i.get(absent).is_none(), "no {absent} outside servers: {i}");
    }
    assert_eq!(i["user"]["id"], user.id.to_string(), "a top-level user");
    assert_eq!(i["context"], context);
    assert_eq!(i["locale"], "en-US");
    assert!(consts(spec, "InteractionContextType").contains(&context), "a context the spec knows");
    let installs = consts(spec, "ApplicationIntegrationType");
    let owners = i["authorizing_integration_owners"].as_object().expect("owners");
    assert!(owners.keys().all(|k| k.parse().is_ok_and(|k: u64| installs.contains(&k))), "install keys: {owners:?}");
    assert!(owners.values().all(Value::is_string), "owners are strings (change-log 2024-06-27)");
    assert!(i["channel"]["id"] == i["channel_id"], "the partial channel is the interaction's channel");
    let gaps = missing(spec, "UserResponse", &i["user"], "user");
    assert!(gaps.is_empty(), "the user lacks what the spec requires: {gaps:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn selftest_places_interactions_carry_discords_fields() {
    let _serial = crate::support::serial().await;
    let spec = spec();
    let fake = FakeDiscord::start().await;
    let mut bare = Bare::connect(&fake).await;
    let (alice, bob, carol) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"), FakeUser::new(3, "carol"));
    fake.make_group_dm(GROUP, &[&alice, &bob]);
    fake.make_private_dm(DM, &alice, &carol);
    let bot_dm = fake.bot_dm(&alice);

    // A group DM: context 2, user install by alice, type 3, 180224.
    fake.send_slash(&alice, GROUP, "thaayam", "ping", vec![]).await;
    let i = bare.interaction().await;
    assert_private(&spec, &i, &alice, 2);
    assert_eq!(i["authorizing_integration_owners"], json!({"1": alice.id.to_string()}));
    assert_eq!(i["channel"]["type"], 3);
    assert_eq!(i["app_permissions"], "180224");
    assert!(i["data"].get("guild_id").is_none());
    bare.reply(&i, "a game in a group DM", "go").await;
    let reply = fake.newest_public(GROUP).expect("the reply is stored in the group DM");
    assert!(reply.json.get("guild_id").is_none(), "no guild_id on a group-DM message");
    let meta = &reply.json["interaction_metadata"];
    assert_eq!(meta["user"]["id"], alice.id.to_string());
    assert_eq!(meta["authorizing_integration_owners"], json!({"1": alice.id.to_string()}));
    let mut gaps = missing(&spec, "MessageResponse", &reply.json, "message");
    gaps.extend(missing(&spec, "ApplicationCommandInteractionMetadataResponse", meta, "interaction_metadata"));
    assert!(gaps.is_empty(), "the stored message lacks what the spec requires: {gaps:?}");

    // Bob clicks alice's message: still alice's install authorises it.
    fake.click(&bob, GROUP, reply.id, "go").await;
    let click = bare.interaction().await;
    assert_private(&spec, &click, &bob, 2);
    assert_eq!(click["authorizing_integration_owners"], json!({"1": alice.id.to_string()}));
    assert_eq!(click["message"]["id"], reply.id.to_string());
    let update = json!({"type": 7, "data": {"content": "bob pressed", "components": []}});
    bare.http.create_interaction_response(id(&click), token(&click), &update, vec![]).await.expect("update");
    assert_eq!(fake.message(reply.id).expect("kept").content(), "bob pressed", "type 7 edits the clicked message");
    let followup = bare.followup(&click, "bob's follow-up").await.expect("a follow-up of the click");
    let meta = &fake.message(followup.id.get()).expect("stored").json["interaction_metadata"];
    assert_eq!(meta["interacted_message_id"], reply.id.to_string());
    let gaps = missing(&spec, "MessageComponentInteractionMetadataResponse", meta, "interaction_metadata");
    assert!(gaps.is_empty(), "the follow-up's metadata lacks what the spec requires: {gaps:?}");
    let found = fake.wait_for_channel_message(GROUP, |m| m.content() == "bob pressed", WAIT).await;
    assert!(found.is_some(), "wait_for_channel_message works in a group DM");
    assert!(fake.try_click(&carol, GROUP, reply.id, "go").await.is_err(), "carol is not in the group DM");
    // A forged click from the group DM carries the group DM's fields whatever server it names.
    fake.forge_click(&carol, GUILD_ID, GROUP, reply.id, "anything").await;
    let forged = bare.interaction().await;
    assert_private(&spec, &forged, &carol, 2);
    assert_eq!(forged["authorizing_integration_owners"], json!({"1": alice.id.to_string()}));

    // A command without the user install is not offered in a group DM.
    let not_offered = std::panic::AssertUnwindSafe(fake.send_slash(&alice, GROUP, "serveronly", "ping", vec![]));
    assert!(futures_util::FutureExt::catch_unwind(not_offered).await.is_err(), "serveronly needs integration_types 1");

    // A DM between two people: type 1 with the other as recipient.
    fake.send_slash(&carol, DM, "thaayam", "ping", vec![]).await;
    let i = bare.interaction().await;
    assert_private(&spec, &i, &carol, 2);
    assert_eq!(i["authorizing_integration_owners"], json!({"1": carol.id.to_string()}));
    assert_eq!(i["channel"]["type"], 1);
    assert_eq!(i["channel"]["recipients"][0]["id"], alice.id.to_string());
    assert_eq!(i["app_permissions"], "180224");

    // The bot's DM: context 1, the server install ("0": "0"), 442368.
    fake.send_slash(&alice, bot_dm, "serveronly", "ping", vec![]).await;
    let i = bare.interaction().await;
    assert_private(&spec, &i, &alice, 1);
    assert_eq!(i["authorizing_integration_owners"], json!({"0": "0"}));
    assert_eq!(i["channel"]["type"], 1);
    assert_eq!(i["app_permissions"], "442368");

    // A server channel is as before.
    fake.send_slash(&alice, SERVER, "thaayam", "ping", vec![]).await;
    let i = bare.interaction().await;
    assert_eq!(i["context"], 0);
    assert_eq!(i["guild_id"], GUILD_ID.to_string());
    assert_eq!(i["authorizing_integration_owners"], json!({"0": GUILD_ID.to_string()}));
    assert_eq!(i["member"]["user"]["id"], alice.id.to_string());
    assert!(i.get("user").is_none(), "no top-level user in a server");
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn selftest_places_channel_requests_where_the_bot_is_not_are_refused() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let bare = Bare::connect(&fake).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    fake.make_group_dm(GROUP, &[&alice, &bob]);
    fake.make_private_dm(DM, &alice, &bob);
    let http = &bare.http;
    let post = json!({"content": "hello"});
    for ch in [GROUP, DM] {
        let c = sy::ChannelId::new(ch);
        let m = sy::MessageId::new(1);
        assert_eq!(refusal(http.send_message(c, vec![], &post).await), (403, 50001));
        assert_eq!(refusal(http.get_messages(c, None, None).await), (403, 50001));
        assert_eq!(refusal(http.get_message(c, m).await), (403, 50001));
        assert_eq!(refusal(http.edit_message(c, m, &post, vec![]).await), (403, 50001));
        assert_eq!(refusal(http.delete_message(c, m, None).await), (403, 50001));
        assert_eq!(refusal(http.get_channel(c).await), (403, 50001));
        assert_eq!(fake.channel_requests_to(ch), 6);
    }
    let (status, body) = raw(&fake, "POST", &format!("/channels/{GROUP}/messages"), &post).await;
    assert_eq!((status, &body["code"], &body["message"]), (403, &json!(50001), &json!("Missing Access")));
    assert_eq!(fake.request_count("refused: missing access"), 13);
    assert!(fake.messages(GROUP).is_empty());

    // A server channel still takes posts, and counts them.
    assert_eq!(fake.channel_requests_to(SERVER), 0);
    http.send_message(sy::ChannelId::new(SERVER), vec![], &post).await.expect("posted in a server channel");
    http.get_channel(sy::ChannelId::new(SERVER)).await.expect("a server channel reads");
    assert_eq!(fake.channel_requests_to(SERVER), 2);
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn selftest_places_tokens_expire() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let mut bare = Bare::connect(&fake).await;
    let alice = FakeUser::new(1, "alice");
    fake.make_group_dm(GROUP, &[&alice]);
    fake.send_slash(&alice, GROUP, "thaayam", "ping", vec![]).await;
    let answered = bare.interaction().await;
    bare.reply(&answered, "lobby", "go").await;
    fake.send_slash(&alice, GROUP, "thaayam", "ping", vec![]).await;
    let unanswered = bare.interaction().await;
    fake.assert_no_violations();

    fake.expire_tokens();
    let edit = json!({"content": "too late"});
    let http = &bare.http;
    assert_eq!(refusal(bare.followup(&answered, "too late").await), (401, 50027));
    assert_eq!(refusal(http.edit_original_interaction_response(token(&answered), &edit, vec![]).await), (401, 50027));
    assert_eq!(refusal(http.get_original_interaction_response(token(&answered)).await), (401, 50027));
    let late = json!({"type": 4, "data": {"content": "late"}});
    let callback = http.create_interaction_response(id(&unanswered), token(&unanswered), &late, vec![]).await;
    assert_eq!(refusal(callback), (404, 10062));
    let v = fake.violations();
    assert_eq!(v.len(), 4, "each use of an expired token is a violation: {v:?}");
    assert!(v.iter().all(|v| v.contains("expired")), "{v:?}");

    // Interactions after the expiry have fresh tokens.
    fake.send_slash(&alice, GROUP, "thaayam", "ping", vec![]).await;
    let fresh = bare.interaction().await;
    bare.reply(&fresh, "fresh", "go").await;
    bare.followup(&fresh, "still fine").await.expect("a fresh token works");
    assert_eq!(fake.violations().len(), 4);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn selftest_places_user_installs_get_five_followups() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let mut bare = Bare::connect(&fake).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    fake.make_group_dm(GROUP, &[&alice, &bob]);
    let bot_dm = fake.bot_dm(&alice);

    fake.send_slash(&alice, GROUP, "thaayam", "ping", vec![]).await;
    let i = bare.interaction().await;
    let deferred = json!({"type": 5});
    bare.http.create_interaction_response(id(&i), token(&i), &deferred, vec![]).await.expect("deferred");
    let board = json!({"content": "board"});
    let original = bare.http.edit_original_interaction_response(token(&i), &board, vec![]);
    original.await.expect("@original edits through the token");
    let mut ids = Vec::new();
    for n in 1..=5 {
        ids.push(bare.followup(&i, &format!("turn {n}: <@{}>", bob.id)).await.expect("within the limit").id);
    }
    let stored = fake.message(ids[0].get()).expect("the follow-up is stored");
    assert_eq!(stored.channel_id, GROUP);
    assert_eq!(stored.notified, vec![bob.id], "a mention in a follow-up notifies");
    let edit = json!({"content": "edited"});
    let edited = bare.http.edit_followup_message(token(&i), ids[4], &edit, vec![]);
    assert_eq!(edited.await.expect("a follow-up edits through the token").content, "edited");
    fake.assert_no_violations();
    assert_eq!(refusal(bare.followup(&i, "sixth").await), (400, 40094));
    let v = fake.violations();
    assert!(v.len() == 1 && v[0].contains("40094"), "the sixth is a violation: {v:?}");
    assert_eq!(fake.request_count("refused: follow-up limit"), 1);
    let texts: Vec<String> = fake.messages(GROUP).iter().map(|m| m.content().to_string()).collect();
    assert_eq!(texts.len(), 6, "the original and five follow-ups: {texts:?}");
    assert_eq!(texts[0], "board");
    assert_eq!(fake.channel_requests_to(GROUP), 0);

    // With the server install (a server channel, the bot's DM) there is no such limit.
    for ch in [SERVER, bot_dm] {
        fake.send_slash(&alice, ch, "thaayam", "ping", vec![]).await;
        let i = bare.interaction().await;
        bare.reply(&i, "lobby", "go").await;
        for n in 1..=6 {
            bare.followup(&i, &format!("follow-up {n}")).await.expect("no limit with the server install");
        }
    }
    assert_eq!(fake.violations().len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn selftest_places_the_bots_dms_are_recorded() {
    let _serial = crate::support::serial().await;
    let spec = spec();
    let fake = FakeDiscord::start().await;
    let mut bare = Bare::connect(&fake).await;
    let alice = FakeUser::new(1, "alice");
    let (status, channel) =
        raw(&fake, "POST", "/users/@me/channels", &json!({"recipient_id": alice.id.to_string()})).await;
    assert_eq!(status, 200);
    let gaps = missing(&spec, "PrivateChannelResponse", &channel, "channel");
    assert!(gaps.is_empty(), "the DM channel lacks what the spec requires: {gaps:?}");
    assert_eq!(channel["type"], 1);
    assert_eq!(channel["recipients"][0]["id"], alice.id.to_string());
    let dm = bare.http.create_private_channel(&json!({"recipient_id": alice.id.to_string()})).await.expect("DM");
    assert_eq!(dm.id.get(), fake.bot_dm(&alice), "one DM channel per recipient");
    assert_eq!(channel["id"], dm.id.to_string());

    let sent = bare.http.send_message(dm.id, vec![], &json!({"content": "your turn"})).await.expect("posted");
    let edit = json!({"content": "your turn (edited)"});
    bare.http.edit_message(dm.id, sent.id, &edit, vec![]).await.expect("edited");
    assert_eq!(bare.http.get_messages(dm.id, None, None).await.expect("read").len(), 1);
    let dms = fake.dms_to(alice.id);
    assert_eq!(dms.len(), 1);
    assert_eq!(dms[0].content(), "your turn (edited)");
    assert!(dms[0].json.get("guild_id").is_none());
    let gaps = missing(&spec, "MessageResponse", &dms[0].json, "message");
    assert!(gaps.is_empty(), "the DM lacks what the spec requires: {gaps:?}");
    match bare.http.get_channel(dm.id).await.expect("the bot's DM reads") {
        sy::Channel::Private(p) => assert_eq!(p.recipient.id.get(), alice.id),
        other => panic!("a DM channel, not {other:?}"),
    }

    // An interaction answered in the bot's DM is one of its DMs too.
    fake.send_slash(&alice, dm.id.get(), "thaayam", "ping", vec![]).await;
    let i = bare.interaction().await;
    bare.reply(&i, "a game with the bot", "go").await;
    assert_eq!(fake.dms_to(alice.id).len(), 2);
    assert!(fake.dms_to(FakeUser::new(9, "nobody").id).is_empty());
    assert_eq!(fake.request_count("refused: missing access"), 0);

    // Someone who takes no DM from the bot: the channel opens, posts are refused.
    let bob = FakeUser::new(2, "bob");
    fake.close_dms(&bob);
    let dm = bare.http.create_private_channel(&json!({"recipient_id": bob.id.to_string()})).await.expect("DM");
    let post = bare.http.send_message(dm.id, vec![], &json!({"content": "your turn"})).await;
    assert_eq!(refusal(post), (403, 50007));
    assert_eq!(fake.request_count("refused: cannot send messages to this user"), 1);
    assert!(fake.dms_to(bob.id).is_empty());
    fake.assert_no_violations();
}
