//! Random playouts: a seeded throw source and uniformly random legal
//! actions (drawn without listing them all: `Game::pick_legal_action`),
//! for `simulate`, benchmarks, property tests and replays.

use super::ThrowSource;
use crate::engine::{Action, Event, Game, MoveGen, Record, Ruleset, SeatSet};
use rand::RngExt;

/// A game stops being played after this many events (none has come near
/// it: a 4-player game takes a few hundred).
pub const MAX_EVENTS: usize = 200_000;

/// Counters of one playout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutStats {
    pub(crate) actions: u64,
    pub(crate) series: u64,
    pub(crate) throws: u64,
}

/// Plays one game with random legal actions, returning the record.
pub fn random_game(
    ruleset: Ruleset,
    seats: SeatSet,
    src: &mut ThrowSource,
    mg: &mut MoveGen,
) -> (Record, PlayoutStats) {
    let mut rec = Record::new(ruleset, seats);
    let mut stats = PlayoutStats::default();
    while !rec.game().is_finished() && rec.events.len() < MAX_EVENTS {
        let event = next_event(rec.game(), src, mg, &mut stats);
        if rec.apply(event).is_err() {
            break;
        }
    }
    (rec, stats)
}

/// Plays one game without keeping the log (the fast path for benchmarks).
pub fn random_playout(
    ruleset: Ruleset,
    seats: SeatSet,
    src: &mut ThrowSource,
    mg: &mut MoveGen,
) -> (Game, PlayoutStats) {
    let mut game = Game::new(ruleset, seats);
    let mut stats = PlayoutStats::default();
    let mut events = 0;
    while !game.is_finished() && events < MAX_EVENTS {
        match next_event(&game, src, mg, &mut stats) {
            Event::Throw { t } => {
                if game.throw(t).is_err() {
                    break;
                }
            }
            Event::Act { action } => {
                game.act_unchecked(action);
            }
        }
        events += 1;
    }
    (game, stats)
}

fn next_event(game: &Game, src: &mut ThrowSource, mg: &mut MoveGen, stats: &mut PlayoutStats) -> Event {
    if game.wants_throw() {
        let t = src.next_throw();
        stats.throws += 1;
        if matches!(game.phase(), crate::engine::Phase::Throwing { .. })
            && !game.position().rules().dice.throws_again(t)
        {
            stats.series += 1;
        }
        return Event::Throw { t };
    }
    stats.actions += 1;
    let rng = src.rng();
    let action = game.pick_legal_action(mg, |n| rng.random_range(0..n));
    Event::Act { action: action.unwrap_or(Action::Pass) }
}
