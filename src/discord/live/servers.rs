//! The servers' settings as this process knows them ([`Servers`]): one
//! cache of `game::server::ServerSettings`, keyed by where a game lives
//! (a server; a DM or a group DM has no server and gets the defaults:
//! the configured rules, pages on, UTC, the default time away), read
//! from the store as one row and written through on change.
//!
//! Freshness, one rule: what was read is believed for [`FRESH_FOR`] (30 s),
//! then read again at its next use. Another bot process on the same
//! database (another shard's, or the pages') may change a server: its
//! change reaches every process within 30 s (each process's next use
//! after that reads it); this process's own changes hold here at once.
//! Every read is bounded by the click's deadline ([`SAVE_DEADLINE`]): a
//! store that hangs or fails gives what was last read, however old, or
//! where nothing was, the defaults with the pages off (a page must not
//! show where its server may have switched them off), not remembered.
//!
//! The language also follows the server's preferred locale, which Discord
//! gives with each interaction: it is remembered here for the messages
//! sent without one (a turn's reminder).

use super::persist::SAVE_DEADLINE;
use crate::discord::config::Config;
use crate::discord::game::ids::{ChannelId, GuildId, RoleId, Venue};
use crate::discord::game::server::{GameRules, ServerSettings, WhoEnds};
use crate::discord::view::lang::Lang;
use crate::engine::Ruleset;
use crate::store::{EndPermission, GuildSettings, SavedServer, StoreError, StoreHandle};
use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// How long a server's settings read from the store are believed.
pub(crate) const FRESH_FOR: Duration = Duration::from_secs(30);

/// The servers remembered at most (then forgotten all at once: a few
/// hundred bytes each).
const MOST: usize = 100_000;

/// What this process knows of one server.
struct Known {
    settings: ServerSettings,
    read_at: Instant,
    /// The server's preferred locale, as the last interaction gave it.
    locale: Option<Lang>,
}

/// The servers' settings as this process knows them (see the module).
pub(crate) struct Servers {
    /// The rules of servers that never saved any (the configuration's).
    rules: GameRules,
    fresh_for: Duration,
    known: Mutex<HashMap<GuildId, Known>>,
}

impl Servers {
    /// The cache of a bot with this configuration (its default rules).
    pub(crate) fn new(config: &Config) -> Servers {
        let rules = GameRules {
            ruleset: Ruleset::new(config.default_variant),
            turn_timeout_secs: u32::try_from(config.turn_timeout).unwrap_or(u32::MAX),
            who_ends: WhoEnds::Host,
        };
        Servers { rules, fresh_for: FRESH_FOR, known: Mutex::default() }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<GuildId, Known>> {
        self.known.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The settings of a server that never saved any, and outside servers.
    pub(crate) fn defaults(&self) -> ServerSettings {
        ServerSettings::new(self.rules)
    }

    fn known_within(&self, guild: GuildId, fresh: Duration) -> Option<ServerSettings> {
        let known = self.lock();
        known.get(&guild).filter(|k| k.read_at.elapsed() < fresh).map(|k| k.settings.clone())
    }

    /// The settings of where a game lives (see the module for how fresh).
    pub(crate) async fn get(&self, store: &StoreHandle, venue: Venue) -> ServerSettings {
        let Venue::Server(guild) = venue else { return self.defaults() };
        if let Some(s) = self.known_within(guild, self.fresh_for) {
            return s;
        }
        match self.read(store, guild).await {
            Ok(s) => s,
            Err(e) => {
                tracing::warn!("reading the settings of guild {guild} failed: {e}");
                let pages_off = ServerSettings { pages_on: false, ..self.defaults() };
                self.known_within(guild, Duration::MAX).unwrap_or(pages_off)
            }
        }
    }

    /// The settings as the store has them now (to change them), read
    /// within the click's deadline.
    pub(crate) async fn fresh(&self, store: &StoreHandle, venue: Venue) -> Result<ServerSettings, StoreError> {
        match venue {
            Venue::Server(guild) => self.read(store, guild).await,
            Venue::Outside => Ok(self.defaults()),
        }
    }

    async fn read(&self, store: &StoreHandle, guild: GuildId) -> Result<ServerSettings, StoreError> {
        let number = guild.get();
        let saved = store.call_within(SAVE_DEADLINE, move |s| s.server(number)).await?;
        let settings = self.settings_of(saved);
        self.remember(guild, settings.clone());
        Ok(settings)
    }

    /// Saves a server's settings, whole, within the click's deadline, and
    /// holds them here at once (outside servers there is nothing to save).
    pub(crate) async fn save(&self, store: &StoreHandle, venue: Venue, s: &ServerSettings) -> Result<(), StoreError> {
        let Venue::Server(guild) = venue else { return Ok(()) };
        let (number, saved) = (guild.get(), to_saved(s));
        store.call_within(SAVE_DEADLINE, move |st| st.save_server(number, &saved)).await?;
        self.remember(guild, s.clone());
        Ok(())
    }

    fn remember(&self, guild: GuildId, settings: ServerSettings) {
        let mut known = self.lock();
        if known.len() >= MOST && !known.contains_key(&guild) {
            known.clear();
        }
        let locale = known.get(&guild).and_then(|k| k.locale);
        known.insert(guild, Known { settings, read_at: Instant::now(), locale });
    }

    /// The language of a server's public messages: its `language` setting,
    /// else its preferred locale (`guild_locale` when an interaction told
    /// it, else as the last one did), else English.
    pub(crate) async fn lang(&self, store: &StoreHandle, venue: Venue, guild_locale: Option<&str>) -> Lang {
        let from_locale = guild_locale.and_then(Lang::from_code);
        let Venue::Server(guild) = venue else { return from_locale.unwrap_or(Lang::EN) };
        let settings = self.get(store, venue).await;
        if let Some(chosen) = settings.language.as_deref().and_then(Lang::from_code) {
            return chosen;
        }
        let mut known = self.lock();
        let Some(k) = known.get_mut(&guild) else { return from_locale.unwrap_or(Lang::EN) };
        if from_locale.is_some() {
            k.locale = from_locale;
        }
        k.locale.unwrap_or(Lang::EN)
    }

    fn settings_of(&self, saved: SavedServer) -> ServerSettings {
        let rules = saved.rules.map_or(self.rules, |r| GameRules {
            ruleset: r.default_ruleset,
            turn_timeout_secs: r.turn_timeout_secs,
            who_ends: match r.end_permission {
                EndPermission::Host => WhoEnds::Host,
                EndPermission::Moderators => WhoEnds::Moderators,
            },
        });
        ServerSettings {
            rules,
            language: saved.language,
            pages_on: !saved.pages_off,
            time_zone: saved.time_zone,
            podium: saved.podium_channel.map(ChannelId),
            away_limit: saved.away_days,
            organisers: saved.organiser_role.map(RoleId),
        }
    }
}

/// The row saved for these settings (the rules always: a server that
/// saved anything keeps the rules it saw, whatever the configuration
/// becomes).
fn to_saved(s: &ServerSettings) -> SavedServer {
    let end_permission = match s.rules.who_ends {
        WhoEnds::Host => EndPermission::Host,
        WhoEnds::Moderators => EndPermission::Moderators,
    };
    SavedServer {
        rules: Some(GuildSettings {
            default_ruleset: s.rules.ruleset,
            turn_timeout_secs: s.rules.turn_timeout_secs,
            end_permission,
        }),
        language: s.language.clone(),
        pages_off: !s.pages_on,
        time_zone: s.time_zone.clone(),
        podium_channel: s.podium.map(ChannelId::get),
        away_days: s.away_limit,
        organiser_role: s.organisers.map(RoleId::get),
    }
}

#[cfg(test)]
#[path = "servers_tests.rs"]
mod tests;
