//! Load test of the real bot through the fake Discord on loopback:
//! `cargo run --release --example loadtest -- --games 100 [--seconds 20]
//! [--clicks N] [--think-ms MS]`. N two-player games at once; each player
//! clicks as soon as the bot has answered the previous click (or after a
//! pause of MS, to measure latency at a lighter load). Prints clicks/s,
//! latency INTERACTION_CREATE → callback (p50, p99, max), RSS, database size,
//! and checks that no click was lost or applied twice: each accepted click
//! edits its board exactly once, and every game's log in the database
//! replays and has as many events as its newest board shows.
//!
//! With `--restart 1` the bot is then stopped and a new one started on the
//! same database: it prints what start-up sent to Discord (requests by
//! route), how long until the new bot was ready and until its last
//! start-up request (every board is current by then), and checks the
//! boards against the database again. `--games 10000 --clicks 0
//! --think-ms 20000 --restart 1` restarts with 10,000 started games.
//!
//! With `--metrics 1` the bot serves its metrics listener (on a free
//! port) and the page is scraped every 5 s during the run, as a Prometheus
//! would (more often than its usual 15–30 s); the scrapes and the
//! interactions the page counted are printed.

#[path = "../tests/support/mod.rs"]
mod support;

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use support::fake_discord::{FakeDiscord, FakeUser};
use support::play::{self, Progress, TempDir};
use support::store_check;
use thaayam::discord::bot::RunningBot;

const BASE_CHANNEL: u64 = 1_400_000_000_000_000_000;

struct Args {
    games: u64,
    seconds: u64,
    clicks: u64,
    think: Duration,
    restart: bool,
    metrics: bool,
}

fn args() -> Result<Args, String> {
    let mut out =
        Args { games: 100, seconds: 20, clicks: u64::MAX, think: Duration::ZERO, restart: false, metrics: false };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        let n = value.parse().map_err(|_| format!("{flag}: {value:?} is not a number"))?;
        match flag.as_str() {
            "--games" => out.games = n,
            "--seconds" => out.seconds = n,
            "--clicks" => out.clicks = n,
            "--think-ms" => out.think = Duration::from_millis(n),
            "--restart" => out.restart = n > 0,
            "--metrics" => out.metrics = n > 0,
            _ => {
                let known = "--games N, --seconds S, --clicks N, --think-ms MS, --restart 1, --metrics 1";
                return Err(format!("unknown flag {flag} (use {known})"));
            }
        }
    }
    Ok(out)
}

/// A field of /proc/self/status in KiB ("VmRSS", "VmHWM").
fn status_kib(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let line = status.lines().find(|l| l.starts_with(field)).unwrap_or("");
    line.split_whitespace().nth(1).and_then(|n| n.parse().ok()).unwrap_or(0)
}

/// CPU time used by the process so far (user + system), from /proc/self/stat.
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name (which ends with ')'): utime and stime are 14 and 15.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let ticks: u64 = rest.split_whitespace().skip(11).take(2).filter_map(|n| n.parse::<u64>().ok()).sum();
    Duration::from_millis(ticks * 10)
}

/// The total size of the files in `dir` (the database with its WAL).
fn dir_bytes(dir: &std::path::Path) -> u64 {
    let entries = std::fs::read_dir(dir).into_iter().flatten().flatten();
    entries.filter_map(|e| e.metadata().ok()).map(|m| m.len()).sum()
}

/// What the game tasks share: the click budget, and when to stop.
struct Budget {
    deadline: Instant,
    clicks_left: AtomicU64,
    think: Duration,
}

impl Budget {
    fn take(&self) -> bool {
        Instant::now() < self.deadline
            && self.clicks_left.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1)).is_ok()
    }
}

/// One game: lobby, join, start, then clicks until the end or the budget is spent.
/// Returns (steps, finished).
/// With a think time, games start spread over one think time and wait that
/// long before each click, so the load offered is about games / think.
async fn game(fake: &FakeDiscord, n: u64, games: u64, budget: &Budget) -> (u64, bool) {
    let channel = BASE_CHANNEL + n;
    let alice = FakeUser::new(10_000 + 2 * n, &format!("a{n}"));
    let bob = FakeUser::new(10_001 + 2 * n, &format!("b{n}"));
    tokio::time::sleep(budget.think.mul_f64(n as f64 / games as f64)).await;
    let lobby = play::open_lobby(fake, &alice, channel, vec![]).await;
    tokio::time::sleep(budget.think).await;
    play::click_label(fake, &bob, &lobby, "Join").await;
    let lobby = fake.message(lobby.id).expect("lobby");
    tokio::time::sleep(budget.think).await;
    play::click_label(fake, &alice, &lobby, "Start").await;
    let players = [alice, bob];
    let mut steps = 0;
    while budget.take() {
        tokio::time::sleep(budget.think).await;
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

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Every accepted update of a board (type 7, or type 6 when its picture was
/// not drawn in time and the board is edited after) must show as exactly
/// one edit.
fn check_no_lost_or_doubled(fake: &FakeDiscord) -> Result<(), String> {
    let mut updates: HashMap<u64, u64> = HashMap::new();
    for r in fake.interactions() {
        if let (Some(m), Some(a)) = (r.message_id, r.response.as_ref()) {
            *updates.entry(m).or_default() += u64::from(a.kind == 7 || a.kind == 6);
        }
    }
    let boards = fake.all_messages().into_iter().filter(|m| !m.is_ephemeral() && m.interaction_id.is_none());
    for m in boards {
        let accepted = updates.get(&m.id).copied().unwrap_or(0);
        if u64::from(m.version) != accepted {
            return Err(format!("board {} has {} edits but {accepted} accepted clicks", m.id, m.version));
        }
    }
    Ok(())
}

/// Prints the latency figures; returns how many interactions were unanswered and answered.
fn report_latency(fake: &FakeDiscord, elapsed: Duration) -> (usize, usize) {
    let records = fake.interactions();
    let clicks: Vec<_> = records.iter().filter(|r| r.custom_id.is_some()).collect();
    let refused = clicks.iter().filter(|r| r.response.as_ref().is_some_and(|a| a.kind == 4)).count();
    let unanswered = records.iter().filter(|r| r.response.is_none()).count();
    let mut all: Vec<Duration> = records.iter().filter_map(|r| r.response.as_ref().map(|a| a.latency)).collect();
    all.sort();
    println!(
        "interactions: {} sent, {} answered ({} clicks, {refused} refused privately), {unanswered} unanswered",
        records.len(),
        all.len(),
        clicks.len()
    );
    println!("throughput: {:.0} interactions/s", all.len() as f64 / elapsed.as_secs_f64());
    println!(
        "latency INTERACTION_CREATE -> callback: p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        ms(percentile(&all, 0.5)),
        ms(percentile(&all, 0.9)),
        ms(percentile(&all, 0.99)),
        ms(all.last().copied().unwrap_or_default())
    );
    (unanswered, all.len())
}

/// The requests the fake counts by route, and all of them.
fn request_counts(fake: &FakeDiscord) -> Vec<(&'static str, u64)> {
    let routes = ["GET channel message", "PATCH channel message", "POST channel message", "PUT commands"];
    let mut out: Vec<(&'static str, u64)> = routes.iter().map(|&r| (r, fake.request_count(r))).collect();
    out.push(("all", fake.requests_total().0));
    out
}

/// Stops the bot and starts a new one on the same database; prints what
/// start-up sent to Discord and when it was done (no request for
/// `QUIET`), then checks the boards against the database again.
async fn measure_restart(fake: &FakeDiscord, dir: &std::path::Path, bot: RunningBot) -> Result<(), String> {
    const QUIET: Duration = Duration::from_secs(5);
    bot.stop().await?;
    if !fake.wait_disconnected(play::WAIT).await {
        return Err("the bot did not leave the gateway".into());
    }
    let before = request_counts(fake);
    let (started, cpu_before) = (Instant::now(), cpu_time());
    let bot = play::start_bot(fake, dir).await;
    let ready = started.elapsed();
    let (mut seen, mut since) = (fake.requests_total().0, Instant::now());
    while since.elapsed() < QUIET {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let now = fake.requests_total().0;
        if now != seen {
            (seen, since) = (now, Instant::now());
        }
    }
    let last = fake.requests_total().1.map_or(Duration::ZERO, |t| t.saturating_duration_since(started));
    let cpu = cpu_time().saturating_sub(cpu_before);
    let after = request_counts(fake);
    let sent: Vec<String> =
        after.iter().zip(&before).map(|((route, a), (_, b))| format!("{route} {}", a - b)).collect();
    println!("restart: requests sent at start-up: {}", sent.join(", "));
    let boards: u64 = after.iter().zip(&before).take(3).map(|((_, a), (_, b))| a - b).sum();
    println!(
        "restart: ready (gateway, commands) after {:.2} s; last start-up request after {:.2} s (every board current); \
         {boards} board requests, {:.0} s of Discord's 50 requests/s; CPU {:.1} s (bot + fake, incl. {:.0} s quiet)",
        ready.as_secs_f64(),
        last.as_secs_f64(),
        boards as f64 / 50.0,
        cpu.as_secs_f64(),
        QUIET.as_secs_f64()
    );
    bot.stop().await?;
    let stored = store_check::compare(fake, &dir.join("thaayam.db"))?;
    println!("restart: database vs boards: {} games, every board shows its game's last move", stored.games);
    fake.assert_no_violations();
    Ok(())
}

/// Prints the first few panics of game tasks only (a thousand alike help nobody).
fn quiet_panics() {
    let count = AtomicU64::new(0);
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if count.fetch_add(1, Ordering::Relaxed) < 3 {
            default(info);
        }
    }));
}

/// Scrapes made by [`scrape_every`].
static SCRAPES: AtomicU64 = AtomicU64::new(0);

/// GET /metrics; the body.
async fn scrape(addr: std::net::SocketAddr) -> Option<String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.ok()?;
    s.write_all(b"GET /metrics HTTP/1.1\r\nHost: loadtest\r\n\r\n").await.ok()?;
    let mut answer = String::new();
    s.read_to_string(&mut answer).await.ok()?;
    Some(answer.split_once("\r\n\r\n")?.1.to_string())
}

/// Scrapes the metrics page every `period` until aborted.
async fn scrape_every(addr: std::net::SocketAddr, period: Duration) {
    loop {
        tokio::time::sleep(period).await;
        if scrape(addr).await.is_some() {
            SCRAPES.fetch_add(1, Ordering::Relaxed);
        }
    }
}

#[tokio::main]
async fn main() -> Result<(), String> {
    let args = args()?;
    quiet_panics();
    let fake = Arc::new(FakeDiscord::start().await);
    let dir = TempDir::new("loadtest");
    let rss_before = status_kib("VmRSS:");
    let bot = if args.metrics {
        let mut config = play::config(&dir.0.join("thaayam.db"), thaayam::discord::config::Shards::Auto);
        config.metrics = Some(std::net::SocketAddr::from(([127, 0, 0, 1], 0)));
        play::start_bot_with(&fake, config).await
    } else {
        play::start_bot(&fake, &dir.0).await
    };
    let scraper = bot.metrics_address().map(|addr| tokio::spawn(scrape_every(addr, Duration::from_secs(5))));
    let started = Instant::now();
    let cpu_before = cpu_time();
    let budget = Arc::new(Budget {
        deadline: started + Duration::from_secs(args.seconds),
        clicks_left: AtomicU64::new(args.clicks),
        think: args.think,
    });
    let games = args.games;
    let tasks: Vec<_> = (0..games)
        .map(|n| {
            let (fake, budget) = (fake.clone(), budget.clone());
            tokio::spawn(async move { game(&fake, n, games, &budget).await })
        })
        .collect();
    let (mut steps, mut finished, mut failed) = (0, 0, 0);
    for t in tasks {
        match t.await {
            Ok((s, f)) => {
                steps += s;
                finished += u64::from(f);
            }
            Err(_) => failed += 1,
        }
    }
    let elapsed = started.elapsed();
    let cpu = cpu_time().saturating_sub(cpu_before);
    let (rss, hwm) = (status_kib("VmRSS:"), status_kib("VmHWM:"));
    if args.restart {
        println!("games: {} ({failed} failed) in {:.1} s", args.games, elapsed.as_secs_f64());
        return measure_restart(&fake, &dir.0, bot).await;
    }
    if let (Some(scraper), Some(addr)) = (scraper, bot.metrics_address()) {
        scraper.abort();
        let scrapes = SCRAPES.load(Ordering::Relaxed);
        let page = scrape(addr).await.unwrap_or_default();
        let counted: f64 = page
            .lines()
            .filter(|l| l.starts_with("thaayam_interactions_total{"))
            .filter_map(|l| l.rsplit_once(' ')?.1.parse::<f64>().ok())
            .sum();
        println!(
            "metrics: {scrapes} scrapes during the run, the last page {} bytes; it counted {counted} interactions (the fake sent {})",
            page.len(),
            fake.interactions().len()
        );
    }
    bot.stop().await?;
    let think = if args.think.is_zero() { String::new() } else { format!(", think {} ms", args.think.as_millis()) };
    println!(
        "games: {} ({finished} finished, {failed} failed, {steps} game steps) in {:.1} s{think}",
        args.games,
        elapsed.as_secs_f64()
    );
    let (unanswered, answered) = report_latency(&fake, elapsed);
    println!(
        "CPU (bot + fake): {:.1} s = {:.0}% of one core, {:.1} ms per answered interaction",
        cpu.as_secs_f64(),
        100.0 * cpu.as_secs_f64() / elapsed.as_secs_f64(),
        ms(cpu) / answered.max(1) as f64
    );
    println!(
        "memory (bot + fake in one process): RSS {} MiB at the end ({} MiB before the bot), peak {} MiB",
        rss / 1024,
        rss_before / 1024,
        hwm / 1024
    );
    println!("of which the fake's model of Discord (messages, files, interactions): {} MiB", fake.model_bytes() >> 20);
    println!("database: {:.1} KiB ({})", dir_bytes(&dir.0) as f64 / 1024.0, dir.0.display());
    let violations = fake.violations();
    println!("violations: {}", violations.len());
    for v in violations.iter().take(5) {
        println!("  {v}");
    }
    let check = check_no_lost_or_doubled(&fake);
    match &check {
        Ok(()) => println!("lost or doubled clicks: none (every accepted click edited its board once)"),
        Err(e) => println!("lost or doubled clicks: {e}"),
    }
    let stored = store_check::compare(&fake, &dir.0.join("thaayam.db"));
    match &stored {
        Ok(c) => println!(
            "database vs boards: {} games, {} events, {} finished: every log replays and matches its board's move",
            c.games, c.events, c.finished
        ),
        Err(e) => println!("database vs boards: {e}"),
    }
    if !violations.is_empty() {
        return Err("Discord would have rejected some requests".into());
    }
    if failed > 0 {
        return Err(format!("{failed} game tasks failed (see their panics above)"));
    }
    if unanswered > 0 {
        return Err(format!("{unanswered} interactions were never answered"));
    }
    check?;
    stored.map(|_| ())
}
