//! Winning as a maximal use (RULES.md section 4): a use of the throws that
//! wins the game counts as maximal whatever it uses, so an action is also
//! legal when a win can still follow it. Whether one can is a search like
//! the maximum's, over the same (army, throw bag) pairs, asked only where a
//! test without search says a win is not out of reach (near the end of a
//! game). Once she has taken an action that only a win allowed, the rest
//! of that use must win: the legal actions are then those after which she
//! can still win (else `bell1979 S=x,x,x,13 … throws=2,1,2,3,8` could go
//! 13 + 8, then 21 + 2 + 1 into the keep: three throws of four, no win).

use super::{MoveGen, memo_key, usable_count};
use crate::engine::action::Action;
use crate::engine::position::army_after;
use crate::engine::throw::{Throw, ThrowBag};
use crate::engine::unit::{Army, Unit};
use crate::engine::variant::Rules;

/// A necessary condition for the throws of `bag` finishing every piece of
/// `army` not yet finished, checked without search: their values cover the
/// squares still to go (twins move half the sum, so each of their pieces'
/// squares; a piece off the board counted from the entry step), and where
/// pieces are borne off rather than home on the goal, there is a 1 for each.
/// False when nothing is left to finish.
pub(super) fn may_win(army: &Army, bag: ThrowBag, rules: &Rules) -> bool {
    // Each piece not borne off needs a 1 to bear off (the usual answer,
    // asked first).
    if !rules.home_on_goal && !army.has_borne_off(4usize.saturating_sub(bag.count(Throw::One).into())) {
        return false;
    }
    let goal = u32::from(rules.goal());
    let entry = u32::from(rules.entry.step);
    let (mut to_go, mut pieces) = (0u32, 0u32);
    for u in army.units() {
        let from = match u {
            Unit::Borne => continue,
            Unit::Single(s) | Unit::Twins(s) => u32::from(s),
            Unit::Off | Unit::TwinsOff => entry,
        };
        to_go += goal.saturating_sub(from) * u32::from(u.pieces());
        pieces += u32::from(u.pieces());
    }
    if !rules.home_on_goal {
        to_go += pieces;
    }
    pieces > 0 && to_go <= bag.sum()
}

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
mod tests {
    use super::*;
    use crate::engine::{Game, parse_tpn};

    fn army_and_bag(tpn: &str) -> (Army, ThrowBag, &'static Rules) {
        let pos = parse_tpn(tpn).expect("valid TPN");
        (*pos.army(pos.turn()), pos.throws().bag(), pos.rules())
    }

    #[test]
    fn a_win_out_of_reach_is_seen_without_search() {
        // Five squares to go: a 5 covers them, 1 + 2 do not.
        let (army, bag, rules) = army_and_bag("tayam-sonalu S+=x,x,x,79 N=o,o,o,o turn=S throws=5,1,2");
        assert!(may_win(&army, bag, rules));
        let (army, bag, rules) = army_and_bag("tayam-sonalu S+=x,x,x,79 N=o,o,o,o turn=S throws=1,2");
        assert!(!may_win(&army, bag, rules));
        // In the keep, a throw of 1 bears off; a 2 does not.
        let (army, bag, rules) = army_and_bag("bell S=x,x,x,24 N=o,o,o,o turn=S throws=2,2");
        assert!(!may_win(&army, bag, rules));
        let (army, bag, rules) = army_and_bag("bell S=x,x,x,24 N=o,o,o,o turn=S throws=1,2");
        assert!(may_win(&army, bag, rules));
    }

    fn names(actions: &[Action]) -> Vec<String> {
        actions.iter().map(ToString::to_string).collect()
    }

    /// Issue 28's positions: the most throws usable is two (1 and 2), but
    /// the 5 (the 4) wins at once; the win is offered beside them, and
    /// winning drops the throws left.
    #[test]
    fn a_win_with_fewer_throws_is_offered_and_ends_the_game() {
        for (tpn, win) in [
            ("tayam-sonalu S+=x,x,x,79 W=o,o,o,o N=o,o,o,o E=o,o,o,o turn=S throws=5,1,2", "79+5"),
            ("tayam-sonalu S+=x,x,x,80 W+=10,o,o,o N=o,o,o,o E=o,o,o,o turn=S throws=4,1,2", "80+4"),
        ] {
            let mut game = Game::from_position(parse_tpn(tpn).expect("valid TPN"));
            let legal = game.legal_actions();
            let from = &win[..2];
            assert_eq!(names(&legal), [format!("{from}+1"), format!("{from}+2"), win.to_string()], "{tpn}");
            let mut mg = MoveGen::new();
            // The list from the memo is the same (a second call).
            assert_eq!(game.legal_actions_ref(&mut mg), legal.as_slice());
            assert_eq!(game.legal_actions_ref(&mut mg), legal.as_slice());
            let out = game.act(legal[2], &mut mg).expect("the win is legal");
            assert_eq!(out.lost, 2, "{tpn}: the 1 and the 2 are dropped");
            assert!(game.is_finished() && game.position().throws().is_empty(), "{tpn}");
            assert_eq!(game.position().winner(), Some(crate::engine::Seat::S));
        }
    }

    /// After an action that only a win allows, the rest of the use must
    /// win: 13 + 8 leaves 21 with 2, 1, 2, 3, and 21 + 2 + 1 would end in
    /// the keep having used three throws of the four a use can.
    #[test]
    fn after_an_action_only_a_win_allows_the_use_must_win() {
        let tpn = "bell1979 S=x,x,x,13 N=o,o,o,o turn=S throws=2,1,2,3,8";
        let mut game = Game::from_position(parse_tpn(tpn).expect("valid TPN"));
        let legal = names(&game.legal_actions());
        assert!(legal.contains(&"13+8".to_string()) && legal.contains(&"13+2".to_string()), "{legal:?}");
        let mut mg = MoveGen::new();
        let eight = game.legal_actions().into_iter().find(|a| a.to_string() == "13+8").expect("13+8");
        game.act(eight, &mut mg).expect("legal");
        assert_eq!(game.phase(), crate::engine::Phase::Moving { captured: false, must_win: true });
        assert_eq!(names(&game.legal_actions()), ["21+3"]);
        // The same position at the start of a use allows the most throws too.
        let fresh = Game::from_position(*game.position());
        assert_eq!(names(&fresh.legal_actions()), ["21+1", "21+2", "21+3"]);
        // A draw without the list agrees.
        assert_eq!(game.pick_legal_action(&mut mg, |_| 0).map(|a| a.to_string()), Some("21+3".to_string()));
    }

    #[test]
    fn the_search_finds_a_win_of_several_actions() {
        // 80 + 4 and 83 + 1 bring both home; after 80 + 1, nothing does.
        let tpn = "tayam-sonalu S+=x,x,83,80 N=o,o,o,o turn=S throws=4,1,2";
        let (army, bag, rules) = army_and_bag(tpn);
        let game = Game::from_position(parse_tpn(tpn).expect("valid TPN"));
        let mut mg = MoveGen::new();
        let wins: Vec<String> = game
            .legal_actions()
            .into_iter()
            .filter(|&a| mg.wins_after(&army, bag, a, rules, 1))
            .map(|a| a.to_string())
            .collect();
        assert_eq!(wins, ["83+1", "80+4"]);
    }
}
