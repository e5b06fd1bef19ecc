//! The bot's ids and places as types: a user, a game, a server (guild), a
//! channel, a message and a role are each their own number, so one cannot stand
//! for another, and where a game lives is a [`Venue`] (a server, or outside
//! servers), not a guild number of 0. Their saved form is the bare number
//! (`#[serde(transparent)]`: the saved games' bytes do not change); they
//! become serenity's and the store's types in `live/ids.rs` only.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::num::ParseIntError;
use std::str::FromStr;

macro_rules! id {
    ($(#[$doc:meta])* $name:ident($raw:ty)) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub(crate) struct $name(pub(crate) $raw);

        impl $name {
            /// The bare number (for Discord's and the store's types, and
            /// the component ids' text).
            pub(crate) const fn get(self) -> $raw {
                self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl FromStr for $name {
            type Err = ParseIntError;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                s.parse().map($name)
            }
        }
    };
}

id!(
    /// A Discord user (snowflake).
    UserId(u64)
);
id!(
    /// A game: its number in the store.
    GameId(i64)
);
id!(
    /// A Discord server (guild).
    GuildId(u64)
);
id!(
    /// A Discord channel (a server's, a DM, a group DM).
    ChannelId(u64)
);
id!(
    /// A Discord message.
    MessageId(u64)
);
id!(
    /// A role of a Discord server.
    RoleId(u64)
);

/// Where a game lives: a server's channel, or outside servers (a DM with
/// the bot, a group DM the bot reaches by clicks only). Saved and stored
/// as the guild's number, 0 outside servers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "u64", into = "u64")]
pub(crate) enum Venue {
    Server(GuildId),
    Outside,
}

impl Venue {
    /// The guild number a game outside servers is stored with (Discord
    /// ids are never 0).
    pub(crate) const OUTSIDE_SERVERS: u64 = 0;

    /// The venue of a stored or saved guild number.
    pub(crate) fn from_guild(guild: u64) -> Venue {
        if guild == Venue::OUTSIDE_SERVERS { Venue::Outside } else { Venue::Server(GuildId(guild)) }
    }

    /// The venue of an interaction's server, if any.
    pub(crate) fn of(guild: Option<GuildId>) -> Venue {
        guild.map_or(Venue::Outside, |g| Venue::from_guild(g.0))
    }

    /// The guild number it is stored and saved as.
    pub(crate) fn guild_number(self) -> u64 {
        match self {
            Venue::Server(g) => g.0,
            Venue::Outside => Venue::OUTSIDE_SERVERS,
        }
    }

    /// The server, if it is in one.
    pub(crate) fn guild(self) -> Option<GuildId> {
        match self {
            Venue::Server(g) => Some(g),
            Venue::Outside => None,
        }
    }

    /// Whether a game here counts for ratings, the one rule: only a
    /// server's games count for its leaderboards, and never a practice
    /// game. The store keeps what it said when the game finished
    /// (`games.rated`, written by the finishing save) and every
    /// leaderboard, season and rival reads that.
    pub(crate) fn is_rated(self, practice: bool) -> bool {
        matches!(self, Venue::Server(_)) && !practice
    }
}

impl From<u64> for Venue {
    fn from(guild: u64) -> Venue {
        Venue::from_guild(guild)
    }
}

impl From<Venue> for u64 {
    fn from(venue: Venue) -> u64 {
        venue.guild_number()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_and_write_as_their_numbers() {
        assert_eq!(UserId(12).to_string(), "12");
        assert_eq!("34".parse::<ChannelId>(), Ok(ChannelId(34)));
        assert!("x".parse::<MessageId>().is_err());
        assert_eq!(serde_json::to_string(&GameId(-5)).ok().as_deref(), Some("-5"));
        let names: std::collections::BTreeMap<UserId, String> = [(UserId(7), "Ann".to_string())].into();
        let json = serde_json::to_string(&names).unwrap_or_default();
        assert_eq!(json, r#"{"7":"Ann"}"#, "a map keyed by users saves as before");
        assert_eq!(serde_json::from_str::<std::collections::BTreeMap<UserId, String>>(&json).ok(), Some(names));
    }

    #[test]
    fn a_place_is_a_server_or_outside_and_only_a_servers_games_are_rated() {
        assert_eq!(Venue::from_guild(0), Venue::Outside);
        assert_eq!(Venue::from_guild(9), Venue::Server(GuildId(9)));
        assert_eq!((Venue::Outside.guild_number(), Venue::Server(GuildId(9)).guild_number()), (0, 9));
        assert_eq!(Venue::of(None), Venue::Outside);
        assert_eq!(Venue::of(Some(GuildId(3))).guild(), Some(GuildId(3)));
        assert_eq!(serde_json::to_string(&Venue::Outside).ok().as_deref(), Some("0"));
        assert_eq!(serde_json::from_str::<Venue>("9").ok(), Some(Venue::Server(GuildId(9))));
        assert!(Venue::Server(GuildId(9)).is_rated(false));
        assert!(!Venue::Server(GuildId(9)).is_rated(true), "practice");
        assert!(!Venue::Outside.is_rated(false), "outside servers");
    }
}
