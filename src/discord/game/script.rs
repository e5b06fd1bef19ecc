//! A scripted player for tests and the `bot-bench` command, clicking
//! exactly what a person could: [`next_intent`] always takes the first
//! choice the bot offers; [`random_intent`] picks uniformly among the
//! offered options (a multi-select: any non-empty set of its options), as
//! a player who does not know which the rules will refuse.

use super::choices;
use super::intent::Intent;
use super::table::Table;
use crate::engine::Phase;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

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

/// The intent of a player choosing uniformly among the offered options.
pub(crate) fn random_intent(t: &Table, rng: &mut ChaCha8Rng) -> Intent {
    let g = t.draft_game();
    let moving = matches!(g.phase(), Phase::Moving { .. }) && g.to_act() == t.to_act();
    if !t.draft.actions.is_empty() && !moving || t.game_now().wants_throw() {
        return next_intent(t);
    }
    match t.draft.unit {
        None => {
            let units = choices::unit_choices(&g);
            match units.get(rng.random_range(0..units.len().max(1))) {
                Some(c) => Intent::ChooseUnit(c.key.encode()),
                None => Intent::Confirm,
            }
        }
        Some(key) => {
            let options = choices::throw_choices(&g, key);
            loop {
                let picked: Vec<String> =
                    options.iter().filter(|_| rng.random_bool(0.5)).map(|c| c.index.to_string()).collect();
                if !picked.is_empty() || options.is_empty() {
                    return Intent::ChooseThrows(picked);
                }
            }
        }
    }
}
