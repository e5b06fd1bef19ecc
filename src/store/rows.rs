//! Row helpers shared by the store's modules: the write transaction and
//! the optimistic check of a game's counter, the game and seat rows and
//! their mapping to [`GameInfo`], appending to the event log and decoding
//! it, and the error for damaged data.

use super::error::{SqlContext, StoreError};
use super::types::{GameId, GameInfo, GameState, Occupant, SeatRecord, Timestamp};
use crate::engine::{Event, Ruleset, Seat};
use rusqlite::{Connection, OptionalExtension, Row, Transaction, TransactionBehavior, params};

/// The version tag of the event encoding written today (engine JSON).
const EVENT_V1: i64 = 1;

const GAME_COLUMNS: &str = "id, guild_id, channel_id, board_message_id, board_posted_at, host_id, ruleset, \
    max_players, state, created_at, updated_at, finished_at, turn_timeout_secs, seq, commitment, seed, \
    throws_drawn, deadline, events, practice, dice";

/// `BEGIN IMMEDIATE`: the write lock before anything is read.
pub(crate) fn begin(conn: &mut Connection) -> Result<Transaction<'_>, StoreError> {
    conn.transaction_with_behavior(TransactionBehavior::Immediate).ctx("BEGIN IMMEDIATE")
}

pub(crate) fn active_game_id(conn: &Connection, channel: u64) -> Result<Option<GameId>, StoreError> {
    conn.prepare_cached("SELECT id FROM games WHERE channel_id = ?1 AND state IN ('lobby', 'playing')")
        .and_then(|mut st| st.query_row([channel as i64], |r| r.get(0)).optional())
        .ctx("select active game")
}

/// Checks the game exists, is in an allowed state and (if given) still at
/// `expected` seq. Call inside an immediate transaction.
pub(crate) fn lock_game(
    tx: &Connection,
    id: GameId,
    expected: Option<u64>,
    allowed: &[GameState],
) -> Result<GameState, StoreError> {
    let row: Option<(i64, GameState)> = tx
        .prepare_cached("SELECT seq, state FROM games WHERE id = ?1")
        .and_then(|mut st| st.query_row([id], |r| Ok((r.get(0)?, r.get(1)?))).optional())
        .ctx("select seq")?;
    let (seq, state) = row.ok_or(StoreError::NoSuchGame(id))?;
    if !allowed.contains(&state) {
        return Err(StoreError::WrongState { game: id, state });
    }
    let current = seq.max(0) as u64;
    match expected {
        Some(e) if e != current => Err(StoreError::Stale { current }),
        _ => Ok(state),
    }
}

/// Adds one to the action counter; returns the new value.
pub(crate) fn bump(tx: &Connection, id: GameId, now: Timestamp) -> Result<u64, StoreError> {
    let seq: i64 = tx
        .prepare_cached("UPDATE games SET seq = seq + 1, updated_at = ?2 WHERE id = ?1 RETURNING seq")
        .and_then(|mut st| st.query_row(params![id, now], |r| r.get(0)))
        .ctx("bump seq")?;
    Ok(seq.max(0) as u64)
}

/// Appends `events` to the game's log after the ones stored, counting
/// them and the throws among them in the game's row.
pub(crate) fn append_events(tx: &Connection, id: GameId, events: &[Event]) -> Result<(), StoreError> {
    let throws = events.iter().filter(|e| matches!(e, Event::Throw { .. })).count() as i64;
    let end: i64 = tx
        .prepare_cached(
            "UPDATE games SET events = events + ?2, throws_drawn = throws_drawn + ?3 WHERE id = ?1 RETURNING events",
        )
        .and_then(|mut st| st.query_row(params![id, events.len() as i64, throws], |r| r.get(0)))
        .ctx("count events")?;
    let mut insert =
        tx.prepare_cached("INSERT INTO events (game_id, idx, v, body) VALUES (?1, ?2, ?3, ?4)").ctx("insert event")?;
    let first = end - events.len() as i64;
    for (i, event) in events.iter().enumerate() {
        let body = serde_json::to_string(event).map_err(|e| corrupt(Some(id), e))?;
        insert.execute(params![id, first + i as i64, EVENT_V1, body]).ctx("insert event")?;
    }
    Ok(())
}

/// Reads a game and its seats.
pub(crate) fn read_game(conn: &Connection, id: GameId) -> Result<Option<GameInfo>, StoreError> {
    let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1");
    let game =
        conn.prepare_cached(&sql).and_then(|mut st| st.query_row([id], game_from_row).optional()).ctx("select game")?;
    let Some(game) = game else { return Ok(None) };
    let mut game = game?;
    game.seats = read_seats(conn, id)?;
    Ok(Some(game))
}

pub(crate) fn game_columns() -> &'static str {
    GAME_COLUMNS
}

/// A `games` row (selected with [`game_columns`]) without its seats.
pub(crate) fn game_from_row(r: &Row<'_>) -> rusqlite::Result<Result<GameInfo, StoreError>> {
    let id: GameId = r.get(0)?;
    let ruleset: String = r.get(6)?;
    let state: GameState = r.get(8)?;
    let seed: Vec<u8> = r.get(15)?;
    let ruleset = match serde_json::from_str::<Ruleset>(&ruleset) {
        Ok(rs) => rs,
        Err(e) => return Ok(Err(corrupt(Some(id), e))),
    };
    let dice = match crate::dice::Derivation::from_number(r.get(20)?) {
        Some(d) => d,
        None => return Ok(Err(corrupt(Some(id), "an unknown dice derivation"))),
    };
    let revealed_seed = match state.is_active() {
        true => None,
        false => to_seed(Some(id), &seed).ok(),
    };
    Ok(Ok(GameInfo {
        id,
        guild: r.get::<_, i64>(1)? as u64,
        channel: r.get::<_, i64>(2)? as u64,
        board_message: r.get::<_, Option<i64>>(3)?.map(|m| m as u64),
        board_posted_at: r.get(4)?,
        host: r.get::<_, i64>(5)? as u64,
        ruleset,
        max_players: r.get(7)?,
        state,
        created_at: r.get(9)?,
        updated_at: r.get(10)?,
        finished_at: r.get(11)?,
        turn_timeout_secs: r.get(12)?,
        seq: r.get::<_, i64>(13)?.max(0) as u64,
        commitment: r.get(14)?,
        revealed_seed,
        throws_drawn: r.get::<_, i64>(16)?.max(0) as u64,
        deadline: r.get(17)?,
        events: r.get::<_, i64>(18)?.max(0) as u64,
        practice: r.get(19)?,
        dice,
        seats: Vec::new(),
    }))
}

pub(crate) fn read_seats(conn: &Connection, id: GameId) -> Result<Vec<SeatRecord>, StoreError> {
    let mut st = conn
        .prepare_cached("SELECT seat, user_id, computer, joined_at, place FROM seats WHERE game_id = ?1 ORDER BY seat")
        .ctx("select seats")?;
    let rows = st.query_map([id], seat_from_row).ctx("select seats")?;
    rows.map(|r| r.ctx("select seats")?).collect()
}

fn seat_from_row(r: &Row<'_>) -> rusqlite::Result<Result<SeatRecord, StoreError>> {
    let seat: i64 = r.get(0)?;
    let user: Option<i64> = r.get(1)?;
    let computer: Option<String> = r.get(2)?;
    let occupant = match (user, computer) {
        (Some(u), _) => Occupant::Human(u as u64),
        (None, Some(level)) => Occupant::Computer(level),
        (None, None) => return Ok(Err(corrupt(None, "a seat with nobody in it"))),
    };
    Ok(Ok(SeatRecord {
        seat: Seat::from_index(seat.clamp(0, 3) as usize),
        occupant,
        joined_at: r.get(3)?,
        place: r.get(4)?,
    }))
}

pub(crate) fn insert_seat(
    tx: &Connection,
    id: GameId,
    seat: Seat,
    occupant: &Occupant,
    at: Timestamp,
) -> Result<(), StoreError> {
    let (user, computer) = match occupant {
        Occupant::Human(u) => (Some(*u as i64), None),
        Occupant::Computer(level) => (None, Some(level.as_str())),
    };
    tx.prepare_cached("INSERT INTO seats (game_id, seat, user_id, computer, joined_at) VALUES (?1, ?2, ?3, ?4, ?5)")
        .and_then(|mut st| st.execute(params![id, seat.index() as i64, user, computer, at]))
        .ctx("insert seat")?;
    Ok(())
}

pub(crate) fn to_seed(game: Option<GameId>, bytes: &[u8]) -> Result<[u8; 32], StoreError> {
    bytes.try_into().map_err(|_| corrupt(game, "the seed is not 32 bytes"))
}

pub(crate) fn corrupt(game: Option<GameId>, what: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt { game, what: what.to_string() }
}

/// Decodes an event from a row whose first columns are `v, body`.
pub(crate) fn decode_event_row(id: GameId, r: &Row<'_>) -> Result<Event, StoreError> {
    let v: i64 = r.get(0).ctx("read event")?;
    let body = r.get_ref(1).ctx("read event")?;
    let text = body.as_str().map_err(|e| corrupt(Some(id), e))?;
    match v {
        EVENT_V1 => serde_json::from_str(text).map_err(|e| corrupt(Some(id), format!("event `{text}`: {e}"))),
        _ => Err(corrupt(Some(id), format!("event encoding v{v} is unknown to this program"))),
    }
}
