//! The chance side of a turn: the distribution of a whole series of
//! throws (throws that throw again, then one that ends the series), as
//! ordered sequences for search and as a table of "which distances can
//! this series make" for the heuristic's threat estimates.

use crate::engine::fxhash::{FxHashMap, GameKey};
use crate::engine::{DiceModel, Game, Movement, Rules, Throw, ThrowBag};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// Series longer than this many throws-again are ignored (for cowries, a
/// probability mass of (6/16)^5 ≈ 0.7%).
const MAX_AGAIN: usize = 4;

/// Every series of at most `max_again` throws that throw again, with its
/// probability, likeliest first.
pub(crate) fn sequences(dice: &DiceModel, max_again: usize) -> Vec<(Vec<Throw>, f64)> {
    let again: Vec<(Throw, f64)> =
        dice.outcomes.iter().filter(|(t, _)| dice.throws_again(*t)).map(|(t, _)| (*t, dice.probability(*t))).collect();
    let ends: Vec<(Throw, f64)> =
        dice.outcomes.iter().filter(|(t, _)| !dice.throws_again(*t)).map(|(t, _)| (*t, dice.probability(*t))).collect();
    let mut out = Vec::new();
    let mut prefixes: Vec<(Vec<Throw>, f64)> = vec![(Vec::new(), 1.0)];
    for _ in 0..=max_again {
        let mut next = Vec::new();
        for (prefix, p) in &prefixes {
            for &(t, q) in &ends {
                let mut s = prefix.clone();
                s.push(t);
                out.push((s, p * q));
            }
            for &(t, q) in &again {
                let mut s = prefix.clone();
                s.push(t);
                next.push((s, p * q));
            }
        }
        prefixes = next;
    }
    out.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    out
}

/// One class of series: the distances it lets a unit move, with the
/// probability of the class. Bit `d` of a mask is set if distance `d` can
/// be made.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Reach {
    /// A single piece already on the board.
    single: u64,
    /// A pair of twins on the board.
    twins: u64,
    /// A piece entered with one of the series' 1s (bit 0: it stays on the palace).
    enter: u64,
    p: f64,
}

/// Reach masks of every series class, for one dice model and movement.
#[derive(Debug)]
pub(crate) struct SeriesTable {
    reach: Vec<Reach>,
}

impl SeriesTable {
    fn build(dice: &DiceModel, movement: Movement) -> SeriesTable {
        let mut by_masks: HashMap<(u64, u64, u64), f64> = HashMap::new();
        for (seq, p) in sequences(dice, MAX_AGAIN) {
            let bag = ThrowBag::of(&seq);
            let single = sums(bag, movement, false);
            let twins = sums(bag, movement, true);
            let enter = match bag.minus(ThrowBag::of(&[Throw::One])) {
                Some(rest) => 1 | sums(rest, movement, false),
                None => 0,
            };
            *by_masks.entry((single, twins, enter)).or_default() += p;
        }
        let mut reach: Vec<Reach> =
            by_masks.into_iter().map(|((single, twins, enter), p)| Reach { single, twins, enter, p }).collect();
        reach.sort_by(|a, b| {
            b.p.total_cmp(&a.p).then_with(|| (a.single, a.twins, a.enter).cmp(&(b.single, b.twins, b.enter)))
        });
        SeriesTable { reach }
    }

    /// The probability that the next series of a player lets at least one
    /// of her units make its distance: singles any distance of `single`,
    /// twins of `twins`, a newly entered piece of `enter`.
    pub(crate) fn hit(&self, single: u64, twins: u64, enter: u64) -> f64 {
        if single | twins | enter == 0 {
            return 0.0;
        }
        self.reach
            .iter()
            .filter(|r| r.single & single != 0 || r.twins & twins != 0 || r.enter & enter != 0)
            .map(|r| r.p)
            .sum()
    }
}

/// The distinct games the series about to be thrown in `end` can lead to,
/// with their chances, over its `limit` likeliest throw sequences (up to 3
/// throws again): the chance nodes of the lookahead searches.
pub(crate) fn series_outcomes(end: &Game, limit: usize) -> FxHashMap<GameKey, f64> {
    let mut outcomes: FxHashMap<GameKey, f64> = FxHashMap::default();
    for (seq, p) in sequences(end.position().rules().dice, 3).into_iter().take(limit) {
        let mut g = *end;
        if seq.iter().all(|&t| g.throw(t).is_ok()) {
            *outcomes.entry(GameKey(g)).or_default() += p;
        }
    }
    outcomes
}

/// The distances a unit can make with the throws of `bag`.
fn sums(bag: ThrowBag, movement: Movement, twins: bool) -> u64 {
    let mut mask = 0u64;
    for sub in bag.non_empty_subsets() {
        let d = match (movement, twins) {
            (_, false) => sub.sum(),
            (Movement::SumOnce, true) => sub.sum() / 2,
            (Movement::EachThrow, true) => sub.iter_desc().map(|t| u32::from(t.value()) / 2).sum(),
        };
        if (1..64).contains(&d) {
            mask |= 1 << d;
        }
    }
    mask
}

type TableKey = (usize, Movement);

/// The table for a ruleset's dice and movement (built once, then shared).
pub(crate) fn table(rules: &Rules) -> &'static SeriesTable {
    static TABLES: OnceLock<Mutex<Vec<(TableKey, &'static SeriesTable)>>> = OnceLock::new();
    let key = (std::ptr::from_ref(rules.dice) as usize, rules.movement);
    let lock = TABLES.get_or_init(|| Mutex::new(Vec::new()));
    let mut tables = lock.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, t)) = tables.iter().find(|(k, _)| *k == key) {
        return t;
    }
    let t: &'static SeriesTable = Box::leak(Box::new(SeriesTable::build(rules.dice, rules.movement)));
    tables.push((key, t));
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{COWRIES, Ruleset, Variant};

    #[test]
    fn sequences_end_with_a_two_or_three_and_nearly_sum_to_one() {
        let seqs = sequences(&COWRIES, MAX_AGAIN);
        assert!(seqs.iter().all(|(s, _)| matches!(s.last(), Some(Throw::Two | Throw::Three))));
        let total: f64 = seqs.iter().map(|(_, p)| p).sum();
        assert!(total > 0.99 && total <= 1.0 + 1e-12, "{total}");
        assert_eq!(seqs[0], (vec![Throw::Two], 6.0 / 16.0));
    }

    #[test]
    fn hit_chances_follow_the_cowries() {
        let t = table(Ruleset::new(Variant::Bell).rules());
        // Distance 2: every series ending in 2 (6/10 of them), and 1+1 ones.
        let two = t.hit(1 << 2, 0, 0);
        assert!(two > 0.6 && two < 0.7, "{two}");
        // Distance 1 needs a 1 in the series: 1 - P(no 1) = 1 - (10/16)/(1 - 2/16).
        let one = t.hit(1 << 1, 0, 0);
        let want = 1.0 - (10.0 / 16.0) / (1.0 - 2.0 / 16.0);
        assert!((one - want).abs() < 0.01, "{one} vs {want}");
        assert!((t.hit(0, 0, 1) - want).abs() < 0.01, "entering needs a 1 too");
        // Twins need twice the pips: distance 1 is a sum of 2 or 3.
        assert!(t.hit(0, 1 << 1, 0) > 0.6);
        assert_eq!(t.hit(0, 0, 0), 0.0);
        assert!(t.hit(1 << 40, 0, 0) < 0.001);
    }
}
