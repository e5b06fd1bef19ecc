//! Load test of the real bot through the fake Discord on loopback:
//! `cargo run --release --example loadtest -- --games 100 [--seconds 20]`.
//! N two-player games at once, every click sent as soon as the bot has
//! answered the previous one; prints clicks/s, latency INTERACTION_CREATE →
//! callback (p50, p99, max), RSS, and checks that no click was lost or
//! applied twice (each accepted click edits its board exactly once).

#[path = "../tests/support/mod.rs"]
mod support;

use std::time::{Duration, Instant};
use support::fake_discord::{FakeDiscord, FakeUser};
use support::play::{self, Progress, TempDir};

const BASE_CHANNEL: u64 = 1_400_000_000_000_000_000;

struct Args {
    games: u64,
    seconds: u64,
}

fn args() -> Result<Args, String> {
    let mut out = Args { games: 100, seconds: 20 };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        let n = value.parse().map_err(|_| format!("{flag}: {value:?} is not a number"))?;
        match flag.as_str() {
            "--games" => out.games = n,
            "--seconds" => out.seconds = n,
            _ => return Err(format!("unknown flag {flag} (use --games N, --seconds S)")),
        }
    }
    Ok(out)
}

fn rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap_or("");
    line.split_whitespace().nth(1).and_then(|n| n.parse().ok()).unwrap_or(0)
}

/// One game: lobby, join, start, then clicks until the end or the deadline.
/// Returns (steps, finished).
async fn game(fake: &FakeDiscord, n: u64, deadline: Instant) -> (u64, bool) {
    let channel = BASE_CHANNEL + n;
    let alice = FakeUser::new(10_000 + 2 * n, &format!("a{n}"));
    let bob = FakeUser::new(10_001 + 2 * n, &format!("b{n}"));
    let lobby = play::open_lobby(fake, &alice, channel, vec![]).await;
    play::click_label(fake, &bob, &lobby, "Join").await;
    let lobby = fake.message(lobby.id).expect("lobby");
    play::click_label(fake, &alice, &lobby, "Start").await;
    let players = [alice, bob];
    let mut steps = 0;
    while Instant::now() < deadline {
        match play::advance(fake, channel, &players).await {
            Progress::Over => return (steps, true),
            Progress::Clicked => steps += 1,
            Progress::Waited => {}
        }
    }
    (steps, false)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Every accepted update (type 7) of a board must show as exactly one edit.
fn check_no_lost_or_doubled(fake: &FakeDiscord) -> Result<(), String> {
    let messages = fake.all_messages();
    for m in messages.iter().filter(|m| !m.is_ephemeral() && m.interaction_id.is_none()) {
        let updates = fake.updates_of(m.id);
        if u64::from(m.version) != updates {
            return Err(format!("board {} has {} edits but {updates} accepted clicks", m.id, m.version));
        }
    }
    Ok(())
}

#[tokio::main]
async fn main() -> Result<(), String> {
    let args = args()?;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("loadtest");
    let bot = play::start_bot(&fake, &dir.0).await;
    let started = Instant::now();
    let deadline = started + Duration::from_secs(args.seconds);
    let fake = std::sync::Arc::new(fake);
    let tasks: Vec<_> = (0..args.games)
        .map(|n| {
            let fake = fake.clone();
            tokio::spawn(async move { game(&fake, n, deadline).await })
        })
        .collect();
    let (mut steps, mut finished) = (0, 0);
    for t in tasks {
        let (s, f) = t.await.map_err(|e| format!("a game task failed: {e}"))?;
        steps += s;
        finished += u64::from(f);
    }
    let elapsed = started.elapsed();
    let mut latencies = fake.latencies();
    latencies.sort();
    let rss = rss_kib();
    bot.stop().await?;
    let violations = fake.violations();
    let check = check_no_lost_or_doubled(&fake);
    println!("games: {} ({finished} finished) in {:.1} s", args.games, elapsed.as_secs_f64());
    println!("interactions answered: {} ({steps} game steps)", latencies.len());
    println!("interactions/s: {:.0}", latencies.len() as f64 / elapsed.as_secs_f64());
    println!(
        "latency INTERACTION_CREATE -> callback: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        percentile(&latencies, 0.5).as_secs_f64() * 1e3,
        percentile(&latencies, 0.99).as_secs_f64() * 1e3,
        latencies.last().copied().unwrap_or_default().as_secs_f64() * 1e3
    );
    println!("RSS (bot + fake in one process): {} MiB", rss / 1024);
    println!("database: none yet (the bot keeps games in memory in this version)");
    println!("violations: {}", violations.len());
    for v in violations.iter().take(5) {
        println!("  {v}");
    }
    match &check {
        Ok(()) => println!("lost or doubled clicks: none"),
        Err(e) => println!("lost or doubled clicks: {e}"),
    }
    if !violations.is_empty() {
        return Err("Discord would have rejected some requests".into());
    }
    check
}
