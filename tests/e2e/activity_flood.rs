//! End-to-end: the Activity's routes flooded by strangers. Thousands of
//! junk codes and bearer tokens (malformed ones, well-formed random ones,
//! and a few repeated many times), sent from many loopback addresses
//! (client sockets bound to 127.0.x.y), while two real players keep
//! playing through the Activity. The fake Discord counts what the bot
//! relayed to it (token exchanges, token checks, instance lookups): a
//! small bounded number, whatever the flood's size; every move of the
//! players is answered and taken.
//!
//! Prints `relayed to Discord per 1,000 junk requests: N` (the figure of
//! issue 54). Bounded: a few thousand requests on loopback, a few seconds.

use crate::activity::{call, start_activity_bot, token_of};
use crate::support::fake_discord::payloads::APP_ID;
use crate::support::fake_discord::{FakeDiscord, FakeUser, Opt};
use crate::support::play::{self, TempDir};
use serde_json::{Value, json};
use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const CHANNEL: u64 = 1_300_000_000_000_000_954;
/// Junk requests in all.
const JUNK: usize = 3_000;
/// Junk requests in flight at once.
const AT_ONCE: usize = 48;
/// The loopback addresses the junk comes from.
const ADDRESSES: usize = 40;
/// The most requests the flood may make the bot relay to Discord, per
/// 1,000 junk requests.
const RELAYED_PER_1000: f64 = 40.0;
/// How long a real player's call may take under the flood.
const ANSWERED_WITHIN: Duration = Duration::from_secs(3);

/// What the fake counted of the routes an outsider could make the bot ask.
fn relayed(fake: &FakeDiscord) -> u64 {
    ["POST oauth2/token", "GET users/@me (bearer)", "GET oauth2/@me (bearer)", "GET activity instance"]
        .iter()
        .map(|r| fake.request_count(r))
        .sum()
}

/// A junk string of kind `n % 6`: a well-formed random code or token, one
/// of a few repeated ones, or something no Discord code or token looks like.
fn junk(n: usize) -> String {
    let random = format!("{:016x}{:016x}", (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15), n as u64 ^ 0xDEAD_BEEF);
    match n % 6 {
        0 | 1 => random,
        2 => format!("repeated-{}", n % 3),
        3 => format!("{random} {random}"),
        4 => "x".repeat(400 + n % 100),
        _ => format!("<script>{n}</script>\u{e9}"),
    }
}

/// One junk request of kind `n % 3`: a code exchange, a game, a move.
async fn junk_request(client: &reqwest::Client, base: &str, instance: &str, n: usize) {
    let j = junk(n / 3);
    let req = match n % 3 {
        0 => client
            .post(format!("{base}/activity/api/token"))
            .header("content-type", "application/json")
            .body(json!({"code": j}).to_string()),
        1 => client.get(format!("{base}/activity/api/game?instance_id={instance}")).bearer_auth(j),
        _ => client
            .post(format!("{base}/activity/api/move"))
            .header("content-type", "application/json")
            .bearer_auth(j)
            .body(json!({"instance_id": instance, "seq": 1, "act": "e0"}).to_string()),
    };
    // A refusal or a busy answer is all a stranger gets; the answer itself is not the point.
    let _ = req.send().await.map(|r| r.status());
}

/// One player's step in the Activity: her move (the first option, or
/// Confirm) when she is on turn. `Ok(true)`: she moved.
async fn step(base: &str, instance: &str, token: &str) -> Result<bool, String> {
    let started = Instant::now();
    let (status, game) = call(base, &format!("game?instance_id={instance}"), Some(token), None).await;
    if status != 200 {
        return Err(format!("her game: {status} {game}"));
    }
    if game["to_act"] != true {
        return Ok(false);
    }
    let seq = game["seq"].as_u64().unwrap_or_default();
    let act = if game["confirm"] == true {
        "confirm".to_string()
    } else {
        match game["menu"].as_array().and_then(|m| m.first()).and_then(|o| o["value"].as_str()) {
            Some(v) => v.to_string(),
            None => return Ok(false),
        }
    };
    let (status, body) =
        call(base, "move", Some(token), Some(json!({"instance_id": instance, "seq": seq, "act": act}))).await;
    if status != 200 {
        return Err(format!("her move {act}: {status} {body}"));
    }
    let took = started.elapsed();
    if took > ANSWERED_WITHIN {
        return Err(format!("her move took {took:?}"));
    }
    Ok(true)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_junk_codes_and_tokens_reaches_discord_a_bounded_number_of_times_while_two_play() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("activity-flood");
    let (bot, base) = start_activity_bot(&fake, &dir).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    let lobby = play::open_lobby(&fake, &alice, CHANNEL, vec![Opt::int("players", 2)]).await;
    play::click_label(&fake, &bob, &lobby, "Join").await;
    let lobby = fake.message(lobby.id).expect("lobby");
    play::click_label(&fake, &alice, &lobby, "Start").await;
    play::live_board(&fake, CHANNEL).await;
    fake.enable_activities();
    let instance = fake.join_activity(&alice, CHANNEL);
    assert_eq!(fake.join_activity(&bob, CHANNEL), instance);
    let tokens = [token_of(&fake, &base, &alice).await, token_of(&fake, &base, &bob).await];
    for t in &tokens {
        let (status, body) = call(&base, &format!("game?instance_id={instance}"), Some(t), None).await;
        assert_eq!(status, 200, "{body}");
    }

    let before = relayed(&fake);
    let started = Instant::now();
    let next = Arc::new(AtomicUsize::new(0));
    let mut flood = tokio::task::JoinSet::new();
    for worker in 0..AT_ONCE {
        let (next, base, instance) = (next.clone(), base.clone(), instance.clone());
        let addr = IpAddr::V4(Ipv4Addr::new(127, 0, 1, 1 + (worker % ADDRESSES) as u8));
        flood.spawn(async move {
            let client = reqwest::Client::builder().local_address(addr).build().expect("a client");
            loop {
                let n = next.fetch_add(1, Ordering::SeqCst);
                if n >= JUNK {
                    return;
                }
                junk_request(&client, &base, &instance, n).await;
            }
        });
    }
    // Meanwhile the two play on.
    let mut moves = 0;
    let mut problems: Vec<String> = Vec::new();
    let mut rounds = 0;
    // For as long as the flood lasts, and a few turns at least.
    while (next.load(Ordering::SeqCst) < JUNK || rounds < 8) && started.elapsed() < Duration::from_secs(60) {
        rounds += 1;
        for t in &tokens {
            match step(&base, &instance, t).await {
                Ok(true) => moves += 1,
                Ok(false) => {}
                Err(e) => problems.push(e),
            }
        }
        // A person's pace (each user's calls have a budget of their own).
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    while flood.join_next().await.is_some() {}
    let took = started.elapsed();
    let reached = relayed(&fake) - before;
    let per_1000 = reached as f64 * 1000.0 / JUNK as f64;
    println!(
        "relayed to Discord per 1,000 junk requests: {per_1000:.1} ({reached} for {JUNK} in {took:.1?}, \
         {moves} moves played meanwhile)"
    );
    assert!(per_1000 <= RELAYED_PER_1000, "{reached} requests relayed to Discord for {JUNK} junk requests");
    assert!(problems.is_empty(), "the players were not answered: {problems:?}");
    assert!(moves >= 2, "the players kept playing: {moves} moves");
    // After the flood: the players still play, and a newcomer still gets in.
    let (status, game): (u16, Value) =
        call(&base, &format!("game?instance_id={instance}"), Some(&tokens[0]), None).await;
    assert_eq!(status, 200, "{game}");
    let carol = FakeUser::new(4, "carol");
    fake.join_activity(&carol, CHANNEL);
    let mut answer = (0, Value::Null);
    for _ in 0..30 {
        answer = call(&base, "token", None, Some(json!({"code": fake.authorize(&carol)}))).await;
        if answer.0 == 200 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(answer.0, 200, "a newcomer gets in once the flood is over: {}", answer.1);

    // Only this app's tokens with `identify`: another app's, or one
    // without it, is refused, and asked about once.
    // (After a second and a half: the strangers' budget, spent by the flood, comes back.)
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let game = format!("game?instance_id={instance}");
    let asked = fake.request_count("GET oauth2/@me (bearer)");
    for token in [fake.grant_token(&carol, 1_234_567, &["identify"]), fake.grant_token(&carol, APP_ID, &["guilds"])] {
        for _ in 0..3 {
            let (status, body) = call(&base, &game, Some(&token), None).await;
            assert_eq!(status, 401, "{body}");
        }
    }
    assert_eq!(fake.request_count("GET oauth2/@me (bearer)") - asked, 2, "each refusal is remembered");

    // A 429 from Discord is waited out: asked once, then not until its Retry-After.
    tokio::time::sleep(Duration::from_secs(1)).await;
    fake.rate_limit_oauth(Duration::from_secs(3));
    let before_429 = fake.request_count("POST oauth2/token");
    for _ in 0..5 {
        let (status, body) = call(&base, "token", None, Some(json!({"code": fake.authorize(&carol)}))).await;
        assert_eq!(status, 429, "{body}");
    }
    assert_eq!(fake.request_count("POST oauth2/token") - before_429, 1, "Discord's 429 is honoured");
    fake.assert_no_violations();
    bot.stop().await.expect("the bot stops");
}
