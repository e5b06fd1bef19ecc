//! Computer players: strategies behind one [`Strategy`] trait, chosen by
//! [`Level`]. Every strategy takes its randomness from the seeded generator
//! it is handed, so the same game and seed give the same decision.
//!
//! - `random`: a uniformly random legal action (the baseline).
//! - `easy`: one-action greedy on the heuristic of [`eval`].
//! - `medium`: enumerates every complete use of the series' throws
//!   ([`plans`]) and picks the best end position by the heuristic.
//! - `hard`: like `medium`, then looks one series further ([`search`]):
//!   the best plans are scored by expectimax over the next player's
//!   likeliest throw sequences, that player answering with its best plan.

pub mod advice;
pub mod analysis;
pub mod arena;
pub mod eval;
pub mod expert;
mod features;
mod greedy;
mod net;
pub(crate) mod plans;
mod random;
pub mod search;
pub(crate) mod series;
pub mod train;
pub mod value;

use crate::engine::{Action, Game};
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::str::FromStr;

pub use expert::{EXPERT_BUDGET, Expert, ExpertBudget};
pub use greedy::Greedy;
pub use net::{BadNet, Net};
pub(crate) use random::RandomPlayer;
pub use search::{Lookahead, PlanSearch};

/// A computer player. Keep one instance per seat for a whole game: the
/// searching levels remember the rest of a chosen plan between the actions
/// of a series.
pub trait Strategy {
    /// One legal action for the player on turn, when `game` is in the
    /// Moving phase (outside it there is none: the answer is `Pass`).
    fn choose(&mut self, game: &Game, rng: &mut ChaCha8Rng) -> Action;
}

/// The strength levels offered to users.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Random,
    Easy,
    Medium,
    Hard,
    Expert,
}

impl Level {
    pub const ALL: [Level; 5] = [Level::Random, Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    pub(crate) const fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// A fresh player of this level.
    pub fn strategy(self) -> Box<dyn Strategy + Send> {
        match self {
            Level::Random => Box::new(RandomPlayer),
            Level::Easy => Box::new(Greedy::new()),
            Level::Medium => Box::new(PlanSearch::new()),
            Level::Hard => Box::new(Lookahead::new(search::HARD_BUDGET)),
            Level::Expert => Box::new(Expert::new(EXPERT_BUDGET)),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown level `{s}` (expected random, easy, medium, hard or expert)"))
    }
}

/// Picks uniformly among the indices whose score is within `eps` of the best.
pub(crate) fn pick_best(scores: &[f64], rng: &mut ChaCha8Rng) -> usize {
    use rand::RngExt;
    let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let ties: Vec<usize> = (0..scores.len()).filter(|&i| scores[i] >= best - 1e-9).collect();
    match ties.len() {
        0 => 0,
        1 => ties[0],
        n => ties[rng.random_range(0..n)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_round_trip_through_text() {
        for l in Level::ALL {
            assert_eq!(l.to_string().parse::<Level>(), Ok(l));
        }
        assert!("grandmaster".parse::<Level>().is_err());
        assert_eq!("HARD".parse::<Level>(), Ok(Level::Hard));
        assert_eq!("expert".parse::<Level>(), Ok(Level::Expert));
    }

    #[test]
    fn outside_the_move_phase_every_level_answers_pass() {
        use crate::engine::{Ruleset, SeatSet, Variant};
        use rand::SeedableRng;
        let seats = SeatSet::for_players(2).expect("2 players");
        let game = Game::new(Ruleset::new(Variant::Bell), seats);
        for l in Level::ALL {
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            assert_eq!(l.strategy().choose(&game, &mut rng), Action::Pass, "{l}");
        }
    }
}
