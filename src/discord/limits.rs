//! The limits that keep anyone from tiring the bot out: how long a lobby
//! waits, when an idle game reached only by clicks ends, when a lobby's
//! host counts as gone, how many games a user may have open and open an
//! hour, the cooldown of each heavy command, and how many games of one
//! pair of players a season's table counts a week (`config.toml` sets the
//! first ones, read by `config.rs`; see `config.example.toml`).

use std::time::Duration;

/// The limits of the bot (part of [`super::config::Config`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Seconds a lobby waits for its Start before it is closed (`lobby_expiry`).
    pub lobby_expiry: u64,
    /// A game reached by clicks only (a group DM) ends, unrated, after
    /// this many of its turn times without a click (`idle_turns`).
    pub idle_turns: u32,
    /// Seconds without a click of its host after which any player seated
    /// in a lobby may cancel it (`host_gone`).
    pub host_gone: u64,
    /// Games (lobbies included) a user may host or sit in at once
    /// (`open_games_per_user`).
    pub open_games_per_user: usize,
    /// Lobbies a user may open in an hour (`new_games_per_hour`).
    pub new_games_per_hour: usize,
    /// How long a user waits between two uses of a heavy command (hint,
    /// rules, replay, analyse).
    pub cooldown: Duration,
    /// Games of the same two players a season's table counts in any 7
    /// days (`season_pair_games`): volume against one friend does not pay.
    pub season_pair_games: u32,
    /// Whether every game played to its end is analysed after its result
    /// (`live::review`); always on but in the end-to-end tests that do not
    /// look at it (not in the config file).
    pub analyses_after_games: bool,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            lobby_expiry: 24 * 3600,
            idle_turns: 3,
            host_gone: 3600,
            open_games_per_user: 5,
            new_games_per_hour: 10,
            cooldown: Duration::from_secs(5),
            season_pair_games: 5,
            analyses_after_games: true,
        }
    }
}

/// The public listener's bounds (part of [`super::config::Web`]; not in
/// the config file: the tests shorten them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Serving {
    /// How long a client may take to send a request's headers.
    pub header_read: Duration,
    /// How long a connection may stay open with no request on it.
    pub idle: Duration,
    /// How long a live stream lasts before the server ends it (the page
    /// reconnects at once, with `Last-Event-ID`, and misses nothing).
    pub stream_life: Duration,
    /// The most connections at once; `None`: derived from the process's
    /// descriptor limit at start-up.
    pub connections: Option<usize>,
}

impl Default for Serving {
    fn default() -> Serving {
        Serving {
            header_read: Duration::from_secs(10),
            idle: Duration::from_secs(60),
            stream_life: Duration::from_secs(30 * 60),
            connections: None,
        }
    }
}
