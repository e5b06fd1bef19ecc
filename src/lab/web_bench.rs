//! `thaayam-lab web-bench`: what the game pages' viewers cost the bot. A
//! bot's data on an SQLite file, the pages served on loopback; clicks are
//! played round `games` running games of two humans (each: the session
//! applies it, the store saves it, the hub announces it, as the live
//! wing's `change` does, and the board is drawn for Discord), in rounds
//! alternately alone and watched: a watched round's games have `viewers`
//! live streams spread evenly over them, held open by a child process
//! (`thaayam-lab web-viewers`, so that the bot's process holds only its
//! own side of each connection), each from its own loopback address
//! (127.x.y.z: all of 127/8 is the loopback), so that the per-address cap
//! of the pages does not refuse them. With `fetch`, each viewer also
//! fetches the board picture of every change, as the page's script does.
//! A game is over after some 100 clicks, and a page's stream of a game
//! that is over is refused: every round plays new games.
//!
//! Prints, per round and for all rounds of each kind, each click's wall
//! time (p50, p99, max), the whole process's CPU per click (the pages'
//! rendering and sending included, and a second after the last click for
//! the work it started) and the memory per viewer (the process's resident
//! memory with the viewers connected, less before they came, per viewer),
//! with the load average beside each round.

use crate::discord::game::ids::{ChannelId, GuildId, UserId, Venue};
use crate::discord::game::intent::{Actor, Intent};
use crate::discord::game::script::random_intent;
use crate::discord::game::session;
use crate::discord::game::table::{NewGame, Stage};
use crate::discord::live::hub::Shared;
use crate::discord::live::{persist, pictures};
use crate::discord::view::lang::Lang;
use crate::discord::view::picture::board_view;
use crate::engine::{Ruleset, Variant};
use crate::store::Store;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// What to run: `games` games of two humans, `viewers` live streams over
/// them in the watched rounds, `clicks` clicks per round, `rounds` pairs of
/// rounds (one alone, one watched, alternately), `pace` between clicks,
/// and whether each viewer fetches the new board picture on each change
/// as the page's script does (`fetch`).
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub games: usize,
    pub viewers: usize,
    pub clicks: usize,
    pub rounds: usize,
    pub pace: Duration,
    pub fetch: bool,
}

/// The figures of one round.
#[derive(Debug, serde::Serialize)]
pub struct Round {
    pub watched: bool,
    pub clicks: usize,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    pub cpu_per_click_ms: f64,
    /// Resident memory with the viewers connected, less before, per viewer.
    pub memory_per_viewer_bytes: Option<f64>,
    /// Seconds the viewers took to connect.
    pub connect_s: Option<f64>,
    pub events_sent_per_click: Option<f64>,
    /// `/proc/loadavg`'s first figure at the round's end.
    pub load: f64,
}

/// The figures of one run: the rounds, then the clicks of all rounds of
/// each kind together.
#[derive(Debug, serde::Serialize)]
pub struct Figures {
    pub games: usize,
    pub viewers: usize,
    pub fetch: bool,
    pub pace_ms: f64,
    pub rounds: Vec<Round>,
    pub alone_clicks: usize,
    pub alone_p50_ms: f64,
    pub alone_p99_ms: f64,
    pub alone_cpu_per_click_ms: f64,
    pub watched_clicks: usize,
    pub watched_p50_ms: f64,
    pub watched_p99_ms: f64,
    pub watched_cpu_per_click_ms: f64,
    /// The median of the watched rounds' figures.
    pub memory_per_viewer_bytes: f64,
}

fn rss_bytes() -> f64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: f64 = statm.split_whitespace().nth(1).and_then(|p| p.parse().ok()).unwrap_or(0.0);
    pages * 4096.0
}

fn load() -> f64 {
    let avg = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    avg.split_whitespace().next().and_then(|l| l.parse().ok()).unwrap_or(0.0)
}

fn process_cpu() -> Duration {
    cpu_time::ProcessTime::try_now().map(|t| t.as_duration()).unwrap_or_default()
}

/// Files this process may open (`/proc/self/limits`'s soft limit), when
/// the system says.
fn open_files_limit() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.trim_start_matches("Max open files").split_whitespace().next()?.parse().ok()
}

/// Fetches in flight at once in the viewers' process (a crowd's browsers
/// fetch at once; this keeps the two processes under their file limits).
const FETCHES_AT_ONCE: usize = 512;

/// An error unless this process may hold `streams` connections and a few
/// more (the store, the listener, the fetches).
fn check_files(streams: usize, fetch: bool) -> Result<(), String> {
    let need = (streams + if fetch { FETCHES_AT_ONCE } else { 0 } + 64) as u64;
    match open_files_limit() {
        Some(limit) if limit < need => Err(format!(
            "{streams} viewers need {need} open files in each process, this shell allows {limit}: \
             raise the limit first (`ulimit -n {need}`)"
        )),
        _ => Ok(()),
    }
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

/// Plays up to `clicks` clicks round the games, `pace` apart, until every
/// game is over; each click's wall time (lock, session, save, announce,
/// the board's picture for Discord).
async fn play(
    data: &crate::discord::live::data::Data,
    games: &[Shared],
    clicks: usize,
    pace: Duration,
    rng: &mut ChaCha8Rng,
) -> Vec<Duration> {
    let mut times = Vec::with_capacity(clicks);
    let mut open: Vec<&Shared> = games.iter().collect();
    let mut g = 0;
    let mut failed = 0;
    while times.len() < clicks && !open.is_empty() {
        g %= open.len();
        let game = open[g];
        let started = Instant::now();
        let mut r = game.lock().await;
        if r.table.stage != Stage::Playing {
            drop(r);
            open.swap_remove(g);
            continue;
        }
        g += 1;
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
            failed += 1;
            if failed > clicks {
                break;
            }
            continue;
        }
        data.hub.saved(&r.table);
        // The board for Discord, drawn as the live wing draws it.
        let view = board_view(Lang::EN, &r.table);
        drop(r);
        if let Some(view) = view {
            pictures::render_png(view).await;
        }
        times.push(started.elapsed());
        if !pace.is_zero() {
            tokio::time::sleep(pace).await;
        }
    }
    times
}

/// Runs the benchmark (see the module's note).
pub fn run(options: Options) -> Result<String, String> {
    check_files(options.viewers, options.fetch)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let figures =
        runtime.block_on(bench(Options { games: options.games.max(1), rounds: options.rounds.max(1), ..options }))?;
    serde_json::to_string_pretty(&figures).map_err(|e| e.to_string())
}

/// `games` new games of two humans, started, in channels of their own
/// (`batch` numbers the set).
async fn new_games(data: &crate::discord::live::data::Data, games: usize, batch: usize) -> Result<Vec<Shared>, String> {
    let mut shared = Vec::with_capacity(games);
    for g in 0..games {
        let new = NewGame {
            venue: Venue::Server(GuildId(1)),
            channel: ChannelId(10_000 + (batch * games + g) as u64),
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
    Ok(shared)
}

/// A round's figures from its clicks and the CPU they took.
fn round(watched: bool, times: &mut [Duration], cpu: Duration) -> Round {
    times.sort();
    Round {
        watched,
        clicks: times.len(),
        p50_ms: percentile(times, 0.5),
        p99_ms: percentile(times, 0.99),
        max_ms: percentile(times, 1.0),
        cpu_per_click_ms: cpu.as_secs_f64() * 1000.0 / times.len().max(1) as f64,
        memory_per_viewer_bytes: None,
        connect_s: None,
        events_sent_per_click: None,
        load: load(),
    }
}

/// After a click the pages' work it started goes on: counted in its round.
const TAIL: Duration = Duration::from_millis(1000);

async fn bench(o: Options) -> Result<Figures, String> {
    let dir = std::env::temp_dir().join(format!("thaayam-web-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let result = rounds(o, &dir).await;
    let _ = std::fs::remove_dir_all(&dir);
    result
}

async fn rounds(o: Options, dir: &std::path::Path) -> Result<Figures, String> {
    let store = Store::open(dir.join("bench.db")).map_err(|e| e.to_string())?;
    let data = crate::discord::live::testing::data(store);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.map_err(|e| e.to_string())?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let site = crate::discord::web::listener::start(listener, data.clone()).await?;
    let keys = data.pages.keys().ok_or("no keys")?.clone();
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    // Warm up (the store, the allocator, the drawing threads).
    let warm = new_games(&data, o.games, 0).await?;
    play(&data, &warm, o.clicks / 10 + 1, o.pace, &mut rng).await;
    // A game lasts some 100 clicks: every round plays new games, so that
    // the watched ones are still on when their viewers come.
    let mut batch = 1;
    let mut all = Vec::new();
    let (mut alone, mut watched) = (Vec::new(), Vec::new());
    let (mut alone_cpu, mut watched_cpu) = (Duration::ZERO, Duration::ZERO);
    for _ in 0..o.rounds {
        let games = new_games(&data, o.games, batch).await?;
        batch += 1;
        let cpu = process_cpu();
        let mut times = play(&data, &games, o.clicks, o.pace, &mut rng).await;
        tokio::time::sleep(TAIL).await;
        let spent = process_cpu().saturating_sub(cpu);
        alone_cpu += spent;
        alone.extend_from_slice(&times);
        all.push(round(false, &mut times, spent));

        let games = new_games(&data, o.games, batch).await?;
        batch += 1;
        let mut ids = Vec::with_capacity(games.len());
        for g in &games {
            ids.push(keys.key(g.lock().await.table.id.get()));
        }
        let list = dir.join("keys.txt");
        std::fs::write(&list, ids.join("\n")).map_err(|e| e.to_string())?;
        let rss_before = rss_bytes();
        let mut child = std::process::Command::new(&exe)
            .args(["web-viewers", "--base", &format!("http://{addr}"), "--keys"])
            .arg(&list)
            .args(["--viewers", &o.viewers.to_string(), "--fetch", if o.fetch { "1" } else { "0" }])
            .spawn()
            .map_err(|e| format!("cannot start the viewers: {e}"))?;
        let started = Instant::now();
        while site.streams.count() < o.viewers {
            let gone = child.try_wait().ok().flatten();
            if started.elapsed() > Duration::from_secs(120) || gone.is_some() {
                let _ = child.kill();
                let _ = child.wait();
                let why = gone.map(|s| format!(" (the viewers' process ended: {s})")).unwrap_or_default();
                return Err(format!("only {} of {} viewers connected{why}", site.streams.count(), o.viewers));
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let connect = started.elapsed();
        tokio::time::sleep(Duration::from_millis(500)).await;
        let rss_after = rss_bytes();
        let sent_before = crate::discord::web::stream::sent();
        let cpu = process_cpu();
        let mut times = play(&data, &games, o.clicks, o.pace, &mut rng).await;
        tokio::time::sleep(TAIL).await;
        let spent = process_cpu().saturating_sub(cpu);
        let sent = crate::discord::web::stream::sent().saturating_sub(sent_before);
        let _ = child.kill();
        let _ = child.wait();
        watched_cpu += spent;
        watched.extend_from_slice(&times);
        let mut r = round(true, &mut times, spent);
        r.memory_per_viewer_bytes = Some((rss_after - rss_before) / o.viewers.max(1) as f64);
        r.connect_s = Some(connect.as_secs_f64());
        r.events_sent_per_click = Some(sent as f64 / r.clicks.max(1) as f64);
        all.push(r);
        // The next round alone: the streams are gone once the bot notices
        // (at the latest at their next keep-alive).
        let left = Instant::now();
        while site.streams.count() > 0 && left.elapsed() < Duration::from_secs(30) {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        if site.streams.count() > 0 {
            return Err(format!("{} streams still open 30 s after their viewers left", site.streams.count()));
        }
    }
    alone.sort();
    watched.sort();
    let mut memory: Vec<f64> = all.iter().filter_map(|r| r.memory_per_viewer_bytes).collect();
    memory.sort_by(f64::total_cmp);
    let per_click = |cpu: Duration, n: usize| cpu.as_secs_f64() * 1000.0 / n.max(1) as f64;
    Ok(Figures {
        games: o.games,
        viewers: o.viewers,
        fetch: o.fetch,
        pace_ms: o.pace.as_secs_f64() * 1000.0,
        rounds: all,
        alone_clicks: alone.len(),
        alone_p50_ms: percentile(&alone, 0.5),
        alone_p99_ms: percentile(&alone, 0.99),
        alone_cpu_per_click_ms: per_click(alone_cpu, alone.len()),
        watched_clicks: watched.len(),
        watched_p50_ms: percentile(&watched, 0.5),
        watched_p99_ms: percentile(&watched, 0.99),
        watched_cpu_per_click_ms: per_click(watched_cpu, watched.len()),
        memory_per_viewer_bytes: memory.get(memory.len() / 2).copied().unwrap_or(0.0),
    })
}

/// Viewer `i`'s own loopback address (Linux routes all of 127/8 to the
/// loopback): each viewer connects from its own, so that neither the
/// per-address cap nor the ports of one address limit the crowd.
fn viewer_address(i: usize) -> std::net::SocketAddr {
    let n = i + 1;
    let ip = std::net::Ipv4Addr::new(127, 1 + ((n >> 16) & 127) as u8, ((n >> 8) & 255) as u8, (n & 255) as u8);
    std::net::SocketAddr::from((ip, 0))
}

/// A connection to `server` from viewer `i`'s address.
async fn connect(i: usize, server: std::net::SocketAddr) -> std::io::Result<tokio::net::TcpStream> {
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.bind(viewer_address(i))?;
    socket.connect(server).await
}

/// The board's address in a `change` event's data, if any.
fn board_of(event: &str) -> Option<&str> {
    if !event.lines().any(|l| l == "event: change" || l == "event:change") {
        return None;
    }
    let from = event.find("\"board\":\"")? + "\"board\":\"".len();
    let len = event[from..].find('"')?;
    Some(&event[from..from + len])
}

/// Fetches `path` from `server` as viewer `i` (`Connection: close`) and
/// drops what comes.
async fn fetch(i: usize, server: std::net::SocketAddr, path: &str) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let Ok(mut s) = connect(i, server).await else { return };
    let request = format!("GET {path} HTTP/1.1\r\nHost: {server}\r\nConnection: close\r\n\r\n");
    if s.write_all(request.as_bytes()).await.is_err() {
        return;
    }
    let mut buf = vec![0u8; 16 * 1024];
    while let Ok(n) = s.read(&mut buf).await {
        if n == 0 {
            return;
        }
    }
}

/// `thaayam-lab web-viewers`: holds `viewers` live streams open on the
/// games whose keys are in `keys` (one a line, spread evenly), each from
/// its own loopback address, until killed. With `fetch`, each viewer
/// fetches the board of every change it hears, as the page's script does
/// (at most [`FETCHES_AT_ONCE`] at once); else it reads and drops what
/// comes.
pub fn viewers(base: &str, keys: &std::path::Path, viewers: usize, fetch_boards: bool) -> Result<(), String> {
    check_files(viewers, fetch_boards)?;
    let keys: Vec<String> =
        std::fs::read_to_string(keys).map_err(|e| e.to_string())?.lines().map(String::from).collect();
    if keys.is_empty() {
        return Err("no game keys".into());
    }
    let server: std::net::SocketAddr =
        base.trim_start_matches("http://").parse().map_err(|e| format!("--base {base}: {e}"))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(async move {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let fetches = std::sync::Arc::new(tokio::sync::Semaphore::new(FETCHES_AT_ONCE));
        let mut tasks = Vec::with_capacity(viewers);
        for i in 0..viewers {
            let key = keys[i % keys.len()].clone();
            let fetches = fetches.clone();
            tasks.push(tokio::spawn(async move {
                let mut s = match connect(i, server).await {
                    Ok(s) => s,
                    Err(e) => {
                        // Said once: the bot's side counts who came.
                        static SAID: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
                        if !SAID.swap(true, std::sync::atomic::Ordering::Relaxed) {
                            eprintln!("web-viewers: viewer {i} cannot connect from {}: {e}", viewer_address(i).ip());
                        }
                        return;
                    }
                };
                let request =
                    format!("GET /g/{key}/events HTTP/1.1\r\nHost: {server}\r\nAccept: text/event-stream\r\n\r\n");
                if s.write_all(request.as_bytes()).await.is_err() {
                    return;
                }
                let mut buf = vec![0u8; 4096];
                let mut pending = String::new();
                while let Ok(n) = s.read(&mut buf).await {
                    if n == 0 {
                        return;
                    }
                    if !fetch_boards {
                        continue;
                    }
                    // Chunked: the chunk sizes land between events, never
                    // inside the data line of one.
                    pending.push_str(&String::from_utf8_lossy(&buf[..n]));
                    while let Some(end) = pending.find("\n\n") {
                        let event: String = pending.drain(..end + 2).collect();
                        if let Some(path) = board_of(&event).map(String::from) {
                            let fetches = fetches.clone();
                            tokio::spawn(async move {
                                let Ok(_permit) = fetches.acquire().await else { return };
                                fetch(i, server, &path).await;
                            });
                        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_viewer_fetches_the_board_of_a_change_only() {
        let change = "event: change\nid: 7\ndata: {\"seq\":7,\"board\":\"/g/abc/board.png?v=7\",\"moves\":[]}\n\n";
        assert_eq!(board_of(change), Some("/g/abc/board.png?v=7"));
        assert_eq!(board_of("event: refresh\ndata: {}\n\n"), None);
        assert_eq!(board_of(": keep-alive\n\n"), None);
        assert_eq!(board_of("event: change\ndata: {\"seq\":8}\n\n"), None, "a change without a board");
    }

    #[test]
    fn every_viewer_has_a_loopback_address_of_its_own() {
        let mut seen = std::collections::HashSet::new();
        for i in 0..70_000 {
            let a = viewer_address(i);
            assert!(a.ip().is_loopback(), "{a}");
            assert_ne!(a.ip(), std::net::IpAddr::from([127, 0, 0, 1]), "the bot's own address");
            assert!(seen.insert(a.ip()), "viewer {i} shares {a}");
        }
    }

    #[test]
    fn the_file_limit_is_read() {
        // Linux says; elsewhere the check lets the run try.
        if std::path::Path::new("/proc/self/limits").exists() {
            let limit = open_files_limit().expect("a limit");
            assert!(limit > 0);
            assert!(check_files(limit as usize, false).is_err(), "as many viewers as files cannot fit");
            assert!(check_files(0, false).is_ok() || limit < 64);
        }
    }
}
