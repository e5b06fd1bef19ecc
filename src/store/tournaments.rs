//! Tournaments the bot runs: each tournament (its settings, state and the
//! messages it keeps edited), its entrants, its rounds with their clocks
//! (an arena is one round whose deadline is its end), its tables (each a
//! game in a thread; a bye is a table of one without a game) and each
//! player's seat and points there. Times are unix seconds; points are
//! hundredths (`discord::game::tournament::points`).
//!
//! A round is paired once: its row, its tables and their seats are one
//! transaction, and a second pairing of the same round writes nothing
//! ([`Store::start_round`] answers `false`), so a restart mid-round
//! resumes the tables saved rather than pairing again. A table's result
//! is written once, the podium claimed once.

use super::Store;
use super::error::StoreError;
use super::sql::{Db, Row, args};
use super::types::GameId;

/// A tournament as the organiser set it up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewTournament {
    pub guild: u64,
    pub channel: u64,
    pub organiser: u64,
    pub name: String,
    pub variant: String,
    /// The rule set, as the games store it (JSON).
    pub ruleset: String,
    /// `swiss` or `arena`.
    pub format: String,
    pub table_size: u32,
    /// Rounds of a Swiss (1 for an arena).
    pub rounds: u32,
    /// A Swiss round's length before its deadline, or the arena's length.
    pub round_secs: i64,
    pub turn_timeout_secs: i64,
    pub starts_at: i64,
    /// Rounds after the first a player may still join in (0: none).
    pub late_join_rounds: u32,
    pub streak_bonus: bool,
    pub created_at: i64,
}

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedTournament {
    pub id: i64,
    pub setup: NewTournament,
    /// `signup`, `running`, `finished` or `cancelled`.
    pub state: String,
    pub signup_message: Option<u64>,
    pub standings_message: Option<u64>,
    pub podium_posted_at: Option<i64>,
    pub finished_at: Option<i64>,
}

/// An entrant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedEntrant {
    pub user: u64,
    pub joined_at: i64,
    pub checked_in: bool,
    /// Her rating when she joined, rounded (the pairing's second key).
    pub rating: i64,
    pub no_shows: u32,
    /// Wins in a row (the arena's streak).
    pub streak: u32,
    pub withdrawn_at: Option<i64>,
}

/// A round and its clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedRound {
    pub round: u32,
    pub started_at: i64,
    pub deadline: i64,
    pub finished_at: Option<i64>,
}

/// A player's seat at a table, with her points once the table ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedSeat {
    pub seat: u32,
    pub user: u64,
    pub points: Option<i64>,
    pub won: bool,
    pub no_show: bool,
}

/// A table of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedTable {
    pub round: u32,
    pub table: u32,
    pub thread: Option<u64>,
    pub game: Option<GameId>,
    pub started_at: i64,
    pub finished_at: Option<i64>,
    /// `played`, `deadline`, `bye` or `cancelled` once ended.
    pub decided: Option<String>,
    pub seats: Vec<SavedSeat>,
}

/// One player's result at an ended table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SeatResult {
    pub user: u64,
    pub points: i64,
    pub won: bool,
    pub no_show: bool,
}

const COLUMNS: &str = "id, guild_id, channel_id, organiser_id, name, variant, ruleset, format, table_size, rounds, \
     round_secs, turn_timeout_secs, starts_at, late_join_rounds, streak_bonus, state, signup_message_id, \
     standings_message_id, podium_posted_at, created_at, finished_at";

fn tournament_from_row(r: &Row) -> Result<SavedTournament, StoreError> {
    Ok(SavedTournament {
        id: r.named("id")?,
        setup: NewTournament {
            guild: r.named("guild_id")?,
            channel: r.named("channel_id")?,
            organiser: r.named("organiser_id")?,
            name: r.named("name")?,
            variant: r.named("variant")?,
            ruleset: r.named("ruleset")?,
            format: r.named("format")?,
            table_size: r.named("table_size")?,
            rounds: r.named("rounds")?,
            round_secs: r.named("round_secs")?,
            turn_timeout_secs: r.named("turn_timeout_secs")?,
            starts_at: r.named("starts_at")?,
            late_join_rounds: r.named("late_join_rounds")?,
            streak_bonus: r.named("streak_bonus")?,
            created_at: r.named("created_at")?,
        },
        state: r.named("state")?,
        signup_message: r.named("signup_message_id")?,
        standings_message: r.named("standings_message_id")?,
        podium_posted_at: r.named("podium_posted_at")?,
        finished_at: r.named("finished_at")?,
    })
}

fn entrant_from_row(r: &Row) -> Result<SavedEntrant, StoreError> {
    Ok(SavedEntrant {
        user: r.named("user_id")?,
        joined_at: r.named("joined_at")?,
        checked_in: r.named("checked_in")?,
        rating: r.named("rating")?,
        no_shows: r.named("no_shows")?,
        streak: r.named("streak")?,
        withdrawn_at: r.named("withdrawn_at")?,
    })
}

impl Store {
    /// Saves a new tournament in sign-up; its number.
    pub fn create_tournament(&mut self, t: &NewTournament) -> Result<i64, StoreError> {
        self.write(|tx| {
            tx.query_one(
                "insert tournament",
                "INSERT INTO tournaments (guild_id, channel_id, organiser_id, name, variant, ruleset, format, \
                 table_size, rounds, round_secs, turn_timeout_secs, starts_at, late_join_rounds, streak_bonus, \
                 state, created_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, 'signup', ?15) RETURNING id",
                args![
                    t.guild,
                    t.channel,
                    t.organiser,
                    t.name.as_str(),
                    t.variant.as_str(),
                    t.ruleset.as_str(),
                    t.format.as_str(),
                    t.table_size,
                    t.rounds,
                    t.round_secs,
                    t.turn_timeout_secs,
                    t.starts_at,
                    t.late_join_rounds,
                    t.streak_bonus,
                    t.created_at,
                ],
            )?
            .get(0)
        })
    }

    /// One tournament, or `None`.
    pub fn tournament(&self, id: i64) -> Result<Option<SavedTournament>, StoreError> {
        let row = self.read(|db| {
            db.query_opt("select tournament", &format!("SELECT {COLUMNS} FROM tournaments WHERE id = ?1"), args![id])
        })?;
        row.as_ref().map(tournament_from_row).transpose()
    }

    /// Every tournament in sign-up or running (the bot resumes them), oldest first.
    pub fn open_tournaments(&self) -> Result<Vec<SavedTournament>, StoreError> {
        let rows = self.read(|db| {
            db.query(
                "select open tournaments",
                &format!("SELECT {COLUMNS} FROM tournaments WHERE state IN ('signup', 'running') ORDER BY id"),
                args![],
            )
        })?;
        rows.iter().map(tournament_from_row).collect()
    }

    /// A server's tournaments, newest first, at most `limit`.
    pub fn guild_tournaments(&self, guild: u64, limit: u32) -> Result<Vec<SavedTournament>, StoreError> {
        let rows = self.read(|db| {
            db.query(
                "select a server's tournaments",
                &format!("SELECT {COLUMNS} FROM tournaments WHERE guild_id = ?1 ORDER BY id DESC LIMIT ?2"),
                args![guild, limit],
            )
        })?;
        rows.iter().map(tournament_from_row).collect()
    }

    /// Moves a tournament on from `from` to `to` (`finished` and
    /// `cancelled` note when); whether it was in `from`.
    pub fn set_tournament_state(&mut self, id: i64, from: &str, to: &str, at: i64) -> Result<bool, StoreError> {
        let ends = matches!(to, "finished" | "cancelled").then_some(at);
        self.write(|tx| {
            tx.execute(
                "move a tournament on",
                "UPDATE tournaments SET state = ?3, finished_at = COALESCE(?4, finished_at) \
                 WHERE id = ?1 AND state = ?2",
                args![id, from, to, ends],
            )
        })
        .map(|n| n > 0)
    }

    /// Notes the sign-up and standings messages the bot keeps edited.
    pub fn set_tournament_messages(
        &mut self,
        id: i64,
        signup: Option<u64>,
        standings: Option<u64>,
    ) -> Result<(), StoreError> {
        self.write(|tx| {
            tx.execute(
                "note a tournament's messages",
                "UPDATE tournaments SET signup_message_id = COALESCE(?2, signup_message_id), \
                 standings_message_id = COALESCE(?3, standings_message_id) WHERE id = ?1",
                args![id, signup, standings],
            )
        })?;
        Ok(())
    }

    /// Claims the podium's posting: `true` once, for the first caller.
    pub fn claim_tournament_podium(&mut self, id: i64, at: i64) -> Result<bool, StoreError> {
        self.write(|tx| {
            tx.execute(
                "claim a tournament's podium",
                "UPDATE tournaments SET podium_posted_at = ?2 WHERE id = ?1 AND podium_posted_at IS NULL",
                args![id, at],
            )
        })
        .map(|n| n > 0)
    }

    /// Signs `user` up (again, if she had left or withdrawn); whether she
    /// was not an entrant already.
    pub fn join_tournament(&mut self, id: i64, user: u64, rating: i64, at: i64) -> Result<bool, StoreError> {
        self.write(|tx| {
            let back = tx.execute(
                "rejoin a tournament",
                "UPDATE tournament_entrants SET withdrawn_at = NULL, joined_at = ?3, rating = ?4 \
                 WHERE tournament_id = ?1 AND user_id = ?2 AND withdrawn_at IS NOT NULL",
                args![id, user, at, rating],
            )?;
            let new = tx.execute(
                "join a tournament",
                "INSERT INTO tournament_entrants (tournament_id, user_id, joined_at, rating) VALUES (?1, ?2, ?3, ?4) \
                 ON CONFLICT DO NOTHING",
                args![id, user, at, rating],
            )?;
            Ok(back + new > 0)
        })
    }

    /// Takes `user` out: before the first round her entry goes (`Leave`),
    /// afterwards she is withdrawn (her results stay). Whether she was in.
    pub fn leave_tournament(&mut self, id: i64, user: u64, at: i64) -> Result<bool, StoreError> {
        self.write(|tx| {
            let played: i64 = tx
                .query_one(
                    "count a player's seats",
                    "SELECT count(*) FROM tournament_seats WHERE tournament_id = ?1 AND user_id = ?2",
                    args![id, user],
                )?
                .get(0)?;
            if played == 0 {
                return tx.execute(
                    "leave a tournament",
                    "DELETE FROM tournament_entrants WHERE tournament_id = ?1 AND user_id = ?2",
                    args![id, user],
                );
            }
            tx.execute(
                "withdraw from a tournament",
                "UPDATE tournament_entrants SET withdrawn_at = ?3 \
                 WHERE tournament_id = ?1 AND user_id = ?2 AND withdrawn_at IS NULL",
                args![id, user, at],
            )
        })
        .map(|n| n > 0)
    }

    /// Checks `user` in; whether she is an entrant still in.
    pub fn check_in(&mut self, id: i64, user: u64) -> Result<bool, StoreError> {
        self.write(|tx| {
            tx.execute(
                "check in",
                "UPDATE tournament_entrants SET checked_in = 1 \
                 WHERE tournament_id = ?1 AND user_id = ?2 AND withdrawn_at IS NULL",
                args![id, user],
            )
        })
        .map(|n| n > 0)
    }

    /// Counts a no-show of `user`; her no-shows so far (withdrawing her
    /// is the caller's, by the rule of `discord::game::tournament`).
    pub fn note_no_show(&mut self, id: i64, user: u64) -> Result<u32, StoreError> {
        self.write(|tx| {
            let row = tx.query_opt(
                "note a no-show",
                "UPDATE tournament_entrants SET no_shows = no_shows + 1 WHERE tournament_id = ?1 AND user_id = ?2 \
                 RETURNING no_shows",
                args![id, user],
            )?;
            row.map_or(Ok(0), |r| r.get(0))
        })
    }

    /// Sets an arena player's wins in a row.
    pub fn set_streak(&mut self, id: i64, user: u64, streak: u32) -> Result<(), StoreError> {
        self.write(|tx| {
            tx.execute(
                "set a streak",
                "UPDATE tournament_entrants SET streak = ?3 WHERE tournament_id = ?1 AND user_id = ?2",
                args![id, user, streak],
            )
        })?;
        Ok(())
    }

    /// The entrants, in the order they joined.
    pub fn tournament_entrants(&self, id: i64) -> Result<Vec<SavedEntrant>, StoreError> {
        let rows = self.read(|db| {
            db.query(
                "select entrants",
                "SELECT user_id, joined_at, checked_in, rating, no_shows, streak, withdrawn_at \
                 FROM tournament_entrants WHERE tournament_id = ?1 ORDER BY joined_at, user_id",
                args![id],
            )
        })?;
        rows.iter().map(entrant_from_row).collect()
    }
}

/// The rounds of a tournament, first first.
pub(super) fn rounds_in(db: &dyn Db, id: i64) -> Result<Vec<SavedRound>, StoreError> {
    let rows = db.query(
        "select rounds",
        "SELECT round, started_at, deadline, finished_at FROM tournament_rounds WHERE tournament_id = ?1 \
         ORDER BY round",
        args![id],
    )?;
    rows.iter()
        .map(|r| {
            Ok(SavedRound { round: r.get(0)?, started_at: r.get(1)?, deadline: r.get(2)?, finished_at: r.get(3)? })
        })
        .collect()
}
