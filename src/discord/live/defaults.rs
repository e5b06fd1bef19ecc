//! The settings a new game of a server starts with: the server's saved
//! settings, or the configured defaults (`/thaayam new` and Rematch).

use crate::discord::config::Config;
use crate::engine::Ruleset;
use crate::store::{EndPermission, GuildSettings, StoreError, StoreHandle};

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
    guild: u64,
    config: &Config,
) -> Result<GuildSettings, StoreError> {
    let saved = store.call(move |s| s.saved_guild_settings(guild)).await?;
    Ok(saved.unwrap_or_else(|| config_settings(config)))
}

/// The settings a new game of this server starts with (rules, turn
/// timeout, who may end it). A store failure is logged and the configured
/// defaults are used.
pub(crate) async fn guild_defaults(store: &StoreHandle, guild: u64, config: &Config) -> GuildSettings {
    match effective_settings(store, guild, config).await {
        Ok(s) => s,
        Err(e) => {
            tracing::error!("reading the settings of guild {guild} failed: {e}");
            config_settings(config)
        }
    }
}
