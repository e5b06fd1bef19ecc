//! A no-show at a tournament's table, live (at the ticker's look, before
//! the turn's timeout): the pure rule (`game::tournament::no_show`)
//! replaces her by a computer for the table, the change is saved and
//! shown in the thread, her seat there is marked a no-show (she scores it
//! last) and her no-shows counted; the second withdraws her.

use crate::discord::game::tournament::no_show::{due, replace};
use crate::discord::game::tournament::standings::{NoShow, no_show};
use crate::discord::live::board::{Change, show};
use crate::discord::live::change::change;
use crate::discord::live::data::Data;
use crate::discord::live::running::Running;
use poise::serenity_prelude::Http;

/// Replaces the player on turn if she is a tournament table's no-show;
/// whether she was (the game's computers then play on).
pub(crate) async fn replace_if_due(http: &Http, data: &Data, running: &mut Running, now: i64) -> bool {
    let Some(at) = data.tournaments.table_of(running.table.id) else { return false };
    if due(&running.table, now).is_none() {
        return false;
    }
    let (user, notes, outro) = match change(data, running, |t| replace(t, now)).await {
        Ok((Some((user, notes)), outro)) => (user, notes, outro),
        Ok((None, _)) => return false,
        Err(refusal) => {
            tracing::warn!("a no-show in game {} was not saved: {refusal:?}", running.table.id);
            return false;
        }
    };
    show(http, data, running, Change::of(&notes, &outro), None).await;
    let (id, u) = (at.tournament, user.get());
    let counted = data
        .store
        .call(move |s| {
            s.mark_no_show(id, at.round, at.table, u)?;
            let count = s.note_no_show(id, u)?;
            if no_show(count) == NoShow::Withdrawn {
                s.leave_tournament(id, u, now)?;
            }
            Ok(count)
        })
        .await;
    match counted {
        Ok(count) => {
            tracing::info!("tournament {id}: user {u} is a no-show at round {}, table {} ({count})", at.round, at.table)
        }
        Err(e) => tracing::warn!("tournament {id}: the no-show of user {u} was not counted: {e}"),
    }
    true
}
