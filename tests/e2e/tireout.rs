//! End-to-end: nobody can tire the bot out (issue 40, section 2). One
//! user spamming the heavy commands (rules, hints) while two others play:
//! the spammer is told "try again in N s" at once, and every click of the
//! players is still answered within Discord's 3 s (the fake records each
//! answer's time and calls a late one a violation). A thousand connections
//! held open on the metrics listener while a game goes on. A lobby nobody
//! starts expires; a lobby whose host is gone is cancelled by its other
//! player; a user past the caps on open games and on games opened an hour
//! is refused clearly. Forged clicks naming a game of another channel are
//! refused, and the log says so once, not once a click.

use crate::child_bot::ChildBot;
use crate::support::fake_discord::{FakeDiscord, FakeUser, GUILD_ID, Opt};
use crate::support::play::{self, Progress, TempDir, WAIT};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use thaayam::discord::config::Shards;

const CHANNEL: u64 = 1_300_000_000_000_001_401;
const OTHER: u64 = 1_300_000_000_000_001_402;
const THIRD: u64 = 1_300_000_000_000_001_403;

/// The slowest first answer the fake recorded, and how many there were.
fn slowest(fake: &FakeDiscord, of: impl Fn(u64) -> bool) -> (Duration, usize) {
    let answers: Vec<Duration> = fake
        .interactions()
        .iter()
        .filter(|i| of(i.user_id))
        .filter_map(|i| i.response.as_ref().map(|r| r.latency))
        .collect();
    (answers.iter().max().copied().unwrap_or_default(), answers.len())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spammed_heavy_commands_leave_the_players_answered_in_time() {
    let _serial = crate::support::serial().await;
    let fake = std::sync::Arc::new(FakeDiscord::start().await);
    let dir = TempDir::new("tireout-spam");
    let bot = play::start_bot(&fake, &dir.0).await;
    let (alice, bob, carol) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"), FakeUser::new(3, "carol"));
    let players = [alice.clone(), bob.clone()];
    let options = vec![Opt::int("players", 2), Opt::bool("practice", true)];
    let lobby = play::open_lobby(&fake, &alice, CHANNEL, options).await;
    play::click_label(&fake, &bob, &lobby, "Join").await;
    let lobby = fake.message(lobby.id).expect("lobby");
    play::click_label(&fake, &alice, &lobby, "Start").await;
    play::live_board(&fake, CHANNEL).await;

    // Carol floods /rules from the next channel, and the player on turn
    // asks for hints over and over, while the two play on.
    let spam = {
        let fake = fake.clone();
        let (carol, players) = (carol.clone(), players.clone());
        tokio::spawn(async move {
            let mut sent = Vec::new();
            for round in 0..30 {
                sent.push(fake.send_slash(&carol, OTHER, "thaayam", "rules", vec![]).await);
                let board = play::board(&fake, CHANNEL);
                if let Some(on_turn) = play::to_act(&board, &players) {
                    sent.push(fake.send_slash(on_turn, CHANNEL, "thaayam", "hint", vec![]).await);
                }
                if round % 5 == 0 {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
            sent
        })
    };
    let mut clicks = 0;
    let started = Instant::now();
    while clicks < 40 && started.elapsed() < 6 * WAIT {
        match play::advance(&fake, CHANNEL, &players).await {
            Progress::Over => break,
            Progress::Clicked => clicks += 1,
            Progress::Waited => {}
        }
    }
    let sent = spam.await.expect("the spam was sent");
    let mut busy = 0;
    for i in &sent {
        let (kind, text) = play::answer(&fake, *i).await;
        if kind == 4 && text.contains("try again in") {
            busy += 1;
        }
    }
    assert!(clicks >= 10, "the game went on: {clicks} clicks");
    assert!(busy >= sent.len() / 2, "most of the {} spammed commands were told to wait: {busy}", sent.len());
    let (slowest_click, answered) = slowest(&fake, |u| u == alice.id || u == bob.id);
    let (slowest_spam, spammed) = slowest(&fake, |u| u == carol.id);
    eprintln!(
        "{clicks} clicks and {} spammed commands ({busy} told to wait): players' slowest answer {slowest_click:?} of {answered}, carol's {slowest_spam:?} of {spammed}",
        sent.len()
    );
    assert!(slowest_click < Duration::from_secs(3), "a player waited {slowest_click:?}");
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_connections_on_the_metrics_listener_leave_the_game_alone() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("tireout-listener");
    let mut config = play::config(&dir.0.join("thaayam.db"), Shards::Auto);
    config.metrics = Some(SocketAddr::from(([127, 0, 0, 1], 0)));
    let bot = play::start_bot_with(&fake, config).await;
    let addr = bot.metrics_address().expect("the listener's address");
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    let players = [alice.clone(), bob.clone()];
    play::start_two(&fake, &alice, &bob, CHANNEL).await;
    play::live_board(&fake, CHANNEL).await;

    // A thousand connections that send nothing, held open (loopback only).
    let mut held = Vec::new();
    for _ in 0..1000 {
        match tokio::time::timeout(Duration::from_secs(2), tokio::net::TcpStream::connect(addr)).await {
            Ok(Ok(s)) => held.push(s),
            _ => break,
        }
    }
    assert!(held.len() >= 500, "{} connections made", held.len());
    let mut clicks = 0;
    let started = Instant::now();
    while clicks < 20 && started.elapsed() < 3 * WAIT {
        match play::advance(&fake, CHANNEL, &players).await {
            Progress::Over => break,
            Progress::Clicked => clicks += 1,
            Progress::Waited => {}
        }
    }
    assert!(clicks >= 10, "the game went on: {clicks} clicks");
    // The listener still answers a probe while the connections are held
    // (those over the cap were closed at once; the others time out).
    let probed = Instant::now();
    let mut status = None;
    while status.is_none() && probed.elapsed() < WAIT {
        status = probe(addr).await;
    }
    eprintln!("{} connections held; /healthz answered after {:?}", held.len(), probed.elapsed());
    assert_eq!(status, Some(200), "/healthz answered");
    let (slowest_click, answered) = slowest(&fake, |u| u == alice.id || u == bob.id);
    eprintln!("players' slowest answer {slowest_click:?} of {answered}");
    drop(held);
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}

/// One GET /healthz: its status, `None` when the connection was closed
/// unanswered.
async fn probe(addr: SocketAddr) -> Option<u16> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let exchange = async {
        let mut s = tokio::net::TcpStream::connect(addr).await.ok()?;
        s.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").await.ok()?;
        let mut answer = Vec::new();
        s.read_to_end(&mut answer).await.ok()?;
        let text = String::from_utf8(answer).ok()?;
        text.split(' ').nth(1)?.parse().ok()
    };
    tokio::time::timeout(Duration::from_secs(2), exchange).await.ok().flatten()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobbies_expire_a_gone_host_is_replaced_and_caps_are_refused() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("tireout-lobbies");
    let mut config = play::config(&dir.0.join("thaayam.db"), Shards::Auto);
    // The ticker looks every second; lobbies wait 3 s.
    config.notify_after = 2;
    config.limits.lobby_expiry = 3;
    config.limits.host_gone = 0;
    config.limits.open_games_per_user = 1;
    config.limits.new_games_per_hour = 3;
    let bot = play::start_bot_with(&fake, config).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));

    // Lobby 1 (alice's first of the hour): nobody starts it, it expires.
    let lobby = play::open_lobby(&fake, &alice, CHANNEL, vec![Opt::int("players", 2)]).await;
    // While it is open, she may not open another anywhere.
    let i = fake.send_slash(&alice, OTHER, "thaayam", "new", vec![]).await;
    let (kind, text) = play::answer(&fake, i).await;
    assert_eq!(kind, 4);
    assert!(text.contains("You already have 1 games open"), "{text}");
    let closed = fake
        .wait_until(Duration::from_secs(15), |i| {
            i.messages.iter().find(|m| m.id == lobby.id && !m.has_components()).cloned()
        })
        .await;
    let closed = closed.unwrap_or_else(|| panic!("the lobby expired: {}", fake.summary()));
    assert!(closed.text().contains("nobody started it in time"), "{}", closed.text());

    // Lobby 2: bob joins; alice is gone (host_gone = 0): bob cancels it.
    let lobby = play::open_lobby(&fake, &alice, OTHER, vec![Opt::int("players", 2)]).await;
    play::click_label(&fake, &bob, &lobby, "Join").await;
    let lobby = fake.message(lobby.id).expect("lobby");
    let (kind, text) = play::click_control(&fake, &bob, &lobby, "cancel").await;
    assert_ne!(kind, 4, "bob may cancel: {text}");
    let cancelled = fake.message(lobby.id).expect("lobby");
    assert!(!cancelled.has_components(), "cancelled: {}", cancelled.text());

    // Lobby 3, then the hour's cap: a fourth is refused.
    let lobby = play::open_lobby(&fake, &alice, THIRD, vec![Opt::int("players", 2)]).await;
    play::click_control(&fake, &alice, &lobby, "cancel").await;
    let i = fake.send_slash(&alice, THIRD, "thaayam", "new", vec![]).await;
    let (kind, text) = play::answer(&fake, i).await;
    assert_eq!(kind, 4);
    assert!(text.contains("You opened 3 games in the last hour: try again in 60 min"), "{text}");
    // Bob is not capped.
    play::open_lobby(&fake, &bob, THIRD, vec![Opt::int("players", 2)]).await;
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_clicks_from_another_channel_are_refused_and_logged_once() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("tireout-forged");
    let bot = ChildBot::start_with(&fake, &dir.0, &[], None).await;
    let (alice, bob, mallory) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"), FakeUser::new(9, "mallory"));
    play::start_two(&fake, &alice, &bob, CHANNEL).await;
    let board = play::live_board(&fake, CHANNEL).await;
    let (game, seq) = (play::game_of(&board).expect("a game"), play::seq_of(&board).expect("a counter"));
    // Mallory's own message in another channel, to forge clicks on.
    let bait = play::open_lobby(&fake, &mallory, OTHER, vec![]).await;
    let started = Instant::now();
    for n in 0..50 {
        let id = if n % 2 == 0 { format!("t1:{game}:throw::{seq}") } else { format!("t1:{game}:page:0:{seq}") };
        let i = fake.forge_click(&mallory, GUILD_ID, OTHER, bait.id, &id).await;
        let (kind, text) = play::answer(&fake, i).await;
        assert_eq!(kind, 4, "refused privately");
        assert!(text.contains("not running"), "{text}");
    }
    eprintln!("50 forged clicks refused in {:?}", started.elapsed());
    let after = fake.message(board.id).expect("the board");
    assert_eq!(after.version, board.version, "the game's board is untouched");
    // The game goes on.
    let on_turn = play::to_act(&board, &[alice.clone(), bob.clone()]).expect("a human to act").clone();
    let (_, moves) = play::move_menu(&board).expect("the move menu");
    play::pick(&fake, &on_turn, &board, &moves[0]).await;
    bot.kill(&fake).await;
    let log = std::fs::read_to_string(dir.0.join("bot.log")).unwrap_or_default();
    let warned = log.lines().filter(|l| l.contains("is not from its board")).count();
    assert_eq!(warned, 1, "one warning for fifty forged clicks:\n{log}");
    fake.assert_no_violations();
}
