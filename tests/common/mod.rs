//! Shared fixtures of the store tests: scratch database files and games.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use thaayam::dice::{ThrowSource, random_game};
use thaayam::engine::{Event, MoveGen, Record, Ruleset, SeatSet, Variant};
use thaayam::store::{GameId, NewGame, Occupant, Store};

/// A scratch directory removed on drop.
pub struct Scratch(PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        static N: AtomicU32 = AtomicU32::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("thaayam-{name}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create scratch dir");
        Scratch(dir)
    }

    pub fn path(&self, file: &str) -> PathBuf {
        self.0.join(file)
    }

    pub fn dir(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub fn new_game(channel: u64, ruleset: Ruleset, max_players: u8) -> NewGame {
    NewGame { guild: 7, channel, host: 100, ruleset, max_players, turn_timeout_secs: 120, seed: [channel as u8; 32] }
}

/// A started game with humans 100, 101, … in the given order; returns its
/// id, seq and seats.
pub fn playing_game(store: &mut Store, channel: u64, occupants: &[Occupant]) -> (GameId, u64, SeatSet) {
    let id = store.create_game(&new_game(channel, Ruleset::new(Variant::Bell), occupants.len() as u8)).expect("create");
    let mut seq = 0;
    for o in occupants {
        seq = store.join(id, seq, o).expect("join").1;
    }
    let (seats, seq) = store.start(id, seq, None).expect("start");
    (id, seq, seats)
}

pub fn humans(n: u64) -> Vec<Occupant> {
    (0..n).map(|k| Occupant::Human(100 + k)).collect()
}

/// The log of a random finished game.
pub fn random_log(ruleset: Ruleset, seats: SeatSet, seed: u64) -> Record {
    let mut src = ThrowSource::from_u64(seed, ruleset.rules().dice);
    random_game(ruleset, seats, &mut src, &mut MoveGen::new()).0
}

pub fn throws(events: &[Event]) -> usize {
    events.iter().filter(|e| matches!(e, Event::Throw { .. })).count()
}
