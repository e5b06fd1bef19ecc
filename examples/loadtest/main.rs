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
//!
//! With `--bot-process 1` the bot runs as a process of its own (this
//! program started again, see `bot.rs`), and its own memory and CPU are
//! printed apart from the fake's: RSS when connected and at the end, and
//! what each open game added. With `--postgres 1` the bot's database is a
//! throw-away PostgreSQL server (durable commits; `initdb` must be
//! installed) instead of an SQLite file.

#[path = "../../tests/support/mod.rs"]
mod support;

mod bot;

use bot::{Bot, Usage, cpu_time, status_kib};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use support::fake_discord::{FakeDiscord, FakeUser};
use support::play::{self, Progress, TempDir};
use support::store_check;
use thaayam::discord::bot::RunningBot;
use thaayam::store::Database;

const BASE_CHANNEL: u64 = 1_400_000_000_000_000_000;

struct Args {
    games: u64,
    seconds: u64,
    clicks: u64,
    think: Duration,
    restart: bool,
    metrics: bool,
    bot_process: bool,
    postgres: bool,
}

fn args() -> Result<Args, String> {
    let mut out = Args {
        games: 100,
        seconds: 20,
        clicks: u64::MAX,
        think: Duration::ZERO,
        restart: false,
        metrics: false,
        bot_process: false,
        postgres: false,
    };
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
            "--bot-process" => out.bot_process = n > 0,
            "--postgres" => out.postgres = n > 0,
            _ => {
                let known = "--games N, --seconds S, --clicks N, --think-ms MS, --restart 1, --metrics 1, \
                             --bot-process 1, --postgres 1";
                return Err(format!("unknown flag {flag} (use {known})"));
            }
        }
    }
    if out.bot_process && (out.restart || out.metrics) {
        return Err("--bot-process 1 goes with neither --restart nor --metrics".into());
    }
    if out.postgres && out.restart {
        return Err("--restart 1 is measured on SQLite only".into());
    }
    Ok(out)
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
    let (started, cpu_before) = (Instant::now(), cpu_time("self"));
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
    let cpu = cpu_time("self").saturating_sub(cpu_before);
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

fn main() -> Result<(), String> {
    let mut argv = std::env::args().skip(1).peekable();
    if argv.peek().map(String::as_str) == Some(bot::AS_BOT) {
        argv.next();
        return bot::run_as_bot(argv);
    }
    let args = args()?;
    // The server lives until the end of the run (dropped, it is removed).
    let postgres = if args.postgres {
        let server =
            thaayam::lab::pg_server::own().ok_or("--postgres 1 needs PostgreSQL's server programs (initdb)")?;
        Some(server)
    } else {
        None
    };
    let runtime = tokio::runtime::Runtime::new().map_err(|e| format!("cannot start tokio: {e}"))?;
    runtime.block_on(load(args, postgres.as_ref()))
}

/// Prints the bot's own process's figures, when it has one.
fn report_bot_process(ready: Usage, end: Usage, games: u64, answered: usize) {
    let per_game = end.rss.saturating_sub(ready.rss) as f64 / games.max(1) as f64;
    println!(
        "memory of the bot's own process: RSS {} MiB when connected, {} MiB at the end, peak {} MiB: \
         {per_game:.1} KiB more per game",
        ready.rss / 1024,
        end.rss / 1024,
        end.hwm / 1024
    );
    let cpu = end.cpu.saturating_sub(ready.cpu);
    println!(
        "CPU of the bot's own process: {:.1} s, {:.2} ms per answered interaction",
        cpu.as_secs_f64(),
        ms(cpu) / answered.max(1) as f64
    );
}

async fn load(args: Args, postgres: Option<&thaayam::lab::pg_server::PgServer>) -> Result<(), String> {
    quiet_panics();
    let fake = Arc::new(FakeDiscord::start().await);
    let dir = TempDir::new("loadtest");
    let database: Database = match postgres {
        Some(server) => tokio::task::block_in_place(|| server.fresh_database()),
        None => dir.0.join("thaayam.db").into(),
    };
    let rss_before = status_kib("self", "VmRSS:");
    let bot = Bot::start(&fake, &database, args.bot_process, args.metrics).await?;
    let bot_ready = bot.usage();
    let server_data = postgres.map(|server| server.folder().join("data"));
    let server_before = server_data.as_deref().and_then(bot::database_server_cpu);
    let scraper = bot.metrics_address().map(|addr| tokio::spawn(scrape_every(addr, Duration::from_secs(5))));
    let started = Instant::now();
    let cpu_before = cpu_time("self");
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
    let cpu = cpu_time("self").saturating_sub(cpu_before);
    let (rss, hwm) = (status_kib("self", "VmRSS:"), status_kib("self", "VmHWM:"));
    let bot_end = bot.usage();
    let server_end = server_data.as_deref().and_then(bot::database_server_cpu);
    if args.restart {
        println!("games: {} ({failed} failed) in {:.1} s", args.games, elapsed.as_secs_f64());
        let Bot::Here(bot) = bot else { return Err("--restart 1 restarts a bot in this process".into()) };
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
    let here =
        if args.bot_process { "the fake and the game scripts, this process" } else { "bot + fake in one process" };
    println!(
        "CPU ({here}): {:.1} s = {:.0}% of one core, {:.1} ms per answered interaction",
        cpu.as_secs_f64(),
        100.0 * cpu.as_secs_f64() / elapsed.as_secs_f64(),
        ms(cpu) / answered.max(1) as f64
    );
    println!(
        "memory ({here}): RSS {} MiB at the end ({} MiB before the bot), peak {} MiB",
        rss / 1024,
        rss_before / 1024,
        hwm / 1024
    );
    println!("of which the fake's model of Discord (messages, files, interactions): {} MiB", fake.model_bytes() >> 20);
    if let (Some(ready), Some(end)) = (bot_ready, bot_end) {
        report_bot_process(ready, end, args.games, answered);
    }
    if let (Some(before), Some(end)) = (server_before, server_end) {
        let cpu = end.saturating_sub(before);
        println!(
            "CPU of the PostgreSQL server's processes: {:.1} s, {:.2} ms per answered interaction",
            cpu.as_secs_f64(),
            ms(cpu) / answered.max(1) as f64
        );
    }
    match &database {
        Database::Sqlite(_) => println!("database: {:.1} KiB ({})", dir_bytes(&dir.0) as f64 / 1024.0, dir.0.display()),
        Database::Postgres(_) => println!("database: PostgreSQL ({database}), durable commits"),
    }
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
    let stored = tokio::task::block_in_place(|| store_check::compare_database(&fake, &database));
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
