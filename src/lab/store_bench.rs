//! `thaayam-lab store-bench`: the store as the bot uses it, on a scratch
//! database file, or with `--postgres` on fresh databases of a throw-away
//! PostgreSQL server (`pg_server`: on this machine, over loopback, with
//! fsync off: the cost of the client, the protocol and the server's work,
//! not of a disk). Saves: bot tables changed click by click through the
//! session layer (scripted humans and a computer), each change saved with
//! `persist::save_sync` (the same `Store::save_live` transaction as the
//! bot's `persist::save`); the time counted is the save alone, for one game
//! at a time and for changes spread over 1,000 open games. Resuming: the
//! bot's start-up on a file with many open games in every stage of play:
//! opening the file and reading every open game (`Store::live_games`), then
//! rebuilding each table (`persist::from_live`: its JSON, and the log
//! replayed and checked by the engine).

use super::tables;
use crate::discord::game::computer::Level;
use crate::discord::game::ids::{ChannelId, GuildId, UserId, Venue};
use crate::discord::game::intent::Intent;
use crate::discord::game::table::NewGame;
use crate::discord::game::table::{Stage, Table};
use crate::discord::live::persist;
use crate::discord::live::running::{Running, Stored};
use crate::engine::{Ruleset, Variant};
use crate::store::{Database, Store, StoreError};
use serde::Serialize;
use std::path::Path;

use std::time::{Duration, Instant};

/// Games the spread measurement changes in turn.
const SPREAD_GAMES: u64 = 1000;
/// Every this many changes of a game played to fill the resume file, a
/// copy of the table as it is then becomes one open game of the file.
const RESUME_EVERY: usize = 7;

/// The figures printed by `store-bench`.
#[derive(Debug, Serialize)]
pub struct Figures {
    /// One game at a time, change after change (a new game follows in the
    /// channel when one ends).
    pub one_game: Saves,
    /// Changes round robin over `SPREAD_GAMES` open games.
    pub spread: Saves,
    /// `sqlite` or `postgres`.
    pub backend: &'static str,
    pub resume_games: u64,
    pub resume_events: u64,
    /// The SQLite file's size (none for PostgreSQL).
    pub resume_file_mb: Option<f64>,
    /// Opening the file and reading every open game with its log.
    pub resume_read_secs: f64,
    /// Rebuilding every table from what was read.
    pub resume_rebuild_secs: f64,
    pub resume_total_secs: f64,
    /// CPU time of the process for the same (all threads): on a shared
    /// machine the wall-clock figures include waiting for a core.
    pub resume_cpu_secs: f64,
}

/// Saves of one measurement: how many, per second of saving, latencies,
/// and what they carried.
#[derive(Debug, Serialize)]
pub struct Saves {
    pub games: u64,
    pub saves: u64,
    pub saves_per_sec: f64,
    pub p50_us: f64,
    pub p99_us: f64,
    pub max_us: f64,
    /// New events per save (many saves carry none: choosing a piece).
    pub events_per_save: f64,
    /// The table's JSON saved with every change, mean bytes.
    pub table_json_bytes: f64,
    /// Games played to the end (their last save rates the players).
    pub finished: u64,
}

/// Where the benchmark's databases are made.
enum Backend {
    /// Files in this folder.
    Sqlite(std::path::PathBuf),
    /// Fresh databases of the throw-away server.
    Postgres(&'static super::pg_server::PgServer),
}

impl Backend {
    fn fresh(&self, name: &str) -> Database {
        match self {
            Backend::Sqlite(dir) => {
                let path = dir.join(name);
                remove_db(&path);
                Database::Sqlite(path)
            }
            Backend::Postgres(server) => server.fresh_database(),
        }
    }
}

/// Runs the benchmark in `dir` (files are created there and removed), or
/// on PostgreSQL.
pub fn run(dir: &Path, saves: u64, resume_games: u64, postgres: bool) -> Result<Figures, String> {
    let backend = match postgres {
        true => Backend::Postgres(super::pg_server::shared().ok_or("no PostgreSQL server programs (initdb)")?),
        false => {
            std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
            Backend::Sqlite(dir.to_path_buf())
        }
    };
    let db = backend.fresh("store-bench.db");
    let mut store = Store::open_database(&db).map_err(|e| e.to_string())?;
    let mut games = 0;
    let one_game = measure_saves(&mut store, &mut games, 1, saves)?;
    let spread = measure_saves(&mut store, &mut games, SPREAD_GAMES, saves)?;
    drop(store);
    let db = backend.fresh("store-bench.db");
    let resume = resume_bench(&db, resume_games);
    if let Database::Sqlite(path) = &db {
        remove_db(path);
    }
    let resume = resume?;
    Ok(Figures {
        one_game,
        spread,
        backend: if postgres { "postgres" } else { "sqlite" },
        resume_games,
        resume_events: resume.events,
        resume_file_mb: resume.file_bytes.map(|b| b as f64 / 1e6),
        resume_read_secs: resume.read,
        resume_rebuild_secs: resume.rebuild,
        resume_total_secs: resume.read + resume.rebuild,
        resume_cpu_secs: resume.cpu,
    })
}

fn remove_db(path: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}

/// A started game number `n` (its own channel, seed and variant) with two
/// scripted humans and a computer, each lobby change saved.
pub(super) fn started_game(store: &mut Store, n: u64) -> Result<Running, String> {
    let host = UserId(10 + 2 * n);
    let new = NewGame {
        venue: Venue::Server(GuildId(1)),
        channel: ChannelId(n + 1),
        host,
        ruleset: Ruleset::new(Variant::ALL[n as usize % Variant::ALL.len()]),
        players: 3,
        turn_timeout: 3600,
        moderators_end: false,
        practice: false,
    };
    let mut seed = [0; 32];
    seed[..8].copy_from_slice(&n.to_le_bytes());
    let mut table = tables::create(store, new, seed).map_err(|e| e.to_string())?;
    save(store, &mut table)?;
    let lobby =
        [(UserId(host.get() + 1), Intent::Join), (host, Intent::AddComputer(Level::Easy)), (host, Intent::Start)];
    for (user, intent) in lobby {
        tables::click(&mut table.table, user, intent, 0)?;
        save(store, &mut table)?;
    }
    Ok(table)
}

pub(super) fn save(store: &mut Store, running: &mut Running) -> Result<(), String> {
    persist::save_sync(store, running).map(drop).map_err(|e| format!("game {}: {e}", running.table.id))
}

/// `saves` changes round robin over `open` games, each saved and timed; a
/// game that ends is replaced by a new one. `games` numbers the games.
fn measure_saves(store: &mut Store, games: &mut u64, open: u64, saves: u64) -> Result<Saves, String> {
    let mut tables = Vec::new();
    for _ in 0..open {
        tables.push(started_game(store, *games)?);
        *games += 1;
    }
    let (mut times, mut events, mut json, mut finished) = (Vec::new(), 0, 0, 0);
    for k in 0..saves as usize {
        let running = &mut tables[k % open as usize];
        let before = running.table.events.len();
        tables::play(&mut running.table, 0)?;
        let start = Instant::now();
        save(store, running)?;
        times.push(start.elapsed());
        events += running.table.events.len() - before;
        json += running.stored.as_ref().map_or(0, |s| s.json.len());
        if running.table.stage != Stage::Playing {
            finished += u64::from(running.table.stage == Stage::Finished);
            *running = started_game(store, *games)?;
            *games += 1;
        }
    }
    times.sort();
    let total: Duration = times.iter().sum();
    let at = |p: usize| times.get((times.len() * p / 100).min(times.len().saturating_sub(1))).copied();
    let us = |d: Option<Duration>| (d.unwrap_or_default().as_secs_f64() * 1e7).round() / 10.0;
    let n = (saves as f64).max(1.0);
    Ok(Saves {
        games: open,
        saves,
        saves_per_sec: (saves as f64 / total.as_secs_f64().max(1e-9)).round(),
        p50_us: us(at(50)),
        p99_us: us(at(99)),
        max_us: us(times.last().copied()),
        events_per_save: events as f64 / n,
        table_json_bytes: json as f64 / n,
        finished,
    })
}

struct Resume {
    events: u64,
    file_bytes: Option<u64>,
    read: f64,
    rebuild: f64,
    cpu: f64,
}

/// Fills a file with `games` open games (copies of played tables taken
/// every few changes, so every stage of play is there), then times the
/// bot's start-up on it.
fn resume_bench(db: &Database, games: u64) -> Result<Resume, String> {
    let mut store = Store::open_database(db).map_err(|e| e.to_string())?;
    let (mut made, mut played, mut events) = (0, 0, 0);
    while made < games {
        // The played game lives in a channel of its own, after the copies'.
        let mut running = started_game(&mut store, games + played)?;
        let table = &mut running.table;
        played += 1;
        let mut changes = 0;
        while table.stage == Stage::Playing && made < games {
            tables::play(table, 0)?;
            changes += 1;
            if changes % RESUME_EVERY == 0 && table.stage == Stage::Playing {
                open_copy(&mut store, table, made).map_err(|e| e.to_string())?;
                made += 1;
                events += table.events.len() as u64;
            }
        }
        // The played game is not one of the open games: its host ends it
        // (unless it is over), and its end is saved.
        if table.is_open() {
            let host = table.host;
            tables::click(table, host, Intent::End, 0)?;
        }
        save(&mut store, &mut running)?;
    }
    drop(store);
    let file_bytes = match db {
        Database::Sqlite(path) => Some(std::fs::metadata(path).map_or(0, |m| m.len())),
        Database::Postgres(_) => None,
    };
    let (start, cpu) = (Instant::now(), cpu_secs());
    let live = Store::open_database(db).and_then(|s| s.live_games()).map_err(|e| e.to_string())?;
    let read = start.elapsed().as_secs_f64();
    let start = Instant::now();
    let tables: Vec<Running> = live.into_iter().map(persist::from_live).collect::<Result<_, _>>()?;
    let rebuild = start.elapsed().as_secs_f64();
    let cpu = cpu_secs() - cpu;
    if tables.len() as u64 != games {
        return Err(format!("{} of {games} games resumed", tables.len()));
    }
    Ok(Resume { events, file_bytes, read, rebuild, cpu })
}

/// A copy of `table` as open game number `n` of the file: its own row and
/// channel, saved whole in one change.
fn open_copy(store: &mut Store, table: &Table, n: u64) -> Result<(), StoreError> {
    let new = NewGame {
        venue: table.venue,
        channel: ChannelId(n + 1),
        host: table.host,
        ruleset: table.ruleset,
        players: table.players,
        turn_timeout: table.turn_timeout,
        moderators_end: false,
        practice: false,
    };
    let mut copy = tables::create(store, new, table.seed.0)?;
    let id = copy.table.id;
    copy.table.clone_from(table);
    (copy.table.id, copy.table.channel, copy.stored) = (id, ChannelId(n + 1), Some(Stored::default()));

    persist::save_sync(store, &mut copy).map(drop)
}

/// User + system CPU seconds of this process so far (Linux; 0 elsewhere).
fn cpu_secs() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name (which is in parentheses): utime is the
    // 12th and stime the 13th, in clock ticks of 1/100 s.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}
