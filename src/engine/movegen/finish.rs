//! Whether a win is within reach of some throws, without search: the test
//! that lets the move generator skip the win search almost always.

use crate::engine::throw::{Throw, ThrowBag};
use crate::engine::unit::{Army, Unit};
use crate::engine::variant::Rules;

/// A necessary condition for the throws of `bag` finishing every piece of
/// `army` not yet finished, checked without search: their values cover the
/// squares still to go (twins move half the sum, so each of their pieces'
/// squares; a piece off the board counted from the entry step), and where
/// pieces are borne off rather than home on the goal, there is a 1 for each.
/// False when nothing is left to finish.
pub(crate) fn may_win(army: &Army, bag: ThrowBag, rules: &Rules) -> bool {
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
