//! Row helpers shared by the store's modules: the optimistic check of a
//! game's counter, the game and seat rows and their mapping to
//! [`GameInfo`], appending to the event log and decoding it, and the error
//! for damaged data. They run on either backend ([`Db`]).

use super::error::StoreError;
use super::sql::{Db, Row, args};
use super::types::{GameId, GameInfo, GameState, Occupant, SeatRecord, Timestamp};
use crate::engine::{Event, Ruleset, Seat};

/// The version tag of the event encoding written today (engine JSON).
pub(crate) const EVENT_V1: i64 = 1;

const GAME_COLUMNS: &str = "id, guild_id, channel_id, board_message_id, board_posted_at, host_id, ruleset, \
    max_players, state, created_at, updated_at, finished_at, turn_timeout_secs, seq, commitment, seed, \
    throws_drawn, deadline, events, practice, dice";

pub(crate) fn active_game_id(db: &dyn Db, channel: u64) -> Result<Option<GameId>, StoreError> {
    let row = db.query_opt(
        "select active game",
        "SELECT id FROM games WHERE channel_id = ?1 AND state IN ('lobby', 'playing')",
        args![channel],
    )?;
    row.map(|r| r.get(0)).transpose()
}

/// What [`lock_game`] read of a game's row, under its lock.
pub(crate) struct Locked {
    /// Events in its log.
    pub(crate) events: u64,
}

/// Locks the game's row for the rest of the write transaction and checks
/// it exists, is in an allowed state and (if given) is still at `expected`
/// seq. On PostgreSQL the row lock (`SELECT … FOR UPDATE`) is the only
/// lock a change takes: changes of other games run at once, and a second
/// change of this game waits here, then reads the counter the first one
/// left (so a stale change is refused). SQLite's `BEGIN IMMEDIATE` has
/// already locked the whole file.
pub(crate) fn lock_game(
    tx: &dyn Db,
    id: GameId,
    expected: Option<u64>,
    allowed: &[GameState],
) -> Result<Locked, StoreError> {
    let sql = format!("SELECT seq, state, events FROM games WHERE id = ?1{}", tx.for_update());
    let row = tx.query_opt("lock game", &sql, args![id])?;
    let row = row.ok_or(StoreError::NoSuchGame(id))?;
    let (seq, state, events): (i64, GameState, i64) = (row.get(0)?, row.get(1)?, row.get(2)?);
    if !allowed.contains(&state) {
        return Err(StoreError::WrongState { game: id, state });
    }
    let current = seq.max(0) as u64;
    match expected {
        Some(e) if e != current => Err(StoreError::Stale { current }),
        _ => Ok(Locked { events: events.max(0) as u64 }),
    }
}

/// Adds one to the action counter; returns the new value.
pub(crate) fn bump(tx: &dyn Db, id: GameId, now: Timestamp) -> Result<u64, StoreError> {
    let row = tx.query_one(
        "bump seq",
        "UPDATE games SET seq = seq + 1, updated_at = ?2 WHERE id = ?1 RETURNING seq",
        args![id, now],
    )?;
    Ok(row.get::<i64>(0)?.max(0) as u64)
}

/// Writes `events` into the game's log from index `first` on (the caller
/// counts them in the game's row), each backend its way
/// ([`Db::insert_events`]).
pub(crate) fn insert_events(tx: &dyn Db, id: GameId, first: u64, events: &[Event]) -> Result<(), StoreError> {
    let bodies =
        events.iter().map(serde_json::to_string).collect::<Result<Vec<_>, _>>().map_err(|e| corrupt(Some(id), e))?;
    tx.insert_events(id, first, EVENT_V1, &bodies)
}

/// Reads a game and its seats.
pub(crate) fn read_game(db: &dyn Db, id: GameId) -> Result<Option<GameInfo>, StoreError> {
    let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1");
    let Some(row) = db.query_opt("select game", &sql, args![id])? else { return Ok(None) };
    let mut game = game_from_row(&row)?;
    game.seats = read_seats(db, id)?;
    Ok(Some(game))
}

pub(crate) fn game_columns() -> &'static str {
    GAME_COLUMNS
}

/// A `games` row (selected with [`game_columns`]) without its seats,
/// read by column name.
pub(crate) fn game_from_row(r: &Row) -> Result<GameInfo, StoreError> {
    let id: GameId = r.named("id")?;
    let in_game = |e: StoreError| match e {
        StoreError::Corrupt { game: None, what } => StoreError::Corrupt { game: Some(id), what },
        e => e,
    };
    let ruleset: String = r.named("ruleset").map_err(in_game)?;
    let state: GameState = r.named("state").map_err(in_game)?;
    let seed: Vec<u8> = r.named("seed").map_err(in_game)?;
    let ruleset = serde_json::from_str::<Ruleset>(&ruleset).map_err(|e| corrupt(Some(id), e))?;
    let dice = crate::dice::Derivation::from_number(r.named("dice").map_err(in_game)?)
        .ok_or_else(|| corrupt(Some(id), "an unknown dice derivation"))?;
    let revealed_seed = match state.is_active() {
        true => None,
        false => to_seed(Some(id), &seed).ok(),
    };
    let read = || -> Result<GameInfo, StoreError> {
        Ok(GameInfo {
            id,
            guild: r.named("guild_id")?,
            channel: r.named("channel_id")?,
            board_message: r.named("board_message_id")?,
            board_posted_at: r.named("board_posted_at")?,
            host: r.named("host_id")?,
            ruleset,
            max_players: r.named("max_players")?,
            state,
            created_at: r.named("created_at")?,
            updated_at: r.named("updated_at")?,
            finished_at: r.named("finished_at")?,
            turn_timeout_secs: r.named("turn_timeout_secs")?,
            seq: r.named::<i64>("seq")?.max(0) as u64,
            commitment: r.named("commitment")?,
            revealed_seed,
            throws_drawn: r.named::<i64>("throws_drawn")?.max(0) as u64,
            deadline: r.named("deadline")?,
            events: r.named::<i64>("events")?.max(0) as u64,
            practice: r.named("practice")?,
            dice,
            seats: Vec::new(),
        })
    };
    read().map_err(in_game)
}

pub(crate) fn read_seats(db: &dyn Db, id: GameId) -> Result<Vec<SeatRecord>, StoreError> {
    let rows = db.query(
        "select seats",
        "SELECT seat, user_id, computer, joined_at, place, name FROM seats WHERE game_id = ?1 ORDER BY seat",
        args![id],
    )?;
    rows.iter().map(|r| seat_from_row(id, r)).collect()
}

fn seat_from_row(id: GameId, r: &Row) -> Result<SeatRecord, StoreError> {
    let seat: i64 = r.named("seat")?;
    let user: Option<u64> = r.named("user_id")?;
    let computer: Option<String> = r.named("computer")?;
    let occupant = match (user, computer) {
        (Some(u), _) => Occupant::Human(u),
        (None, Some(level)) => Occupant::Computer(level),
        (None, None) => return Err(corrupt(Some(id), "a seat with nobody in it")),
    };
    Ok(SeatRecord {
        seat: Seat::from_index(seat.clamp(0, 3) as usize),
        occupant,
        joined_at: r.named("joined_at")?,
        place: r.named("place")?,
        name: r.named("name")?,
    })
}

pub(crate) fn insert_seat(
    tx: &dyn Db,
    id: GameId,
    seat: Seat,
    occupant: &Occupant,
    at: Timestamp,
) -> Result<(), StoreError> {
    let (user, computer) = match occupant {
        Occupant::Human(u) => (Some(*u), None),
        Occupant::Computer(level) => (None, Some(level.as_str())),
    };
    tx.execute(
        "insert seat",
        "INSERT INTO seats (game_id, seat, user_id, computer, joined_at) VALUES (?1, ?2, ?3, ?4, ?5)",
        args![id, seat.index() as i64, user, computer, at],
    )?;
    Ok(())
}

pub(crate) fn to_seed(game: Option<GameId>, bytes: &[u8]) -> Result<[u8; 32], StoreError> {
    bytes.try_into().map_err(|_| corrupt(game, "the seed is not 32 bytes"))
}

pub(crate) fn corrupt(game: Option<GameId>, what: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt { game, what: what.to_string() }
}

/// Decodes an event from a row whose first columns are `v, body`.
pub(crate) fn decode_event_row(id: GameId, r: &Row) -> Result<Event, StoreError> {
    let v: i64 = r.get(0)?;
    let text: String = r.get(1).map_err(|_| corrupt(Some(id), "an event body that is not text"))?;
    match v {
        EVENT_V1 => serde_json::from_str(&text).map_err(|e| corrupt(Some(id), format!("event `{text}`: {e}"))),
        _ => Err(corrupt(Some(id), format!("event encoding v{v} is unknown to this program"))),
    }
}
