//! A server's settings as its admins saved them, one row of `servers`
//! ([`SavedServer`]: the rules new games start with, the language, the
//! game pages' switch, the seasons' zone and podium, the limit on time
//! away, the tournament organisers' role), read in one statement and written in one transaction; and the
//! servers whose monthly podium is posted.
//!
//! Until migration 16 (PostgreSQL 9) these were five tables
//! (`guild_settings`, `guild_languages`, `pages_off`, `guild_seasons`,
//! `away_limits`); the migration folds their rows into this one and drops
//! them. A column that is NULL was never set: the bot's own default
//! applies (the configured rules, Discord's locale, the default time away,
//! no organisers' role: Manage Server only). The organisers' role came
//! with migration 21 (PostgreSQL 14): rows saved before read as none.

use super::Store;
use super::error::StoreError;
use super::rows::corrupt;
use super::sql::{Row, args};
use super::types::GuildSettings;

/// One server's saved settings (a server with no row reads as
/// [`SavedServer::default`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedServer {
    /// The rules its new games start with (`None`: the bot's configured defaults).
    pub rules: Option<GuildSettings>,
    /// A language code like `fr` (`None`: Discord's preferred locale of the server).
    pub language: Option<String>,
    /// Its games' public pages are switched off.
    pub pages_off: bool,
    /// Its seasons' time zone, an IANA name (`UTC` unless chosen).
    pub time_zone: String,
    /// Where its monthly podium is posted (`None`: not posted).
    pub podium_channel: Option<u64>,
    /// Days a player may be away in any 30 (`None`: the default).
    pub away_days: Option<u32>,
    /// The role whose members may organise tournaments besides those with
    /// Manage Server (`None`: none named).
    pub organiser_role: Option<u64>,
}

impl Default for SavedServer {
    fn default() -> SavedServer {
        SavedServer {
            rules: None,
            language: None,
            pages_off: false,
            time_zone: "UTC".into(),
            podium_channel: None,
            away_days: None,
            organiser_role: None,
        }
    }
}

/// The columns of a server's row, as `server` reads them and `save_server` writes them.
const COLUMNS: &str = "default_ruleset, turn_timeout_secs, end_permission, language, pages_off, time_zone, \
     podium_channel, away_days, organiser_role";

fn from_row(r: &Row) -> Result<SavedServer, StoreError> {
    let ruleset: Option<String> = r.named("default_ruleset")?;
    let rules = match ruleset {
        Some(json) => Some(GuildSettings {
            default_ruleset: serde_json::from_str(&json).map_err(|e| corrupt(None, e))?,
            turn_timeout_secs: r.named("turn_timeout_secs")?,
            end_permission: r.named("end_permission")?,
        }),
        None => None,
    };
    Ok(SavedServer {
        rules,
        language: r.named("language")?,
        pages_off: r.named("pages_off")?,
        time_zone: r.named("time_zone")?,
        podium_channel: r.named("podium_channel")?,
        away_days: r.named("away_days")?,
        organiser_role: r.named("organiser_role")?,
    })
}

impl Store {
    /// A server's saved settings (the defaults if it never saved any).
    pub fn server(&self, guild: u64) -> Result<SavedServer, StoreError> {
        let sql = format!("SELECT {COLUMNS} FROM servers WHERE guild_id = ?1");
        let row = self.read(|db| db.query_opt("read a server's settings", &sql, args![guild]))?;
        row.map_or_else(|| Ok(SavedServer::default()), |r| from_row(&r))
    }

    /// Saves all of a server's settings at once (one statement in one
    /// transaction: another process reads the old row or the new one).
    pub fn save_server(&mut self, guild: u64, s: &SavedServer) -> Result<(), StoreError> {
        let ruleset = match &s.rules {
            Some(r) => Some(serde_json::to_string(&r.default_ruleset).map_err(|e| corrupt(None, e))?),
            None => None,
        };
        let timeout = s.rules.map(|r| r.turn_timeout_secs.max(1));
        let end = s.rules.map(|r| r.end_permission);
        let updates: Vec<String> = COLUMNS.split(", ").map(|c| format!("{c} = excluded.{c}")).collect();
        let sql = format!(
            "INSERT INTO servers (guild_id, {COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) \
             ON CONFLICT (guild_id) DO UPDATE SET {}",
            updates.join(", ")
        );
        self.write(|tx| {
            tx.execute(
                "save a server's settings",
                &sql,
                args![
                    guild,
                    ruleset.as_deref(),
                    timeout,
                    end,
                    s.language.as_deref(),
                    s.pages_off,
                    s.time_zone.as_str(),
                    s.podium_channel,
                    s.away_days,
                    s.organiser_role
                ],
            )
        })?;
        Ok(())
    }

    /// The servers whose podium is posted: (guild, time zone, channel).
    pub fn podium_servers(&self) -> Result<Vec<(u64, String, u64)>, StoreError> {
        let rows = self.read(|db| {
            db.query(
                "select podium servers",
                "SELECT guild_id, time_zone, podium_channel FROM servers WHERE podium_channel IS NOT NULL \
                 ORDER BY guild_id",
                args![],
            )
        })?;
        rows.iter().map(|r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))).collect()
    }
}

#[cfg(test)]
#[path = "servers_tests.rs"]
mod tests;
