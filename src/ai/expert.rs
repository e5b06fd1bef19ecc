//! The `expert` level: plans ([`super::plans`]) judged by the learned
//! evaluation ([`super::value`]): each plan's end position is worth the
//! player's estimated chance of winning. The best few plans then get a
//! one-series expectimax: the next player's likeliest throw sequences,
//! each answered by her best plan by the same evaluation.
//!
//! Where a table's network would play worse than `hard`, `expert` plays
//! as `hard` there ([`NOT_TRUSTED`]; none since the 2-player `francais`
//! network learnt to pass: docs/ai.md).

use super::net::Net;
use super::plans::{Plan, plans};
use super::search::{HARD_BUDGET, Lookahead, PlanMemory};
use super::series::series_outcomes;
use super::value::{chances, stored_net};
use super::{Strategy, pick_best};
use crate::engine::fxhash::GameKey;
use crate::engine::{Action, Game, Phase, Seat, SeriesWalk, Variant};
use rand_chacha::ChaCha8Rng;

/// The search budget of [`Expert`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExpertBudget {
    /// States visited when enumerating our own plans.
    pub own_nodes: usize,
    /// Plans (best by the evaluation) that get the lookahead; 1: none.
    pub candidates: usize,
    /// Throw sequences of the next series considered (likeliest first).
    pub sequences: usize,
    /// States visited when enumerating a reply.
    pub reply_nodes: usize,
}

/// The budget of the `expert` level.
pub const EXPERT_BUDGET: ExpertBudget =
    ExpertBudget { own_nodes: 20_000, candidates: 4, sequences: 8, reply_nodes: 1_500 };

/// Tables (variant, players) whose network does not play well enough
/// yet: `expert` plays as `hard` there. The last, 2-player `francais`,
/// left when its network was allowed to pass in self-play (37% of 400
/// games against `hard` before, 53.25% after).
const NOT_TRUSTED: [(Variant, usize); 0] = [];

/// `expert`: plans judged by the learned chance of winning.
pub struct Expert {
    budget: ExpertBudget,
    walk: SeriesWalk,
    memory: PlanMemory,
    scratch: Vec<(u32, f32)>,
    fallback: Lookahead,
}

impl Expert {
    pub fn new(budget: ExpertBudget) -> Self {
        Expert {
            budget,
            walk: SeriesWalk::new(),
            memory: PlanMemory::default(),
            scratch: Vec::new(),
            fallback: Lookahead::new(HARD_BUDGET),
        }
    }

    /// The chance for `me` after the next series from `end`, by this
    /// budget's lookahead: what the analysis's reference judges an end
    /// position by ([`super::skill`]).
    pub(crate) fn expect(&mut self, net: &Net, end: &Game, me: Seat) -> f64 {
        let here = chances(net, end, &mut self.scratch)[me.index()];
        if !matches!(end.phase(), Phase::Throwing { .. }) {
            return here;
        }
        let (mut sum, mut mass) = (0.0, 0.0);
        for (GameKey(g), p) in series_outcomes(end, self.budget.sequences) {
            sum += p * self.reply(net, &g, me);
            mass += p;
        }
        // The series not looked at are worth what the evaluation says on average.
        sum + (1.0 - mass).max(0.0) * here
    }

    /// The player on turn in `g` answers with her best plan; the chance for `me`.
    fn reply(&mut self, net: &Net, g: &Game, me: Seat) -> f64 {
        if !matches!(g.phase(), Phase::Moving { .. }) {
            return chances(net, g, &mut self.scratch)[me.index()];
        }
        let mover = g.position().turn();
        let ps = plans(g, &mut self.walk, self.budget.reply_nodes);
        let mut best = (f64::NEG_INFINITY, 0.0);
        for p in &ps {
            let c = chances(net, &p.end, &mut self.scratch);
            if c[mover.index()] > best.0 {
                best = (c[mover.index()], c[me.index()]);
            }
        }
        if best.0.is_finite() { best.1 } else { chances(net, g, &mut self.scratch)[me.index()] }
    }

    /// Scores for `ps` (higher is better for `me`).
    fn score(&mut self, net: &Net, ps: &[Plan], me: Seat) -> Vec<f64> {
        let statics: Vec<f64> = ps.iter().map(|p| chances(net, &p.end, &mut self.scratch)[me.index()]).collect();
        if self.budget.candidates <= 1 || ps.len() <= 1 {
            return statics;
        }
        let mut order: Vec<usize> = (0..ps.len()).collect();
        order.sort_by(|&a, &b| statics[b].total_cmp(&statics[a]).then(a.cmp(&b)));
        let mut scores = vec![f64::NEG_INFINITY; ps.len()];
        for &i in order.iter().take(self.budget.candidates) {
            scores[i] = self.expect(net, &ps[i].end, me);
        }
        scores
    }
}

impl Strategy for Expert {
    fn choose(&mut self, game: &Game, rng: &mut ChaCha8Rng) -> Action {
        if let Some(a) = self.memory.recall(game) {
            return a;
        }
        let pos = game.position();
        let table = (pos.ruleset().variant, pos.seats().len());
        let net = stored_net(pos.ruleset(), table.1);
        let Some(net) = net.filter(|_| !NOT_TRUSTED.contains(&table)) else {
            return self.fallback.choose(game, rng);
        };
        let ps = plans(game, &mut self.walk, self.budget.own_nodes);
        let scores = self.score(net, &ps, pos.turn());
        let Some(best) = ps.get(pick_best(&scores, rng)) else {
            return game.legal_actions().first().copied().unwrap_or(Action::Pass);
        };
        self.memory.store(game, best);
        best.path[0]
    }
}
