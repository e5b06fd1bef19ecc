//! What every handler of the bot shares: the hub of open games, the store,
//! the configuration and the live wing's caches and queues, one cheap clone
//! into each spawned task. It lives in the live wing, the lowest that knows
//! every part of it; `commands` and `web` take it from here, and `ops` is
//! handed only the narrow view it reports on (`ops::listener::Reports`).

use super::hub::Hub;
use crate::discord::config::Config;
use crate::discord::{game, ops};
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What every handler shares (cheap to clone into spawned tasks).
#[derive(Clone)]
pub(crate) struct Data {
    pub(crate) hub: Arc<Hub>,
    /// The database: every change of a game is saved here before it is shown.
    pub(crate) store: crate::store::StoreHandle,
    pub(crate) config: Arc<Config>,
    pub(crate) stopping: Arc<AtomicBool>,
    /// Games whose computer seats are being played by a task right now.
    pub(crate) computers: Arc<Mutex<HashSet<game::ids::GameId>>>,
    /// The pause before each computer move.
    pub(crate) computer_pause: Duration,
    /// The servers' settings (rules, language, pages, seasons, time away).
    pub(crate) servers: Arc<super::servers::Servers>,
    /// Where new games' dice seeds come from.
    pub(crate) seeds: Arc<super::persist::Seeds>,
    /// This bot's metrics (recording nothing without a metrics listener).
    pub(crate) metrics: Arc<ops::metrics::Metrics>,
    /// The gateway shards of this process, for `/readyz` and the metrics.
    pub(crate) gateway: Arc<ops::health::Gateway>,
    /// Cooldowns, queues of heavy work, caps and kept replays.
    pub(crate) guard: Arc<super::guard::Guard>,
    /// The public game pages: their keys and links.
    pub(crate) pages: Arc<super::page_key::Pages>,
    /// The players' time away.
    pub(crate) aways: Arc<super::away::Known>,
    /// The analyses after games: their queue, and where they are posted.
    pub(crate) reviews: Arc<super::review::Reviews>,
    /// The tournament runner's memory: which games are tables, its bell.
    pub(crate) tournaments: Arc<super::tournament::known::Known>,
}
