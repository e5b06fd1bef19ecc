//! The games the bot is running, each behind its own async lock so that two
//! clicks on the same game are applied one after the other while different
//! games never wait for each other. One open game per channel: a channel
//! is reserved before a new lobby goes to the store, so that two
//! `/thaayam new` at the same instant cannot both open one.
//!
//! The registry is a cache of the store: every change is saved there first
//! (see [`super::persist`]), and start-up fills the registry from it. Each
//! saved change is announced on a broadcast channel ([`Hub::watch`]) that
//! the game pages follow; sending never waits for anyone.

use super::running::Running;
use crate::discord::game::ids::{ChannelId, GameId, UserId};
use crate::discord::game::table::Table;
use crate::engine::Variant;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError};

/// A game behind its lock.
pub(crate) type Shared = Arc<tokio::sync::Mutex<Running>>;

/// A change saved: the game and its action counter.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Changed {
    pub(crate) game: i64,
    pub(crate) seq: u32,
}

/// Changes announced and not yet read by a slow listener: past this, it
/// hears that it lagged (and refreshes everything it follows).
const CHANGES_BUFFER: usize = 1024;

/// The registry of games.
pub(crate) struct Hub {
    games: Mutex<HashMap<GameId, Shared>>,
    /// Locked before `opening` whenever both are.
    channels: Mutex<HashMap<ChannelId, GameId>>,
    /// Channels where a lobby is being opened right now.
    opening: Mutex<HashSet<ChannelId>>,
    /// Each open game's variant (for the metrics) and people (its host
    /// and seated humans, as of its last saved change): read without
    /// locking any game, which a click may hold while the database is slow.
    open: Mutex<HashMap<GameId, OpenGame>>,
    /// Every saved change, for the game pages (`discord::web`).
    changes: tokio::sync::broadcast::Sender<Changed>,
}

impl Default for Hub {
    fn default() -> Hub {
        Hub {
            games: Mutex::default(),
            channels: Mutex::default(),
            opening: Mutex::default(),
            open: Mutex::default(),
            changes: tokio::sync::broadcast::channel(CHANGES_BUFFER).0,
        }
    }
}

/// What the registry knows of an open game without locking it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct OpenGame {
    variant: Variant,
    /// The host, then the seated humans.
    people: Vec<UserId>,
}

impl OpenGame {
    fn of(table: &Table) -> OpenGame {
        let mut people = vec![table.host];
        people.extend(table.humans().into_iter().filter(|u| *u != table.host));
        OpenGame { variant: table.ruleset.variant, people }
    }
}

/// Why a channel cannot be reserved for a new game.
#[derive(Debug)]
pub(crate) enum Taken {
    /// The channel's open game.
    Running(Shared),
    /// Another `/thaayam new` is opening a lobby there right now.
    Opening,
}

/// A channel held for a lobby being opened; dropping it frees the channel
/// unless [`Reservation::fill`] put a game there.
pub(crate) struct Reservation<'a> {
    hub: &'a Hub,
    channel: ChannelId,
}

impl Reservation<'_> {
    /// Puts the new (or recovered) game in the reserved channel.
    pub(crate) fn fill(self, running: Running) -> Shared {
        let table = &running.table;
        debug_assert_eq!(table.channel, self.channel, "a game fills its own channel");
        let mut channels = self.hub.channels.lock().unwrap_or_else(PoisonError::into_inner);
        let (id, open, known) = (table.id, table.is_open(), OpenGame::of(table));
        let shared = Arc::new(tokio::sync::Mutex::new(running));
        if open {
            channels.insert(self.channel, id);
            self.hub.open.lock().unwrap_or_else(PoisonError::into_inner).insert(id, known);
        }
        self.hub.games.lock().unwrap_or_else(PoisonError::into_inner).insert(id, shared.clone());
        shared
    }
}

impl Drop for Reservation<'_> {
    fn drop(&mut self) {
        let _channels = self.hub.channels.lock().unwrap_or_else(PoisonError::into_inner);
        self.hub.opening.lock().unwrap_or_else(PoisonError::into_inner).remove(&self.channel);
    }
}

impl Hub {
    pub(crate) fn new() -> Hub {
        Hub::default()
    }

    /// The game with this id.
    pub(crate) fn get(&self, id: GameId) -> Option<Shared> {
        self.games.lock().unwrap_or_else(PoisonError::into_inner).get(&id).cloned()
    }

    /// The open game of a channel, if any.
    pub(crate) fn in_channel(&self, channel: ChannelId) -> Option<Shared> {
        let id = *self.channels.lock().unwrap_or_else(PoisonError::into_inner).get(&channel)?;
        self.get(id)
    }

    /// Reserves a channel for a new game, before anything is written to
    /// the store: refused while the channel has an open game or another
    /// lobby is being opened there.
    pub(crate) fn reserve(&self, channel: ChannelId) -> Result<Reservation<'_>, Taken> {
        let channels = self.channels.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(existing) = channels.get(&channel).and_then(|id| self.get(*id)) {
            return Err(Taken::Running(existing));
        }
        if !self.opening.lock().unwrap_or_else(PoisonError::into_inner).insert(channel) {
            return Err(Taken::Opening);
        }
        Ok(Reservation { hub: self, channel })
    }

    /// Adds a game resumed from the store, or returns the game already
    /// open in its channel.
    pub(crate) fn insert(&self, running: Running) -> Result<Shared, Shared> {
        let table = &running.table;
        let mut channels = self.channels.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(existing) = channels.get(&table.channel).and_then(|id| self.get(*id)) {
            return Err(existing);
        }
        let (id, channel, open, known) = (table.id, table.channel, table.is_open(), OpenGame::of(table));
        let shared = Arc::new(tokio::sync::Mutex::new(running));
        if open {
            channels.insert(channel, id);
            self.open.lock().unwrap_or_else(PoisonError::into_inner).insert(id, known);
        }
        self.games.lock().unwrap_or_else(PoisonError::into_inner).insert(id, shared.clone());
        Ok(shared)
    }

    /// Called after every change: a closed game frees its channel and
    /// leaves the registry (its old buttons are answered from the id alone).
    pub(crate) fn saved(&self, table: &Table) {
        // Nobody listening (no pages) is not an error.
        let _ = self.changes.send(Changed { game: table.id.get(), seq: table.seq });
        if table.is_open() {
            let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(known) = open.get_mut(&table.id) {
                *known = OpenGame::of(table);
            }
        } else {
            let mut channels = self.channels.lock().unwrap_or_else(PoisonError::into_inner);
            if channels.get(&table.channel) == Some(&table.id) {
                channels.remove(&table.channel);
            }
            self.games.lock().unwrap_or_else(PoisonError::into_inner).remove(&table.id);
            self.open.lock().unwrap_or_else(PoisonError::into_inner).remove(&table.id);
        }
    }

    /// The changes saved from now on.
    pub(crate) fn watch(&self) -> tokio::sync::broadcast::Receiver<Changed> {
        self.changes.subscribe()
    }

    /// How many games are open, by variant (lobbies included).
    pub(crate) fn open_by_variant(&self) -> Vec<(Variant, usize)> {
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let mut counts: Vec<(Variant, usize)> = Vec::new();
        for v in open.values().map(|g| &g.variant) {
            match counts.iter_mut().find(|(c, _)| c == v) {
                Some((_, n)) => *n += 1,
                None => counts.push((*v, 1)),
            }
        }
        counts
    }

    /// How many open games (lobbies included) `user` hosts or sits in, as
    /// of their last saved changes; locks no game.
    pub(crate) fn open_with(&self, user: UserId) -> usize {
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.values().filter(|g| g.people.contains(&user)).count()
    }

    /// Every game still open (for the timeout ticker and start-up).
    pub(crate) fn open_games(&self) -> Vec<Shared> {
        let channels = self.channels.lock().unwrap_or_else(PoisonError::into_inner);
        channels.values().filter_map(|id| self.get(*id)).collect()
    }

    /// Whether any game is mid-flight (for a graceful shutdown).
    pub(crate) async fn busy(&self) -> bool {
        for game in self.open_games() {
            if game.try_lock().is_err() {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::game::ids::{GuildId, Venue};
    use crate::discord::game::table::{Origin, Stage};
    use crate::engine::{Ruleset, Variant};

    fn table(id: i64, channel: u64) -> Running {
        Running::new(Table::new(
            Origin { id: GameId(id), venue: Venue::Server(GuildId(1)), channel: ChannelId(channel), host: UserId(5) },
            Ruleset::new(Variant::Bell),
            2,
            [0; 32],
        ))
    }

    #[tokio::test]
    async fn one_open_game_per_channel() {
        let hub = Hub::new();
        let first = hub.insert(table(1, 10)).expect("first game");
        let again = hub.insert(table(2, 10)).expect_err("second game refused");
        assert!(Arc::ptr_eq(&first, &again), "the running game is returned");
        assert!(hub.insert(table(3, 11)).is_ok(), "other channels are free");
        let mut r = first.lock().await;
        r.table.stage = Stage::Ended;
        hub.saved(&r.table);
        drop(r);
        assert!(hub.insert(table(4, 10)).is_ok(), "a closed game frees the channel");
        assert!(hub.get(GameId(1)).is_none(), "a closed game leaves the registry");
        assert_eq!(hub.open_by_variant(), vec![(Variant::Bell, 2)], "games 3 and 4 are open");
    }

    #[tokio::test]
    async fn a_channel_is_reserved_while_its_lobby_is_opened() {
        let hub = Hub::new();
        let first = hub.reserve(ChannelId(10)).expect("a free channel");
        assert!(matches!(hub.reserve(ChannelId(10)), Err(Taken::Opening)), "a second opening is refused");
        assert!(hub.reserve(ChannelId(11)).is_ok(), "other channels are free");
        let game = first.fill(table(1, 10));
        match hub.reserve(ChannelId(10)) {
            Err(Taken::Running(running)) => assert!(Arc::ptr_eq(&running, &game)),
            _ => panic!("the channel's game is running"),
        }
        let mut r = game.lock().await;
        r.table.stage = Stage::Ended;
        hub.saved(&r.table);
        drop(r);
        let again = hub.reserve(ChannelId(10)).expect("a closed game frees the channel");
        drop(again);
        assert!(hub.reserve(ChannelId(10)).is_ok(), "a dropped reservation frees the channel");
    }

    #[tokio::test]
    async fn the_games_a_user_is_in_are_counted_without_locking_any() {
        let hub = Hub::new();
        let (host, guest) = (UserId(5), UserId(6));
        let first = hub.insert(table(1, 10)).expect("first game");
        hub.insert(table(2, 11)).expect("second game");
        assert_eq!((hub.open_with(host), hub.open_with(guest)), (2, 0));
        let mut r = first.lock().await;
        r.table.lineup.push(crate::discord::game::table::Player::Human(guest));
        hub.saved(&r.table);
        // Counted while the game is locked (as a click holds it while the database is slow).
        assert_eq!((hub.open_with(host), hub.open_with(guest)), (2, 1));
        r.table.stage = Stage::Ended;
        hub.saved(&r.table);
        drop(r);
        assert_eq!((hub.open_with(host), hub.open_with(guest)), (1, 0), "a closed game counts no more");
    }
}
