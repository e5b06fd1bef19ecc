//! Every distinct end of a series: the positions reachable by a complete
//! legal use of the throws in a position (the `moves` command's answer),
//! from the series walk.

use super::game::{ExtraSeries, Game};
use super::notation::format_tpn;
use super::position::Position;
use super::series::{SeriesWalk, WalkBudget, WalkOptions, WalkOrder, in_series};
use std::collections::BTreeSet;

/// The walk of `moves`: every end, an extra series always after the
/// given throws.
const MOVES_WALK: WalkOptions =
    WalkOptions { extra: ExtraSeries::AfterThrows, order: WalkOrder::First, budget: WalkBudget::Unlimited };

/// The canonical TPN (without throws) of every position in which the
/// player's use of `pos`'s throws can end, sorted. An extra series earned
/// by a capture is due after these throws (`turn=` stays with her), also in
/// `bell1979`, whose extra throws are not known yet. A position whose
/// throws cannot be used ends where it is.
pub fn series_outcomes(pos: &Position) -> Vec<String> {
    let start = Game::from_position(*pos);
    if !in_series(&start, pos.turn()) {
        return vec![format_tpn(start.position(), false)];
    }
    let mut ends = BTreeSet::new();
    SeriesWalk::new().walk(&start, MOVES_WALK, |end, _| {
        ends.insert(format_tpn(end.position(), false));
    });
    ends.into_iter().collect()
}
