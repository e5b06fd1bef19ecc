//! PostgreSQL's two ways of saving a change write the same rows and give
//! the same answers: a change that does not end its game is one statement
//! (`quick_save`, the bot's way), falling back to the transaction, which a
//! store with transactions only takes for every change. Each save case (a
//! lobby's first save and a join, seats swapped, the start with its seats,
//! a move with its deadline and board, a stale counter, a log out of step,
//! the board counter alone, the finish) runs on two fresh databases, one
//! each way, on one clock; after every step the answers and every row of
//! both (the games, seats, events, ratings…) are compared. Skipped, and said so,
//! without PostgreSQL.

use crate::common::{Front, new_game};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use thaayam::engine::{Event, Ruleset, Seat, Throw, Variant};
use thaayam::lab::pg_server::{self, PgServer};
use thaayam::store::{Database, GameState, LiveSave, Occupant, Store, Timestamp};

const THROW: Event = Event::Throw { t: Throw::Four };

/// One of the two databases: its store, and a plain connection that reads
/// its rows.
struct Side {
    store: Store,
    rows: postgres::Client,
}

fn side(server: &PgServer, clock: &Arc<AtomicI64>, transactions_only: bool) -> Side {
    let name = server.fresh_name();
    let db = Database::parse(&server.url(&name)).expect("a database's URL");
    let clock = clock.clone();
    let store = Store::open_database(&db).expect("open").with_clock(move || Timestamp(clock.load(Ordering::SeqCst)));
    let store = if transactions_only { store.with_transactions_only() } else { store };
    let rows = postgres::Client::connect(&server.url(&name), postgres::NoTls).expect("a plain connection");
    Side { store, rows }
}

/// Every row of every table, as JSON, table by table in the order of
/// their names and of the rows' text.
fn rows(client: &mut postgres::Client) -> Vec<String> {
    let names = "SELECT table_name::text FROM information_schema.tables \
         WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1";
    let tables: Vec<String> = client.query(names, &[]).expect("tables").iter().map(|r| r.get(0)).collect();
    assert!(tables.iter().any(|t| t == "seats"), "{tables:?}");
    let mut out = Vec::new();
    for table in tables {
        let sql = format!("SELECT row_to_json(t)::text FROM {table} t ORDER BY 1");
        for row in client.query(&sql, &[]).unwrap_or_else(|e| panic!("{sql}: {e}")) {
            out.push(format!("{table}: {}", row.get::<_, String>(0)));
        }
    }
    out
}

/// The seats as (seat index, occupant).
fn seats(list: &[(usize, Occupant)]) -> Option<Vec<(Seat, Occupant)>> {
    Some(list.iter().map(|(i, o)| (Seat::ALL[*i], o.clone())).collect())
}

/// A save case: the change made of what the front end knows.
type Step = Box<dyn Fn(&Front) -> LiveSave>;

#[test]
fn every_save_case_writes_the_same_rows_and_answers_in_one_statement_as_in_a_transaction() {
    let Some(server) = pg_server::shared() else { return };
    let clock = Arc::new(AtomicI64::new(1_000));
    let mut quick = side(server, &clock, false);
    let mut full = side(server, &clock, true);
    let ruleset = Ruleset::new(Variant::Bell);
    let a = quick.store.create_game(&new_game(5, ruleset, 2)).expect("create");
    let b = full.store.create_game(&new_game(5, ruleset, 2)).expect("create");
    assert_eq!(a, b, "two fresh databases number their games alike");
    assert_eq!(rows(&mut quick.rows), rows(&mut full.rows), "the new game");
    let mut game = Front::new(a);
    let (h, easy) = (Occupant::Human, Occupant::Computer("easy".into()));
    let lobby = |game: &Front, list: &[(usize, Occupant)]| LiveSave {
        state: GameState::Lobby,
        seats: seats(list),
        ..game.change(&[])
    };
    let mut steps: Vec<(&str, Step)> = vec![
        ("the host's first save", Box::new(move |g| lobby(g, &[(0, h(100))]))),
        ("a join", Box::new(move |g| lobby(g, &[(0, h(100)), (2, h(101))]))),
        ("seats swapped", Box::new(move |g| lobby(g, &[(0, h(101)), (2, h(100))]))),
        ("a computer in, a human out", Box::new(move |g| lobby(g, &[(0, h(101)), (2, easy.clone())]))),
        (
            "the start with its seats",
            Box::new(move |g| LiveSave { seats: seats(&[(0, h(101)), (2, h(100))]), ..g.change(&[]) }),
        ),
        (
            "a move",
            Box::new(|g| LiveSave {
                deadline: Some(Timestamp(9_000)),
                board: Some((77, Timestamp(1_500))),
                ..g.change(&[THROW, THROW])
            }),
        ),
        ("a choice without events", Box::new(|g| g.change(&[]))),
        ("a stale counter", Box::new(|g| LiveSave { expected_seq: g.seq - 1, ..g.change(&[THROW]) })),
        ("a log out of step", Box::new(|g| LiveSave { first_event: g.events + 1, ..g.change(&[THROW]) })),
        (
            "the board counter alone",
            Box::new(|g| LiveSave {
                seq: g.seq,
                board: Some((77, Timestamp(1_500))),
                board_seq: Some(g.seq),
                ..g.change(&[])
            }),
        ),
        (
            "a new board message",
            Box::new(|g| LiveSave {
                board: Some((78, Timestamp(2_500))),
                board_seq: Some(g.seq),
                ..g.change(&[THROW])
            }),
        ),
        (
            "the finish",
            Box::new(|g| LiveSave {
                state: GameState::Finished,
                places: Some([1, 0, 2, 0]),
                names: vec![(Seat::ALL[0], "Asha".into())],
                ..g.change(&[])
            }),
        ),
    ];
    // The cases the one statement saves (the others fall back to the
    // transaction, or end the game).
    let one_statement = ["a join", "a computer in, a human out", "the start with its seats", "a move"];
    for (n, (case, save)) in steps.drain(..).enumerate() {
        clock.store(2_000 + n as i64 * 1_000, Ordering::SeqCst);
        let save = save(&game);
        let trips = [quick.store.round_trips(), full.store.round_trips()];
        let answers = [quick.store.save_live(a, &save), full.store.save_live(b, &save)].map(|r| format!("{r:?}"));
        assert_eq!(answers[0], answers[1], "{case}: the answers");
        let trips = [quick.store.round_trips() - trips[0], full.store.round_trips() - trips[1]];
        if one_statement.contains(&case) {
            assert!(trips[0] < trips[1], "{case}: one statement against a transaction: {trips:?} exchanges");
        }
        assert_eq!(rows(&mut quick.rows), rows(&mut full.rows), "{case}: the rows");
        let saved = answers[0].starts_with("Ok");
        assert_eq!(saved, !case.contains("stale") && !case.contains("out of step"), "{case}: {}", answers[0]);
        if saved {
            game.seq = save.seq;
            game.events += save.events.len() as u64;
        }
    }
    let finished = quick.store.game(a).expect("read").expect("the game");
    assert_eq!((finished.state, finished.events), (GameState::Finished, 3));
}
