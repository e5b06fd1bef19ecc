//! Crash safety of the bot's write path: a worker process plays games
//! through the bot's own code (session layer, `persist::save_sync`,
//! `Store::save_live`), announcing each save before making it and
//! acknowledging it after; we kill it at random moments (SIGKILL,
//! mid-transaction included) and restart it many times, each run resuming
//! the open games as the bot's start-up does.
//!
//! After every kill, each game the run saved is exactly as last
//! acknowledged, or one announced save further. Every 20 kills (the last
//! included) every game of the file is checked so, and: the file passes
//! SQLite's integrity check, every log replays to the stored state, every
//! throw is the committed seed's, every open game loads back into a bot
//! table, and ratings count every finished game. The same on PostgreSQL
//! (a fresh database of the test server; its own integrity is the
//! server's).

use crate::common::Scratch;
use rand::{RngExt, SeedableRng};
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use thaayam::dice::{verify_seed, verify_throws};
use thaayam::discord::resume_check;
use thaayam::store::{Database, GameId, GameState, Store};

const KILLS: usize = 60;

/// What the store holds of a game after a save: seq, state, events, and
/// the SHA-256 of the table's JSON (`-` when none is kept) and of the log.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Saved {
    seq: u64,
    state: String,
    events: usize,
    table: String,
    log: String,
}

/// Per game: the last acknowledged save (`None`: never saved for sure),
/// and the save announced after it whose acknowledgement never came.
#[derive(Debug, Default)]
struct Seen {
    acked: Option<Saved>,
    pending: Option<Saved>,
}

fn parse_save(line: &str) -> Option<(i64, Saved)> {
    let parts: Vec<&str> = line.split(' ').collect();
    let ["save", game, seq, state, events, table, log] = parts.as_slice() else { return None };
    let saved = Saved {
        seq: seq.parse().ok()?,
        state: (*state).to_string(),
        events: events.parse().ok()?,
        table: (*table).to_string(),
        log: (*log).to_string(),
    };
    Some((game.parse().ok()?, saved))
}

/// One run of the worker, killed after `lines` lines (or after `delay` if
/// given). Returns the complete lines it printed.
fn run_and_kill(db: &str, lines: usize, delay: Option<Duration>) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_thaayam-lab"))
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
    // Whatever was printed before the kill counts too.
    let mut rest = String::new();
    let _ = out.read_to_string(&mut rest);
    let mut errors = String::new();
    let _ = child.stderr.take().expect("stderr").read_to_string(&mut errors);
    assert!(errors.is_empty(), "the worker failed: {errors}");
    seen.extend(rest.split_inclusive('\n').map(str::to_owned));
    seen.into_iter().filter(|l| l.ends_with('\n')).map(|l| l.trim_end().to_owned()).collect()
}

/// Follows one run's lines; returns how many saves were acknowledged and
/// the games the run saved (or announced a save of).
fn follow(lines: &[String], games: &mut HashMap<i64, Seen>) -> (usize, BTreeSet<i64>) {
    let (mut announced, mut acks, mut touched) = (None, 0, BTreeSet::new());
    for line in lines {
        if line == "ok" {
            let game = announced.take().unwrap_or_else(|| panic!("`ok` without a save"));
            let seen: &mut Seen = games.get_mut(&game).expect("announced");
            let save = seen.pending.take().expect("announced");
            if let Some(before) = &seen.acked {
                assert!(save.seq >= before.seq && save.events >= before.events, "game {game} went back: {save:?}");
            }
            seen.acked = Some(save);
            acks += 1;
        } else {
            let (game, save) = parse_save(line).unwrap_or_else(|| panic!("bad line `{line}`"));
            assert!(announced.is_none(), "a save announced before the last one was acknowledged: {line}");
            games.entry(game).or_default().pending = Some(save);
            announced = Some(game);
            touched.insert(game);
        }
    }
    (acks, touched)
}

fn sha(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

#[test]
fn every_acknowledged_save_survives_kills() {
    let dir = Scratch::new("crash");
    let db = Database::Sqlite(dir.path("crash.db"));
    kill_loop(&db, &dir.path("crash.db").to_string_lossy(), KILLS, None);
}

#[test]
fn every_acknowledged_save_survives_kills_on_postgres() {
    let Some(server) = thaayam::lab::pg_server::shared() else { return };
    let db = server.fresh_database();
    let name = db.to_string().rsplit('/').next().unwrap_or_default().to_string();
    let mut admin = postgres::Client::connect(&server.url(&name), postgres::NoTls).expect("admin connection");
    kill_loop(&db, &db.to_string(), KILLS, Some(&mut admin));
}

/// Waits until no session but `admin`'s is left on its database: the
/// killed worker's session may still run what the worker sent before it
/// died (its last COMMIT included), and a check made before it ends could
/// read the game as it was before a save that commits after the check
/// (once: the last save of a board message, acknowledged as not made,
/// landed after it).
fn until_the_dead_session_ended(admin: &mut postgres::Client) {
    for _ in 0..1000 {
        let others: i64 = admin
            .query_one(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
                &[],
            )
            .and_then(|r| r.try_get(0))
            .expect("pg_stat_activity");
        if others == 0 {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("a session of the killed worker did not end in 5 s");
}

/// `kills` runs of the worker on `db` (`arg`: how the worker is told),
/// each killed at a random moment, and the checks after each (on
/// PostgreSQL, through `admin`, once the dead worker's session ended).
fn kill_loop(db: &Database, arg: &str, kills: usize, mut admin: Option<&mut postgres::Client>) {
    let started = Instant::now();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2024);
    let mut games: HashMap<i64, Seen> = HashMap::new();
    let (mut acks, mut unacknowledged, mut by_state) = (0, 0, BTreeMap::new());
    for k in 0..kills {
        let delay = (k % 6 == 5).then(|| Duration::from_millis(rng.random_range(0..40)));
        let lines = run_and_kill(arg, rng.random_range(1..=120), delay);
        let (acked, touched) = follow(&lines, &mut games);
        acks += acked;
        if let Some(admin) = admin.as_deref_mut() {
            until_the_dead_session_ended(admin);
        }
        let store = Store::open_database(db).expect("open after a kill");
        for &id in &touched {
            unacknowledged += usize::from(as_announced(&store, id, &mut games));
        }
        if k % 20 == 19 || k + 1 == kills {
            by_state = check_everything(db, &store, &mut games);
        }
    }
    assert!(acks >= kills, "the worker made progress ({acks} acknowledged saves)");
    eprintln!(
        "{db}: {kills} kills, {acks} acknowledged saves (and {unacknowledged} committed when the worker was killed \
         before acknowledging them), games {by_state:?}, in {:.1} s",
        started.elapsed().as_secs_f64()
    );
}

/// Checks that a game is as last acknowledged, or as announced after that,
/// or (never acknowledged) created but never saved. The announced save
/// that committed becomes the game's baseline, as the next run resumes
/// from it; returns whether there was one.
fn as_announced(store: &Store, id: i64, games: &mut HashMap<i64, Seen>) -> bool {
    let loaded = store.load(GameId(id)).expect("load").unwrap_or_else(|| panic!("game {id} was announced"));
    let live = store.live_game(GameId(id)).expect("live game");
    let info = &loaded.info;
    let stored = Saved {
        seq: info.seq,
        state: info.state.as_str().to_string(),
        events: loaded.events.len(),
        table: live.as_ref().map_or("-".to_string(), |l| sha(&l.live)),
        log: sha(&serde_json::to_string(&loaded.events).expect("json")),
    };
    let seen = games.entry(id).or_default();
    let pending = seen.pending.take();
    let committed = pending.is_some() && pending == Some(stored.clone()) && seen.acked.as_ref() != Some(&stored);
    if committed {
        seen.acked = pending;
    }
    // Created, but the first save never committed (perhaps abandoned since
    // by a new game opened in its channel).
    let unsaved = seen.acked.is_none()
        && loaded.events.is_empty()
        && info.seats.is_empty()
        && live.is_none()
        && matches!((info.state, info.seq), (GameState::Lobby, 0) | (GameState::Abandoned, 1));
    assert!(seen.acked.as_ref() == Some(&stored) || unsaved, "game {id} is {stored:?}, acknowledged {seen:?}");
    committed
}

/// Every game of the file as announced; SQLite finds the file sound; every
/// log replays; every throw is the committed seed's; every open game loads
/// back into a bot table; ratings count every finished game. Returns the
/// number of games by state.
fn check_everything(db: &Database, store: &Store, games: &mut HashMap<i64, Seen>) -> BTreeMap<&'static str, u32> {
    if let Database::Sqlite(path) = db {
        let conn = rusqlite::Connection::open(path).expect("sqlite");
        let check: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).expect("integrity check");
        assert_eq!(check, "ok");
    }
    let (mut played, mut by_state) = (HashMap::new(), BTreeMap::new());
    // Every game of the database (PostgreSQL may skip a number that a
    // killed transaction took).
    let mut ids: Vec<GameId> = store.closed_game_ids().expect("closed games");
    ids.extend(store.unfinished_games().expect("open games").iter().map(|g| g.info.id));
    ids.sort();
    for GameId(id) in ids.iter().copied() {
        let loaded = store.load(GameId(id)).expect("load").unwrap_or_else(|| panic!("game {id} vanished"));
        as_announced(store, id, games);
        let info = &loaded.info;
        *by_state.entry(info.state.as_str()).or_insert(0) += 1;
        let record = loaded.replay().unwrap_or_else(|e| panic!("{e}"));
        // A game also finishes when a player leaves it (a game of two when
        // one resigns or runs out of time; a rated game when its last human
        // does): its log stops before the engine's end, every seat placed.
        let left_early = info.state == GameState::Finished
            && !record.game().is_finished()
            && info.seats.iter().all(|s| s.place.is_some());
        assert!(
            record.game().is_finished() == (info.state == GameState::Finished) || left_early,
            "game {id}: {:?}, the log finished: {}",
            info.state,
            record.game().is_finished()
        );
        // The seed is revealed once the game is over; an open game's table has it.
        let seed = match (info.revealed_seed, store.live_game(GameId(id)).expect("live game")) {
            (Some(seed), _) => Some(seed),
            (None, Some(live)) => {
                let (seed, events) = resume_check(live).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(events, loaded.events, "game {id}");
                Some(seed)
            }
            (None, None) => None,
        };
        if let Some(seed) = seed {
            assert!(verify_seed(&seed, &info.commitment), "game {id}: the seed is the committed one");
            assert!(verify_throws(seed, info.dice, info.ruleset, &loaded.events), "game {id}: throws follow the seed");
        }
        if info.state == GameState::Finished {
            for user in info.seats.iter().filter_map(|s| s.occupant.user()) {
                *played.entry(user).or_insert(0u32) += 1;
            }
        }
    }
    let missing: Vec<_> = games.keys().filter(|g| !ids.contains(&GameId(**g))).collect();
    assert!(missing.is_empty(), "announced games missing from the file: {missing:?}");
    for (user, played) in played {
        let rated: u32 = store.player_stats(1, user).expect("stats").iter().map(|r| r.games).sum();
        assert_eq!(rated, played, "user {user} is rated for every finished game");
    }
    by_state
}
