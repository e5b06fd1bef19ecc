//! A scripted player for tests and the `bot-bench` command, clicking
//! exactly what a person could: [`next_intent`] always takes the first
//! option the bot offers, [`random_intent`] picks uniformly among the
//! offered options; both press Confirm once the move is whole.

use super::choices::{OPTIONS, Pick};
use super::intent::Intent;
use super::table::Table;
use super::turn::menu_of;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// The intent the player on turn sends next.
pub(crate) fn next_intent(t: &Table) -> Intent {
    pick_with(t, |picks| picks.first().copied())
}

/// The intent of a player choosing uniformly among the offered options.
pub(crate) fn random_intent(t: &Table, rng: &mut ChaCha8Rng) -> Intent {
    pick_with(t, |picks| picks.get(rng.random_range(0..picks.len().max(1))).copied())
}

/// Confirm a whole move, throw where a saved game still waits for it,
/// else an option of the menu's page shown (by `pick`).
fn pick_with(t: &Table, pick: impl FnOnce(&[Pick]) -> Option<Pick>) -> Intent {
    if t.draft_is_whole() {
        return Intent::Confirm;
    }
    if t.game_now().wants_throw() {
        return Intent::Throw;
    }
    let picks = menu_of(t).picks();
    // The page shown, as the presenter clamps it.
    let pages = picks.len().div_ceil(OPTIONS).max(1);
    let first = usize::from(t.draft.page).min(pages - 1) * OPTIONS;
    let shown: Vec<Pick> = picks.iter().skip(first).take(OPTIONS).copied().collect();
    match pick(&shown) {
        Some(p) => Intent::Choose(p.encode()),
        None => Intent::Undo,
    }
}
