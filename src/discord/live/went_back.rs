//! A database that went back in time under a running game: a backup
//! restored, a power cut that lost the last commits, a failover to a
//! standby that was behind. Throw k of a game depends only on its seed and
//! k, so a game resumed at an earlier counter would deal again throws its
//! players have already seen. A board in Discord ahead of the stored game
//! (its controls carry a newer counter: a board is shown only once its
//! change is saved) tells; such a game is ended unrated, its seed
//! revealed, with one line saying why, and never plays on. Start-up looks
//! at each server channel's newest messages before any game plays on; a
//! click carrying a counter ahead of the store tells the same (a group DM's
//! boards can only be seen by their clicks).

use super::board::{Change, Via, show};
use super::change::change;
use super::data::Data;
use super::delivery::Place;
use super::hub::Shared;
use super::ids;
use super::persist::SAVE_DEADLINE;
use super::running::{Reach, Running};
use crate::discord::game::ids::GameId;
use crate::discord::game::session;
use poise::serenity_prelude as serenity;
use serenity::Http;

/// How many of a channel's newest messages start-up reads for boards
/// ahead of their stored game (Discord's most in one request).
const NEWEST: u8 = 50;

/// The highest action counter that the controls of `messages` carry for
/// game `game` (`None` when none of them has controls of that game).
pub(crate) fn newest_shown<'a>(game: GameId, messages: impl IntoIterator<Item = &'a serenity::Message>) -> Option<u32> {
    messages.into_iter().flat_map(ids::controls).filter(|id| id.game == game).map(|id| id.seq).max()
}

/// Whether a board showing action `shown` is ahead of the stored game at
/// `stored`: only a store that went back leaves Discord ahead of it.
pub(crate) fn is_ahead(shown: u32, stored: u32) -> bool {
    shown > stored
}

/// At start-up: whether the channel of a game reached in its channel shows
/// a board ahead of the stored game; if so the game is ended. `false` when
/// the channel cannot be read (nothing is known: the game plays on, and a
/// click on a newer board still tells).
pub(crate) async fn check_at_start(http: &Http, data: &Data, game: &Shared) -> bool {
    let (id, channel) = {
        let running = game.lock().await;
        if running.post.reach == Reach::Interactions || !running.table.is_open() {
            return false;
        }
        (running.table.id, ids::channel(running.table.channel))
    };
    // Read without the game's lock (clicks go on meanwhile): a click only
    // moves the game on, so a board read before it is never ahead of it.
    let newest = match http.get_messages(channel, None, Some(NEWEST)).await {
        Ok(messages) => newest_shown(id, &messages),
        Err(e) => {
            tracing::debug!("cannot read channel {channel} for boards ahead of game {id}: {e:?}");
            None
        }
    };
    let mut running = game.lock().await;
    match newest {
        Some(shown) if running.table.is_open() && is_ahead(shown, running.table.seq) => {
            end(http, data, &mut running, shown, None).await
        }
        _ => false,
    }
}

/// On a click carrying action `shown`, ahead of the game as this process
/// holds it: whether the store is behind it too (another process may only
/// have moved the game on). A store that cannot be read tells nothing.
pub(crate) async fn store_behind(data: &Data, game: GameId, shown: u32) -> bool {
    match data.store.call_within(SAVE_DEADLINE, move |s| s.game(game.into())).await {
        Ok(Some(info)) => u32::try_from(info.seq).is_ok_and(|stored| is_ahead(shown, stored)),
        Ok(None) => false,
        Err(e) => {
            tracing::debug!("could not read game {game}'s counter: {e}");
            false
        }
    }
}

/// Ends a game whose store went back (a board shows action `shown`): saved
/// as ended (unrated, its seed revealed), shown as a new message with the
/// line that says why. `true` once saved.
pub(crate) async fn end(http: &Http, data: &Data, running: &mut Running, shown: u32, via: Option<Via<'_>>) -> bool {
    let id = running.table.id;
    tracing::error!(
        "game {id}: a board in Discord shows action {shown} but the database holds action {}: the database went \
         back in time (a backup restored, or its last commits lost); the game ends unrated and its seed is revealed, \
         so that no throw is dealt twice",
        running.table.seq
    );
    match change(data, running, session::went_back).await {
        Ok(((), mut outro)) => {
            outro.went_back = true;
            let shown = Change { place: Place::New, ..Change::of(&[], &outro) };
            show(http, data, running, shown, via).await;
            true
        }
        Err(refusal) => {
            tracing::error!("game {id}: could not save its end ({refusal:?}); it is checked again at the next start");
            false
        }
    }
}
