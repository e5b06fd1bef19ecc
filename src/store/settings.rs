//! What each user asked of the bot for herself (direct messages about
//! her turns, the tutor). A server's settings are `servers`.

use super::Store;
use super::error::StoreError;
use super::sql::args;

impl Store {
    /// Whether a user asked for a direct message when her turn waits
    /// (`/thaayam notify`; off until she switches it on).
    pub(crate) fn notify_turns(&self, user: u64) -> Result<bool, StoreError> {
        self.switch(user, Switch::NotifyTurns)
    }

    /// Saves whether a user wants direct messages about her turns.
    pub(crate) fn set_notify_turns(&mut self, user: u64, on: bool) -> Result<(), StoreError> {
        self.set_switch(user, Switch::NotifyTurns, on)
    }

    /// Whether a user asked for the tutor (`/thaayam tutor`; off until she
    /// switches it on).
    pub fn tutor(&self, user: u64) -> Result<bool, StoreError> {
        self.switch(user, Switch::Tutor)
    }

    /// Saves whether a user wants the tutor.
    pub fn set_tutor(&mut self, user: u64, on: bool) -> Result<(), StoreError> {
        self.set_switch(user, Switch::Tutor, on)
    }

    /// One of her switches (off while she has no row).
    fn switch(&self, user: u64, which: Switch) -> Result<bool, StoreError> {
        let (what, sql, _) = which.statements();
        let row = self.read(|db| db.query_opt(what, sql, args![user]))?;
        Ok(row.map(|r| r.get::<i64>(0)).transpose()?.unwrap_or(0) == 1)
    }

    /// Sets one of her switches, leaving the others as they are.
    fn set_switch(&mut self, user: u64, which: Switch, on: bool) -> Result<(), StoreError> {
        let (_, _, (what, sql)) = which.statements();
        self.write(|tx| tx.execute(what, sql, args![user, i64::from(on)]))?;
        Ok(())
    }
}

/// A column of `user_settings` that is on or off.
#[derive(Copy, Clone)]
enum Switch {
    NotifyTurns,
    Tutor,
}

impl Switch {
    /// Its read (name, SQL) and its write (name, SQL).
    fn statements(self) -> (&'static str, &'static str, (&'static str, &'static str)) {
        match self {
            Switch::NotifyTurns => (
                "select user notify",
                "SELECT notify_turns FROM user_settings WHERE user_id = ?1",
                (
                    "save user notify",
                    "INSERT INTO user_settings (user_id, notify_turns) VALUES (?1, ?2) \
                     ON CONFLICT (user_id) DO UPDATE SET notify_turns = excluded.notify_turns",
                ),
            ),
            Switch::Tutor => (
                "select user tutor",
                "SELECT tutor FROM user_settings WHERE user_id = ?1",
                (
                    "save user tutor",
                    "INSERT INTO user_settings (user_id, tutor) VALUES (?1, ?2) \
                     ON CONFLICT (user_id) DO UPDATE SET tutor = excluded.tutor",
                ),
            ),
        }
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
    fn the_tutor_is_off_until_a_user_switches_it_on_and_apart_from_her_direct_messages() {
        let mut store = Store::open_in_memory().expect("open");
        assert!(!store.tutor(5).expect("read"), "off by default");
        store.set_notify_turns(5, true).expect("notify on");
        assert!(!store.tutor(5).expect("read"), "her direct messages are not the tutor");
        store.set_tutor(5, true).expect("on");
        assert!(store.tutor(5).expect("read") && store.notify_turns(5).expect("read"));
        store.set_tutor(6, true).expect("on");
        store.set_tutor(5, false).expect("off");
        assert!(!store.tutor(5).expect("read") && store.notify_turns(5).expect("kept"));
        assert!(store.tutor(6).expect("read"));
    }

    /// A database of the previous release (version 19, before the tutor's
    /// column) opens with its users' settings, and the tutor off for each.
    #[test]
    fn a_database_of_the_previous_release_keeps_its_users_settings_and_reads_the_tutor_off() {
        use crate::store::schema::MIGRATIONS;
        let dir = std::env::temp_dir().join(format!("thaayam-tutor-prev-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("v19.db");
        let _ = std::fs::remove_file(&path);
        {
            let conn = rusqlite::Connection::open(&path).expect("open");
            for sql in &MIGRATIONS[..19] {
                conn.execute_batch(sql).expect("the previous release's schema");
            }
            conn.execute_batch(
                "PRAGMA user_version = 19; PRAGMA application_id = 1414021465;
                 INSERT INTO user_settings (user_id, notify_turns) VALUES (5, 1), (6, 0);",
            )
            .expect("its users");
        }
        let mut store = Store::open(&path).expect("the previous release's database opens");
        assert!(store.notify_turns(5).expect("read") && !store.notify_turns(6).expect("read"));
        assert!(!store.tutor(5).expect("read") && !store.tutor(6).expect("read"), "the tutor off for all");
        store.set_tutor(6, true).expect("writes");
        assert!(store.tutor(6).expect("read") && !store.notify_turns(6).expect("read"));
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
