//! The tutor's judging (`game::tutor`), off the click path: when a human's
//! turn starts at a menu the tutor may speak of (`tutor::due`), whether
//! she asked for the tutor is read from the store, and her menu is judged
//! on one blocking worker (one menu at a time, over the bot: a menu due
//! while it is busy is not judged, and her preview then carries no
//! warning; nothing ever waits for it). The verdict is kept by the table
//! if the game still stands at that menu; her picks read it there.
//!
//! Where her turn starts: after a computer's move (its task judges before
//! it shows the board that calls her, so the warning is ready with it),
//! or after a click (judged beside the game once the click is answered).

use super::data::Data;
use super::hub::Shared;
use super::running::Running;
use crate::discord::game::tutor::{self, Job, Verdict};
use crate::discord::ops::instrument;
use std::time::Instant;
use tokio::sync::Semaphore;

/// The one worker judging menus.
static WORKER: Semaphore = Semaphore::const_new(1);

/// `job` judged, if its player asked for the tutor and the worker is free.
async fn verdict(data: &Data, job: Job) -> Option<Verdict> {
    let user = job.user.get();
    match data.store.call(move |s| s.tutor(user)).await {
        Ok(true) => {}
        Ok(false) => return None,
        Err(e) => {
            tracing::debug!("could not read the tutor choice of user {user}: {e}");
            return None;
        }
    }
    let Ok(_worker) = WORKER.try_acquire() else {
        tracing::debug!("the tutor is busy: a menu of {} moves is not judged now", job.ends.len());
        return None;
    };
    let (started, ends) = (Instant::now(), job.ends.len());
    let judged = tokio::task::spawn_blocking(move || tutor::judge(&job)).await.ok().flatten();
    tracing::debug!("tutor: a menu of {ends} moves judged in {:?}", started.elapsed());
    judged
}

/// The menu on turn judged now, if it is due, under the game's lock: the
/// computer's task, before it shows the board that calls her.
pub(crate) async fn judge_here(data: &Data, running: &mut Running) {
    let Some(job) = tutor::due(&running.table) else { return };
    if let Some(v) = verdict(data, job).await {
        tutor::keep(&mut running.table, v);
    }
}

/// After a click that was answered: the menu on turn, if due, judged
/// beside the game, which is locked again only to keep the verdict.
pub(crate) fn after_click(data: &Data, running: &Running, game: &Shared) {
    if tutor::due(&running.table).is_none() {
        return;
    }
    let (data, game) = (data.clone(), game.clone());
    tokio::spawn(instrument::inherit(async move {
        let job = tutor::due(&game.lock().await.table);
        let Some(job) = job else { return };
        let Some(v) = verdict(&data, job).await else { return };
        tutor::keep(&mut game.lock().await.table, v);
    }));
}
