//! The turn-timeout scheduler: one ticker that looks at every open game
//! twice a minute, sends the player on turn who asked for it a direct
//! message once her turn has waited a while (`/thaayam notify`), pings
//! her at half time, and at the deadline lets the computer play that turn
//! (the third timeout in a row gives the seat to the computer). Deadlines
//! live in the table, so after a restart the ticker simply finds them
//! again: nothing to re-arm by hand. Games reached by clicks only (group
//! DMs) get the direct messages; their timeouts wait for the next click.
//! Lobbies past their time and idle games reached by clicks only are
//! closed first (`expiry`); the monthly podiums due are posted last
//! (`podium`).

use super::away;
use super::board::{Change, show};
use super::change::{change, remember};
use super::computer::spawn_computer;
use super::data::Data;
use super::expiry;
use super::ids;
use super::lang::game_lang;
use super::opening;
use super::podium;
use super::running::{Reach, Running};
use super::tournament::no_show;
use super::unix_now;
use crate::discord::config::Config;
use crate::discord::game::session;
use crate::discord::ops::instrument;
use crate::discord::ops::metrics::Route;
use crate::discord::view::lang::tr;
use crate::discord::view::words::mention;
use poise::serenity_prelude as serenity;
use serenity::{CreateAllowedMentions, CreateMessage, Http};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// How often the ticker looks at the games: twice a minute, or twice
/// within the wait before a direct message when that is shorter (tests).
fn tick_every(config: &Config) -> Duration {
    Duration::from_secs((config.notify_after / 2).clamp(1, 30))
}

/// How long a turn waits before its player's direct message (at most half
/// a game's turn time, see `Post::notice_due`).
pub(crate) fn notify_after(config: &Config) -> Duration {
    Duration::from_secs(config.notify_after)
}

/// Starts the ticker (and resumes computer turns of every open game).
pub(crate) fn spawn_ticker(http: Arc<Http>, data: Data) {
    for game in data.hub.open_games() {
        spawn_computer(http.clone(), data.clone(), game);
    }
    let metrics = data.metrics.clone();
    tokio::spawn(instrument::within(metrics, async move {
        let mut interval = tokio::time::interval(tick_every(&data.config));
        loop {
            interval.tick().await;
            if data.stopping.load(Ordering::Relaxed) {
                break;
            }
            tick(&http, &data).await;
        }
    }));
}

async fn tick(http: &Arc<Http>, data: &Data) {
    let now = unix_now();
    if let Err(e) = away::refresh(&data.store, &data.aways, now).await {
        // The times away known so far hold until the next look.
        tracing::warn!("could not read who is away: {e}");
    }
    let open = data.hub.open_games();
    let mut ids = std::collections::HashSet::new();
    for game in open {
        let mut running = game.lock().await;
        ids.insert(running.table.id);
        // Time away does not apply inside a tournament.
        let tournament = data.tournaments.holds(running.table.id);
        let days = if tournament { 0 } else { data.servers.get(&data.store, running.table.venue).await.away_days() };
        away::fill(&data.aways, days, &mut running.table, now);
        if expiry::close_if_due(http, data, &mut running, now).await {
            continue;
        }
        if tournament && no_show::replace_if_due(http, data, &mut running, now).await {
            drop(running);
            spawn_computer(http.clone(), data.clone(), game);
            continue;
        }
        notice(http, data, &mut running, now).await;
        // A game reached by clicks only (a group DM) is settled at its next
        // click: nothing could be shown there now.
        if running.post.reach == Reach::Interactions {
            continue;
        }
        if let Some(user) = session::reminder_due(&mut running.table, now) {
            remember(data, &mut running).await;
            let lang = game_lang(data, &running).await;
            let table = &running.table;
            let deadline = crate::discord::game::away::deadline(table).unwrap_or(now);
            let text = match running.post.board {
                Some(b) => {
                    let board = ids::link(table.venue, table.channel, b.message);
                    tr!(lang, "reminder-with-board", who = mention(user), board = board, time = deadline)
                }
                None => tr!(lang, "reminder", who = mention(user), time = deadline),
            };
            let msg = CreateMessage::new()
                .content(text)
                .allowed_mentions(CreateAllowedMentions::new().users([ids::user(user)]));
            let sent = ids::channel(table.channel).send_message(http, msg).await;
            instrument::request(Route::CreateMessage, &sent);
            if let Err(e) = sent {
                tracing::warn!("could not send a reminder for game {}: {e:?}", table.id);
            }
        }
        match change(data, &mut running, |t| session::timeout(t, now)).await {
            Ok((Some(notes), outro)) => {
                show(http, data, &mut running, Change::of(&notes, &outro), None).await;
                drop(running);
                spawn_computer(http.clone(), data.clone(), game);
            }
            Ok((None, _)) => {}
            Err(refusal) => tracing::warn!("timeout of game {} not saved: {refusal:?}", running.table.id),
        }
    }
    data.guard.keep_only(&ids);
    podium::post_due(http, data).await;
}

/// Sends the player on turn a direct message about her waiting turn when
/// one is due and she asked for it; either way the turn is noted as
/// decided (and saved), so that she gets at most one a turn.
async fn notice(http: &Http, data: &Data, running: &mut Running, now: i64) {
    let Some((user, turn)) = running.post.notice_due(&running.table, now, data.config.notify_after) else { return };
    let wants = match data.store.call(move |s| s.notify_turns(user.get())).await {
        Ok(wants) => wants,
        Err(e) => {
            // Asked again at the next tick.
            return tracing::debug!("could not read whether user {user} wants direct messages: {e}");
        }
    };
    running.post.noticed = Some(turn);
    remember(data, running).await;
    if !wants {
        return;
    }
    let lang = game_lang(data, running).await;
    let t = &running.table;
    let board = opening::link_of(running);
    let text = tr!(lang, "notify-dm", game = t.id, ruleset = t.ruleset.to_string(), board = board);
    let dm = match ids::user(user).create_dm_channel(http).await {
        Ok(dm) => dm,
        Err(e) => return tracing::info!("could not open a DM with user {user} about game {}: {e:?}", t.id),
    };
    let sent = dm.id.send_message(http, CreateMessage::new().content(text)).await;
    instrument::request(Route::CreateMessage, &sent);
    if let Err(e) = sent {
        tracing::info!("could not send user {user} a direct message about game {}: {e:?}", t.id);
    }
}
