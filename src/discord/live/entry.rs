//! The app's Entry Point command (the "Launch" command Discord gives an app
//! with Activities, in its App Launcher) when the app handles it itself
//! (`handler` 1, `APP_HANDLER`: the bot registers it so when its Activity
//! is on, see `bot.rs`): Discord sends it as an application command of
//! type 4 (`PRIMARY_ENTRY_POINT`), which the bot answers within its 3 s.
//!
//! - A channel with a game (its lobby or its board): the game opens as an
//!   Activity (the launch-activity callback, as "Play on the board").
//! - A server's channel, or the bot's DM, without one: the Activity opens
//!   and the channel's lobby is opened as `/thaayam new` with the
//!   server's defaults would (the Activity shows it once it is posted).
//! - A group DM or a DM between two people without one: the bot may only
//!   answer there, and a lobby must be an interaction's answer, so the
//!   lobby is the answer (the Activity opens from its board).
//! - A server the bot was not added to: refused privately, as `/thaayam
//!   new` is there. So is a user over her cap of open games.

use super::access::{Where, where_commanded};
use super::board::{Command, Via};
use super::data::Data;
use super::ids::venue_of;
use super::lang::{of_new_game, private, server_lang};
use super::opening::{Asked, Opened, open};
use super::outgoing;
use super::running::Reach;
use crate::discord::game::ids::{ChannelId, UserId, Venue};
use crate::discord::game::server::WhoEnds;
use crate::discord::game::table::NewGame;
use crate::discord::ops::instrument;
use crate::discord::view::lang::tr;
use crate::discord::view::presenter;
use poise::serenity_prelude as serenity;
use serenity::{CommandInteraction, CreateInteractionResponse};
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether an application command is the app's Entry Point command.
pub(crate) fn is_entry_point(command: &CommandInteraction) -> bool {
    command.data.kind == serenity::CommandType::PrimaryEntryPoint
}

/// Answers the app's Entry Point command.
pub(crate) async fn on_entry_point(ctx: &serenity::Context, data: &Data, command: &CommandInteraction) {
    let channel = ChannelId::from(command.channel_id);
    let place = where_commanded(command);
    let venue = if place == Where::Server { venue_of(command.guild_id) } else { Venue::Outside };
    let server = server_lang(data, venue, command.guild_locale.as_deref()).await;
    let mine = private(Some(&command.locale), server);
    if place == Where::Foreign {
        return refuse(ctx, command, &tr!(mine, "new-not-in-server")).await;
    }
    if data.hub.in_channel(channel).is_some() {
        return launch(ctx, command, mine).await;
    }
    let host = UserId::from(command.user.id);
    let mut open_games = 0;
    for game in data.hub.open_games() {
        let running = game.lock().await;
        let t = &running.table;
        if t.is_open() && (t.host == host || t.humans().contains(&host)) {
            open_games += 1;
        }
    }
    let counted = match data.guard.may_open(host, open_games) {
        Ok(counted) => counted,
        Err(capped) => return refuse(ctx, command, &capped.words(mine)).await,
    };
    let defaults = data.servers.get(&data.store, venue).await.rules;
    let new = NewGame {
        venue,
        channel,
        host,
        ruleset: defaults.ruleset,
        players: 2,
        turn_timeout: u64::from(defaults.turn_timeout_secs),
        moderators_end: defaults.who_ends == WhoEnds::Moderators,
        practice: place == Where::BotDm,
    };
    let name = command.user.display_name().to_string();
    let lang = of_new_game(venue.guild().is_some(), Some(&command.locale), server);
    let answered = AtomicBool::new(false);
    let opened = if place == Where::Private {
        // The lobby is the command's answer.
        let via = Via::Command(Command { http: &ctx.http, command, answered: &answered });
        let asked = Asked { reach: Reach::Interactions, via: Some(via), lang };
        open(&ctx.http, data, new, name, asked).await
    } else {
        // The Activity opens at once (Discord waits 3 s for an answer, a
        // lobby takes a save and a post); it shows the lobby once posted.
        launch(ctx, command, mine).await;
        open(&ctx.http, data, new, name, Asked { reach: Reach::Channel, via: None, lang }).await
    };
    counted.settle(matches!(opened, Opened::New { .. }));
    if place != Where::Private {
        if !matches!(opened, Opened::New { .. }) {
            tracing::info!("the Entry Point command opened no lobby: {opened:?}");
        }
        return;
    }
    if !answered.load(Ordering::Relaxed) {
        refuse(ctx, command, &opened.words(mine)).await;
    }
}

/// Opens the app's Activity for the one who asked; where Discord refuses,
/// she is told privately.
async fn launch(ctx: &serenity::Context, command: &CommandInteraction, mine: crate::discord::view::lang::Lang) {
    let sent = command.create_response(&ctx.http, CreateInteractionResponse::LaunchActivity).await;
    instrument::callback(&sent);
    if let Err(e) = sent {
        tracing::warn!("Discord did not open the Activity: {e:?}");
        refuse(ctx, command, &tr!(mine, "activity-unavailable")).await;
    }
}

/// A private answer.
async fn refuse(ctx: &serenity::Context, command: &CommandInteraction, text: &str) {
    let reply = outgoing::response(&presenter::private(text), true, None);
    let sent = command.create_response(&ctx.http, CreateInteractionResponse::Message(reply)).await;
    instrument::callback(&sent);
    if let Err(e) = sent {
        tracing::warn!("could not answer the Entry Point command: {e:?}");
    }
}
