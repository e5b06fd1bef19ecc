//! The complete ways to use a series' throws, as the player chooses them:
//! every distinct end of the series (the engine's series walk), each with
//! the actions that lead to it, so that one pick is a whole move. Pure and
//! deterministic: the same game always gives the same list in the same
//! order, so an option's index names the same end when it is clicked.

use crate::engine::{Action, ExtraSeries, Game, SeriesWalk, WalkBudget, WalkOptions, WalkOrder};
use std::collections::HashSet;
use std::fmt;
use std::sync::{Arc, Mutex};

/// At most this many states are visited (about 10 µs each): a series with
/// more (a dozen throws with four pieces on the board) is offered step by
/// step as well.
const BUDGET: usize = 20_000;

/// The menu's walk: the ends in the engine's order of actions, until the
/// budget runs out.
const MENU_WALK: WalkOptions =
    WalkOptions { extra: ExtraSeries::AtOnce, order: WalkOrder::First, budget: WalkBudget::Total(BUDGET) };

/// One complete use of the throws: the actions in order and where they end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct End {
    pub(crate) path: Vec<Action>,
    pub(crate) game: Game,
}

/// The ends of a series, in a fixed order (depth first, the engine's
/// order of actions); `complete` is false when the budget ran out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Ends {
    pub(crate) list: Vec<End>,
    pub(crate) complete: bool,
}

impl Ends {
    /// Whether the use of the throws is forced: exactly one end.
    pub(crate) fn is_forced(&self) -> bool {
        self.complete && self.list.len() == 1
    }
}

/// The game as it would be with uncommitted actions applied.
pub(crate) fn scratch(game: &Game, pending: &[Action]) -> Game {
    let mut g = *game;
    for &a in pending {
        g.act_unchecked(a);
    }
    g
}

/// Every distinct end of the series `start` is in (empty outside one),
/// walked anew: [`EndsMemo`] remembers them.
pub(crate) fn ends(start: &Game) -> Ends {
    let mut list = Vec::new();
    let complete =
        SeriesWalk::new().walk(start, MENU_WALK, |game, path| list.push(End { path: path.to_vec(), game: *game }));
    Ends { list, complete }
}

/// How many series' ends an [`EndsMemo`] remembers: a click asks for the
/// same series up to three times (the intent's menu, the forced-move
/// check, the presenter's menu) and the next click once more.
const REMEMBERED: usize = 2;

/// The ends of the series last asked of one table (newest first), kept by
/// the table beside its game: the walk is pure, so they are reused.
#[derive(Default)]
pub(crate) struct EndsMemo(Mutex<Vec<(Game, Arc<Ends>)>>);

impl EndsMemo {
    /// [`ends`], remembered.
    pub(crate) fn ends(&self, start: &Game) -> Ends {
        if let Some((_, known)) = self.lock().iter().find(|(g, _)| g == start) {
            return (**known).clone();
        }
        let found = ends(start);
        let mut recent = self.lock();
        recent.insert(0, (*start, Arc::new(found.clone())));
        recent.truncate(REMEMBERED);
        found
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<(Game, Arc<Ends>)>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Clone for EndsMemo {
    fn clone(&self) -> Self {
        EndsMemo(Mutex::new(self.lock().clone()))
    }
}

impl fmt::Debug for EndsMemo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EndsMemo({} series)", self.lock().len())
    }
}

/// The next single actions from `g`, one per distinct resulting state (two
/// actions that leave the same game are one choice), in the engine's order.
pub(crate) fn steps(g: &Game) -> Vec<Action> {
    let mut seen = HashSet::new();
    g.legal_actions()
        .into_iter()
        .filter(|&a| {
            let mut next = *g;
            next.act_unchecked(a);
            seen.insert(next)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{MoveGen, Seat, format_tpn, parse_tpn, series_outcomes};

    fn game(tpn: &str) -> Game {
        Game::from_position(parse_tpn(tpn).expect("valid TPN"))
    }

    #[test]
    fn every_end_is_a_series_outcome_reached_by_legal_actions() {
        for tpn in [
            "bell S=5,3,o,o N=7,o,o,o turn=S throws=1,4,2",
            "bell S=8,8,o,o N=10,o,o,o turn=S throws=4,1,2",
            "francais S=t8,o,o N=7,o,o,o turn=S throws=1,1,3",
            "tayam-sonalu S+=10,4,o,o N+=12,o,o,o turn=S throws=5,2",
            // A win with fewer throws than the most, and a use that must win.
            "tayam-sonalu S+=x,x,x,79 W=o,o,o,o N=o,o,o,o E=o,o,o,o turn=S throws=5,1,2",
            "bell1979 S=x,x,x,13 N=o,o,o,o turn=S throws=2,1,2,3,8",
        ] {
            let start = game(tpn);
            let ends = ends(&start);
            assert!(ends.complete, "{tpn}");
            let mut got: Vec<String> = ends.list.iter().map(|e| format_tpn(e.game.position(), false)).collect();
            got.sort();
            got.dedup();
            assert_eq!(got.len(), ends.list.len(), "{tpn}: no end twice");
            assert_eq!(got, series_outcomes(start.position()), "{tpn}");
            for e in &ends.list {
                let mut g = start;
                for &a in &e.path {
                    g.act(a, &mut MoveGen::new()).expect("a legal path");
                }
                assert_eq!(g, e.game, "{tpn}");
            }
        }
    }

    #[test]
    fn the_memo_gives_what_the_walk_gives_and_forgets_the_oldest_series() {
        let memo = EndsMemo::default();
        let [a, b, c] = [
            "bell S=5,3,o,o N=7,o,o,o turn=S throws=1,4,2",
            "bell S=8,8,o,o N=10,o,o,o turn=S throws=4,1,2",
            "francais S=t8,o,o N=7,o,o,o turn=S throws=1,1,3",
        ]
        .map(game);
        assert_eq!(memo.ends(&a), ends(&a));
        assert_eq!(memo.ends(&a), ends(&a), "remembered");
        assert_eq!(memo.ends(&b), ends(&b));
        assert_eq!(memo.ends(&c), ends(&c));
        let kept: Vec<Game> = memo.lock().iter().map(|(g, _)| *g).collect();
        assert_eq!(kept, [c, b], "the newest first, at most {REMEMBERED}");
        assert_eq!(memo.clone().ends(&b), ends(&b), "a copy of the table keeps them");
    }

    #[test]
    fn a_capture_in_bell1979_ends_the_choice_where_new_throws_come() {
        // South's 2 from step 5 lands on North's piece: new throws at once.
        let start = game("bell1979 S=5,o,o,o N=15,o,o,o turn=S throws=2,2");
        let ends = ends(&start);
        assert!(ends.list.iter().any(|e| e.game.wants_throw() && e.game.to_act() == Some(Seat::S)), "{ends:?}");
    }

    #[test]
    fn one_way_is_forced_and_no_moves_is_no_choice() {
        let forced = ends(&game("bell S=5,o,o,o N=7,o,o,o turn=S throws=2"));
        assert!(forced.is_forced(), "{forced:?}");
        let outside = ends(&Game::new(crate::engine::Ruleset::new(crate::engine::Variant::Bell), {
            crate::engine::SeatSet::for_players(2).expect("2 seats")
        }));
        assert!(outside.list.is_empty() && !outside.is_forced());
    }

    #[test]
    fn steps_never_repeat_a_resulting_state() {
        let g = game("bell S=8,8,o,o N=10,o,o,o turn=S throws=4,1,2");
        let steps = steps(&g);
        let mut states: Vec<Game> = steps
            .iter()
            .map(|&a| {
                let mut n = g;
                n.act_unchecked(a);
                n
            })
            .collect();
        let before = states.len();
        states.dedup();
        assert_eq!(before, states.len());
        assert!(!steps.is_empty() && steps.len() <= g.legal_actions().len());
    }
}
