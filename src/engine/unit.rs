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
    pub const fn pieces(self) -> u8 {
        match self {
            Unit::Twins(_) | Unit::TwinsOff => 2,
            _ => 1,
        }
    }

    /// The step, for units on the board.
    pub const fn step(self) -> Option<u8> {
        match self {
            Unit::Single(s) | Unit::Twins(s) => Some(s),
            _ => None,
        }
    }

    pub const fn is_twins(self) -> bool {
        matches!(self, Unit::Twins(_) | Unit::TwinsOff)
    }

    /// Canonical order: `x`, then steps high to low (twins before singles),
    /// then `to`, then `o`.
    pub const fn sort_key(self) -> u16 {
        match self {
            Unit::Borne => 0,
            Unit::Twins(s) => 1 + (255 - s as u16) * 2,
            Unit::Single(s) => 2 + (255 - s as u16) * 2,
            Unit::TwinsOff => 0x2000,
            Unit::Off => 0x2001,
        }
    }

    /// A 9-bit code for hashing.
    const fn code(self) -> u32 {
        match self {
            Unit::Borne => 0,
            Unit::Twins(s) => 4 + (s as u32) * 2,
            Unit::Single(s) => 5 + (s as u32) * 2,
            Unit::TwinsOff => 1,
            Unit::Off => 2,
        }
    }
}

/// A player's pieces: up to four units (four singles at most), in canonical
/// order, each with a flag saying whether it has advanced in this series.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Army {
    units: [Unit; 4],
    moved: [bool; 4],
    len: u8,
}

impl Default for Army {
    /// Four pieces off the board: the start of the game.
    fn default() -> Self {
        Army { units: [Unit::Off; 4], moved: [false; 4], len: 4 }
    }
}

impl Army {
    /// An army from units whose pieces must add up to four (checked by the
    /// caller, see `Setup`).
    pub fn from_units(units: &[Unit]) -> Army {
        let mut a = Army { units: [Unit::Off; 4], moved: [false; 4], len: 0 };
        for &u in units.iter().take(4) {
            a.units[a.len()] = u;
            a.len += 1;
        }
        a.sort();
        a
    }

    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn units(&self) -> &[Unit] {
        &self.units[..self.len()]
    }

    pub fn unit(&self, i: usize) -> Unit {
        self.units[i]
    }

    pub fn is_moved(&self, i: usize) -> bool {
        self.moved[i]
    }

    /// The number of pieces (always four in a valid position).
    pub fn pieces(&self) -> u8 {
        self.units().iter().map(|u| u.pieces()).sum()
    }

    pub fn count(&self, u: Unit) -> usize {
        self.units().iter().filter(|&&x| x == u).count()
    }

    pub fn find(&self, u: Unit) -> Option<usize> {
        self.units().iter().position(|&x| x == u)
    }

    /// The index of a unit equal to `u` that has not advanced this series.
    pub fn find_unmoved(&self, u: Unit) -> Option<usize> {
        (0..self.len()).find(|&i| self.units[i] == u && !self.moved[i])
    }

    /// Whether any piece stands on the board (steps 0 to the goal).
    pub fn has_piece_on_board(&self) -> bool {
        self.units().iter().any(|u| u.step().is_some())
    }

    pub fn borne_off(&self) -> u8 {
        self.count(Unit::Borne) as u8
    }

    /// Replaces unit `i` (keeps canonical order).
    pub fn set(&mut self, i: usize, u: Unit, moved: bool) {
        self.units[i] = u;
        self.moved[i] = moved;
        self.sort();
    }

    /// Removes unit `i`.
    pub fn remove(&mut self, i: usize) {
        for j in i..self.len() - 1 {
            self.units[j] = self.units[j + 1];
            self.moved[j] = self.moved[j + 1];
        }
        self.len -= 1;
    }

    /// Adds a unit (there is room: four pieces make at most four units).
    pub fn push(&mut self, u: Unit, moved: bool) {
        let i = self.len().min(3);
        self.units[i] = u;
        self.moved[i] = moved;
        self.len = (i + 1) as u8;
        self.sort();
    }

    /// Forgets which units advanced (a new series begins).
    pub fn clear_moved(&mut self) {
        self.moved = [false; 4];
        self.sort();
    }

    fn sort(&mut self) {
        let n = self.len();
        for i in 1..n {
            let mut j = i;
            while j > 0 && self.key(j - 1) > self.key(j) {
                self.units.swap(j - 1, j);
                self.moved.swap(j - 1, j);
                j -= 1;
            }
        }
        for k in n..4 {
            self.units[k] = Unit::Off;
            self.moved[k] = false;
        }
    }

    fn key(&self, i: usize) -> u32 {
        (u32::from(self.units[i].sort_key()) << 1) | u32::from(self.moved[i])
    }

    /// A compact code of the whole army, moved flags included (for memo keys).
    pub fn code(&self) -> u64 {
        let mut c = u64::from(self.len);
        for i in 0..self.len() {
            c = (c << 10) | u64::from(self.units[i].code() << 1 | u32::from(self.moved[i]));
        }
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_order() {
        let a = Army::from_units(&[Unit::Off, Unit::Single(3), Unit::Borne]);
        assert_eq!(a.units(), &[Unit::Borne, Unit::Single(3), Unit::Off]);
        let b = Army::from_units(&[Unit::Single(8), Unit::Twins(8), Unit::TwinsOff]);
        assert_eq!(b.units(), &[Unit::Twins(8), Unit::Single(8), Unit::TwinsOff]);
    }

    #[test]
    fn remove_and_push_keep_order() {
        let mut a = Army::from_units(&[Unit::Single(8), Unit::Single(8), Unit::Off, Unit::Off]);
        a.remove(0);
        a.remove(0);
        a.push(Unit::Twins(8), false);
        assert_eq!(a.units(), &[Unit::Twins(8), Unit::Off, Unit::Off]);
        assert_eq!(a.pieces(), 4);
    }
}
