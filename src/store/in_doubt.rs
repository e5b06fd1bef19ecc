//! A save whose answer was lost: the connection to PostgreSQL broke after
//! the save was sent (its one statement, or its COMMIT) and before the
//! server's answer came, as when a cluster's primary dies. The change may
//! or may not be stored. The store then reads the game's counter, state,
//! log length and front-end JSON back, on whichever server is the primary
//! now, and answers from what is stored ([`settle`]): stored as sent, the
//! save succeeded; still at the counter the caller read, nothing was
//! written and the save is sent again (its counter check makes a second
//! application impossible); moved on otherwise, the caller's copy is
//! stale. When the game cannot be read back in time, the answer is
//! [`StoreError::InDoubt`], never a guess.

use super::Store;
use super::error::StoreError;
use super::live::LiveSave;
use super::ratings::RatingChange;
use super::sql::{Db, args};
use super::types::{GameId, GameState};

/// How many times a save whose answer was lost, and which the game's row
/// shows was not applied, is sent again.
const SENT_AGAIN: u32 = 1;

/// What the game's row holds, as read back.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct StoredGame {
    pub(crate) seq: u64,
    pub(crate) state: GameState,
    pub(crate) events: u64,
    pub(crate) live: Option<String>,
}

/// What became of a save whose answer was lost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Settled {
    /// The row holds the change.
    Applied,
    /// The row is as the caller read it: nothing was written.
    NotApplied,
    /// The row moved on to another change (another process).
    MovedOn { current: u64 },
    /// The game is over (or gone) without this change.
    Closed(Option<GameState>),
}

/// The decision, from the save and the row read back (`None`: no such game).
pub(crate) fn settle(save: &LiveSave, stored: Option<&StoredGame>) -> Settled {
    let Some(row) = stored else { return Settled::Closed(None) };
    let events_after = save.first_event + save.events.len() as u64;
    let applied = row.seq == save.seq
        && row.state == save.state
        && row.events == events_after
        && (!save.state.is_active() || row.live.as_deref() == Some(save.live.as_str()));
    if applied {
        return Settled::Applied;
    }
    if !row.state.is_active() {
        return Settled::Closed(Some(row.state));
    }
    if row.seq == save.expected_seq && row.events == save.first_event {
        return Settled::NotApplied;
    }
    Settled::MovedOn { current: row.seq }
}

fn read_back(db: &dyn Db, id: GameId) -> Result<Option<StoredGame>, StoreError> {
    let rows = db.query("read a game back", "SELECT seq, state, events, live FROM games WHERE id = ?1", args![id])?;
    let Some(r) = rows.first() else { return Ok(None) };
    let (seq, state, events): (i64, GameState, i64) = (r.get(0)?, r.get(1)?, r.get(2)?);
    Ok(Some(StoredGame { seq: seq.max(0) as u64, state, events: events.max(0) as u64, live: r.get(3)? }))
}

impl Store {
    /// [`Store::save_live`] with its answer found again when it was lost
    /// (see the module): `save` runs the save once.
    pub(super) fn save_settled(
        &mut self,
        id: GameId,
        save: &LiveSave,
        mut once: impl FnMut(&mut Store) -> Result<Vec<RatingChange>, StoreError>,
    ) -> Result<Vec<RatingChange>, StoreError> {
        let mut sent = 0;
        loop {
            let e = match once(self) {
                Err(e) if self.answer_may_be_lost(&e) => e,
                out => return out,
            };
            let stored = self.read(|db| read_back(db, id)).map_err(|read| StoreError::InDoubt {
                game: id,
                reason: format!("{e}; reading the game back: {read}"),
            })?;
            let settled = settle(save, stored.as_ref());
            tracing::warn!("game {id}: the save's answer was lost ({e}); the game's row says {settled:?}");
            match settled {
                // The rating lines of a finishing save are not read back.
                Settled::Applied => return Ok(Vec::new()),
                Settled::NotApplied if sent < SENT_AGAIN => sent += 1,
                Settled::NotApplied => return Err(e),
                Settled::MovedOn { current } => return Err(StoreError::Stale { current }),
                Settled::Closed(Some(state)) => return Err(StoreError::WrongState { game: id, state }),
                Settled::Closed(None) => return Err(StoreError::NoSuchGame(id)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Event;

    fn save(expected: u64, seq: u64, first_event: u64, events: usize, state: GameState) -> LiveSave {
        LiveSave {
            expected_seq: expected,
            seq,
            state,
            seats: None,
            first_event,
            events: vec![Event::Act { action: crate::engine::Action::Enter }; events],
            deadline: None,
            board: None,
            board_seq: None,
            places: None,
            rated: true,
            names: Vec::new(),
            left_unplayed: Vec::new(),
            live: format!("{{\"seq\":{seq}}}"),
        }
    }

    fn row(seq: u64, state: GameState, events: u64, live: Option<&str>) -> StoredGame {
        StoredGame { seq, state, events, live: live.map(String::from) }
    }

    #[test]
    fn a_row_that_holds_the_change_is_saved_one_as_read_is_not_anything_else_is_stale_or_closed() {
        let s = save(7, 8, 20, 2, GameState::Playing);
        let live = s.live.clone();
        assert_eq!(settle(&s, Some(&row(8, GameState::Playing, 22, Some(&live)))), Settled::Applied);
        assert_eq!(settle(&s, Some(&row(7, GameState::Playing, 20, Some("{\"seq\":7}")))), Settled::NotApplied);
        // Another process saved its own eighth action first.
        let other = row(8, GameState::Playing, 21, Some("{\"other\":1}"));
        assert_eq!(settle(&s, Some(&other)), Settled::MovedOn { current: 8 });
        assert_eq!(settle(&s, Some(&row(9, GameState::Playing, 23, None))), Settled::MovedOn { current: 9 });
        let ended = row(7, GameState::Abandoned, 20, None);
        assert_eq!(settle(&s, Some(&ended)), Settled::Closed(Some(GameState::Abandoned)));
        assert_eq!(settle(&s, None), Settled::Closed(None));
    }

    #[test]
    fn a_change_that_keeps_the_counter_is_told_apart_by_what_it_wrote() {
        // A board message moved: the counter stays, the front end's JSON changes.
        let mut s = save(5, 5, 10, 0, GameState::Playing);
        s.live = "{\"board\":2}".into();
        assert_eq!(settle(&s, Some(&row(5, GameState::Playing, 10, Some("{\"board\":2}")))), Settled::Applied);
        assert_eq!(settle(&s, Some(&row(5, GameState::Playing, 10, Some("{\"board\":1}")))), Settled::NotApplied);
    }

    #[test]
    fn a_finishing_save_is_applied_when_the_game_is_finished_at_its_counter() {
        let s = save(30, 31, 90, 1, GameState::Finished);
        assert_eq!(settle(&s, Some(&row(31, GameState::Finished, 91, None))), Settled::Applied);
        assert_eq!(settle(&s, Some(&row(30, GameState::Playing, 90, Some("{}")))), Settled::NotApplied);
        let abandoned = row(30, GameState::Abandoned, 90, None);
        assert_eq!(settle(&s, Some(&abandoned)), Settled::Closed(Some(GameState::Abandoned)));
    }
}
