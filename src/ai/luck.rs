//! The luck of a series of throws, zero-mean by construction (as GNU
//! Backgammon's): the thrower's chance of winning after the best use of
//! the series she got, minus the expectation of that over every series she
//! could have got.
//!
//! The expectation walks the rule set's own throws ([`Game::throw`], so a
//! series ends, is discarded by rule 7 or passes the turn exactly as in
//! play): every series with at most [`EXACT_AGAIN`] throws again is
//! counted exactly, with its probability; all longer series together
//! (for cowries (6/16)^4 ≈ 2% of the probability) are stood for by one
//! series drawn from them by the seeded generator it is handed. That
//! draw's expectation is theirs, so the estimate is unbiased; its error is
//! at most the tail's probability times the spread of the values. A
//! capture that earns another series is in the value of the use that made
//! it (the network judges the position with the capturer to throw again),
//! and the extra series has its own luck.
//!
//! "Best use" is the static judgement by the learned evaluation over the
//! plans ([`super::plans`]), the same for the series got and the series
//! that could have been, so what the player then does with it is skill,
//! not luck ([`super::skill`]).

use super::net::Net;
use super::plans::plans;
use super::value::chances;
use crate::engine::fxhash::{FxHashMap, GameKey};
use crate::engine::{Game, Phase, Seat, SeriesWalk, Throw};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// Throws again counted exactly in the expectation; series with more are
/// sampled (one draw stands for all of them).
pub const EXACT_AGAIN: usize = 3;

/// States visited when looking for the best use of a series (as `expert`).
const PLAN_BUDGET: usize = 20_000;

/// Judges series: the value of the best use of one, and the expectation.
/// Remembers values by game, so the series a game repeats cost once.
pub(crate) struct LuckJudge<'n> {
    net: &'n Net,
    walk: SeriesWalk,
    scratch: Vec<(u32, f32)>,
    memo: FxHashMap<(GameKey, Seat), f64>,
}

impl<'n> LuckJudge<'n> {
    pub(crate) fn new(net: &'n Net) -> Self {
        LuckJudge { net, walk: SeriesWalk::new(), scratch: Vec::new(), memo: FxHashMap::default() }
    }

    /// `seat`'s chance once the series that ended in `g` is used as well
    /// as the evaluation finds (her chance in `g` if it gave her no move).
    pub(crate) fn value(&mut self, g: &Game, seat: Seat) -> f64 {
        if let Some(&v) = self.memo.get(&(GameKey(*g), seat)) {
            return v;
        }
        let here = |j: &mut Self, g: &Game| chances(j.net, g, &mut j.scratch)[seat.index()];
        let v = if matches!(g.phase(), Phase::Moving { .. }) && g.to_act() == Some(seat) {
            let best = plans(g, &mut self.walk, PLAN_BUDGET)
                .iter()
                .map(|p| here(self, &p.end))
                .fold(f64::NEG_INFINITY, f64::max);
            if best.is_finite() { best } else { here(self, g) }
        } else {
            here(self, g)
        };
        self.memo.insert((GameKey(*g), seat), v);
        v
    }

    /// The expectation of [`LuckJudge::value`] over every series the player
    /// on turn in `g` (about to throw) could throw; `rng` draws the one
    /// series that stands for the long ones.
    pub(crate) fn expected(&mut self, g: &Game, rng: &mut ChaCha8Rng) -> f64 {
        let seat = g.position().turn();
        let dice = g.position().rules().dice;
        let mut going = vec![(*g, 1.0)];
        let mut sum = 0.0;
        for _ in 0..=EXACT_AGAIN {
            let mut next = Vec::new();
            for (h, p) in going {
                for &(t, _) in dice.outcomes {
                    let mut after = h;
                    if after.throw(t).is_err() {
                        continue;
                    }
                    let q = p * dice.probability(t);
                    if dice.throws_again(t) {
                        next.push((after, q));
                    } else {
                        sum += q * self.value(&after, seat);
                    }
                }
            }
            going = next;
        }
        let tail: f64 = going.iter().map(|(_, p)| p).sum();
        if let Some(start) = pick(&going, tail, rng) {
            let end = finish_series(start, rng);
            sum += tail * self.value(&end, seat);
        }
        sum
    }

    /// The luck of a series: `seat` threw it from `start` and it ended in
    /// `end`. Also the two terms: (luck, value got, expectation).
    pub(crate) fn luck(&mut self, start: &Game, end: &Game, rng: &mut ChaCha8Rng) -> (f64, f64, f64) {
        let seat = start.position().turn();
        let got = self.value(end, seat);
        let expected = self.expected(start, rng);
        (got - expected, got, expected)
    }
}

/// One of `going` drawn by its probability (of `tail` in all; `None` if
/// there is none).
fn pick(going: &[(Game, f64)], tail: f64, rng: &mut ChaCha8Rng) -> Option<Game> {
    let mut r = rng.random::<f64>() * tail;
    for (g, p) in going {
        if r < *p {
            return Some(*g);
        }
        r -= p;
    }
    going.last().map(|(g, _)| *g)
}

/// Throws drawn from the dice (by their probabilities) until the series of
/// the player on turn in `g` ends.
pub(crate) fn finish_series(mut g: Game, rng: &mut ChaCha8Rng) -> Game {
    let dice = g.position().rules().dice;
    loop {
        let t = draw(dice, rng);
        if g.throw(t).is_err() || !dice.throws_again(t) {
            return g;
        }
    }
}

/// One throw of `dice`, drawn by its probability.
pub(crate) fn draw(dice: &crate::engine::DiceModel, rng: &mut ChaCha8Rng) -> Throw {
    let mut r = rng.random_range(0..dice.total);
    for &(t, w) in dice.outcomes {
        if r < w {
            return t;
        }
        r -= w;
    }
    dice.outcomes[0].0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::value::stored_net;
    use crate::dice::{ThrowSource, random_game};
    use crate::engine::{MoveGen, Record, Ruleset, SeatSet, Variant, parse_tpn};
    use rand::SeedableRng;

    /// Every state of a random game where a series is about to be thrown.
    fn series_starts(variant: Variant, players: usize, seed: u64) -> Vec<Game> {
        let seats = SeatSet::for_players(players).expect("players");
        let ruleset = Ruleset::new(variant);
        let mut src = ThrowSource::from_u64(seed, ruleset.rules().dice);
        let rec: Record = random_game(ruleset, seats, &mut src, &mut MoveGen::new()).0;
        let mut g = Game::new(ruleset, seats);
        let mut out = Vec::new();
        for &e in &rec.events {
            let starts = matches!(g.phase(), Phase::Throwing { .. }) && g.position().throws().is_empty();
            if starts {
                out.push(g);
            }
            g.apply(e).expect("replays");
        }
        out
    }

    #[test]
    fn luck_is_zero_on_average_over_many_random_positions() {
        let mut lucks = Vec::new();
        let mut draw_rng = ChaCha8Rng::seed_from_u64(11);
        let mut tail_rng = ChaCha8Rng::seed_from_u64(12);
        for (variant, players, seed) in
            [(Variant::Bell, 2, 1), (Variant::Bell, 4, 2), (Variant::TayamSonalu, 2, 3), (Variant::Bell1979, 3, 4)]
        {
            let net = stored_net(Ruleset::new(variant), players).expect("a network");
            let mut judge = LuckJudge::new(net);
            // Every fourth start, so the positions spread over the game.
            for start in series_starts(variant, players, seed).into_iter().step_by(4).take(60) {
                let end = finish_series(start, &mut draw_rng);
                lucks.push(judge.luck(&start, &end, &mut tail_rng).0);
            }
        }
        let n = lucks.len() as f64;
        let mean = lucks.iter().sum::<f64>() / n;
        let sd = (lucks.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
        let se = sd / n.sqrt();
        assert!(n >= 150.0, "{n} positions");
        assert!(sd > 0.01, "luck varies: sd {sd}");
        assert!(mean.abs() < 2.5 * se, "mean luck {mean:.4} against a standard error of {se:.4} over {n} series");
    }

    #[test]
    fn a_series_that_wins_at_once_is_lucky_and_one_that_cannot_move_is_not() {
        // South needs a 1 to bear off her last piece and win.
        let start = Game::from_position(parse_tpn("bell S=x,x,x,24 N=x,x,x,20 turn=S").expect("tpn"));
        let net = stored_net(start.position().ruleset(), 2).expect("net");
        let mut judge = LuckJudge::new(net);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut won = start;
        for t in [Throw::One, Throw::Two] {
            won.throw(t).expect("throw");
        }
        let (luck, got, expected) = judge.luck(&start, &won, &mut rng);
        assert_eq!(got, 1.0, "a 1 wins");
        assert!(expected > 0.3 && expected < 0.9 && luck > 0.1, "{luck} {got} {expected}");
        let mut missed = start;
        missed.throw(Throw::Two).expect("throw");
        assert!(judge.luck(&start, &missed, &mut rng).0 < 0.0, "a lone 2 is unlucky");
    }
}
