//! `/thaayam settings`: a server's settings (`game::server`: the default
//! rules, turn timeout, who may end games, the bot's language, the game
//! pages, the seasons' time zone and podium, the limit on time away, the
//! tournament organisers' role). Anyone may look; changing needs Manage
//! Server. The command reads the options, gets the settings, applies the
//! request, saves and shows them; the words (the refusals and the
//! message) are plain functions, tested without Discord.

use super::answer::{VariantChoice, langs, private, send, store_failed};
use super::notify::Switch;
use crate::discord::game::ids::{ChannelId, RoleId};
use crate::discord::game::server::{LanguageAsked, Refusal, ServerSettings, SettingsRequest, WhoEnds};
use crate::discord::live::access::Where;
use crate::discord::live::ids::venue_of;
use crate::discord::view::lang::{Lang, tr};
use crate::discord::view::message::{Embed, Message};
use crate::discord::view::words::COLOUR;
use crate::discord::{Context, Error};
use crate::engine::Variant;
use poise::serenity_prelude as serenity;

/// Who may end a game early, as offered to admins.
#[derive(Copy, Clone, Debug, poise::ChoiceParameter)]
pub(crate) enum EndChoice {
    #[name = "host: the game's host (and moderators)"]
    Host,
    #[name = "moderators: only members with Manage Messages"]
    Moderators,
}

impl From<EndChoice> for WhoEnds {
    fn from(c: EndChoice) -> WhoEnds {
        match c {
            EndChoice::Host => WhoEnds::Host,
            EndChoice::Moderators => WhoEnds::Moderators,
        }
    }
}

/// A server's language as typed: a code (`fr`) or a name (`Français`) of
/// a language the bot speaks, or `auto` (Discord's preferred locale of
/// the server).
pub(crate) fn language_asked(typed: &str) -> LanguageAsked {
    let trimmed = typed.trim();
    if trimmed.eq_ignore_ascii_case("auto") {
        return LanguageAsked::Auto;
    }
    let by_name = Lang::all().find(|l| l.name().eq_ignore_ascii_case(trimmed));
    match by_name.or_else(|| Lang::from_code(trimmed)) {
        Some(l) => LanguageAsked::Code(l.code().to_string()),
        None => LanguageAsked::Unknown(trimmed.to_string()),
    }
}

/// Why a request changed nothing, in words.
pub(crate) fn refusal_text(lang: Lang, refusal: &Refusal) -> String {
    match refusal {
        Refusal::NotManager => tr!(lang, "settings-not-manager"),
        Refusal::BadTimeout(error) => tr!(lang, "settings-bad-timeout", error = error.as_str()),
        Refusal::LongTimeout(typed) => tr!(lang, "settings-long-timeout", typed = typed.as_str()),
        Refusal::BadLanguage(typed) => {
            let known: Vec<String> = Lang::all().map(|l| format!("`{}` ({})", l.code(), l.name())).collect();
            tr!(lang, "settings-bad-language", typed = typed.as_str(), known = known.join(", "))
        }
        Refusal::BadTimeZone(typed) => tr!(lang, "settings-bad-time-zone", typed = typed.as_str()),
        Refusal::RoleAndClear => tr!(lang, "settings-role-and-clear"),
    }
}

/// Whether these member permissions may change the settings.
pub(crate) fn may_manage(permissions: Option<serenity::Permissions>) -> bool {
    permissions.is_some_and(|p| p.manage_guild() || p.administrator())
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

fn end_text(lang: Lang, who: WhoEnds) -> String {
    match who {
        WhoEnds::Host => tr!(lang, "settings-end-host"),
        WhoEnds::Moderators => tr!(lang, "settings-end-moderators"),
    }
}

/// How the settings are shown: in `lang`, `saved` when they were just
/// changed, to a member who `may_manage` them, with the pages' switch
/// when the bot `serves` pages; `locale` is the server's preferred
/// language in Discord (shown when its admins chose none).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shown {
    pub(crate) lang: Lang,
    pub(crate) locale: Lang,
    pub(crate) saved: bool,
    pub(crate) may_manage: bool,
    pub(crate) serves: bool,
}

/// The settings as shown to the user.
pub(crate) fn settings_message(s: &ServerSettings, how: Shown) -> Message {
    let lang = how.lang;
    let description = if how.saved { tr!(lang, "settings-saved") } else { tr!(lang, "settings-shown") };
    let footer = if how.may_manage { tr!(lang, "settings-footer-manager") } else { tr!(lang, "settings-footer") };
    let language = match s.language.as_deref().and_then(Lang::from_code) {
        Some(chosen) => chosen.name().to_string(),
        None => tr!(lang, "settings-language-auto", name = how.locale.name()),
    };
    let days = s.away_days();
    let away = if days == 0 { tr!(lang, "settings-away-none") } else { tr!(lang, "settings-away-days", days = days) };
    let mut fields = vec![
        (tr!(lang, "settings-rules"), s.rules.ruleset.to_string()),
        (tr!(lang, "settings-timeout"), duration_text(s.rules.turn_timeout_secs)),
        (tr!(lang, "settings-end"), end_text(lang, s.rules.who_ends)),
        (tr!(lang, "settings-language"), language),
        (tr!(lang, "settings-away"), away),
    ];
    if how.serves {
        let pages = if s.pages_on { tr!(lang, "settings-pages-on") } else { tr!(lang, "settings-pages-off") };
        fields.push((tr!(lang, "settings-pages"), pages));
    }
    fields.push((tr!(lang, "settings-time-zone"), s.time_zone.clone()));
    let podium = match s.podium {
        Some(channel) => tr!(lang, "settings-podium-on", channel = format!("<#{channel}>")),
        None => tr!(lang, "settings-podium-off"),
    };
    fields.push((tr!(lang, "settings-podium"), podium));
    let organisers = match s.organisers {
        Some(role) => tr!(lang, "settings-organisers-role", role = role_mention(role)),
        None => tr!(lang, "settings-organisers-none"),
    };
    fields.push((tr!(lang, "settings-organisers"), organisers));
    let embed = Embed { title: tr!(lang, "settings-title"), description, fields, footer, colour: COLOUR };
    Message { embed: Some(embed), ..Message::default() }
}

/// How Discord shows a role in a message (`<@&id>`: its name, no ping
/// where the message allows no role mentions, and none in an embed).
pub(crate) fn role_mention(role: RoleId) -> String {
    format!("<@&{role}>")
}

pub(crate) fn member_permissions(ctx: Context<'_>) -> Option<serenity::Permissions> {
    match ctx {
        poise::Context::Application(a) => a.interaction.member.as_ref().and_then(|m| m.permissions),
        poise::Context::Prefix(_) => None,
    }
}

/// The server's roles the member asking holds, as the interaction's
/// `member.roles` lists them (none outside servers).
pub(crate) fn member_roles(ctx: Context<'_>) -> Vec<RoleId> {
    let poise::Context::Application(a) = ctx else { return Vec::new() };
    a.interaction.member.as_ref().map(|m| m.roles.iter().map(|&r| RoleId::from(r)).collect()).unwrap_or_default()
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
    organiser_role: Option<serenity::Role>,
    clear_organiser_role: Option<bool>,
) -> Result<(), Error> {
    let (_, mine) = langs(ctx).await;
    // A server the bot was not added to (the app installed to a user):
    // its settings would hold for no game, and a limit on time away set
    // there must not stand for anyone's games elsewhere.
    if super::answer::where_asked(ctx) != Where::Server {
        return private(ctx, tr!(mine, "settings-not-in-server")).await;
    }
    let req = SettingsRequest {
        variant: variant.map(Variant::from),
        turn_timeout,
        who_ends: end_permission.map(WhoEnds::from),
        language: language.as_deref().map(language_asked),
        pages: pages.map(|p| p == Switch::On),
        time_zone,
        podium: podium.map(|p| p == Switch::On),
        away_days,
        organisers: organiser_role.map(|r| RoleId::from(r.id)),
        clear_organisers: clear_organiser_role == Some(true),
    };
    let (data, venue) = (ctx.data(), venue_of(ctx.guild_id()));
    let manager = may_manage(member_permissions(ctx));
    let how = Shown {
        lang: mine,
        locale: locale_lang(ctx),
        saved: false,
        may_manage: manager,
        serves: data.config.web.is_some(),
    };
    let current = match data.servers.fresh(&data.store, venue).await {
        Ok(s) => s,
        Err(e) => return store_failed(ctx, "reading the settings", e).await,
    };
    let new = match current.apply(&req, manager, ChannelId::from(ctx.channel_id())) {
        Ok(None) => return send(ctx, &settings_message(&current, how), true).await,
        Ok(Some(new)) => new,
        Err(refusal) => return private(ctx, refusal_text(mine, &refusal)).await,
    };
    if let Err(e) = data.servers.save(&data.store, venue, &new).await {
        return store_failed(ctx, "saving the settings", e).await;
    }
    tracing::info!("{venue:?}: settings changed by {} to {new:?}", ctx.author().id);
    send(ctx, &settings_message(&new, Shown { saved: true, ..how }), true).await
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
#[path = "settings_tests.rs"]
mod tests;
