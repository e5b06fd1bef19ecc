//! What the live layer's unit tests share: a bot's [`Data`] around a given
//! store, with no pause before computer moves, and an [`Http`] client that
//! reaches no Discord (every request fails at once).

use crate::discord::Data;
use crate::discord::config::{Config, Shards};
use crate::discord::live::hub::Hub;
use crate::engine::Variant;
use crate::store::{Store, StoreHandle};
use poise::serenity_prelude::{Http, HttpBuilder};
use std::sync::Arc;

/// The shared state of a bot around `store`.
pub(crate) fn data(store: Store) -> Data {
    let config = Config {
        token: "t".into(),
        database: "unused.db".into(),
        dev_guild: None,
        default_variant: Variant::Bell,
        turn_timeout: 60,
        log_level: "warn".into(),
        log_format: Default::default(),
        shards: Shards::Auto,
    };
    Data {
        hub: Arc::new(Hub::new()),
        store: StoreHandle::spawn(store).expect("store thread"),
        config: Arc::new(config),
        stopping: Default::default(),
        computers: Default::default(),
        computer_pause: std::time::Duration::ZERO,
        langs: Default::default(),
        seeds: Default::default(),
    }
}

/// A client whose requests go to a closed port on loopback: every post
/// and edit fails at once, as when Discord cannot be reached.
pub(crate) fn no_discord() -> Arc<Http> {
    Arc::new(HttpBuilder::new("t").proxy("http://127.0.0.1:9").ratelimiter_disabled(true).build())
}
