//! `thaayam-lab web-bench`: what the game pages' viewers cost the bot. A
//! bot's data on an SQLite file with `games` running games of two humans,
//! the pages served on loopback; clicks are played round the games (each:
//! the session applies it, the store saves it, the hub announces it, as
//! the live wing's `change` does), first with nobody watching, then with
//! `viewers` live streams spread evenly over the games, held open by a
//! child process (`thaayam-lab web-viewers`, so that the bot's process
//! holds only its own side of each connection, and each process stays
//! under its file limit). Prints each click's wall time (p50, p99), the
//! whole process's CPU per click (the pages' rendering and sending
//! included) and the memory per viewer (the process's resident memory
//! with the viewers connected, less without, per viewer).

use crate::discord::game::ids::{ChannelId, GuildId, UserId, Venue};
use crate::discord::game::intent::{Actor, Intent};
use crate::discord::game::script::random_intent;
use crate::discord::game::session;
use crate::discord::game::table::{NewGame, Stage};
use crate::discord::live::hub::Shared;
use crate::discord::live::persist;
use crate::engine::{Ruleset, Variant};
use crate::store::Store;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// The figures of one run.
#[derive(Debug, serde::Serialize)]
pub struct Figures {
    pub games: usize,
    pub viewers: usize,
    pub clicks: usize,
    pub alone_p50_ms: f64,
    pub alone_p99_ms: f64,
    pub alone_cpu_per_click_ms: f64,
    pub watched_p50_ms: f64,
    pub watched_p99_ms: f64,
    pub watched_cpu_per_click_ms: f64,
    pub memory_per_viewer_bytes: f64,
    pub events_sent_per_click: f64,
}

fn rss_bytes() -> f64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: f64 = statm.split_whitespace().nth(1).and_then(|p| p.parse().ok()).unwrap_or(0.0);
    pages * 4096.0
}

fn process_cpu() -> Duration {
    cpu_time::ProcessTime::try_now().map(|t| t.as_duration()).unwrap_or_default()
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

/// Plays `clicks` clicks round the games; each click's wall time.
async fn play(data: &crate::discord::Data, games: &[Shared], clicks: usize, rng: &mut ChaCha8Rng) -> Vec<Duration> {
    let mut times = Vec::with_capacity(clicks);
    let mut g = 0;
    let mut tries = 0;
    while times.len() < clicks && tries < clicks * 20 {
        tries += 1;
        let game = &games[g % games.len()];
        g += 1;
        let started = Instant::now();
        let mut r = game.lock().await;
        if r.table.stage != Stage::Playing {
            continue;
        }
        let seq = r.table.seq;
        for _ in 0..50 {
            let Some(user) = r.table.human_to_act() else { break };
            let intent = random_intent(&r.table, rng);
            let at = r.table.seq;
            let _ = session::handle(&mut r.table, Actor { user, moderator: false }, intent, Some(at), 0);
            if r.table.seq != seq {
                break;
            }
        }
        if persist::save(&data.store, &mut r).await.is_err() {
            continue;
        }
        data.hub.saved(&r.table);
        drop(r);
        times.push(started.elapsed());
    }
    times.sort();
    times
}

/// Runs the benchmark (see the module's note).
pub fn run(games: usize, viewers: usize, clicks: usize) -> Result<String, String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let figures = runtime.block_on(bench(games.max(1), viewers, clicks))?;
    serde_json::to_string_pretty(&figures).map_err(|e| e.to_string())
}

async fn bench(games: usize, viewers: usize, clicks: usize) -> Result<Figures, String> {
    let dir = std::env::temp_dir().join(format!("thaayam-web-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let store = Store::open(dir.join("bench.db")).map_err(|e| e.to_string())?;
    let data = crate::discord::live::testing::data(store);
    let mut shared = Vec::with_capacity(games);
    for g in 0..games {
        let new = NewGame {
            venue: Venue::Server(GuildId(1)),
            channel: ChannelId(10_000 + g as u64),
            host: UserId(10),
            ruleset: Ruleset::new(Variant::Bell),
            players: 2,
            turn_timeout: 3600,
            moderators_end: false,
            practice: false,
        };
        let mut r = persist::create(&data.store, new, &data.seeds).await.map_err(|e| e.to_string())?;
        session::handle(&mut r.table, Actor { user: UserId(11), moderator: false }, Intent::Join, None, 0)
            .map_err(|e| format!("{e:?}"))?;
        session::handle(&mut r.table, Actor { user: UserId(10), moderator: false }, Intent::Start, None, 0)
            .map_err(|e| format!("{e:?}"))?;
        persist::save(&data.store, &mut r).await.map_err(|e| e.to_string())?;
        shared.push(data.hub.insert(r).map_err(|_| "two games in one channel".to_string())?);
    }
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.map_err(|e| e.to_string())?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let site = crate::discord::web::listener::start(listener, data.clone()).await?;
    let keys = data.pages.keys().ok_or("no keys")?.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    // Warm up (the store, the allocator), then nobody watching.
    play(&data, &shared, clicks / 10 + 1, &mut rng).await;
    let cpu = process_cpu();
    let alone = play(&data, &shared, clicks, &mut rng).await;
    let alone_cpu = process_cpu().saturating_sub(cpu);
    // The viewers, in a child process.
    let mut ids = Vec::with_capacity(games);
    for g in &shared {
        ids.push(keys.key(g.lock().await.table.id.get()));
    }
    let list = dir.join("keys.txt");
    std::fs::write(&list, ids.join("\n")).map_err(|e| e.to_string())?;
    let rss_before = rss_bytes();
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut child = std::process::Command::new(exe)
        .args(["web-viewers", "--base", &format!("http://{addr}"), "--keys"])
        .arg(&list)
        .args(["--viewers", &viewers.to_string()])
        .spawn()
        .map_err(|e| format!("cannot start the viewers: {e}"))?;
    let started = Instant::now();
    while site.streams.count() < viewers {
        if started.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            return Err(format!("only {} of {viewers} viewers connected", site.streams.count()));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let rss_after = rss_bytes();
    let sent_before = crate::discord::web::stream::sent();
    let cpu = process_cpu();
    let watched = play(&data, &shared, clicks, &mut rng).await;
    // The pages' work that the clicks started is counted too.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let watched_cpu = process_cpu().saturating_sub(cpu);
    let sent = crate::discord::web::stream::sent().saturating_sub(sent_before);
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&dir);
    let per_click = |cpu: Duration, n: usize| cpu.as_secs_f64() * 1000.0 / n.max(1) as f64;
    Ok(Figures {
        games,
        viewers,
        clicks: watched.len(),
        alone_p50_ms: percentile(&alone, 0.5),
        alone_p99_ms: percentile(&alone, 0.99),
        alone_cpu_per_click_ms: per_click(alone_cpu, alone.len()),
        watched_p50_ms: percentile(&watched, 0.5),
        watched_p99_ms: percentile(&watched, 0.99),
        watched_cpu_per_click_ms: per_click(watched_cpu, watched.len()),
        memory_per_viewer_bytes: (rss_after - rss_before) / viewers.max(1) as f64,
        events_sent_per_click: sent as f64 / watched.len().max(1) as f64,
    })
}

/// `thaayam-lab web-viewers`: holds `viewers` live streams open on the
/// games whose keys are in `keys` (one a line, spread evenly), each from
/// its own address as a proxy would say (`X-Forwarded-For`), reading and
/// dropping what comes, until killed.
pub fn viewers(base: &str, keys: &std::path::Path, viewers: usize) -> Result<(), String> {
    let keys: Vec<String> =
        std::fs::read_to_string(keys).map_err(|e| e.to_string())?.lines().map(String::from).collect();
    let host = base.trim_start_matches("http://").to_string();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(async move {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let mut tasks = Vec::with_capacity(viewers);
        for i in 0..viewers {
            let key = keys[i % keys.len().max(1)].clone();
            let host = host.clone();
            tasks.push(tokio::spawn(async move {
                let Ok(mut s) = tokio::net::TcpStream::connect(&host).await else { return };
                let from = format!("10.{}.{}.{}", (i >> 16) & 255, (i >> 8) & 255, i & 255);
                let request = format!(
                    "GET /g/{key}/events HTTP/1.1\r\nHost: {host}\r\nX-Forwarded-For: {from}\r\nAccept: text/event-stream\r\n\r\n"
                );
                if s.write_all(request.as_bytes()).await.is_err() {
                    return;
                }
                let mut buf = vec![0u8; 2048];
                while let Ok(n) = s.read(&mut buf).await {
                    if n == 0 {
                        return;
                    }
                }
            }));
            if i % 256 == 255 {
                tokio::task::yield_now().await;
            }
        }
        for t in tasks {
            let _ = t.await;
        }
    });
    Ok(())
}
