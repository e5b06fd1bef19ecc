//! Units (a single piece, a pair of twins, a piece off or borne off) and a
//! player's army of them, always kept in canonical order.

use serde::{Deserialize, Serialize};

/// One unit of a player's four pieces.
///
/// Declaration order is the canonical order of RULES.md section 7 once the
/// steps are compared high to low (see [`Unit::sort_key`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Unit {
    /// Borne off: finished (`x`).
    Borne,
    /// A pair of twins on a step (`tN`); counts as two pieces.
    Twins(u8),
    /// A single piece on a step (`N`).
    Single(u8),
    /// Captured twins waiting off the board together (`to`, `francais` only).
    TwinsOff,
    /// A piece off the board: never entered, or captured (`o`).
    Off,
}

impl Unit {
    /// How many of the four pieces this unit is.
    pub(crate) const fn pieces(self) -> u8 {
        match self {
            Unit::Twins(_) | Unit::TwinsOff => 2,
            _ => 1,
        }
    }

    /// The step, for units on the board.
    pub(crate) const fn step(self) -> Option<u8> {
        match self {
            Unit::Single(s) | Unit::Twins(s) => Some(s),
            _ => None,
        }
    }

    pub(crate) const fn is_twins(self) -> bool {
        matches!(self, Unit::Twins(_) | Unit::TwinsOff)
    }

    /// Canonical order: `x`, then steps high to low (twins before singles),
    /// then `to`, then `o`.
    pub(crate) const fn sort_key(self) -> u16 {
        match self {
            Unit::Borne => 0,
            Unit::Twins(s) => 1 + (255 - s as u16) * 2,
            Unit::Single(s) => 2 + (255 - s as u16) * 2,
            Unit::TwinsOff => 0x2000,
            Unit::Off => 0x2001,
        }
    }
}

/// A player's pieces: up to four units (four singles at most), in canonical
/// order, each with a flag saying whether it has advanced in this series.
///
/// Each unit is stored as its sort key with the moved flag in the lowest
/// bit, so keeping the canonical order is a sort of four small integers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Army {
    keys: [u16; 4],
    len: u8,
    /// She has entered a piece (kept only where the first entry is special).
    entered: bool,
}

const OFF_KEY: u16 = Unit::Off.sort_key() << 1;
const TWINS_OFF_KEY: u16 = Unit::TwinsOff.sort_key() << 1;

fn encode(u: Unit, moved: bool) -> u16 {
    (u.sort_key() << 1) | u16::from(moved)
}

fn decode(key: u16) -> Unit {
    match key >> 1 {
        0 => Unit::Borne,
        0x2000 => Unit::TwinsOff,
        0x2001 => Unit::Off,
        k => {
            let step = (255 - (k - 1) / 2) as u8;
            if (k - 1) % 2 == 0 { Unit::Twins(step) } else { Unit::Single(step) }
        }
    }
}

impl Default for Army {
    /// Four pieces off the board: the start of the game.
    fn default() -> Self {
        Army { keys: [OFF_KEY; 4], len: 4, entered: false }
    }
}

impl Army {
    /// An army from units whose pieces must add up to four (checked by the
    /// caller, see `Setup`).
    pub(crate) fn from_units(units: &[Unit]) -> Army {
        let mut a = Army { keys: [OFF_KEY; 4], len: 0, entered: false };
        for &u in units.iter().take(4) {
            a.keys[a.len()] = encode(u, false);
            a.len += 1;
        }
        a.sort();
        a
    }

    pub(crate) fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether she has entered a piece (tracked where the first entry is
    /// special: Tayam Sonalu).
    pub(crate) fn entered(&self) -> bool {
        self.entered
    }

    pub(crate) fn set_entered(&mut self, entered: bool) {
        self.entered = entered;
    }

    /// The units in canonical order.
    pub(crate) fn units(&self) -> impl ExactSizeIterator<Item = Unit> + Clone + '_ {
        self.keys[..self.len()].iter().map(|&k| decode(k))
    }

    pub(crate) fn unit(&self, i: usize) -> Unit {
        decode(self.keys[i])
    }

    /// The step of unit `i`, if it stands on the board (read from its key,
    /// without building the unit).
    #[inline]
    pub(crate) fn step(&self, i: usize) -> Option<u8> {
        let k = self.keys[i] >> 1;
        if k == 0 || k >= 0x2000 { None } else { Some((255 - (k - 1) / 2) as u8) }
    }

    /// Whether unit `i` is a pair of twins on the board.
    #[inline]
    pub(crate) fn is_twins_on_board(&self, i: usize) -> bool {
        let k = self.keys[i] >> 1;
        k != 0 && k < 0x2000 && k & 1 == 1
    }

    /// Whether unit `i` is borne off.
    #[inline]
    pub(crate) fn is_borne(&self, i: usize) -> bool {
        self.keys[i] >> 1 == 0
    }

    /// Whether units `i` and `j` are the same unit (moved flags aside).
    #[inline]
    pub(crate) fn same_unit(&self, i: usize, j: usize) -> bool {
        self.keys[i] >> 1 == self.keys[j] >> 1
    }

    pub(crate) fn is_moved(&self, i: usize) -> bool {
        self.keys[i] & 1 == 1
    }

    /// The number of pieces (always four in a valid position).
    pub fn pieces(&self) -> u8 {
        self.units().map(|u| u.pieces()).sum()
    }

    /// How many of its units are `u` (moved in this series or not).
    pub fn count(&self, u: Unit) -> usize {
        let k = encode(u, false);
        self.keys[..self.len()].iter().filter(|&&x| x | 1 == k | 1).count()
    }

    pub(crate) fn find(&self, u: Unit) -> Option<usize> {
        let k = encode(u, false);
        self.keys[..self.len()].iter().position(|&x| x | 1 == k | 1)
    }

    /// Whether a single piece and whether a pair wait off the board (`x`,
    /// `to`): one look at the army (`x` sorts last).
    #[inline]
    pub(crate) fn waiting(&self) -> (bool, bool) {
        let keys = &self.keys[..self.len()];
        let off = keys.last().is_some_and(|&k| k | 1 == OFF_KEY | 1);
        let pair = keys.iter().any(|&k| k | 1 == TWINS_OFF_KEY | 1);
        (off, pair)
    }

    /// The index of a unit equal to `u` that has not advanced this series.
    pub(crate) fn find_unmoved(&self, u: Unit) -> Option<usize> {
        let k = encode(u, false);
        self.keys[..self.len()].iter().position(|&x| x == k)
    }

    /// Whether any piece stands on the board (steps 0 to the goal).
    pub(crate) fn has_piece_on_board(&self) -> bool {
        (0..self.len()).any(|i| self.step(i).is_some())
    }

    /// Pieces on the board (twins count two).
    pub fn on_board(&self) -> u8 {
        self.units().filter(|u| u.step().is_some()).map(|u| u.pieces()).sum()
    }

    /// How many of her pieces are borne off (home, in Tayam Sonalu): four
    /// when she has won.
    pub fn borne_off(&self) -> u8 {
        self.count(Unit::Borne) as u8
    }

    /// Whether at least `n` of her pieces are borne off, read from one
    /// key: borne pieces are single units and come first.
    #[inline]
    pub(crate) fn has_borne_off(&self, n: usize) -> bool {
        n == 0 || (n <= self.len() && self.keys[n - 1] >> 1 == 0)
    }

    /// Replaces unit `i` (keeps canonical order).
    ///
    /// The others are in order, so each keeps its rank among them, one
    /// further on if it is not below the new key, which goes after those
    /// below it. The keys are gathered in one number and written whole: an
    /// army written key by key and then copied whole (as `army_after`
    /// returns it) stalls the processor, the copy waiting for the narrow
    /// writes to reach the cache.
    pub(crate) fn set(&mut self, i: usize, u: Unit, moved: bool) {
        let (keys, n, new) = (self.keys, self.len(), encode(u, moved));
        let mut all = 0u64;
        let (mut rank, mut below) = (0, 0);
        for (j, &k) in keys.iter().enumerate() {
            if j >= n {
                all |= u64::from(k) << (16 * j);
            } else if j != i {
                all |= u64::from(k) << (16 * (rank + usize::from(k >= new)));
                below += usize::from(k < new);
                rank += 1;
            }
        }
        all |= u64::from(new) << (16 * below);
        self.keys = [all as u16, (all >> 16) as u16, (all >> 32) as u16, (all >> 48) as u16];
    }

    /// Removes unit `i`.
    pub(crate) fn remove(&mut self, i: usize) {
        let n = self.len();
        self.keys.copy_within(i + 1..n, i);
        self.keys[n - 1] = OFF_KEY;
        self.len -= 1;
    }

    /// Adds a unit. There is room when the pieces add up to four; a fifth
    /// unit would replace the last one (callers remove before they push).
    pub(crate) fn push(&mut self, u: Unit, moved: bool) {
        let i = self.len().min(3);
        self.keys[i] = encode(u, moved);
        self.len = (i + 1) as u8;
        self.sort();
    }

    /// Forgets which units advanced (a new series begins).
    pub(crate) fn clear_moved(&mut self) {
        for k in &mut self.keys {
            *k &= !1;
        }
        self.sort();
    }

    fn sort(&mut self) {
        let n = self.len();
        for i in 1..n {
            let mut j = i;
            while j > 0 && self.keys[j - 1] > self.keys[j] {
                self.keys.swap(j - 1, j);
                j -= 1;
            }
        }
    }

    /// A compact code of the whole army, moved flags included (for memo keys).
    pub(crate) fn code(&self) -> u64 {
        let start = u64::from(self.len) | (u64::from(self.entered) << 3);
        self.keys[..self.len()].iter().fold(start, |c, &k| (c << 15) ^ u64::from(k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_order() {
        let a = Army::from_units(&[Unit::Off, Unit::Single(3), Unit::Borne]);
        assert_eq!(a.units().collect::<Vec<_>>(), [Unit::Borne, Unit::Single(3), Unit::Off]);
        let b = Army::from_units(&[Unit::Single(8), Unit::Twins(8), Unit::TwinsOff]);
        assert_eq!(b.units().collect::<Vec<_>>(), [Unit::Twins(8), Unit::Single(8), Unit::TwinsOff]);
    }

    /// `set` puts the new key where a sort would, for every unit, index,
    /// moved flag and army of up to four units.
    #[test]
    fn set_keeps_the_canonical_order() {
        let units = [
            Unit::Borne,
            Unit::Off,
            Unit::TwinsOff,
            Unit::Single(0),
            Unit::Single(8),
            Unit::Twins(8),
            Unit::Single(23),
        ];
        let mut checked = 0;
        for len in 1..=4usize {
            for code in 0..units.len().pow(len as u32) {
                let picked: Vec<Unit> =
                    (0..len).map(|d| units[code / units.len().pow(d as u32) % units.len()]).collect();
                let army = Army::from_units(&picked);
                for i in 0..len {
                    for (&u, moved) in units.iter().zip([false, true].into_iter().cycle()) {
                        let mut got = army;
                        got.set(i, u, moved);
                        let mut keys: Vec<u16> = (0..len).map(|j| army.keys[j]).collect();
                        keys[i] = encode(u, moved);
                        keys.sort_unstable();
                        assert_eq!(&got.keys[..len], &keys[..], "{picked:?} set {i} to {u:?}");
                        assert_eq!(&got.keys[len..], &army.keys[len..]);
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 10_000);
    }

    #[test]
    fn remove_and_push_keep_order() {
        let mut a = Army::from_units(&[Unit::Single(8), Unit::Single(8), Unit::Off, Unit::Off]);
        a.remove(0);
        a.remove(0);
        a.push(Unit::Twins(8), false);
        assert_eq!(a.units().collect::<Vec<_>>(), [Unit::Twins(8), Unit::Off, Unit::Off]);
        assert_eq!(a.pieces(), 4);
    }
}

#[cfg(test)]
mod code_tests {
    use super::*;

    #[test]
    fn keys_decode_to_the_same_unit() {
        let mut all = vec![Unit::Borne, Unit::TwinsOff, Unit::Off];
        for s in 0..=84 {
            all.push(Unit::Single(s));
            all.push(Unit::Twins(s));
        }
        for u in all {
            for moved in [false, true] {
                let k = encode(u, moved);
                assert_eq!(decode(k), u);
                assert_eq!(k & 1 == 1, moved);
                let a = Army { keys: [k, OFF_KEY, OFF_KEY, OFF_KEY], len: 1, entered: false };
                assert_eq!(a.step(0), u.step());
                assert_eq!(a.is_twins_on_board(0), matches!(u, Unit::Twins(_)));
            }
        }
    }
}
