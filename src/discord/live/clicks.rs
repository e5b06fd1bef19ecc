//! Button and select clicks, routed by their `custom_id`: parse it, lock the
//! game, apply the click through the session layer and answer within
//! Discord's 3 s: the board message is updated in place while young, or
//! re-posted when old; refusals are private. A click on a board that is
//! behind its saved game (the last run died between saving a change and
//! showing it) brings that board up to date instead, with a private note.

use super::access::is_moderator;
use super::board::{is_young, publish, repost, show_end};
use super::change::{apply_intent, remember};
use super::computer::spawn_computer;
use super::outgoing::{self, Png};
use super::persist;
use super::pictures;
use super::unix_now;
use crate::discord::Data;
use crate::discord::game::computer::Level;
use crate::discord::game::intent::{Actor, Intent, Refusal};
use crate::discord::game::session;
use crate::discord::game::table::Table;
use crate::discord::view::components::{ComponentId, Control};
use crate::discord::view::message::Message;
use crate::discord::view::presenter::{self, Outro};
use crate::discord::view::refusals::{BOARD_CAUGHT_UP, END_SHOWN, refusal_text};
use crate::store::GameId;
use poise::serenity_prelude as serenity;
use serenity::{
    ComponentInteraction, ComponentInteractionDataKind, CreateInteractionResponse, CreateInteractionResponseFollowup,
};

/// Handles one click; every path answers the interaction exactly once.
pub(crate) async fn on_click(ctx: &serenity::Context, data: &Data, click: &ComponentInteraction) {
    let id = match ComponentId::parse(&click.data.custom_id) {
        Ok(id) => id,
        Err(e) => {
            tracing::warn!("unknown custom_id {:?}: {e}", click.data.custom_id);
            return refuse(ctx, click, "This control is not one of this bot's (any more).", true).await;
        }
    };
    let Some(game) = data.hub.get(id.game) else {
        return on_closed_game(ctx, data, click, id.game).await;
    };
    let intent = match intent_of(id.control, &click.data.kind) {
        Some(i) => i,
        None => return refuse(ctx, click, "That choice could not be read.", false).await,
    };
    let moderator = is_moderator(click.member.as_ref());
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
        Err(Refusal::Stale) if is_board(&table, click) && table.shown != Some(table.seq) => {
            // The game's own board, behind the saved game: show it as it stands.
            let msg = presenter::table_message(&table, &[], &Outro::default());
            let png = pictures::board_png(&table).await;
            answer_with_board(ctx, click, &mut table, &msg, png).await;
            remember(data, &mut table).await;
            drop(table);
            note(ctx, click, BOARD_CAUGHT_UP).await;
        }
        Err(refusal) => {
            let outdated = matches!(refusal, Refusal::Stale | Refusal::Closed) && !is_board(&table, click);
            refuse(ctx, click, &refusal_text(&refusal), outdated).await;
        }
        Ok((notes, outro)) => {
            let msg = presenter::table_message(&table, &notes, &outro);
            let png = pictures::board_png(&table).await;
            answer_with_board(ctx, click, &mut table, &msg, png).await;
            remember(data, &mut table).await;
            drop(table);
            spawn_computer(ctx.http.clone(), data.clone(), game);
        }
    }
}

/// A click on a game the bot does not run. When the game is over and the
/// click came from its board, that board missed the end (the last run died
/// between saving it and showing it): the end is shown there, in place.
async fn on_closed_game(ctx: &serenity::Context, data: &Data, click: &ComponentInteraction, game: i64) {
    let loaded = data.store.call(move |s| s.load(GameId(game))).await;
    let table = match loaded {
        Ok(Some(loaded)) => persist::from_closed(loaded).ok(),
        Ok(None) => None,
        Err(e) => {
            tracing::warn!("cannot read game {game}: {e}");
            None
        }
    };
    let Some(mut table) = table.filter(|t| is_board(t, click)) else {
        return refuse(ctx, click, "This game is not running any more.", true).await;
    };
    let msg = presenter::table_message(&table, &[], &Outro::default());
    let png = pictures::board_png(&table).await;
    let update = CreateInteractionResponse::UpdateMessage(outgoing::response(&msg, false, png));
    if let Err(e) = click.create_response(&ctx.http, update).await {
        tracing::warn!("could not show the end of game {game} in the answer: {e:?}; editing the board");
        return show_end(&ctx.http, &mut table).await;
    }
    note(ctx, click, END_SHOWN).await;
}

/// A private follow-up to an answered click.
async fn note(ctx: &serenity::Context, click: &ComponentInteraction, text: &str) {
    let note = CreateInteractionResponseFollowup::new().content(text).ephemeral(true);
    if let Err(e) = click.create_followup(&ctx.http, note).await {
        tracing::debug!("could not send a private note: {e:?}");
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
    if is_young(table) && is_board(table, click) {
        let update = CreateInteractionResponse::UpdateMessage(outgoing::response(msg, false, png.clone()));
        match click.create_response(&ctx.http, update).await {
            Ok(()) => table.shown = Some(table.seq),
            Err(e) => {
                // The change is saved: the board must show it even if the
                // interaction answer failed (e.g. it came too late).
                tracing::warn!("could not update the board of game {} in the answer: {e:?}; editing it", table.id);
                publish(&ctx.http, table, msg, png).await;
            }
        }
        return;
    }
    if let Err(e) = click.create_response(&ctx.http, CreateInteractionResponse::Acknowledge).await {
        tracing::warn!("could not acknowledge a click: {e:?}");
    }
    repost(&ctx.http, table, msg, png).await;
}
