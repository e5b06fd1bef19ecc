//! What each user asked of the bot for herself (direct messages about
//! her turns). A server's settings are `servers`.

use super::Store;
use super::error::StoreError;
use super::sql::args;

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
}
