//! A scripted player for tests and the `bot-bench` command: it always takes
//! the first choice the bot offers, clicking exactly what a person would.

use super::choices;
use super::intent::Intent;
use super::table::Table;
use crate::engine::Phase;

/// The intent the player on turn sends next.
pub(crate) fn next_intent(t: &Table) -> Intent {
    let g = t.draft_game();
    let moving = matches!(g.phase(), Phase::Moving { .. }) && g.to_act() == t.to_act();
    if !t.draft.actions.is_empty() && !moving {
        return Intent::Confirm;
    }
    if t.game_now().wants_throw() {
        return Intent::Throw;
    }
    match t.draft.unit {
        None => match choices::unit_choices(&g).first() {
            Some(c) => Intent::ChooseUnit(c.key.encode()),
            None => Intent::Confirm,
        },
        Some(key) => {
            let Some(action) = choices::actions_of(&g, key).first().copied() else { return Intent::Undo };
            let mut need = action.throws();
            let throws = g.position().throws().as_slice();
            let picked = (0..throws.len()).filter(|&i| need.take(throws[i])).map(|i| i.to_string()).collect();
            Intent::ChooseThrows(picked)
        }
    }
}
