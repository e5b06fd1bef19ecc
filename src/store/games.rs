//! Games: creating one (the row, with the commitment to its dice seed),
//! reading it back, abandoning it, and what finishing it writes besides
//! the front end's save (places and ratings). Every other change of a game
//! is a save of its front end (see `live`).

use super::Store;
use super::error::StoreError;
use super::ratings;
use super::rows::{active_game_id, bump, corrupt, lock_game, read_game};
use super::sql::{Db, args};
use super::types::{GameId, GameInfo, GameState, NewGame, Timestamp};
use crate::engine::Seat;

impl Store {
    /// Opens a lobby (seq 0, nobody seated yet). Fails with
    /// [`StoreError::ChannelBusy`] if the channel has an unfinished game.
    ///
    /// On PostgreSQL the row is one statement of its own (one round trip:
    /// the unique index of a channel's unfinished game refuses a second
    /// one, and `ON CONFLICT DO NOTHING` turns that into no row); only
    /// when it added nothing does the transaction run, which says which
    /// game holds the channel.
    pub fn create_game(&mut self, new: &NewGame) -> Result<GameId, StoreError> {
        let now = self.now();
        let ruleset = serde_json::to_string(&new.ruleset).map_err(|e| corrupt(None, e))?;
        let insert = |db: &dyn Db, what: &'static str, tail: &str| -> Result<Option<GameId>, StoreError> {
            let sql = format!(
                "INSERT INTO games (guild_id, channel_id, host_id, variant, ruleset, max_players, state, created_at, \
                 updated_at, turn_timeout_secs, seed, commitment, practice, dice) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'lobby', ?7, ?7, ?8, ?9, ?10, ?11, ?12){tail} RETURNING id"
            );
            let row = db.query_opt(
                what,
                &sql,
                args![
                    new.guild,
                    new.channel,
                    new.host,
                    new.ruleset.variant.name(),
                    ruleset.as_str(),
                    new.max_players.clamp(2, 4),
                    now,
                    new.turn_timeout_secs,
                    &new.seed[..],
                    crate::dice::commitment(&new.seed),
                    new.practice,
                    new.dice.number(),
                ],
            )?;
            row.map(|r| r.get(0)).transpose()
        };
        let quick = self.one_statement(|db| insert(db, "insert game in one statement", " ON CONFLICT DO NOTHING"))?;
        if let Some(Some(id)) = quick {
            return Ok(id);
        }
        self.write(|tx| {
            if let Some(game) = active_game_id(tx, new.channel)? {
                return Err(StoreError::ChannelBusy { channel: new.channel, game });
            }
            let id = insert(tx, "insert game", "")?;
            id.ok_or_else(|| corrupt(None, "`insert game` returned no row"))
        })
    }

    /// A game with its seats, or `None`.
    pub fn game(&self, id: GameId) -> Result<Option<GameInfo>, StoreError> {
        self.read(|db| read_game(db, id))
    }

    /// Ends an unfinished game without result (cancelled lobby, ended by
    /// the host or a moderator). Unrated; the seed is revealed.
    pub fn abandon(&mut self, id: GameId, expected_seq: Option<u64>) -> Result<u64, StoreError> {
        let now = self.now();
        self.write(|tx| {
            lock_game(tx, id, expected_seq, &[GameState::Lobby, GameState::Playing])?;
            let seq = bump(tx, id, now)?;
            tx.execute(
                "abandon game",
                "UPDATE games SET state = 'abandoned', finished_at = ?2, deadline = NULL WHERE id = ?1",
                args![id, now],
            )?;
            Ok(seq)
        })
    }

    /// Notes where a closed game's end is shown: its result, posted as a
    /// new message after the game's last save, so that a restart checks
    /// that message and never turns the board before it (a record by
    /// then) into a second result. Open games are saved whole instead:
    /// this touches only a finished or abandoned one.
    pub fn set_closed_board(&mut self, id: GameId, message: u64, posted_at: Timestamp) -> Result<(), StoreError> {
        self.write(|tx| {
            tx.execute(
                "note a closed game's board",
                "UPDATE games SET board_message_id = ?2, board_posted_at = ?3 \
                 WHERE id = ?1 AND state IN ('finished', 'abandoned')",
                args![id, message, posted_at],
            )?;
            Ok(())
        })
    }
}

/// Marks the game finished, stores the places and whether it counts for
/// ratings (the bot's one rule, `Venue::is_rated`), and updates the
/// ratings.
pub(crate) fn finish(
    tx: &dyn Db,
    id: GameId,
    places: [u8; 4],
    rated: bool,
    now: Timestamp,
) -> Result<Vec<ratings::RatingChange>, StoreError> {
    tx.execute(
        "finish game",
        "UPDATE games SET state = 'finished', finished_at = ?2, deadline = NULL, rated = ?3 WHERE id = ?1",
        args![id, now, rated],
    )?;
    for seat in Seat::ALL {
        let place = places[seat.index()];
        if place > 0 {
            tx.execute(
                "set place",
                "UPDATE seats SET place = ?3 WHERE game_id = ?1 AND seat = ?2",
                args![id, seat.index() as i64, place],
            )?;
        }
    }
    ratings::record_game(tx, id, now)
}
