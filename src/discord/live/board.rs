//! The board message of a game: showing a table's new state on it (edited
//! in place while young, re-posted when old or lost), remembering in the
//! store where it is and which action it shows, and at start-up bringing
//! the boards behind their saved game up to it (the last run may have saved
//! a change and died before showing it).

use super::change::remember;
use super::hub::Shared;
use super::instrument;
use super::lang::server_lang;
use super::metrics::Route;
use super::outgoing::{self, Png};
use super::persist;
use super::pictures;
use super::unix_now;
use crate::discord::Data;
use crate::discord::game::notes::Note;
use crate::discord::game::table::{BoardMessage, Table};
use crate::discord::view::components::ComponentId;
use crate::discord::view::lang::Lang;
use crate::discord::view::message::Message;
use crate::discord::view::presenter::{self, Outro};
use crate::store::GameId;
use poise::serenity_prelude as serenity;
use serenity::{ActionRowComponent, ButtonKind, Http};
use std::sync::Arc;

/// A board message older than this is re-posted instead of edited
/// (Discord rate-limits edits of messages older than an hour hard).
const BOARD_MAX_AGE: i64 = 50 * 60;

/// Whether the table's board message is young enough to be edited.
pub(super) fn is_young(table: &Table) -> bool {
    table.board.is_some_and(|b| unix_now() - b.posted_at < BOARD_MAX_AGE)
}

/// Shows a table's new state on its board message (`fresh`: as a new
/// message; also when someone else is now the human to act, as an edit
/// would not notify her) and saves where that message now is. Returns
/// whether Discord took the board (posted, or edited in place).
pub(crate) async fn show(
    http: &Http,
    data: &Data,
    table: &mut Table,
    notes: &[Note],
    outro: &Outro,
    fresh: bool,
) -> bool {
    let lang = server_lang(data, table.guild, None).await;
    let msg = presenter::table_message(lang, table, notes, outro);
    let png = pictures::board_png(lang, table, &msg).await;
    let shown = if fresh || table.needs_new_board(None) {
        repost(http, table, lang, &msg, png, notes).await
    } else {
        publish(http, table, lang, &msg, png, notes).await
    };
    table.shown_to_act();
    remember(data, table).await;
    shown
}

/// Shows a new state on the board message: edit while young, else re-post
/// (`notes`: what happened, kept on the old board when it is replaced).
/// Returns whether Discord took it.
pub(crate) async fn publish(
    http: &Http,
    table: &mut Table,
    lang: Lang,
    msg: &Message,
    png: Png,
    notes: &[Note],
) -> bool {
    match table.board {
        Some(b) if is_young(table) => {
            let channel = serenity::ChannelId::new(table.channel.max(1));
            let id = serenity::MessageId::new(b.message.max(1));
            let showing = pictures::showing(msg, &png);
            let edited = channel.edit_message(http, id, outgoing::edit(msg, png.clone())).await;
            instrument::request(Route::EditMessage, &edited);
            match edited {
                Ok(_) => {
                    table.shown = Some(table.seq);
                    table.picture = showing;
                    true
                }
                Err(e) => {
                    tracing::warn!("could not edit the board of game {}: {e:?}; posting anew", table.id);
                    repost(http, table, lang, msg, png, notes).await
                }
            }
        }
        _ => repost(http, table, lang, msg, png, notes).await,
    }
}

/// Posts a fresh board message (in `lang`); the old one becomes a record,
/// what happened with a pointer to the new board: no controls, no picture,
/// so only the live board shows the game. Returns whether Discord took the
/// new message.
pub(crate) async fn repost(
    http: &Http,
    table: &mut Table,
    lang: Lang,
    msg: &Message,
    png: Png,
    notes: &[Note],
) -> bool {
    let channel = serenity::ChannelId::new(table.channel.max(1));
    let png = pictures::for_new_message(lang, table, png).await;
    let showing = pictures::showing(msg, &png);
    let posted = channel.send_message(http, outgoing::create(msg, png)).await;
    instrument::request(Route::CreateMessage, &posted);
    match posted {
        Ok(posted) => {
            table.shown = Some(table.seq);
            table.picture = showing;
            if let Some(old) = table.board.replace(BoardMessage { message: posted.id.get(), posted_at: unix_now() }) {
                let edit = outgoing::edit(&presenter::record(lang, table, notes), None);
                let edited = channel.edit_message(http, serenity::MessageId::new(old.message.max(1)), edit).await;
                instrument::request(Route::EditMessage, &edited);
                if let Err(e) = edited {
                    tracing::debug!("could not turn the old board of game {} into a record: {e:?}", table.id);
                }
            }
            true
        }
        Err(e) => {
            tracing::warn!("could not post the board of game {}: {e:?}", table.id);
            table.picture = None;
            false
        }
    }
}

/// How long before the last write of the previous run a game may have
/// closed and still have its board checked at start-up: a crash between
/// saving a game's end and showing it happens at the very end of a run.
const CLOSED_WINDOW_SECS: u32 = 10 * 60;

/// After a restart: makes every board show its game's saved state. A board
/// the store says shows its game's counter (saved once Discord took it,
/// see `persist`) is left alone without a request: after a clean stop,
/// that is every board. The board of any other open game is read; one
/// whose controls carry the saved counter is left alone, any other shows
/// the saved state (edited in place while young, re-posted when old or
/// gone). The boards of games that closed at the end of the previous run
/// show the end where they do not yet. One game at a time, in the
/// background: clicks are answered meanwhile (a click on a board still
/// behind brings it up to date itself, see `clicks`). A board without
/// controls (a computer's turn) cannot tell its counter and is shown anew.
/// (A board deleted by hand while the bot was away is not noticed; the
/// game's next change, or `/thaayam board`, posts a new one.)
pub(crate) async fn reconcile(http: Arc<Http>, data: Data) {
    for game in data.hub.open_games() {
        catch_up_open(&http, &data, &game).await;
    }
    let closed = data.store.call(|s| s.closed_near_last_write(CLOSED_WINDOW_SECS)).await;
    match closed {
        Ok(ids) => {
            for id in ids {
                catch_up_closed(&http, &data, id).await;
            }
        }
        Err(e) => tracing::warn!("cannot list the games that closed before the restart: {e}"),
    }
}

async fn catch_up_open(http: &Http, data: &Data, game: &Shared) {
    let (channel, board, seq) = {
        let t = game.lock().await;
        if t.shown == Some(t.seq) {
            return;
        }
        (t.channel, t.board, t.seq)
    };
    // Read without the game's lock: clicks go on meanwhile.
    let current = match board {
        Some(b) => read(http, channel, b.message).await.is_ok_and(|m| controls_seq(&m) == Some(seq)),
        None => false,
    };
    let mut t = game.lock().await;
    if !t.is_open() || t.seq != seq || t.shown == Some(seq) {
        return; // changed and shown meanwhile
    }
    if current {
        t.shown = Some(seq);
        return;
    }
    tracing::info!("game {}: its board is behind the saved game; showing action {seq}", t.id);
    show(http, data, &mut t, &[], &Outro::default(), false).await;
}

async fn catch_up_closed(http: &Http, data: &Data, id: GameId) {
    let loaded = match data.store.call(move |s| s.load(id)).await {
        Ok(Some(loaded)) => loaded,
        Ok(None) => return,
        Err(e) => return tracing::warn!("cannot read game {id}: {e}"),
    };
    let mut table = match persist::from_closed(loaded) {
        Ok(table) => table,
        Err(e) => return tracing::warn!("cannot show the end of a game: {e}"),
    };
    if !data.config.shards.runs(table.guild) {
        return; // another process's server
    }
    let Some(board) = table.board else { return };
    let lang = server_lang(data, table.guild, None).await;
    let end = presenter::table_message(lang, &table, &[], &Outro::default());
    // The end shows with its own title (a board of a computer's turn has no
    // controls either); a board that cannot be read is left alone.
    let Ok(seen) = read(http, table.channel, board.message).await else { return };
    let title = seen.embeds.first().and_then(|e| e.title.as_deref());
    if title == end.embed.as_ref().map(|e| e.title.as_str()) {
        return;
    }
    tracing::info!("game {id}: its board missed the end; showing it");
    show_end(http, lang, &mut table).await;
}

/// Shows a closed game's end on its board (edited in place while young).
pub(crate) async fn show_end(http: &Http, lang: Lang, table: &mut Table) {
    let msg = presenter::table_message(lang, table, &[], &Outro::default());
    let png = pictures::board_png(lang, table, &msg).await;
    publish(http, table, lang, &msg, png, &[]).await;
}

/// A message of a channel, as Discord has it now.
async fn read(http: &Http, channel: u64, message: u64) -> Result<serenity::Message, serenity::Error> {
    http.get_message(serenity::ChannelId::new(channel.max(1)), serenity::MessageId::new(message.max(1))).await
}

/// The action counter the controls of a message carry (`None` without controls).
fn controls_seq(msg: &serenity::Message) -> Option<u32> {
    let ids = msg.components.iter().flat_map(|row| &row.components).filter_map(|c| match c {
        ActionRowComponent::Button(b) => match &b.data {
            ButtonKind::NonLink { custom_id, .. } => Some(custom_id.as_str()),
            _ => None,
        },
        ActionRowComponent::SelectMenu(s) => s.custom_id.as_deref(),
        _ => None,
    });
    ids.filter_map(|id| ComponentId::parse(id).ok()).map(|id| id.seq).max()
}
