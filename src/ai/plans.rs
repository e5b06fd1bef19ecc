//! Plans: every distinct way to finish using the current series' throws,
//! each as the actions taken and the game where they end: the engine's
//! series walk ([`SeriesWalk`]) with a node budget shared fairly among the
//! first actions, so a huge series is still walked after every first
//! action.

use crate::engine::{Action, ExtraSeries, Game, SeriesWalk, WalkBudget, WalkOptions, WalkOrder};

/// A complete use of the throws: the actions in order and the end.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    pub(crate) path: Vec<Action>,
    pub(crate) end: Game,
}

/// The plans from `game` (Moving phase), at most about `budget` states
/// visited. Distinct end games only; each keeps the first path found, in
/// the order the computer has always found them ([`WalkOrder::Last`]).
pub(crate) fn plans(game: &Game, walk: &mut SeriesWalk, budget: usize) -> Vec<Plan> {
    let options =
        WalkOptions { extra: ExtraSeries::AtOnce, order: WalkOrder::Last, budget: WalkBudget::PerFirstAction(budget) };
    let mut out = Vec::new();
    walk.walk(game, options, |end, path| out.push(Plan { path: path.to_vec(), end: *end }));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{MoveGen, parse_tpn, series_outcomes};

    #[test]
    fn plans_reach_every_series_outcome() {
        for tpn in [
            "bell S=5,3,o,o N=7,o,o,o turn=S throws=1,4,2",
            "bell1979 S=5,3,o,o N=7,o,o,o turn=S throws=1,4,2",
            "francais S=t8,o,o N=7,o,o,o turn=S throws=1,1,3",
            "bell S=8,8,o,o N=10,o,o,o turn=S throws=4,1,2",
            // A win with fewer throws than the most, and a use that must win.
            "tayam-sonalu S+=x,x,x,79 W=o,o,o,o N=o,o,o,o E=o,o,o,o turn=S throws=5,1,2",
            "bell1979 S=x,x,x,13 N=o,o,o,o turn=S throws=2,1,2,3,8",
        ] {
            let pos = parse_tpn(tpn).expect("valid tpn");
            let game = Game::from_position(pos);
            let ps = plans(&game, &mut SeriesWalk::new(), 100_000);
            let mut got: Vec<String> = ps.iter().map(|p| crate::engine::format_tpn(p.end.position(), false)).collect();
            got.sort();
            got.dedup();
            assert_eq!(got, series_outcomes(&pos), "{tpn}");
            for p in &ps {
                let mut g = game;
                for &a in &p.path {
                    g.act(a, &mut MoveGen::new()).expect("plan actions are legal");
                }
                assert_eq!(g, p.end);
            }
        }
    }
}
