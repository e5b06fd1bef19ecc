//! The one way a game changes after its creation: the front end saves its
//! whole game state with every change, in one transaction: the seats, the
//! new events of the log, the game's state (finishing rates it), the
//! deadline, the board message, and an opaque JSON of what only the front
//! end understands (the uncommitted turn, the reminder flag…). Loading it
//! back is how the bot resumes after a restart.
//!
//! With every save the front end also says which counter its board message
//! shows (`board_seq`, once Discord took the board), so that start-up
//! touches only the boards whose game is ahead of them.
//!
//! The counter `seq` is the front end's own action counter (it also counts
//! changes without events, such as choosing a piece); the store only checks
//! that the caller saw the latest one, so a stale click or a second process
//! gets [`StoreError::Stale`] and nothing is written.

use super::Store;
use super::error::StoreError;
use super::games::finish;
use super::ratings::RatingChange;
use super::rows::{corrupt, insert_events, insert_seat, lock_game, read_game};
use super::sql::{Db, args};
use super::types::{GameId, GameInfo, GameState, Occupant, Timestamp};
use crate::engine::{Event, Seat};

/// One change of a game, as the front end saves it.
#[derive(Clone, Debug, PartialEq)]
pub struct LiveSave {
    /// The counter the caller read the game at.
    pub expected_seq: u64,
    /// The counter after this change.
    pub seq: u64,
    /// `Finished` records places and ratings; `Abandoned` ends unrated.
    pub state: GameState,
    /// Every seat, when they changed (replaces the stored seats).
    pub seats: Option<Vec<(Seat, Occupant)>>,
    /// The index in the log of the first of `events`.
    pub first_event: u64,
    /// Events not stored yet.
    pub events: Vec<Event>,
    pub deadline: Option<Timestamp>,
    /// The live board message and when it was posted.
    pub board: Option<(u64, Timestamp)>,
    /// The counter the board message shows, as far as the front end knows
    /// (Discord took it); `None` when it does not know.
    pub board_seq: Option<u64>,
    /// Places by seat index (0 for empty seats), required with `Finished`.
    pub places: Option<[u8; 4]>,
    /// With `Finished`: whether the game counts for ratings, as the front
    /// end's one rule says (the bot's `Venue::is_rated`: a server's game
    /// that is not practice). Kept as `games.rated`, which every rating,
    /// season and rival query reads; ignored before the finish.
    pub rated: bool,
    /// The names the humans went by, by seat: written on their seats when
    /// the game ends (finished or abandoned), ignored before.
    pub names: Vec<(Seat, String)>,
    /// The seats whose human left the running game before a series of
    /// her own (resigned, removed, forfeited): marked when it finishes, so
    /// that she is nobody's opponent in a season (`season_count`).
    pub left_unplayed: Vec<Seat>,
    /// The front end's own state (JSON); dropped once the game is over.
    pub live: String,
}

/// An unfinished game as saved by [`Store::save_live`].
#[derive(Clone, Debug, PartialEq)]
pub struct LiveGame {
    pub info: GameInfo,
    pub live: String,
    pub events: Vec<Event>,
    /// The counter its board message shows, as last saved ([`LiveSave::board_seq`]).
    pub board_seq: Option<u64>,
}

impl Store {
    /// Saves one change (see [`LiveSave`]); returns the humans' rating
    /// changes when the game finished.
    ///
    /// On PostgreSQL a change that does not end the game (nearly all:
    /// every click, and a lobby's joins and start with their seats) is one
    /// statement, one round trip ([`quick_save`]); any other, or one that
    /// statement did not apply, is the transaction of `save_in`, which
    /// also says why a change is refused.
    ///
    /// A save whose answer was lost with its connection (PostgreSQL) is
    /// read back and answered from what is stored (`in_doubt.rs`).
    pub fn save_live(&mut self, id: GameId, save: &LiveSave) -> Result<Vec<RatingChange>, StoreError> {
        self.save_settled(id, save, |store| store.save_once(id, save))
    }

    fn save_once(&mut self, id: GameId, save: &LiveSave) -> Result<Vec<RatingChange>, StoreError> {
        let now = self.now();
        if save.state.is_active() && self.one_statement(|db| quick_save(db, id, save, now))? == Some(true) {
            return Ok(Vec::new());
        }
        self.write(|tx| save_in(tx, id, save, now))
    }

    /// A game saved with [`Store::save_live`], if it is still unfinished.
    pub fn live_game(&self, id: GameId) -> Result<Option<LiveGame>, StoreError> {
        self.read(|db| live_game_in(db, id))
    }

    /// Every unfinished game saved with [`Store::save_live`], oldest first.
    pub fn live_games(&self) -> Result<Vec<LiveGame>, StoreError> {
        let ids: Vec<GameId> = self.read(|db| {
            let rows = db.query(
                "select live games",
                "SELECT id FROM games WHERE state IN ('lobby', 'playing') AND live IS NOT NULL ORDER BY id",
                args![],
            )?;
            rows.iter().map(|r| r.get(0)).collect()
        })?;
        let mut games = Vec::with_capacity(ids.len());
        for id in ids {
            games.extend(self.live_game(id)?);
        }
        Ok(games)
    }
}

/// A change that does not end the game, in one PostgreSQL statement: the
/// game's row updated only if it is still at the counter, state and log
/// length the caller read (the row's lock taken by the UPDATE itself, so a
/// second change of the game waits and then finds the counter moved), the
/// new events appended by the same statement, and, when the seats changed,
/// the seats no longer taken deleted and the others written over (as
/// `save_in` replaces them: each stamped with this change's time).
/// Whether it applied; when not, nothing was written. Seats that swapped
/// places can meet the one-seat-per-player index halfway through the
/// statement: that too is "not applied", and the transaction does it.
fn quick_save(db: &dyn Db, id: GameId, save: &LiveSave, now: Timestamp) -> Result<bool, StoreError> {
    let bodies = save
        .events
        .iter()
        .map(serde_json::to_string)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| corrupt(Some(id), e))?;
    let list = serde_json::to_string(&bodies).map_err(|e| corrupt(Some(id), e))?;
    let (board, posted) = save.board.map_or((None, None), |(m, t)| (Some(m), Some(t)));
    let shown = save.board_seq.map(|s| s as i64);
    let throws = save.events.iter().filter(|e| matches!(e, Event::Throw { .. })).count() as i64;
    const GAME_AND_EVENTS: &str = "WITH g AS (UPDATE games SET seq = ?2, state = ?3, deadline = ?4, \
         board_message_id = ?5, board_posted_at = ?6, live = ?7, updated_at = ?8, board_seq = ?9, \
         events = events + ?10, throws_drawn = throws_drawn + ?11 \
         WHERE id = ?1 AND seq = ?12 AND events = ?13 AND state IN ('lobby', 'playing') RETURNING id), \
         e AS (INSERT INTO events (game_id, idx, v, body) \
         SELECT g.id, ?13::bigint + n - 1, ?14::bigint, body \
         FROM g, json_array_elements_text(?15::text::json) WITH ORDINALITY AS t(body, n)) ";
    const SEATS: &str = ", s AS (SELECT (x->>0)::bigint AS seat, (x->>1)::bigint AS user_id, x->>2 AS computer \
         FROM json_array_elements(?16::text::json) AS x), \
         d AS (DELETE FROM seats WHERE game_id IN (SELECT id FROM g) AND seat NOT IN (SELECT seat FROM s)), \
         u AS (INSERT INTO seats (game_id, seat, user_id, computer, joined_at) \
         SELECT g.id, s.seat, s.user_id, s.computer, ?8 FROM g, s \
         ON CONFLICT (game_id, seat) DO UPDATE SET user_id = excluded.user_id, computer = excluded.computer, \
         joined_at = excluded.joined_at, place = NULL) ";
    let seats = match &save.seats {
        None => None,
        Some(seats) => {
            let rows: Vec<(i64, Option<u64>, Option<&str>)> = seats
                .iter()
                .map(|(seat, occupant)| match occupant {
                    Occupant::Human(u) => (seat.index() as i64, Some(*u), None),
                    Occupant::Computer(level) => (seat.index() as i64, None, Some(level.as_str())),
                })
                .collect();
            Some(serde_json::to_string(&rows).map_err(|e| corrupt(Some(id), e))?)
        }
    };
    let (what, sql) = match seats {
        None => ("save live game in one statement", format!("{GAME_AND_EVENTS}SELECT count(*) FROM g")),
        Some(_) => {
            ("save live game and seats in one statement", format!("{GAME_AND_EVENTS}{SEATS}SELECT count(*) FROM g"))
        }
    };
    let mut values = args![
        id,
        save.seq as i64,
        save.state,
        save.deadline,
        board,
        posted,
        save.live.as_str(),
        now,
        shown,
        save.events.len() as i64,
        throws,
        save.expected_seq as i64,
        save.first_event as i64,
        super::rows::EVENT_V1,
        list
    ]
    .to_vec();
    values.extend(seats.map(super::sql::Value::from));
    match db.query_one(what, &sql, &values) {
        Ok(row) => Ok(row.get::<i64>(0)? == 1),
        Err(e) if super::postgres::is_seating_refused(&e) => Ok(false),
        Err(e) => Err(e),
    }
}

fn save_in(tx: &dyn Db, id: GameId, save: &LiveSave, now: Timestamp) -> Result<Vec<RatingChange>, StoreError> {
    let locked = lock_game(tx, id, Some(save.expected_seq), &[GameState::Lobby, GameState::Playing])?;
    if locked.events != save.first_event {
        return Err(corrupt(Some(id), format!("log has {} events, the caller {}", locked.events, save.first_event)));
    }
    if !save.events.is_empty() {
        insert_events(tx, id, save.first_event, &save.events)?;
    }
    if let Some(seats) = &save.seats {
        tx.execute("reseat", "DELETE FROM seats WHERE game_id = ?1", args![id])?;
        for (seat, occupant) in seats {
            insert_seat(tx, id, *seat, occupant, now)?;
        }
    }
    let live = save.state.is_active().then_some(save.live.as_str());
    let (board, posted) = save.board.map_or((None, None), |(m, t)| (Some(m), Some(t)));
    let shown = save.board_seq.map(|s| s as i64);
    let state = if save.state == GameState::Finished { GameState::Playing } else { save.state };
    let throws = save.events.iter().filter(|e| matches!(e, Event::Throw { .. })).count() as i64;
    tx.execute(
        "save live game",
        "UPDATE games SET seq = ?2, state = ?3, deadline = ?4, board_message_id = ?5, board_posted_at = ?6, \
         live = ?7, updated_at = ?8, board_seq = ?9, events = events + ?10, throws_drawn = throws_drawn + ?11 \
         WHERE id = ?1",
        args![
            id,
            save.seq as i64,
            state,
            save.deadline,
            board,
            posted,
            live,
            now,
            shown,
            save.events.len() as i64,
            throws
        ],
    )?;
    if !save.state.is_active() {
        for (seat, name) in &save.names {
            tx.execute(
                "name seat",
                "UPDATE seats SET name = ?3 WHERE game_id = ?1 AND seat = ?2 AND user_id IS NOT NULL",
                args![id, seat.index() as i64, name.as_str()],
            )?;
        }
    }
    match save.state {
        GameState::Finished => {
            let places = save.places.ok_or_else(|| corrupt(Some(id), "a finished game without places"))?;
            for seat in &save.left_unplayed {
                tx.execute(
                    "mark seat unplayed",
                    "UPDATE seats SET left_unplayed = 1 WHERE game_id = ?1 AND seat = ?2",
                    args![id, seat.index() as i64],
                )?;
            }
            finish(tx, id, places, save.rated, now)
        }
        GameState::Abandoned => {
            tx.execute(
                "abandon game",
                "UPDATE games SET finished_at = ?2, deadline = NULL WHERE id = ?1",
                args![id, now],
            )?;
            Ok(Vec::new())
        }
        GameState::Lobby | GameState::Playing => Ok(Vec::new()),
    }
}

fn live_game_in(db: &dyn Db, id: GameId) -> Result<Option<LiveGame>, StoreError> {
    let row = db.query_opt(
        "select live game",
        "SELECT live, board_seq FROM games WHERE id = ?1 AND state IN ('lobby', 'playing')",
        args![id],
    )?;
    let Some(row) = row else { return Ok(None) };
    let (live, board_seq): (Option<String>, Option<i64>) = (row.get(0)?, row.get(1)?);
    let Some(live) = live else { return Ok(None) };
    let info = read_game(db, id)?.ok_or(StoreError::NoSuchGame(id))?;
    let events = super::queries::events_in(db, id)?;
    Ok(Some(LiveGame { info, live, events, board_seq: board_seq.map(|s| s.max(0) as u64) }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Ruleset, Throw, Variant};
    use crate::store::NewGame;

    fn store_with_lobby() -> (Store, GameId) {
        lobby_of(false)
    }

    fn lobby_of(practice: bool) -> (Store, GameId) {
        lobby_in(1, practice)
    }

    /// A lobby of server `guild` (0: outside servers).
    fn lobby_in(guild: u64, practice: bool) -> (Store, GameId) {
        let mut store = Store::open_in_memory().expect("store");
        let new = NewGame {
            guild,
            channel: 2,
            host: 10,
            ruleset: Ruleset::new(Variant::Bell),
            max_players: 2,
            turn_timeout_secs: 60,
            seed: crate::dice::Seed([7; 32]),
            practice,
            dice: crate::dice::Derivation::CURRENT,
        };
        let id = store.create_game(&new).expect("create");
        (store, id)
    }

    fn save(expected_seq: u64, seq: u64, state: GameState) -> LiveSave {
        LiveSave {
            expected_seq,
            seq,
            state,
            seats: None,
            first_event: 0,
            events: Vec::new(),
            deadline: None,
            board: None,
            board_seq: None,
            places: None,
            rated: true,
            names: Vec::new(),
            left_unplayed: Vec::new(),
            live: format!("{{\"seq\":{seq}}}"),
        }
    }

    fn two_humans() -> Option<Vec<(Seat, Occupant)>> {
        Some(vec![(Seat::S, Occupant::Human(10)), (Seat::N, Occupant::Human(11))])
    }

    #[test]
    fn saves_load_back_and_stale_saves_change_nothing() {
        let (mut store, id) = store_with_lobby();
        store.save_live(id, &LiveSave { seats: two_humans(), ..save(0, 1, GameState::Lobby) }).expect("lobby");
        let throw = Event::Throw { t: Throw::Four };
        let first = LiveSave { events: vec![throw], deadline: Some(Timestamp(99)), ..save(1, 2, GameState::Playing) };
        store.save_live(id, &first).expect("throw");
        let err = store.save_live(id, &LiveSave { first_event: 1, ..save(1, 3, GameState::Playing) });
        assert!(matches!(err, Err(StoreError::Stale { current: 2 })), "{err:?}");
        let live = store.live_game(id).expect("load").expect("unfinished");
        assert_eq!(live.live, "{\"seq\":2}");
        assert_eq!(live.events, vec![throw]);
        assert_eq!((live.info.seq, live.info.state, live.info.deadline), (2, GameState::Playing, Some(Timestamp(99))));
        assert_eq!(live.info.throws_drawn, 1);
        assert_eq!(live.info.seats.len(), 2);
        assert_eq!(store.live_games().expect("all").len(), 1);
    }

    #[test]
    fn a_caller_out_of_step_with_the_log_is_refused() {
        let (mut store, id) = store_with_lobby();
        let wrong = LiveSave { first_event: 3, ..save(0, 1, GameState::Lobby) };
        assert!(matches!(store.save_live(id, &wrong), Err(StoreError::Corrupt { .. })));
        assert_eq!(store.game(id).expect("read").expect("game").seq, 0, "nothing written");
    }

    #[test]
    fn an_ending_keeps_the_names_the_humans_went_by_a_running_save_does_not() {
        let (mut store, id) = store_with_lobby();
        let named = vec![(Seat::S, "Meena".to_string()), (Seat::N, "Arun".to_string())];
        let start = LiveSave { seats: two_humans(), names: named.clone(), ..save(0, 1, GameState::Playing) };
        store.save_live(id, &start).expect("start");
        let names = |store: &Store| -> Vec<Option<String>> {
            let info = store.game(id).expect("read").expect("game");
            info.seats.iter().map(|s| s.name.clone()).collect()
        };
        assert_eq!(names(&store), [None, None], "not while it runs");
        let end = LiveSave { places: Some([2, 0, 1, 0]), names: named, ..save(1, 2, GameState::Finished) };
        store.save_live(id, &end).expect("finish");
        assert_eq!(names(&store), [Some("Meena".to_string()), Some("Arun".to_string())]);
    }

    /// A file of the previous release (schema 11, no names on seats) opens,
    /// and its finished games read with no names.
    #[test]
    fn a_finished_game_of_the_previous_release_reads_without_names() {
        use crate::store::schema::{APPLICATION_ID, MIGRATIONS};
        let dir = std::env::temp_dir().join(format!("thaayam-names-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("previous.db");
        let _ = std::fs::remove_file(&path);
        let old = rusqlite::Connection::open(&path).expect("sqlite");
        for sql in &MIGRATIONS[..11] {
            old.execute_batch(sql).expect("the previous release's schema");
        }
        old.execute_batch(&format!(
            "PRAGMA user_version = 11; PRAGMA application_id = {APPLICATION_ID};
             INSERT INTO games (id, guild_id, channel_id, host_id, variant, ruleset, max_players, state,
                 created_at, updated_at, turn_timeout_secs, seed, commitment)
             VALUES (1, 5, 6, 9, 'bell', '{{}}', 2, 'finished', 1, 2, 60, zeroblob(32), 'c');
             INSERT INTO seats (game_id, seat, user_id, joined_at, place) VALUES (1, 0, 9, 1, 1);"
        ))
        .expect("a finished game, as the previous release saved it");
        let ruleset = serde_json::to_string(&Ruleset::new(Variant::Bell)).expect("json");
        old.execute("UPDATE games SET ruleset = ?1", [ruleset]).expect("its rules");
        drop(old);
        let store = Store::open(&path).expect("the previous release's file opens");
        let info = store.game(GameId(1)).expect("read").expect("the game");
        assert_eq!((info.seats.len(), info.seats[0].name.clone()), (1, None));
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn finishing_rates_the_humans_and_drops_the_live_state() {
        let (mut store, id) = store_with_lobby();
        store.save_live(id, &LiveSave { seats: two_humans(), ..save(0, 1, GameState::Playing) }).expect("start");
        let end = LiveSave { places: Some([2, 0, 1, 0]), ..save(1, 2, GameState::Finished) };
        let changes = store.save_live(id, &end).expect("finish");
        assert_eq!(changes.len(), 2);
        let winner = changes.iter().find(|c| c.user == 11).expect("winner");
        let loser = changes.iter().find(|c| c.user == 10).expect("loser");
        assert_eq!((winner.place, loser.place), (1, 2));
        assert!(winner.after.0 > winner.before.0 && loser.after.0 < loser.before.0);
        let info = store.game(id).expect("read").expect("game");
        assert_eq!(info.state, GameState::Finished);
        assert!(info.revealed_seed.is_some());
        assert!(store.live_game(id).expect("load").is_none());
        assert_eq!(store.leaderboard(1, Variant::Bell, 1, 10).expect("board").len(), 2);
        let again = store.save_live(id, &save(2, 3, GameState::Playing));
        assert!(matches!(again, Err(StoreError::WrongState { .. })));
    }

    #[test]
    fn a_finished_practice_game_saved_unrated_keeps_its_places_and_changes_no_rating() {
        let (mut store, id) = lobby_of(true);
        store.save_live(id, &LiveSave { seats: two_humans(), ..save(0, 1, GameState::Playing) }).expect("start");
        let end = LiveSave { places: Some([2, 0, 1, 0]), rated: false, ..save(1, 2, GameState::Finished) };
        assert!(store.save_live(id, &end).expect("finish").is_empty(), "no rating changes");
        let info = store.game(id).expect("read").expect("game");
        assert!(info.practice);
        assert_eq!(info.state, GameState::Finished);
        assert_eq!(info.seats.iter().filter_map(|s| s.place).collect::<Vec<_>>(), [2, 1]);
        assert!(store.leaderboard(1, Variant::Bell, 0, 10).expect("board").is_empty());
        assert!(store.player_stats(1, 11).expect("stats").is_empty());
        let history = store.channel_history(2, 5).expect("history");
        assert_eq!(history.iter().map(|g| (g.id, g.practice)).collect::<Vec<_>>(), [(id, true)]);
    }

    #[test]
    fn a_game_outside_servers_saved_unrated_keeps_its_places_and_changes_no_rating() {
        let (mut store, id) = lobby_in(0, false);
        store.save_live(id, &LiveSave { seats: two_humans(), ..save(0, 1, GameState::Playing) }).expect("start");
        let end = LiveSave { places: Some([2, 0, 1, 0]), rated: false, ..save(1, 2, GameState::Finished) };
        assert!(store.save_live(id, &end).expect("finish").is_empty(), "no rating changes");
        let info = store.game(id).expect("read").expect("game");
        assert_eq!(info.state, GameState::Finished);
        assert_eq!(info.seats.iter().filter_map(|s| s.place).collect::<Vec<_>>(), [2, 1]);
        assert!(store.leaderboard(0, Variant::Bell, 0, 10).expect("board").is_empty());
        assert!(store.player_stats(0, 11).expect("stats").is_empty());
    }

    #[test]
    fn abandoning_ends_unrated_and_frees_the_channel() {
        let (mut store, id) = store_with_lobby();
        store.save_live(id, &LiveSave { seats: two_humans(), ..save(0, 1, GameState::Playing) }).expect("start");
        let changes = store.save_live(id, &save(1, 2, GameState::Abandoned)).expect("end");
        assert!(changes.is_empty());
        assert_eq!(store.game(id).expect("read").expect("game").state, GameState::Abandoned);
        assert!(store.active_game(2).expect("channel").is_none());
        assert!(store.leaderboard(1, Variant::Bell, 0, 10).expect("board").is_empty());
    }
}
