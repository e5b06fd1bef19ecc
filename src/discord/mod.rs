//! The Discord bot: the only async layer, and the only one that combines
//! the engine with the computer players, the renderer and the store.
//!
//! Three wings, imports pointing one way: [`game`] ← [`view`] ← [`live`] ←
//! [`commands`] ← [`bot`].
//! - [`game`] is pure: what a click or a command does to a table.
//! - [`view`] is pure: a table becomes plain messages and a picture.
//! - [`live`] is async: Discord, tokio and the store; it plays the games.
//! - [`ops`] is what the bot tells its operators (metrics, readiness, the
//!   HTTP listener of `/metrics`): beside `live`, which counts through it
//!   and never the other way.
//! - [`web`] serves a public page per game (watch live, replay, check the
//!   dice): above `live`, whose hub announces every saved change to it.
//! - [`commands`] are the slash commands, thin over the wings; [`bot`]
//!   starts everything. [`config`] is the bot's configuration ([`limits`] and [`proxies`]
//!   among it), [`logging`] its log (text or JSON lines, secrets cut out).
//!
//! `game` and `view` never import serenity, poise, tokio or the store (a
//! test in `tests/architecture.rs` checks it).

pub mod bot;
pub(crate) mod commands;
pub mod config;
pub(crate) mod game;
pub mod limits;
pub(crate) mod live;
pub(crate) mod logging;
pub(crate) mod ops;
pub mod proxies;
pub(crate) mod view;
pub(crate) mod web;

use config::Config;
use live::hub::Hub;
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The error type of commands and handlers.
pub(crate) type Error = Box<dyn std::error::Error + Send + Sync>;
/// The poise context of our commands.
pub(crate) type Context<'a> = poise::Context<'a, Data, Error>;

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
    /// The language of each server's messages.
    pub(crate) langs: Arc<live::languages::Languages>,
    /// The settings each server saved, as far as this process read them.
    pub(crate) settings: Arc<live::defaults::Known>,
    /// Where new games' dice seeds come from.
    pub(crate) seeds: Arc<live::persist::Seeds>,
    /// This bot's metrics (recording nothing without a metrics listener).
    pub(crate) metrics: Arc<ops::metrics::Metrics>,
    /// The gateway shards of this process, for `/readyz` and the metrics.
    pub(crate) gateway: Arc<ops::health::Gateway>,
    /// Cooldowns, queues of heavy work, caps and kept replays.
    pub(crate) guard: Arc<live::guard::Guard>,
    /// The public game pages: links and servers' switches.
    pub(crate) pages: Arc<live::page_key::Pages>,
    /// The players' time away and the servers' limits on it.
    pub(crate) aways: Arc<live::away::Known>,
    /// The analyses after games: their queue, and where they are posted.
    pub(crate) reviews: Arc<live::review::Reviews>,
}

/// A stored open game checked exactly as start-up checks it
/// (`live::persist::from_live`: the state matches the log, the throws drawn
/// match the log's throws, the log replays), with the dice seed and the log
/// the bot would resume: for crash tests and tools that must see what a
/// restarted bot would see.
pub fn resume_check(live: crate::store::LiveGame) -> Result<([u8; 32], Vec<crate::engine::Event>), String> {
    let table = live::persist::from_live(live)?.table;
    Ok((table.seed.0, table.events))
}
