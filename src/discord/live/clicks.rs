//! Button and select clicks, routed by their `custom_id`: parse it, lock the
//! game, check that the click comes from the game's own channel and
//! server, apply the click through the session layer and answer within
//! Discord's 3 s: the board message is updated in place while young, or
//! re-posted when old; refusals are private. A click that makes another
//! human the one to act posts the board anew to notify her (an edit
//! notifies no one) and leaves the clicked board as a line of what
//! happened. Only the game's own board message is ever changed: a forged
//! custom_id can sit on any message. A click on the game's own board while
//! it is behind its saved game (the last run died between saving a change
//! and showing it) brings that board up to date instead, with a private
//! note; so does a click on the board of a game whose end was saved but
//! not shown. A control of an older version of the board is refused
//! privately and changes nothing.

use super::access::{from_game_channel, is_moderator};
use super::board::{is_young, publish, repost, show_end};
use super::change::{apply_intent, remember};
use super::computer::spawn_computer;
use super::instrument;
use super::lang::{self, server_lang};
use super::metrics::{Outcome, Route};
use super::outgoing;
use super::persist;
use super::pictures::{self, Coming};
use super::unix_now;
use crate::discord::Data;
use crate::discord::game::computer::Level;
use crate::discord::game::intent::{Actor, Intent, Refusal};
use crate::discord::game::notes::Note;
use crate::discord::game::session;
use crate::discord::game::table::Table;
use crate::discord::view::components::{ComponentId, Control, ParseError};
use crate::discord::view::lang::{Lang, tr};
use crate::discord::view::message::Message;
use crate::discord::view::presenter::{self, Outro};
use crate::discord::view::refusals::{board_caught_up, end_shown, refusal_text};
use crate::store::GameId;
use poise::serenity_prelude as serenity;
use serenity::{
    ComponentInteraction, ComponentInteractionDataKind, CreateInteractionResponse, CreateInteractionResponseFollowup,
};
use std::time::{Duration, Instant};

/// The answer to a click on a game the bot does not run, and to a click
/// naming a game from outside its channel (which must not learn more).
fn not_running(lang: Lang) -> String {
    tr!(lang, "click-not-running")
}

/// The languages of a click: the server's (for the board) and the
/// clicking user's (for private answers).
async fn click_langs(data: &Data, click: &ComponentInteraction) -> (Lang, Lang) {
    let guild = click.guild_id.map_or(0, |g| g.get());
    let server = server_lang(data, guild, click.guild_locale.as_deref()).await;
    (server, lang::private(Some(&click.locale), server))
}

/// Handles one click; every path answers the interaction exactly once.
pub(crate) async fn on_click(ctx: &serenity::Context, data: &Data, click: &ComponentInteraction) {
    let arrived = Instant::now();
    let (server, mine) = click_langs(data, click).await;
    let id = match ComponentId::parse(&click.data.custom_id) {
        Ok(id) => {
            tracing::Span::current().record("game", id.game);
            id
        }
        Err(ParseError::Retired) => return on_retired(ctx, click, mine).await,
        Err(e) => {
            tracing::warn!("unknown custom_id {:?}: {e}", click.data.custom_id);
            return refuse(ctx, click, &tr!(mine, "click-unknown-control")).await;
        }
    };
    let Some(game) = data.hub.get(id.game) else {
        if show_missed_end(ctx, data, click, id.game, server, mine).await {
            return;
        }
        refuse(ctx, click, &not_running(mine)).await;
        if !click.message.components.is_empty() && was_board_of(data, id.game, click).await {
            strip(ctx, click).await;
        }
        return;
    };
    let mut table = game.lock().await;
    if !from_game_channel(&table, click.guild_id, click.channel_id) {
        drop(table);
        tracing::warn!(
            "a click naming game {} came from channel {} of server {:?}; refused",
            id.game,
            click.channel_id,
            click.guild_id
        );
        return refuse(ctx, click, &not_running(mine)).await;
    }
    let intent = match intent_of(id.control, &click.data.kind) {
        Some(i) => i,
        None => return refuse(ctx, click, &tr!(mine, "click-unreadable")).await,
    };
    // The member's rights are those of the channel the click came from:
    // the game's own, as checked above.
    let moderator = is_moderator(click.member.as_ref());
    let actor = Actor { user: click.user.id.get(), moderator };
    let name = click.user.display_name().to_string();
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
            let msg = presenter::table_message(server, &table, &[], &Outro::default());
            let png = pictures::start(server, &table, &msg, arrived + PICTURE_BUDGET);
            answer_with_board(ctx, click, &mut table, server, &msg, png, &[]).await;
            remember(data, &mut table).await;
            drop(table);
            note(ctx, click, &board_caught_up(mine)).await;
        }
        Err(refusal) => {
            // A closed game's own board keeps no controls; any other
            // message (an older board, a forged click's) is left alone.
            let closed_board =
                refusal == Refusal::Closed && is_board(&table, click) && !click.message.components.is_empty();
            drop(table);
            refuse(ctx, click, &refusal_text(mine, &refusal)).await;
            if closed_board {
                strip(ctx, click).await;
            }
        }
        Ok((notes, outro)) => {
            let msg = presenter::table_message(server, &table, &notes, &outro);
            if table.needs_new_board(Some(actor.user)) {
                answer_with_new_board(ctx, click, &mut table, server, &notes, &msg).await;
            } else {
                let png = pictures::start(server, &table, &msg, arrived + PICTURE_BUDGET);
                answer_with_board(ctx, click, &mut table, server, &msg, png, &notes).await;
            }
            table.shown_to_act();
            let saved = remember(data, &mut table).await;
            // Only a click that leaves a computer to act (or a board
            // message whose save failed, which the task retries) starts
            // its task: a task after every click mostly woke, locked,
            // copied and serialised the table to find nothing to do.
            let task_due = table.computer_to_act() || !saved;
            drop(table);
            if task_due {
                spawn_computer(ctx.http.clone(), data.clone(), game);
            }
        }
    }
}

/// A click on a game the bot does not run, from the board of that game in
/// its own channel, when the game is over: that board missed the end (the
/// last run died between saving it and showing it), so the end is shown
/// there, in place. `false` when this is not such a click.
async fn show_missed_end(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    game: i64,
    server: Lang,
    mine: Lang,
) -> bool {
    if click.message.components.is_empty() {
        return false;
    }
    let table = match data.store.call(move |s| s.load(GameId(game))).await {
        Ok(Some(loaded)) => persist::from_closed(loaded).ok(),
        Ok(None) => None,
        Err(e) => {
            tracing::debug!("could not look up game {game}: {e}");
            None
        }
    };
    let ours = |t: &Table| is_board(t, click) && from_game_channel(t, click.guild_id, click.channel_id);
    let Some(mut table) = table.filter(ours) else { return false };
    let msg = presenter::table_message(server, &table, &[], &Outro::default());
    let png = pictures::board_png(server, &table, &msg).await;
    let update = CreateInteractionResponse::UpdateMessage(outgoing::response(&msg, false, png));
    if let Err(e) = respond(ctx, click, update).await {
        tracing::warn!("could not show the end of game {game} in the answer: {e:?}; editing the board");
        show_end(&ctx.http, server, &mut table).await;
        return true;
    }
    note(ctx, click, &end_shown(mine)).await;
    true
}

/// The first answer to a click (counted: see [`instrument`]).
async fn respond(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    response: CreateInteractionResponse,
) -> serenity::Result<()> {
    let result = click.create_response(&ctx.http, response).await;
    instrument::callback(&result);
    result
}

/// A private follow-up to an answered click.
async fn note(ctx: &serenity::Context, click: &ComponentInteraction, text: &str) {
    let note = CreateInteractionResponseFollowup::new().content(text).ephemeral(true);
    let sent = click.create_followup(&ctx.http, note).await;
    instrument::request(Route::InteractionFollowup, &sent);
    if let Err(e) = sent {
        tracing::debug!("could not send a private note: {e:?}");
    }
}

/// A click on a control of an older board (the piece-then-throws menus):
/// refused privately, changing nothing. Anyone can send such an id, seated
/// or not, so it must not redraw the game's board (a picture each time,
/// and the board's lines wiped); start-up redraws boards that still carry
/// such controls (their counter cannot be read).
async fn on_retired(ctx: &serenity::Context, click: &ComponentInteraction, mine: Lang) {
    refuse(ctx, click, &tr!(mine, "click-retired")).await
}

fn is_board(table: &Table, click: &ComponentInteraction) -> bool {
    table.board.is_some_and(|b| b.message == click.message.id.get())
}

/// Whether the clicked message is the last board the store knows of a game
/// the bot no longer runs (in that game's channel and server).
async fn was_board_of(data: &Data, game: i64, click: &ComponentInteraction) -> bool {
    let info = match data.store.call(move |s| s.game(GameId(game))).await {
        Ok(Some(info)) => info,
        Ok(None) => return false,
        Err(e) => {
            tracing::debug!("could not look up game {game}: {e}");
            return false;
        }
    };
    info.board_message == Some(click.message.id.get())
        && info.channel == click.channel_id.get()
        && click.guild_id.is_some_and(|g| g.get() == info.guild)
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
        Control::Choose => Intent::Choose(values.first()?.clone()),
        Control::Confirm => Intent::Confirm,
        Control::Undo => Intent::Undo,
        Control::Page(p) => Intent::Page(p),
    })
}

/// A private answer; the clicked message is left as it is.
async fn refuse(ctx: &serenity::Context, click: &ComponentInteraction, text: &str) {
    instrument::classify(Outcome::Refused);
    let reply = outgoing::response(&presenter::private(text), true, None);
    if let Err(e) = respond(ctx, click, CreateInteractionResponse::Message(reply)).await {
        tracing::warn!("could not answer a click: {e:?}");
    }
}

/// Removes the controls of the clicked message: only ever a closed game's
/// own board (checked by the caller).
async fn strip(ctx: &serenity::Context, click: &ComponentInteraction) {
    let edit = serenity::EditMessage::new().components(Vec::new());
    let edited = click.channel_id.edit_message(&ctx.http, click.message.id, edit).await;
    instrument::request(Route::EditMessage, &edited);
    if let Err(e) = edited {
        tracing::debug!("could not remove a closed game's controls: {e:?}");
    }
}

/// Answers a click after which another human is to act: the clicked
/// board becomes a line of what happened (no controls, no picture) and
/// the board is posted anew, mentioning her. The answer carries no
/// picture, so it goes before the new board's picture is drawn: a queue
/// of pictures (many games starting at once) never delays it.
async fn answer_with_new_board(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    table: &mut Table,
    lang: Lang,
    notes: &[Note],
    msg: &Message,
) {
    if is_young(table) && is_board(table, click) {
        let answer = outgoing::response(&presenter::record(lang, table, notes), false, None);
        match respond(ctx, click, CreateInteractionResponse::UpdateMessage(answer)).await {
            Ok(()) => {
                let png = pictures::board_png(lang, table, msg).await;
                // The clicked board has no controls left: nothing to strip.
                let old = table.board.take();
                repost(&ctx.http, table, lang, msg, png.clone(), notes).await;
                if table.board.is_none() {
                    // Not posted: the clicked board shows the game again.
                    table.board = old;
                    publish(&ctx.http, table, lang, msg, png, notes).await;
                }
                return;
            }
            Err(e) => tracing::warn!("could not answer a click on the board of game {}: {e:?}", table.id),
        }
    } else if let Err(e) = respond(ctx, click, CreateInteractionResponse::Acknowledge).await {
        tracing::warn!("could not acknowledge a click: {e:?}");
    }
    let png = pictures::board_png(lang, table, msg).await;
    repost(&ctx.http, table, lang, msg, png, notes).await;
}

/// How long after a click arrived its answer may wait for the board's
/// picture: Discord drops answers later than 3 s, and the answer itself
/// takes a round trip.
const PICTURE_BUDGET: Duration = Duration::from_millis(1500);

/// Answers a successful click: update the clicked board in place while it
/// is young, else acknowledge and post a fresh board. A picture not drawn
/// by the instant it is wanted (see [`PICTURE_BUDGET`]) does not hold the
/// answer up: the click is acknowledged and the board edited once it is
/// drawn.
async fn answer_with_board(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    table: &mut Table,
    lang: Lang,
    msg: &Message,
    png: Coming,
    notes: &[Note],
) {
    if is_young(table) && is_board(table, click) {
        let png = match png.in_time().await {
            Ok(png) => png,
            Err(drawing) => {
                tracing::debug!("the board of game {} is not drawn in time; acknowledging first", table.id);
                if let Err(e) = respond(ctx, click, CreateInteractionResponse::Acknowledge).await {
                    tracing::warn!("could not acknowledge a click: {e:?}");
                }
                let png = drawing.wait().await;
                publish(&ctx.http, table, lang, msg, png, notes).await;
                return;
            }
        };
        let updated = outgoing::update(&ctx.http, click, msg, &png).await;
        instrument::callback(&updated);
        match updated {
            Ok(()) => {
                table.shown = Some(table.seq);
                table.picture = pictures::showing(msg, &png);
            }
            Err(e) => {
                // The change is saved: the board must show it even if the
                // interaction answer failed (e.g. it came too late).
                tracing::warn!("could not update the board of game {} in the answer: {e:?}; editing it", table.id);
                publish(&ctx.http, table, lang, msg, png, notes).await;
            }
        }
        return;
    }
    if let Err(e) = respond(ctx, click, CreateInteractionResponse::Acknowledge).await {
        tracing::warn!("could not acknowledge a click: {e:?}");
    }
    repost(&ctx.http, table, lang, msg, png.wait().await, notes).await;
}
