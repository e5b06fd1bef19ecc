//! Guards on the save format: a database written by the release of
//! 2026-11-26 (`tests/data/saved/`: every variant mid-turn with a picked
//! move, a lobby, a practice game, a game with a leaver, a computer, a
//! finished and an ended game) must migrate, load, re-save to the same
//! bytes and play on to its end, with every later release. The JSON each
//! open game saved is also kept as text beside it, one line per game, so
//! that a change to the saved form shows in review. `cargo test --lib
//! write_saved_fixtures -- --ignored` wrote them; never write them again
//! over the committed ones: add a new release's next to them instead.

use super::persist::{create_sync, from_closed, from_live, save_sync};
use super::running::{BoardMessage, Running};
use crate::discord::game::computer::Level;
use crate::discord::game::ids::{ChannelId, GuildId, MessageId, UserId, Venue};
use crate::discord::game::intent::{Actor, Intent};
use crate::discord::game::session;
use crate::discord::game::session_tests::{GUEST, HOST, act, next_intent};
use crate::discord::game::table::{NewGame, Stage, Table};
use crate::engine::{Ruleset, Variant};
use crate::store::{Store, Timestamp};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The release whose saves are pinned.
const RELEASE: &str = "2026-11-26";

fn fixture(ext: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/saved").join(format!("{RELEASE}.{ext}"))
}

/// One game of the fixture: where it is, how it is set up, where it stops.
struct Setup {
    channel: u64,
    variant: Variant,
    players: u8,
    practice: bool,
    /// Seats filled after the host: humans by id, computers by level.
    others: &'static [Other],
    /// Actions to play after the start before stopping at a picked move.
    actions: usize,
    end: End,
}

#[derive(Clone, Copy)]
enum Other {
    Human(UserId),
    Computer(Level),
}

#[derive(Clone, Copy, PartialEq)]
enum End {
    /// Stays a lobby.
    Lobby,
    /// Stops where the player on turn has picked a move, not confirmed.
    MidTurn,
    /// The guest resigns after the start, then as `MidTurn`.
    Leaver,
    /// Played to the end.
    Finished,
    /// The host ends it while it runs.
    Ended,
}

const SETUPS: &[Setup] = &[
    Setup {
        channel: 11,
        variant: Variant::Bell,
        players: 3,
        practice: false,
        others: &[Other::Human(GUEST)],
        actions: 0,
        end: End::Lobby,
    },
    Setup {
        channel: 12,
        variant: Variant::Bell,
        players: 4,
        practice: false,
        others: &[Other::Human(GUEST), Other::Computer(Level::Easy), Other::Human(UserId(303))],
        actions: 25,
        end: End::MidTurn,
    },
    Setup {
        channel: 13,
        variant: Variant::Bell1979,
        players: 2,
        practice: false,
        others: &[Other::Human(GUEST)],
        actions: 30,
        end: End::MidTurn,
    },
    Setup {
        channel: 14,
        variant: Variant::Francais,
        players: 3,
        practice: false,
        others: &[Other::Human(GUEST), Other::Computer(Level::Hard)],
        actions: 20,
        end: End::MidTurn,
    },
    Setup {
        channel: 15,
        variant: Variant::TayamSonalu,
        players: 4,
        practice: false,
        others: &[Other::Human(GUEST), Other::Human(UserId(303)), Other::Human(UserId(404))],
        actions: 40,
        end: End::MidTurn,
    },
    Setup {
        channel: 16,
        variant: Variant::Bell,
        players: 2,
        practice: true,
        others: &[Other::Computer(Level::Expert)],
        actions: 10,
        end: End::MidTurn,
    },
    Setup {
        channel: 17,
        variant: Variant::Bell,
        players: 3,
        practice: false,
        others: &[Other::Human(GUEST), Other::Human(UserId(303))],
        actions: 12,
        end: End::Leaver,
    },
    Setup {
        channel: 18,
        variant: Variant::Bell,
        players: 2,
        practice: false,
        others: &[Other::Human(GUEST)],
        actions: 0,
        end: End::Finished,
    },
    Setup {
        channel: 19,
        variant: Variant::Francais,
        players: 2,
        practice: false,
        others: &[Other::Human(GUEST)],
        actions: 8,
        end: End::Ended,
    },
];

/// One step of play: a computer's if one is to act, else the scripted
/// click of the human on turn.
fn step(t: &mut Table) {
    if session::computer_step(t, 1_000).is_none() {
        let user = t.human_to_act().expect("a human is to act");
        let intent = next_intent(t);
        act(t, user, intent).expect("scripted click");
    }
}

/// Plays a game as the bot would, saving after every change.
fn play(store: &mut Store, s: &Setup) -> Running {
    let new = NewGame {
        venue: Venue::Server(GuildId(7)),
        channel: ChannelId(s.channel),
        host: HOST,
        ruleset: Ruleset::new(s.variant),
        players: s.players,
        turn_timeout: 600,
        moderators_end: false,
        practice: s.practice,
    };
    let mut seed = [0; 32];
    seed[0] = s.channel as u8;
    let mut t = create_sync(store, new, seed).expect("create");
    save_sync(store, &mut t).expect("save lobby");
    for other in s.others {
        match *other {
            Other::Human(user) => act(&mut t.table, user, Intent::Join),
            Other::Computer(level) => act(&mut t.table, HOST, Intent::AddComputer(level)),
        }
        .expect("seat");
        save_sync(store, &mut t).expect("save seat");
    }
    if s.end == End::Lobby {
        return t;
    }
    act(&mut t.table, HOST, Intent::Start).expect("start");
    t.post.board = Some(BoardMessage { message: MessageId(9_000 + s.channel), posted_at: 1_700_000_000_000 });
    save_sync(store, &mut t).expect("save start");
    if s.end == End::Leaver {
        session::handle(&mut t.table, Actor { user: GUEST, moderator: false }, Intent::Resign, None, 1_000)
            .expect("resign");
        save_sync(store, &mut t).expect("save resign");
    }
    for _ in 0..s.actions {
        step(&mut t.table);
        save_sync(store, &mut t).expect("save");
    }
    match s.end {
        End::Finished => {
            while t.table.stage == Stage::Playing {
                step(&mut t.table);
                save_sync(store, &mut t).expect("save");
            }
        }
        End::Ended => {
            act(&mut t.table, HOST, Intent::End).expect("end");
            save_sync(store, &mut t).expect("save end");
        }
        End::MidTurn | End::Leaver => {
            while t.table.draft.actions.is_empty() || t.table.human_to_act().is_none() {
                step(&mut t.table);
                save_sync(store, &mut t).expect("save");
            }
        }
        End::Lobby => {}
    }
    t
}

/// The saved JSON of every open game in the text fixture, by game id.
fn saved_json() -> BTreeMap<i64, String> {
    let text = std::fs::read_to_string(fixture("jsonl")).expect("the text fixture");
    text.lines()
        .map(|line| {
            let (id, json) = line.split_once(' ').expect("`id json`");
            (id.parse().expect("game id"), json.to_string())
        })
        .collect()
}

#[test]
#[ignore = "writes the fixtures of a release; run once per release"]
fn write_saved_fixtures() {
    let (db, text) = (fixture("db"), fixture("jsonl"));
    assert!(!db.exists() && !text.exists(), "{RELEASE}'s fixtures exist: pinned saves are never rewritten");
    std::fs::create_dir_all(db.parent().expect("folder")).expect("folder");
    let mut store = Store::open(&db).expect("store").with_clock(|| Timestamp(1_764_000_000_000));
    let mut lines = String::new();
    for s in SETUPS {
        let t = play(&mut store, s);
        if let Some(live) = store.live_game(t.table.id.into()).expect("read") {
            lines += &format!("{} {}\n", t.table.id, live.live);
        }
    }
    drop(store);
    std::fs::write(&text, lines).expect("write");
}

#[test]
fn tables_saved_by_the_release_of_2026_11_26_load_resave_the_same_and_play_on() {
    let dir = std::env::temp_dir().join(format!("thaayam-saved-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp");
    let db = dir.join("old.db");
    std::fs::copy(fixture("db"), &db).expect("copy the fixture");
    let mut store = Store::open(&db).expect("the old database migrates");
    let mut expected = saved_json();
    let live = store.live_games().expect("read");
    assert_eq!(live.len(), expected.len(), "every open game of the fixture comes back");
    let mut tables = Vec::new();
    for game in live {
        let id = game.info.id.0;
        let json = expected.remove(&id).unwrap_or_else(|| panic!("game {id} is not in the text fixture"));
        assert_eq!(game.live, json, "game {id}: the database holds the text fixture's JSON");
        let t = from_live(game).unwrap_or_else(|e| panic!("game {id} loads: {e}"));
        let again = super::saved::to_json(&t).expect("serialise");
        assert_eq!(again, json, "game {id}: re-saved to the same bytes");
        tables.push(t);
    }
    let stages: Vec<(u64, Stage, bool)> =
        tables.iter().map(|t| (t.table.channel.get(), t.table.stage, t.table.draft.actions.is_empty())).collect();
    assert!(stages.contains(&(11, Stage::Lobby, true)), "{stages:?}");
    assert_eq!(
        stages.iter().filter(|(_, stage, no_pick)| *stage == Stage::Playing && !no_pick).count(),
        6,
        "{stages:?}"
    );
    for mut t in tables {
        if t.table.stage == Stage::Lobby {
            act(&mut t.table, UserId(505), Intent::Join).expect("join the old lobby");
            act(&mut t.table, HOST, Intent::Start).expect("start the old lobby");
        }
        // The pick made before the release still confirms.
        let user = t.table.human_to_act().expect("a human is to act");
        let intent = next_intent(&t.table);
        act(&mut t.table, user, intent).expect("the old turn goes on");
        let mut steps = 0;
        while t.table.stage == Stage::Playing && steps < 20_000 {
            step(&mut t.table);
            save_sync(&mut store, &mut t).unwrap_or_else(|e| panic!("game {}: {e}", t.table.id));
            steps += 1;
        }
        assert_eq!(t.table.stage, Stage::Finished, "game {} plays to its end", t.table.id);
    }
    for id in store.closed_game_ids().expect("closed") {
        let loaded = store.load(id).expect("read").expect("game");
        let t = from_closed(loaded).unwrap_or_else(|e| panic!("closed game {id} rebuilds: {e}"));
        assert!(matches!(t.table.stage, Stage::Finished | Stage::Ended));
    }
    assert_eq!(store.closed_game_ids().expect("closed").len(), 2 + 7, "the two closed games and the seven played on");
    assert_eq!(store.rating_problems().expect("recount"), Vec::<String>::new());
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}
