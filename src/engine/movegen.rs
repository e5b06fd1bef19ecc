//! Legal-action generation, including the "use as many throws as possible"
//! rule (RULES.md section 4).
//!
//! Whether a throw can be used depends only on the player's own pieces and
//! the remaining throws (enemies never block), so the maximum number of
//! throws that can still be used is a function of (own army, throw bag).
//! [`MoveGen`] computes it by depth-first search over actions, memoised on
//! that pair and cut short as soon as a line uses every throw. An action is
//! offered only if spending it still lets the maximum be reached, or a win
//! (a use of the throws that wins counts as maximal, whatever it uses:
//! [`wins`]). The legal actions are likewise a function of that pair, and
//! a [`MoveGen`] remembers them for series of two throws or more.

use super::action::Action;
use super::position::{army_after, distance};
use super::throw::{Throw, ThrowBag};
use super::unit::{Army, Unit};
use super::variant::{Movement, PairEntry, Rules};
use finish::may_win;
use packing::all_usable_by_packing;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

mod finish;
mod packing;
pub(crate) mod wins;

/// Every action the rules allow on its own (the maximum-use rule aside),
/// without duplicates, appended to `out`. `Pass` is not included.
pub fn candidates(army: &Army, bag: ThrowBag, rules: &Rules, out: &mut Vec<Action>) {
    if bag.is_empty() {
        return;
    }
    others(army, bag, rules, out);
    // The sets of throws an advance may use, with their sums: the same for
    // every unit, so listed once.
    if bag.len() == 1 {
        // One throw (most series): one set, without a table to fill.
        advances(army, rules, &[(bag, bag.sum())], out);
        return;
    }
    const SETS: usize = 16;
    let mut sets = [(ThrowBag::EMPTY, 0u32); SETS];
    let mut n_sets = 0;
    match rules.movement {
        Movement::SumOnce => {
            let mut all = bag.subsets_with_sums();
            for set in all.by_ref() {
                if n_sets == SETS {
                    // More than `SETS` (a long series): listed on the heap.
                    let many: Vec<_> = sets.into_iter().chain([set]).chain(all).collect();
                    advances(army, rules, &many, out);
                    return;
                }
                sets[n_sets] = set;
                n_sets += 1;
            }
        }
        Movement::EachThrow => {
            for t in Throw::ALL.into_iter().filter(|t| bag.count(*t) > 0) {
                sets[n_sets] = (ThrowBag::of(&[t]), u32::from(t.value()));
                n_sets += 1;
            }
        }
    }
    advances(army, rules, &sets[..n_sets], out);
}

/// The candidates that are not advances: entering, bearing off, joining
/// twins (`bag` not empty).
fn others(army: &Army, bag: ThrowBag, rules: &Rules, out: &mut Vec<Action>) {
    let ones = bag.count(Throw::One);
    let (off, pair_off) = army.waiting();
    if off || pair_off {
        for &t in rules.entry.throws(army.entered()).iter().filter(|t| bag.count(**t) > 0) {
            if off {
                out.push(if t == Throw::One { Action::Enter } else { Action::EnterWith { throw: t } });
            }
            if pair_off && rules.pair_entry == PairEntry::SinglesForOneThrow {
                out.push(Action::EnterPair { throw: t });
            }
        }
        if ones >= 2 && pair_off && rules.pair_entry == PairEntry::TwinsForTwoOnes {
            out.push(Action::EnterTwins);
        }
    } else if ones >= 1 && !rules.home_on_goal && all_home(army, rules.goal()) {
        // (A piece off the board is not home.)
        out.push(Action::BearOff);
    }
    if rules.twins_step.is_some_and(|s| army.count(Unit::Single(s)) >= 2) {
        out.push(Action::Twins);
    }
}

/// The advances of every unit that may move by each of `sets` (throws and
/// their sum), appended to `out`: one per distinct unit, in army order.
fn advances(army: &Army, rules: &Rules, sets: &[(ThrowBag, u32)], out: &mut Vec<Action>) {
    let goal = rules.goal();
    let once = rules.movement == Movement::SumOnce;
    for i in 0..army.len() {
        let Some(step) = army.step(i) else { continue };
        if step >= goal || (once && army.is_moved(i)) {
            continue;
        }
        // Equal units are neighbours (the army is sorted by unit, then by
        // the moved flag).
        let dup = i > 0 && army.same_unit(i - 1, i) && (!once || army.is_moved(i - 1) == army.is_moved(i));
        if dup {
            continue;
        }
        let twins = army.is_twins_on_board(i);
        let room = goal - step;
        for &(throws, sum) in sets {
            let d = distance(rules, twins, sum);
            if d >= 1 && d <= room {
                out.push(Action::Advance { from: step, twins, throws });
            }
        }
    }
}

/// Whether any throw of `bag` can be used (else the series is over, unless
/// [`only_joining_left`]), without search: some action that spends a throw
/// exists. (Declaring twins spends none; the two singles it needs could
/// move on their own, unless both have advanced in this series.)
pub(crate) fn any_usable(army: &Army, bag: ThrowBag, rules: &Rules) -> bool {
    // The smallest throw worth 1 or more, and worth 2 or more.
    let Some(least1) = bag.least_from(Throw::One.index()) else {
        // Nothing, or throws of 0 only: nothing moves or enters.
        return false;
    };
    let least2 = bag.least_from(Throw::Two.index());
    let goal = rules.goal();
    let ones = bag.count(Throw::One);
    let once = rules.movement == Movement::SumOnce;
    // A unit that can advance (the usual answer), then entering and
    // bearing off.
    let advance = (0..army.len()).any(|i| {
        let Some(step) = army.step(i) else { return false };
        if step >= goal || (once && army.is_moved(i)) {
            return false;
        }
        let room = u32::from(goal - step);
        if !army.is_twins_on_board(i) {
            return least1 <= room;
        }
        // Twins move half the sum: the smallest usable total is the smallest
        // throw of 2 or more, or (summing) two 1s.
        let least = match (once && ones >= 2, least2) {
            (true, Some(v)) => v.min(2),
            (true, None) => 2,
            (false, Some(v)) => v,
            (false, None) => return false,
        };
        least / 2 <= room
    });
    if advance {
        return true;
    }
    let (off, pair_off) = army.waiting();
    if off || pair_off {
        let can_enter = rules.entry.throws(army.entered()).iter().any(|t| bag.count(*t) > 0);
        let pair_enters = match rules.pair_entry {
            PairEntry::SinglesForOneThrow => can_enter,
            PairEntry::TwinsForTwoOnes => ones >= 2,
        };
        return (off && can_enter) || (pair_off && pair_enters);
    }
    ones >= 1 && !rules.home_on_goal && all_home(army, goal)
}

/// Whether joining twins is left to do though no throw can be used (then
/// the series is not over): two of her singles stand on the twins' step
/// and a throw is left, which joining needs but does not spend (RULES.md
/// section 4, Twins). It matters where she may stop at any time
/// (`francais`), when both pieces reached the step in this series (a piece
/// that has not advanced yet could use any throw). Where she must use the
/// most throws the position cannot arise: in `bell` a throw left could
/// have been added to the advance of one of the two pieces, taking it at
/// most 8 squares past step 8, so a use that leaves it is not maximal; in
/// `bell1979` a piece may move again, so a single on step 8 can use it.
pub(crate) fn only_joining_left(army: &Army, bag: ThrowBag, rules: &Rules) -> bool {
    !rules.must_use_max && !bag.is_empty() && rules.twins_step.is_some_and(|s| army.count(Unit::Single(s)) >= 2)
}

/// The throws of `bag` that could ever be used: all but throws of 0,
/// which move nothing.
fn usable_count(bag: ThrowBag) -> u8 {
    (bag.len() - usize::from(bag.count(Throw::Zero))) as u8
}

/// With one usable throw in `bag`: whether candidate `a` is legal. Every
/// action that spends the throw is; joining twins (which spends none) only
/// if the throw stays usable after it.
fn spends_or_keeps_usable(army: &Army, bag: ThrowBag, a: Action, rules: &Rules) -> bool {
    a != Action::Twins || army.after(a, rules).is_some_and(|n| any_usable(&n, bag, rules))
}

/// All non-borne pieces stand in the keep (as singles) and there is one.
fn all_home(army: &Army, goal: u8) -> bool {
    let mut any = false;
    for i in 0..army.len() {
        if army.is_borne(i) {
            continue;
        }
        if army.step(i) == Some(goal) && !army.is_twins_on_board(i) {
            any = true;
        } else {
            return false;
        }
    }
    any
}

#[derive(Default)]
struct FoldHasher(u64);

impl Hasher for FoldHasher {
    /// The multiply leaves the low bits, which pick the bucket, to the low
    /// bits of the key alone (the last unit of the army and the largest
    /// throws): folding the high half down spreads every bit of the key.
    /// Without it, lookups probed long chains (4-player `bell`: 650
    /// instructions per lookup, a fifth of all the work).
    fn finish(&self) -> u64 {
        let h = self.0;
        (h ^ (h >> 32)).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (h >> 29)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }
}

/// The key of both memos: the army and the throws.
fn memo_key(army: &Army, bag: ThrowBag) -> u128 {
    (u128::from(army.code()) << 64) | u128::from(bag.code())
}

type Memo = HashMap<u128, u8, BuildHasherDefault<FoldHasher>>;

/// Reusable scratch space for move generation (keep one per thread in hot
/// loops; a fresh one per call is also fine). The memo holds answers for
/// one set of rules: it is emptied when a call brings other rules.
#[derive(Default)]
pub struct MoveGen {
    memo: Memo,
    /// Whether a win can be reached, for the pairs where it was asked.
    win_memo: WinMemo,
    /// The address of the rules the memo's answers are for (`legal` takes
    /// only the static rule sets, so an address names one).
    memo_rules: usize,
    /// Earlier answers of [`MoveGen::legal_ref`]: where in `answers` the legal
    /// actions for an (army, throw bag) pair are kept.
    legal_memo: LegalMemo,
    answers: Vec<Action>,
    bufs: Vec<Vec<Action>>,
    /// The answer when it is not one of the memo's.
    scratch: Vec<Action>,
    /// What each candidate of a search can reach (throws used).
    reach: Vec<u8>,
    /// The sub-bags of bags of several throws with their sums, as
    /// [`ThrowBag::subsets_with_sums`] lists them: where in `set_list`.
    sets: SetMemo,
    set_list: Vec<(ThrowBag, u32)>,
}

type WinMemo = HashMap<u128, bool, BuildHasherDefault<FoldHasher>>;

type SetMemo = HashMap<u64, (u32, u32), BuildHasherDefault<FoldHasher>>;

/// How many bags' sub-bags `MoveGen` keeps before it starts afresh (a few
/// hundred bags come up in a game).
const SETS_LIMIT: usize = 4096;

type LegalMemo = HashMap<u128, (u32, u32), BuildHasherDefault<FoldHasher>>;

/// How many answers of `max_use_at` (and of the win search) the memo keeps
/// before it starts afresh.
const MEMO_LIMIT: usize = 4096;

/// How many (army, throw bag) pairs the memo of legal actions keeps, and how
/// many actions in all, before it starts afresh (about 14 MB at most). Most
/// pairs come back: 4-player `bell` games found 88% of them already met
/// over 20,000 games, 29% within the last 4,096.
const LEGAL_MEMO_LIMIT: usize = 1 << 17;
const ANSWERS_LIMIT: usize = 1 << 20;

/// Draws among the candidates before [`MoveGen::pick_legal`] lists the
/// legal actions instead.
const PICK_TRIES: usize = 16;

impl MoveGen {
    pub fn new() -> Self {
        Self::default()
    }

    /// Empties the memos when `rules` are not those of their answers, or
    /// when they are full.
    fn prepare(&mut self, rules: &'static Rules) {
        let rules_id = std::ptr::from_ref(rules) as usize;
        if self.memo_rules != rules_id {
            self.memo.clear();
            self.win_memo.clear();
            self.legal_memo.clear();
            self.answers.clear();
            self.sets.clear();
            self.set_list.clear();
            self.memo_rules = rules_id;
        }
        if self.memo.len() > MEMO_LIMIT {
            self.memo.clear();
        }
        if self.win_memo.len() > MEMO_LIMIT {
            self.win_memo.clear();
        }
        if self.sets.len() > SETS_LIMIT {
            self.sets.clear();
            self.set_list.clear();
        }
        if self.legal_memo.len() > LEGAL_MEMO_LIMIT || self.answers.len() > ANSWERS_LIMIT {
            self.legal_memo.clear();
            self.answers.clear();
        }
    }

    /// The legal actions for a player with `army` and the throws in `bag`
    /// (at the start of a use of them, or while it need not win), answered
    /// in place: the list stays valid until the next call (random playouts
    /// pick one action without copying the list). Empty when no throw can
    /// be used (the series is over).
    pub(crate) fn legal_ref(&mut self, army: &Army, bag: ThrowBag, rules: &'static Rules) -> &[Action] {
        self.prepare(rules);
        let mut out = std::mem::take(&mut self.scratch);
        out.clear();
        // One throw is answered faster than looked up (also with a hasher
        // that spreads the keys: looking them up made 4-player `bell` 5%
        // fewer instructions but slower, as the memo outgrew the caches). Up
        // to 31 throws the key names the pair exactly (a count of 32 would
        // share a code).
        if !(2..32).contains(&bag.len()) {
            self.search_legal(army, bag, rules, &mut out);
            self.scratch = out;
            return &self.scratch;
        }
        let key = memo_key(army, bag);
        if let Some(&(start, end)) = self.legal_memo.get(&key) {
            self.scratch = out;
            return &self.answers[start as usize..end as usize];
        }
        self.search_legal(army, bag, rules, &mut out);
        let start = self.answers.len();
        self.answers.extend_from_slice(&out);
        self.legal_memo.insert(key, (start as u32, self.answers.len() as u32));
        self.scratch = out;
        &self.answers[start..]
    }

    /// [`MoveGen::legal_ref`] without its memo.
    fn search_legal(&mut self, army: &Army, bag: ThrowBag, rules: &Rules, out: &mut Vec<Action>) {
        let mut cands = self.take_buf(0);
        self.cands(army, bag, rules, &mut cands);
        if !rules.must_use_max {
            out.extend_from_slice(&cands);
            if !cands.is_empty() {
                out.push(Action::Pass);
            }
        } else {
            let total = usable_count(bag);
            if total == 1 {
                // One usable throw (the common case).
                out.extend(cands.iter().copied().filter(|&a| spends_or_keeps_usable(army, bag, a, rules)));
                self.bufs[0] = cands;
                return;
            }
            // The most throws each candidate leads to; the maximum of the
            // position is the largest of them, and the legal actions are
            // those that reach it or can still win.
            let mut reach = std::mem::take(&mut self.reach);
            reach.clear();
            let mut best = 0;
            for &a in &cands {
                let v = self.reach(army, bag, a, total, rules);
                best = best.max(v);
                reach.push(v);
            }
            if best > 0 {
                // Whether a win is within reach, asked once and only if a
                // candidate falls short of the maximum.
                let mut winnable = None;
                for (&a, &v) in cands.iter().zip(&reach) {
                    if v == best
                        || (*winnable.get_or_insert_with(|| may_win(army, bag, rules))
                            && self.wins_after(army, bag, a, rules, 1))
                    {
                        out.push(a);
                    }
                }
            }
            self.reach = reach;
        }
        self.bufs[0] = cands;
    }

    /// [`candidates`], with the sub-bags of a bag of several throws
    /// remembered rather than listed again (summing variants).
    fn cands(&mut self, army: &Army, bag: ThrowBag, rules: &Rules, out: &mut Vec<Action>) {
        if bag.len() < 2 || bag.len() >= 32 || rules.movement != Movement::SumOnce {
            candidates(army, bag, rules, out);
            return;
        }
        others(army, bag, rules, out);
        // Up to 31 throws the code names the bag exactly.
        let (start, end) = *self.sets.entry(bag.code()).or_insert_with(|| {
            let start = self.set_list.len() as u32;
            self.set_list.extend(bag.subsets_with_sums());
            (start, self.set_list.len() as u32)
        });
        advances(army, rules, &self.set_list[start as usize..end as usize], out);
    }

    /// The most throws that can be used when the first action is `a`
    /// (`total`: the usable throws of `bag`).
    fn reach(&mut self, army: &Army, bag: ThrowBag, a: Action, total: u8, rules: &Rules) -> u8 {
        let used = a.throws();
        if used.len() as u8 == total {
            // An action that spends every throw reaches any maximum.
            return total;
        }
        match (army_after(army, a, rules), bag.minus(used)) {
            (Some(next), Some(rest)) => used.len() as u8 + self.max_use_at(&next, rest, rules, 1),
            _ => 0,
        }
    }

    /// One of [`MoveGen::legal_ref`]'s actions, each as likely as the others
    /// when `pick(n)` draws uniformly from `0..n`; `None` when there is none.
    ///
    /// It does not list the legal actions: it draws among the candidates
    /// (each once in [`candidates`]) until one is legal, so the accepted one
    /// is uniform over the legal actions. Where "use as many throws as
    /// possible" holds and several throws are usable, a drawn candidate is
    /// legal if it still reaches the position's maximum (every throw, or
    /// else the maximum asked once) or can still win: a draw or two
    /// instead of a search per candidate (about 30). After [`PICK_TRIES`]
    /// misses it falls back to the list, also uniform.
    pub(crate) fn pick_legal(
        &mut self,
        army: &Army,
        bag: ThrowBag,
        rules: &'static Rules,
        mut pick: impl FnMut(usize) -> usize,
    ) -> Option<Action> {
        self.prepare(rules);
        let total = usable_count(bag);
        let mut cands = self.take_buf(0);
        self.cands(army, bag, rules, &mut cands);
        // `Some(answer)`, or `None`: ask the list.
        let drawn = if cands.is_empty() {
            Some(None)
        } else if !rules.must_use_max {
            // Every candidate, and passing.
            Some(Some(cands.get(pick(cands.len() + 1)).copied().unwrap_or(Action::Pass)))
        } else if total == 1 {
            // As `search_legal` with one usable throw.
            let mut found = None;
            for _ in 0..PICK_TRIES {
                let a = cands[pick(cands.len())];
                if spends_or_keeps_usable(army, bag, a, rules) {
                    found = Some(Some(a));
                    break;
                }
            }
            found
        } else if total >= 2 {
            // The position's maximum, asked only when a drawn candidate
            // falls short of using every throw (usually none does).
            let mut best = None;
            let mut found = None;
            let mut winnable = None;
            for _ in 0..PICK_TRIES {
                let a = cands[pick(cands.len())];
                let reach = self.reach(army, bag, a, total, rules);
                if reach < total && best.is_none() {
                    best = Some(self.max_use_at(army, bag, rules, 1));
                }
                if best == Some(0) {
                    found = Some(None);
                    break;
                }
                if reach == total
                    || Some(reach) == best
                    || (*winnable.get_or_insert_with(|| may_win(army, bag, rules))
                        && self.wins_after(army, bag, a, rules, 1))
                {
                    found = Some(Some(a));
                    break;
                }
            }
            found
        } else {
            None
        };
        self.bufs[0] = cands;
        match drawn {
            Some(answer) => answer,
            None => {
                let legal = self.legal_ref(army, bag, rules);
                (!legal.is_empty()).then(|| legal[pick(legal.len())])
            }
        }
    }

    fn take_buf(&mut self, depth: usize) -> Vec<Action> {
        while self.bufs.len() <= depth {
            self.bufs.push(Vec::new());
        }
        let mut b = std::mem::take(&mut self.bufs[depth]);
        b.clear();
        b
    }

    fn max_use_at(&mut self, army: &Army, bag: ThrowBag, rules: &Rules, depth: usize) -> u8 {
        let total = usable_count(bag);
        if total == 0 {
            return 0;
        }
        if all_usable_by_packing(army, bag, rules) {
            return total;
        }
        let key = memo_key(army, bag);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut cands = self.take_buf(depth);
        self.cands(army, bag, rules, &mut cands);
        let mut best = 0;
        for &a in &cands {
            let used = a.throws();
            let (Some(next), Some(rest)) = (army_after(army, a, rules), bag.minus(used)) else {
                continue;
            };
            let v = used.len() as u8 + self.max_use_at(&next, rest, rules, depth + 1);
            best = best.max(v);
            if best == total {
                break;
            }
        }
        self.bufs[depth] = cands;
        self.memo.insert(key, best);
        best
    }
}

#[cfg(test)]
mod tests;
