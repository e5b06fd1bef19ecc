//! Touching the board in the Activity: for each option of the board's
//! menu, the pieces it moves, each from the square it stands on (or her
//! waiting pieces, in the strip) to the square where it ends, placed on
//! the board picture the Activity shows ([`crate::render::hotspots`], as
//! fractions of the picture's width and height, so that the page lays its
//! marks over the picture at any size). Which option a player already
//! picked, so that the page can draw it. Plain functions of the table.

use crate::discord::game::choices::{Menu, Pick};
use crate::discord::game::table::Table;
use crate::discord::view::picture::{BOARD_SIZE, board_view};
use crate::engine::{Action, Game};
use crate::render::{LastAction, Spot, hotspots};
use serde_json::{Value, json};

/// The pieces a path of actions moves from `base`: where each started and
/// where it ends (a piece moved twice is followed; a piece borne off ends
/// on the square it left).
pub(crate) fn piece_moves(base: &Game, path: &[Action]) -> Vec<(Spot, Spot)> {
    let mut g = *base;
    let mut out: Vec<(Spot, Spot)> = Vec::new();
    for &a in path {
        let pos = *g.position();
        let board = pos.rules().board;
        if let Some(step) = LastAction::of(&pos, a, 0) {
            let from = step.start_cell(board).map_or(Spot::Waiting(step.seat), Spot::Square);
            let to = step.landing_cell(board).map_or(from, Spot::Square);
            match out.iter_mut().find(|(_, end)| *end == from && matches!(from, Spot::Square(_))) {
                Some(moved) => moved.1 = to,
                None => out.push((from, to)),
            }
        }
        g.act_unchecked(a);
    }
    out
}

/// Each option of `menu` (by its value) with the pieces it moves.
pub(crate) fn option_moves(menu: &Menu) -> Vec<(String, Vec<(Spot, Spot)>)> {
    match menu {
        Menu::Nothing => Vec::new(),
        Menu::Ends { base, ends, offered, .. } => offered
            .iter()
            .filter_map(|&i| Some((Pick::End(i).encode(), piece_moves(base, &ends.list.get(i)?.path))))
            .collect(),
        Menu::Steps { base, steps } => {
            steps.iter().enumerate().map(|(i, &a)| (Pick::Step(i).encode(), piece_moves(base, &[a]))).collect()
        }
    }
}

/// The option of `menu` the table's draft picked as a whole, if any.
pub(crate) fn picked(t: &Table, menu: &Menu) -> Option<String> {
    let Menu::Ends { ends, .. } = menu else { return None };
    let chosen = usize::from(t.draft.chosen);
    let path = t.draft.actions.get(t.draft.actions.len().checked_sub(chosen)?..)?;
    if chosen == 0 {
        return None;
    }
    ends.list.iter().position(|e| e.path == path).map(|i| Pick::End(i).encode())
}

/// A fraction of the picture, to four places.
fn fraction(x: f32, of: u32) -> f64 {
    (f64::from(x) / f64::from(of.max(1)) * 10_000.0).round() / 10_000.0
}

/// The marks of `menu` on the board picture of `t`: `{"square": side,
/// "disc": a seat's disc in the strip, "strip": its top, "aspect": height
/// over width, "moves": {value: [[from x, from y, to x, to y], …]}}`,
/// fractions of the picture's width (x, the side, the disc) and height
/// (y, the strip's top); a piece whose start or
/// end the picture does not show (outside the cropped part of the cross)
/// is left out, and so is an option with no piece shown (its button
/// stays). `None` without a picture (a lobby).
pub(crate) fn marks(t: &Table, menu: &Menu) -> Option<Value> {
    let view = board_view(crate::discord::view::lang::Lang::EN, t)?;
    let options = option_moves(menu);
    let spots: Vec<Spot> = options.iter().flat_map(|(_, m)| m.iter().flat_map(|&(a, b)| [a, b])).collect();
    let placed = hotspots(&view, BOARD_SIZE, &spots).ok()?;
    let mut centres = placed.centres.iter();
    let mut moves = serde_json::Map::new();
    for (value, pieces) in &options {
        let mut shown = Vec::new();
        for _ in pieces {
            let (from, to) = (centres.next().copied().flatten(), centres.next().copied().flatten());
            if let (Some((fx, fy)), Some((tx, ty))) = (from, to) {
                let (w, h) = (placed.width, placed.height);
                shown.push(json!([fraction(fx, w), fraction(fy, h), fraction(tx, w), fraction(ty, h)]));
            }
        }
        if !shown.is_empty() {
            moves.insert(value.clone(), Value::Array(shown));
        }
    }
    Some(json!({
        "square": fraction(placed.square, placed.width),
        "disc": fraction(placed.disc, placed.width),
        "strip": fraction(placed.strip_top, placed.height),
        "aspect": fraction(placed.height as f32, placed.width),
        "moves": moves,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::game::ends::EndsMemo;
    use crate::discord::game::table::TurnDraft;
    use crate::engine::{Seat, parse_tpn};

    fn game(tpn: &str) -> Game {
        Game::from_position(parse_tpn(tpn).expect("valid TPN"))
    }

    #[test]
    fn every_end_names_the_pieces_it_moves_from_their_squares_to_their_ends() {
        // South: pieces on steps 5 and 3, two waiting; throws 1, 4, 2.
        let g = game("bell S=5,3,o,o N=7,o,o,o turn=S throws=1,4,2");
        let board = g.position().rules().board;
        let menu = crate::discord::game::choices::menu(&g, Some(Seat::S), &TurnDraft::default(), &EndsMemo::default());
        let Menu::Ends { ends, .. } = &menu else { panic!("{menu:?}") };
        let options = option_moves(&menu);
        assert_eq!(options.len(), ends.list.len());
        let starts =
            [Spot::Square(board.cell(Seat::S, 5)), Spot::Square(board.cell(Seat::S, 3)), Spot::Waiting(Seat::S)];
        for ((value, moves), end) in options.iter().zip(&ends.list) {
            assert!(!moves.is_empty(), "{value} moves a piece");
            assert!(moves.iter().all(|(from, _)| starts.contains(from)), "{value}: {moves:?}");
            // Where the pieces end is where the end leaves South's pieces.
            for (_, to) in moves {
                let Spot::Square(cell) = to else { panic!("{value} ends off the board: {moves:?}") };
                let there = end.game.position().units_on_board().any(|(s, _, c)| s == Seat::S && c == *cell);
                assert!(there, "{value}: no piece of South's ends on {}", board.square_name(*cell));
            }
        }
        // One piece moved all the throws, from step 5 to step 12: one move.
        let whole = ends
            .list
            .iter()
            .position(|e| e.game.position().units_on_board().any(|(s, u, _)| s == Seat::S && u.step() == Some(12)));
        if let Some(i) = whole {
            let (from, to) = (board.cell(Seat::S, 5), board.cell(Seat::S, 12));
            assert!(options[i].1.contains(&(Spot::Square(from), Spot::Square(to))), "{:?}", options[i]);
        }
    }

    #[test]
    fn an_entering_piece_starts_in_the_strip_and_a_pick_is_known() {
        use crate::discord::game::intent::Intent;
        use crate::discord::game::session_tests::{act, started};
        use crate::discord::game::turn::menu_of;
        let mut t = started(2, crate::engine::Variant::Bell);
        // Throws until the player on turn has a menu (every piece waits).
        while !matches!(menu_of(&t), Menu::Ends { .. }) {
            let user = t.human_to_act().expect("a human to act");
            act(&mut t, user, Intent::Throw).expect("a throw");
        }
        let menu = menu_of(&t);
        let seat = t.to_act().expect("a seat on turn");
        let options = option_moves(&menu);
        let entering = |m: &Vec<(Spot, Spot)>| {
            m.first().is_some_and(|&(from, to)| from == Spot::Waiting(seat) && matches!(to, Spot::Square(_)))
        };
        assert_eq!(picked(&t, &menu), None);
        let marks = marks(&t, &menu).expect("a picture");
        let Some((value, first)) = options.iter().find(|(_, m)| entering(m)) else {
            panic!("every piece waits: a move enters one from the strip: {options:?}")
        };
        let shown = &marks["moves"][value.as_str()][0];
        let xy: Vec<f64> = (0..4).filter_map(|i| shown[i].as_f64()).collect();
        assert_eq!(xy.len(), 4, "{first:?}: {marks}");
        assert!(xy.iter().all(|v| (0.0..=1.0).contains(v)), "{marks}");
        assert!(xy[1] > xy[3], "the strip is below the board: {marks}");
        let user = t.human_to_act().expect("a human to act");
        act(&mut t, user, Intent::Choose(value.clone())).expect("a pick");
        assert_eq!(picked(&t, &menu_of(&t)), Some(value.clone()), "the pick is known");
    }
}
