//! Every distinct end of a series: the positions reachable by a complete
//! legal use of the throws in a position (the `moves` command's answer).

use super::game::{Game, Phase};
use super::movegen::MoveGen;
use super::notation::format_tpn;
use super::position::Position;
use std::collections::{BTreeSet, HashSet};

/// The canonical TPN (without throws) of every position in which the
/// player's use of `pos`'s throws can end, sorted. An extra series earned
/// by a capture is due after these throws (`turn=` stays with her), also in
/// `bell1979`, whose extra throws are not known yet.
pub fn series_outcomes(pos: &Position) -> Vec<String> {
    let mut mg = MoveGen::new();
    let mut seen = HashSet::new();
    let mut ends = BTreeSet::new();
    let mut stack = vec![Game::from_position(*pos)];
    let mut legal = Vec::new();
    while let Some(g) = stack.pop() {
        if !seen.insert(g) {
            continue;
        }
        if let Phase::Moving { .. } = g.phase() {
            g.legal_actions_with(&mut mg, &mut legal);
            for &a in &legal {
                let mut next = g;
                next.act_unchecked(a, true);
                stack.push(next);
            }
        } else {
            ends.insert(format_tpn(g.position(), false));
        }
    }
    ends.into_iter().collect()
}
