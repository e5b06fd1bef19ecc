//! Reading games back: the channel's active game, a game with its whole
//! log (replays), every unfinished game with its log (checks of a file:
//! the bot resumes with `live_games`), the games that closed at the end of
//! the previous run, and a channel's history.

use super::Store;
use super::error::{SqlContext, StoreError};
use super::rows::{active_game_id, corrupt, decode_event_row, game_columns, game_from_row, read_game, read_seats};
use super::types::{GameId, GameInfo, GameSummary, Placing, Timestamp};
use crate::engine::{Event, PlayError, Record, Ruleset};
use rusqlite::Connection;

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
        match active_game_id(&self.conn, channel)? {
            Some(id) => read_game(&self.conn, id),
            None => Ok(None),
        }
    }

    /// A game with its log (any state: replays use finished ones).
    pub fn load(&self, id: GameId) -> Result<Option<LoadedGame>, StoreError> {
        let Some(info) = read_game(&self.conn, id)? else { return Ok(None) };
        let events = self.events(id)?;
        Ok(Some(LoadedGame { info, events }))
    }

    /// A game's events in order.
    pub fn events(&self, id: GameId) -> Result<Vec<Event>, StoreError> {
        let mut st = self
            .conn
            .prepare_cached("SELECT v, body FROM events WHERE game_id = ?1 ORDER BY idx")
            .ctx("select events")?;
        let mut rows = st.query([id]).ctx("select events")?;
        let mut out = Vec::new();
        while let Some(r) = rows.next().ctx("select events")? {
            out.push(decode_event_row(id, r)?);
        }
        Ok(out)
    }

    /// Every game in the lobby or in play, with its log, whether or not its
    /// front end ever saved it (a check of the file against what the bot
    /// showed; the bot itself resumes with [`Store::live_games`]). Read in
    /// one transaction (a consistent snapshot).
    pub fn unfinished_games(&self) -> Result<Vec<LoadedGame>, StoreError> {
        let tx = self.conn.unchecked_transaction().ctx("BEGIN read")?;
        let infos = unfinished_infos(&tx)?;
        let mut games = Vec::with_capacity(infos.len());
        for info in infos {
            let events = self.events(info.id)?;
            games.push(LoadedGame { info, events });
        }
        Ok(games)
    }

    /// The games with a board message that closed (finished or abandoned)
    /// at most `window_secs` before the last change of any game, oldest
    /// first: after a crash, the ones whose end may not have been shown.
    pub fn closed_near_last_write(&self, window_secs: u32) -> Result<Vec<GameId>, StoreError> {
        let mut st = self
            .conn
            .prepare_cached(
                "SELECT id FROM games WHERE state IN ('finished', 'abandoned') AND board_message_id IS NOT NULL \
                 AND finished_at >= (SELECT MAX(updated_at) FROM games) - ?1 * 1000 ORDER BY id",
            )
            .ctx("select recently closed games")?;
        let ids = st.query_map([window_secs], |r| r.get(0)).ctx("select recently closed games")?;
        ids.collect::<Result<_, _>>().ctx("select recently closed games")
    }

    /// The ids of every finished or abandoned game, oldest first (`thaayam
    /// check` loads them one at a time).
    pub fn closed_game_ids(&self) -> Result<Vec<GameId>, StoreError> {
        let mut st = self
            .conn
            .prepare_cached("SELECT id FROM games WHERE state IN ('finished', 'abandoned') ORDER BY id")
            .ctx("select closed games")?;
        let ids = st.query_map([], |r| r.get(0)).ctx("select closed games")?;
        ids.collect::<Result<_, _>>().ctx("select closed games")
    }

    /// The channel's most recent finished games, newest first.
    pub fn channel_history(&self, channel: u64, limit: u32) -> Result<Vec<GameSummary>, StoreError> {
        let mut st = self
            .conn
            .prepare_cached(
                "SELECT id, ruleset, finished_at, practice FROM games WHERE channel_id = ?1 AND state = 'finished' \
                 ORDER BY finished_at DESC, id DESC LIMIT ?2",
            )
            .ctx("select history")?;
        let rows: Vec<(GameId, String, Timestamp, bool)> = st
            .query_map(rusqlite::params![channel as i64, limit], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .ctx("select history")?
            .collect::<Result<_, _>>()
            .ctx("select history")?;
        rows.into_iter().map(|(id, ruleset, at, practice)| summary(&self.conn, id, &ruleset, at, practice)).collect()
    }
}

fn summary(
    conn: &Connection,
    id: GameId,
    ruleset: &str,
    finished_at: Timestamp,
    practice: bool,
) -> Result<GameSummary, StoreError> {
    let ruleset: Ruleset = serde_json::from_str(ruleset).map_err(|e| corrupt(Some(id), e))?;
    let mut placings: Vec<Placing> = read_seats(conn, id)?
        .into_iter()
        .map(|s| Placing { seat: s.seat, occupant: s.occupant, place: s.place.unwrap_or(0) })
        .collect();
    placings.sort_by_key(|p| (p.place, p.seat));
    Ok(GameSummary { id, ruleset, finished_at, practice, placings })
}

/// Every game in the lobby or in play, with its seats, oldest first.
fn unfinished_infos(tx: &rusqlite::Connection) -> Result<Vec<GameInfo>, StoreError> {
    let sql = format!("SELECT {} FROM games WHERE state IN {ACTIVE} ORDER BY id", game_columns());
    let mut st = tx.prepare(&sql).ctx("select unfinished games")?;
    let infos: Vec<GameInfo> = st
        .query_map([], game_from_row)
        .ctx("select unfinished games")?
        .map(|r| r.ctx("select unfinished games")?)
        .collect::<Result<_, _>>()?;
    infos
        .into_iter()
        .map(|mut info| {
            info.seats = read_seats(tx, info.id)?;
            Ok(info)
        })
        .collect()
}
