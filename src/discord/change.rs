//! One change of a game under its lock: apply it through the session
//! layer, save it in the store, and put the table back exactly as it was
//! if the save fails, so what players see is always what is saved.

use super::bot::Data;
use super::persist;
use super::presenter::Outro;
use super::session::Refusal;
use super::table::Table;
use crate::store::{GameId, StoreError};

/// Runs `f` on the table and saves what it changed (nothing is written if
/// nothing changed). A finished game comes back with its rating lines.
pub async fn change<T>(data: &Data, table: &mut Table, f: impl FnOnce(&mut Table) -> T) -> Result<(T, Outro), Refusal> {
    let before = table.clone();
    let out = f(table);
    match persist::save(&data.store, table).await {
        Ok(changes) => {
            data.hub.saved(table);
            Ok((out, persist::outro(&changes)))
        }
        Err(StoreError::Stale { current }) => {
            tracing::warn!("game {} moved on to action {current} elsewhere; reloading it", table.id);
            *table = before;
            reload(data, table).await;
            Err(Refusal::Stale)
        }
        Err(e) => {
            tracing::error!("could not save game {}: {e}", table.id);
            *table = before;
            Err(Refusal::Unsaved)
        }
    }
}

/// Saves a change that is not an action (the board message moved, a
/// reminder was sent); a failure is only logged.
pub async fn remember(data: &Data, table: &mut Table) {
    if let Err(e) = persist::save(&data.store, table).await {
        tracing::warn!("could not save the board message of game {}: {e}", table.id);
    }
}

/// Replaces the table by the store's version (another process changed it).
async fn reload(data: &Data, table: &mut Table) {
    let id = GameId(table.id);
    match data.store.call(move |s| s.live_game(id)).await {
        Ok(Some(live)) => match persist::from_live(live) {
            Ok(fresh) => *table = fresh,
            Err(e) => tracing::error!("cannot reload: {e}"),
        },
        Ok(None) => {
            table.stage = super::table::Stage::Ended;
            data.hub.saved(table);
        }
        Err(e) => tracing::error!("cannot reload game {id}: {e}"),
    }
}
