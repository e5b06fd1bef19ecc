//! The `medium` and `hard` levels: search over complete uses of the
//! series' throws ([`super::plans`]).
//!
//! `medium` ([`PlanSearch`]) scores each plan's end position with the
//! heuristic. `hard` ([`Lookahead`]) keeps the best few plans and scores
//! each by expectimax over the next series: the next player's likeliest
//! throw sequences (a chance node), her reply being her own best plan by
//! the heuristic, the result scored for us. Both remember the chosen
//! plan, so the rest of the series costs nothing.

use super::eval::{Weights, evaluate};
use super::plans::{Plan, plans};
use super::series::series_outcomes;
use super::{Strategy, pick_best};
use crate::engine::fxhash::{FxHashMap, GameKey};
use crate::engine::{Action, Game, Phase, Seat, SeriesWalk};
use rand_chacha::ChaCha8Rng;

/// The search budget of [`Lookahead`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// States visited when enumerating our own plans.
    pub own_nodes: usize,
    /// Plans (best by the heuristic) that get the lookahead.
    pub candidates: usize,
    /// Throw sequences of the next series considered (likeliest first).
    pub sequences: usize,
    /// States visited when enumerating a reply.
    pub reply_nodes: usize,
    /// Series looked ahead (1: the next player's; 2: and the one after).
    pub depth: u8,
}

/// The budget of the `hard` level.
pub const HARD_BUDGET: Budget =
    Budget { own_nodes: 20_000, candidates: 6, sequences: 10, reply_nodes: 1_500, depth: 2 };

/// The node budget of the `medium` level's plan enumeration.
pub(crate) const MEDIUM_NODES: usize = 20_000;

/// Remembers the rest of a chosen plan: state reached → next action.
#[derive(Default)]
pub(crate) struct PlanMemory(FxHashMap<GameKey, Action>);

impl PlanMemory {
    pub(crate) fn recall(&self, game: &Game) -> Option<Action> {
        self.0.get(&GameKey(*game)).copied()
    }

    /// Stores the actions after the first, keyed by the state before each.
    pub(crate) fn store(&mut self, start: &Game, plan: &Plan) {
        self.0.clear();
        let mut g = *start;
        for (i, &a) in plan.path.iter().enumerate() {
            if i > 0 {
                self.0.insert(GameKey(g), a);
            }
            g.act_unchecked(a);
        }
    }
}

/// `medium`: the best plan by the heuristic.
pub struct PlanSearch {
    weights: Weights,
    nodes: usize,
    walk: SeriesWalk,
    memory: PlanMemory,
}

impl PlanSearch {
    pub(crate) fn new() -> Self {
        PlanSearch::with_weights(Weights::DEFAULT)
    }

    pub fn with_weights(weights: Weights) -> Self {
        PlanSearch { weights, nodes: MEDIUM_NODES, walk: SeriesWalk::new(), memory: PlanMemory::default() }
    }
}

impl Default for PlanSearch {
    fn default() -> Self {
        PlanSearch::new()
    }
}

impl Strategy for PlanSearch {
    fn choose(&mut self, game: &Game, rng: &mut ChaCha8Rng) -> Action {
        if let Some(a) = self.memory.recall(game) {
            return a;
        }
        let ps = plans(game, &mut self.walk, self.nodes);
        let me = game.position().turn();
        let scores: Vec<f64> = ps.iter().map(|p| evaluate(&p.end, me, &self.weights)).collect();
        let Some(best) = ps.get(pick_best(&scores, rng)) else {
            return game.legal_actions().first().copied().unwrap_or(Action::Pass);
        };
        self.memory.store(game, best);
        best.path[0]
    }
}

/// `hard`: plans scored by a one-series expectimax lookahead.
pub struct Lookahead {
    weights: Weights,
    budget: Budget,
    walk: SeriesWalk,
    memory: PlanMemory,
}

impl Lookahead {
    pub fn new(budget: Budget) -> Self {
        Lookahead::with_weights(budget, Weights::DEFAULT)
    }

    pub fn with_weights(budget: Budget, weights: Weights) -> Self {
        Lookahead { weights, budget, walk: SeriesWalk::new(), memory: PlanMemory::default() }
    }

    /// The expected score for `me` after the next series from `end`.
    fn expect(&mut self, end: &Game, me: Seat, depth: u8) -> f64 {
        let Some(mover) = end.to_act() else {
            return evaluate(end, me, &self.weights);
        };
        if !matches!(end.phase(), Phase::Throwing { .. }) {
            return evaluate(end, me, &self.weights);
        }
        let (mut sum, mut mass) = (0.0, 0.0);
        for (GameKey(g), p) in series_outcomes(end, self.budget.sequences) {
            sum += p * self.reply(&g, mover, me, depth);
            mass += p;
        }
        if mass > 0.0 { sum / mass } else { evaluate(end, me, &self.weights) }
    }

    /// `mover` answers in `g` with her best plan by the heuristic; then the
    /// score for `me` (looking further while `depth` allows).
    fn reply(&mut self, g: &Game, mover: Seat, me: Seat, depth: u8) -> f64 {
        let end = if matches!(g.phase(), Phase::Moving { .. }) {
            let ps = plans(g, &mut self.walk, self.budget.reply_nodes);
            let w = &self.weights;
            let best = ps.iter().max_by(|a, b| evaluate(&a.end, mover, w).total_cmp(&evaluate(&b.end, mover, w)));
            best.map_or(*g, |p| p.end)
        } else {
            *g
        };
        if depth > 1 { self.expect(&end, me, depth - 1) } else { evaluate(&end, me, &self.weights) }
    }
}

impl Strategy for Lookahead {
    fn choose(&mut self, game: &Game, rng: &mut ChaCha8Rng) -> Action {
        if let Some(a) = self.memory.recall(game) {
            return a;
        }
        let ps = plans(game, &mut self.walk, self.budget.own_nodes);
        let me = game.position().turn();
        let statics: Vec<f64> = ps.iter().map(|p| evaluate(&p.end, me, &self.weights)).collect();
        let mut order: Vec<usize> = (0..ps.len()).collect();
        order.sort_by(|&a, &b| statics[b].total_cmp(&statics[a]).then(a.cmp(&b)));
        order.truncate(self.budget.candidates.max(1));
        let scores: Vec<f64> = if order.len() == 1 {
            vec![0.0]
        } else {
            order.iter().map(|&i| self.expect(&ps[i].end, me, self.budget.depth)).collect()
        };
        let Some(&chosen) = order.get(pick_best(&scores, rng)) else {
            return game.legal_actions().first().copied().unwrap_or(Action::Pass);
        };
        self.memory.store(game, &ps[chosen]);
        ps[chosen].path[0]
    }
}
