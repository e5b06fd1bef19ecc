//! What the player on turn is offered: one menu of whole moves, the
//! distinct ends of her series (each the actions that lead to it), or,
//! when a series has more ends than a select holds, one piece's move
//! first (a single action), the rest of the move after it. Every option is
//! derived from the engine's legal actions, so nothing offered is ever
//! refused, and an option's value names it by its place in a list the
//! same game always gives in the same order. Words are the view's.

use super::ends::{self, End, Ends, EndsMemo};
use super::table::TurnDraft;
use crate::engine::{Action, Game, Seat, in_series};

/// The options a select holds.
pub(crate) const OPTIONS: usize = 25;

/// The most pages of a menu that have a button (a row holds five buttons).
pub(crate) const PAGES: usize = 5;

/// What the menu offers now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Menu {
    /// Nothing to choose (another player acts, or the draft is whole).
    Nothing,
    /// Whole moves from `base`: the ends at `offered` (indices into
    /// `ends.list`).
    Ends { base: Game, ends: Ends, offered: Vec<usize> },
    /// Single actions from `base`, one per distinct result: the move
    /// built one action at a time (she asked for it, or her series has
    /// more ends than a select holds: one piece moves first).
    Steps { base: Game, steps: Vec<Action> },
}

/// One option of the menu, as its select value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Pick {
    /// The end at this index of the list.
    End(usize),
    /// Build the move step by step (offered by boards of earlier
    /// releases: an old board's pick is still read, and refused as gone).
    StepByStep,
    /// The step at this index.
    Step(usize),
}

impl Pick {
    /// The select option value: `e3`, `step`, `s12`.
    pub(crate) fn encode(self) -> String {
        match self {
            Pick::End(i) => format!("e{i}"),
            Pick::StepByStep => "step".into(),
            Pick::Step(i) => format!("s{i}"),
        }
    }

    /// Parses an option value; anything else is `None` (never a panic).
    pub(crate) fn parse(s: &str) -> Option<Pick> {
        let index = |rest: &str| rest.parse::<usize>().ok().filter(|_| rest.bytes().all(|b| b.is_ascii_digit()));
        match s {
            "step" => Some(Pick::StepByStep),
            _ if s.starts_with('e') => index(&s[1..]).map(Pick::End),
            _ if s.starts_with('s') => index(&s[1..]).map(Pick::Step),
            _ => None,
        }
    }
}

impl Menu {
    /// The options in the order shown.
    pub(crate) fn picks(&self) -> Vec<Pick> {
        match self {
            Menu::Nothing => Vec::new(),
            Menu::Ends { offered, .. } => offered.iter().map(|&i| Pick::End(i)).collect(),
            Menu::Steps { steps, .. } => (0..steps.len()).map(Pick::Step).collect(),
        }
    }

    /// The pages of the menu a player can show: its first, and as many
    /// more as have a button (a menu longer than a select shows one per
    /// page), at most [`PAGES`].
    pub(crate) fn pages(&self) -> usize {
        self.picks().len().div_ceil(OPTIONS).clamp(1, PAGES)
    }

    /// The end an option names, if it is one of this menu's.
    pub(crate) fn end(&self, i: usize) -> Option<&End> {
        match self {
            Menu::Ends { ends, .. } => ends.list.get(i),
            _ => None,
        }
    }
}

/// The menu of the player `seat` in the committed game, with her draft;
/// the ends of the series come from `memo`.
pub(crate) fn menu(committed: &Game, seat: Option<Seat>, draft: &TurnDraft, memo: &EndsMemo) -> Menu {
    let Some(seat) = seat.filter(|&s| in_series(committed, s)) else { return Menu::Nothing };
    let full = ends::scratch(committed, &draft.actions);
    // A picked end is shown among the others, so that another can be picked.
    let base = if in_series(&full, seat) { full } else { ends::scratch(committed, draft.built()) };
    if !in_series(&base, seat) {
        return Menu::Nothing;
    }
    if draft.stepping {
        return Menu::Steps { base, steps: ends::steps(&base) };
    }
    let ends = memo.ends(&base);
    if ends.complete && ends.list.len() <= OPTIONS {
        let offered = (0..ends.list.len()).collect();
        return Menu::Ends { base, ends, offered };
    }
    // Too many to compare in one menu: one piece's move first.
    Menu::Steps { base, steps: ends::steps(&base) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::parse_tpn;

    fn game(tpn: &str) -> Game {
        Game::from_position(parse_tpn(tpn).expect("valid TPN"))
    }

    #[test]
    fn picks_round_trip_and_junk_is_refused() {
        for p in [Pick::End(0), Pick::End(24), Pick::StepByStep, Pick::Step(7)] {
            assert_eq!(Pick::parse(&p.encode()), Some(p));
        }
        for junk in ["", "e", "s", "e-1", "e+3", "x1", "steps", "e99999999999999999999999", "<script>"] {
            assert_eq!(Pick::parse(junk), None, "{junk}");
        }
    }

    #[test]
    fn the_menu_offers_every_end_and_keeps_a_picked_one_among_them() {
        let g = game("bell S=5,3,o,o N=7,o,o,o turn=S throws=1,4,2");
        let menu = menu(&g, Some(Seat::S), &TurnDraft::default(), &EndsMemo::default());
        let Menu::Ends { ends, offered, .. } = &menu else { panic!("{menu:?}") };
        assert_eq!(offered.len(), ends.list.len());
        let path = ends.list[1].path.clone();
        let draft = TurnDraft { chosen: path.len() as u8, actions: path, ..Default::default() };
        assert_eq!(super::menu(&g, Some(Seat::S), &draft, &EndsMemo::default()), menu, "the same menu after a pick");
        assert_eq!(super::menu(&g, Some(Seat::N), &draft, &EndsMemo::default()), Menu::Nothing, "not North's series");
    }

    #[test]
    fn a_series_with_more_ends_than_a_select_holds_moves_one_piece_first() {
        let g = game("bell S=5,3,1,o N=7,o,o,o turn=S throws=1,4,4,8,1,2");
        assert!(ends::ends(&g).list.len() > OPTIONS);
        let menu = menu(&g, Some(Seat::S), &TurnDraft::default(), &EndsMemo::default());
        let Menu::Steps { steps, .. } = &menu else { panic!("{menu:?}") };
        assert_eq!(*steps, ends::steps(&g), "one action (one piece's move) first");
        assert!(!menu.picks().contains(&Pick::StepByStep));
        // After it, the rest of the move: whole moves once they fit.
        let draft = TurnDraft { actions: vec![steps[0]], ..Default::default() };
        let rest = super::menu(&g, Some(Seat::S), &draft, &EndsMemo::default());
        assert!(matches!(rest, Menu::Ends { .. } | Menu::Steps { .. }), "{rest:?}");
        let stepping = TurnDraft { stepping: true, ..Default::default() };
        let Menu::Steps { steps, .. } = super::menu(&g, Some(Seat::S), &stepping, &EndsMemo::default()) else {
            panic!("steps")
        };
        assert_eq!(steps, ends::steps(&g));
    }
}
