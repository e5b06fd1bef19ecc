//! Guild settings: the default rules, the turn timeout, who may end a
//! game and the bot's language, as a server's admins saved them; and
//! what each user asked for herself (direct messages about her turns).

use super::Store;
use super::error::StoreError;
use super::rows::corrupt;
use super::sql::args;
use super::types::{EndPermission, GuildSettings};

impl Store {
    /// A guild's settings (the defaults if never set).
    pub fn guild_settings(&self, guild: u64) -> Result<GuildSettings, StoreError> {
        Ok(self.saved_guild_settings(guild)?.unwrap_or_default())
    }

    /// A guild's settings if an admin ever saved them (`None`: the bot's
    /// configured defaults apply).
    pub(crate) fn saved_guild_settings(&self, guild: u64) -> Result<Option<GuildSettings>, StoreError> {
        let row = self.read(|db| {
            db.query_opt(
                "select guild settings",
                "SELECT default_ruleset, turn_timeout_secs, end_permission FROM guild_settings WHERE guild_id = ?1",
                args![guild],
            )
        })?;
        let Some(row) = row else { return Ok(None) };
        let (ruleset, turn_timeout_secs, end_permission): (String, u32, EndPermission) =
            (row.get(0)?, row.get(1)?, row.get(2)?);
        let default_ruleset = serde_json::from_str(&ruleset).map_err(|e| corrupt(None, e))?;
        Ok(Some(GuildSettings { default_ruleset, turn_timeout_secs, end_permission }))
    }

    pub fn set_guild_settings(&mut self, guild: u64, settings: &GuildSettings) -> Result<(), StoreError> {
        let ruleset = serde_json::to_string(&settings.default_ruleset).map_err(|e| corrupt(None, e))?;
        self.write(|tx| {
            tx.execute(
                "save guild settings",
                "INSERT INTO guild_settings (guild_id, default_ruleset, turn_timeout_secs, end_permission) \
                 VALUES (?1, ?2, ?3, ?4) ON CONFLICT (guild_id) DO UPDATE SET \
                 default_ruleset = excluded.default_ruleset, turn_timeout_secs = excluded.turn_timeout_secs, \
                 end_permission = excluded.end_permission",
                args![guild, ruleset.as_str(), settings.turn_timeout_secs.max(1), settings.end_permission],
            )
        })?;
        Ok(())
    }

    /// The language code a server's admins chose, if any.
    pub(crate) fn guild_language(&self, guild: u64) -> Result<Option<String>, StoreError> {
        let row = self.read(|db| {
            db.query_opt(
                "select guild language",
                "SELECT language FROM guild_languages WHERE guild_id = ?1",
                args![guild],
            )
        })?;
        row.map(|r| r.get(0)).transpose()
    }

    /// Saves a server's language code (`None`: back to Discord's preferred locale).
    pub(crate) fn set_guild_language(&mut self, guild: u64, language: Option<&str>) -> Result<(), StoreError> {
        self.write(|tx| match language {
            Some(code) => tx.execute(
                "save guild language",
                "INSERT INTO guild_languages (guild_id, language) VALUES (?1, ?2) \
                 ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
                args![guild, code],
            ),
            None => tx.execute("save guild language", "DELETE FROM guild_languages WHERE guild_id = ?1", args![guild]),
        })?;
        Ok(())
    }
}

impl Store {
    /// Whether a user asked for a direct message when her turn waits
    /// (`/thaayam notify`; off until she switches it on).
    pub(crate) fn notify_turns(&self, user: u64) -> Result<bool, StoreError> {
        let row = self.read(|db| {
            db.query_opt("select user notify", "SELECT notify_turns FROM user_settings WHERE user_id = ?1", args![user])
        })?;
        Ok(row.map(|r| r.get::<i64>(0)).transpose()?.unwrap_or(0) == 1)
    }

    /// Saves whether a user wants direct messages about her turns.
    pub(crate) fn set_notify_turns(&mut self, user: u64, on: bool) -> Result<(), StoreError> {
        self.write(|tx| {
            tx.execute(
                "save user notify",
                "INSERT INTO user_settings (user_id, notify_turns) VALUES (?1, ?2) \
                 ON CONFLICT (user_id) DO UPDATE SET notify_turns = excluded.notify_turns",
                args![user, i64::from(on)],
            )
        })?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn direct_messages_about_turns_are_off_until_a_user_switches_them_on() {
        let mut store = Store::open_in_memory().expect("open");
        assert!(!store.notify_turns(5).expect("read"), "off by default");
        store.set_notify_turns(5, true).expect("on");
        store.set_notify_turns(6, false).expect("off");
        assert!(store.notify_turns(5).expect("read"));
        assert!(!store.notify_turns(6).expect("read"));
        store.set_notify_turns(5, false).expect("off again");
        assert!(!store.notify_turns(5).expect("read"));
    }

    #[test]
    fn a_language_is_saved_per_server_and_can_be_cleared() {
        let mut store = Store::open_in_memory().expect("open");
        assert_eq!(store.guild_language(1).expect("read"), None);
        store.set_guild_language(1, Some("ta")).expect("save");
        store.set_guild_language(2, Some("fr")).expect("save");
        store.set_guild_language(1, Some("fr")).expect("change");
        assert_eq!(store.guild_language(1).expect("read").as_deref(), Some("fr"));
        store.set_guild_settings(1, &GuildSettings::default()).expect("other settings");
        assert_eq!(store.guild_language(1).expect("read").as_deref(), Some("fr"), "kept by other settings");
        store.set_guild_language(1, None).expect("clear");
        assert_eq!(store.guild_language(1).expect("read"), None);
        assert_eq!(store.guild_language(2).expect("read").as_deref(), Some("fr"));
    }
}
