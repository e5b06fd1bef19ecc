//! Winning as a maximal use (RULES.md section 4): a use of the throws that
//! wins the game counts as maximal whatever it uses, so an action is also
//! legal when a win can still follow it. Whether one can is a search like
//! the maximum's, over the same (army, throw bag) pairs, asked only where a
//! test without search says a win is not out of reach (near the end of a
//! game). Once she has taken an action that only a win allowed, the rest
//! of that use must win: the legal actions are then those after which she
//! can still win (else `bell1979 S=x,x,x,13 … throws=2,1,2,3,8` could go
//! 13 + 8, then 21 + 2 + 1 into the keep: three throws of four, no win).

use super::finish::may_win;
use super::{MoveGen, memo_key, usable_count};
use crate::engine::action::Action;
use crate::engine::position::army_after;
use crate::engine::throw::{Throw, ThrowBag};
use crate::engine::unit::Army;
use crate::engine::variant::Rules;

/// Whether the action `a`, legal for `army` with the throws of `bag`, is
/// legal only because a win can follow it: after it the most throws the
/// position allows can no longer be used. Then the rest of her use of the
/// throws must win (the game remembers it: `Phase::Moving`'s `must_win`).
/// False for an action that spends every throw (nothing is left to use).
/// Searches only where a win is within reach. Asked of every action of a
/// series of several throws, so the usual answer comes first and inline.
#[inline]
pub(crate) fn only_for_the_win(army: &Army, bag: ThrowBag, a: Action, rules: &'static Rules) -> bool {
    // Where pieces are borne off, each needs a 1: the test of `may_win`
    // that usually fails.
    let ones_suffice = rules.home_on_goal || army.has_borne_off(4usize.saturating_sub(bag.count(Throw::One).into()));
    rules.must_use_max && ones_suffice && searched_only_for_the_win(army, bag, a, rules)
}

/// [`only_for_the_win`] past its first test.
#[inline(never)]
fn searched_only_for_the_win(army: &Army, bag: ThrowBag, a: Action, rules: &'static Rules) -> bool {
    // An action that spends every throw leaves nothing to win with; bearing
    // off is possible only with every piece home, where it is the only
    // candidate, so it reaches the maximum.
    if a == Action::BearOff || a.throws() == bag || !may_win(army, bag, rules) || usable_count(bag) < 2 {
        return false;
    }
    let (Some(next), Some(rest)) = (army_after(army, a, rules), bag.minus(a.throws())) else {
        return false;
    };
    // Without search: no win can follow it (or it wins: the game is over).
    if next.borne_off() == 4 || !may_win(&next, rest, rules) {
        return false;
    }
    let mut mg = MoveGen::new();
    mg.prepare(rules);
    let total = usable_count(bag);
    mg.reach(army, bag, a, total, rules) < mg.max_use_at(army, bag, rules, 1)
}

impl MoveGen {
    /// The legal actions once the rest of the use must win: those after
    /// which she can still win. Valid until the next call.
    pub(crate) fn winning_ref(&mut self, army: &Army, bag: ThrowBag, rules: &'static Rules) -> &[Action] {
        self.prepare(rules);
        let mut cands = self.take_buf(0);
        self.cands(army, bag, rules, &mut cands);
        let mut out = std::mem::take(&mut self.scratch);
        out.clear();
        for &a in &cands {
            if self.wins_after(army, bag, a, rules, 1) {
                out.push(a);
            }
        }
        self.bufs[0] = cands;
        self.scratch = out;
        &self.scratch
    }

    /// Whether the action `a` wins, or leaves a position from which a
    /// sequence of actions wins with the rest of `bag`. `depth`: the first
    /// scratch buffer free for the search.
    pub(super) fn wins_after(&mut self, army: &Army, bag: ThrowBag, a: Action, rules: &Rules, depth: usize) -> bool {
        let (Some(next), Some(rest)) = (army_after(army, a, rules), bag.minus(a.throws())) else {
            return false;
        };
        next.borne_off() == 4 || self.can_win(&next, rest, rules, depth)
    }

    /// Whether some sequence of actions wins from `army` with the throws
    /// of `bag`, memoised.
    fn can_win(&mut self, army: &Army, bag: ThrowBag, rules: &Rules, depth: usize) -> bool {
        if !may_win(army, bag, rules) {
            return false;
        }
        let key = memo_key(army, bag);
        if let Some(&wins) = self.win_memo.get(&key) {
            return wins;
        }
        let mut cands = self.take_buf(depth);
        self.cands(army, bag, rules, &mut cands);
        let mut wins = false;
        for &a in &cands {
            if self.wins_after(army, bag, a, rules, depth + 1) {
                wins = true;
                break;
            }
        }
        self.bufs[depth] = cands;
        self.win_memo.insert(key, wins);
        wins
    }
}

#[cfg(test)]
#[path = "wins_tests.rs"]
mod tests;
