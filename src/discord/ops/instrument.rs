//! Which bot's metrics a task records into, and how the interaction it
//! handles was answered: a task-local set around every event serenity
//! dispatches (by [`Instrumented`], the framework wrapper) and around the
//! bot's own tasks, so that deep helpers (a save, a drawing, a message
//! posted) count into their own bot's registry without a handle passed
//! through every signature, and two bots in one process (the tests) never
//! mix their counts. Outside such a scope nothing is recorded.
//!
//! An interaction's outcome is settled when its handler returns: the
//! first answer sent (its time from arrival; [`Outcome::Late`] past
//! Discord's 3 s; [`Outcome::Failed`] when it was refused by Discord),
//! classified by the handler as a refusal or a failure where it is one;
//! no answer at all is a failure.

use super::metrics::{Kind, Metrics, Outcome, Route};
use poise::serenity_prelude as serenity;
use std::cell::Cell;
use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Discord drops an answer that comes later than this after the interaction.
const DEADLINE: Duration = Duration::from_secs(3);

tokio::task_local! {
    static CURRENT: Current;
}

struct Current {
    metrics: Arc<Metrics>,
    interaction: Option<Pending>,
}

/// The interaction a task is answering.
struct Pending {
    arrived: Instant,
    /// What the handler says the answer is (answered unless told otherwise).
    class: Cell<Outcome>,
    /// The first answer: when, and whether Discord took it.
    first: Cell<Option<(Duration, bool)>>,
}

impl Pending {
    fn outcome(&self) -> (Outcome, Option<Duration>) {
        match self.first.get() {
            None => (Outcome::Failed, None),
            Some((after, false)) => (Outcome::Failed, Some(after)),
            Some((after, true)) if after > DEADLINE => (Outcome::Late, Some(after)),
            Some((after, true)) => (self.class.get(), Some(after)),
        }
    }
}

/// Runs `work` recording into `metrics`.
pub(crate) async fn within<F: Future>(metrics: Arc<Metrics>, work: F) -> F::Output {
    if !metrics.is_on() {
        return work.await;
    }
    CURRENT.scope(Current { metrics, interaction: None }, work).await
}

/// Runs `work`, the handling of an interaction of `kind` that arrived
/// now, recording into `metrics`, and counts how it was answered.
pub(crate) async fn interaction<F: Future>(metrics: Arc<Metrics>, kind: Kind, work: F) -> F::Output {
    if !metrics.is_on() {
        return work.await;
    }
    let pending = Pending { arrived: Instant::now(), class: Cell::new(Outcome::Answered), first: Cell::new(None) };
    let current = Current { metrics: metrics.clone(), interaction: Some(pending) };
    let (out, settled) = CURRENT
        .scope(current, async {
            let out = work.await;
            (out, CURRENT.try_with(|c| c.interaction.as_ref().map(Pending::outcome)).ok().flatten())
        })
        .await;
    let (outcome, after) = settled.unwrap_or((Outcome::Failed, None));
    metrics.interaction(kind, outcome, after);
    out
}

/// `work` recording into the metrics of the task that calls this (for a
/// task spawned from it, which does not inherit task-locals).
pub(crate) fn inherit<F: Future>(work: F) -> impl Future<Output = F::Output> {
    let metrics = CURRENT.try_with(|c| c.metrics.clone()).ok();
    async move {
        match metrics {
            Some(metrics) => CURRENT.scope(Current { metrics, interaction: None }, work).await,
            None => work.await,
        }
    }
}

/// Records into the current task's metrics, if it has any.
pub(crate) fn record(f: impl FnOnce(&Metrics)) {
    let _ = CURRENT.try_with(|c| f(&c.metrics));
}

/// The interaction being handled is a refusal or a failure (whatever is
/// sent as its answer).
pub(crate) fn classify(outcome: Outcome) {
    let _ = CURRENT.try_with(|c| {
        if let Some(p) = &c.interaction {
            p.class.set(outcome);
        }
    });
}

/// An answer to the interaction being handled went out (`ok`: Discord
/// took it); only the first counts.
pub(crate) fn answered(ok: bool) {
    let _ = CURRENT.try_with(|c| {
        if let Some(p) = &c.interaction
            && p.first.get().is_none()
        {
            p.first.set(Some((p.arrived.elapsed(), ok)));
        }
    });
}

/// A Discord request made and its result.
pub(crate) fn request<T>(route: Route, result: &serenity::Result<T>) {
    record(|m| m.request(route, status_of(result)));
}

/// The first answer to an interaction (an interaction callback) and its
/// result: both the answer and the request are counted.
pub(crate) fn callback<T>(result: &serenity::Result<T>) {
    answered(result.is_ok());
    request(Route::InteractionCallback, result);
}

/// How a request ended, as [`Metrics::request`] takes it.
fn status_of<T>(result: &serenity::Result<T>) -> Result<(), Option<u16>> {
    match result {
        Ok(_) => Ok(()),
        Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))) => Err(Some(r.status_code.as_u16())),
        Err(_) => Err(None),
    }
}

/// What kind of interaction an event is, if it is one.
fn kind_of(event: &serenity::FullEvent) -> Option<Kind> {
    let serenity::FullEvent::InteractionCreate { interaction } = event else { return None };
    match interaction {
        serenity::Interaction::Command(_) => Some(Kind::Command),
        serenity::Interaction::Component(_) => Some(Kind::Component),
        serenity::Interaction::Autocomplete(_) => Some(Kind::Autocomplete),
        serenity::Interaction::Modal(_) => Some(Kind::Modal),
        _ => None,
    }
}

/// A framework (poise's) whose every dispatched event runs in the bot's
/// metrics scope, an interaction counted by how it was answered.
pub(crate) struct Instrumented<F> {
    pub(crate) inner: F,
    pub(crate) metrics: Arc<Metrics>,
}

#[poise::async_trait]
impl<F: serenity::Framework> serenity::Framework for Instrumented<F> {
    async fn init(&mut self, client: &serenity::Client) {
        self.inner.init(client).await;
    }

    async fn dispatch(&self, ctx: serenity::Context, event: serenity::FullEvent) {
        let kind = kind_of(&event);
        let work = self.inner.dispatch(ctx, event);
        match kind {
            Some(kind) => interaction(self.metrics.clone(), kind, work).await,
            None => within(self.metrics.clone(), work).await,
        }
    }
}

/// Counts the waits of serenity's rate limiter (only on Discord: the
/// sandbox runs without it, and a 429 reaches the caller as a status).
pub(crate) struct RateLimits(pub(crate) Arc<Metrics>);

#[poise::async_trait]
impl serenity::EventHandler for RateLimits {
    async fn ratelimit(&self, info: serenity::RatelimitInfo) {
        self.0.rate_limited(info.global);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(m: &Metrics) -> String {
        m.render(&[], 0, &[])
    }

    #[tokio::test]
    async fn an_interaction_counts_its_first_answer_and_its_class() {
        let m = Arc::new(Metrics::on());
        interaction(m.clone(), Kind::Component, async {
            classify(Outcome::Refused);
            answered(true);
            answered(false);
        })
        .await;
        interaction(m.clone(), Kind::Component, async { answered(false) }).await;
        interaction(m.clone(), Kind::Command, async {}).await;
        let page = page(&m);
        assert!(page.contains("thaayam_interactions_total{kind=\"component\",outcome=\"refused\"} 1\n"), "{page}");
        assert!(page.contains("thaayam_interactions_total{kind=\"component\",outcome=\"failed\"} 1\n"), "{page}");
        assert!(page.contains("thaayam_interactions_total{kind=\"command\",outcome=\"failed\"} 1\n"), "{page}");
        assert!(page.contains("thaayam_interactions_total{kind=\"command\",outcome=\"answered\"} 0\n"), "{page}");
    }

    #[tokio::test]
    async fn a_spawned_task_records_into_its_parents_bot_and_none_outside() {
        let (a, b) = (Arc::new(Metrics::on()), Arc::new(Metrics::on()));
        within(a.clone(), async {
            let task = tokio::spawn(inherit(async { record(|m| m.game_finished(crate::engine::Variant::Bell)) }));
            task.await.expect("task");
        })
        .await;
        record(|m| m.game_finished(crate::engine::Variant::Bell));
        assert!(page(&a).contains("thaayam_games_finished_total{variant=\"bell\"} 1\n"), "{}", page(&a));
        assert!(!page(&b).contains("thaayam_games_finished_total{"), "{}", page(&b));
    }
}
