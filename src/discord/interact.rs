//! Button and select clicks, routed by their `custom_id`: parse it, lock the
//! game, apply the click through the session layer and answer within
//! Discord's 3 s: the board message is updated in place while young, or
//! re-posted when old; refusals are private. Also the board publishing and
//! the computer-turn task shared with commands and timeouts.

use super::bot::Data;
use super::change::{apply_intent, change, remember};
use super::components::{ComponentId, Control};
use super::computer::Level;
use super::hub::Shared;
use super::message::Message;
use super::outgoing::{self, Png};
use super::picture;
use super::presenter::{self, Outro};
use super::session::{self, Actor, Intent, Refusal};
use super::table::{BoardMessage, Table};
use poise::serenity_prelude as serenity;
use serenity::{ComponentInteraction, ComponentInteractionDataKind, CreateInteractionResponse, Http};
use std::sync::{Arc, PoisonError};
use std::time::Duration;

/// A board message older than this is re-posted instead of edited
/// (Discord rate-limits edits of messages older than an hour hard).
const BOARD_MAX_AGE: i64 = 50 * 60;

/// The pause before a computer's move, so people can follow.
pub const COMPUTER_PAUSE: Duration = Duration::from_millis(1000);

pub fn unix_now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

/// Handles one click; every path answers the interaction exactly once.
pub async fn on_click(ctx: &serenity::Context, data: &Data, click: &ComponentInteraction) {
    let id = match ComponentId::parse(&click.data.custom_id) {
        Ok(id) => id,
        Err(e) => {
            tracing::warn!("unknown custom_id {:?}: {e}", click.data.custom_id);
            return refuse(ctx, click, "This control is not one of this bot's (any more).", true).await;
        }
    };
    let Some(game) = data.hub.get(id.game) else {
        return refuse(ctx, click, "This game is not running any more.", true).await;
    };
    let intent = match intent_of(id.control, &click.data.kind) {
        Some(i) => i,
        None => return refuse(ctx, click, "That choice could not be read.", false).await,
    };
    let moderator = click.member.as_ref().and_then(|m| m.permissions).is_some_and(|p| p.manage_messages());
    let actor = Actor { user: click.user.id.get(), moderator };
    let name = click.user.display_name().to_string();
    let mut table = game.lock().await;
    let now = unix_now();
    let applied = apply_intent(data, &mut table, |t| {
        let notes = session::handle(t, actor, intent, Some(id.seq), now)?;
        if t.humans().contains(&actor.user) {
            t.names.insert(actor.user, name);
        }
        Ok(notes)
    })
    .await;
    match applied {
        Err(refusal) => {
            let outdated = matches!(refusal, Refusal::Stale | Refusal::Closed) && !is_board(&table, click);
            refuse(ctx, click, &refusal.to_string(), outdated).await;
        }
        Ok((notes, outro)) => {
            let msg = presenter::table_message(&table, &notes, &outro);
            let png = picture::board_png(&table).await;
            answer_with_board(ctx, click, &mut table, &msg, png).await;
            remember(data, &mut table).await;
            drop(table);
            spawn_computer(ctx.http.clone(), data.clone(), game);
        }
    }
}

fn is_board(table: &Table, click: &ComponentInteraction) -> bool {
    table.board.is_some_and(|b| b.message == click.message.id.get())
}

fn intent_of(control: Control, kind: &ComponentInteractionDataKind) -> Option<Intent> {
    let values = match kind {
        ComponentInteractionDataKind::StringSelect { values } => values.clone(),
        _ => Vec::new(),
    };
    Some(match control {
        Control::Join => Intent::Join,
        Control::Leave => Intent::Leave,
        Control::AddComputer => Intent::AddComputer(values.first()?.parse::<Level>().ok()?),
        Control::Start => Intent::Start,
        Control::Cancel => Intent::Cancel,
        Control::Throw => Intent::Throw,
        Control::ChooseUnit => Intent::ChooseUnit(values.first()?.clone()),
        Control::ChooseThrows => Intent::ChooseThrows(values),
        Control::Confirm => Intent::Confirm,
        Control::Undo => Intent::Undo,
        Control::Page(p) => Intent::Page(p),
    })
}

/// A private answer; `strip` also removes the clicked message's controls
/// (it belongs to a finished game or an outdated board).
async fn refuse(ctx: &serenity::Context, click: &ComponentInteraction, text: &str, strip: bool) {
    let reply = outgoing::response(&presenter::private(text), true, None);
    if let Err(e) = click.create_response(&ctx.http, CreateInteractionResponse::Message(reply)).await {
        tracing::warn!("could not answer a click: {e:?}");
    }
    if strip {
        let edit = serenity::EditMessage::new().components(Vec::new());
        if let Err(e) = click.channel_id.edit_message(&ctx.http, click.message.id, edit).await {
            tracing::debug!("could not remove old controls: {e:?}");
        }
    }
}

/// Answers a successful click: update the clicked board in place while it
/// is young, else acknowledge and post a fresh board.
async fn answer_with_board(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    table: &mut Table,
    msg: &Message,
    png: Png,
) {
    let young = table.board.is_some_and(|b| unix_now() - b.posted_at < BOARD_MAX_AGE);
    if young && is_board(table, click) {
        let update = CreateInteractionResponse::UpdateMessage(outgoing::response(msg, false, png.clone()));
        if let Err(e) = click.create_response(&ctx.http, update).await {
            // The change is saved: the board must show it even if the
            // interaction answer failed (e.g. it came too late).
            tracing::warn!("could not update the board of game {} in the answer: {e:?}; editing it", table.id);
            publish(&ctx.http, table, msg, png).await;
        }
        return;
    }
    if let Err(e) = click.create_response(&ctx.http, CreateInteractionResponse::Acknowledge).await {
        tracing::warn!("could not acknowledge a click: {e:?}");
    }
    repost(&ctx.http, table, msg, png).await;
}

/// Shows a table's new state on its board message (`fresh`: as a new
/// message) and saves where that message now is.
pub async fn show(http: &Http, data: &Data, table: &mut Table, notes: &[String], outro: &Outro, fresh: bool) {
    let msg = presenter::table_message(table, notes, outro);
    let png = picture::board_png(table).await;
    if fresh {
        repost(http, table, &msg, png).await;
    } else {
        publish(http, table, &msg, png).await;
    }
    remember(data, table).await;
}

/// Shows a new state on the board message: edit while young, else re-post.
pub async fn publish(http: &Http, table: &mut Table, msg: &Message, png: Png) {
    match table.board {
        Some(b) if unix_now() - b.posted_at < BOARD_MAX_AGE => {
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
pub async fn repost(http: &Http, table: &mut Table, msg: &Message, png: Png) {
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

/// Plays the computer seats of a game, one readable step at a time, until
/// a human is to act or the game ends. One task per game at most.
pub fn spawn_computer(http: Arc<Http>, data: Data, game: Shared) {
    tokio::spawn(async move {
        let id = game.lock().await.id;
        if !data.computers.lock().unwrap_or_else(PoisonError::into_inner).insert(id) {
            return;
        }
        let mut failures = 0;
        loop {
            tokio::time::sleep(data.computer_pause).await;
            let mut table = game.lock().await;
            // Harder levels search for a while: keep the runtime's other tasks moving.
            let step =
                change(&data, &mut table, |t| tokio::task::block_in_place(|| session::computer_step(t, unix_now())))
                    .await;
            let (notes, outro) = match step {
                Ok((Some(notes), outro)) => (notes, outro),
                Ok((None, _)) => {
                    // Released under the game's lock, so a click that makes a
                    // computer due again always finds the slot free.
                    data.computers.lock().unwrap_or_else(PoisonError::into_inner).remove(&id);
                    break;
                }
                Err(refusal) => {
                    failures += 1;
                    tracing::warn!("computer move {failures} in game {id} not saved: {refusal}");
                    if failures < 5 {
                        continue;
                    }
                    data.computers.lock().unwrap_or_else(PoisonError::into_inner).remove(&id);
                    break;
                }
            };
            show(&http, &data, &mut table, &notes, &outro, false).await;
        }
    });
}
