//! Why a series of throws was lost (no legal move), in terms a player can
//! check on the board: each rule that stops a piece of hers (no throw
//! that enters one, only an exact throw reaching the goal, only a 1
//! bearing off the keep, a throw of 0) is
//! named, and a reason is given only when those rules stop every piece:
//! anything else is not guessed at. (Twins always move: a series ends with
//! a 2 or a 3, and half of either is a step.)

use crate::engine::{PairEntry, Position, Seat, Throw, Unit};

/// One rule that stopped a piece of hers.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Block {
    /// A piece waits off the board and a piece enters only with these throws.
    Enter(Vec<Throw>),
    /// Every piece left is in the keep: only a 1 bears one off.
    BearOffWithOne,
    /// A piece on the track is nearer the goal than the smallest throw:
    /// only an exact throw reaches it.
    Exact,
    /// Every throw was 0, which moves nothing.
    Zero,
}

/// Why throws were lost: the rules that stopped every piece, in the
/// order above, each once; empty when something else stopped one (the
/// line then gives no reason rather than a wrong one). `home`: the goal
/// is home (Tayam Sonalu), not the keep.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct LostWhy {
    pub(crate) blocks: Vec<Block>,
    pub(crate) home: bool,
}

/// Why `seat`'s throws were lost, seen from `before` (the position before
/// the last throw `last`, which ended the series).
pub(crate) fn why_lost(before: &Position, seat: Seat, last: Throw) -> LostWhy {
    let rules = before.rules();
    let army = before.army(seat);
    let throws: Vec<u8> = before.throws().as_slice().iter().chain([&last]).map(|t| t.value()).collect();
    let moving: Vec<u8> = throws.iter().copied().filter(|&v| v > 0).collect();
    if moving.is_empty() {
        return LostWhy { blocks: vec![Block::Zero], home: rules.home_on_goal };
    }
    let smallest = moving.iter().copied().min().unwrap_or(1);
    let goal = rules.goal();
    let all_in_keep = !rules.home_on_goal
        && army.units().all(|u| matches!(u, Unit::Borne) || u.step() == Some(goal) && !u.is_twins());
    let mut blocks = Vec::new();
    for unit in army.units() {
        let block = match unit {
            Unit::Borne => continue,
            Unit::Off => Block::Enter(rules.entry.throws(army.entered()).to_vec()),
            // A pair captured together in Tayam Sonalu enters with one throw.
            Unit::TwinsOff if rules.pair_entry == PairEntry::SinglesForOneThrow => {
                Block::Enter(rules.entry.throws(army.entered()).to_vec())
            }
            Unit::Single(s) if s >= goal => {
                if !all_in_keep {
                    // It waits in the keep for the others: they say why.
                    continue;
                }
                Block::BearOffWithOne
            }
            Unit::Single(s) if s.saturating_add(smallest) > goal => Block::Exact,
            _ => return LostWhy::default(),
        };
        if !blocks.contains(&block) {
            blocks.push(block);
        }
    }
    blocks.sort();
    LostWhy { blocks, home: rules.home_on_goal }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, parse_tpn};

    /// Why the series of `tpn` (whose throws are all thrown, the last one
    /// `last` still to come) is lost, after checking with the engine that
    /// it is lost.
    fn why(tpn: &str, last: Throw) -> Vec<Block> {
        let before = parse_tpn(tpn).expect("valid TPN");
        let mut game = Game::from_position(before);
        let out = game.throw(last).expect("a throw");
        assert!(out.lost > 0, "{tpn} + {last:?} loses its throws: {out:?}");
        why_lost(&before, before.turn(), last).blocks
    }

    #[test]
    fn each_rule_that_blocks_is_named_in_every_variant() {
        use Block::*;
        // A piece waits in the keep for the last one, which a 2 cannot enter.
        assert_eq!(why("bell S=24,o,x,x N=15,o,o,o turn=S", Throw::Two), vec![Enter(vec![Throw::One])]);
        // Every piece in the keep: only a 1 bears one off (the case).
        assert_eq!(why("bell S=x,x,24,24 N=15,o,o,o turn=S", Throw::Three), vec![BearOffWithOne]);
        assert_eq!(why("bell1979 S=x,x,x,24 N=15,o,o,o turn=S", Throw::Two), vec![BearOffWithOne]);
        // One piece in the keep, one a step before it: the exact throw is missing.
        assert_eq!(why("bell S=x,x,24,23 N=15,o,o,o turn=S", Throw::Two), vec![Exact]);
        // Near the end with a piece waiting and no 1: both rules.
        assert_eq!(why("bell S=23,o,x,x N=15,o,o,o turn=S", Throw::Three), vec![Enter(vec![Throw::One]), Exact]);
        // Francais never loses throws: a player who can do nothing else stops (a pass).
        let stuck = parse_tpn("francais S=to,24,x N=15,o,o,o turn=S throws=1").expect("valid TPN");
        assert_eq!(Game::from_position(stuck).throw(Throw::Two).map(|o| o.lost), Ok(0));
        // Tayam Sonalu: a 0 moves nothing; the first piece enters only with Tayam;
        // a piece near home needs the exact throw.
        assert_eq!(why("tayam-sonalu S=o,o,o,o N+=15,o,o,o turn=S", Throw::Zero), vec![Zero]);
        assert_eq!(why("tayam-sonalu S=o,o,o,o N+=15,o,o,o turn=S", Throw::Two), vec![Enter(vec![Throw::One])]);
        assert_eq!(why("tayam-sonalu S+=x,x,x,82 N+=15,o,o,o turn=S", Throw::Three), vec![Exact]);
    }

    #[test]
    fn a_block_the_rules_here_do_not_explain_gives_no_reason() {
        // Bell: South's pieces all in the keep but one, which a 2 moves
        // freely: the series is not lost, and a made-up loss names nothing
        // rather than a wrong rule.
        let pos = parse_tpn("bell S=24,24,24,10 N=15,o,o,o turn=S").expect("valid TPN");
        assert_eq!(why_lost(&pos, Seat::S, Throw::Two), LostWhy::default());
    }
}
