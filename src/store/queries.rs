//! Reading games back: the channel's active game, a game with its whole
//! log (replays), every unfinished game with its log (checks of a file:
//! the bot resumes with `live_games`), the games that closed at the end of
//! the previous run, and a channel's history.

use super::Store;
use super::error::StoreError;
use super::rows::{active_game_id, corrupt, decode_event_row, game_columns, game_from_row, read_game, read_seats};
use super::sql::{Db, args};
use super::types::{GameId, GameInfo, GameSummary, Placing, Timestamp};
use crate::engine::{Event, PlayError, Record, Ruleset};

/// A game with its whole event log.
#[derive(Clone, Debug)]
pub struct LoadedGame {
    pub info: GameInfo,
    pub events: Vec<Event>,
}

impl LoadedGame {
    /// Rebuilds the game by replaying the log with the engine.
    pub fn replay(&self) -> Result<Record, StoreError> {
        Record::replay(self.info.ruleset, self.info.seat_set(), &self.events)
            .map_err(|(index, e)| self.replay_error(index, e))
    }

    fn replay_error(&self, index: usize, e: PlayError) -> StoreError {
        StoreError::Replay { game: self.info.id, index, reason: e.to_string() }
    }
}

const ACTIVE: &str = "('lobby', 'playing')";

impl Store {
    /// The channel's game in the lobby or in play.
    pub fn active_game(&self, channel: u64) -> Result<Option<GameInfo>, StoreError> {
        self.read(|db| match active_game_id(db, channel)? {
            Some(id) => read_game(db, id),
            None => Ok(None),
        })
    }

    /// A game with its log (any state: replays use finished ones).
    pub fn load(&self, id: GameId) -> Result<Option<LoadedGame>, StoreError> {
        self.read(|db| {
            let Some(info) = read_game(db, id)? else { return Ok(None) };
            let events = events_in(db, id)?;
            Ok(Some(LoadedGame { info, events }))
        })
    }

    /// A game's events in order.
    pub fn events(&self, id: GameId) -> Result<Vec<Event>, StoreError> {
        self.read(|db| events_in(db, id))
    }

    /// Every game in the lobby or in play, with its log, whether or not its
    /// front end ever saved it (a check of the file against what the bot
    /// showed; the bot itself resumes with [`Store::live_games`]). Read in
    /// one transaction (a consistent snapshot).
    pub fn unfinished_games(&self) -> Result<Vec<LoadedGame>, StoreError> {
        self.snapshot(|db| {
            let infos = unfinished_infos(db)?;
            let mut games = Vec::with_capacity(infos.len());
            for info in infos {
                let events = events_in(db, info.id)?;
                games.push(LoadedGame { info, events });
            }
            Ok(games)
        })
    }

    /// The games with a board message that closed (finished or abandoned)
    /// at most `window_secs` before the last change of any game, oldest
    /// first: after a crash, the ones whose end may not have been shown.
    pub fn closed_near_last_write(&self, window_secs: u32) -> Result<Vec<GameId>, StoreError> {
        let rows = self.read(|db| {
            db.query(
                "select recently closed games",
                "SELECT id FROM games WHERE state IN ('finished', 'abandoned') AND board_message_id IS NOT NULL \
                 AND finished_at >= (SELECT MAX(updated_at) FROM games) - ?1 * 1000 ORDER BY id",
                args![i64::from(window_secs)],
            )
        })?;
        rows.iter().map(|r| r.get(0)).collect()
    }

    /// The ids of every finished or abandoned game, oldest first (`thaayam
    /// check` loads them one at a time).
    pub fn closed_game_ids(&self) -> Result<Vec<GameId>, StoreError> {
        let rows = self.read(|db| {
            db.query(
                "select closed games",
                "SELECT id FROM games WHERE state IN ('finished', 'abandoned') ORDER BY id",
                args![],
            )
        })?;
        rows.iter().map(|r| r.get(0)).collect()
    }

    /// The channel's most recent finished games, newest first.
    pub fn channel_history(&self, channel: u64, limit: u32) -> Result<Vec<GameSummary>, StoreError> {
        self.read(|db| {
            let rows = db.query(
                "select history",
                "SELECT id, ruleset, finished_at, practice FROM games WHERE channel_id = ?1 AND state = 'finished' \
                 ORDER BY finished_at DESC, id DESC LIMIT ?2",
                args![channel, limit],
            )?;
            rows.iter().map(|r| summary(db, r.get(0)?, &r.get::<String>(1)?, r.get(2)?, r.get(3)?)).collect()
        })
    }
}

/// A game's events in order.
pub(crate) fn events_in(db: &dyn Db, id: GameId) -> Result<Vec<Event>, StoreError> {
    let rows = db.query("select events", "SELECT v, body FROM events WHERE game_id = ?1 ORDER BY idx", args![id])?;
    rows.iter().map(|r| decode_event_row(id, r)).collect()
}

fn summary(
    db: &dyn Db,
    id: GameId,
    ruleset: &str,
    finished_at: Timestamp,
    practice: bool,
) -> Result<GameSummary, StoreError> {
    let ruleset: Ruleset = serde_json::from_str(ruleset).map_err(|e| corrupt(Some(id), e))?;
    let mut placings: Vec<Placing> = read_seats(db, id)?
        .into_iter()
        .map(|s| Placing { seat: s.seat, occupant: s.occupant, place: s.place.unwrap_or(0) })
        .collect();
    placings.sort_by_key(|p| (p.place, p.seat));
    Ok(GameSummary { id, ruleset, finished_at, practice, placings })
}

/// Every game in the lobby or in play, with its seats, oldest first.
fn unfinished_infos(db: &dyn Db) -> Result<Vec<GameInfo>, StoreError> {
    let sql = format!("SELECT {} FROM games WHERE state IN {ACTIVE} ORDER BY id", game_columns());
    let rows = db.query("select unfinished games", &sql, args![])?;
    rows.iter()
        .map(|r| {
            let mut info = game_from_row(r)?;
            info.seats = read_seats(db, info.id)?;
            Ok(info)
        })
        .collect()
}
