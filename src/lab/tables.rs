//! Bot tables without Discord, for the store tools (`store-bench`,
//! `store-crash-worker`): a game opened as `/thaayam new` opens it, and
//! changed as its players change it, through the bot's own session layer.
//! Saving stays with the caller (`persist::save_sync`, the synchronous twin
//! of the `persist::save` the bot calls after every change).

use crate::discord::game::intent::{Actor, Intent};
use crate::discord::game::notes::Notes;
use crate::discord::game::script::next_intent;
use crate::discord::game::session;
use crate::discord::game::table::NewGame;
use crate::discord::game::table::{Table, UserId};
use crate::discord::live::persist;
use crate::discord::live::running::Running;
use crate::discord::view::lang::Lang;
use crate::discord::view::refusals::refusal_text;
use crate::store::{Store, StoreError};

/// What `persist::create` does, on a plain store: the game's row (its id
/// and the commitment to `seed`), and a new lobby table for it, not saved
/// yet. A game the store still has open in the channel (created, but never
/// saved by a process that died) is abandoned first, as `/thaayam new` does.
pub(crate) fn create(store: &mut Store, new: NewGame, seed: [u8; 32]) -> Result<Running, StoreError> {
    match persist::create_sync(store, new, seed) {
        Err(StoreError::ChannelBusy { game, .. }) => {
            store.abandon(game, None)?;
            persist::create_sync(store, new, seed)
        }
        other => other,
    }
}

/// A click of `user` on the newest board (it carries the table's counter),
/// as the click handler applies it; a refusal is an error here.
pub(crate) fn click(table: &mut Table, user: UserId, intent: Intent, now: i64) -> Result<Notes, String> {
    let seq = table.seq;
    let shown = format!("{intent:?}");
    let notes = session::handle(table, Actor { user, moderator: false }, intent, Some(seq), now)
        .map_err(|e| format!("game {}: {shown} of {user} refused: {}", table.id, refusal_text(Lang::EN, &e)))?;
    if table.humans().contains(&user) {
        table.names.insert(user, format!("player {user}"));
    }
    Ok(notes)
}

/// The next change of a running game: a computer's step when a computer is
/// to act, else the scripted click of the human on turn.
pub(crate) fn play(table: &mut Table, now: i64) -> Result<Notes, String> {
    if let Some(notes) = session::computer_step(table, now) {
        return Ok(notes);
    }
    let user = table.human_to_act().ok_or_else(|| format!("game {}: nobody is to act", table.id))?;
    let intent = next_intent(table);
    click(table, user, intent, now)
}
