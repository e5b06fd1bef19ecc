//! Why a series of throws was lost (no legal move), in terms a player can
//! check on the board: no piece out and none of the throws enters one, or
//! every piece out is too near the end for the throws (only an exact throw
//! finishes a piece). Anything else is not guessed at.

use crate::engine::{Position, Seat, Throw};

/// Why throws were lost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum LostWhy {
    /// No piece on the board, and a piece enters only with these throws.
    CannotEnter(Vec<Throw>),
    /// Every piece on the board is nearer the end than the smallest
    /// throw, and none waits to enter: only an exact throw finishes one.
    ExactToFinish,
    /// Some other reason (pieces blocked by the rules of the variant).
    Other,
}

/// Why `seat`'s throws were lost, seen from `before` (the position before
/// the last throw `last`, which ended the series).
pub(crate) fn why_lost(before: &Position, seat: Seat, last: Throw) -> LostWhy {
    let rules = before.rules();
    let army = before.army(seat);
    let waiting = army.pieces().saturating_sub(army.on_board() + army.borne_off());
    if army.on_board() == 0 && waiting > 0 {
        let entry = if army.entered() { rules.entry.later } else { rules.entry.first };
        return LostWhy::CannotEnter(entry.to_vec());
    }
    let smallest = before.throws().as_slice().iter().chain([&last]).map(|t| t.value()).filter(|&v| v > 0).min();
    let goal = rules.goal();
    let near = |step: u8| smallest.is_some_and(|v| step.saturating_add(v) > goal);
    if waiting == 0 && army.on_board() > 0 && army.units().filter_map(|u| u.step()).all(near) {
        return LostWhy::ExactToFinish;
    }
    LostWhy::Other
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::parse_tpn;

    #[test]
    fn a_lost_series_says_why_when_the_board_shows_it() {
        // Bell: nothing out, a 2 enters nothing.
        let none_out = parse_tpn("bell S=o,o,o,o N=15,o,o,o turn=S").expect("valid TPN");
        assert!(
            matches!(why_lost(&none_out, Seat::S, Throw::Two), LostWhy::CannotEnter(t) if !t.contains(&Throw::Two))
        );
        // Every piece one step from the keep, none waiting: a 3 overshoots.
        let near = parse_tpn("bell S=23,23,x,x N=15,o,o,o turn=S").expect("valid TPN");
        assert_eq!(why_lost(&near, Seat::S, Throw::Three), LostWhy::ExactToFinish);
        // A piece waits: not only an exact throw is wanted.
        let waiting = parse_tpn("bell S=23,o,x,x N=15,o,o,o turn=S").expect("valid TPN");
        assert_eq!(why_lost(&waiting, Seat::S, Throw::Three), LostWhy::Other);
    }
}
