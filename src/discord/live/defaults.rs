//! The settings a new game of a server starts with: the server's saved
//! settings, or the configured defaults (`/thaayam new` and Rematch).
//! What a server saved is read once per process and remembered: every
//! command of a server comes to the process that runs its shard, so no
//! other process changes it meanwhile, and a new game asks the store
//! nothing but to create it.

use super::persist::SAVE_DEADLINE;
use crate::discord::config::Config;
use crate::discord::game::ids::Venue;
use crate::engine::Ruleset;
use crate::store::{EndPermission, GuildSettings, StoreError, StoreHandle};
use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

/// The servers' saved settings this process has read or written
/// (`None`: the server never saved any).
#[derive(Default)]
pub(crate) struct Known {
    by_guild: Mutex<HashMap<Venue, Option<GuildSettings>>>,
}

impl Known {
    fn get(&self, venue: Venue) -> Option<Option<GuildSettings>> {
        self.by_guild.lock().unwrap_or_else(PoisonError::into_inner).get(&venue).copied()
    }

    /// Remembers what a server has saved (after `/thaayam settings` saved it).
    pub(crate) fn remember(&self, venue: Venue, saved: Option<GuildSettings>) {
        self.by_guild.lock().unwrap_or_else(PoisonError::into_inner).insert(venue, saved);
    }
}

/// The configured defaults, for servers that never saved settings.
pub(crate) fn config_settings(config: &Config) -> GuildSettings {
    GuildSettings {
        default_ruleset: Ruleset::new(config.default_variant),
        turn_timeout_secs: u32::try_from(config.turn_timeout).unwrap_or(u32::MAX),
        end_permission: EndPermission::Host,
    }
}

/// The server's saved settings, or the configured defaults.
pub(crate) async fn effective_settings(
    store: &StoreHandle,
    venue: Venue,
    config: &Config,
) -> Result<GuildSettings, StoreError> {
    let guild = venue.guild_number();
    let saved = store.call(move |s| s.saved_guild_settings(guild)).await?;
    Ok(saved.unwrap_or_else(|| config_settings(config)))
}

/// The settings a new game of this server starts with (rules, turn
/// timeout, who may end it): remembered, or read within a save's deadline
/// (a new game must be answered within Discord's 3 s). A store failure is
/// logged and the configured defaults are used (not remembered: the next
/// game asks again).
pub(crate) async fn guild_defaults(store: &StoreHandle, known: &Known, venue: Venue, config: &Config) -> GuildSettings {
    if let Some(saved) = known.get(venue) {
        return saved.unwrap_or_else(|| config_settings(config));
    }
    let guild = venue.guild_number();
    match store.call_within(SAVE_DEADLINE, move |s| s.saved_guild_settings(guild)).await {
        Ok(saved) => {
            known.remember(venue, saved);
            saved.unwrap_or_else(|| config_settings(config))
        }
        Err(e) => {
            tracing::error!("reading the settings of guild {guild} failed: {e}");
            config_settings(config)
        }
    }
}
