//! The turn-timeout scheduler: one ticker that looks at every open game
//! twice a minute, pings the player on turn at half time, and at the
//! deadline lets the computer play that turn (the third timeout in a row
//! gives the seat to the computer). Deadlines live in the table, so after a
//! restart the ticker simply finds them again: nothing to re-arm by hand.

use super::board::show;
use super::change::{change, remember};
use super::computer::spawn_computer;
use super::instrument;
use super::lang::server_lang;
use super::metrics::Route;
use super::unix_now;
use crate::discord::Data;
use crate::discord::game::session;
use crate::discord::game::table::BoardMessage;
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
        let mut table = game.lock().await;
        if let Some(user) = session::reminder_due(&mut table, now) {
            remember(data, &mut table).await;
            let deadline = table.deadline.unwrap_or(now);
            let lang = server_lang(data, table.guild, None).await;
            let link = |b: BoardMessage| {
                format!("https://discord.com/channels/{}/{}/{}", table.guild, table.channel, b.message)
            };
            let text = match table.board {
                Some(b) => tr!(lang, "reminder-with-board", who = mention(user), board = link(b), time = deadline),
                None => tr!(lang, "reminder", who = mention(user), time = deadline),
            };
            let msg = CreateMessage::new()
                .content(text)
                .allowed_mentions(CreateAllowedMentions::new().users([serenity::UserId::new(user.max(1))]));
            let sent = serenity::ChannelId::new(table.channel.max(1)).send_message(http, msg).await;
            instrument::request(Route::CreateMessage, &sent);
            if let Err(e) = sent {
                tracing::warn!("could not send a reminder for game {}: {e:?}", table.id);
            }
        }
        match change(data, &mut table, |t| session::timeout(t, now)).await {
            Ok((Some(notes), outro)) => {
                show(http, data, &mut table, &notes, &outro, false).await;
                drop(table);
                spawn_computer(http.clone(), data.clone(), game);
            }
            Ok((None, _)) => {}
            Err(refusal) => tracing::warn!("timeout of game {} not saved: {refusal:?}", table.id),
        }
    }
}
