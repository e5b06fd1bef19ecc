//! The menu of the player on turn in words: its first line (what it
//! offers, and what its signs mean), and its options, each a move told
//! piece by piece (where each piece starts and ends, ⚔ for a capture),
//! ordered by what a player looks for first (a win, captures, pieces
//! home, entries, progress), never two alike.

use super::lang::{Lang, tr};
use super::message::{SelectOption, limits};
use super::words::{choice_words, clip, goal_word, option_words};
use crate::discord::game::choices::{Menu, Pick};
use crate::discord::game::ends::{End, EndsMemo};
use crate::discord::game::table::TurnDraft;
use crate::engine::{Action, Game, Position, Throw, Unit};

fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// The menu's first line (its placeholder): what it offers, then what
/// its signs mean where they show, as far as Discord's limit allows:
/// "4+1" (throws added into one piece's trip), "4, 2" (one piece moving
/// again), "s" (Sonal), twins.
pub(crate) fn menu_line(
    lang: Lang,
    menu: &Menu,
    options: &[SelectOption],
    draft: &TurnDraft,
    memo: &EndsMemo,
) -> String {
    let mut line = placeholder(lang, draft, memo, menu);
    let sonal = match menu {
        Menu::Ends { base, .. } | Menu::Steps { base, .. } => {
            base.position().throws().as_slice().contains(&Throw::Sonal)
        }
        Menu::Nothing => false,
    };
    let twins = tr!(lang, "option-tag-twins");
    let helps = [
        (options.iter().any(|o| o.description.contains(&twins)), tr!(lang, "menu-twins")),
        (options.iter().any(|o| o.description.contains('+')), tr!(lang, "menu-plus")),
        (options.iter().any(|o| o.description.contains(", ")), tr!(lang, "menu-again")),
        (sonal, tr!(lang, "menu-sonal")),
    ];
    for (_, help) in helps.into_iter().filter(|(shown, _)| *shown) {
        let with = format!("{line}{help}");
        if with.chars().count() <= limits::PLACEHOLDER {
            line = with;
        }
    }
    clip(&line, limits::PLACEHOLDER)
}

fn placeholder(lang: Lang, draft: &TurnDraft, memo: &EndsMemo, menu: &Menu) -> String {
    let throws =
        |base: &Game| base.position().throws().as_slice().iter().map(|t| t.token()).collect::<Vec<_>>().join(" · ");
    match menu {
        Menu::Ends { base, ends, .. } => {
            let what = if draft.chosen > 0 { "another" } else { "yours" };
            tr!(
                lang,
                "menu-ways",
                what = what,
                complete = yes(ends.complete),
                count = ends.list.len(),
                throws = throws(base),
            )
        }
        // More ways than a menu holds: she moves one piece first.
        Menu::Steps { base, .. } if !draft.stepping => {
            let ends = memo.ends(base);
            let what = if draft.actions.is_empty() { "yours" } else { "next" };
            tr!(
                lang,
                "menu-piece-first",
                what = what,
                complete = yes(ends.complete),
                count = ends.list.len(),
                throws = throws(base),
            )
        }
        Menu::Steps { .. } if draft.actions.is_empty() => tr!(lang, "menu-steps-first"),
        Menu::Steps { .. } => tr!(lang, "menu-steps-next"),
        Menu::Nothing => String::new(),
    }
}

/// The options of the menu, each named in squares and plain words, never
/// two alike.
pub(crate) fn menu_options(lang: Lang, menu: &Menu) -> Vec<SelectOption> {
    let mut options: Vec<SelectOption> = match menu {
        Menu::Nothing => Vec::new(),
        Menu::Ends { base, ends, offered } => {
            // What a player looks for first: a win, captures, pieces home,
            // entries, then the furthest progress; ties in the engine's order.
            let mut order: Vec<(usize, &End)> = offered.iter().filter_map(|&i| Some((i, ends.list.get(i)?))).collect();
            order.sort_by_key(|&(i, end)| (worth(base.position(), &end.game), i));
            order.into_iter().map(|(i, end)| end_option(lang, base, end, i)).collect()
        }
        Menu::Steps { base, steps } => {
            // One piece's move each, in the same order as whole moves.
            let mut order: Vec<(usize, Action, Game)> = steps
                .iter()
                .enumerate()
                .map(|(i, &a)| {
                    let mut next = *base;
                    next.act_unchecked(a);
                    (i, a, next)
                })
                .collect();
            order.sort_by_key(|(i, _, next)| (worth(base.position(), next), *i));
            order
                .into_iter()
                .map(|(i, a, next)| {
                    let end = End { path: vec![a], game: next };
                    SelectOption { value: Pick::Step(i).encode(), ..end_option(lang, base, &end, i) }
                })
                .collect()
        }
    };
    for o in &mut options {
        o.label = clip(&o.label, limits::OPTION_TEXT);
        o.description = clip(&o.description, limits::OPTION_TEXT);
    }
    make_distinct(&mut options);
    options
}

/// What kind of move an end is, in the order a menu offers them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum EndKind {
    Wins,
    Captures,
    BearsOff,
    Enters,
    Other,
}

/// What a move from `before` to `after` is worth to its player, smallest
/// first in a menu: a win, then the most pieces captured, the most home,
/// the most entered, the furthest progress along her track.
fn worth(before: &Position, after: &Game) -> (bool, std::cmp::Reverse<[u32; 4]>) {
    let seat = before.turn();
    let pos = after.position();
    let others =
        |p: &Position| p.seats().iter().filter(|&s| s != seat).map(|s| u32::from(p.army(s).on_board())).sum::<u32>();
    let (mine, now) = (before.army(seat), pos.army(seat));
    let goal = u32::from(before.rules().goal());
    let progress = |p: &Position| {
        p.army(seat)
            .units()
            .map(|u| match u {
                Unit::Single(s) => u32::from(s),
                Unit::Twins(s) => 2 * u32::from(s),
                Unit::Borne => goal,
                Unit::Off | Unit::TwinsOff => 0,
            })
            .sum::<u32>()
    };
    let figures = [
        others(before).saturating_sub(others(pos)),
        u32::from(now.borne_off().saturating_sub(mine.borne_off())),
        u32::from((now.on_board() + now.borne_off()).saturating_sub(mine.on_board() + mine.borne_off())),
        progress(pos).saturating_sub(progress(before)),
    ];
    (!after.is_finished(), std::cmp::Reverse(figures))
}

/// Whether a move joins twins or moves them (its option says what twins are).
fn has_twins(path: &[Action]) -> bool {
    path.iter().any(|a| matches!(a, Action::Twins | Action::EnterTwins | Action::Advance { twins: true, .. }))
}

fn kind_of(base: &Game, end: &End) -> EndKind {
    let (before, after) = (base.position(), end.game.position());
    let seat = before.turn();
    let (mine, now) = (before.army(seat), after.army(seat));
    let others = |p: &crate::engine::Position| {
        p.seats().iter().filter(|&s| s != seat).map(|s| u32::from(p.army(s).on_board())).sum::<u32>()
    };
    if end.game.is_finished() {
        EndKind::Wins
    } else if others(after) < others(before) {
        EndKind::Captures
    } else if now.borne_off() > mine.borne_off() {
        EndKind::BearsOff
    } else if now.on_board() + now.borne_off() > mine.on_board() + mine.borne_off() {
        EndKind::Enters
    } else {
        EndKind::Other
    }
}

/// One whole move: what kind it is, what it does, and the throws it uses
/// and what follows.
fn end_option(lang: Lang, base: &Game, end: &End, index: usize) -> SelectOption {
    let before = base.position();
    let (_, throws) = choice_words(lang, before, &end.path);
    let label = option_words(lang, before, &end.path);
    let used: usize = end.path.iter().map(|a| a.throws().len()).sum();
    let lost = before.throws().len().saturating_sub(used + end.game.position().throws().len());
    let seat = before.turn();
    let mut parts = Vec::new();
    match kind_of(base, end) {
        EndKind::Captures => parts.push(tr!(lang, "option-tag-capture")),
        EndKind::BearsOff => parts.push(tr!(lang, "option-tag-home", goal = goal_word(before))),
        EndKind::Enters => parts.push(tr!(lang, "option-tag-enter")),
        EndKind::Wins | EndKind::Other => {}
    }
    if has_twins(&end.path) {
        parts.push(tr!(lang, "option-tag-twins"));
    }
    if !throws.is_empty() {
        parts.push(tr!(lang, "option-with", throws = throws));
    }
    if lost > 0 {
        parts.push(tr!(lang, "option-unused", count = lost));
    }
    if end.game.is_finished() {
        parts.push(tr!(lang, "option-wins"));
    } else if end.game.wants_throw() && end.game.to_act() == Some(seat) {
        parts.push(tr!(lang, "option-throws-again"));
    }
    SelectOption { label, value: Pick::End(index).encode(), description: parts.join(", ") }
}

/// Numbers options that would read the same ("… (2)"), so that no two
/// look alike even where long words were cut.
fn make_distinct(options: &mut [SelectOption]) {
    for i in 1..options.len() {
        let original = options[i].label.clone();
        let mut n = 1;
        while options[..i].iter().any(|o| o.label == options[i].label && o.description == options[i].description) {
            n += 1;
            let mark = format!(" ({n})");
            let room = limits::OPTION_TEXT - mark.chars().count();
            options[i].label = format!("{}{mark}", original.chars().take(room).collect::<String>());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::game::choices;
    use crate::engine::{Seat, parse_tpn};

    /// The menu of South at `tpn` with nothing picked, its options and its
    /// first line, in `lang`.
    fn menu_at(lang: Lang, tpn: &str) -> (Menu, Vec<SelectOption>, String) {
        let game = Game::from_position(parse_tpn(tpn).expect("valid TPN"));
        let (draft, memo) = (TurnDraft::default(), EndsMemo::default());
        let menu = choices::menu(&game, Some(Seat::S), &draft, &memo);
        let options = menu_options(lang, &menu);
        let line = menu_line(lang, &menu, &options, &draft, &memo);
        assert!(line.chars().count() <= limits::PLACEHOLDER, "{line}");
        for o in &options {
            assert!(
                o.label.chars().count() <= limits::OPTION_TEXT && o.description.chars().count() <= limits::OPTION_TEXT
            );
        }
        (menu, options, line)
    }

    /// Every piece of an option reads as one start and one end: no chain
    /// of hops ("Ec4 → Ea8 takes South → Ea1 …").
    fn piece_by_piece(options: &[SelectOption]) {
        for o in options {
            for part in o.label.split(" · ") {
                assert!(part.matches(" → ").count() <= 1, "a chain of hops: {}", o.label);
            }
        }
    }

    #[test]
    fn more_ways_than_fit_move_one_piece_first_and_the_first_line_says_so() {
        // Bell, six throws for three pieces; Tayam Sonalu, four throws for
        // four pieces (each throw moves a piece on its own): far over 25 ways.
        for tpn in [
            "bell S=5,3,1,o N=7,o,o,o turn=S throws=1,4,4,8,1,2",
            "tayam-sonalu S+=3,14,20,30 N+=10,25,o,o turn=S throws=4,4,2,1",
        ] {
            let ways = crate::discord::game::ends::ends(&Game::from_position(parse_tpn(tpn).expect("tpn")));
            assert!(ways.list.len() > choices::OPTIONS, "{tpn}: {}", ways.list.len());
            let (menu, options, line) = menu_at(Lang::EN, tpn);
            assert!(matches!(menu, Menu::Steps { .. }), "{tpn}: {menu:?}");
            assert!(line.starts_with("Your move: ") && line.contains("move one piece first"), "{line}");
            assert!(line.contains(&ways.list.len().to_string()) || !ways.complete, "the count is said: {line}");
            piece_by_piece(&options);
            assert!(options.iter().all(|o| o.label.split(" · ").count() == 1), "one piece each: {options:?}");
            for lang in Lang::all() {
                let (_, _, line) = menu_at(lang, tpn);
                assert_ne!(line, tr!(lang, "menu-steps-first"), "{}: {line}", lang.code());
            }
        }
    }

    #[test]
    fn a_menu_that_fits_tells_each_piece_and_puts_captures_entries_and_progress_first() {
        // Tayam Sonalu, three throws, two pieces out and two to enter:
        // whole moves, piece by piece.
        let tpn = "tayam-sonalu S+=3,14,o,o N+=59,o,o,o turn=S throws=4,2,1";
        let (menu, options, line) = menu_at(Lang::EN, tpn);
        let Menu::Ends { base, ends, offered } = &menu else { panic!("{menu:?}") };
        assert!(offered.len() <= choices::OPTIONS && line.starts_with("Your move: "), "{line}");
        piece_by_piece(&options);
        // The options come in order of what they are worth.
        let worths: Vec<_> = options
            .iter()
            .map(|o| match Pick::parse(&o.value) {
                Some(Pick::End(i)) => worth(base.position(), &ends.list[i].game),
                other => panic!("{other:?}"),
            })
            .collect();
        assert!(worths.windows(2).all(|w| w[0] <= w[1]), "{options:?}");
        // Entering (a 1 enters her next piece) and progress come before the rest.
        assert!(options[0].description.starts_with("＋"), "an entry first: {:?}", options[0]);
        for (i, o) in options.iter().enumerate().filter(|(_, o)| o.label.contains('⚔')) {
            assert!(options[..i].iter().all(|p| p.label.contains('⚔')), "captures first: {options:?}");
            assert!(o.description.starts_with("⚔"), "{o:?}");
        }
    }

    #[test]
    fn bells_menus_with_twins_say_what_joining_twins_means() {
        // Two singles on her step 8 (the palace opposite hers) may join:
        // the first of these long menus (a dozen ways and more) that fits.
        let tpn = [
            "bell S=8,8,3,1 N=15,o,o,o turn=S throws=4,2",
            "bell S=8,8,3,1 N=15,o,o,o turn=S throws=4,1",
            "bell S=8,8,5,1 N=15,o,o,o turn=S throws=8,2",
            "bell S=8,8,3,o N=15,o,o,o turn=S throws=4,2",
        ]
        .into_iter()
        .find(|tpn| matches!(menu_at(Lang::EN, tpn).0, Menu::Ends { ref offered, .. } if offered.len() >= 12))
        .expect("a long menu of whole moves with twins");
        let (_, options, line) = menu_at(Lang::EN, tpn);
        piece_by_piece(&options);
        let twins: Vec<&SelectOption> = options.iter().filter(|o| o.description.contains("twins")).collect();
        assert!(!twins.is_empty(), "a move joins twins: {options:?}");
        assert!(line.contains(&tr!(Lang::EN, "menu-twins")), "the first line says what twins are: {line}");
        for lang in Lang::all() {
            let (_, options, line) = menu_at(lang, tpn);
            let tag = tr!(lang, "option-tag-twins");
            assert!(options.iter().any(|o| o.description.contains(&tag)), "{}: {options:?}", lang.code());
            assert!(line.contains(&tr!(lang, "menu-twins")), "{}: {line}", lang.code());
        }
    }
}
