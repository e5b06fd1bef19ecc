//! The analysis after every game: once a finished game's result is shown,
//! its analysis is computed off the click path, on its own bounded queue
//! (one blocking worker, [`WAITING`] games waiting; a game finished while
//! the queue is full is not analysed then: `/thaayam analyse` still can),
//! cached in the store as `/thaayam analyse` caches it, and posted as a
//! reply to the result: one line per player (luck, choices, accuracy).
//! The result itself never waits for it.

use super::ids;
use crate::ai::analysis::{analyse, cache_version};
use crate::ai::review::Review;
use crate::discord::game::ids::{ChannelId, MessageId};
use crate::discord::ops::instrument;
use crate::discord::ops::metrics::Route;
use crate::discord::view::analysis::{chart, review_message};
use crate::discord::view::lang::Lang;
use crate::engine::Game;
use crate::render::render_chart;
use crate::store::StoreHandle;
use crate::store::{CachedAnalysis, GameId, LoadedGame};
use poise::serenity_prelude::Http;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// Games waiting for the worker, at most (beyond the one analysed).
pub(crate) const WAITING: usize = 8;

/// How long one game's analysis may take before it is given up.
const DEADLINE: Duration = Duration::from_secs(60);

/// The queue of analyses after games, and the connection to post them.
pub(crate) struct Reviews {
    http: OnceLock<Arc<Http>>,
    places: Arc<Semaphore>,
    worker: Arc<Semaphore>,
    /// How many analyses it has stored: the pages believe a game has none
    /// only until this moves ([`Reviews::stored`]).
    stored: Arc<AtomicU64>,
}

impl Default for Reviews {
    fn default() -> Self {
        Reviews {
            http: OnceLock::new(),
            places: Arc::new(Semaphore::new(WAITING + 1)),
            worker: Arc::new(Semaphore::new(1)),
            stored: Arc::default(),
        }
    }
}

/// Analyses a game and draws its chart with the letters of `lang` on its
/// discs (blocking, CPU-bound): what is cached, here and by `/thaayam
/// analyse`.
pub(crate) fn compute(game: &LoadedGame, lang: Lang, deadline: Instant) -> Result<CachedAnalysis, String> {
    let start = Game::new(game.info.ruleset, game.info.seat_set());
    let a = analyse(start, &game.events, Some(deadline)).map_err(|e| e.to_string())?;
    let png = render_chart(&chart(lang, &a)).map_err(|e| e.to_string())?;
    let swings = serde_json::to_string(&a.swings).map_err(|e| e.to_string())?;
    let review = serde_json::to_string(&a.review()).map_err(|e| e.to_string())?;
    Ok(CachedAnalysis { png, swings, review: Some(review) })
}

/// A finished game to analyse: where its result is, the language and the
/// players' names (by seat index) to write its lines with.
pub(crate) struct Finished {
    pub(crate) game: GameId,
    pub(crate) channel: ChannelId,
    pub(crate) result: Option<MessageId>,
    pub(crate) lang: Lang,
    pub(crate) names: [String; 4],
}

impl Reviews {
    /// From now on, analyses are posted through `http` (the bot's start).
    pub(crate) fn connect(&self, http: Arc<Http>) {
        let _ = self.http.set(http);
    }

    /// How many analyses were stored after games so far: a page that found
    /// none for a game asks the store again once this moved.
    pub(crate) fn stored(&self) -> u64 {
        self.stored.load(Ordering::SeqCst)
    }

    /// Counts an analysis stored outside the worker (`/thaayam analyse`,
    /// the tests): the pages then ask the store again.
    pub(crate) fn note_stored(&self) {
        self.stored.fetch_add(1, Ordering::SeqCst);
    }

    /// Queues the analysis of a game whose result was just shown; `false`
    /// if it is not queued (the queue is full, or the bot not connected).
    pub(crate) fn after_result(&self, store: &StoreHandle, finished: Finished) -> bool {
        let Some(http) = self.http.get().cloned() else { return false };
        let Ok(place) = self.places.clone().try_acquire_owned() else {
            tracing::info!("game {}: the analyses' queue is full; not analysed now", finished.game);
            return false;
        };
        let (store, worker, reviews) = (store.clone(), self.worker.clone(), self.stored.clone());
        tokio::spawn(instrument::inherit(async move {
            let _place = place;
            let Ok(_worker) = worker.acquire().await else { return };
            post(&http, &store, finished, &reviews).await;
        }));
        true
    }
}

/// Analyses one game (or reads its cached analysis) and posts its lines.
async fn post(http: &Http, store: &StoreHandle, f: Finished, stored: &AtomicU64) {
    let id = f.game;
    let loaded = match store.call(move |s| s.load(id)).await {
        Ok(Some(loaded)) => loaded,
        Ok(None) => return,
        Err(e) => return tracing::warn!("game {id}: cannot load it for its analysis: {e}"),
    };
    let Some(version) = cache_version(loaded.info.ruleset, loaded.info.seats.len()) else { return };
    let cached = store.call(move |s| s.cached_analysis(id, version)).await.ok().flatten();
    let analysis = match cached {
        Some(c) => c,
        None => {
            let lang = f.lang;
            let made = tokio::task::spawn_blocking(move || compute(&loaded, lang, Instant::now() + DEADLINE)).await;
            let Ok(Ok(made)) = made else {
                return tracing::warn!("game {id}: its analysis failed");
            };
            let keep: CachedAnalysis = made.clone();
            match store.call(move |s| s.cache_analysis(id, version, &keep)).await {
                Ok(()) => _ = stored.fetch_add(1, Ordering::SeqCst),
                Err(e) => tracing::warn!("caching the analysis of game {id} failed: {e}"),
            }
            made
        }
    };
    let Some(review) = analysis.review.as_deref().and_then(|r| serde_json::from_str::<Review>(r).ok()) else {
        return;
    };
    let msg = review_message(f.lang, &f.game.to_string(), &review, &f.names);
    let mut create = super::outgoing::create(&msg, None);
    if let Some(result) = f.result {
        create = create.reference_message((ids::channel(f.channel), ids::message(result)));
    }
    let sent = ids::channel(f.channel).send_message(http, create).await;
    instrument::request(Route::CreateMessage, &sent);
    match sent {
        Ok(_) => tracing::info!("game {id}: its analysis is posted"),
        Err(e) => tracing::warn!("game {id}: could not post its analysis: {e:?}"),
    }
}
