//! The series walk: every complete use of a series' throws, walked here
//! for all who need them (`thaayam moves`, the computer's plans, the bot's
//! menu of whole moves). A series ends where its player has no move left
//! in it: her turn passes, she captured and throws again (after the
//! remaining throws, or at once in `bell1979`), or she won. The callers
//! keep their policies: what they do with each end, how much they may
//! spend, and the order they have always listed ends in.

use super::action::Action;
use super::fxhash::{FxHashSet, GameKey};
use super::game::{ExtraSeries, Game, Phase};
use super::movegen::MoveGen;
use super::seat::Seat;

/// Whether `g` is still in the series of `seat`: she has moves to choose.
pub fn in_series(g: &Game, seat: Seat) -> bool {
    matches!(g.phase(), Phase::Moving { .. }) && g.to_act() == Some(seat)
}

/// Which of a state's actions the walk explores first below the first
/// action; the first actions are always explored in the engine's order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WalkOrder {
    /// The engine's first: ends come in the order of the legal actions
    /// (the bot's menu lists them so).
    First,
    /// The engine's last: the order the computer's plans have always had
    /// (its seeded games depend on the order of its plans and on the path
    /// kept to each end).
    Last,
}

/// How many states inside the series a walk may visit.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WalkBudget {
    /// All of them.
    Unlimited,
    /// At most this many (the start included); then the walk stops and
    /// reports that it did not finish.
    Total(usize),
    /// This many shared fairly among the first actions (each gets its
    /// part, at least 8); past its part, a line is finished by always
    /// taking its first legal action, so that a huge series is still
    /// walked after every first action.
    PerFirstAction(usize),
}

/// How a walk goes: when an immediate extra series is thrown, the order
/// and the budget.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct WalkOptions {
    pub extra: ExtraSeries,
    pub order: WalkOrder,
    pub budget: WalkBudget,
}

/// A state waiting on the walk's stack: the game, how many actions led to
/// it and the last of them (none for the start).
#[derive(Copy, Clone)]
struct Node {
    game: Game,
    depth: usize,
    action: Option<Action>,
}

/// The series walk with its scratch space, kept by the caller from one
/// walk to the next (as a [`MoveGen`] is, whose memo it holds): once warm,
/// a walk allocates only what its visitor keeps.
#[derive(Default)]
pub struct SeriesWalk {
    mg: MoveGen,
    /// States inside the series already walked from.
    seen: FxHashSet<GameKey>,
    /// Ends already reported.
    ends: FxHashSet<GameKey>,
    stack: Vec<Node>,
    /// The actions from the start to the state being looked at.
    path: Vec<Action>,
    legal: Vec<Action>,
}

impl SeriesWalk {
    pub fn new() -> Self {
        SeriesWalk::default()
    }

    /// Walks the series `start` is in, depth first, and hands `visit`
    /// every distinct end once, with the actions of the first path found
    /// to it. Nothing when `start` is not inside a series. Returns false
    /// when a [`WalkBudget::Total`] stopped the walk before its end.
    pub fn walk(&mut self, start: &Game, options: WalkOptions, mut visit: impl FnMut(&Game, &[Action])) -> bool {
        let seat = start.position().turn();
        self.seen.clear();
        self.ends.clear();
        self.stack.clear();
        self.path.clear();
        if !in_series(start, seat) {
            return true;
        }
        let share = match options.budget {
            WalkBudget::PerFirstAction(n) => Some((n / start.legal_actions_ref(&mut self.mg).len().max(1)).max(8)),
            _ => None,
        };
        // States visited: all of them, or those after the current first action.
        let mut visited = 0;
        self.stack.push(Node { game: *start, depth: 0, action: None });
        while let Some(Node { game: g, depth, action }) = self.stack.pop() {
            self.path.truncate(depth.saturating_sub(1));
            self.path.extend(action);
            if !in_series(&g, seat) {
                if self.ends.insert(GameKey(g)) {
                    visit(&g, &self.path);
                }
                continue;
            }
            if depth == 1 && share.is_some() {
                visited = 0;
            }
            if !self.seen.insert(GameKey(g)) {
                continue;
            }
            visited += 1;
            if let WalkBudget::Total(n) = options.budget
                && visited > n
            {
                return false;
            }
            if share.is_some_and(|share| visited > share) {
                self.finish(g, seat, options.extra, &mut visit);
                continue;
            }
            self.push_next(&g, depth, options);
        }
        true
    }

    /// Pushes the states after each legal action of `g`, the one to
    /// explore first last.
    fn push_next(&mut self, g: &Game, depth: usize, options: WalkOptions) {
        g.legal_actions_with(&mut self.mg, &mut self.legal);
        let node = |&a: &Action| {
            let mut next = *g;
            next.act_unchecked_with(a, options.extra);
            Node { game: next, depth: depth + 1, action: Some(a) }
        };
        if depth == 0 || options.order == WalkOrder::First {
            self.stack.extend(self.legal.iter().rev().map(node));
        } else {
            self.stack.extend(self.legal.iter().map(node));
        }
    }

    /// Ends the line at `g` (the walk's path leads to it) by always taking
    /// the first legal action, and reports where it ends if that is new.
    fn finish(&mut self, mut g: Game, seat: Seat, extra: ExtraSeries, visit: &mut impl FnMut(&Game, &[Action])) {
        let depth = self.path.len();
        while in_series(&g, seat) {
            let Some(&a) = g.legal_actions_ref(&mut self.mg).first() else {
                self.path.truncate(depth);
                return;
            };
            g.act_unchecked_with(a, extra);
            self.path.push(a);
        }
        if self.ends.insert(GameKey(g)) {
            visit(&g, &self.path);
        }
        self.path.truncate(depth);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{format_tpn, parse_tpn};
    use std::collections::BTreeSet;

    fn game(tpn: &str) -> Game {
        Game::from_position(parse_tpn(tpn).expect("valid TPN"))
    }

    const EVERY: WalkOptions =
        WalkOptions { extra: ExtraSeries::AtOnce, order: WalkOrder::First, budget: WalkBudget::Unlimited };

    /// The ends a walk reports, with their paths, in its order.
    fn walked(start: &Game, options: WalkOptions) -> (Vec<(Game, Vec<Action>)>, bool) {
        let mut out = Vec::new();
        let whole = SeriesWalk::new().walk(start, options, |g, path| out.push((*g, path.to_vec())));
        (out, whole)
    }

    #[test]
    fn every_end_is_reported_once_with_a_legal_path_to_it() {
        let start = game("bell S=5,3,o,o N=7,o,o,o turn=S throws=1,4,2");
        let (ends, whole) = walked(&start, EVERY);
        assert!(whole && ends.len() > 1, "{ends:?}");
        for (i, (end, path)) in ends.iter().enumerate() {
            assert!(!in_series(end, Seat::S) && ends[..i].iter().all(|(e, _)| e != end), "once: {end:?}");
            let mut g = start;
            for &a in path {
                g.act(a, &mut MoveGen::new()).expect("a legal path");
            }
            assert_eq!(g, *end);
        }
    }

    #[test]
    fn the_order_changes_the_paths_kept_but_not_the_ends() {
        let start = game("bell S=5,3,1,o N=7,o,o,o turn=S throws=1,4,4,2");
        let (first, _) = walked(&start, EVERY);
        let (last, _) = walked(&start, WalkOptions { order: WalkOrder::Last, ..EVERY });
        let set = |ends: &[(Game, Vec<Action>)]| {
            ends.iter().map(|(g, _)| format_tpn(g.position(), false)).collect::<BTreeSet<_>>()
        };
        assert_eq!(set(&first), set(&last));
        assert_ne!(first, last, "another order");
        assert_eq!(first[0].1[0], last[0].1[0], "the first actions in the engine's order");
    }

    #[test]
    fn a_spent_total_budget_stops_the_walk_and_says_so() {
        let start = game("bell S=5,3,1,o N=7,o,o,o turn=S throws=1,4,4,8,1,2");
        let (all, whole) = walked(&start, EVERY);
        assert!(whole);
        let (some, whole) = walked(&start, WalkOptions { budget: WalkBudget::Total(20), ..EVERY });
        assert!(!whole && some.len() < all.len() && all.starts_with(&some), "{} of {}", some.len(), all.len());
    }

    #[test]
    fn a_budget_shared_among_the_first_actions_walks_after_each_of_them() {
        let start = game("bell S=5,3,1,o N=7,o,o,o turn=S throws=1,4,4,8,1,2");
        let firsts = |ends: &[(Game, Vec<Action>)]| ends.iter().map(|(_, p)| p[0]).collect::<BTreeSet<Action>>();
        let (all, _) = walked(&start, EVERY);
        let (shared, whole) = walked(&start, WalkOptions { budget: WalkBudget::PerFirstAction(16), ..EVERY });
        let (total, _) = walked(&start, WalkOptions { budget: WalkBudget::Total(16), ..EVERY });
        assert!(whole, "a shared budget finishes the lines instead of stopping");
        assert!(shared.len() < all.len() && shared.iter().all(|e| all.iter().any(|(g, _)| *g == e.0)));
        let (shared, total) = (firsts(&shared).len(), firsts(&total).len());
        assert!(shared > 4 * total, "first actions with an end: {shared} shared, {total} in total");
    }

    #[test]
    fn an_extra_series_after_the_throws_walks_on_past_a_bell1979_capture() {
        // South's 2 from step 5 lands on North's piece: new throws at once.
        let start = game("bell1979 S=5,o,o,o N=15,o,o,o turn=S throws=2,2");
        let (at_once, _) = walked(&start, EVERY);
        let (after, _) = walked(&start, WalkOptions { extra: ExtraSeries::AfterThrows, ..EVERY });
        let stopped = |ends: &[(Game, Vec<Action>)]| ends.iter().any(|(g, _)| !g.position().throws().is_empty());
        assert!(stopped(&at_once), "the capture ends the use with a 2 left: {at_once:?}");
        assert!(!stopped(&after), "every throw used first: {after:?}");
        assert!(after.iter().all(|(g, _)| g.wants_throw() && g.to_act() == Some(Seat::S)), "{after:?}");
    }

    #[test]
    fn outside_a_series_there_is_nothing_to_walk() {
        let start = game("bell S=5,o,o,o N=7,o,o,o turn=S");
        assert_eq!(walked(&start, EVERY), (Vec::new(), true));
    }
}
