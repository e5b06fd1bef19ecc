//! Resume snapshots: the position at the start of a series, in TPN, with
//! the number of events it follows. Start-up rebuilds each unfinished game
//! from its snapshot plus the events after it instead of the whole log.
//!
//! A snapshot is only written when it reproduces the game exactly
//! (`Game::from_position(parse_tpn(tpn))` equals the game), which holds at series
//! starts; the log stays the source of truth ([`super::LoadedGame::replay`]
//! replays it whole, and resuming falls back to it without a snapshot).

use super::Store;
use super::error::{SqlContext, StoreError};
use super::games::{corrupt, decode_event_row};
use super::types::{GameId, GameInfo};
use crate::engine::{Event, Game, MoveGen, format_tpn, parse_tpn};
use rusqlite::{Connection, OptionalExtension, params};

/// An unfinished game rebuilt for play.
#[derive(Debug)]
pub struct ResumedGame {
    pub info: GameInfo,
    /// The current game, or why it could not be rebuilt.
    pub game: Result<Game, StoreError>,
}

/// Saves `game` as the snapshot after the game's current last event, if
/// it is a series start that TPN reproduces exactly.
pub(crate) fn save(tx: &Connection, id: GameId, game: &Game) -> Result<(), StoreError> {
    if !game.wants_throw() || !game.position().throws().is_empty() {
        return Ok(());
    }
    let tpn = format_tpn(game.position(), true);
    let exact = parse_tpn(&tpn).is_ok_and(|pos| Game::from_position(pos) == *game);
    if !exact {
        return Ok(());
    }
    tx.prepare_cached(
        "INSERT OR REPLACE INTO snapshots (game_id, idx, tpn) SELECT id, events, ?2 FROM games WHERE id = ?1",
    )
    .and_then(|mut st| st.execute(params![id, tpn]))
    .ctx("save snapshot")?;
    Ok(())
}

impl Store {
    /// Every game in the lobby or in play, rebuilt from its snapshot and
    /// the events after it (or the whole log without one): the start-up
    /// path. Read in one transaction.
    pub fn resume_games(&self) -> Result<Vec<ResumedGame>, StoreError> {
        let tx = self.conn.unchecked_transaction().ctx("BEGIN read")?;
        let infos = super::queries::unfinished_infos(&tx)?;
        let mut mg = MoveGen::new();
        let mut out = Vec::with_capacity(infos.len());
        for info in infos {
            let game = rebuild(&tx, &info, &mut mg);
            out.push(ResumedGame { info, game });
        }
        Ok(out)
    }
}

fn rebuild(tx: &Connection, info: &GameInfo, mg: &mut MoveGen) -> Result<Game, StoreError> {
    let snap: Option<(i64, String)> = tx
        .prepare_cached("SELECT idx, tpn FROM snapshots WHERE game_id = ?1")
        .and_then(|mut st| st.query_row([info.id], |r| Ok((r.get(0)?, r.get(1)?))).optional())
        .ctx("select snapshot")?;
    let (from, mut game) = match snap {
        Some((idx, tpn)) => {
            let pos = parse_tpn(&tpn).map_err(|e| corrupt(Some(info.id), format!("snapshot `{tpn}`: {e}")))?;
            (idx, Game::from_position(pos))
        }
        None => (0, Game::new(info.ruleset, info.seat_set())),
    };
    let mut st = tx
        .prepare_cached("SELECT v, body FROM events WHERE game_id = ?1 AND idx >= ?2 ORDER BY idx")
        .ctx("select events")?;
    let mut rows = st.query(params![info.id, from]).ctx("select events")?;
    let mut index = from.max(0) as usize;
    while let Some(r) = rows.next().ctx("select events")? {
        let event = decode_event_row(info.id, r)?;
        let applied = match event {
            Event::Throw { t } => game.throw(t),
            Event::Act { action } => game.act(action, mg),
        };
        applied.map_err(|e| StoreError::Replay { game: info.id, index, reason: e.to_string() })?;
        index += 1;
    }
    Ok(game)
}
