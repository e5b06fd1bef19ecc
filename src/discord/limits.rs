//! The limits that keep anyone from tiring the bot out: how long a lobby
//! waits, when an idle game reached only by clicks ends, when a lobby's
//! host counts as gone, how many games a user may have open and open an
//! hour, and the cooldown of each heavy command (`config.toml` sets the
//! first ones; see `config.example.toml`).

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
        }
    }
}

/// The limits as written in the config file (each key optional).
#[derive(Debug, Default)]
pub(crate) struct RawLimits {
    pub(crate) lobby_expiry: Option<String>,
    pub(crate) idle_turns: Option<u32>,
    pub(crate) host_gone: Option<String>,
    pub(crate) open_games_per_user: Option<usize>,
    pub(crate) new_games_per_hour: Option<usize>,
}

impl RawLimits {
    /// The limits, or the first problem (named by its key).
    pub(crate) fn validate(self) -> Result<Limits, String> {
        let d = Limits::default();
        let duration = |key: &str, v: Option<String>, default: u64| match v {
            Some(t) => super::config::parse_duration(&t).map_err(|e| format!("{key}: {e}")),
            None => Ok(default),
        };
        let at_least_one = |key: &str, v: Option<usize>, default: usize| match v {
            Some(0) => Err(format!("{key}: must be at least 1")),
            Some(n) => Ok(n),
            None => Ok(default),
        };
        let idle_turns = match self.idle_turns {
            Some(0) => return Err("idle_turns: must be at least 1".into()),
            Some(n) => n,
            None => d.idle_turns,
        };
        Ok(Limits {
            lobby_expiry: duration("lobby_expiry", self.lobby_expiry, d.lobby_expiry)?,
            idle_turns,
            host_gone: duration("host_gone", self.host_gone, d.host_gone)?,
            open_games_per_user: at_least_one("open_games_per_user", self.open_games_per_user, d.open_games_per_user)?,
            new_games_per_hour: at_least_one("new_games_per_hour", self.new_games_per_hour, d.new_games_per_hour)?,
            cooldown: d.cooldown,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_keys_take_the_defaults_and_bad_ones_are_named() {
        assert_eq!(RawLimits::default().validate(), Ok(Limits::default()));
        let raw = RawLimits {
            lobby_expiry: Some("2h".into()),
            idle_turns: Some(2),
            host_gone: Some("30m".into()),
            open_games_per_user: Some(1),
            new_games_per_hour: Some(4),
        };
        let l = raw.validate().expect("valid");
        assert_eq!((l.lobby_expiry, l.idle_turns, l.host_gone), (7200, 2, 1800));
        assert_eq!((l.open_games_per_user, l.new_games_per_hour), (1, 4));
        let bad = RawLimits { lobby_expiry: Some("soon".into()), ..RawLimits::default() }.validate();
        assert!(bad.is_err_and(|e| e.starts_with("lobby_expiry: ")));
        let bad = RawLimits { open_games_per_user: Some(0), ..RawLimits::default() }.validate();
        assert_eq!(bad, Err("open_games_per_user: must be at least 1".into()));
        let bad = RawLimits { idle_turns: Some(0), ..RawLimits::default() }.validate();
        assert_eq!(bad, Err("idle_turns: must be at least 1".into()));
    }
}
