//! End-to-end, without a browser: the game as a Discord Activity. A board
//! of a game being played carries "Play on the board", answered with the
//! launch-activity callback (refused by Discord, and told privately, while
//! the app's Activities are off); the Activity's API exchanges the SDK's
//! code for a token at the fake's OAuth2 endpoint, shows the channel's
//! game with the same menu as the board, and plays a move through the
//! click path: the channel's board follows. A player not in the instance,
//! a forged, missing or expired token, a move out of turn and a stale
//! move are refused and change nothing (the same counter, the same board).

use crate::support::fake_discord::activity::CLIENT_SECRET;
use crate::support::fake_discord::{FakeDiscord, FakeUser, Opt, StoredMessage};
use crate::support::play::{self, TempDir, WAIT};
use serde_json::{Value, json};
use std::net::SocketAddr;
use thaayam::discord::config::{Activity, Secret, Shards, Web};

const CHANNEL: u64 = 1_300_000_000_000_000_945;

/// A free port on loopback (bound and let go: the bot binds it next).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("a free port")
}

/// A bot serving the pages and the Activity at `base`.
pub async fn start_activity_bot(fake: &FakeDiscord, dir: &TempDir) -> (thaayam::discord::bot::RunningBot, String) {
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let mut config = play::config(&dir.0.join("thaayam.db"), Shards::Auto);
    config.web = Some(Web {
        listen: SocketAddr::from(([127, 0, 0, 1], port)),
        public_url: Some(base.clone()),
        activity: Some(Activity { client_secret: Secret::new(CLIENT_SECRET) }),
    });
    (play::start_bot_with(fake, config).await, base)
}

/// One call to the Activity's API: its status and JSON answer.
pub async fn call(base: &str, path: &str, token: Option<&str>, body: Option<Value>) -> (u16, Value) {
    let client = reqwest::Client::new();
    let url = format!("{base}/activity/api/{path}");
    let mut req = match &body {
        Some(b) => client.post(url).header("content-type", "application/json").body(b.to_string()),
        None => client.get(url),
    };
    if let Some(t) = token {
        req = req.header("authorization", format!("Bearer {t}"));
    }
    let r = req.send().await.expect("the Activity's API answers");
    let status = r.status().as_u16();
    let bytes = r.bytes().await.expect("a body");
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

/// `user`'s access token, through the Activity's own exchange of a code
/// the fake Discord client gave her.
pub async fn token_of(fake: &FakeDiscord, base: &str, user: &FakeUser) -> String {
    let (status, body) = call(base, "token", None, Some(json!({"code": fake.authorize(user)}))).await;
    assert_eq!(status, 200, "the code is exchanged: {body}");
    body["access_token"].as_str().expect("an access token").to_string()
}

/// Clicks "Play on the board" on `board` as `user`: the answer's kind and private text.
async fn play_on_board(fake: &FakeDiscord, user: &FakeUser, board: &StoredMessage) -> (u64, String) {
    let id = board.control("play").unwrap_or_else(|| panic!("no Play on the board button: {}", board.json));
    let i = fake.click(user, CHANNEL, board.id, &id).await;
    play::answer(fake, i).await
}

/// What the channel shows now: its newest public message (id, version) and its counter.
fn shown(fake: &FakeDiscord) -> (u64, u32, Option<u32>) {
    fake.read_newest_public(CHANNEL, |m| (m.id, m.version, play::seq_of(m))).expect("a board")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_from_the_activity_is_a_click_and_every_bad_one_changes_nothing() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("activity");
    let (bot, base) = start_activity_bot(&fake, &dir).await;
    let (alice, bob, mallory) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"), FakeUser::new(3, "mallory"));
    let players = [alice.clone(), bob.clone()];
    let lobby = play::open_lobby(&fake, &alice, CHANNEL, vec![Opt::int("players", 2)]).await;
    assert!(lobby.control("play").is_none(), "a lobby has no Play on the board");
    play::click_label(&fake, &bob, &lobby, "Join").await;
    let lobby = fake.message(lobby.id).expect("lobby");
    play::click_label(&fake, &alice, &lobby, "Start").await;
    let board = play::live_board(&fake, CHANNEL).await;

    // The app's Activities are off: Discord refuses to launch, she is told.
    let (kind, text) = play_on_board(&fake, &alice, &board).await;
    assert_eq!((kind, text.as_str()), (4, "Playing on the board is not available here right now."));
    assert_eq!(fake.request_count("refused: launch activity without activities"), 1);
    assert!(fake.activity_instance(CHANNEL).is_none());
    fake.enable_activities();
    let board = play::live_board(&fake, CHANNEL).await;
    assert_eq!(play_on_board(&fake, &alice, &board).await.0, 12, "the Activity is launched");
    assert_eq!(play_on_board(&fake, &bob, &board).await.0, 12, "and joined");
    let instance = fake.activity_instance(CHANNEL).expect("an Activity in the channel");
    assert_eq!(instance.users, vec![alice.id, bob.id]);
    let id = instance.id.clone();

    let (on_turn, other) = match play::to_act(&board, &players) {
        Some(p) if p.id == alice.id => (alice.clone(), bob.clone()),
        Some(_) => (bob.clone(), alice.clone()),
        None => panic!("a human to act: {}", board.text()),
    };
    let (mover, watcher) = (token_of(&fake, &base, &on_turn).await, token_of(&fake, &base, &other).await);
    let outsider = token_of(&fake, &base, &mallory).await;
    // A code is good once.
    let code = fake.authorize(&alice);
    assert_eq!(call(&base, "token", None, Some(json!({"code": code}))).await.0, 200);
    assert_eq!(call(&base, "token", None, Some(json!({"code": code}))).await.0, 401, "a used code");
    assert_eq!(call(&base, "token", None, Some(json!({"nope": 1}))).await.0, 400);

    // The game as the Activity shows it: the mover gets the board's own menu.
    let game = format!("game?instance_id={id}");
    let (status, mine) = call(&base, &game, Some(&mover), None).await;
    assert_eq!(status, 200, "{mine}");
    let (_, values) = play::move_menu(&board).expect("the board's menu");
    let offered: Vec<&str> =
        mine["menu"].as_array().expect("a menu").iter().filter_map(|o| o["value"].as_str()).collect();
    assert_eq!(offered, values, "the same options as the board's select");
    assert_eq!(mine["to_act"], true);
    let seq = mine["seq"].as_u64().expect("a counter") as u32;
    assert_eq!(Some(seq), play::seq_of(&board), "the board's counter");
    let (_, theirs) = call(&base, &game, Some(&watcher), None).await;
    assert_eq!((theirs["to_act"].clone(), theirs["menu"].clone()), (json!(false), json!([])));

    // Every bad move is refused and changes nothing.
    let before = shown(&fake);
    let first = values[0].clone();
    let act = |seq: u32, act: &str| Some(json!({"instance_id": id, "seq": seq, "act": act}));
    let refusals = [
        ("out of turn", call(&base, "move", Some(&watcher), act(seq, &first)).await, 403),
        ("stale", call(&base, "move", Some(&mover), act(seq - 1, &first)).await, 409),
        ("not in the Activity", call(&base, "move", Some(&outsider), act(seq, &first)).await, 403),
        ("forged token", call(&base, "move", Some("access-1-424242"), act(seq, &first)).await, 401),
        ("no token", call(&base, "move", None, act(seq, &first)).await, 401),
        (
            "another instance",
            call(&base, "move", Some(&mover), Some(json!({"instance_id": "i-0-gc-1", "seq": seq, "act": first}))).await,
            403,
        ),
        ("not an option", call(&base, "move", Some(&mover), act(seq, "e999")).await, 422),
        ("bad body", call(&base, "move", Some(&mover), Some(json!({"seq": "x"}))).await, 400),
    ];
    for (what, (status, body), want) in refusals {
        assert_eq!(status, want, "{what}: {body}");
        assert!(body["message"].is_string(), "{what} says why: {body}");
    }
    let expiring = token_of(&fake, &base, &on_turn).await;
    fake.expire_access_tokens();
    let (status, body) = call(&base, "move", Some(&expiring), act(seq, &first)).await;
    assert_eq!(status, 401, "an expired token: {body}");
    assert_eq!(shown(&fake), before, "nothing changed in the channel");
    assert_eq!(call(&base, &game, Some(&mover), None).await.1["seq"], seq, "nor in the game");

    // Her move: the pick, then Confirm; the channel's board follows each.
    let mover = {
        // Tokens expired above: she opens the Activity again.
        token_of(&fake, &base, &on_turn).await
    };
    let (status, body) = call(&base, "move", Some(&mover), act(seq, &first)).await;
    assert_eq!(status, 200, "the pick is taken: {body}");
    let picked = body["seq"].as_u64().expect("the new counter") as u32;
    assert!(picked > seq);
    let board = fake
        .wait_channel(CHANNEL, WAIT, |i| i.newest_public(CHANNEL).filter(|m| play::seq_of(m) == Some(picked)).cloned())
        .await
        .unwrap_or_else(|| panic!("the channel's board did not follow the pick: {}", fake.summary()));
    assert!(board.control("ok").is_some(), "the board offers Confirm, as after a pick in its menu: {}", board.text());
    let (_, now) = call(&base, &game, Some(&mover), None).await;
    assert_eq!((now["confirm"].clone(), now["undo"].clone()), (json!(true), json!(true)), "{now}");
    let (status, body) = call(&base, "move", Some(&mover), act(picked, "confirm")).await;
    assert_eq!(status, 200, "Confirm is taken: {body}");
    let confirmed = body["seq"].as_u64().expect("the new counter") as u32;
    let followed = fake
        .wait_channel(CHANNEL, WAIT, |i| {
            i.newest_public(CHANNEL).filter(|m| play::seq_of(m).is_some_and(|s| s >= confirmed)).map(|_| ())
        })
        .await;
    assert!(followed.is_some(), "the channel's board did not follow the move: {}", fake.summary());
    assert_eq!(call(&base, &game, Some(&mover), None).await.1["seq"], confirmed);
    fake.assert_no_violations();
    bot.stop().await.expect("the bot stops");
}
