//! `thaayam store-crash-worker --db PATH` (hidden): plays random computer
//! games through the store forever, printing one line per committed
//! action, so a test can kill it at random moments and check that every
//! acknowledged action survived. On start it resumes the games it finds.
//!
//! Line format: `ack <game id> <seq> <events in log> <last event JSON>`,
//! printed and flushed only after the commit returned.

use crate::dice::ThrowSource;
use crate::dice::new_seed;
use crate::engine::{Event, Game, MoveGen, Phase, Record, Ruleset, Seat, Variant};
use crate::store::{Commit, GameId, NewGame, Occupant, Store, StoreError};
use rand::RngExt;
use std::io::Write;
use std::path::Path;

/// Games played at once.
const POOL: usize = 8;

struct Live {
    id: GameId,
    seq: u64,
    record: Record,
    src: ThrowSource,
}

/// Runs until killed (or until `max_actions` commits, if given).
pub fn run(db: &Path, max_actions: Option<u64>) -> Result<(), String> {
    let mut store = Store::open(db).map_err(|e| e.to_string())?;
    let mut pool = resume(&store).map_err(|e| e.to_string())?;
    let mut rng = rand::rng();
    let mut out = std::io::stdout().lock();
    let mut done = 0u64;
    while max_actions.is_none_or(|m| done < m) {
        while pool.len() < POOL {
            pool.push(new_game(&mut store, &mut rng).map_err(|e| e.to_string())?);
        }
        let i = rng.random_range(0..pool.len());
        let live = &mut pool[i];
        let commit = next_commit(live, &mut rng);
        live.seq = store.commit(live.id, live.seq, &commit).map_err(|e| e.to_string())?;
        let last = live.record.events.last().map(|e| serde_json::to_string(e).unwrap_or_default()).unwrap_or_default();
        writeln!(out, "ack {} {} {} {last}", live.id.0, live.seq, live.record.events.len())
            .map_err(|e| e.to_string())?;
        out.flush().map_err(|e| e.to_string())?;
        if live.record.game().is_finished() {
            pool.swap_remove(i);
        }
        done += 1;
    }
    Ok(())
}

fn resume(store: &Store) -> Result<Vec<Live>, StoreError> {
    let mut pool = Vec::new();
    let fast = store.resume_games()?;
    for (loaded, resumed) in store.unfinished_games()?.into_iter().zip(fast) {
        let record = loaded.replay()?;
        if resumed.game? != *record.game() {
            return Err(StoreError::Corrupt {
                game: Some(loaded.info.id),
                what: "snapshot differs from the log".into(),
            });
        }
        let src = store.throw_source(loaded.info.id)?;
        pool.push(Live { id: loaded.info.id, seq: loaded.info.seq, record, src });
    }
    Ok(pool)
}

fn new_game(store: &mut Store, rng: &mut impl rand::Rng) -> Result<Live, StoreError> {
    let ruleset = Ruleset::new(Variant::ALL[rng.random_range(0..Variant::ALL.len())]);
    let players = rng.random_range(2..=4u8);
    let new = NewGame {
        guild: 1,
        channel: rng.random_range(1..u64::from(u32::MAX)),
        host: 1,
        ruleset,
        max_players: players,
        turn_timeout_secs: 60,
        seed: new_seed(),
    };
    let id = store.create_game(&new)?;
    let mut seq = 0;
    for k in 0..players {
        let occupant = if k == 0 { Occupant::Human(1000 + u64::from(k)) } else { Occupant::Computer("random".into()) };
        seq = store.join(id, seq, &occupant)?.1;
    }
    let (seats, seq) = store.start(id, seq, None)?;
    Ok(Live { id, seq, record: Record::new(ruleset, seats), src: store.throw_source(id)? })
}

/// One to three events (a click), applied to the live record.
fn next_commit(live: &mut Live, rng: &mut impl rand::Rng) -> Commit {
    let mut commit = Commit::default();
    let mut mg = MoveGen::new();
    for _ in 0..rng.random_range(1..=3) {
        let game = *live.record.game();
        if game.is_finished() {
            break;
        }
        let event = choose(&game, &mut live.src, &mut mg, rng);
        if live.record.apply(event).is_err() {
            break;
        }
        commit.events.push(event);
    }
    if let Phase::Finished { places } = live.record.game().phase() {
        commit.finish = Some(places);
    }
    commit.state = Some(*live.record.game());
    commit.activity = live.record.game().to_act().filter(|s| *s == Seat::S).map(|s| (s, crate::store::Activity::Acted));
    commit
}

fn choose(game: &Game, src: &mut ThrowSource, mg: &mut MoveGen, rng: &mut impl rand::Rng) -> Event {
    if game.wants_throw() {
        return Event::Throw { t: src.next_throw() };
    }
    let mut legal = Vec::new();
    game.legal_actions_with(mg, &mut legal);
    let action = legal.get(rng.random_range(0..legal.len().max(1))).copied();
    Event::Act { action: action.unwrap_or(crate::engine::Action::Pass) }
}
