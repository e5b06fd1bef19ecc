//! Crash safety: a worker process commits actions of random games and
//! acknowledges each on stdout after the commit; we kill it at random
//! moments (SIGKILL, mid-transaction included) and restart it many times.
//! Every acknowledged action must be in the database afterwards, and every
//! log must replay to a valid game.

use crate::common::Scratch;
use rand::{RngExt, SeedableRng};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::Duration;
use thaayam::dice::verify_throws;
use thaayam::engine::Event;
use thaayam::store::{GameId, GameState, Store};

const KILLS: usize = 60;

/// The last acknowledgement per game: (seq, events in log, last event).
type Acks = HashMap<i64, (u64, usize, Event)>;

fn parse_ack(line: &str) -> Option<(i64, u64, usize, Event)> {
    let mut parts = line.splitn(5, ' ');
    (parts.next()? == "ack").then_some(())?;
    let game = parts.next()?.parse().ok()?;
    let seq = parts.next()?.parse().ok()?;
    let n = parts.next()?.parse().ok()?;
    let event = serde_json::from_str(parts.next()?).ok()?;
    Some((game, seq, n, event))
}

/// One run of the worker, killed after `lines` acknowledgements (or after
/// `delay` if given). Returns the complete lines it printed.
fn run_and_kill(db: &std::path::Path, lines: usize, delay: Option<Duration>) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_thaayam"))
        .args(["store-crash-worker", "--db"])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn worker");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let mut seen = Vec::new();
    if let Some(d) = delay {
        std::thread::sleep(d);
    } else {
        let mut line = String::new();
        while seen.len() < lines && out.read_line(&mut line).unwrap_or(0) > 0 {
            seen.push(std::mem::take(&mut line));
        }
    }
    child.kill().expect("kill");
    child.wait().expect("wait");
    // Whatever was printed before the kill was acknowledged too.
    let mut rest = String::new();
    let _ = out.read_to_string(&mut rest);
    let mut errors = String::new();
    let _ = child.stderr.take().expect("stderr").read_to_string(&mut errors);
    assert!(errors.is_empty(), "the worker failed: {errors}");
    seen.extend(rest.split_inclusive('\n').map(str::to_owned));
    seen.into_iter().filter(|l| l.ends_with('\n')).map(|l| l.trim_end().to_owned()).collect()
}

#[test]
fn every_acknowledged_action_survives_kills() {
    let dir = Scratch::new("crash");
    let db = dir.path("crash.db");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2024);
    let mut acks = Acks::new();
    let mut total = 0;
    for k in 0..KILLS {
        let delay = (k % 6 == 5).then(|| Duration::from_millis(rng.random_range(0..40)));
        let lines = run_and_kill(&db, rng.random_range(1..=60), delay);
        for line in lines {
            let (game, seq, n, event) = parse_ack(&line).unwrap_or_else(|| panic!("bad line `{line}`"));
            let entry = acks.entry(game).or_insert((0, 0, event));
            assert!(seq > entry.0, "seq went backwards in game {game}: {line}");
            *entry = (seq, n, event);
            total += 1;
        }
    }
    assert!(total >= KILLS, "the worker made progress ({total} acks)");
    let store = Store::open(&db).expect("open after crashes");
    for (&game, &(seq, n, last)) in &acks {
        let loaded = store.load(GameId(game)).expect("load").expect("acknowledged game exists");
        assert!(loaded.info.seq >= seq, "game {game}: seq {} < acknowledged {seq}", loaded.info.seq);
        assert!(loaded.events.len() >= n, "game {game}: {} events < acknowledged {n}", loaded.events.len());
        assert_eq!(loaded.events[n - 1], last, "game {game}: event {n} differs");
    }
    let finished = check_all_games_replay(&store, acks.len());
    for resumed in store.resume_games().expect("resume") {
        let full = store.load(resumed.info.id).expect("load").expect("exists").replay().expect("replays");
        let game = resumed.game.as_ref().expect("rebuilt");
        assert!(game == full.game(), "snapshot of game {}:\n{game:?}\n{:?}", resumed.info.id, full.game());
    }
    eprintln!("{KILLS} kills, {total} acknowledged commits, {} games, {finished} finished", acks.len());
}

/// Replays every game in the file; returns how many finished.
fn check_all_games_replay(store: &Store, acknowledged: usize) -> usize {
    let mut finished = 0;
    let mut id = 1;
    while let Some(loaded) = store.load(GameId(id)).expect("load") {
        let record = loaded.replay().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(record.game().is_finished(), loaded.info.state == GameState::Finished, "game {id}");
        if let Some(seed) = loaded.info.revealed_seed {
            assert!(verify_throws(seed, loaded.info.ruleset, &loaded.events), "game {id}: throws follow the seed");
            finished += 1;
        }
        id += 1;
    }
    assert!(id as usize > acknowledged, "all acknowledged games were found");
    finished
}
