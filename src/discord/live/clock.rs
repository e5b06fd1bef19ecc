//! The turn-timeout scheduler: one ticker that looks at every open game
//! twice a minute, pings the player on turn at half time, and at the
//! deadline lets the computer play that turn (the third timeout in a row
//! gives the seat to the computer). Deadlines live in the table, so after a
//! restart the ticker simply finds them again: nothing to re-arm by hand.

use super::board::{Change, show};
use super::change::{change, remember};
use super::computer::spawn_computer;
use super::ids;
use super::instrument;
use super::lang::server_lang;
use super::metrics::Route;
use super::running::Reach;
use super::unix_now;
use crate::discord::Data;
use crate::discord::game::session;
use crate::discord::view::lang::tr;
use crate::discord::view::words::mention;
use poise::serenity_prelude as serenity;
use serenity::{CreateAllowedMentions, CreateMessage, Http};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

const TICK: Duration = Duration::from_secs(30);

/// Starts the ticker (and resumes computer turns of every open game).
pub(crate) fn spawn_ticker(http: Arc<Http>, data: Data) {
    for game in data.hub.open_games() {
        spawn_computer(http.clone(), data.clone(), game);
    }
    let metrics = data.metrics.clone();
    tokio::spawn(instrument::within(metrics, async move {
        let mut interval = tokio::time::interval(TICK);
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
    for game in data.hub.open_games() {
        let mut running = game.lock().await;
        // A game reached by clicks only (a group DM) is settled at its next
        // click: nothing could be shown there now.
        if running.post.reach == Reach::Interactions {
            continue;
        }
        if let Some(user) = session::reminder_due(&mut running.table, now) {
            remember(data, &mut running).await;
            let table = &running.table;
            let deadline = table.deadline.unwrap_or(now);
            let lang = server_lang(data, table.guild, None).await;
            let text = match running.post.board {
                Some(b) => {
                    let board = ids::link(table.guild, table.channel, b.message);
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
}
