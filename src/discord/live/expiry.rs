//! Closing the games nobody plays, at the ticker's look: a lobby open
//! longer than `lobby_expiry`, and a game reached by clicks only (a group
//! DM) that nobody clicked for `idle_turns` of its turn times
//! (`discord::game::expiry` decides; the guard remembers the clicks). The
//! end is saved, and shown where the bot can post; either way the game
//! leaves the hub and the ticker.

use super::board::{Change, show};
use super::change::change;
use super::data::Data;
use super::running::{Reach, Running};
use crate::discord::game::expiry::{Waits, close, due};
use poise::serenity_prelude::Http;

/// Closes the game if it waited too long; `true` when it did.
pub(crate) async fn close_if_due(http: &Http, data: &Data, running: &mut Running, now: i64) -> bool {
    let limits = data.guard.limits();
    let waits = Waits { lobby: limits.lobby_expiry, idle_turns: limits.idle_turns };
    let id = running.table.id;
    // A game first seen by this process counts from now (after a restart,
    // its lobby or idle time starts again).
    let (_, clicked) = data.guard.last_clicks(id, now);
    let opened = data.guard.opened_at(id, now);
    let by_clicks = running.post.reach == Reach::Interactions;
    let Some(why) = due(&running.table, waits, opened, clicked, by_clicks, now) else { return false };
    match change(data, running, |t| close(t, why)).await {
        Ok((notes, outro)) => {
            tracing::info!("game {id} closed: {:?}", notes.first());
            data.guard.closed(id);
            if !by_clicks {
                show(http, data, running, Change::of(&notes, &outro), None).await;
            }
            true
        }
        Err(refusal) => {
            tracing::warn!("closing game {id}, which nobody plays, was not saved: {refusal:?}");
            false
        }
    }
}
