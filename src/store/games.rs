//! Games: creating one (the row, with the commitment to its dice seed),
//! reading it back, abandoning it, and what finishing it writes besides
//! the front end's save (places and ratings). Every other change of a game
//! is a save of its front end (see `live`).

use super::Store;
use super::error::{SqlContext, StoreError};
use super::ratings;
use super::rows::{active_game_id, begin, bump, corrupt, lock_game, read_game};
use super::types::{GameId, GameInfo, GameState, NewGame, Timestamp};
use crate::engine::Seat;
use rusqlite::{Connection, params};

impl Store {
    /// Opens a lobby (seq 0, nobody seated yet). Fails with
    /// [`StoreError::ChannelBusy`] if the channel has an unfinished game.
    pub fn create_game(&mut self, new: &NewGame) -> Result<GameId, StoreError> {
        let now = self.now();
        let tx = begin(&mut self.conn)?;
        if let Some(game) = active_game_id(&tx, new.channel)? {
            return Err(StoreError::ChannelBusy { channel: new.channel, game });
        }
        let ruleset = serde_json::to_string(&new.ruleset).map_err(|e| corrupt(None, e))?;
        tx.prepare_cached(
            "INSERT INTO games (guild_id, channel_id, host_id, variant, ruleset, max_players, state, created_at, \
             updated_at, turn_timeout_secs, seed, commitment, practice, dice) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'lobby', ?7, ?7, ?8, ?9, ?10, ?11, ?12)",
        )
        .and_then(|mut st| {
            st.execute(params![
                new.guild as i64,
                new.channel as i64,
                new.host as i64,
                new.ruleset.variant.name(),
                ruleset,
                new.max_players.clamp(2, 4),
                now,
                new.turn_timeout_secs,
                &new.seed[..],
                crate::dice::commitment(&new.seed),
                new.practice,
                new.dice.number(),
            ])
        })
        .ctx("insert game")?;
        let id = GameId(tx.last_insert_rowid());
        tx.commit().ctx("COMMIT create game")?;
        Ok(id)
    }

    /// A game with its seats, or `None`.
    pub fn game(&self, id: GameId) -> Result<Option<GameInfo>, StoreError> {
        read_game(&self.conn, id)
    }

    /// Ends an unfinished game without result (cancelled lobby, ended by
    /// the host or a moderator). Unrated; the seed is revealed.
    pub fn abandon(&mut self, id: GameId, expected_seq: Option<u64>) -> Result<u64, StoreError> {
        let now = self.now();
        let tx = begin(&mut self.conn)?;
        lock_game(&tx, id, expected_seq, &[GameState::Lobby, GameState::Playing])?;
        let seq = bump(&tx, id, now)?;
        tx.execute(
            "UPDATE games SET state = 'abandoned', finished_at = ?2, deadline = NULL WHERE id = ?1",
            params![id, now],
        )
        .ctx("abandon game")?;
        tx.commit().ctx("COMMIT abandon")?;
        Ok(seq)
    }
}

/// Marks the game finished, stores the places and updates the ratings.
pub(crate) fn finish(
    tx: &Connection,
    id: GameId,
    places: [u8; 4],
    now: Timestamp,
) -> Result<Vec<ratings::RatingChange>, StoreError> {
    tx.execute(
        "UPDATE games SET state = 'finished', finished_at = ?2, deadline = NULL WHERE id = ?1",
        params![id, now],
    )
    .ctx("finish game")?;
    let mut set_place =
        tx.prepare_cached("UPDATE seats SET place = ?3 WHERE game_id = ?1 AND seat = ?2").ctx("set place")?;
    for seat in Seat::ALL {
        let place = places[seat.index()];
        if place > 0 {
            set_place.execute(params![id, seat.index() as i64, place]).ctx("set place")?;
        }
    }
    ratings::record_game(tx, id, now)
}
