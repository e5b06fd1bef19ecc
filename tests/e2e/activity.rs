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
//! The game's answer places each option's pieces on the board picture
//! (`marks`). A server with its pages off keeps the Activity's board (at
//! the Activity's own addresses) and its public pages off. In a group DM
//! the board in the chat shows the Activity's move at its next click (the
//! Activity's answer says so). The app's Entry Point command, handled by
//! the bot, opens the channel's game or its lobby.
//!
//! In a browser (headless Chromium; skipped aloud without it, as
//! `web.rs`): a fake Discord client page frames two players' Activities
//! at phone width and answers the SDK's messages; one player touches the
//! board (a piece's mark, then one of its ends, at the points the server
//! placed them), sees the pick and confirms; later turns use the end
//! positions' buttons; the other's Activity and the channel's board
//! follow within 2 s; a game played half in the channel and half in the
//! Activity ends with one log that all show. Screenshots at phone width:
//! `target/web-shots/activity-touch-360.png` (a piece touched, its ends
//! marked) and `activity-turn-360.png` (the pick traced, Confirm and
//! Undo): look at them.

use crate::support::browser::{Browser, chromium_or_skip};
use crate::support::fake_discord::activity::{CLIENT_SECRET, ClientFrame, client_page};
use crate::support::fake_discord::interactions::link_urls;
use crate::support::fake_discord::payloads::APP_ID;
use crate::support::fake_discord::{EntryPoint, FakeDiscord, FakeUser, GUILD_ID, Opt, StoredMessage};
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
    start_activity_bot_with(fake, dir, |_| {}).await
}

/// [`start_activity_bot`] with its configuration changed by `change`.
async fn start_activity_bot_with(
    fake: &FakeDiscord,
    dir: &TempDir,
    change: impl FnOnce(&mut thaayam::discord::config::Config),
) -> (thaayam::discord::bot::RunningBot, String) {
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let mut config = play::config(&dir.0.join("thaayam.db"), Shards::Auto);
    change(&mut config);
    config.web = Some(Web {
        activity: Some(Activity { client_secret: Secret::new(CLIENT_SECRET) }),
        ..Web::new(SocketAddr::from(([127, 0, 0, 1], port)), Some(base.clone()))
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
    // Where each option's pieces start and end on the board picture.
    let marks = mine["marks"]["moves"].as_object().unwrap_or_else(|| panic!("marks: {mine}"));
    assert!(!marks.is_empty() && marks.keys().all(|v| values.contains(v)), "{mine}");
    for (value, moves) in marks {
        for m in moves.as_array().expect("moves") {
            let xy: Vec<f64> = m.as_array().expect("a move").iter().filter_map(Value::as_f64).collect();
            assert!(xy.len() == 4 && xy.iter().all(|v| (0.0..=1.0).contains(v)), "{value}: {m}");
        }
    }
    assert_eq!(mine["picked"], Value::Null);
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
    assert_eq!(now["picked"], json!(first), "the pick is known, to be drawn");
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

/// Taps `user`'s Activity at a point of its board picture given as
/// fractions of the picture's width and height (a mark's hotspot, as the
/// server placed it): a mouse press and release there, after the picture
/// was scrolled into view. What the page has at that point, and the point.
async fn tap_board(browser: &Browser, user: &FakeUser, fx: f64, fy: f64) -> (String, f64, f64) {
    let at = browser
        .eval(&format!(
            "(function(){{var f=document.getElementById('f-{}');f.scrollIntoView();\
             var d=f.contentDocument,img=d.getElementById('board-img');\
             var w=d.defaultView,r0=img.getBoundingClientRect();w.scrollTo(0,w.scrollY+r0.top+r0.height*{fy}-w.innerHeight/2);\
             var a=f.getBoundingClientRect(),r=img.getBoundingClientRect();\
             var x=r.left+r.width*{fx},y=r.top+r.height*{fy},e=d.elementFromPoint(x,y);\
             return [a.left+x,a.top+y,e?e.className+' '+(e.getAttribute('data-values')||''):''];}})()",
            user.id
        ))
        .await;
    let (x, y) = (at[0].as_f64().expect("x"), at[1].as_f64().expect("y"));
    for kind in ["mousePressed", "mouseReleased"] {
        let event = json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1});
        browser.call("Input.dispatchMouseEvent", event).await;
    }
    (at[2].as_str().unwrap_or_default().to_string(), x, y)
}

/// The marks laid over `user`'s board: (class, x, y, values).
async fn marks_of(browser: &Browser, user: &FakeUser) -> Vec<(String, f64, f64, String)> {
    let found = browser
        .eval(&format!(
            "Array.prototype.map.call({}.querySelectorAll('#marks .mark'),function(m){{\
             return [m.className,+m.getAttribute('data-x'),+m.getAttribute('data-y'),m.getAttribute('data-values')||''];}})",
            frame(user)
        ))
        .await;
    let list = found.as_array().cloned().unwrap_or_default();
    list.iter()
        .map(|m| {
            let text = |i: usize| m[i].as_str().unwrap_or_default().to_string();
            (text(0), m[1].as_f64().unwrap_or(-1.0), m[2].as_f64().unwrap_or(-1.0), text(3))
        })
        .collect()
}

/// Makes `mover`'s move by touching the board: a piece that can move, then
/// one of its ends that only one option of the menu has (the picture
/// shows where it leads, Confirm is offered). The option picked; the
/// first time, screenshots at phone width of the marks and of the pick.
async fn touch_a_move(browser: &Browser, mover: &FakeUser, shoot: bool) -> String {
    let doc = frame(mover);
    browser.wait_for(&format!("+{doc}.body.getAttribute('data-marks') > 0"), FOLLOW).await;
    let pieces: Vec<_> = marks_of(browser, mover).await.into_iter().filter(|m| m.0.contains("piece")).collect();
    assert!(!pieces.is_empty(), "pieces to touch");
    for (_, px, py, _) in &pieces {
        let (hit, _, _) = tap_board(browser, mover, *px, *py).await;
        assert!(hit.contains("mark piece"), "the piece's mark is under its hotspot: {hit}");
        browser.wait_for(&format!("{doc}.querySelectorAll('#marks .mark.end').length > 0"), FOLLOW).await;
        let ends = marks_of(browser, mover).await;
        assert!(ends.iter().any(|m| m.0.contains("sel")), "the touched piece is marked: {ends:?}");
        let Some((_, ex, ey, value)) = ends.into_iter().find(|m| m.0.contains("end") && !m.3.contains(' ')) else {
            // Every end of this piece is shared by several options: another piece.
            let (hit, _, _) = tap_board(browser, mover, *px, *py).await;
            assert!(hit.contains("sel"), "{hit}");
            browser.wait_for(&format!("{doc}.querySelectorAll('#marks .mark.end').length === 0"), FOLLOW).await;
            continue;
        };
        if shoot {
            let png = browser.screenshot().await;
            std::fs::write(shots().join("activity-touch-360.png"), png).expect("write the screenshot");
        }
        let (hit, _, _) = tap_board(browser, mover, ex, ey).await;
        assert!(hit.contains("mark end") && hit.contains(&value), "the end's mark is under its hotspot: {hit}");
        browser.wait_for(&format!("!{doc}.getElementById('confirm').disabled"), FOLLOW).await;
        let pressed = format!("{doc}.querySelector('#choices .choice[aria-pressed=true]').getAttribute('data-value')");
        assert_eq!(browser.eval(&pressed).await, json!(value), "the option touched is the one picked");
        assert!(browser.eval(&format!("{doc}.querySelectorAll('#lines line').length")).await.as_u64() >= Some(1));
        return value;
    }
    panic!("no piece has an end of its own: {:?}", marks_of(browser, mover).await)
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
    let (mut shot, mut touched) = (false, 0);
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
        if in_activity == 0 {
            touch_a_move(&browser, mover, true).await;
            touched += 1;
        } else {
            tap(&browser, mover, "#choices .choice").await;
        }
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
    assert_eq!(touched, 1, "a move was made by touching the board");

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

/// A GET of the listener's `path`: its status and content type.
async fn get(base: &str, path: String) -> (u16, Option<String>) {
    let r = reqwest::get(format!("{base}{path}")).await.expect("the listener answers");
    (r.status().as_u16(), r.headers().get("content-type").map(|v| v.to_str().unwrap_or("").to_string()))
}

/// A server that switched its game pages off: its boards carry no page
/// link and its pages answer 404, but its players still open the game as
/// an Activity and see its board there, at the Activity's own addresses
/// (a key of their own, given only to players in the Activity); neither
/// kind of key opens the other's addresses.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_the_servers_pages_off_the_activity_still_shows_its_board() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    fake.enable_activities();
    let dir = TempDir::new("activity-pages-off");
    let (bot, base) = start_activity_bot(&fake, &dir).await;
    let (mut alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    alice.permissions |= 1 << 5; // Manage Server: she may switch the pages off
    let i = fake.send_slash(&alice, CHANNEL, "thaayam", "settings", vec![Opt::int("pages", 1)]).await;
    fake.wait_response(i, WAIT).await;
    play::start_two(&fake, &alice, &bob, CHANNEL).await;
    let board = play::live_board(&fake, CHANNEL).await;
    assert!(link_urls(&board).is_empty(), "no page link: {}", board.json);
    assert_eq!(play_on_board(&fake, &alice, &board).await.0, 12, "the Activity opens");
    let instance = fake.activity_instance(CHANNEL).expect("an Activity in the channel");
    let token = token_of(&fake, &base, &alice).await;
    let (status, game) = call(&base, &format!("game?instance_id={}", instance.id), Some(&token), None).await;
    assert_eq!(status, 200, "{game}");
    let (page_key, board_key) = (game["key"].as_str().expect("key"), game["board_key"].as_str().expect("board key"));
    assert_ne!(page_key, board_key);
    let board_png = game["page"]["board"].as_str().expect("the board's address").to_string();
    assert!(board_png.starts_with(&format!("/g/{board_key}/board.png")), "{board_png}");
    let (status, kind) = get(&base, format!("/activity{board_png}")).await;
    assert_eq!((status, kind.as_deref()), (200, Some("image/png")), "the Activity's board");
    let events = game["events"].as_str().expect("the stream's address").to_string();
    let stream = reqwest::get(format!("{base}/activity{events}?since=0")).await.expect("the stream answers");
    assert_eq!(stream.status().as_u16(), 200, "the Activity's stream");
    drop(stream);
    for (path, what) in [
        (format!("/g/{page_key}"), "the page"),
        (format!("/g/{page_key}/board.png"), "the page's board"),
        (format!("/g/{board_key}/board.png"), "the Activity's key at the pages' address"),
        (format!("/activity/g/{page_key}/board.png"), "the page's key at the Activity's address"),
    ] {
        assert_eq!(get(&base, path.clone()).await.0, 404, "{what}: {path}");
    }
    fake.assert_no_violations();
    bot.stop().await.expect("the bot stops");
}

/// In a group DM the bot is not in the channel: it edits the board only in
/// answer to a click on it, and a move from the Activity is no interaction
/// of Discord's. The move is played and saved all the same; the
/// Activity's answer says that the board in the chat shows it at the next
/// click, and that click (on the board, behind the game) shows the board
/// as it stands, without a request to the channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_group_dm_the_board_shows_the_activitys_move_at_the_next_click() {
    const GROUP: u64 = 1_300_000_000_000_003_945;
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    fake.enable_activities();
    let dir = TempDir::new("activity-group-dm");
    // Outside servers Discord offers only global commands.
    let (bot, base) = start_activity_bot_with(&fake, &dir, |c| c.dev_guild = None).await;
    let (alice, bob) = (FakeUser::new(41, "alice"), FakeUser::new(42, "bob"));
    fake.make_group_dm(GROUP, &[&alice, &bob]);
    let players = [alice.clone(), bob.clone()];
    let i = fake.send_slash(&alice, GROUP, "thaayam", "new", vec![Opt::int("players", 2)]).await;
    fake.wait_response(i, WAIT).await;
    let lobby = fake.response_message(i).expect("the lobby answers the command");
    play::click_label(&fake, &bob, &lobby, "Join").await;
    play::click_label(&fake, &alice, &fake.message(lobby.id).expect("lobby"), "Start").await;
    let mut board = play::settled_board(&fake, GROUP).await;
    while play::move_menu(&board).is_none() {
        play::advance(&fake, GROUP, &players).await;
        board = play::settled_board(&fake, GROUP).await;
    }
    let mover = play::to_act(&board, &players).expect("a human on turn").clone();
    let play_id = board.control("play").unwrap_or_else(|| panic!("no Play on the board: {}", board.json));
    let i = fake.click(&mover, GROUP, board.id, &play_id).await;
    assert_eq!(play::answer(&fake, i).await.0, 12, "the Activity opens in the group DM");
    let instance = fake.activity_instance(GROUP).expect("an Activity in the group DM");
    let token = token_of(&fake, &base, &mover).await;
    let game = format!("game?instance_id={}", instance.id);
    let (_, g) = call(&base, &game, Some(&token), None).await;
    let seq = g["seq"].as_u64().expect("a counter") as u32;
    let value = g["menu"][0]["value"].as_str().expect("an option").to_string();
    let before = fake.message(board.id).expect("the board");

    let act = |seq: u32, act: &str| Some(json!({"instance_id": instance.id, "seq": seq, "act": act}));
    let (status, picked) = call(&base, "move", Some(&token), act(seq, &value)).await;
    assert_eq!((status, picked["board"].as_str()), (200, Some("next-click")), "{picked}");
    let note = picked["note"].as_str().unwrap_or_default();
    assert!(note.contains("next click"), "the Activity is told: {picked}");
    let picked = picked["seq"].as_u64().expect("a counter") as u32;
    let (status, confirmed) = call(&base, "move", Some(&token), act(picked, "confirm")).await;
    assert_eq!((status, confirmed["board"].as_str()), (200, Some("next-click")), "{confirmed}");
    let confirmed = confirmed["seq"].as_u64().expect("a counter") as u32;
    assert!(confirmed > picked && picked > seq);
    assert_eq!(call(&base, &game, Some(&token), None).await.1["seq"], confirmed, "saved and played");
    let now = fake.message(board.id).expect("the board");
    assert_eq!((now.version, play::seq_of(&now)), (before.version, Some(seq)), "the board waits for a click");

    // The next click on the board (here the other player's, on its old
    // menu) shows it as it stands.
    let (menu, values) = play::move_menu(&board).expect("the old menu");
    let other = players.iter().find(|p| p.id != mover.id).expect("the other");
    let i = fake.select(other, GROUP, board.id, &menu, &[&values[0]]).await;
    fake.wait_response(i, WAIT).await;
    let caught_up = fake
        .wait_channel(GROUP, WAIT, |i| i.newest_public(GROUP).and_then(play::seq_of).filter(|s| *s >= confirmed))
        .await;
    assert!(caught_up.is_some(), "the board caught up at the next click: {}", fake.summary());
    assert_eq!(fake.channel_requests_to(GROUP), 0, "no channel request in a group DM");
    fake.assert_no_violations();
    bot.stop().await.expect("the bot stops");
}

/// The app's Entry Point command, handled by the bot (it registers it with
/// `handler` 1 when its Activity is on): in a server's channel without a
/// game it opens the Activity and the channel's lobby, as `/thaayam new`
/// would; with a game there it opens the Activity only; in a group DM
/// without a game, where the bot may only answer, the lobby is the answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_entry_point_command_opens_the_channels_game_or_its_lobby() {
    const GROUP: u64 = 1_300_000_000_000_004_945;
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    fake.enable_activities();
    let dir = TempDir::new("activity-entry-point");
    let (bot, _base) = start_activity_bot_with(&fake, &dir, |c| c.dev_guild = None).await;
    let (alice, bob) = (FakeUser::new(51, "alice"), FakeUser::new(52, "bob"));

    let EntryPoint::Interaction(i) = fake.use_entry_point(&alice, CHANNEL).await else {
        panic!("the bot handles its Entry Point command: {:?}", fake.global_commands())
    };
    assert_eq!(play::answer(&fake, i).await.0, 12, "the Activity opens");
    let lobby = fake.wait_for_channel_message(CHANNEL, |m| m.control("join").is_some(), WAIT).await;
    let lobby = lobby.unwrap_or_else(|| panic!("no lobby: {}", fake.summary()));
    assert!(lobby.text().contains(&alice.id.to_string()), "her lobby: {}", lobby.text());
    let instance = fake.activity_instance(CHANNEL).expect("an Activity in the channel");
    assert_eq!(instance.users, vec![alice.id]);
    let EntryPoint::Interaction(i) = fake.use_entry_point(&bob, CHANNEL).await else { panic!("handled") };
    assert_eq!(play::answer(&fake, i).await.0, 12, "the channel's game opens");
    assert_eq!(fake.activity_instance(CHANNEL).expect("the instance").users, vec![alice.id, bob.id]);
    let lobbies = fake.messages(CHANNEL).iter().filter(|m| m.control("join").is_some()).count();
    assert_eq!(lobbies, 1, "no second lobby");

    fake.make_group_dm(GROUP, &[&alice, &bob]);
    let EntryPoint::Interaction(i) = fake.use_entry_point(&bob, GROUP).await else { panic!("handled") };
    let reply = fake.wait_response(i, WAIT).await;
    assert_eq!(reply.kind, 4, "the lobby answers the command");
    let lobby = fake.response_message(i).expect("the lobby");
    assert!(!lobby.is_ephemeral() && lobby.control("join").is_some(), "a public lobby: {}", lobby.text());
    assert_eq!(fake.channel_requests_to(GROUP), 0, "no channel request in a group DM");
    fake.assert_no_violations();
    bot.stop().await.expect("the bot stops");
}
