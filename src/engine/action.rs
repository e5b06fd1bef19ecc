//! The actions a player can take while using the throws of a series.

use super::throw::{Throw, ThrowBag};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One action of the move phase. Each carries exactly its data.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(tag = "a", rename_all = "kebab-case")]
pub enum Action {
    /// A throw of 1 puts a piece that is off the board on her palace.
    Enter,
    /// Two throws of 1 bring captured twins back onto her palace (`francais`).
    EnterTwins,
    /// An entering throw other than 1 (Tayam Sonalu's 5 or Sonal) enters a piece.
    EnterWith { throw: Throw },
    /// One entering throw brings a captured pair back as two pieces (Tayam Sonalu).
    EnterPair { throw: Throw },
    /// A unit advances by the throws in `throws` (summed, or halved for twins).
    Advance { from: u8, twins: bool, throws: ThrowBag },
    /// Join two singles on the palace opposite hers into twins (no throw).
    Twins,
    /// A throw of 1 bears off a piece from the keep.
    BearOff,
    /// Stop using throws (only where the variant allows it).
    Pass,
}

impl Action {
    /// The throws this action spends.
    pub fn throws(&self) -> ThrowBag {
        match *self {
            Action::EnterWith { throw } | Action::EnterPair { throw } => ThrowBag::of(&[throw]),
            Action::Enter | Action::BearOff => ThrowBag::of(&[Throw::One]),
            Action::EnterTwins => ThrowBag::of(&[Throw::One, Throw::One]),
            Action::Advance { throws, .. } => throws,
            Action::Twins | Action::Pass => ThrowBag::EMPTY,
        }
    }
}

impl fmt::Display for Action {
    /// A short text form: `enter`, `enter-twins`, `5+8,1` (a single on step 5
    /// with throws 8 and 1), `t8+4`, `twins`, `bear-off`, `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Enter => f.write_str("enter"),
            Action::EnterTwins => f.write_str("enter-twins"),
            Action::EnterWith { throw } => write!(f, "enter+{throw}"),
            Action::EnterPair { throw } => write!(f, "enter-pair+{throw}"),
            Action::Advance { from, twins, throws } => {
                write!(f, "{}{from}+{throws}", if *twins { "t" } else { "" })
            }
            Action::Twins => f.write_str("twins"),
            Action::BearOff => f.write_str("bear-off"),
            Action::Pass => f.write_str("pass"),
        }
    }
}
