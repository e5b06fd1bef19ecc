//! `thaayam-lab store-bench --writers`: the PostgreSQL store under many
//! writers at once, in threads of one process or in processes of their
//! own, each design of the save path measured at a round trip a delaying
//! proxy adds to every exchange with the server (saves per second and
//! latencies per number of writers). The single-writer figures and the
//! helpers it shares are `store_bench`'s.

use super::cut_proxy::delaying_proxy;
use super::store_bench::{save, started_game};
use super::tables;
use crate::discord::game::ids::{ChannelId, GuildId, UserId, Venue};
use crate::discord::game::table::{NewGame, Stage};
use crate::engine::{Ruleset, Variant};
use crate::store::{Database, Store};
use serde::Serialize;
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

/// The figures of `store-bench --writers`: for each design of the
/// PostgreSQL store, saves per second and latencies per number of writers.
#[derive(Debug, Serialize)]
pub struct WriterFigures {
    /// The round trip the proxy added to every exchange with the server.
    pub rtt_ms: f64,
    /// Saves each writer made (after its games' lobbies).
    pub saves_per_writer: u64,
    /// Lobbies each writer opened (a new game's row and its first save,
    /// as `/thaayam new` does), before its saves.
    pub lobbies_per_writer: u64,
    pub designs: Vec<DesignRuns>,
}

/// One design of the store, measured with more and more writers.
#[derive(Debug, Serialize)]
pub struct DesignRuns {
    /// `row locks, one statement` (today), `row locks, transactions` (a
    /// new game and a change of seats before this round) or `one lock for
    /// the database` (before issue 43).
    pub design: &'static str,
    pub runs: Vec<WriterRun>,
}

/// Writers (each its own connection, as a connection of a pool or another
/// process) saving changes of their own games at once.
#[derive(Debug, Serialize)]
pub struct WriterRun {
    /// Processes the writers ran in (1: threads of this one).
    pub processes: usize,
    /// Writers of all processes together.
    pub writers: usize,
    pub saves: u64,
    /// All writers together, per second of the run.
    pub saves_per_sec: f64,
    /// `saves_per_sec` over that of one writer (or of one process).
    pub speedup: f64,
    pub p50_us: f64,
    pub p99_us: f64,
    /// Exchanges with the server per save (`Store::round_trips`).
    pub round_trips_per_save: f64,
    pub conflicts_retried: u64,
    /// New games opened (row + first save), all writers together.
    pub lobbies: u64,
    pub lobbies_per_sec: f64,
    pub lobby_p50_us: f64,
    pub lobby_p99_us: f64,
    pub round_trips_per_lobby: f64,
}

/// How a writer's store is set up: the designs `store-bench` compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Design {
    /// Today: row locks; a new game's row, and a change that does not end
    /// its game, each one statement.
    OneStatement,
    /// Row locks, every change a transaction (before this round, but for
    /// the common save that was already one statement).
    Transactions,
    /// One advisory lock for the whole database (before issue 43).
    DatabaseLock,
}

impl Design {
    fn name(self) -> &'static str {
        match self {
            Design::OneStatement => "row locks, one statement",
            Design::Transactions => "row locks, transactions",
            Design::DatabaseLock => "one lock for the database",
        }
    }

    /// The name `store-bench-writer --design` takes.
    pub fn flag(self) -> &'static str {
        match self {
            Design::OneStatement => "one-statement",
            Design::Transactions => "transactions",
            Design::DatabaseLock => "database-lock",
        }
    }

    /// The design named `flag` ([`Design::flag`]).
    pub fn from_flag(flag: &str) -> Result<Design, String> {
        [Design::OneStatement, Design::Transactions, Design::DatabaseLock]
            .into_iter()
            .find(|d| d.flag() == flag)
            .ok_or_else(|| format!("unknown design {flag:?}"))
    }

    fn open(self, db: &Database) -> Result<Store, String> {
        let store = Store::open_database(db).map_err(|e| e.to_string())?;
        Ok(match self {
            Design::OneStatement => store,
            Design::Transactions => store.with_transactions_only(),
            Design::DatabaseLock => store.with_database_wide_lock().with_transactions_only(),
        })
    }
}

/// `store-bench --writers 1,2,4,8 --rtt-ms 1 [--processes 1,2]`: on fresh
/// databases of the throw-away PostgreSQL server reached through a
/// loopback proxy that delays each direction by half of `rtt_ms`,
/// `writers` threads with a connection each first open lobbies of their
/// own (timed), then play games of their own and save every change; for
/// each design of the store. With `processes`, that many processes of
/// this program (one writer each) instead of threads of this one, today's
/// design only.
pub fn run_writers(
    writers: &[usize],
    processes: &[usize],
    rtt_ms: f64,
    saves_per_writer: u64,
    lobbies_per_writer: u64,
) -> Result<WriterFigures, String> {
    let server = super::pg_server::shared().ok_or("no PostgreSQL server programs (initdb)")?;
    let one_way = Duration::from_secs_f64(rtt_ms.max(0.0) / 2000.0);
    let port = match one_way.is_zero() {
        true => server.port(),
        false => delaying_proxy(server.port(), one_way).map_err(|e| format!("the delaying proxy: {e}"))?,
    };
    let fresh = || -> Result<Database, String> {
        let name = server.fresh_name();
        let url = server.url(&name).replace(&format!(":{}/", server.port()), &format!(":{port}/"));
        Database::parse(&url)
    };
    let speedup = |runs: &[WriterRun], run: &WriterRun, of: fn(&WriterRun) -> usize| {
        runs.first().map_or(1.0, |one| {
            ((run.saves_per_sec / one.saves_per_sec.max(1e-9)) * of(one) as f64 * 100.0).round() / 100.0
        })
    };
    let mut designs = Vec::new();
    for design in [Design::OneStatement, Design::Transactions, Design::DatabaseLock] {
        let mut runs: Vec<WriterRun> = Vec::new();
        for &n in writers {
            let mut run = writers_run(&fresh()?, n.max(1), saves_per_writer, lobbies_per_writer, design)?;
            run.speedup = speedup(&runs, &run, |r| r.writers);
            runs.push(run);
        }
        if !runs.is_empty() {
            designs.push(DesignRuns { design: design.name(), runs });
        }
    }
    let mut runs: Vec<WriterRun> = Vec::new();
    for &p in processes {
        let mut run = processes_run(&fresh()?, p.max(1), saves_per_writer, Design::OneStatement)?;
        run.speedup = speedup(&runs, &run, |r| r.processes);
        runs.push(run);
    }
    if !runs.is_empty() {
        designs.push(DesignRuns { design: "row locks, one statement, a process per writer", runs });
    }
    Ok(WriterFigures { rtt_ms, saves_per_writer, lobbies_per_writer, designs })
}

/// `store-bench --writers 1,4 --rtt-ms 1 --patroni`: the same writers on
/// a Patroni cluster of three nodes (`pg_cluster`), every link delayed
/// (the bot's to the primary, the replicas' to it), once with Patroni's
/// synchronous mode (a commit waits for a replica) and once without:
/// what a save costs for nothing acknowledged to be lost with the primary.
pub fn run_on_clusters(
    writers: &[usize],
    rtt_ms: f64,
    saves_per_writer: u64,
    lobbies_per_writer: u64,
) -> Result<WriterFigures, String> {
    let one_way = Duration::from_secs_f64(rtt_ms.max(0.0) / 2000.0);
    let mut designs = Vec::new();
    for (synchronous, design) in
        [(false, "Patroni, asynchronous replicas"), (true, "Patroni, synchronous_mode: a replica has every commit")]
    {
        let options = super::pg_cluster::Options { synchronous, one_way };
        let cluster = super::pg_cluster::start_with(options).ok_or("no patroni, etcd or pg_rewind installed")?;
        let mut runs: Vec<WriterRun> = Vec::new();
        for (k, &n) in writers.iter().enumerate() {
            let db = Database::parse(&cluster.fresh_database(&format!("w{k}"))?)?;
            let mut run = writers_run(&db, n.max(1), saves_per_writer, lobbies_per_writer, Design::OneStatement)?;
            run.speedup = runs.first().map_or(1.0, |one| {
                ((run.saves_per_sec / one.saves_per_sec.max(1e-9)) * one.writers as f64 * 100.0).round() / 100.0
            });
            runs.push(run);
        }
        designs.push(DesignRuns { design, runs });
    }
    Ok(WriterFigures { rtt_ms, saves_per_writer, lobbies_per_writer, designs })
}

/// What one writer measured.
#[derive(Debug, Default, Serialize, serde::Deserialize)]
pub struct WriterOut {
    pub saves_us: Vec<u64>,
    pub save_round_trips: u64,
    pub retried: u64,
    pub lobbies_us: Vec<u64>,
    pub lobby_round_trips: u64,
}

/// The points a writer and whoever runs it meet at: its store and first
/// game ready, go, lobbies opened (then the saves, to the end).
struct Meet {
    ready: Barrier,
    go: Barrier,
    lobbies_done: Barrier,
}

impl Meet {
    fn new(writers: usize) -> Arc<Meet> {
        let b = || Barrier::new(writers + 1);
        Arc::new(Meet { ready: b(), go: b(), lobbies_done: b() })
    }
}

/// One writer: a connection of its own, games numbered from `number`.
fn writer(
    db: &Database,
    mut number: u64,
    saves: u64,
    lobbies: u64,
    design: Design,
    meet: &Meet,
) -> Result<WriterOut, String> {
    let prepared = (|| {
        let mut store = design.open(db)?;
        let running = started_game(&mut store, number)?;
        Ok::<_, String>((store, running))
    })();
    meet.ready.wait();
    meet.go.wait();
    let (mut store, mut running) = prepared?;
    let mut out = WriterOut::default();
    let micros = |d: Duration| d.as_micros().min(u128::from(u64::MAX)) as u64;
    let trips = store.round_trips();
    for k in 0..lobbies {
        let new = NewGame {
            venue: Venue::Server(GuildId(1)),
            channel: ChannelId(1 + number + 500_000 + k),
            host: UserId(10 + 2 * number),
            ruleset: Ruleset::new(Variant::ALL[k as usize % Variant::ALL.len()]),
            players: 2,
            turn_timeout: 3600,
            moderators_end: false,
            practice: false,
        };
        let mut seed = [0; 32];
        seed[..8].copy_from_slice(&(number + 500_000 + k).to_le_bytes());
        let start = Instant::now();
        let mut lobby = tables::create(&mut store, new, seed).map_err(|e| e.to_string())?;
        save(&mut store, &mut lobby)?;
        out.lobbies_us.push(micros(start.elapsed()));
    }
    out.lobby_round_trips = store.round_trips() - trips;
    meet.lobbies_done.wait();
    let (trips, mut new_games_trips) = (store.round_trips(), 0);
    while (out.saves_us.len() as u64) < saves {
        tables::play(&mut running.table, 0)?;
        let start = Instant::now();
        save(&mut store, &mut running)?;
        out.saves_us.push(micros(start.elapsed()));
        if running.table.stage != Stage::Playing {
            number += 1;
            // The next game's lobby is not one of the saves timed.
            let before = store.round_trips();
            running = started_game(&mut store, number)?;
            new_games_trips += store.round_trips() - before;
        }
    }
    out.save_round_trips = store.round_trips() - trips - new_games_trips;
    out.retried = store.conflicts_retried();
    Ok(out)
}

/// `writers` threads, a connection each, each playing its own games and
/// timing every lobby and save; they start together.
fn writers_run(db: &Database, writers: usize, saves: u64, lobbies: u64, design: Design) -> Result<WriterRun, String> {
    drop(design.open(db)?); // migrated once, before the writers
    let meet = Meet::new(writers);
    let threads: Vec<_> = (0..writers)
        .map(|w| {
            let (db, meet) = (db.clone(), meet.clone());
            std::thread::spawn(move || writer(&db, 1_000_000 * w as u64, saves, lobbies, design, &meet))
        })
        .collect();
    meet.ready.wait();
    meet.go.wait();
    let start = Instant::now();
    meet.lobbies_done.wait();
    let lobby_wall = start.elapsed();
    let outs = threads
        .into_iter()
        .map(|t| t.join().map_err(|_| "a writer panicked".to_string())?)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(summary(1, writers, &outs, lobby_wall, start.elapsed() - lobby_wall))
}

/// `processes` processes of this program (`store-bench-writer`), one
/// writer each, saving at once: what the server sees of several bot
/// machines. They prepare, then start together at the word `go`.
fn processes_run(db: &Database, processes: usize, saves: u64, design: Design) -> Result<WriterRun, String> {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    drop(design.open(db)?);
    let exe = std::env::current_exe().map_err(|e| format!("this program's path: {e}"))?;
    let mut children = Vec::new();
    for w in 0..processes {
        let child = Command::new(&exe)
            .args(["store-bench-writer", "--database", &db.to_string(), "--first-game"])
            .arg((1_000_000 * w as u64).to_string())
            .args(["--saves", &saves.to_string(), "--design", design.flag()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start a writer process: {e}"))?;
        children.push(child);
    }
    let mut outputs = Vec::new();
    for child in &mut children {
        let mut lines = BufReader::new(child.stdout.take().ok_or("a writer without output")?).lines();
        match lines.next() {
            Some(Ok(line)) if line == "ready" => outputs.push(lines),
            other => return Err(format!("a writer process did not get ready: {other:?}")),
        }
    }
    let start = Instant::now();
    for child in &mut children {
        let stdin = child.stdin.as_mut().ok_or("a writer without input")?;
        stdin.write_all(b"go\n").map_err(|e| format!("a writer process: {e}"))?;
    }
    let mut outs = Vec::new();
    for lines in outputs {
        let line = lines.last().and_then(Result::ok).ok_or("a writer process said nothing at its end")?;
        outs.push(serde_json::from_str::<WriterOut>(&line).map_err(|e| format!("a writer's figures: {e}"))?);
    }
    let wall = start.elapsed();
    for mut child in children {
        let _ = child.wait();
    }
    Ok(summary(processes, processes, &outs, Duration::ZERO, wall))
}

/// `store-bench-writer`: one writer in this process (see `processes_run`):
/// says `ready` once prepared, starts at a line on its input, and prints
/// its figures as one line of JSON.
pub fn writer_process(database: &str, first_game: u64, saves: u64, design: &str) -> Result<(), String> {
    let db = Database::parse(database)?;
    let design = Design::from_flag(design)?;
    let meet = Meet::new(1);
    let thread = {
        let meet = meet.clone();
        std::thread::spawn(move || writer(&db, first_game, saves, 0, design, &meet))
    };
    meet.ready.wait();
    println!("ready");
    let mut line = String::new();
    std::io::stdin().read_line(&mut line).map_err(|e| e.to_string())?;
    meet.go.wait();
    meet.lobbies_done.wait();
    let out = thread.join().map_err(|_| "the writer panicked".to_string())??;
    println!("{}", serde_json::to_string(&out).map_err(|e| e.to_string())?);
    Ok(())
}

fn summary(
    processes: usize,
    writers: usize,
    outs: &[WriterOut],
    lobby_wall: Duration,
    save_wall: Duration,
) -> WriterRun {
    let sorted = |f: fn(&WriterOut) -> &Vec<u64>| {
        let mut v: Vec<u64> = outs.iter().flat_map(|o| f(o).iter().copied()).collect();
        v.sort_unstable();
        v
    };
    let (saves, lobbies) = (sorted(|o| &o.saves_us), sorted(|o| &o.lobbies_us));
    let at =
        |v: &[u64], p: usize| v.get((v.len() * p / 100).min(v.len().saturating_sub(1))).copied().unwrap_or(0) as f64;
    let per = |n: usize, wall: Duration| (n as f64 / wall.as_secs_f64().max(1e-9)).round();
    let trips = |f: fn(&WriterOut) -> u64, n: usize| {
        (outs.iter().map(f).sum::<u64>() as f64 / (n.max(1) as f64) * 100.0).round() / 100.0
    };
    WriterRun {
        processes,
        writers,
        saves: saves.len() as u64,
        saves_per_sec: per(saves.len(), save_wall),
        speedup: 1.0,
        p50_us: at(&saves, 50),
        p99_us: at(&saves, 99),
        round_trips_per_save: trips(|o| o.save_round_trips, saves.len()),
        conflicts_retried: outs.iter().map(|o| o.retried).sum(),
        lobbies: lobbies.len() as u64,
        lobbies_per_sec: if lobbies.is_empty() { 0.0 } else { per(lobbies.len(), lobby_wall) },
        lobby_p50_us: at(&lobbies, 50),
        lobby_p99_us: at(&lobbies, 99),
        round_trips_per_lobby: trips(|o| o.lobby_round_trips, lobbies.len()),
    }
}
