//! Skill: what each decision gave away. A decision is a use of a series
//! with two or more distinct end positions (a forced use is none); its loss
//! is the player's chance of winning after the best end position minus
//! after the one she chose, both judged by the reference, and a loss past
//! a threshold is labelled.
//!
//! The reference is the expert's own evaluation with a wider search than it
//! plays with ([`REFERENCE_BUDGET`] against [`super::EXPERT_BUDGET`]): the
//! same plans, judged first by the network, then the best six (the expert
//! looks at four) and the one played by a one-series expectimax over the
//! next player's 16 likeliest throw sequences (the expert's 8 cover 87% of
//! a cowrie series' probability, 16 cover 93%). Wider, not deeper: a second
//! series of lookahead multiplies the work again by every reply's sequences
//! and plans, beyond the 2 s a four-player game's analysis may take, while
//! the extra candidates catch the expert's main error (a plan it never
//! looked past the network's first judgement) and the extra sequences the
//! likely replies it ignored. The expert's four candidates are among the
//! reference's six (the same network ranks them), so the expert is judged
//! by a superset of its own search.
//!
//! The per-decision accuracy is lichess's formula from the win chance lost
//! (in points); a game's accuracy is the mean of the arithmetic and the
//! harmonic mean of its decisions' accuracies (lichess mixes a
//! volatility-weighted mean and the harmonic mean).

use super::expert::{Expert, ExpertBudget};
use super::net::Net;
use super::plans::plans;
use super::value::chances;
use crate::engine::fxhash::GameKey;
use crate::engine::{Action, Game, SeriesWalk};
use serde::{Deserialize, Serialize};

/// The reference's search: the expert's, wider ([module docs](self)).
pub const REFERENCE_BUDGET: ExpertBudget =
    ExpertBudget { own_nodes: 20_000, candidates: 6, sequences: 16, reply_nodes: 1_500 };

/// The label thresholds, in chance of winning given away (2, 4 and 8
/// points; calibrated on the levels' play: docs/ai.md, "Analysis").
pub const INACCURACY: f64 = 0.02;
pub const MISTAKE: f64 = 0.04;
pub const BLUNDER: f64 = 0.08;

/// What a costly decision is called.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum Label {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Label {
    /// The label of a decision that gave away `loss` (none below
    /// [`INACCURACY`]).
    pub fn of(loss: f64) -> Option<Label> {
        if loss >= BLUNDER {
            Some(Label::Blunder)
        } else if loss >= MISTAKE {
            Some(Label::Mistake)
        } else if loss >= INACCURACY {
            Some(Label::Inaccuracy)
        } else {
            None
        }
    }
}

/// lichess's accuracy of one move, in percent, from the chance of winning
/// it gave away (`loss`, 0 to 1): 100 for the best, about 80 for 5 points.
pub fn move_accuracy(loss: f64) -> f64 {
    let drop = (loss * 100.0).max(0.0);
    (103.166_8 * (-0.043_54 * drop).exp() - 3.166_9 + 1.0).clamp(0.0, 100.0)
}

/// A player's accuracy over her decisions' losses: the mean of the
/// arithmetic and the harmonic mean of [`move_accuracy`] (`None` without
/// a decision).
pub fn accuracy(losses: &[f64]) -> Option<f64> {
    if losses.is_empty() {
        return None;
    }
    let n = losses.len() as f64;
    let accs: Vec<f64> = losses.iter().map(|&l| move_accuracy(l)).collect();
    let mean = accs.iter().sum::<f64>() / n;
    // A move of accuracy 0 would make the harmonic mean 0: floor at 1.
    let harmonic = n / accs.iter().map(|a| 1.0 / a.max(1.0)).sum::<f64>();
    Some((mean + harmonic) / 2.0)
}

/// A decision judged: the best end found and what the one played gave away.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Judged {
    /// The player's chance after the best end position, and after hers.
    pub(crate) best_chance: f64,
    pub(crate) played_chance: f64,
    /// The best plan's actions and where they end.
    pub(crate) best: Vec<Action>,
    pub(crate) best_end: Game,
}

impl Judged {
    pub(crate) fn loss(&self) -> f64 {
        (self.best_chance - self.played_chance).max(0.0)
    }
}

/// The reference judge of decisions.
pub(crate) struct SkillJudge<'n> {
    net: &'n Net,
    search: Expert,
    walk: SeriesWalk,
    scratch: Vec<(u32, f32)>,
}

impl<'n> SkillJudge<'n> {
    pub(crate) fn new(net: &'n Net) -> Self {
        SkillJudge::with_budget(net, REFERENCE_BUDGET)
    }

    pub(crate) fn with_budget(net: &'n Net, budget: ExpertBudget) -> Self {
        SkillJudge { net, search: Expert::new(budget), walk: SeriesWalk::new(), scratch: Vec::new() }
    }

    /// The use of the series in `start` (Moving) that ended in `played`,
    /// judged; `None` if it was no decision (at most one distinct end).
    pub(crate) fn judge(&mut self, start: &Game, played: &Game) -> Option<Judged> {
        let me = start.position().turn();
        let ps = plans(start, &mut self.walk, REFERENCE_BUDGET.own_nodes);
        if ps.len() < 2 {
            return None;
        }
        let statics: Vec<f64> = ps.iter().map(|p| chances(self.net, &p.end, &mut self.scratch)[me.index()]).collect();
        let mut order: Vec<usize> = (0..ps.len()).collect();
        order.sort_by(|&a, &b| statics[b].total_cmp(&statics[a]).then(a.cmp(&b)));
        order.truncate(REFERENCE_BUDGET.candidates.max(1));
        let mut best: Option<(f64, usize)> = None;
        let mut played_chance = None;
        for &i in &order {
            let c = self.search.expect(self.net, &ps[i].end, me);
            if best.is_none_or(|(b, _)| c > b) {
                best = Some((c, i));
            }
            if GameKey(ps[i].end) == GameKey(*played) {
                played_chance = Some(c);
            }
        }
        let played_chance = played_chance.unwrap_or_else(|| self.search.expect(self.net, played, me));
        let (best_chance, i) = best?;
        let (best_chance, best, best_end) = if played_chance >= best_chance {
            (played_chance, Vec::new(), *played)
        } else {
            (best_chance, ps[i].path.clone(), ps[i].end)
        };
        Some(Judged { best_chance, played_chance, best, best_end })
    }
}

/// Every end position of a use of the series judged by the reference, as
/// the tutor needs it before the player confirms one
/// ([`SkillJudge::judge_ends`]).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct EndsJudged {
    /// The player's chance after each end (in the order given).
    pub(crate) chances: Vec<f64>,
    /// The index of the best end.
    pub(crate) best: usize,
}

impl EndsJudged {
    /// What end `i` gives away against the best (0 for the best; `None`
    /// for an index not judged).
    pub(crate) fn loss(&self, i: usize) -> Option<f64> {
        let best = self.chances.get(self.best)?;
        self.chances.get(i).map(|c| (best - c).max(0.0))
    }
}

impl SkillJudge<'_> {
    /// Every one of `ends` (the distinct ends of the series in `start`)
    /// judged by the reference's lookahead, each as [`Self::judge`] judges
    /// the one played; the best is the best of them all (`judge` looks
    /// past the network at its six best and the one played: a loss here
    /// is at least the review's). `None` when there is no decision (fewer
    /// than two ends).
    pub(crate) fn judge_ends(&mut self, start: &Game, ends: &[Game]) -> Option<EndsJudged> {
        if ends.len() < 2 {
            return None;
        }
        let me = start.position().turn();
        let chances: Vec<f64> = ends.iter().map(|e| self.search.expect(self.net, e, me)).collect();
        let best = (0..chances.len()).fold(0, |b, i| if chances[i] > chances[b] { i } else { b });
        Some(EndsJudged { chances, best })
    }
}

/// [`SkillJudge::judge_ends`] with the stored network of `start`'s table
/// (`None` as well where there is none).
pub(crate) fn judge_ends(start: &Game, ends: &[Game]) -> Option<EndsJudged> {
    let pos = start.position();
    let net = super::value::stored_net(pos.ruleset(), pos.seats().len())?;
    SkillJudge::new(net).judge_ends(start, ends)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_start_at_their_thresholds() {
        assert_eq!(Label::of(0.0), None);
        assert_eq!(Label::of(0.019), None);
        assert_eq!(Label::of(INACCURACY), Some(Label::Inaccuracy));
        assert_eq!(Label::of(0.05), Some(Label::Mistake));
        assert_eq!(Label::of(BLUNDER), Some(Label::Blunder));
        assert_eq!(Label::of(0.5), Some(Label::Blunder));
        assert!(Label::Blunder > Label::Mistake && Label::Mistake > Label::Inaccuracy);
    }

    #[test]
    fn accuracy_follows_lichess_and_punishes_one_blunder_more_than_a_mean_would() {
        assert!((move_accuracy(0.0) - 100.0).abs() < 0.01, "{}", move_accuracy(0.0));
        let five = move_accuracy(0.05);
        assert!((five - 81.0).abs() < 1.0, "{five}");
        assert_eq!(move_accuracy(1.0), 0.0, "clamped");
        assert!(move_accuracy(0.02) > move_accuracy(0.04));
        assert_eq!(accuracy(&[]), None);
        assert!((accuracy(&[0.0, 0.0]).expect("some") - 100.0).abs() < 0.01);
        // Nine perfect decisions and one that gives away half the game.
        let mut losses = vec![0.0; 9];
        losses.push(0.5);
        let a = accuracy(&losses).expect("some");
        let arithmetic = losses.iter().map(|&l| move_accuracy(l)).sum::<f64>() / 10.0;
        assert!(a < arithmetic && a > 50.0, "{a} vs {arithmetic}");
    }

    #[test]
    fn every_end_is_judged_as_the_review_judges_the_one_played_and_one_end_is_no_decision() {
        let start =
            Game::from_position(crate::engine::parse_tpn("bell S=x,x,16,3 N=x,x,x,22 turn=S throws=2").expect("tpn"));
        let ps = plans(&start, &mut SeriesWalk::new(), REFERENCE_BUDGET.own_nodes);
        let ends: Vec<Game> = ps.iter().map(|p| p.end).collect();
        assert!(ends.len() >= 2, "{ends:?}");
        let judged = judge_ends(&start, &ends).expect("a decision");
        assert_eq!(judged.loss(judged.best), Some(0.0));
        assert_eq!(judged.loss(ends.len()), None);
        let net = super::super::value::stored_net(start.position().ruleset(), 2).expect("a network");
        let mut review = SkillJudge::new(net);
        for (i, end) in ends.iter().enumerate() {
            let theirs = review.judge(&start, end).expect("a decision").loss();
            let ours = judged.loss(i).expect("judged");
            assert!(ours + 1e-9 >= theirs, "end {i}: {ours} against the review's {theirs}");
        }
        // Not capturing North's last piece is a blunder by either.
        assert!(ends.iter().enumerate().any(|(i, _)| Label::of(judged.loss(i).unwrap_or(0.0)) == Some(Label::Blunder)));
        assert_eq!(judge_ends(&start, &ends[..1]), None, "a forced move is no decision");
    }
}
