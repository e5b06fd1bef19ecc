//! The strength levels offered to users, their names, and a fresh
//! computer player of each.

use super::expert::{EXPERT_BUDGET, Expert};
use super::greedy::Greedy;
use super::random::RandomPlayer;
use super::search::{self, Lookahead, PlanSearch};
use super::strategy::Strategy;
use std::fmt;
use std::str::FromStr;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Action, Game};
    use rand_chacha::ChaCha8Rng;

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
