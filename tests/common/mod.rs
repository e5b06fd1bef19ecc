//! Shared fixtures of the store tests: scratch database files, and games
//! saved as a front end saves them (`Store::save_live`, with a JSON of its
//! own that the store keeps without reading it).
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use thaayam::dice::{ThrowSource, random_game};
use thaayam::engine::{Event, MoveGen, Record, Ruleset, Seat, SeatSet, Variant};
use thaayam::store::{GameId, GameState, LiveSave, NewGame, Occupant, RatingChange, Store, StoreError};

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
    NewGame {
        guild: 7,
        channel,
        host: 100,
        ruleset,
        max_players,
        turn_timeout_secs: 120,
        seed: thaayam::dice::Seed([channel as u8; 32]),
        practice: false,
        dice: thaayam::dice::Derivation::CURRENT,
    }
}

/// What a test's front end keeps of a game to make its next save: the
/// counter and the number of events the store has.
#[derive(Copy, Clone, Debug)]
pub struct Front {
    pub id: GameId,
    pub seq: u64,
    pub events: u64,
}

impl Front {
    /// A game just created (nothing saved yet).
    pub fn new(id: GameId) -> Front {
        Front { id, seq: 0, events: 0 }
    }

    /// The next change: `events` appended to the log, the game in play
    /// without deadline or board, and front-end JSON naming the counter.
    pub fn change(&self, events: &[Event]) -> LiveSave {
        let seq = self.seq + 1;
        LiveSave {
            expected_seq: self.seq,
            seq,
            state: GameState::Playing,
            seats: None,
            first_event: self.events,
            events: events.to_vec(),
            deadline: None,
            board: None,
            board_seq: None,
            places: None,
            rated: true,
            names: Vec::new(),
            left_unplayed: Vec::new(),
            live: format!("{{\"seq\":{seq}}}"),
        }
    }

    /// Saves a change and, when the store took it, follows it.
    pub fn save(&mut self, store: &mut Store, save: &LiveSave) -> Result<Vec<RatingChange>, StoreError> {
        let changes = store.save_live(self.id, save)?;
        self.seq = save.seq;
        self.events += save.events.len() as u64;
        Ok(changes)
    }
}

/// The seats of a table of `n` players (2: S, N; 3: S, W, N; 4: all),
/// taken by `occupants` in order.
pub fn seated(occupants: &[Occupant]) -> (SeatSet, Vec<(Seat, Occupant)>) {
    let seats = SeatSet::for_players(occupants.len()).expect("2 to 4 players");
    (seats, seats.iter().zip(occupants.iter().cloned()).collect())
}

/// A game of `ruleset` started with `occupants` (one save: the seats, in
/// play); returns its front and seats.
pub fn playing(store: &mut Store, channel: u64, ruleset: Ruleset, occupants: &[Occupant]) -> (Front, SeatSet) {
    let id = store.create_game(&new_game(channel, ruleset, occupants.len() as u8)).expect("create");
    let mut game = Front::new(id);
    let (seats, taken) = seated(occupants);
    game.save(store, &LiveSave { seats: Some(taken), ..game.change(&[]) }).expect("start");
    (game, seats)
}

/// [`playing`] a bell game.
pub fn playing_game(store: &mut Store, channel: u64, occupants: &[Occupant]) -> (Front, SeatSet) {
    playing(store, channel, Ruleset::new(Variant::Bell), occupants)
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

/// Races `tasks` saves of game `id` from the same counter through `handle`,
/// round after round (`rounds`, from counter `start` and as many events):
/// exactly one wins each round, the others are refused as stale with the
/// counter the winner left. The caller checks the game at the end.
pub async fn race_saves(
    handle: &thaayam::store::StoreHandle,
    id: GameId,
    start: u64,
    rounds: u64,
    tasks: usize,
    event: Event,
) {
    for round in 0..rounds {
        let racing: Vec<_> = (0..tasks)
            .map(|_| {
                let h = handle.clone();
                let save = Front { id, seq: start + round, events: round }.change(&[event]);
                tokio::spawn(async move { h.call(move |s| s.save_live(id, &save)).await })
            })
            .collect();
        let mut ok = 0;
        for t in racing {
            match t.await.expect("task") {
                Ok(_) => ok += 1,
                Err(StoreError::Stale { current }) => assert_eq!(current, start + round + 1),
                Err(e) => panic!("unexpected error: {e}"),
            }
        }
        assert_eq!(ok, 1, "round {round}");
    }
}
