//! Playing on the board in Discord (an Activity) as the live wing sees it
//! (the board's "Play on the board" button is a click, answered with the
//! launch-activity callback in [`super::clicks`]): a move sent by the
//! Activity, run through the same path as a click on the board's menu:
//! the game's lock, the session's `handle_click` with the board's counter
//! (refused when it is not her turn or the counter is out of date), saved
//! before it is answered, then the channel's board shown as after a click
//! of hers (without an interaction to answer: as a computer's move is
//! shown).
//! Who she is and that she is in the Activity of the game's channel are
//! checked before (`discord::web::api`).

use super::board::{Change, show};
use super::change::{BoardMove, apply_click};
use super::computer::spawn_computer;
use super::data::Data;
use super::delivery;
use super::running::Reach;
use super::unix_now;
use crate::discord::game::ids::{ChannelId, UserId};
use crate::discord::game::intent::{Actor, Intent, Refusal};
use poise::serenity_prelude as serenity;
use serenity::Http;
use std::sync::Arc;

/// What the Activity sends: what a control of the board's menu means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Act {
    /// An option of the menu (its value, `choices::Pick`).
    Choose(String),
    Confirm,
    Undo,
}

impl Act {
    fn intent(self) -> Intent {
        match self {
            Act::Choose(value) => Intent::Choose(value),
            Act::Confirm => Intent::Confirm,
            Act::Undo => Intent::Undo,
        }
    }
}

/// A move sent from the Activity of a game's channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct WebMove {
    /// The channel of the Activity (its instance's location).
    pub(crate) channel: ChannelId,
    pub(crate) user: UserId,
    /// Her name in Discord, kept by the table as a click's is.
    pub(crate) name: String,
    pub(crate) act: Act,
    /// The counter of the board she saw.
    pub(crate) seq: u32,
}

/// A move the Activity made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Played {
    /// The game's counter after it (saved).
    pub(crate) seq: u32,
    /// The channel's board shows it already. Not where the bot reaches the
    /// channel only by interactions (a group DM, a DM between two people):
    /// there it edits a board only in answer to a click on it, and the
    /// Activity's move is no interaction of Discord's; the next click on
    /// the board (refused as stale) shows it as it stands.
    pub(crate) board_follows: bool,
}

/// Plays a move of the Activity of `m.channel`'s open game as a click of
/// hers on its board would: `Ok` with the game's counter after it (saved,
/// and the channel's board showing it where the bot reaches the channel),
/// or why nothing changed.
pub(crate) async fn play(http: &Arc<Http>, data: &Data, m: WebMove) -> Result<Played, Refusal> {
    let Some(game) = data.hub.in_channel(m.channel) else { return Err(Refusal::Closed) };
    let mut running = game.lock().await;
    if running.table.channel != m.channel || !running.table.is_open() {
        return Err(Refusal::Closed);
    }
    let now = unix_now();
    let table = &running.table;
    data.guard.clicked(table.id, m.user == table.host, now);
    let actor = Actor { user: m.user, moderator: false };
    let by_clicks = running.post.reach == Reach::Interactions;
    let (user, intent) = (m.user, m.act.intent());
    let played = BoardMove { actor, name: m.name, intent, seq: m.seq, now };
    let (notes, outro) = apply_click(data, &mut running, played).await?;
    let change = Change { actor: Some(user), ..Change::of(&notes, &outro) };
    let shown = show(http, data, &mut running, change, None).await;
    let seq = running.table.seq;
    let board_follows = !by_clicks && running.post.shown == Some(seq);
    let task_due = delivery::computer_task_due(&running.table, &running.post, shown.saved);
    drop(running);
    if task_due {
        spawn_computer(http.clone(), data.clone(), game);
    }
    Ok(Played { seq, board_follows })
}
