//! `thaayam moves "<TPN with throws=...>"`: every position a complete legal
//! use of the throws can end in, one canonical TPN line each.

use crate::engine::{parse_tpn, series_outcomes};

/// The output lines, or a one-line error.
pub fn run(tpn: &str) -> Result<Vec<String>, String> {
    let pos = parse_tpn(tpn).map_err(|e| e.to_string())?;
    if pos.throws().is_empty() {
        return Err("the position has no throws to use: add throws=<t>,<t>,...".into());
    }
    Ok(series_outcomes(&pos))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::plans::plans;
    use crate::dice::{ThrowSource, random_game};
    use crate::discord::game::ends::{End, ends};
    use crate::engine::{CaptureReward, Game, MoveGen, Ruleset, SeatSet, SeriesWalk, Variant, format_tpn, in_series};
    use std::collections::{BTreeSet, HashSet};

    /// Games inside a series from seeded random games of every table, each
    /// one that `thaayam moves` can be given (its TPN gives it back).
    fn positions(variant: Variant, players: usize, per_table: usize) -> Vec<Game> {
        let ruleset = Ruleset::new(variant);
        let seats = SeatSet::for_players(players).expect("2 to 4 players");
        let mut out = Vec::new();
        for seed in 0.. {
            let mut src = ThrowSource::from_u64(seed, ruleset.rules().dice);
            let (record, _) = random_game(ruleset, seats, &mut src, &mut MoveGen::new());
            let mut g = Game::new(ruleset, seats);
            // Every seventh state, so that each game gives some of each stage.
            for (i, &e) in record.events.iter().enumerate() {
                if g.apply(e).is_err() {
                    break;
                }
                if i % 7 == 0 && in_series(&g, g.position().turn()) && is_given(&g) {
                    out.push(g);
                }
                if out.len() == per_table {
                    return out;
                }
            }
        }
        out
    }

    /// Whether `g` is the game `thaayam moves` plays from its TPN.
    fn is_given(g: &Game) -> bool {
        parse_tpn(&format_tpn(g.position(), true)).is_ok_and(|pos| Game::from_position(pos) == *g)
    }

    /// Whether the menu's end stopped at a capture that earns its extra
    /// series at once (`bell1979`): `moves` walks on after it.
    fn stopped_at_a_capture(start: &Game, end: &End) -> bool {
        let Some((&last, before)) = end.path.split_last() else { return false };
        let mut g = *start;
        for &a in before {
            g.act_unchecked(a);
        }
        let immediate = g.position().rules().capture_reward == CaptureReward::Immediate;
        immediate && g.act_unchecked(last).captured > 0
    }

    /// The ends of the bot's menu, of the computer's plans and of `thaayam
    /// moves` are the same positions over random series of every variant
    /// and table size (but for `moves` walking on after a `bell1979`
    /// capture), each reached by its path: they share the engine's walk,
    /// and this guards them against drifting apart again.
    #[test]
    fn the_menu_the_computer_and_moves_see_the_same_ends() {
        let mut walk = SeriesWalk::new();
        let mut compared = 0;
        for variant in Variant::ALL {
            for players in 2..=4 {
                for start in positions(variant, players, 60) {
                    let tpn = format_tpn(start.position(), true);
                    let menu = ends(&start);
                    if !menu.complete {
                        continue;
                    }
                    let menu_ends: HashSet<Game> = menu.list.iter().map(|e| e.game).collect();
                    let plans = plans(&start, &mut walk, usize::MAX / 2);
                    let plan_ends: HashSet<Game> = plans.iter().map(|p| p.end).collect();
                    assert_eq!(menu_ends.len(), menu.list.len(), "{tpn}: the menu lists each end once");
                    assert_eq!(plan_ends.len(), plans.len(), "{tpn}: one plan per end");
                    assert_eq!(menu_ends, plan_ends, "{tpn}: the menu's ends are the computer's");
                    for (path, end) in
                        menu.list.iter().map(|e| (&e.path, e.game)).chain(plans.iter().map(|p| (&p.path, p.end)))
                    {
                        let mut g = start;
                        let mut mg = MoveGen::new();
                        path.iter().for_each(|&a| assert!(g.act(a, &mut mg).is_ok(), "{tpn}: {a} is legal"));
                        assert_eq!(g, end, "{tpn}: the path leads to its end");
                    }
                    let moves: BTreeSet<String> = run(&tpn).expect("a position with throws").into_iter().collect();
                    let (stopped, walked): (Vec<&End>, Vec<&End>) =
                        menu.list.iter().partition(|e| stopped_at_a_capture(&start, e));
                    let walked: BTreeSet<String> =
                        walked.iter().map(|e| format_tpn(e.game.position(), false)).collect();
                    if stopped.is_empty() {
                        assert_eq!(walked, moves, "{tpn}: the menu's ends are `thaayam moves`'");
                    } else {
                        assert_eq!(variant, Variant::Bell1979, "{tpn}");
                        assert!(walked.is_subset(&moves) && moves.len() > walked.len(), "{tpn}: {moves:?}");
                    }
                    compared += 1;
                }
            }
        }
        assert!(compared > 500, "{compared} positions compared");
    }
}
