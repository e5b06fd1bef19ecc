//! Advice for the player on turn (the hints of practice games): the end
//! of her series that the `expert` level would reach, and her chance of
//! winning by the learned evaluation ([`super::value`]) now, after that
//! end, and after each end she is offered, so that the caller can name
//! the option to pick in its own words.
//!
//! The end is the expert's own choice (its ranking and lookahead, or
//! `hard`'s where the expert does not trust its network), played out
//! action by action with a fixed seed, so the same game always gets the
//! same advice. The chances are the network's estimate of each end as it
//! stands; the expert's lookahead may prefer an end the estimate puts a
//! little lower.

use super::Strategy;
use super::expert::{EXPERT_BUDGET, Expert};
use super::value::{chances, stored_net};
use crate::engine::{Action, Game, MoveGen, Phase, Seat, in_series};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// At most this many actions in one series (far more than any has).
const MAX_ACTIONS: usize = 256;

/// What the expert advises the player on turn.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    /// The player advised.
    pub seat: Seat,
    /// The actions of the advised use of the throws, from the game given.
    pub path: Vec<Action>,
    /// Where they lead: the end of the series.
    pub best: Game,
    /// Her chance of winning now, from 0 to 1.
    pub before: f64,
    /// Her chance of winning after the advised end.
    pub after: f64,
    /// Her chance of winning after each end she is offered, in their order.
    pub offered: Vec<f64>,
}

/// Advice for the player on turn in `game`, judging also the ends
/// `offered` (games after her series). `None` outside a series to use
/// (the Moving phase) or where no network fits the table.
pub fn advise(game: &Game, offered: &[Game]) -> Option<Advice> {
    if !matches!(game.phase(), Phase::Moving { .. }) {
        return None;
    }
    let pos = game.position();
    let seat = pos.turn();
    let net = stored_net(pos.ruleset(), pos.seats().len())?;
    let (path, best) = expert_end(game, seat)?;
    let mut scratch = Vec::new();
    let mut chance = |g: &Game| chances(net, g, &mut scratch)[seat.index()];
    Some(Advice {
        seat,
        before: chance(game),
        after: chance(&best),
        offered: offered.iter().map(&mut chance).collect(),
        path,
        best,
    })
}

/// The expert plays `seat`'s series out: its actions and the end.
fn expert_end(game: &Game, seat: Seat) -> Option<(Vec<Action>, Game)> {
    let mut expert = Expert::new(EXPERT_BUDGET);
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let mut mg = MoveGen::new();
    let mut g = *game;
    let mut path = Vec::new();
    while in_series(&g, seat) {
        if path.len() >= MAX_ACTIONS {
            return None;
        }
        let action = expert.choose(&g, &mut rng);
        g.act(action, &mut mg).ok()?;
        path.push(action);
    }
    Some((path, g))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::plans::plans;
    use crate::engine::{Ruleset, SeatSet, SeriesWalk, Variant, parse_tpn};

    fn game(tpn: &str) -> Game {
        Game::from_position(parse_tpn(tpn).expect("valid TPN"))
    }

    #[test]
    fn the_advice_is_a_legal_use_of_the_throws_that_ends_the_series() {
        for tpn in [
            "bell S=5,3,o,o N=7,o,o,o turn=S throws=1,4,2",
            "bell1979 S=5,o,o,o N=15,o,o,o turn=S throws=2,2",
            "tayam-sonalu S+=10,4,o,o N+=12,o,o,o turn=S throws=5,2",
        ] {
            let start = game(tpn);
            let advice = advise(&start, &[]).expect("advice");
            let mut g = start;
            for &a in &advice.path {
                g.act(a, &mut MoveGen::new()).expect("a legal path");
            }
            assert_eq!(g, advice.best, "{tpn}");
            let ends = plans(&start, &mut SeriesWalk::new(), 100_000);
            assert!(ends.iter().any(|p| p.end == g), "{tpn}: one of the series' ends");
            assert!((0.0..=1.0).contains(&advice.before) && (0.0..=1.0).contains(&advice.after), "{advice:?}");
            assert_eq!(advise(&start, &[]), Some(advice), "{tpn}: the same advice every time");
        }
    }

    #[test]
    fn every_offered_end_is_judged_and_the_advised_one_as_its_own() {
        let start = game("bell S=5,3,o,o N=7,o,o,o turn=S throws=1,4,2");
        let ends: Vec<Game> = plans(&start, &mut SeriesWalk::new(), 100_000).into_iter().map(|p| p.end).collect();
        assert!(ends.len() > 1, "a choice to make");
        let advice = advise(&start, &ends).expect("advice");
        assert_eq!(advice.offered.len(), ends.len());
        let at = ends.iter().position(|g| *g == advice.best).expect("the advised end is offered");
        assert_eq!(advice.offered[at], advice.after);
        assert!(advice.offered.iter().all(|c| (0.0..=1.0).contains(c)), "{advice:?}");
    }

    #[test]
    fn no_advice_outside_a_series_to_use() {
        let seats = SeatSet::for_players(2).expect("2 players");
        let fresh = Game::new(Ruleset::new(Variant::Bell), seats);
        assert_eq!(advise(&fresh, &[]), None, "the opening throws");
        let throwing = game("bell S=5,o,o,o N=7,o,o,o turn=S");
        assert!(throwing.wants_throw());
        assert_eq!(advise(&throwing, &[]), None);
    }
}
