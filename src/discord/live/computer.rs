//! The computer seats of a game, played by one task per game: one readable
//! step at a time (a pause before each), saved and shown like a click.

use super::board::show;
use super::change::change;
use super::hub::Shared;
use super::unix_now;
use crate::discord::Data;
use crate::discord::game::session;
use poise::serenity_prelude::Http;
use std::sync::{Arc, PoisonError};
use std::time::Duration;

/// The pause before a computer's move, so people can follow.
pub(crate) const COMPUTER_PAUSE: Duration = Duration::from_millis(1000);

/// Plays the computer seats of a game, one readable step at a time, until
/// a human is to act or the game ends. One task per game at most.
pub(crate) fn spawn_computer(http: Arc<Http>, data: Data, game: Shared) {
    tokio::spawn(async move {
        let id = game.lock().await.id;
        if !data.computers.lock().unwrap_or_else(PoisonError::into_inner).insert(id) {
            return;
        }
        let mut failures = 0;
        loop {
            tokio::time::sleep(data.computer_pause).await;
            let mut table = game.lock().await;
            // Harder levels search for a while: keep the runtime's other tasks
            // moving. Most of these tasks (one after every click) find no
            // computer to act: handing the runtime over costs more than that.
            let step = change(&data, &mut table, |t| {
                if t.computer_to_act() {
                    tokio::task::block_in_place(|| session::computer_step(t, unix_now()))
                } else {
                    session::computer_step(t, unix_now())
                }
            })
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
                    tracing::warn!("computer move {failures} in game {id} not saved: {refusal:?}");
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
