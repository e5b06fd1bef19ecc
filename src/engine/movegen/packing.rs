//! Whether every throw of a series can be used, shown without search by
//! packing the throws into the room the pieces have left: the test that
//! lets the move generator skip the maximum-use search for most series.

use crate::engine::throw::{Throw, ThrowBag};
use crate::engine::unit::{Army, Unit};
use crate::engine::variant::{Movement, Rules};

/// A sufficient condition for every throw of `bag` being usable, checked
/// without search: pack the throws, largest first, into the room left
/// before the goal by the single pieces that may still move, each taking
/// the piece with the most room (a throw of 1 may first enter a piece off
/// the board, which then has the whole track). Each piece's share is one
/// legal advance (one jump of its sum, or throw by throw), so success
/// proves the maximum; failure proves nothing and the search decides.
pub(super) fn all_usable_by_packing(army: &Army, bag: ThrowBag, rules: &Rules) -> bool {
    let goal = u32::from(rules.goal());
    let once = rules.movement == Movement::SumOnce;
    let mut rooms = [0u32; 4];
    let mut n = 0;
    for i in 0..army.len() {
        if let Some(s) = army.step(i)
            && !army.is_twins_on_board(i)
            && u32::from(s) < goal
            && !(once && army.is_moved(i))
        {
            rooms[n] = goal - u32::from(s);
            n += 1;
        }
    }
    let mut rest = bag;
    while rest.take(Throw::Zero) {}
    let entering_one = rules.entry.throws(army.entered()).contains(&Throw::One);
    let entries = if entering_one { army.count(Unit::Off).min(usize::from(bag.count(Throw::One))) } else { 0 };
    for _ in 0..entries {
        rest.take(Throw::One);
        rooms[n] = goal - u32::from(rules.entry.step);
        n += 1;
    }
    let rooms = &mut rooms[..n];
    rest.iter_desc().all(|t| {
        let v = u32::from(t.value());
        match rooms.iter_mut().max() {
            Some(room) if *room >= v => {
                *room -= v;
                true
            }
            _ => false,
        }
    })
}
