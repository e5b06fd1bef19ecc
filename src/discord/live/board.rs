//! The board message of a game: showing a table's new state on it (edited
//! in place while young, re-posted when old or lost), and remembering where
//! it is in the store.

use super::change::remember;
use super::outgoing::{self, Png};
use super::pictures;
use super::unix_now;
use crate::discord::Data;
use crate::discord::game::notes::Note;
use crate::discord::game::table::{BoardMessage, Table};
use crate::discord::view::message::Message;
use crate::discord::view::presenter::{self, Outro};
use poise::serenity_prelude as serenity;
use serenity::Http;

/// A board message older than this is re-posted instead of edited
/// (Discord rate-limits edits of messages older than an hour hard).
const BOARD_MAX_AGE: i64 = 50 * 60;

/// Whether the table's board message is young enough to be edited.
pub(super) fn is_young(table: &Table) -> bool {
    table.board.is_some_and(|b| unix_now() - b.posted_at < BOARD_MAX_AGE)
}

/// Shows a table's new state on its board message (`fresh`: as a new
/// message; also when someone else is now the human to act, as an edit
/// would not notify her) and saves where that message now is.
pub(crate) async fn show(http: &Http, data: &Data, table: &mut Table, notes: &[Note], outro: &Outro, fresh: bool) {
    let msg = presenter::table_message(table, notes, outro);
    let png = pictures::board_png(table).await;
    if fresh || table.needs_new_board(None) {
        repost(http, table, &msg, png).await;
    } else {
        publish(http, table, &msg, png).await;
    }
    table.shown_to_act();
    remember(data, table).await;
}

/// Shows a new state on the board message: edit while young, else re-post.
pub(crate) async fn publish(http: &Http, table: &mut Table, msg: &Message, png: Png) {
    match table.board {
        Some(b) if is_young(table) => {
            let channel = serenity::ChannelId::new(table.channel.max(1));
            let id = serenity::MessageId::new(b.message.max(1));
            if let Err(e) = channel.edit_message(http, id, outgoing::edit(msg, png.clone())).await {
                tracing::warn!("could not edit the board of game {}: {e:?}; posting anew", table.id);
                repost(http, table, msg, png).await;
            }
        }
        _ => repost(http, table, msg, png).await,
    }
}

/// Posts a fresh board message and removes the old one's controls.
pub(crate) async fn repost(http: &Http, table: &mut Table, msg: &Message, png: Png) {
    let channel = serenity::ChannelId::new(table.channel.max(1));
    match channel.send_message(http, outgoing::create(msg, png)).await {
        Ok(posted) => {
            if let Some(old) = table.board.replace(BoardMessage { message: posted.id.get(), posted_at: unix_now() }) {
                let edit = serenity::EditMessage::new().components(Vec::new());
                let _ = channel.edit_message(http, serenity::MessageId::new(old.message.max(1)), edit).await;
            }
        }
        Err(e) => tracing::warn!("could not post the board of game {}: {e:?}", table.id),
    }
}
