//! The tournament runner: one task that, for every tournament in sign-up
//! or running (of this process's servers), reads it from the store, asks
//! its clock (`game::tournament::clock::next` for a Swiss,
//! `arena_clock::next` for an arena) and does the step, then asks again
//! until the clock says to wait. It looks again when a tournament game
//! ends (the bell of [`Known`](super::known::Known)) or within
//! [`LOOK_EVERY`]. Every step is written once in the store (a round is
//! paired once, a table scored once, the podium claimed once), so a
//! restart that asks again finds it done.

use super::known::TableAt;
use super::read::{Read, read};
use super::{arena, results, round, standings};
use crate::discord::game::ids::{GameId, Venue};
use crate::discord::game::tournament::arena_clock;
use crate::discord::game::tournament::clock::{self, Now, RoundNow, Stage, Step};
use crate::discord::live::data::Data;
use crate::discord::live::signup;
use crate::discord::live::unix_now;
use crate::discord::ops::instrument;
use crate::store::StoreError;
use poise::serenity_prelude::Http;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// The longest the runner waits before it looks again.
pub(crate) const LOOK_EVERY: Duration = Duration::from_secs(2);

/// Steps one look does at most for one tournament (each is saved; the
/// next look goes on).
const STEPS_A_LOOK: usize = 12;

/// Starts the runner (after the games were loaded into the hub).
pub(crate) fn spawn(http: Arc<Http>, data: Data) {
    let metrics = data.metrics.clone();
    tokio::spawn(instrument::within(metrics, async move {
        remember_tables(&data).await;
        loop {
            if data.stopping.load(Ordering::Relaxed) {
                break;
            }
            let wait = look(&http, &data).await;
            tokio::select! {
                _ = tokio::time::sleep(wait) => {}
                _ = data.tournaments.rung() => {}
            }
        }
    }));
}

/// Notes which games are tables of the open tournaments (after a restart).
async fn remember_tables(data: &Data) {
    let open = data.store.call(|s| s.open_tournaments()).await.unwrap_or_default();
    for t in open {
        let id = t.id;
        let tables = data.store.call(move |s| s.tournament_tables(id)).await.unwrap_or_default();
        for table in tables.iter().filter(|x| x.finished_at.is_none()) {
            if let Some(game) = table.game {
                let at = TableAt { tournament: id, round: table.round, table: table.table };
                data.tournaments.add(GameId(game.0), at);
            }
        }
    }
}

/// One look at every open tournament; how long until the next.
async fn look(http: &Arc<Http>, data: &Data) -> Duration {
    let open = match data.store.call(|s| s.open_tournaments()).await {
        Ok(open) => open,
        Err(e) => {
            tracing::warn!("could not read the open tournaments: {e}");
            return LOOK_EVERY;
        }
    };
    let mut wait = LOOK_EVERY;
    for t in open {
        if !data.config.shards.runs(Venue::from_guild(t.setup.guild)) {
            continue;
        }
        if let Some(at) = drive(http, data, t.id).await {
            let secs = (at - unix_now()).clamp(0, LOOK_EVERY.as_secs() as i64);
            wait = wait.min(Duration::from_secs(secs as u64));
        }
    }
    wait.max(Duration::from_millis(200))
}

/// What the clock sees of a tournament now.
pub(crate) fn now_of(r: &Read, check_in_shown: bool, now: i64) -> Now {
    let stage = match r.t.state.as_str() {
        "signup" => Stage::SignUp { check_in_shown },
        "running" => Stage::Running,
        "finished" => Stage::Over { podium_posted: r.t.podium_posted_at.is_some() },
        _ => Stage::Cancelled,
    };
    let round = r.latest().map(|(round, tables)| RoundNow {
        number: round.round,
        deadline: round.deadline,
        closed: round.finished_at.is_some(),
        ended: tables.iter().map(|t| t.finished_at.is_some()).collect(),
    });
    Now { stage, starts_at: r.t.setup.starts_at, rounds: r.t.setup.rounds, checked_in: r.playing().len(), round, now }
}

/// Steps tournament `id` on until its clock says to wait: when to look
/// again (`None`: nothing more, or the store failed).
async fn drive(http: &Arc<Http>, data: &Data, id: i64) -> Option<i64> {
    for look in 0..STEPS_A_LOOK {
        let r = match read(data, id).await {
            Ok(Some(r)) => r,
            Ok(None) => return None,
            Err(e) => {
                tracing::warn!("could not read tournament {id}: {e}");
                return None;
            }
        };
        if look == 0
            && r.t.state == "running"
            && let Err(e) = round::open_pending(http, data, &r).await
        {
            tracing::warn!("tournament {id}: a table's game was not opened, tried again at the next look: {e}");
        }
        if results::settle(http, data, &r).await {
            continue; // a table ended: read it again
        }
        let now = now_of(&r, data.tournaments.check_in_shown(id), unix_now());
        let step = if r.is_arena() { arena_clock::next(&arena::now_of(&r, now)) } else { clock::next(&now) };
        match step {
            Step::WaitUntil(at) => return Some(at),
            Step::Done => return None,
            step => {
                if let Err(e) = act(http, data, &r, step).await {
                    tracing::warn!("tournament {id}: a step failed, tried again at the next look: {e}");
                    return None;
                }
            }
        }
    }
    Some(unix_now())
}

/// Does one step of the clock.
async fn act(http: &Arc<Http>, data: &Data, r: &Read, step: Step) -> Result<(), StoreError> {
    let id = r.t.id;
    let now = unix_now();
    match step {
        Step::OpenCheckIn => {
            redraw(http, data, id).await;
            data.tournaments.show_check_in(id);
        }
        Step::Cancel => {
            data.store.call(move |s| s.set_tournament_state(id, "signup", "cancelled", now)).await?;
            tracing::info!("tournament {id} is cancelled: too few checked in");
            redraw(http, data, id).await;
        }
        Step::Pair(n) => {
            if r.t.state == "signup" {
                data.store.call(move |s| s.set_tournament_state(id, "signup", "running", now)).await?;
                redraw(http, data, id).await;
            }
            if r.is_arena() {
                arena::open(http, data, r).await?;
            } else {
                round::pair(http, data, r, n).await?;
            }
        }
        Step::Seat(tables) => arena::seat(http, data, r, &tables).await?,
        Step::Decide(open) => results::decide(http, data, r, &open).await?,
        Step::Close(n) => {
            data.store.call(move |s| s.finish_round(id, n, now)).await?;
            standings::refresh(http, data, id).await;
        }
        Step::Finish | Step::Podium => {
            // Over first, its final standings shown, then the podium: a
            // restart in between finds it over and posts the podium.
            data.store.call(move |s| s.set_tournament_state(id, "running", "finished", now)).await?;
            standings::refresh(http, data, id).await;
            standings::podium(http, data, r).await?;
            redraw(http, data, id).await;
        }
        Step::WaitUntil(_) | Step::Done => {}
    }
    Ok(())
}

async fn redraw(http: &Http, data: &Data, id: i64) {
    if let Err(e) = signup::redraw(http, data, id).await {
        tracing::warn!("could not redraw the sign-up of tournament {id}: {e}");
    }
}
