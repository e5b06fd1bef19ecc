//! A server as one noun: its settings ([`ServerSettings`]: the rules its
//! new games start with, its language, its game pages, its seasons' zone
//! and podium, its limit on time away, its tournament organisers' role),
//! what an admin's `/thaayam settings` does to them
//! ([`ServerSettings::apply`]: the new settings, or why not) and who may
//! organise its tournaments ([`ServerSettings::may_organise`]). Pure: the store keeps them as one row
//! (`store::servers`), `live::servers` caches them, the command shows them.
//!
//! A new setting is a field here (with its part of [`SettingsRequest`] and
//! of `apply`), its migration pair, and its words.

use super::away::DEFAULT_DAYS;
use super::ids::{ChannelId, RoleId};
use crate::engine::{Ruleset, Variant};

/// Who may end a game early.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) enum WhoEnds {
    /// The game's host (and moderators, who can always clean up their channel).
    #[default]
    Host,
    /// Only members with Manage Messages.
    Moderators,
}

/// The rules a server's new games start with.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct GameRules {
    pub(crate) ruleset: Ruleset,
    pub(crate) turn_timeout_secs: u32,
    pub(crate) who_ends: WhoEnds,
}

/// A server's settings (outside servers, and where its admins never saved
/// any: [`ServerSettings::new`] with the bot's configured rules).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ServerSettings {
    /// The rules a new game starts with.
    pub(crate) rules: GameRules,
    /// The code of the language its admins chose (`None`: Discord's
    /// preferred locale of the server).
    pub(crate) language: Option<String>,
    /// Its games have public pages (where the bot serves them).
    pub(crate) pages_on: bool,
    /// Its seasons' time zone, an IANA name.
    pub(crate) time_zone: String,
    /// Where its monthly podium is posted (`None`: not posted).
    pub(crate) podium: Option<ChannelId>,
    /// Days a player may be away in any 30, as its admins set it (`None`:
    /// the default, [`DEFAULT_DAYS`], whatever it becomes).
    pub(crate) away_limit: Option<u32>,
    /// The role whose members may organise its tournaments besides those
    /// with Manage Server (`None`: Manage Server only).
    pub(crate) organisers: Option<RoleId>,
}

impl ServerSettings {
    /// The settings of a server that never saved any: `rules` (the bot's
    /// configured defaults), its locale's language, pages on, UTC, no
    /// podium, the default time away, no organisers' role.
    pub(crate) fn new(rules: GameRules) -> ServerSettings {
        ServerSettings {
            rules,
            language: None,
            pages_on: true,
            time_zone: "UTC".into(),
            podium: None,
            away_limit: None,
            organisers: None,
        }
    }

    /// Days a player may be away in any 30 here (0: not allowed).
    pub(crate) fn away_days(&self) -> u32 {
        self.away_limit.unwrap_or(DEFAULT_DAYS)
    }

    /// Whether a member may organise tournaments here (set one up, cancel
    /// any): she `manages` the server (Manage Server or Administrator), or
    /// her `roles` hold the server's organisers' role.
    pub(crate) fn may_organise(&self, manages: bool, roles: &[RoleId]) -> bool {
        manages || self.organisers.is_some_and(|role| roles.contains(&role))
    }
}

/// A language asked for, as the words read what was typed (a code, a
/// name, or `auto`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum LanguageAsked {
    /// Back to Discord's preferred locale of the server.
    Auto,
    /// A language the bot speaks, by its code.
    Code(String),
    /// Not a language the bot speaks (as typed).
    Unknown(String),
}

/// What an admin asked to change (all `None`: just show the settings).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct SettingsRequest {
    pub(crate) variant: Option<Variant>,
    /// As typed, like `30m`, `12h`, `2d`.
    pub(crate) turn_timeout: Option<String>,
    pub(crate) who_ends: Option<WhoEnds>,
    pub(crate) language: Option<LanguageAsked>,
    /// The server's game pages on (`true`) or off.
    pub(crate) pages: Option<bool>,
    /// The seasons' time zone as typed (an IANA name).
    pub(crate) time_zone: Option<String>,
    /// The monthly podium posted in the channel asked in (`true`) or not.
    pub(crate) podium: Option<bool>,
    /// Days a player may be away in any 30 (0: not allowed).
    pub(crate) away_days: Option<u32>,
    /// The tournament organisers' role named.
    pub(crate) organisers: Option<RoleId>,
    /// The tournament organisers' role cleared (Manage Server only again).
    pub(crate) clear_organisers: bool,
}

impl SettingsRequest {
    /// Nothing asked: the settings are shown.
    pub(crate) fn is_empty(&self) -> bool {
        *self == SettingsRequest::default()
    }
}

/// Why a request changes nothing (the first reason found, in this order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// Changing needs Manage Server.
    NotManager,
    /// The turn timeout is not a duration of 1 minute to 30 days (why).
    BadTimeout(String),
    /// The turn timeout (as typed) does not fit.
    LongTimeout(String),
    /// No language of the bot's (as typed).
    BadLanguage(String),
    /// Not a time zone (as typed, trimmed).
    BadTimeZone(String),
    /// The organisers' role both named and cleared.
    RoleAndClear,
}

impl ServerSettings {
    /// The settings after `req`, asked in channel `here` (where a podium
    /// switched on is posted) by a member who `may_manage` the server:
    /// `Ok(None)` when nothing was asked (show them), else the new
    /// settings or why not (a refused request changes nothing, not even
    /// its valid parts).
    pub(crate) fn apply(
        &self,
        req: &SettingsRequest,
        may_manage: bool,
        here: ChannelId,
    ) -> Result<Option<ServerSettings>, Refusal> {
        if req.is_empty() {
            return Ok(None);
        }
        if !may_manage {
            return Err(Refusal::NotManager);
        }
        let mut new = self.clone();
        if let Some(v) = req.variant {
            new.rules.ruleset = Ruleset::new(v);
        }
        if let Some(typed) = &req.turn_timeout {
            let secs = crate::discord::config::parse_duration(typed).map_err(Refusal::BadTimeout)?;
            new.rules.turn_timeout_secs = u32::try_from(secs).map_err(|_| Refusal::LongTimeout(typed.clone()))?;
        }
        match &req.language {
            Some(LanguageAsked::Unknown(typed)) => return Err(Refusal::BadLanguage(typed.clone())),
            Some(LanguageAsked::Code(code)) => new.language = Some(code.clone()),
            Some(LanguageAsked::Auto) => new.language = None,
            None => {}
        }
        if let Some(who) = req.who_ends {
            new.rules.who_ends = who;
        }
        if let Some(typed) = &req.time_zone {
            let zone = super::season::zone(typed).ok_or_else(|| Refusal::BadTimeZone(typed.trim().to_string()))?;
            new.time_zone = zone.name().to_string();
        }
        if let Some(on) = req.podium {
            new.podium = on.then_some(here);
        }
        if let Some(on) = req.pages {
            new.pages_on = on;
        }
        // A limit equal to the one in force is not written: a server that
        // never chose keeps following the default.
        if let Some(days) = req.away_days.filter(|&d| d != self.away_days()) {
            new.away_limit = Some(days);
        }
        match (req.organisers, req.clear_organisers) {
            (Some(_), true) => return Err(Refusal::RoleAndClear),
            (Some(role), false) => new.organisers = Some(role),
            (None, true) => new.organisers = None,
            (None, false) => {}
        }
        Ok(Some(new))
    }
}

#[cfg(test)]
#[path = "server_tests.rs"]
mod tests;
