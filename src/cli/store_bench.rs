//! `thaayam store-bench`: committed actions per second (one hot game, and
//! spread over 1,000 games) and the time to resume 10,000 unfinished games
//! (open, load every log, replay it), on a scratch database file.

use crate::dice::{ThrowSource, random_game};
use crate::engine::{Event, Game, MoveGen, Ruleset, SeatSet, Variant};
use crate::store::{Commit, GameId, NewGame, Occupant, Store, StoreError};
use serde::Serialize;
use std::path::Path;
use std::time::Instant;

/// The figures printed by `store-bench`.
#[derive(Debug, Serialize)]
pub struct Figures {
    pub one_game_commits: u64,
    pub one_game_commits_per_sec: f64,
    pub spread_games: u64,
    pub spread_commits: u64,
    pub spread_commits_per_sec: f64,
    pub resume_games: u64,
    pub resume_events: u64,
    /// Start-up as the bot does it: open, read, snapshot + tail replay.
    pub resume_with_snapshots_secs: f64,
    /// CPU time of the process (all threads) for the same: on a shared
    /// machine the wall-clock figures include waiting for a core.
    pub resume_with_snapshots_cpu_secs: f64,
    pub full_replay_cpu_secs: f64,
    /// The fallback: every whole log loaded, then replayed on all cores.
    pub full_replay_load_secs: f64,
    pub full_replay_replay_secs: f64,
    pub full_replay_total_secs: f64,
}

/// Runs the benchmark in `dir` (files are created there and removed).
pub fn run(dir: &Path, commits: u64, resume_games: u64) -> Result<Figures, String> {
    let err = |e: StoreError| e.to_string();
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let path = dir.join("store-bench.db");
    remove_db(&path);
    let logs = sample_logs(200);
    let mut store = Store::open(&path).map_err(err)?;
    let one = commits_per_sec(&mut store, &logs, commits, 1).map_err(err)?;
    let spread = commits_per_sec(&mut store, &logs, commits, 1000).map_err(err)?;
    drop(store);
    remove_db(&path);
    let resume = resume_bench(&path, &logs, resume_games).map_err(err)?;
    remove_db(&path);
    Ok(Figures {
        one_game_commits: commits,
        one_game_commits_per_sec: one,
        spread_games: 1000,
        spread_commits: commits,
        spread_commits_per_sec: spread,
        resume_games,
        resume_events: resume.events,
        resume_with_snapshots_secs: resume.snapshot_secs,
        resume_with_snapshots_cpu_secs: resume.snapshot_cpu,
        full_replay_cpu_secs: resume.full_cpu,
        full_replay_load_secs: resume.load,
        full_replay_replay_secs: resume.replay,
        full_replay_total_secs: resume.load + resume.replay,
    })
}

fn remove_db(path: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}

/// Logs of random 2–4 player games of all variants.
fn sample_logs(n: u64) -> Vec<(Ruleset, SeatSet, Vec<Event>)> {
    let mut src = ThrowSource::from_u64(7, &crate::engine::COWRIES);
    let mut mg = MoveGen::new();
    (0..n)
        .map(|i| {
            let ruleset = Ruleset::new(Variant::ALL[i as usize % Variant::ALL.len()]);
            let seats = SeatSet::for_players(2 + (i % 3) as usize).unwrap_or_default();
            let (record, _) = random_game(ruleset, seats, &mut src, &mut mg);
            (ruleset, seats, record.events)
        })
        .collect()
}

fn playing_game(
    store: &mut Store,
    channel: u64,
    ruleset: Ruleset,
    players: usize,
) -> Result<(GameId, u64), StoreError> {
    let new = NewGame {
        guild: 1,
        channel,
        host: 1,
        ruleset,
        max_players: players as u8,
        turn_timeout_secs: 60,
        seed: [channel as u8; 32],
    };
    let id = store.create_game(&new)?;
    let mut seq = 0;
    for k in 0..players {
        seq = store.join(id, seq, &Occupant::Human(100 + k as u64))?.1;
    }
    let (_, seq) = store.start(id, seq, None)?;
    Ok((id, seq))
}

/// One-event commits, round robin over `games` games. The events are real
/// game events, but one hot game receives them back to back regardless of
/// legality: the store does not check rules, so the cost is the same.
fn commits_per_sec(
    store: &mut Store,
    logs: &[(Ruleset, SeatSet, Vec<Event>)],
    commits: u64,
    games: u64,
) -> Result<f64, StoreError> {
    let base = 1_000_000 * games;
    let mut ids = Vec::new();
    for g in 0..games {
        let (rs, seats, _) = &logs[g as usize % logs.len()];
        ids.push(playing_game(store, base + g, *rs, seats.len())?);
    }
    let events: Vec<Event> = logs.iter().flat_map(|l| l.2.iter().copied()).collect();
    let start = Instant::now();
    let n = ids.len();
    for k in 0..commits as usize {
        let (id, seq) = &mut ids[k % n];
        *seq = store.apply(*id, *seq, &[events[k % events.len()]])?;
    }
    Ok(commits as f64 / start.elapsed().as_secs_f64().max(1e-9))
}

/// Fills `games` unfinished games with random prefixes of real logs (as
/// play would: a snapshot at the last series start), then times a
/// start-up both ways: snapshots plus tails, and full logs replayed.
fn resume_bench(path: &Path, logs: &[(Ruleset, SeatSet, Vec<Event>)], games: u64) -> Result<Resume, StoreError> {
    let mut store = Store::open(path)?;
    let mut events = 0;
    for g in 0..games {
        let (rs, seats, log) = &logs[g as usize % logs.len()];
        let (id, seq) = playing_game(&mut store, g + 1, *rs, seats.len())?;
        let cut = (g as usize * 7919) % log.len().max(1);
        let (snap, state) = last_series_start(*rs, *seats, &log[..cut]);
        let seq = store.commit(id, seq, &Commit { events: log[..snap].to_vec(), state, ..Commit::default() })?;
        store.apply(id, seq, &log[snap..cut])?;
        events += cut as u64;
    }
    drop(store);
    let (start, cpu) = (Instant::now(), cpu_secs());
    let resumed = Store::open(path)?.resume_games()?;
    let snapshot_secs = start.elapsed().as_secs_f64();
    let snapshot_cpu = cpu_secs() - cpu;
    if let Some(r) = resumed.into_iter().find(|r| r.game.is_err()) {
        return Err(StoreError::Corrupt { game: Some(r.info.id), what: format!("{:?}", r.game.err()) });
    }
    let (start, cpu) = (Instant::now(), cpu_secs());
    let loaded = Store::open(path)?.unfinished_games()?;
    let load = start.elapsed().as_secs_f64();
    let start = Instant::now();
    let replayed = crate::store::replay_all(&loaded);
    let replay = start.elapsed().as_secs_f64();
    let full_cpu = cpu_secs() - cpu;
    if let Some(Err(e)) = replayed.into_iter().find(Result::is_err) {
        return Err(e);
    }
    Ok(Resume { events, snapshot_secs, snapshot_cpu, load, replay, full_cpu })
}

struct Resume {
    events: u64,
    snapshot_secs: f64,
    snapshot_cpu: f64,
    full_cpu: f64,
    load: f64,
    replay: f64,
}

/// The index of the last series start in `events` and the game there.
fn last_series_start(rs: Ruleset, seats: SeatSet, events: &[Event]) -> (usize, Option<Game>) {
    let mut game = Game::new(rs, seats);
    let mut last = (0, None);
    for (i, e) in events.iter().enumerate() {
        if game.apply(*e).is_err() {
            break;
        }
        if game.wants_throw() && game.position().throws().is_empty() {
            last = (i + 1, Some(game));
        }
    }
    last
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
