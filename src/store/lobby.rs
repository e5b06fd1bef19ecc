//! Seat changes: joining and leaving a lobby, starting the game (which
//! fixes the seating), and replacing a player during play. Each is checked
//! against the game's `seq` like an action, and adds one to it.

use super::Store;
use super::error::{SqlContext, StoreError};
use super::games::{begin, bump, lock_game};
use super::types::{GameId, GameState, Occupant, Timestamp};
use crate::engine::{Seat, SeatSet};
use rusqlite::{Connection, params};

impl Store {
    /// Seats a player or computer in the lobby at the first free seat.
    pub fn join(&mut self, id: GameId, expected_seq: u64, occupant: &Occupant) -> Result<(Seat, u64), StoreError> {
        let now = self.now();
        let tx = begin(&mut self.conn)?;
        lock_game(&tx, id, Some(expected_seq), &[GameState::Lobby])?;
        let taken = seats_by_join(&tx, id)?;
        if let Occupant::Human(user) = occupant
            && taken.iter().any(|(_, o, _)| o == occupant)
        {
            return Err(StoreError::AlreadySeated { game: id, user: *user });
        }
        let max: i64 = tx
            .query_row("SELECT max_players FROM games WHERE id = ?1", [id], |r| r.get(0))
            .ctx("select max_players")?;
        let free = Seat::ALL.into_iter().find(|s| taken.iter().all(|(t, _, _)| t != s));
        let seat = match free {
            Some(seat) if (taken.len() as i64) < max => seat,
            _ => return Err(StoreError::TableFull(id)),
        };
        insert_seat(&tx, id, seat, occupant, now)?;
        let seq = bump(&tx, id, now)?;
        tx.commit().ctx("COMMIT join")?;
        Ok((seat, seq))
    }

    /// Frees a seat in the lobby.
    pub fn leave(&mut self, id: GameId, expected_seq: u64, seat: Seat) -> Result<u64, StoreError> {
        let now = self.now();
        let tx = begin(&mut self.conn)?;
        lock_game(&tx, id, Some(expected_seq), &[GameState::Lobby])?;
        let n = tx
            .execute("DELETE FROM seats WHERE game_id = ?1 AND seat = ?2", params![id, seat.index() as i64])
            .ctx("delete seat")?;
        if n == 0 {
            return Err(StoreError::NotSeated(id));
        }
        let seq = bump(&tx, id, now)?;
        tx.commit().ctx("COMMIT leave")?;
        Ok(seq)
    }

    /// Starts the game: the players, in the order they joined, take the
    /// seats of a table of their number (2: S, N; 3: S, W, N; 4: all).
    /// Returns the seats in play, for `Record::new`.
    pub fn start(
        &mut self,
        id: GameId,
        expected_seq: u64,
        deadline: Option<Timestamp>,
    ) -> Result<(SeatSet, u64), StoreError> {
        let now = self.now();
        let tx = begin(&mut self.conn)?;
        lock_game(&tx, id, Some(expected_seq), &[GameState::Lobby])?;
        let joined = seats_by_join(&tx, id)?;
        let seats =
            SeatSet::for_players(joined.len()).ok_or(StoreError::BadTable { game: id, players: joined.len() })?;
        tx.execute("DELETE FROM seats WHERE game_id = ?1", [id]).ctx("reseat")?;
        for ((_, occupant, joined_at), seat) in joined.iter().zip(seats.iter()) {
            insert_seat(&tx, id, seat, occupant, *joined_at)?;
        }
        tx.execute("UPDATE games SET state = 'playing', deadline = ?2 WHERE id = ?1", params![id, deadline])
            .ctx("start game")?;
        let seq = bump(&tx, id, now)?;
        tx.commit().ctx("COMMIT start")?;
        Ok((seats, seq))
    }

    /// Puts someone else in a seat (a kicked or absent player replaced by a
    /// computer, or a human taking over). Resets the seat's timeouts.
    pub fn replace_seat(
        &mut self,
        id: GameId,
        expected_seq: u64,
        seat: Seat,
        occupant: &Occupant,
    ) -> Result<u64, StoreError> {
        let now = self.now();
        let tx = begin(&mut self.conn)?;
        lock_game(&tx, id, Some(expected_seq), &[GameState::Lobby, GameState::Playing])?;
        let joined = seats_by_join(&tx, id)?;
        if !joined.iter().any(|(s, _, _)| *s == seat) {
            return Err(StoreError::NotSeated(id));
        }
        if let Occupant::Human(user) = occupant
            && joined.iter().any(|(s, o, _)| o == occupant && *s != seat)
        {
            return Err(StoreError::AlreadySeated { game: id, user: *user });
        }
        tx.execute("DELETE FROM seats WHERE game_id = ?1 AND seat = ?2", params![id, seat.index() as i64])
            .ctx("replace seat")?;
        insert_seat(&tx, id, seat, occupant, now)?;
        let seq = bump(&tx, id, now)?;
        tx.commit().ctx("COMMIT replace seat")?;
        Ok(seq)
    }
}

/// The seated occupants in the order they joined.
fn seats_by_join(tx: &Connection, id: GameId) -> Result<Vec<(Seat, Occupant, Timestamp)>, StoreError> {
    let mut st = tx
        .prepare_cached(
            "SELECT seat, user_id, computer, joined_at FROM seats WHERE game_id = ?1 ORDER BY joined_at, seat",
        )
        .ctx("select seats")?;
    let rows = st
        .query_map([id], |r| {
            let seat = Seat::from_index(r.get::<_, i64>(0)?.clamp(0, 3) as usize);
            let occupant = match r.get::<_, Option<i64>>(1)? {
                Some(u) => Occupant::Human(u as u64),
                None => Occupant::Computer(r.get::<_, Option<String>>(2)?.unwrap_or_default()),
            };
            Ok((seat, occupant, r.get(3)?))
        })
        .ctx("select seats")?;
    rows.collect::<Result<_, _>>().ctx("select seats")
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
