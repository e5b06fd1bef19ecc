//! Tests of the move generator through whole positions (the memos shared
//! across rule sets).

use super::MoveGen;
use crate::engine::action::Action;
use crate::engine::{Game, parse_tpn};

fn legal_with(mg: &mut MoveGen, tpn: &str) -> Vec<Action> {
    let game = Game::from_position(parse_tpn(tpn).expect("valid TPN"));
    let mut out = Vec::new();
    game.legal_actions_with(mg, &mut out);
    out
}

/// The same army and throws under two rule sets: in `bell` the twins
/// take both 1s (one step), in `bell1979` a 1 cannot move twins, so only
/// the single's 1 can be used. A memo shared across rules answered the
/// second question with the first's maximum (2) and offered nothing.
#[test]
fn one_move_generator_serves_several_rule_sets() {
    let bell = "bell S=x,t20,23 N=o,o,o,o turn=S throws=1,1";
    let ludii = "bell1979 S=x,t20,23 N=o,o,o,o turn=S throws=1,1";
    let mut mg = MoveGen::new();
    let first = legal_with(&mut mg, bell);
    assert!(!first.is_empty());
    let shared = legal_with(&mut mg, ludii);
    let fresh = legal_with(&mut MoveGen::new(), ludii);
    assert_eq!(fresh.iter().map(ToString::to_string).collect::<Vec<_>>(), ["23+1"]);
    assert_eq!(shared, fresh);
    assert_eq!(legal_with(&mut mg, bell), first);
}
