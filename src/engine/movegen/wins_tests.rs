//! Tests of winning as a maximal use: a win out of reach seen without
//! search, a win with fewer throws offered, a use that must win.

use super::*;
use crate::engine::{Game, parse_tpn};

fn army_and_bag(tpn: &str) -> (Army, ThrowBag, &'static Rules) {
    let pos = parse_tpn(tpn).expect("valid TPN");
    (*pos.army(pos.turn()), pos.throws().bag(), pos.rules())
}

#[test]
fn a_win_out_of_reach_is_seen_without_search() {
    // Five squares to go: a 5 covers them, 1 + 2 do not.
    let (army, bag, rules) = army_and_bag("tayam-sonalu S+=x,x,x,79 N=o,o,o,o turn=S throws=5,1,2");
    assert!(may_win(&army, bag, rules));
    let (army, bag, rules) = army_and_bag("tayam-sonalu S+=x,x,x,79 N=o,o,o,o turn=S throws=1,2");
    assert!(!may_win(&army, bag, rules));
    // In the keep, a throw of 1 bears off; a 2 does not.
    let (army, bag, rules) = army_and_bag("bell S=x,x,x,24 N=o,o,o,o turn=S throws=2,2");
    assert!(!may_win(&army, bag, rules));
    let (army, bag, rules) = army_and_bag("bell S=x,x,x,24 N=o,o,o,o turn=S throws=1,2");
    assert!(may_win(&army, bag, rules));
}

fn names(actions: &[Action]) -> Vec<String> {
    actions.iter().map(ToString::to_string).collect()
}

/// Issue 28's positions: the most throws usable is two (1 and 2), but
/// the 5 (the 4) wins at once; the win is offered beside them, and
/// winning drops the throws left.
#[test]
fn a_win_with_fewer_throws_is_offered_and_ends_the_game() {
    for (tpn, win) in [
        ("tayam-sonalu S+=x,x,x,79 W=o,o,o,o N=o,o,o,o E=o,o,o,o turn=S throws=5,1,2", "79+5"),
        ("tayam-sonalu S+=x,x,x,80 W+=10,o,o,o N=o,o,o,o E=o,o,o,o turn=S throws=4,1,2", "80+4"),
    ] {
        let mut game = Game::from_position(parse_tpn(tpn).expect("valid TPN"));
        let legal = game.legal_actions();
        let from = &win[..2];
        assert_eq!(names(&legal), [format!("{from}+1"), format!("{from}+2"), win.to_string()], "{tpn}");
        let mut mg = MoveGen::new();
        // The list from the memo is the same (a second call).
        assert_eq!(game.legal_actions_ref(&mut mg), legal.as_slice());
        assert_eq!(game.legal_actions_ref(&mut mg), legal.as_slice());
        let out = game.act(legal[2], &mut mg).expect("the win is legal");
        assert_eq!(out.lost, 2, "{tpn}: the 1 and the 2 are dropped");
        assert!(game.is_finished() && game.position().throws().is_empty(), "{tpn}");
        assert_eq!(game.position().winner(), Some(crate::engine::Seat::S));
    }
}

/// After an action that only a win allows, the rest of the use must
/// win: 13 + 8 leaves 21 with 2, 1, 2, 3, and 21 + 2 + 1 would end in
/// the keep having used three throws of the four a use can.
#[test]
fn after_an_action_only_a_win_allows_the_use_must_win() {
    let tpn = "bell1979 S=x,x,x,13 N=o,o,o,o turn=S throws=2,1,2,3,8";
    let mut game = Game::from_position(parse_tpn(tpn).expect("valid TPN"));
    let legal = names(&game.legal_actions());
    assert!(legal.contains(&"13+8".to_string()) && legal.contains(&"13+2".to_string()), "{legal:?}");
    let mut mg = MoveGen::new();
    let eight = game.legal_actions().into_iter().find(|a| a.to_string() == "13+8").expect("13+8");
    game.act(eight, &mut mg).expect("legal");
    assert_eq!(game.phase(), crate::engine::Phase::Moving { captured: false, must_win: true });
    assert_eq!(names(&game.legal_actions()), ["21+3"]);
    // The same position at the start of a use allows the most throws too.
    let fresh = Game::from_position(*game.position());
    assert_eq!(names(&fresh.legal_actions()), ["21+1", "21+2", "21+3"]);
    // A draw without the list agrees.
    assert_eq!(game.pick_legal_action(&mut mg, |_| 0).map(|a| a.to_string()), Some("21+3".to_string()));
}

#[test]
fn the_search_finds_a_win_of_several_actions() {
    // 80 + 4 and 83 + 1 bring both home; after 80 + 1, nothing does.
    let tpn = "tayam-sonalu S+=x,x,83,80 N=o,o,o,o turn=S throws=4,1,2";
    let (army, bag, rules) = army_and_bag(tpn);
    let game = Game::from_position(parse_tpn(tpn).expect("valid TPN"));
    let mut mg = MoveGen::new();
    let wins: Vec<String> = game
        .legal_actions()
        .into_iter()
        .filter(|&a| mg.wins_after(&army, bag, a, rules, 1))
        .map(|a| a.to_string())
        .collect();
    assert_eq!(wins, ["83+1", "80+4"]);
}
