//! The games the bot is running, each behind its own async lock so that two
//! clicks on the same game are applied one after the other while different
//! games never wait for each other. One open game per channel.
//!
//! Persistence: the registry is in memory in this version (the SQLite store
//! is not wired in yet), so games do not survive a restart.

use super::table::{Stage, Table, UserId};
use crate::engine::Ruleset;
use rand::RngExt;
use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// A game behind its lock.
pub type Shared = Arc<tokio::sync::Mutex<Table>>;

/// The parameters of a new game.
#[derive(Copy, Clone, Debug)]
pub struct NewGame {
    pub guild: u64,
    pub channel: u64,
    pub host: UserId,
    pub ruleset: Ruleset,
    pub players: u8,
    pub turn_timeout: u64,
}

/// The registry of games.
#[derive(Default)]
pub struct Hub {
    games: Mutex<HashMap<i64, Shared>>,
    channels: Mutex<HashMap<u64, i64>>,
    next_id: AtomicI64,
}

impl Hub {
    pub fn new() -> Hub {
        Hub { next_id: AtomicI64::new(1), ..Hub::default() }
    }

    /// The game with this id.
    pub fn get(&self, id: i64) -> Option<Shared> {
        self.games.lock().unwrap_or_else(PoisonError::into_inner).get(&id).cloned()
    }

    /// The open game of a channel, if any.
    pub fn in_channel(&self, channel: u64) -> Option<Shared> {
        let id = *self.channels.lock().unwrap_or_else(PoisonError::into_inner).get(&channel)?;
        self.get(id)
    }

    /// Opens a lobby, or returns the game already open in the channel.
    pub fn create(&self, new: NewGame) -> Result<Shared, Shared> {
        let mut channels = self.channels.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(existing) = channels.get(&new.channel).and_then(|id| self.get(*id)) {
            return Err(existing);
        }
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let seed: [u8; 32] = rand::rng().random();
        let mut table = Table::new(id, new.guild, new.channel, new.host, new.ruleset, new.players, seed);
        table.turn_timeout = new.turn_timeout;
        let shared = Arc::new(tokio::sync::Mutex::new(table));
        channels.insert(new.channel, id);
        self.games.lock().unwrap_or_else(PoisonError::into_inner).insert(id, shared.clone());
        Ok(shared)
    }

    /// Called after every change: a closed game frees its channel.
    pub fn saved(&self, table: &Table) {
        if !table.is_open() {
            let mut channels = self.channels.lock().unwrap_or_else(PoisonError::into_inner);
            if channels.get(&table.channel) == Some(&table.id) {
                channels.remove(&table.channel);
            }
        }
    }

    /// Every game still open (for the timeout ticker and start-up).
    pub fn open_games(&self) -> Vec<Shared> {
        let channels = self.channels.lock().unwrap_or_else(PoisonError::into_inner);
        channels.values().filter_map(|id| self.get(*id)).collect()
    }

    /// Whether any game is mid-flight (for a graceful shutdown).
    pub async fn busy(&self) -> bool {
        for game in self.open_games() {
            if game.try_lock().is_err() {
                return true;
            }
        }
        false
    }
}

/// Whether a stage shows controls.
pub fn is_live(stage: Stage) -> bool {
    matches!(stage, Stage::Lobby | Stage::Playing)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Variant;

    fn new_game(channel: u64) -> NewGame {
        NewGame { guild: 1, channel, host: 5, ruleset: Ruleset::new(Variant::Bell), players: 2, turn_timeout: 60 }
    }

    #[tokio::test]
    async fn one_open_game_per_channel() {
        let hub = Hub::new();
        let first = hub.create(new_game(10)).expect("first game");
        let again = hub.create(new_game(10)).expect_err("second game refused");
        assert!(Arc::ptr_eq(&first, &again), "the running game is returned");
        assert!(hub.create(new_game(11)).is_ok(), "other channels are free");
        let mut t = first.lock().await;
        t.stage = Stage::Ended;
        hub.saved(&t);
        drop(t);
        assert!(hub.create(new_game(10)).is_ok(), "a closed game frees the channel");
    }
}
