//! One way to read a game from the store by its number (callers look in
//! this process's hub first, where the game's lock is): an open game
//! another process runs, or a closed one, rebuilt as start-up rebuilds it
//! (`persist`), always within a deadline, so that no caller waits on a
//! busy store for ever. The clicks, the catching-up boards, the reload
//! after a stale save, the Activity and the game pages all read a stored
//! game through here.

use super::data::Data;
use super::persist;
use super::running::Running;
use crate::discord::game::ids::GameId;
use crate::store::StoreError;
use std::time::Duration;

/// Game `id` as the store has it, open or closed.
pub(crate) async fn stored(data: &Data, id: GameId, within: Duration) -> Result<Option<Running>, StoreError> {
    let gid: crate::store::GameId = id.into();
    let found = data
        .store
        .call_within(within, move |s| match s.live_game(gid)? {
            Some(live) => Ok(Some(Ok(live))),
            None => Ok(s.load(gid)?.map(Err)),
        })
        .await?;
    Ok(found.and_then(|f| readable(id, f.map_or_else(persist::from_closed, persist::from_live))))
}

/// Game `id` as the store closed it (`None` while it is open, or without
/// such a game).
pub(crate) async fn closed(data: &Data, id: GameId, within: Duration) -> Result<Option<Running>, StoreError> {
    let gid: crate::store::GameId = id.into();
    let loaded = data.store.call_within(within, move |s| s.load(gid)).await?;
    Ok(loaded.and_then(|l| readable(id, persist::from_closed(l))))
}

fn readable(id: GameId, rebuilt: Result<Running, String>) -> Option<Running> {
    rebuilt.map_err(|e| tracing::warn!("game {id}: its stored form cannot be read: {e}")).ok()
}
