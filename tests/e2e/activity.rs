//! End-to-end, without a browser: the game as a Discord Activity. A board
//! of a game being played carries "Play on the board", answered with the
//! launch-activity callback (refused by Discord, and told privately, while
//! the app's Activities are off); the Activity's API exchanges the SDK's
//! code for a token at the fake's OAuth2 endpoint, shows the channel's
//! game with the same menu as the board, and plays a move through the
//! click path: the channel's board follows. A player not in the instance,
//! a forged, missing or expired token, a move out of turn and a stale
//! move are refused and change nothing (the same counter, the same board).
//!
//! In a browser (headless Chromium; skipped aloud without it, as
//! `web.rs`): a fake Discord client page frames two players' Activities
//! at phone width and answers the SDK's messages; one player touches an
//! end position and Confirm, the other's Activity and the channel's board
//! follow within 2 s; a game played half in the channel and half in the
//! Activity ends with one log that all show. The screenshot of a turn is
//! `target/web-shots/activity-turn-360.png` (look at it).

use crate::support::browser::{Browser, chromium_or_skip};
use crate::support::fake_discord::activity::{CLIENT_SECRET, ClientFrame, client_page};
use crate::support::fake_discord::payloads::APP_ID;
use crate::support::fake_discord::{FakeDiscord, FakeUser, GUILD_ID, Opt, StoredMessage};
use crate::support::play::{self, TempDir, WAIT};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::Duration;
use thaayam::discord::config::{Activity, Secret, Shards, Web};

const CHANNEL: u64 = 1_300_000_000_000_000_945;
/// How soon a view must show a change.
const FOLLOW: Duration = Duration::from_secs(2);
/// A phone's width.
const WIDTH: u32 = 360;

fn shots() -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target").join("web-shots");
    std::fs::create_dir_all(&dir).expect("screenshot folder");
    dir
}

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

/// The document of `user`'s Activity in the fake Discord client.
fn frame(user: &FakeUser) -> String {
    format!("document.getElementById('f-{}').contentDocument", user.id)
}

/// Taps an element of `user`'s Activity as a finger would: a mouse press
/// and release at its centre (scrolled into view first).
async fn tap(browser: &Browser, user: &FakeUser, selector: &str) {
    let at = browser
        .eval(&format!(
            "(function(){{var f=document.getElementById('f-{}');f.scrollIntoView();\
             var e=f.contentDocument.querySelector({selector:?});e.scrollIntoView({{block:'center'}});\
             var a=f.getBoundingClientRect(),b=e.getBoundingClientRect();\
             return [a.left+b.left+b.width/2,a.top+b.top+b.height/2];}})()",
            user.id
        ))
        .await;
    let (x, y) = (at[0].as_f64().expect("x"), at[1].as_f64().expect("y"));
    for kind in ["mousePressed", "mouseReleased"] {
        let event = json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1});
        browser.call("Input.dispatchMouseEvent", event).await;
    }
}

/// The channel's counter once its board settled.
async fn channel_seq(fake: &FakeDiscord) -> u32 {
    play::seq_of(&play::settled_board(fake, CHANNEL).await).unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_in_the_activity_one_touches_the_board_the_other_and_the_channel_follow() {
    let Some(chromium) = chromium_or_skip("the Activity in a browser") else { return };
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    fake.enable_activities();
    let dir = TempDir::new("activity-browser");
    let (bot, base) = start_activity_bot(&fake, &dir).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    let players = [alice.clone(), bob.clone()];
    play::start_two(&fake, &alice, &bob, CHANNEL).await;
    let board = play::live_board(&fake, CHANNEL).await;
    for p in &players {
        assert_eq!(play_on_board(&fake, p, &board).await.0, 12, "the Activity opens for {}", p.name);
    }
    let instance = fake.activity_instance(CHANNEL).expect("an Activity in the channel");
    let frames: Vec<ClientFrame> = players
        .iter()
        .map(|p| ClientFrame {
            user: p.id,
            username: p.name.clone(),
            code: fake.authorize(p),
            instance: instance.id.clone(),
            channel: CHANNEL,
            guild: GUILD_ID,
        })
        .collect();
    let browser = Browser::start(&chromium, WIDTH, 780).await;
    let client = format!("{base}/fake-discord-client");
    browser.serve(&client, client_page(&format!("{base}/activity/"), APP_ID, &frames)).await;
    browser.open(&client).await;
    for p in &players {
        let ready = format!("{}.body.getAttribute('data-state') === 'playing'", frame(p));
        browser.wait_for(&ready, Duration::from_secs(10)).await;
    }
    for p in &players {
        let mine = format!("RPC.filter(function(r){{return r.indexOf('f-{}:')===0;}}).join(' ')", p.id);
        let want = format!("f-{0}:HANDSHAKE f-{0}:AUTHORIZE f-{0}:AUTHENTICATE", p.id);
        assert_eq!(
            browser.eval(&mine).await,
            json!(want),
            "the SDK's handshake, authorize, authenticate, nothing else"
        );
    }

    // Half the turns in the Activity (touching the board's end positions,
    // then Confirm), half in the channel's menu; every view follows.
    let (mut in_activity, mut in_channel, mut slowest) = (0, 0, Duration::ZERO);
    let mut channel_slowest = Duration::ZERO;
    let mut shot = false;
    while in_activity < 3 || in_channel < 3 {
        let board = play::settled_board(&fake, CHANNEL).await;
        if play::is_over(&board) {
            break;
        }
        let Some(mover) = play::to_act(&board, &players).filter(|_| play::move_menu(&board).is_some()) else {
            play::advance(&fake, CHANNEL, &players).await;
            continue;
        };
        if in_activity > in_channel {
            play::advance(&fake, CHANNEL, &players).await;
            in_channel += 1;
            continue;
        }
        let seq = play::seq_of(&board).expect("a counter");
        let doc = frame(mover);
        let ready =
            format!("{doc}.body.getAttribute('data-to-act') === '1' && +{doc}.body.getAttribute('data-seq') === {seq}");
        browser.wait_for(&ready, FOLLOW).await;
        tap(&browser, mover, "#choices .choice").await;
        browser.wait_for(&format!("!{doc}.getElementById('confirm').disabled"), FOLLOW).await;
        if !shot {
            browser.wait_for(&format!("{doc}.getElementById('board-img').complete"), FOLLOW).await;
            let png = browser.screenshot().await;
            assert!(png.starts_with(b"\x89PNG"), "a screenshot");
            std::fs::write(shots().join("activity-turn-360.png"), png).expect("write the screenshot");
            let wide = browser.eval(&format!("{doc}.scrollingElement.scrollWidth")).await;
            assert!(wide.as_u64().is_some_and(|w| w <= u64::from(WIDTH)), "no sideways scrolling: {wide}");
            shot = true;
        }
        let asked_before = fake.request_count("GET activity instance");
        let picked = browser.eval(&format!("+{doc}.body.getAttribute('data-seq')")).await.as_u64().unwrap_or(0) as u32;
        tap(&browser, mover, "#confirm").await;
        let tapped = std::time::Instant::now();
        let moved = fake
            .wait_channel(CHANNEL, WAIT, |i| {
                i.newest_public(CHANNEL).and_then(play::seq_of).filter(|s| *s > picked).map(|_| ())
            })
            .await;
        if moved.is_none() {
            let seen = browser
                .eval(&format!(
                    "[{doc}.body.getAttribute('data-seq'),{doc}.getElementById('error').textContent,\
                     {doc}.getElementById('confirm').disabled,{doc}.getElementById('turn').hidden]"
                ))
                .await;
            let asked = fake.request_count("GET activity instance") - asked_before;
            let token = token_of(&fake, &base, mover).await;
            let game = format!("game?instance_id={}", instance.id);
            let now = tokio::time::timeout(Duration::from_secs(3), call(&base, &game, Some(&token), None)).await;
            panic!(
                "the channel's board (at {seq}, {picked} after the pick) did not follow the Activity {seen} (instance asked {asked} times; \
                 the game now: {now:?}): {}",
                fake.summary()
            );
        }
        channel_slowest = channel_slowest.max(tapped.elapsed());
        let now = channel_seq(&fake).await;
        for p in &players {
            let took = browser.wait_for(&format!("+{}.body.getAttribute('data-seq') >= {now}", frame(p)), FOLLOW).await;
            slowest = slowest.max(took);
        }
        in_activity += 1;
    }
    eprintln!(
        "{in_activity} moves in the Activity, {in_channel} in the channel; the channel's board followed a \
         Confirm in {channel_slowest:?} at the slowest, the Activities in {slowest:?}"
    );
    assert!(channel_slowest <= FOLLOW, "the channel's board followed the Activity in {channel_slowest:?}");
    assert!(in_activity >= 3 && in_channel >= 3, "both ways were used");

    // The rest in the channel: the game ends with one log, which both
    // Activities and the channel show.
    let (last, _) = play::play_to_end(&fake, CHANNEL, &players, 4000).await;
    assert!(play::is_over(&last));
    for p in &players {
        let over = format!("{}.getElementById('status').querySelector('ul.places') !== null", frame(p));
        browser.wait_for(&over, Duration::from_secs(5)).await;
    }
    let errors = browser.errors.lock().expect("lock").clone();
    assert!(errors.is_empty(), "the console shows errors: {errors:?}");
    fake.assert_no_violations();
    browser.stop().await;
    bot.stop().await.expect("the bot stops");
}

/// Discord gives an app with Activities an Entry Point command of its own,
/// and refuses a bulk overwrite of the global commands that leaves it out
/// (error 50240: the bot would then have no command at all). The bot's
/// registration sends it back, once, beside its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registering_the_global_commands_keeps_the_apps_entry_point_command() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    fake.enable_activities();
    let dir = TempDir::new("entry-point");
    let mut config = play::config(&dir.0.join("thaayam.db"), Shards::Auto);
    config.dev_guild = None;
    let bot = play::start_bot_with(&fake, config).await;
    let mut commands = fake.global_commands();
    commands.sort();
    assert_eq!(commands, [("launch".to_string(), 4), ("thaayam".to_string(), 1)]);
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}
