//! Button and select clicks, routed by their `custom_id`: parse it, lock the
//! game, check that the click comes from the game's own channel and
//! server, apply the click through the session layer and answer within
//! Discord's 3 s through [`show`]: the board message is updated in place
//! while young, or re-posted when old; refusals are private. A click that makes another
//! human the one to act posts the board anew to notify her (an edit
//! notifies no one) and leaves the clicked board as a line of what
//! happened. Only the game's own board message is ever changed: a forged
//! custom_id can sit on any message. A click on the game's own board while
//! it is behind its saved game (the last run died between saving a change
//! and showing it) brings that board up to date instead, with a private
//! note; so does a click on the board of a game whose end was saved but
//! not shown. A control of an older version of the board is refused
//! privately and changes nothing. A tournament's sign-up buttons (`s1:`
//! ids) go to `signup.rs`, checked against the stored tournament likewise.

use super::access::{Where, from_game_channel, is_moderator, where_clicked};
use super::board::{Change, Click, Via, respond, show, show_end};
use super::change::{BoardMove, apply_click};
use super::computer::spawn_computer;
use super::data::Data;
use super::delivery::{self, Place};
use super::hub::Shared;
use super::ids;
use super::lang::{self, server_lang};
use super::lookup;
use super::opening::{self, Asked, Opened};
use super::outgoing;
use super::persist::{INTERACTION_DEADLINE, SAVE_DEADLINE};
use super::pictures;
use super::running::{Reach, Running};
use super::unix_now;
use super::went_back;
use crate::discord::game::choices::Pick;
use crate::discord::game::computer::Level;
use crate::discord::game::ids::{GameId, Venue};
use crate::discord::game::intent::{Actor, Intent, Refusal};
use crate::discord::game::session;
use crate::discord::game::table::Table;
use crate::discord::ops::instrument;
use crate::discord::ops::metrics::{Outcome, Route};
use crate::discord::view::components::{ComponentId, Control, ParseError};
use crate::discord::view::lang::{Lang, tr};
use crate::discord::view::presenter::{self, Outro};
use crate::discord::view::refusals::{board_caught_up, end_shown, refusal_text};
use crate::discord::view::signup::SignupId;
use crate::store;
use poise::serenity_prelude as serenity;
use serenity::{
    ComponentInteraction, ComponentInteractionDataKind, CreateInteractionResponse, CreateInteractionResponseFollowup,
};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The answer to a click on a game the bot does not run, and to a click
/// naming a game from outside its channel (which must not learn more).
fn not_running(lang: Lang) -> String {
    tr!(lang, "click-not-running")
}

/// The languages of a click: the server's (for the board) and the
/// clicking user's (for private answers).
async fn click_langs(data: &Data, click: &ComponentInteraction) -> (Lang, Lang) {
    let venue = ids::venue_of(click.guild_id);
    let server = server_lang(data, venue, click.guild_locale.as_deref()).await;
    (server, lang::private(Some(&click.locale), server))
}

/// Handles one click; every path answers the interaction exactly once,
/// within Discord's 3 s (see [`INTERACTION_DEADLINE`]).
pub(crate) async fn on_click(ctx: &serenity::Context, data: &Data, click: &ComponentInteraction) {
    let arrived = Instant::now();
    store::answer_by(arrived + INTERACTION_DEADLINE, handle_click(ctx, data, click, arrived)).await;
}

async fn handle_click(ctx: &serenity::Context, data: &Data, click: &ComponentInteraction, arrived: Instant) {
    let (server, mine) = click_langs(data, click).await;
    // A tournament's sign-up button (`s1:`): its own path.
    if let Some(id) = SignupId::parse(&click.data.custom_id) {
        return super::signup::on_click(ctx, data, click, id, mine).await;
    }
    let id = match ComponentId::parse(&click.data.custom_id) {
        Ok(id) => {
            tracing::Span::current().record("game", id.game.get());
            id
        }
        Err(ParseError::Retired) => return on_retired(ctx, click, mine).await,
        Err(e) => {
            tracing::warn!("unknown custom_id {:?}: {e}", click.data.custom_id);
            return refuse(ctx, click, &tr!(mine, "click-unknown-control")).await;
        }
    };
    if id.control == Control::Rematch {
        return on_rematch(ctx, data, click, id.game, (server, mine)).await;
    }
    if id.control == Control::Play {
        return on_play(ctx, click, mine).await;
    }
    let Some(game) = data.hub.get(id.game) else {
        return on_not_running(ctx, data, click, id.game, server, mine).await;
    };
    let mut running = match lock_from_own_channel(data, &game, click, id.game).await {
        Ok(running) => running,
        Err(Unlocked::Forged) => return refuse(ctx, click, &not_running(mine)).await,
        Err(Unlocked::Late) => return refuse(ctx, click, &refusal_text(mine, &Refusal::Unsaved)).await,
    };
    // Controls ahead of the game: if the store is behind them too, it went
    // back in time and the game must not deal its throws again.
    if went_back::is_ahead(id.seq, running.table.seq) && went_back::store_behind(data, id.game, id.seq).await {
        let answered = AtomicBool::new(false);
        let via = Via::Click(Click { ctx, click, arrived, answered: &answered });
        went_back::end(&ctx.http, data, &mut running, id.seq, Some(via)).await;
        drop(running);
        // Answered where the end was shown, unless its save or its
        // answer failed: then (only then) refused here.
        if !answered.load(Ordering::Relaxed) {
            refuse(ctx, click, &not_running(mine)).await;
        }
        return;
    }
    let Some(intent) = intent_of(id.control, &click.data.kind) else {
        return refuse(ctx, click, &tr!(mine, "click-unreadable")).await;
    };
    let now = unix_now();
    let actor = actor_of(data, &running.table, click, &intent, now);
    let name = click.user.display_name().to_string();
    let by_clicks = running.post.reach == Reach::Interactions;
    let applied = apply_click(data, &mut running, BoardMove { actor, name, intent, seq: id.seq, now }).await;
    let answered = AtomicBool::new(false);
    let answering = Via::Click(Click { ctx, click, arrived, answered: &answered });
    match applied {
        Err(refusal) => refused(ctx, data, click, (&game, running), answering, refusal, mine).await,
        Ok((notes, outro)) => {
            let change = Change { actor: Some(actor.user), ..Change::of(&notes, &outro) };
            let shown = show(&ctx.http, data, &mut running, change, Some(answering)).await;
            if by_clicks && !answered.load(Ordering::Relaxed) {
                // Saved but not shown (Discord refused the answer): the
                // next click shows the board as it stands.
                drop(running);
                return refuse(ctx, click, &tr!(mine, "error-logged")).await;
            }
            let task_due = delivery::computer_task_due(&running.table, &running.post, shown.saved);
            super::tutor::after_click(data, &running, &game);
            drop(running);
            if task_due {
                spawn_computer(ctx.http.clone(), data.clone(), game);
            }
        }
    }
}

/// A click that changed nothing: answered with why (or, on the game's own
/// board behind the saved game, with the board as it stands), as
/// `delivery::refused` decides.
async fn refused(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    (game, mut running): (&Shared, tokio::sync::MutexGuard<'_, Running>),
    answering: Via<'_>,
    refusal: Refusal,
    mine: Lang,
) {
    let controls = !click.message.components.is_empty();
    let then = delivery::refused(&refusal, is_board(&running, click), controls, &running.table, &running.post);
    if then.catch_up {
        // The game's own board, behind the saved game: show it as it stands.
        show(&ctx.http, data, &mut running, Change::none(Place::Same), Some(answering)).await;
    }
    drop(running);
    if then.catch_up {
        note(ctx, click, &board_caught_up(mine)).await;
    } else {
        refuse(ctx, click, &refusal_text(mine, &refusal)).await;
    }
    // A closed game's own board keeps no controls; any other
    // message (an older board, a forged click's) is left alone.
    if then.strip {
        strip(ctx, click).await;
    }
    if then.computer {
        spawn_computer(ctx.http.clone(), data.clone(), game.clone());
    }
}

/// The game's lock, once the click is known to come from the game's own
/// channel (`None`, logged as forged, when it does not). The hub knows
/// which game each channel holds: a click naming a game of another channel
/// is refused without waiting for that game's lock.
async fn lock_from_own_channel<'g>(
    data: &Data,
    game: &'g Shared,
    click: &ComponentInteraction,
    id: GameId,
) -> Result<tokio::sync::MutexGuard<'g, Running>, Unlocked> {
    let here = data.hub.in_channel(click.channel_id.into());
    if !here.is_some_and(|g| std::sync::Arc::ptr_eq(&g, game)) {
        forged(data, id, click);
        return Err(Unlocked::Forged);
    }
    // Behind other clicks of the game, each saving: no longer than the
    // click's time.
    let running = match store::answer_due() {
        Some(due) => tokio::time::timeout_at(due.into(), game.lock()).await.map_err(|_| Unlocked::Late)?,
        None => game.lock().await,
    };
    if !from_game_channel(&running.table, click.guild_id, click.channel_id) {
        drop(running);
        forged(data, id, click);
        return Err(Unlocked::Forged);
    }
    Ok(running)
}

/// Why a click did not get its game.
enum Unlocked {
    /// It does not come from the game's own channel.
    Forged,
    /// Its time ran out waiting for the game (other clicks held it).
    Late,
}

/// Who clicked, with her rights: those of the channel the click came from
/// (the game's own, as checked before), and a host's for a seated player
/// cancelling a lobby whose host is gone (no click of hers for
/// `host_gone`). Notes the click for that rule.
fn actor_of(data: &Data, table: &Table, click: &ComponentInteraction, intent: &Intent, now: i64) -> Actor {
    let user = click.user.id.into();
    let (host_clicked, _) = data.guard.last_clicks(table.id, now);
    data.guard.clicked(table.id, user == table.host, now);
    let host_gone = now.saturating_sub(host_clicked) >= data.guard.limits().host_gone as i64;
    let moderator = is_moderator(click.member.as_ref()) || session::stands_in_for_host(table, user, intent, host_gone);
    Actor { user, moderator }
}

/// A click on a game the bot does not run: its cheap row (no log) says
/// whether the click comes from its own board; only then is it loaded
/// (its board may have missed its end) and its controls removed.
async fn on_not_running(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    game: GameId,
    server: Lang,
    mine: Lang,
) {
    let own_board = !click.message.components.is_empty() && was_board_of(data, game, click).await;
    if !own_board {
        forged(data, game, click);
    }
    if own_board && show_missed_end(ctx, data, click, game, server, mine).await {
        return;
    }
    refuse(ctx, click, &not_running(mine)).await;
    if own_board {
        strip(ctx, click).await;
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
    game: GameId,
    server: Lang,
    mine: Lang,
) -> bool {
    if click.message.components.is_empty() {
        return false;
    }
    let table = match lookup::closed(data, game, SAVE_DEADLINE).await {
        Ok(table) => table,
        Err(e) => {
            tracing::debug!("could not look up game {game}: {e}");
            None
        }
    };
    let ours = |r: &Running| is_board(r, click) && from_game_channel(&r.table, click.guild_id, click.channel_id);
    let Some(mut running) = table.filter(ours) else { return false };
    let msg = presenter::table_message(server, &running.table, &[], &Outro::default());
    let png = pictures::board_png(server, &running, &msg).await;
    let update = CreateInteractionResponse::UpdateMessage(outgoing::response(&msg, false, png));
    if let Err(e) = respond(ctx, click, update).await {
        tracing::warn!("could not show the end of game {game} in the answer: {e:?}; editing the board");
        show_end(&ctx.http, server, &mut running).await;
        return true;
    }
    note(ctx, click, &end_shown(mine)).await;
    true
}

/// Rematch on the result of a closed game, clicked by one of its players
/// in its channel: a lobby with the same seats opens there (or the
/// channel's running game is named), said privately. Anyone else is
/// refused privately; nothing changes.
async fn on_rematch(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    game: GameId,
    (server, mine): (Lang, Lang),
) {
    let closed = match lookup::closed(data, game, SAVE_DEADLINE).await {
        Ok(closed) => closed,
        Err(e) => {
            tracing::warn!("could not read game {game} for a rematch: {e}");
            return refuse(ctx, click, &tr!(mine, "new-store-failed")).await;
        }
    };
    let ours = |r: &Running| from_game_channel(&r.table, click.guild_id, click.channel_id);
    let Some(old) = closed.filter(ours) else {
        return refuse(ctx, click, &not_running(mine)).await;
    };
    // A closed game keeps no saved form: where the bot can post is told
    // by where the click comes from.
    let reach = if where_clicked(click) == Where::Private { Reach::Interactions } else { Reach::Channel };
    let old = old.table;
    let user = click.user.id.into();
    let played = old.humans().contains(&user) || old.left_seats.contains(&Some(user));
    if !played {
        return refuse(ctx, click, &tr!(mine, "rematch-not-player", game = game)).await;
    }
    // A rematch opens a lobby as `/thaayam new` does: under the same caps.
    let counted = match data.guard.may_open(user, data.hub.open_with(user)) {
        Ok(counted) => counted,
        Err(capped) => return refuse(ctx, click, &capped.words(mine)).await,
    };
    let name = click.user.display_name().to_string();
    let answered = AtomicBool::new(false);
    // Outside servers the rematch speaks the language of the one who asks.
    let lang = lang::of_new_game(click.guild_id.is_some(), Some(&click.locale), server);
    let asked = if reach == Reach::Interactions {
        // The lobby is this click's answer (a follow-up: it calls the players).
        let c = Click { ctx, click, arrived: Instant::now(), answered: &answered };
        Asked { reach, via: Some(Via::Click(c)), lang }
    } else {
        // Opening a lobby takes a save and a post: the answer comes after.
        if let Err(e) = respond(ctx, click, CreateInteractionResponse::Acknowledge).await {
            tracing::warn!("could not acknowledge a rematch: {e:?}");
        }
        Asked { reach, via: None, lang }
    };
    let opened = opening::rematch(&ctx.http, data, &old, user, name, asked).await;
    counted.settle(matches!(opened, Opened::New { .. }));
    if reach == Reach::Interactions && matches!(opened, Opened::New { .. }) {
        return; // the lobby says it all
    }
    if reach == Reach::Interactions && !answered.load(Ordering::Relaxed) {
        return refuse(ctx, click, &opened.words(mine)).await;
    }
    note(ctx, click, &opened.words(mine)).await;
}

/// "Play on the board": Discord opens the app's Activity for the one who
/// clicked (the game changes not; her moves there: `activity.rs`). Where Discord
/// refuses (the app's Activities are off), she is told privately.
async fn on_play(ctx: &serenity::Context, click: &ComponentInteraction, mine: Lang) {
    let Err(e) = respond(ctx, click, CreateInteractionResponse::LaunchActivity).await else { return };
    tracing::warn!("Discord did not open the Activity: {e:?}");
    refuse(ctx, click, &tr!(mine, "activity-unavailable")).await;
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

/// Logs a click naming a game that is not from that game's board in its
/// channel (forged, or a stale button), at most one warning a minute:
/// anyone can send such clicks, as fast as she likes.
fn forged(data: &Data, game: GameId, click: &ComponentInteraction) {
    if let Some(kept_back) = data.guard.forged.allow() {
        tracing::warn!(
            "a click naming game {game} from channel {} of server {:?} is not from its board; refused ({kept_back} more since the last such line)",
            click.channel_id,
            click.guild_id
        );
    }
}

fn is_board(running: &Running, click: &ComponentInteraction) -> bool {
    running.post.is(click.message.id.into())
}

/// Whether the clicked message is the last board the store knows of a game
/// the bot no longer runs (in that game's channel and server).
async fn was_board_of(data: &Data, game: GameId, click: &ComponentInteraction) -> bool {
    let info = match data.store.call_within(SAVE_DEADLINE, move |s| s.game(game.into())).await {
        Ok(Some(info)) => info,
        Ok(None) => return false,
        Err(e) => {
            tracing::debug!("could not look up game {game}: {e}");
            return false;
        }
    };
    info.board_message == Some(click.message.id.get())
        && info.channel == click.channel_id.get()
        && ids::venue_of(click.guild_id) == Venue::from_guild(info.guild)
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
        Control::StandIn => Intent::StandIn,
        // The tutor's better move: the same pick as the menu's option.
        Control::Prefer(i) => Intent::Choose(Pick::End(usize::from(i)).encode()),
        // Answered before the game is looked up (`on_rematch`, `on_play`).
        Control::Rematch | Control::Play => return None,
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
/// own board (checked by the caller), and only where the bot is in the
/// channel (elsewhere it cannot edit a message but by an answer).
async fn strip(ctx: &serenity::Context, click: &ComponentInteraction) {
    if !matches!(where_clicked(click), Where::Server | Where::BotDm) {
        return;
    }
    let edit = serenity::EditMessage::new().components(Vec::new());
    let edited = click.channel_id.edit_message(&ctx.http, click.message.id, edit).await;
    instrument::request(Route::EditMessage, &edited);
    if let Err(e) = edited {
        tracing::debug!("could not remove a closed game's controls: {e:?}");
    }
}
