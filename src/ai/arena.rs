//! Games between computer players: one seeded game at a time, every action
//! checked against the rules. The tournament command and the tests build
//! on this.

use super::Strategy;
use crate::dice::{MAX_EVENTS, ThrowSource};
use crate::engine::{Action, Event, Game, MoveGen, Phase, Ruleset, Seat, SeatSet, Throw, format_tpn};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// How one game ended.
#[derive(Clone, Debug, Default)]
pub struct GameResult {
    /// Places by seat (1 = winner, 0 = empty seat); all 0 if unfinished.
    pub places: [u8; 4],
    pub winner: Option<Seat>,
    /// Every decision: the seat and how long it took.
    pub decisions: Vec<(Seat, Duration)>,
    /// Every throw of the dice, in order. The throws come from their own
    /// stream, apart from the players' generators, so two games with the
    /// same seed draw the same sequence whatever the players choose (the
    /// shorter game's throws begin the longer one's).
    pub throws: Vec<Throw>,
    /// The game's whole log (opening throws included), for the analysis.
    pub events: Vec<Event>,
}

/// A strategy answered with an action the rules do not allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalChoice {
    pub seat: Seat,
    pub action: Action,
    /// The position, in TPN with throws.
    pub tpn: String,
}

impl std::fmt::Display for IllegalChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "seat {} chose the illegal `{}` in {}", self.seat, self.action, self.tpn)
    }
}

impl std::error::Error for IllegalChoice {}

/// A well-mixed 64-bit number from `x` (SplitMix64), for deriving seeds.
pub fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays one game. `players[seat.index()]` plays each seated seat (other
/// entries are ignored). `seed` drives the throws and each seat's own
/// generator, so the same seed and players give the same game.
pub fn play_game(
    ruleset: Ruleset,
    seats: SeatSet,
    players: &mut [Box<dyn Strategy + Send>; 4],
    seed: u64,
) -> Result<GameResult, IllegalChoice> {
    let mut src = ThrowSource::from_u64(mix(seed), ruleset.rules().dice);
    let mut rngs: [ChaCha8Rng; 4] = std::array::from_fn(|i| ChaCha8Rng::seed_from_u64(mix(seed ^ mix(i as u64 + 1))));
    let mut game = Game::new(ruleset, seats);
    let mut mg = MoveGen::new();
    let mut result = GameResult::default();
    let mut events = 0;
    while !game.is_finished() && events < MAX_EVENTS {
        events += 1;
        if game.wants_throw() {
            let t = src.next_throw();
            result.throws.push(t);
            if game.throw(t).is_err() {
                break;
            }
            result.events.push(Event::Throw { t });
            continue;
        }
        let Some(seat) = game.to_act() else { break };
        let start = Instant::now();
        let action = players[seat.index()].choose(&game, &mut rngs[seat.index()]);
        result.decisions.push((seat, start.elapsed()));
        let before = game;
        if game.act(action, &mut mg).is_err() {
            return Err(IllegalChoice { seat, action, tpn: format_tpn(before.position(), true) });
        }
        result.events.push(Event::Act { action });
    }
    if let Phase::Finished { places } = game.phase() {
        result.places = places;
        result.winner = game.position().winner();
    }
    Ok(result)
}
