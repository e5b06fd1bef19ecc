//! Throws, the dice models that produce them (as data), and the two
//! containers the rules need: the ordered series and the unordered bag.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One throw of the dice, of any dice model this crate knows.
///
/// Thaayam's cowries give 1, 2, 3, 4 or 8; Tayam Sonalu's long dice give
/// 0–6 or 8, where a 4 made of 0 + 4 is the special *Sonal*. Each dice model
/// says which of these it can produce, so a position of a given variant
/// never holds a throw its dice cannot make.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Throw {
    Zero = 0,
    One = 1,
    Two = 2,
    Three = 3,
    Four = 4,
    Sonal = 5,
    Five = 6,
    Six = 7,
    Eight = 8,
}

/// How many different throws exist across all dice models.
pub const THROW_KINDS: usize = 9;

impl Throw {
    pub(crate) const ALL: [Throw; THROW_KINDS] = [
        Throw::Zero,
        Throw::One,
        Throw::Two,
        Throw::Three,
        Throw::Four,
        Throw::Sonal,
        Throw::Five,
        Throw::Six,
        Throw::Eight,
    ];

    /// Dense index 0–8, for bags and tables.
    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    /// The number of squares the throw is worth.
    pub(crate) const fn value(self) -> u8 {
        match self {
            Throw::Zero => 0,
            Throw::One => 1,
            Throw::Two => 2,
            Throw::Three => 3,
            Throw::Four | Throw::Sonal => 4,
            Throw::Five => 5,
            Throw::Six => 6,
            Throw::Eight => 8,
        }
    }

    /// The token used in notation: the value, or `s` for Sonal.
    pub(crate) const fn token(self) -> &'static str {
        match self {
            Throw::Zero => "0",
            Throw::One => "1",
            Throw::Two => "2",
            Throw::Three => "3",
            Throw::Four => "4",
            Throw::Sonal => "s",
            Throw::Five => "5",
            Throw::Six => "6",
            Throw::Eight => "8",
        }
    }

    pub fn from_token(s: &str) -> Option<Throw> {
        Throw::ALL.into_iter().find(|t| t.token().eq_ignore_ascii_case(s))
    }
}

impl fmt::Display for Throw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

/// A dice model as data: the outcomes with their weights, which throws
/// throw again and which end a series.
#[derive(Debug)]
pub struct DiceModel {
    /// Outcomes and their weights out of `total`.
    pub(crate) outcomes: &'static [(Throw, u32)],
    pub(crate) total: u32,
    /// The kinds among `outcomes` (bit `i`: kind `i`), asked at every throw.
    outcome_kinds: u16,
    /// The kinds after which the player throws again (others end the
    /// series), likewise.
    again_kinds: u16,
}

impl DiceModel {
    /// A model from its outcomes with their weights and the throws that
    /// throw again.
    const fn new(outcomes: &'static [(Throw, u32)], again: &[Throw]) -> DiceModel {
        let (mut total, mut outcome_kinds, mut again_kinds) = (0, 0u16, 0u16);
        let mut i = 0;
        while i < outcomes.len() {
            total += outcomes[i].1;
            outcome_kinds |= 1 << outcomes[i].0.index();
            i += 1;
        }
        let mut i = 0;
        while i < again.len() {
            again_kinds |= 1 << again[i].index();
            i += 1;
        }
        DiceModel { outcomes, total, outcome_kinds, again_kinds }
    }

    pub(crate) fn can_produce(&self, t: Throw) -> bool {
        self.outcome_kinds & (1 << t.index()) != 0
    }

    pub(crate) fn throws_again(&self, t: Throw) -> bool {
        self.again_kinds & (1 << t.index()) != 0
    }

    /// The probability of a throw.
    pub(crate) fn probability(&self, t: Throw) -> f64 {
        let w = self.outcomes.iter().find(|(o, _)| *o == t).map_or(0, |(_, w)| *w);
        f64::from(w) / f64::from(self.total)
    }

    /// Maps a number in `0..total` to a throw (for throw sources).
    pub(crate) fn throw_for(&self, mut r: u32) -> Throw {
        for &(t, w) in self.outcomes {
            if r < w {
                return t;
            }
            r -= w;
        }
        self.outcomes[self.outcomes.len() - 1].0
    }
}

/// Four cowries: the number of mouths up, none up scoring 8.
pub static COWRIES: DiceModel = DiceModel::new(
    &[(Throw::One, 4), (Throw::Two, 6), (Throw::Three, 4), (Throw::Four, 1), (Throw::Eight, 1)],
    &[Throw::One, Throw::Four, Throw::Eight],
);

/// Two four-sided long dice with faces 0, 1, 2, 4, summed (Tayam Sonalu).
/// A 1 can only be 0 + 1 (Tayam); Sonal is a 4 made of 0 + 4 (2 of the 3
/// ways to make 4). 1, 5 and Sonal throw again.
pub static LONG_DICE: DiceModel = DiceModel::new(
    &[
        (Throw::Zero, 1),
        (Throw::One, 2),
        (Throw::Two, 3),
        (Throw::Three, 2),
        (Throw::Four, 1),
        (Throw::Sonal, 2),
        (Throw::Five, 2),
        (Throw::Six, 2),
        (Throw::Eight, 1),
    ],
    &[Throw::One, Throw::Five, Throw::Sonal],
);

/// The most throws a series may hold. A series grows only while throws
/// that throw again come (probability 6/16 each), so 32 of them in a row
/// has a probability below 10⁻¹³; a longer series is refused as an error
/// rather than silently truncated.
pub const MAX_SERIES: usize = 32;

/// The throws of a series still to be used, in the order thrown.
#[derive(Copy, Clone)]
pub struct ThrowList {
    items: [Throw; MAX_SERIES],
    len: u8,
    /// The same throws as a bag, kept up to date (asked after every action).
    bag: ThrowBag,
}

impl Default for ThrowList {
    fn default() -> Self {
        ThrowList { items: [Throw::Zero; MAX_SERIES], len: 0, bag: ThrowBag::EMPTY }
    }
}

/// Equality and hashing look only at the throws held, never at the spare
/// slots behind them.
impl PartialEq for ThrowList {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for ThrowList {}

impl std::hash::Hash for ThrowList {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl fmt::Debug for ThrowList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// The series is longer than [`MAX_SERIES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SeriesFull;

impl ThrowList {
    pub(crate) fn new() -> Self {
        Self::default()
    }

    pub(crate) fn from_slice(throws: &[Throw]) -> Result<Self, SeriesFull> {
        let mut l = Self::new();
        for &t in throws {
            l.push(t)?;
        }
        Ok(l)
    }

    pub fn as_slice(&self) -> &[Throw] {
        &self.items[..self.len as usize]
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub(crate) fn push(&mut self, t: Throw) -> Result<(), SeriesFull> {
        if self.len() == MAX_SERIES {
            return Err(SeriesFull);
        }
        self.items[self.len()] = t;
        self.len += 1;
        // Written whole (see `ThrowBag::from_word`): the bag is read whole
        // at once (does any throw remain usable?).
        self.bag = ThrowBag::from_word(self.bag.word() + (1 << (8 * t.index())));
        Ok(())
    }

    pub(crate) fn clear(&mut self) {
        self.len = 0;
        self.bag = ThrowBag::EMPTY;
    }

    /// Removes one throw of each kind in `bag` (earliest first).
    /// Returns false, leaving the list unchanged, if the bag is not a part of the list.
    pub(crate) fn remove_bag(&mut self, bag: ThrowBag) -> bool {
        let Some(rest) = self.bag.minus(bag) else {
            return false;
        };
        // Kept throws close up in place: a list built afresh throw by
        // throw and then copied whole stalls the processor (the copy cannot
        // take its bytes from the pending one-byte writes).
        let mut need = bag;
        let mut kept = 0;
        for i in 0..self.len() {
            let t = self.items[i];
            if !need.take(t) {
                self.items[kept] = t;
                kept += 1;
            }
        }
        self.len = kept as u8;
        self.bag = rest;
        true
    }

    /// The throws as an unordered bag.
    pub fn bag(&self) -> ThrowBag {
        self.bag
    }
}

/// A multiset of throws: how many of each kind. Advances use a bag.
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ThrowBag([u8; THROW_KINDS]);

impl fmt::Debug for ThrowBag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl fmt::Display for ThrowBag {
    /// Comma-separated, largest first: `8,4,1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for t in self.iter_desc() {
            if !first {
                f.write_str(",")?;
            }
            first = false;
            f.write_str(t.token())?;
        }
        Ok(())
    }
}

impl ThrowBag {
    pub(crate) const EMPTY: ThrowBag = ThrowBag([0; THROW_KINDS]);

    pub fn of(throws: &[Throw]) -> ThrowBag {
        let mut b = ThrowBag::EMPTY;
        for &t in throws {
            b.add(t);
        }
        b
    }

    pub(crate) fn count(&self, t: Throw) -> u8 {
        self.0[t.index()]
    }

    pub(crate) fn add(&mut self, t: Throw) {
        self.0[t.index()] = self.0[t.index()].saturating_add(1);
    }

    /// Removes one `t`; false if there is none.
    pub(crate) fn take(&mut self, t: Throw) -> bool {
        let c = &mut self.0[t.index()];
        if *c == 0 {
            return false;
        }
        *c -= 1;
        true
    }

    pub fn len(&self) -> usize {
        self.0.iter().map(|&c| usize::from(c)).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0 == [0; THROW_KINDS]
    }

    /// The value of the smallest throw held whose kind index is `kind` or
    /// more (kinds are listed by increasing value).
    #[inline]
    pub(crate) fn least_from(&self, kind: usize) -> Option<u32> {
        let held = self.word() >> (8 * kind);
        (held != 0).then(|| VALUES[kind + held.trailing_zeros() as usize / 8])
    }

    /// The counts as a number, kind `i` in byte `i` (the inverse of
    /// [`ThrowBag::from_word`]).
    #[inline]
    fn word(&self) -> u128 {
        let mut bytes = [0u8; 16];
        bytes[..THROW_KINDS].copy_from_slice(&self.0);
        u128::from_le_bytes(bytes)
    }

    /// The sum of the throws' values.
    pub(crate) fn sum(&self) -> u32 {
        self.0.iter().zip(VALUES).map(|(&c, v)| u32::from(c) * v).sum()
    }

    /// `self − other`; `None` if `other` is not a part of `self`.
    pub fn minus(&self, other: ThrowBag) -> Option<ThrowBag> {
        // All sixteen bytes at once while every count is below 128 (a
        // series holds at most 32 throws): with the top bit of each of
        // `self`'s bytes set, no subtraction borrows from the next byte,
        // and a top bit left clear marks a count that would go below zero.
        const TOP: u128 = u128::from_le_bytes([0x80; 16]);
        let (a, b) = (self.word(), other.word());
        if (a | b) & TOP == 0 {
            let d = (a | TOP) - b;
            return (d & TOP == TOP).then(|| ThrowBag::from_word(d & !TOP));
        }
        let mut out = *self;
        for i in 0..THROW_KINDS {
            out.0[i] = self.0[i].checked_sub(other.0[i])?;
        }
        Some(out)
    }

    /// The throws, largest first.
    pub(crate) fn iter_desc(&self) -> impl Iterator<Item = Throw> + '_ {
        Throw::ALL.iter().rev().flat_map(move |t| std::iter::repeat_n(*t, usize::from(self.count(*t))))
    }

    /// Every non-empty sub-multiset, each exactly once.
    pub(crate) fn non_empty_subsets(&self) -> impl Iterator<Item = ThrowBag> {
        self.subsets_with_sums().map(|(b, _)| b)
    }

    /// [`ThrowBag::non_empty_subsets`], each with its [`ThrowBag::sum`].
    pub(crate) fn subsets_with_sums(&self) -> SubBags {
        // The kinds held, four bits each, the first lowest (a number, for
        // the reason of `from_word`).
        let mut kinds = 0u64;
        let mut n = 0;
        for (i, &c) in self.0.iter().enumerate().rev() {
            if c > 0 {
                kinds = (kinds << 4) | i as u64;
                n += 1;
            }
        }
        SubBags { full: *self, digits: [0; THROW_KINDS], kinds, n, cur: 0, sum: 0, done: n == 0 }
    }

    /// A dense number for hashing (counts above 15 share a code, which is
    /// only a hash collision, never a wrong answer).
    pub(crate) fn code(&self) -> u64 {
        self.0.iter().fold(0u64, |acc, &c| (acc << 5) | u64::from(c.min(31)))
    }

    /// The bag with the counts of the low bytes of `word` (kind `i` in
    /// byte `i`). Built from a number, the bag is written whole: a bag
    /// written count by count and then read whole stalls the processor
    /// (the read cannot take its bytes from the pending narrow writes).
    #[inline]
    fn from_word(word: u128) -> ThrowBag {
        let bytes = word.to_le_bytes();
        let mut out = [0u8; THROW_KINDS];
        out.copy_from_slice(&bytes[..THROW_KINDS]);
        ThrowBag(out)
    }
}

/// The value of a throw of each kind, by kind index.
const VALUES: [u32; THROW_KINDS] = {
    let mut v = [0; THROW_KINDS];
    let mut i = 0;
    while i < THROW_KINDS {
        v[i] = Throw::ALL[i].value() as u32;
        i += 1;
    }
    v
};

/// Iterator over the non-empty sub-multisets of a bag with their sums
/// (odometer order: the first kind the bag holds turns fastest). The
/// current sub-bag is kept as a number ([`ThrowBag::from_word`]).
pub(crate) struct SubBags {
    full: ThrowBag,
    /// How many of each of `kinds` the current sub-bag holds.
    digits: [u8; THROW_KINDS],
    /// The kinds the bag holds, in order, four bits each from the lowest
    /// (the odometer skips the others, which would only stay at zero).
    kinds: u64,
    n: u8,
    cur: u128,
    sum: u32,
    done: bool,
}

impl Iterator for SubBags {
    type Item = (ThrowBag, u32);
    fn next(&mut self) -> Option<(ThrowBag, u32)> {
        if self.done {
            return None;
        }
        for j in 0..usize::from(self.n) {
            let k = ((self.kinds >> (4 * j)) & 0xf) as usize;
            let one = 1u128 << (8 * k);
            if self.digits[j] < self.full.0[k] {
                self.digits[j] += 1;
                self.cur += one;
                self.sum += VALUES[k];
                return Some((ThrowBag::from_word(self.cur), self.sum));
            }
            self.cur -= one * u128::from(self.digits[j]);
            self.sum -= VALUES[k] * u32::from(self.digits[j]);
            self.digits[j] = 0;
        }
        self.done = true;
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cowrie_probabilities_sum_to_one() {
        let total: f64 = COWRIES.outcomes.iter().map(|(t, _)| COWRIES.probability(*t)).sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert_eq!(COWRIES.probability(Throw::Two), 6.0 / 16.0);
        assert_eq!(COWRIES.throw_for(0), Throw::One);
        assert_eq!(COWRIES.throw_for(15), Throw::Eight);
    }

    #[test]
    fn long_dice_match_the_sixteen_face_pairs() {
        let faces = [0u8, 1, 2, 4];
        let mut counts = [0u32; 9];
        for a in faces {
            for b in faces {
                let t = match (a, b) {
                    (0, 4) | (4, 0) => Throw::Sonal,
                    _ => Throw::ALL.into_iter().find(|t| *t != Throw::Sonal && t.value() == a + b).unwrap(),
                };
                counts[t.index()] += 1;
            }
        }
        for &(t, w) in LONG_DICE.outcomes {
            assert_eq!(counts[t.index()], w, "{t}");
        }
        assert_eq!(LONG_DICE.outcomes.iter().map(|(_, w)| w).sum::<u32>(), LONG_DICE.total);
    }

    #[test]
    fn subsets_are_each_counted_once() {
        let b = ThrowBag::of(&[Throw::Eight, Throw::Eight, Throw::One, Throw::Two]);
        let subs: Vec<_> = b.non_empty_subsets().collect();
        assert_eq!(subs.len(), 3 * 2 * 2 - 1);
        let mut dedup = subs.clone();
        dedup.sort();
        dedup.dedup();
        assert_eq!(dedup.len(), subs.len());
        assert!(subs.iter().all(|s| b.minus(*s).is_some() && !s.is_empty()));
    }

    #[test]
    fn lists_with_the_same_throws_are_equal_whatever_was_removed() {
        let mut a = ThrowList::from_slice(&[Throw::Four, Throw::Two]).unwrap();
        a.remove_bag(ThrowBag::of(&[Throw::Four]));
        let mut b = ThrowList::from_slice(&[Throw::Eight, Throw::Two]).unwrap();
        b.remove_bag(ThrowBag::of(&[Throw::Eight]));
        assert_eq!(a, b);
        a.clear();
        assert_eq!(a, ThrowList::new());
    }

    #[test]
    fn list_removes_earliest_of_each_kind() {
        let mut l = ThrowList::from_slice(&[Throw::One, Throw::Four, Throw::One, Throw::Two]).unwrap();
        assert!(l.remove_bag(ThrowBag::of(&[Throw::One, Throw::Two])));
        assert_eq!(l.as_slice(), &[Throw::Four, Throw::One]);
        assert!(!l.remove_bag(ThrowBag::of(&[Throw::Eight])));
        assert_eq!(l.len(), 2);
    }

    #[test]
    fn minus_agrees_with_count_by_count() {
        // Pairs of bags with up to 3 of each kind (a base-4 odometer over
        // the nine kinds, strided), and counts near and above 128.
        let bag = |mut n: u64| {
            let mut b = ThrowBag::EMPTY;
            for k in 0..THROW_KINDS {
                b.0[k] = (n % 4) as u8;
                n /= 4;
            }
            b
        };
        let slow = |a: ThrowBag, b: ThrowBag| -> Option<ThrowBag> {
            let mut out = a;
            for k in 0..THROW_KINDS {
                out.0[k] = a.0[k].checked_sub(b.0[k])?;
            }
            Some(out)
        };
        let (mut some, mut none) = (0, 0);
        for i in (0..1u64 << 18).step_by(997) {
            for j in (0..1u64 << 18).step_by(7919) {
                let (a, b) = (bag(i), bag(j));
                assert_eq!(a.minus(b), slow(a, b), "{a:?} - {b:?}");
                if a.minus(b).is_some() {
                    some += 1
                } else {
                    none += 1
                }
                assert_eq!(a.minus(ThrowBag::EMPTY), Some(a));
                assert_eq!(a.minus(a), Some(ThrowBag::EMPTY));
            }
        }
        assert!(some > 100 && none > 100, "{some} / {none}");
        let mut big = ThrowBag::EMPTY;
        big.0[8] = 200;
        big.0[0] = 127;
        let mut small = ThrowBag::EMPTY;
        small.0[8] = 72;
        small.0[0] = 128;
        assert_eq!(big.minus(small), slow(big, small));
        small.0[0] = 27;
        assert_eq!(big.minus(small), slow(big, small));
        assert!(big.minus(small).is_some());
    }
}
