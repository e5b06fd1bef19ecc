//! `/thaayam settings`: a server's default rules, turn timeout, who may
//! end games, the bot's language, and its seasons' time zone and podium
//! (`seasons`). Anyone may look; changing needs
//! Manage Server. Also the
//! defaults a new game of a server starts with (`live::defaults`). The
//! checks and the message are plain functions, tested without Discord.

use super::answer::{VariantChoice, langs, private, send, store_failed};
use super::notify::Switch;
use super::seasons::{season_settings_after, with_seasons};
use crate::discord::config::parse_duration;
use crate::discord::live::defaults::effective_settings;
use crate::discord::view::lang::{Lang, tr};
use crate::discord::view::message::{Embed, Message};
use crate::discord::view::words::COLOUR;
use crate::discord::{Context, Error};
use crate::engine::{Ruleset, Variant};
use crate::store::{EndPermission, GuildSettings};
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
    /// As typed: a language's code or name, or `auto`.
    pub(crate) language: Option<String>,
    /// The server's game pages on (`true`) or off.
    pub(crate) pages: Option<bool>,
    /// The seasons' time zone as typed (an IANA name).
    pub(crate) time_zone: Option<String>,
    /// The monthly podium posted in this channel (`true`) or not.
    pub(crate) podium: Option<bool>,
    /// Days a player may be away in any 30 (0: not allowed; `/thaayam away`).
    pub(crate) away_days: Option<u32>,
}

impl SettingsRequest {
    pub(crate) fn is_empty(&self) -> bool {
        self.variant.is_none()
            && self.turn_timeout.is_none()
            && self.end_permission.is_none()
            && self.language.is_none()
            && self.pages.is_none()
            && self.time_zone.is_none()
            && self.podium.is_none()
            && self.away_days.is_none()
    }
}

/// A server's language as typed: a code (`fr`) or a name (`Français`) of
/// a language the bot speaks, or `auto` (`None`: Discord's preferred
/// locale of the server).
pub(crate) fn parse_language(lang: Lang, typed: &str) -> Result<Option<Lang>, String> {
    let typed = typed.trim();
    if typed.eq_ignore_ascii_case("auto") {
        return Ok(None);
    }
    let by_name = Lang::all().find(|l| l.name().eq_ignore_ascii_case(typed));
    match by_name.or_else(|| Lang::from_code(typed)) {
        Some(l) => Ok(Some(l)),
        None => {
            let known: Vec<String> = Lang::all().map(|l| format!("`{}` ({})", l.code(), l.name())).collect();
            Err(tr!(lang, "settings-bad-language", typed = typed, known = known.join(", ")))
        }
    }
}

/// Whether these member permissions may change the settings.
pub(crate) fn may_manage(permissions: Option<serenity::Permissions>) -> bool {
    permissions.is_some_and(|p| p.manage_guild() || p.administrator())
}

/// The settings after a request: `Ok(None)` when nothing was asked (show
/// them), `Err` with the answer for the user when refused or invalid.
pub(crate) fn apply_request(
    lang: Lang,
    current: GuildSettings,
    req: &SettingsRequest,
    may_manage: bool,
) -> Result<Option<GuildSettings>, String> {
    if req.is_empty() {
        return Ok(None);
    }
    if !may_manage {
        return Err(tr!(lang, "settings-not-manager"));
    }
    let mut new = current;
    if let Some(v) = req.variant {
        new.default_ruleset = Ruleset::new(v);
    }
    if let Some(t) = &req.turn_timeout {
        let secs = parse_duration(t).map_err(|e| tr!(lang, "settings-bad-timeout", error = e.to_string()))?;
        new.turn_timeout_secs =
            u32::try_from(secs).map_err(|_| tr!(lang, "settings-long-timeout", typed = t.as_str()))?;
    }
    if let Some(typed) = &req.language {
        parse_language(lang, typed)?;
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

fn end_text(lang: Lang, p: EndPermission) -> String {
    match p {
        EndPermission::Host => tr!(lang, "settings-end-host"),
        EndPermission::Moderators => tr!(lang, "settings-end-moderators"),
    }
}

/// A server's language as shown: `chosen` by its admins, or Discord's
/// preferred locale of the server (or English for lack of one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ServerLang {
    pub(crate) lang: Lang,
    pub(crate) chosen: bool,
}

/// The settings as shown to the user (in `lang`); `saved` when they were
/// just changed.
pub(crate) fn settings_message(
    lang: Lang,
    s: &GuildSettings,
    server: ServerLang,
    saved: bool,
    may_manage: bool,
) -> Message {
    let description = if saved { tr!(lang, "settings-saved") } else { tr!(lang, "settings-shown") };
    let footer = if may_manage { tr!(lang, "settings-footer-manager") } else { tr!(lang, "settings-footer") };
    let language = if server.chosen {
        server.lang.name().to_string()
    } else {
        tr!(lang, "settings-language-auto", name = server.lang.name())
    };
    Message {
        embed: Some(Embed {
            title: tr!(lang, "settings-title"),
            description,
            fields: vec![
                (tr!(lang, "settings-rules"), s.default_ruleset.to_string()),
                (tr!(lang, "settings-timeout"), duration_text(s.turn_timeout_secs)),
                (tr!(lang, "settings-end"), end_text(lang, s.end_permission)),
                (tr!(lang, "settings-language"), language),
            ],
            footer,
            colour: COLOUR,
        }),
        ..Message::default()
    }
}

/// Adds how many days a player may be away in any 30 to the settings.
pub(crate) fn with_away(lang: Lang, mut msg: Message, days: u32) -> Message {
    if let Some(e) = msg.embed.as_mut() {
        let state =
            if days == 0 { tr!(lang, "settings-away-none") } else { tr!(lang, "settings-away-days", days = days) };
        e.fields.push((tr!(lang, "settings-away"), state));
    }
    msg
}

/// Adds whether the server's games have pages to its settings (shown
/// when the bot serves pages).
pub(crate) fn with_pages(lang: Lang, mut msg: Message, pages_on: bool) -> Message {
    if let Some(e) = msg.embed.as_mut() {
        let state = if pages_on { tr!(lang, "settings-pages-on") } else { tr!(lang, "settings-pages-off") };
        e.fields.push((tr!(lang, "settings-pages"), state));
    }
    msg
}

fn member_permissions(ctx: Context<'_>) -> Option<serenity::Permissions> {
    match ctx {
        poise::Context::Application(a) => a.interaction.member.as_ref().and_then(|m| m.permissions),
        poise::Context::Prefix(_) => None,
    }
}

// A slash command's options are its arguments (poise): one per setting.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only)]
pub(crate) async fn settings(
    ctx: Context<'_>,
    variant: Option<VariantChoice>,
    turn_timeout: Option<String>,
    end_permission: Option<EndChoice>,
    language: Option<String>,
    pages: Option<Switch>,
    time_zone: Option<String>,
    podium: Option<Switch>,
    #[min = 0]
    #[max = 30]
    away_days: Option<u32>,
) -> Result<(), Error> {
    let venue = crate::discord::live::ids::venue_of(ctx.guild_id());
    let guild = venue.guild_number();
    let (_, mine) = langs(ctx).await;
    // A server the bot was not added to (the app installed to a user):
    // its settings would hold for no game, and a limit on time away set
    // there must not stand for anyone's games elsewhere.
    if super::answer::where_asked(ctx) != crate::discord::live::access::Where::Server {
        return private(ctx, tr!(mine, "settings-not-in-server")).await;
    }
    let req = SettingsRequest {
        variant: variant.map(Variant::from),
        turn_timeout,
        end_permission: end_permission.map(EndPermission::from),
        language,
        pages: pages.map(|p| p == Switch::On),
        time_zone,
        podium: podium.map(|p| p == Switch::On),
        away_days,
    };
    let served = ctx.data().config.web.is_some();
    let manager = may_manage(member_permissions(ctx));
    let store = &ctx.data().store;
    let (current, chosen) = match effective_settings(store, venue, &ctx.data().config).await {
        Ok(s) => match store.call(move |st| st.guild_language(guild)).await {
            Ok(code) => (s, code.as_deref().and_then(Lang::from_code)),
            Err(e) => return store_failed(ctx, "reading the settings", e).await,
        },
        Err(e) => return store_failed(ctx, "reading the settings", e).await,
    };
    let server =
        |chosen: Option<Lang>, locale: Lang| ServerLang { lang: chosen.unwrap_or(locale), chosen: chosen.is_some() };
    let locale = locale_lang(ctx);
    let (pages_off, seasons) = match store.call(move |st| Ok((st.pages_off(guild)?, st.season_settings(guild)?))).await
    {
        Ok(read) => read,
        Err(e) => return store_failed(ctx, "reading the settings", e).await,
    };
    let away_now = match store.call(move |st| st.away_days(guild)).await {
        Ok(days) => days.unwrap_or(crate::discord::game::away::DEFAULT_DAYS),
        Err(e) => return store_failed(ctx, "reading the settings", e).await,
    };
    let away_days = req.away_days.unwrap_or(away_now);
    let shown_pages = |msg: Message, off: bool| {
        let msg = with_away(mine, msg, away_days);
        if served { with_pages(mine, msg, !off) } else { msg }
    };
    let new = match apply_request(mine, current, &req, manager) {
        Ok(None) => {
            let shown = settings_message(mine, &current, server(chosen, locale), false, manager);
            return send(ctx, &with_seasons(mine, shown_pages(shown, pages_off), &seasons), true).await;
        }
        Ok(Some(new)) => new,
        Err(refusal) => return private(ctx, refusal).await,
    };
    let here = ctx.channel_id().get();
    let seasons = match season_settings_after(mine, &seasons, req.time_zone.as_deref(), req.podium, here) {
        Ok(s) => s,
        Err(refusal) => return private(ctx, refusal).await,
    };
    // Checked by `apply_request`: a language asked for is one we speak or `auto`.
    let language = match &req.language {
        Some(typed) => parse_language(mine, typed).unwrap_or(chosen),
        None => chosen,
    };
    let code = language.map(Lang::code);
    let off = req.pages.map_or(pages_off, |on| !on);
    let saved_seasons = seasons.clone();
    let saved = store
        .call(move |s| {
            s.set_guild_settings(guild, &new)?;
            s.set_guild_language(guild, code)?;
            s.set_season_settings(guild, &saved_seasons)?;
            if away_days != away_now {
                s.set_away_days(guild, away_days)?;
            }
            s.set_pages_off(guild, off)
        })
        .await;
    if let Err(e) = saved {
        return store_failed(ctx, "saving the settings", e).await;
    }
    ctx.data().pages.switched(guild, off);
    ctx.data().aways.set_limit(guild, away_days);
    ctx.data().langs.chosen(venue, language);
    ctx.data().settings.remember(venue, Some(new));
    tracing::info!("guild {guild}: settings changed by {} to {new:?}, language {code:?}", ctx.author().id);
    let shown = settings_message(mine, &new, server(language, locale), true, manager);
    send(ctx, &with_seasons(mine, shown_pages(shown, off), &seasons), true).await
}

/// The language of the server's Discord locale (English if we lack it).
fn locale_lang(ctx: Context<'_>) -> Lang {
    let locale = match ctx {
        poise::Context::Application(a) => a.interaction.guild_locale.as_deref(),
        poise::Context::Prefix(_) => None,
    };
    locale.and_then(Lang::from_code).unwrap_or(Lang::EN)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::config::Config;
    use crate::discord::game::ids::{GuildId, Venue};
    use crate::discord::live::defaults::{Known, config_settings, guild_defaults};
    use crate::discord::view::message::check;
    use crate::store::Store;
    use crate::store::StoreHandle;
    use poise::serenity_prelude::Permissions;
    use std::path::PathBuf;

    fn config() -> Config {
        Config {
            token: "t".into(),
            database: PathBuf::from(":memory:").into(),
            dev_guild: None,
            default_variant: Variant::Bell1979,
            turn_timeout: 12 * 3600,
            log_level: "info".into(),
            log_format: Default::default(),
            shards: crate::discord::config::Shards::Auto,
            metrics: None,
            web: None,
            notify_after: crate::discord::config::NOTIFY_AFTER,
            limits: Default::default(),
        }
    }

    fn request(variant: Option<Variant>, timeout: Option<&str>, end: Option<EndPermission>) -> SettingsRequest {
        SettingsRequest {
            variant,
            turn_timeout: timeout.map(str::to_string),
            end_permission: end,
            ..SettingsRequest::default()
        }
    }

    #[test]
    fn only_server_managers_change_settings_and_anyone_may_look() {
        let current = config_settings(&config());
        assert!(may_manage(Some(Permissions::MANAGE_GUILD)) && may_manage(Some(Permissions::ADMINISTRATOR)));
        assert!(!may_manage(Some(Permissions::MANAGE_MESSAGES | Permissions::SEND_MESSAGES)) && !may_manage(None));
        assert_eq!(apply_request(Lang::EN, current, &SettingsRequest::default(), false), Ok(None));
        let change = request(Some(Variant::Francais), None, None);
        let refused = apply_request(Lang::EN, current, &change, false).expect_err("not a manager");
        assert!(refused.contains("Manage Server"), "{refused}");
        let saved = apply_request(Lang::EN, current, &change, true).expect("valid").expect("a change");
        assert_eq!(saved, GuildSettings { default_ruleset: Ruleset::new(Variant::Francais), ..current });
    }

    #[test]
    fn timeouts_are_parsed_with_bounds_and_clear_errors() {
        let current = config_settings(&config());
        let all = request(Some(Variant::TayamSonalu), Some("2d"), Some(EndPermission::Moderators));
        let new = apply_request(Lang::EN, current, &all, true).expect("valid").expect("a change");
        assert_eq!(
            (new.default_ruleset.variant, new.turn_timeout_secs, new.end_permission),
            (Variant::TayamSonalu, 172_800, EndPermission::Moderators)
        );
        for (bad, says) in [("10s", "between 1 minute and 30 days"), ("31d", "30 days"), ("soon", "30m, 24h or 2d")] {
            let e = apply_request(Lang::EN, current, &request(None, Some(bad), None), true).expect_err(bad);
            assert!(e.starts_with("The turn timeout did not work") && e.contains(says), "{bad}: {e}");
        }
        // A refused change changes nothing, even its valid parts.
        assert!(apply_request(Lang::EN, current, &request(Some(Variant::Bell), Some("1w"), None), true).is_err());
    }

    #[test]
    fn the_settings_message_shows_every_value() {
        let s = GuildSettings {
            default_ruleset: Ruleset::new(Variant::Francais),
            turn_timeout_secs: 36 * 3600 + 90,
            end_permission: EndPermission::Moderators,
        };
        for (saved, manager) in [(false, false), (true, true)] {
            let server = ServerLang { lang: Lang::EN, chosen: false };
            let m = settings_message(Lang::EN, &s, server, saved, manager);
            assert_eq!(check(&m), Ok(()));
            assert!(m.mentions.is_empty());
            let e = m.embed.expect("embed");
            let values: Vec<&str> = e.fields.iter().map(|(_, v)| v.as_str()).collect();
            let english = "English (the server's language in Discord)";
            assert_eq!(values, ["francais", "1d 12h 1m 30s", "only moderators (Manage Messages)", english]);
            assert_eq!(e.description.starts_with("Saved."), saved);
            assert_eq!(e.footer.starts_with("Change them"), manager);
        }
        assert_eq!(duration_text(86_400), "1d");
        assert_eq!(duration_text(1800), "30m");
        assert_eq!(duration_text(0), "0s");
    }

    #[test]
    fn a_language_is_asked_by_code_or_name_or_auto() {
        let fr = Lang::from_code("fr").expect("French");
        assert_eq!(parse_language(Lang::EN, "fr"), Ok(Some(fr)));
        assert_eq!(parse_language(Lang::EN, " français "), Ok(Some(fr)));
        assert_eq!(parse_language(Lang::EN, "AUTO"), Ok(None));
        let e = parse_language(fr, "klingon").expect_err("not a language of ours");
        assert!(e.contains("klingon") && e.contains("`ta` (தமிழ்)") && e.starts_with("Il n'y a pas"), "{e}");
        let mut ask = request(None, None, None);
        ask.language = Some("tlh".into());
        assert!(apply_request(Lang::EN, config_settings(&config()), &ask, true).is_err(), "refused as a whole");
        assert!(apply_request(Lang::EN, config_settings(&config()), &ask, false).is_err(), "managers only");
        ask.language = Some("ta".into());
        assert!(matches!(apply_request(Lang::EN, config_settings(&config()), &ask, true), Ok(Some(_))));
        for lang in Lang::all() {
            let chosen = ServerLang { lang, chosen: true };
            let m = settings_message(lang, &config_settings(&config()), chosen, true, true);
            assert_eq!(check(&m), Ok(()));
            assert_eq!(m.embed.expect("embed").fields[3].1, lang.name(), "a chosen language is named as itself");
        }
    }

    #[tokio::test]
    async fn new_games_use_saved_settings_else_the_config() {
        const SEVEN: Venue = Venue::Server(GuildId(7));
        let store = StoreHandle::spawn(Store::open_in_memory().expect("open")).expect("spawn");
        let c = config();
        let known = Known::default();
        let s = guild_defaults(&store, &known, SEVEN, &c).await;
        assert_eq!((s.default_ruleset, s.turn_timeout_secs), (Ruleset::new(Variant::Bell1979), 12 * 3600));
        let saved = GuildSettings {
            default_ruleset: Ruleset::new(Variant::Bell),
            turn_timeout_secs: 300,
            end_permission: EndPermission::Host,
        };
        store.call(move |s| s.set_guild_settings(7, &saved)).await.expect("save");
        let s = guild_defaults(&store, &known, SEVEN, &c).await;
        assert_eq!(s.turn_timeout_secs, 12 * 3600, "remembered: the store is not asked again");
        // What `/thaayam settings` does after saving; saved values win even
        // when they equal the store's own defaults.
        known.remember(SEVEN, Some(saved));
        let s = guild_defaults(&store, &known, SEVEN, &c).await;
        assert_eq!((s.default_ruleset, s.turn_timeout_secs), (Ruleset::new(Variant::Bell), 300));
        let fresh = Known::default();
        assert_eq!(guild_defaults(&store, &fresh, SEVEN, &c).await, saved, "another process reads what was saved");
        assert_eq!(effective_settings(&store, SEVEN, &c).await.expect("read"), saved);
        assert_eq!(
            guild_defaults(&store, &known, Venue::Server(GuildId(8)), &c).await.turn_timeout_secs,
            12 * 3600,
            "other servers keep the config"
        );
    }

    #[test]
    fn only_managers_switch_the_pages_and_the_settings_say_where_they_are() {
        let req = SettingsRequest { pages: Some(false), ..SettingsRequest::default() };
        assert!(!req.is_empty());
        assert!(apply_request(Lang::EN, GuildSettings::default(), &req, false).is_err(), "needs Manage Server");
        assert!(apply_request(Lang::EN, GuildSettings::default(), &req, true).is_ok_and(|s| s.is_some()));
        let server = ServerLang { lang: Lang::EN, chosen: false };
        for lang in Lang::all() {
            let msg = with_pages(lang, settings_message(lang, &GuildSettings::default(), server, true, true), false);
            assert!(check(&msg).is_ok(), "{lang:?}: {:?}", check(&msg));
            let fields = &msg.embed.as_ref().expect("an embed").fields;
            assert_eq!(fields.last().map(|f| f.1.clone()), Some(tr!(lang, "settings-pages-off")));
        }
    }
}
