//! `/thaayam settings`: a server's default rules, turn timeout and who may
//! end games. Anyone may look; changing needs Manage Server. Also the
//! defaults a new game of a server starts with ([`guild_defaults`]). The
//! checks and the message are plain functions, tested without Discord.

use super::answer::{VariantChoice, private, send, store_failed};
use crate::discord::config::{Config, parse_duration};
use crate::discord::view::message::{Embed, Message};
use crate::discord::view::words::COLOUR;
use crate::discord::{Context, Error};
use crate::engine::{Ruleset, Variant};
use crate::store::{EndPermission, GuildSettings, StoreError, StoreHandle};
use poise::serenity_prelude as serenity;

/// Who may end a game early, as offered to admins.
#[derive(Copy, Clone, Debug, poise::ChoiceParameter)]
pub(crate) enum EndChoice {
    #[name = "host: the game's host (and moderators)"]
    Host,
    #[name = "moderators: only members with Manage Messages"]
    Moderators,
}

impl From<EndChoice> for EndPermission {
    fn from(c: EndChoice) -> EndPermission {
        match c {
            EndChoice::Host => EndPermission::Host,
            EndChoice::Moderators => EndPermission::Moderators,
        }
    }
}

/// What an admin asked to change (all `None`: just show the settings).
#[derive(Clone, Debug, Default)]
pub(crate) struct SettingsRequest {
    pub(crate) variant: Option<Variant>,
    /// As typed, like `30m`, `12h`, `2d`.
    pub(crate) turn_timeout: Option<String>,
    pub(crate) end_permission: Option<EndPermission>,
}

impl SettingsRequest {
    pub(crate) fn is_empty(&self) -> bool {
        self.variant.is_none() && self.turn_timeout.is_none() && self.end_permission.is_none()
    }
}

/// Whether these member permissions may change the settings.
pub(crate) fn may_manage(permissions: Option<serenity::Permissions>) -> bool {
    permissions.is_some_and(|p| p.manage_guild() || p.administrator())
}

/// The settings after a request: `Ok(None)` when nothing was asked (show
/// them), `Err` with the answer for the user when refused or invalid.
pub(crate) fn apply_request(
    current: GuildSettings,
    req: &SettingsRequest,
    may_manage: bool,
) -> Result<Option<GuildSettings>, String> {
    if req.is_empty() {
        return Ok(None);
    }
    if !may_manage {
        return Err("Only members with the **Manage Server** permission can change these settings. \
                    Call `/thaayam settings` without options to see them."
            .into());
    }
    let mut new = current;
    if let Some(v) = req.variant {
        new.default_ruleset = Ruleset::new(v);
    }
    if let Some(t) = &req.turn_timeout {
        let secs = parse_duration(t).map_err(|e| format!("The turn timeout did not work: {e}."))?;
        new.turn_timeout_secs = u32::try_from(secs).map_err(|_| format!("The turn timeout `{t}` is too long."))?;
    }
    if let Some(p) = req.end_permission {
        new.end_permission = p;
    }
    Ok(Some(new))
}

/// A duration in words of units: `1d 12h`, `30m`, `90s` → `1m 30s`.
pub(crate) fn duration_text(secs: u32) -> String {
    let parts: Vec<String> = [(86_400, "d"), (3600, "h"), (60, "m"), (1, "s")]
        .iter()
        .scan(secs, |left, &(unit, name)| {
            let n = *left / unit;
            *left %= unit;
            Some((n > 0).then(|| format!("{n}{name}")))
        })
        .flatten()
        .collect();
    if parts.is_empty() { "0s".into() } else { parts.join(" ") }
}

fn end_text(p: EndPermission) -> &'static str {
    match p {
        EndPermission::Host => "the game's host, or a moderator (Manage Messages)",
        EndPermission::Moderators => "only moderators (Manage Messages)",
    }
}

/// The settings as shown to the user; `saved` when they were just changed.
pub(crate) fn settings_message(s: &GuildSettings, saved: bool, may_manage: bool) -> Message {
    let description = if saved {
        "Saved. New games on this server start with these settings.".to_string()
    } else {
        "New games on this server start with these settings (`/thaayam new` can still choose others).".to_string()
    };
    let footer = if may_manage {
        "Change them with /thaayam settings variant:… turn_timeout:12h end_permission:…"
    } else {
        "Members with Manage Server can change them with /thaayam settings."
    };
    Message {
        embed: Some(Embed {
            title: "Thaayam settings of this server".into(),
            description,
            fields: vec![
                ("Default rules".into(), s.default_ruleset.to_string()),
                ("Turn timeout".into(), duration_text(s.turn_timeout_secs)),
                ("Who may end a game".into(), end_text(s.end_permission).into()),
            ],
            footer: footer.into(),
            colour: COLOUR,
        }),
        ..Message::default()
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

fn member_permissions(ctx: Context<'_>) -> Option<serenity::Permissions> {
    match ctx {
        poise::Context::Application(a) => a.interaction.member.as_ref().and_then(|m| m.permissions),
        poise::Context::Prefix(_) => None,
    }
}

/// This server's defaults for new games (changing them needs Manage Server)
#[poise::command(slash_command, guild_only)]
pub(crate) async fn settings(
    ctx: Context<'_>,
    #[description = "Default rules of new games"] variant: Option<VariantChoice>,
    #[description = "Default time per turn, like 30m, 12h or 2d (1 minute to 30 days)"] turn_timeout: Option<String>,
    #[description = "Who may end a game early"] end_permission: Option<EndChoice>,
) -> Result<(), Error> {
    let guild = ctx.guild_id().map_or(0, |g| g.get());
    let req = SettingsRequest {
        variant: variant.map(Variant::from),
        turn_timeout,
        end_permission: end_permission.map(EndPermission::from),
    };
    let manager = may_manage(member_permissions(ctx));
    let store = &ctx.data().store;
    let current = match effective_settings(store, guild, &ctx.data().config).await {
        Ok(s) => s,
        Err(e) => return store_failed(ctx, "reading the settings", e).await,
    };
    let new = match apply_request(current, &req, manager) {
        Ok(None) => return send(ctx, &settings_message(&current, false, manager), true).await,
        Ok(Some(new)) => new,
        Err(refusal) => return private(ctx, refusal).await,
    };
    if let Err(e) = store.call(move |s| s.set_guild_settings(guild, &new)).await {
        return store_failed(ctx, "saving the settings", e).await;
    }
    tracing::info!("guild {guild}: settings changed by {} to {new:?}", ctx.author().id);
    send(ctx, &settings_message(&new, true, manager), true).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::view::message::check;
    use crate::store::Store;
    use poise::serenity_prelude::Permissions;
    use std::path::PathBuf;

    fn config() -> Config {
        Config {
            token: "t".into(),
            database: PathBuf::from(":memory:"),
            dev_guild: None,
            default_variant: Variant::Bell1979,
            turn_timeout: 12 * 3600,
            log_level: "info".into(),
            shards: crate::discord::config::Shards::Auto,
        }
    }

    fn request(variant: Option<Variant>, timeout: Option<&str>, end: Option<EndPermission>) -> SettingsRequest {
        SettingsRequest { variant, turn_timeout: timeout.map(str::to_string), end_permission: end }
    }

    #[test]
    fn only_server_managers_change_settings_and_anyone_may_look() {
        let current = config_settings(&config());
        assert!(may_manage(Some(Permissions::MANAGE_GUILD)) && may_manage(Some(Permissions::ADMINISTRATOR)));
        assert!(!may_manage(Some(Permissions::MANAGE_MESSAGES | Permissions::SEND_MESSAGES)) && !may_manage(None));
        assert_eq!(apply_request(current, &SettingsRequest::default(), false), Ok(None));
        let change = request(Some(Variant::Francais), None, None);
        let refused = apply_request(current, &change, false).expect_err("not a manager");
        assert!(refused.contains("Manage Server"), "{refused}");
        let saved = apply_request(current, &change, true).expect("valid").expect("a change");
        assert_eq!(saved, GuildSettings { default_ruleset: Ruleset::new(Variant::Francais), ..current });
    }

    #[test]
    fn timeouts_are_parsed_with_bounds_and_clear_errors() {
        let current = config_settings(&config());
        let all = request(Some(Variant::TayamSonalu), Some("2d"), Some(EndPermission::Moderators));
        let new = apply_request(current, &all, true).expect("valid").expect("a change");
        assert_eq!(
            (new.default_ruleset.variant, new.turn_timeout_secs, new.end_permission),
            (Variant::TayamSonalu, 172_800, EndPermission::Moderators)
        );
        for (bad, says) in [("10s", "between 1 minute and 30 days"), ("31d", "30 days"), ("soon", "30m, 24h or 2d")] {
            let e = apply_request(current, &request(None, Some(bad), None), true).expect_err(bad);
            assert!(e.starts_with("The turn timeout did not work") && e.contains(says), "{bad}: {e}");
        }
        // A refused change changes nothing, even its valid parts.
        assert!(apply_request(current, &request(Some(Variant::Bell), Some("1w"), None), true).is_err());
    }

    #[test]
    fn the_settings_message_shows_every_value() {
        let s = GuildSettings {
            default_ruleset: Ruleset::new(Variant::Francais),
            turn_timeout_secs: 36 * 3600 + 90,
            end_permission: EndPermission::Moderators,
        };
        for (saved, manager) in [(false, false), (true, true)] {
            let m = settings_message(&s, saved, manager);
            assert_eq!(check(&m), Ok(()));
            assert!(m.mentions.is_empty());
            let e = m.embed.expect("embed");
            let values: Vec<&str> = e.fields.iter().map(|(_, v)| v.as_str()).collect();
            assert_eq!(values, ["francais", "1d 12h 1m 30s", "only moderators (Manage Messages)"]);
            assert_eq!(e.description.starts_with("Saved."), saved);
            assert_eq!(e.footer.starts_with("Change them"), manager);
        }
        assert_eq!(duration_text(86_400), "1d");
        assert_eq!(duration_text(1800), "30m");
        assert_eq!(duration_text(0), "0s");
    }

    #[tokio::test]
    async fn new_games_use_saved_settings_else_the_config() {
        let store = StoreHandle::spawn(Store::open_in_memory().expect("open")).expect("spawn");
        let c = config();
        let s = guild_defaults(&store, 7, &c).await;
        assert_eq!((s.default_ruleset, s.turn_timeout_secs), (Ruleset::new(Variant::Bell1979), 12 * 3600));
        let saved = GuildSettings {
            default_ruleset: Ruleset::new(Variant::Bell),
            turn_timeout_secs: 300,
            end_permission: EndPermission::Host,
        };
        store.call(move |s| s.set_guild_settings(7, &saved)).await.expect("save");
        // Saved values win even when they equal the store's own defaults.
        let s = guild_defaults(&store, 7, &c).await;
        assert_eq!((s.default_ruleset, s.turn_timeout_secs), (Ruleset::new(Variant::Bell), 300));
        assert_eq!(effective_settings(&store, 7, &c).await.expect("read"), saved);
        assert_eq!(guild_defaults(&store, 8, &c).await.turn_timeout_secs, 12 * 3600, "other servers keep the config");
    }
}
