//! A tournament's rounds and tables: pairing a round once (its clock, its
//! tables and their seats in one transaction), the game and thread each
//! table plays in, a table's result written once, and reading them back
//! for the standings and for resuming after a restart.

use super::Store;
use super::error::StoreError;
use super::sql::{Db, args};
use super::tournaments::{SavedRound, SavedSeat, SavedTable, SeatResult, rounds_in};
use super::types::GameId;

/// A table to open: its number, its players in seat order, and for a bye
/// (one player, no game) her points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewTable {
    pub table: u32,
    pub players: Vec<u64>,
    pub bye_points: Option<i64>,
}

impl Store {
    /// Pairs round `round` once: its clock and its tables (byes ended at
    /// once). `false`, and nothing written, when the round was paired
    /// already (a restart, a second process): its saved tables stand.
    pub fn start_round(
        &mut self,
        id: i64,
        round: u32,
        started_at: i64,
        deadline: i64,
        tables: &[NewTable],
    ) -> Result<bool, StoreError> {
        self.write(|tx| {
            let new = tx.execute(
                "start a round",
                "INSERT INTO tournament_rounds (tournament_id, round, started_at, deadline) VALUES (?1, ?2, ?3, ?4) \
                 ON CONFLICT DO NOTHING",
                args![id, round, started_at, deadline],
            )?;
            if new == 0 {
                return Ok(false);
            }
            for t in tables {
                insert_table(tx, id, round, started_at, t)?;
            }
            Ok(true)
        })
    }

    /// Opens one more table in a round already started (the arena's
    /// lobby seats players all along its one round); `false` when that
    /// table exists already.
    pub fn add_table(&mut self, id: i64, round: u32, at: i64, table: &NewTable) -> Result<bool, StoreError> {
        self.write(|tx| {
            let exists = tx.query_opt(
                "find a table",
                "SELECT 1 FROM tournament_tables WHERE tournament_id = ?1 AND round = ?2 AND table_no = ?3",
                args![id, round, table.table],
            )?;
            if exists.is_some() {
                return Ok(false);
            }
            insert_table(tx, id, round, at, table)?;
            Ok(true)
        })
    }

    /// Notes the thread opened for a table before its game is (a restart
    /// in between opens the game in that thread, not in a second one);
    /// `false` when the table has a thread already (the first stands).
    pub fn note_table_thread(&mut self, id: i64, round: u32, table: u32, thread: u64) -> Result<bool, StoreError> {
        let changed = self.write(|tx| {
            tx.execute(
                "note a table's thread",
                "UPDATE tournament_tables SET thread_id = ?4 \
                 WHERE tournament_id = ?1 AND round = ?2 AND table_no = ?3 AND thread_id IS NULL",
                args![id, round, table, thread],
            )
        })?;
        Ok(changed > 0)
    }

    /// Notes the game and the thread a table plays in, and names the
    /// tournament in the game's row.
    pub fn link_table(
        &mut self,
        id: i64,
        round: u32,
        table: u32,
        game: GameId,
        thread: Option<u64>,
    ) -> Result<(), StoreError> {
        self.write(|tx| {
            tx.execute(
                "link a table's game",
                "UPDATE tournament_tables SET game_id = ?4, thread_id = COALESCE(?5, thread_id) \
                 WHERE tournament_id = ?1 AND round = ?2 AND table_no = ?3",
                args![id, round, table, game, thread],
            )?;
            tx.execute(
                "name a game's tournament",
                "UPDATE games SET tournament_id = ?2 WHERE id = ?1",
                args![game, id],
            )?;
            Ok(())
        })
    }

    /// Writes an ended table's points once; `false` when it had ended
    /// already (its first result stands).
    pub fn finish_table(
        &mut self,
        id: i64,
        round: u32,
        table: u32,
        decided: &str,
        at: i64,
        results: &[SeatResult],
    ) -> Result<bool, StoreError> {
        self.write(|tx| {
            let ended = tx.execute(
                "end a table",
                "UPDATE tournament_tables SET finished_at = ?4, decided = ?5 \
                 WHERE tournament_id = ?1 AND round = ?2 AND table_no = ?3 AND finished_at IS NULL",
                args![id, round, table, at, decided],
            )?;
            if ended == 0 {
                return Ok(false);
            }
            for r in results {
                tx.execute(
                    "score a seat",
                    "UPDATE tournament_seats SET points = ?5, won = ?6, no_show = ?7 \
                     WHERE tournament_id = ?1 AND round = ?2 AND table_no = ?3 AND user_id = ?4",
                    args![id, round, table, r.user, r.points, r.won, r.no_show],
                )?;
            }
            Ok(true)
        })
    }

    /// Marks `user` a no-show at a table still playing (she scores it
    /// last when it ends); whether her seat there was found.
    pub fn mark_no_show(&mut self, id: i64, round: u32, table: u32, user: u64) -> Result<bool, StoreError> {
        self.write(|tx| {
            tx.execute(
                "mark a no-show",
                "UPDATE tournament_seats SET no_show = ?5 \
                 WHERE tournament_id = ?1 AND round = ?2 AND table_no = ?3 AND user_id = ?4 AND points IS NULL",
                args![id, round, table, user, true],
            )
        })
        .map(|n| n > 0)
    }

    /// Ends round `round`; whether it was running.
    pub fn finish_round(&mut self, id: i64, round: u32, at: i64) -> Result<bool, StoreError> {
        self.write(|tx| {
            tx.execute(
                "end a round",
                "UPDATE tournament_rounds SET finished_at = ?3 \
                 WHERE tournament_id = ?1 AND round = ?2 AND finished_at IS NULL",
                args![id, round, at],
            )
        })
        .map(|n| n > 0)
    }

    /// The rounds, first first.
    pub fn tournament_rounds(&self, id: i64) -> Result<Vec<SavedRound>, StoreError> {
        self.read(|db| rounds_in(db, id))
    }

    /// Every table of every round with its seats, by round and table.
    pub fn tournament_tables(&self, id: i64) -> Result<Vec<SavedTable>, StoreError> {
        self.read(|db| tables_in(db, id))
    }

    /// What `thaayam check` finds wrong in the tournaments: a player seated
    /// twice in one round of a Swiss, at two tables of an arena still
    /// playing, an ended table with a seat
    /// unscored, a table whose game names another tournament.
    pub fn tournament_problems(&self) -> Result<Vec<String>, StoreError> {
        let checks: [(&'static str, &str, &str); 4] = [
            (
                "check seats per round",
                "SELECT s.tournament_id, s.round, s.user_id FROM tournament_seats s \
                 JOIN tournaments t ON t.id = s.tournament_id WHERE t.format = 'swiss' \
                 GROUP BY s.tournament_id, s.round, s.user_id HAVING count(*) > 1 ORDER BY 1, 2, 3",
                "seated twice in one round",
            ),
            (
                "check arena seats",
                "SELECT s.tournament_id, s.round, s.user_id FROM tournament_seats s JOIN tournament_tables t \
                 ON t.tournament_id = s.tournament_id AND t.round = s.round AND t.table_no = s.table_no \
                 JOIN tournaments a ON a.id = s.tournament_id WHERE a.format = 'arena' AND t.finished_at IS NULL \
                 GROUP BY s.tournament_id, s.round, s.user_id HAVING count(*) > 1 ORDER BY 1, 2, 3",
                "at two tables of the arena at once",
            ),
            (
                "check ended tables",
                "SELECT s.tournament_id, s.round, s.user_id FROM tournament_seats s JOIN tournament_tables t \
                 ON t.tournament_id = s.tournament_id AND t.round = s.round AND t.table_no = s.table_no \
                 WHERE t.finished_at IS NOT NULL AND s.points IS NULL ORDER BY 1, 2, 3",
                "unscored at an ended table",
            ),
            (
                "check tables' games",
                "SELECT t.tournament_id, t.round, t.game_id FROM tournament_tables t JOIN games g ON g.id = t.game_id \
                 WHERE g.tournament_id IS NULL OR g.tournament_id <> t.tournament_id ORDER BY 1, 2, 3",
                "a table's game names another tournament (or none)",
            ),
        ];
        let mut out = Vec::new();
        for (what, sql, problem) in checks {
            for r in self.read(|db| db.query(what, sql, args![]))? {
                let (t, round, who): (i64, i64, i64) = (r.get(0)?, r.get(1)?, r.get(2)?);
                out.push(format!("tournament {t}, round {round}, {who}: {problem}"));
            }
        }
        Ok(out)
    }

    /// The tournament a game was played for: its number and name.
    pub fn tournament_of_game(&self, game: GameId) -> Result<Option<(i64, String)>, StoreError> {
        let row = self.read(|db| {
            db.query_opt(
                "select a game's tournament",
                "SELECT t.id, t.name FROM games g JOIN tournaments t ON t.id = g.tournament_id WHERE g.id = ?1",
                args![game],
            )
        })?;
        row.map(|r| Ok((r.get(0)?, r.get(1)?))).transpose()
    }
}

fn insert_table(tx: &dyn Db, id: i64, round: u32, at: i64, t: &NewTable) -> Result<(), StoreError> {
    let bye = t.bye_points.is_some();
    tx.execute(
        "open a table",
        "INSERT INTO tournament_tables (tournament_id, round, table_no, started_at, finished_at, decided) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        args![id, round, t.table, at, bye.then_some(at), bye.then_some("bye")],
    )?;
    for (seat, &user) in t.players.iter().enumerate() {
        tx.execute(
            "seat a player",
            "INSERT INTO tournament_seats (tournament_id, round, table_no, seat, user_id, points) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            args![id, round, t.table, seat as i64, user, t.bye_points],
        )?;
    }
    Ok(())
}

fn tables_in(db: &dyn Db, id: i64) -> Result<Vec<SavedTable>, StoreError> {
    let tables = db.query(
        "select tables",
        "SELECT round, table_no, thread_id, game_id, started_at, finished_at, decided FROM tournament_tables \
         WHERE tournament_id = ?1 ORDER BY round, table_no",
        args![id],
    )?;
    let seats = db.query(
        "select seats",
        "SELECT round, table_no, seat, user_id, points, won, no_show FROM tournament_seats \
         WHERE tournament_id = ?1 ORDER BY round, table_no, seat",
        args![id],
    )?;
    let mut out: Vec<SavedTable> = tables
        .iter()
        .map(|r| {
            Ok(SavedTable {
                round: r.get(0)?,
                table: r.get(1)?,
                thread: r.get(2)?,
                game: r.get(3)?,
                started_at: r.get(4)?,
                finished_at: r.get(5)?,
                decided: r.get(6)?,
                seats: Vec::new(),
            })
        })
        .collect::<Result<_, StoreError>>()?;
    for s in &seats {
        let (round, table): (u32, u32) = (s.get(0)?, s.get(1)?);
        let seat =
            SavedSeat { seat: s.get(2)?, user: s.get(3)?, points: s.get(4)?, won: s.get(5)?, no_show: s.get(6)? };
        if let Some(t) = out.iter_mut().find(|t| t.round == round && t.table == table) {
            t.seats.push(seat);
        }
    }
    Ok(out)
}
