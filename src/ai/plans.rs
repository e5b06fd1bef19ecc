//! Plans: every distinct way to finish using the current series' throws,
//! each as the actions taken and the game where they end (like the
//! engine's `series_outcomes`, but keeping the path). The search is a
//! depth-first walk with a node budget shared fairly among the first
//! actions, so a huge series still yields a plan for every first action.

use super::fxhash::{FxHashSet, GameKey};
use crate::engine::{Action, Game, MoveGen, Phase};

/// A complete use of the throws: the actions in order and the end.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    pub(crate) path: Vec<Action>,
    pub(crate) end: Game,
}

/// Whether `g` is still inside the series that `start` is in.
fn in_series(g: &Game, start: &Game) -> bool {
    matches!(g.phase(), Phase::Moving { .. }) && g.position().turn() == start.position().turn()
}

/// The plans from `game` (Moving phase), at most about `budget` states
/// visited. Distinct end games only; each keeps the first path found.
pub(crate) fn plans(game: &Game, mg: &mut MoveGen, budget: usize) -> Vec<Plan> {
    let mut roots = Vec::new();
    game.legal_actions_with(mg, &mut roots);
    let mut seen: FxHashSet<GameKey> = FxHashSet::default();
    let mut ends: FxHashSet<GameKey> = FxHashSet::default();
    let mut out = Vec::new();
    let per_root = (budget / roots.len().max(1)).max(8);
    let mut legal = Vec::new();
    for &a in &roots {
        let mut first = *game;
        first.act_unchecked(a, false);
        let mut stack = vec![(first, vec![a])];
        let mut visited = 0;
        while let Some((g, path)) = stack.pop() {
            if !in_series(&g, game) {
                if ends.insert(GameKey(g)) {
                    out.push(Plan { path, end: g });
                }
                continue;
            }
            if !seen.insert(GameKey(g)) {
                continue;
            }
            visited += 1;
            if visited > per_root {
                // Out of budget: finish this line with its first legal actions.
                if let Some(p) = finish_greedily(g, path, mg, game)
                    && ends.insert(GameKey(p.end))
                {
                    out.push(p);
                }
                continue;
            }
            g.legal_actions_with(mg, &mut legal);
            for &b in &legal {
                let mut next = g;
                next.act_unchecked(b, false);
                let mut p = path.clone();
                p.push(b);
                stack.push((next, p));
            }
        }
    }
    out
}

/// Completes a series by always taking the first legal action.
fn finish_greedily(mut g: Game, mut path: Vec<Action>, mg: &mut MoveGen, start: &Game) -> Option<Plan> {
    let mut legal = Vec::new();
    while in_series(&g, start) {
        g.legal_actions_with(mg, &mut legal);
        let a = *legal.first()?;
        g.act_unchecked(a, false);
        path.push(a);
    }
    Some(Plan { path, end: g })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{parse_tpn, series_outcomes};

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
            let ps = plans(&game, &mut MoveGen::new(), 100_000);
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
