//! Seats round the board (S, W, N, E), the order of play and sets of seats.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A seat at the table. Play passes S → W → N → E → S ("to her left").
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Seat {
    #[default]
    S = 0,
    W = 1,
    N = 2,
    E = 3,
}

impl Seat {
    /// All four seats in play order.
    pub const ALL: [Seat; 4] = [Seat::S, Seat::W, Seat::N, Seat::E];

    /// Index 0–3 in play order.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat with this index (taken modulo 4).
    pub(crate) const fn from_index(i: usize) -> Seat {
        Seat::ALL[i % 4]
    }

    /// The letter used in notation and messages.
    pub(crate) const fn letter(self) -> char {
        match self {
            Seat::S => 'S',
            Seat::W => 'W',
            Seat::N => 'N',
            Seat::E => 'E',
        }
    }

    /// Parses `S`, `W`, `N` or `E` (upper or lower case).
    pub(crate) fn from_letter(c: char) -> Option<Seat> {
        match c.to_ascii_uppercase() {
            'S' => Some(Seat::S),
            'W' => Some(Seat::W),
            'N' => Some(Seat::N),
            'E' => Some(Seat::E),
            _ => None,
        }
    }

    /// A human name: "South", "West", "North", "East".
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Seat::S => "South",
            Seat::W => "West",
            Seat::N => "North",
            Seat::E => "East",
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A set of seats, as a bit mask.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeatSet(u8);

impl SeatSet {
    pub(crate) const EMPTY: SeatSet = SeatSet(0);

    /// The seats used by a table of `players` (2: S and N; 3: S, W, N; 4: all).
    pub fn for_players(players: usize) -> Option<SeatSet> {
        match players {
            2 => Some(SeatSet(0b0101)),
            3 => Some(SeatSet(0b0111)),
            4 => Some(SeatSet(0b1111)),
            _ => None,
        }
    }

    pub(crate) const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat as u8) != 0
    }

    pub(crate) fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat as u8;
    }

    pub(crate) const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The seats in play order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        Seat::ALL.into_iter().filter(move |s| self.contains(*s))
    }

    /// The next seat in this set after `seat`, going to the left.
    pub(crate) fn next_after(self, seat: Seat) -> Seat {
        (1..=4).map(|k| Seat::from_index(seat.index() + k)).find(|s| self.contains(*s)).unwrap_or(seat)
    }

    /// Whether this is one of the seatings a table can have (2, 3 or 4 players).
    pub(crate) fn is_valid_table(self) -> bool {
        matches!(self.0, 0b0101 | 0b0111 | 0b1111)
    }
}
