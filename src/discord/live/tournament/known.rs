//! What the tournament runner keeps in memory beside the store: which
//! running games are tournament tables (time away does not apply to them,
//! a no-show there is replaced), which tournaments showed their check-in,
//! when a table's game was last tried (a table Discord or the store would
//! not open is tried again every [`OPEN_AGAIN_SECS`], not at every look)
//! and whether its opening message was posted,
//! and the bell that wakes the runner when a game ends. Rebuilt from the
//! store when the runner starts; nothing here must survive a restart.

use crate::discord::game::ids::GameId;
use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, PoisonError};
use tokio::sync::Notify;

/// Where a tournament game sits.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct TableAt {
    pub(crate) tournament: i64,
    pub(crate) round: u32,
    pub(crate) table: u32,
}

/// Seconds between two tries at opening one table's game.
pub(crate) const OPEN_AGAIN_SECS: i64 = 30;

/// The runner's memory (one per bot, in `Data`).
#[derive(Default)]
pub(crate) struct Known {
    tables: Mutex<HashMap<GameId, TableAt>>,
    check_in_shown: Mutex<HashSet<i64>>,
    tried: Mutex<HashMap<(i64, u32, u32), i64>>,
    opened: Mutex<HashSet<(i64, u32, u32)>>,
    bell: Notify,
}

impl Known {
    /// Notes that `game` plays table `at`.
    pub(crate) fn add(&self, game: GameId, at: TableAt) {
        self.tables.lock().unwrap_or_else(PoisonError::into_inner).insert(game, at);
    }

    /// The table `game` plays, if it is a tournament's.
    pub(crate) fn table_of(&self, game: GameId) -> Option<TableAt> {
        self.tables.lock().unwrap_or_else(PoisonError::into_inner).get(&game).copied()
    }

    /// Whether `game` is a tournament's table.
    pub(crate) fn holds(&self, game: GameId) -> bool {
        self.table_of(game).is_some()
    }

    /// Forgets a table whose result is written.
    pub(crate) fn forget(&self, game: GameId) {
        self.tables.lock().unwrap_or_else(PoisonError::into_inner).remove(&game);
    }

    /// Whether this process showed tournament `id`'s check-in.
    pub(crate) fn check_in_shown(&self, id: i64) -> bool {
        self.check_in_shown.lock().unwrap_or_else(PoisonError::into_inner).contains(&id)
    }

    pub(crate) fn show_check_in(&self, id: i64) {
        self.check_in_shown.lock().unwrap_or_else(PoisonError::into_inner).insert(id);
    }

    /// Whether to try opening table `at`'s game at `now` (never tried, or
    /// [`OPEN_AGAIN_SECS`] since the last try); a yes counts as a try.
    pub(crate) fn may_try_opening(&self, at: TableAt, now: i64) -> bool {
        let mut tried = self.tried.lock().unwrap_or_else(PoisonError::into_inner);
        let key = (at.tournament, at.round, at.table);
        if tried.get(&key).is_some_and(|&last| now - last < OPEN_AGAIN_SECS) {
            return false;
        }
        tried.insert(key, now);
        true
    }

    /// Whether table `at`'s opening message is still to post (the first
    /// ask says yes): a table tried again after a refusal does not post
    /// it twice (a restart may post it once more).
    pub(crate) fn first_opening(&self, at: TableAt) -> bool {
        self.opened.lock().unwrap_or_else(PoisonError::into_inner).insert((at.tournament, at.round, at.table))
    }

    /// A tournament game ended (or anything the runner should look at now).
    pub(crate) fn ring(&self) {
        self.bell.notify_one();
    }

    /// Waits for [`Known::ring`] (a ring before the wait counts).
    pub(crate) async fn rung(&self) {
        self.bell.notified().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_known_until_forgotten() {
        let k = Known::default();
        let at = TableAt { tournament: 1, round: 2, table: 3 };
        assert!(!k.holds(GameId(9)));
        k.add(GameId(9), at);
        assert_eq!(k.table_of(GameId(9)), Some(at));
        k.forget(GameId(9));
        assert!(!k.holds(GameId(9)));
        assert!(!k.check_in_shown(1));
        k.show_check_in(1);
        assert!(k.check_in_shown(1));
    }

    #[test]
    fn a_table_is_tried_at_once_then_every_thirty_seconds() {
        let k = Known::default();
        let at = TableAt { tournament: 1, round: 2, table: 3 };
        assert!(k.may_try_opening(at, 100));
        assert!(!k.may_try_opening(at, 100 + OPEN_AGAIN_SECS - 1));
        assert!(k.may_try_opening(TableAt { table: 4, ..at }, 101), "another table is its own");
        assert!(k.may_try_opening(at, 100 + OPEN_AGAIN_SECS));
        assert!(k.first_opening(at), "its opening is posted once");
        assert!(!k.first_opening(at));
        assert!(k.first_opening(TableAt { table: 4, ..at }));
    }
}
