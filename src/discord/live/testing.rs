//! What the live layer's unit tests share: a bot's [`Data`] around a given
//! store, with no pause before computer moves, a two-seat bell lobby
//! created and saved in it, and an [`Http`] client that reaches no Discord
//! (every request fails at once).
#![cfg_attr(not(test), allow(dead_code))]

use super::data::Data;
use crate::discord::config::{Config, Shards};
use crate::discord::game::ids::{ChannelId, GuildId, UserId, Venue};
use crate::discord::game::table::NewGame;
use crate::discord::live::hub::Hub;
use crate::discord::live::persist;
use crate::discord::live::running::Running;
use crate::engine::{Ruleset, Variant};
use crate::store::{Store, StoreHandle};
use poise::serenity_prelude::{Http, HttpBuilder};
use std::sync::Arc;

/// A two-seat bell lobby of host 10 in channel 2, created and saved as
/// `/thaayam new` does.
pub(crate) async fn lobby(data: &Data) -> Running {
    let new = NewGame {
        venue: Venue::Server(GuildId(1)),
        channel: ChannelId(2),
        host: UserId(10),
        ruleset: Ruleset::new(Variant::Bell),
        players: 2,
        turn_timeout: 60,
        moderators_end: false,
        practice: false,
    };
    let mut t = persist::create(&data.store, new, &data.seeds).await.expect("create");
    persist::save(&data.store, &mut t).await.expect("first save");
    t
}

/// The configuration of the tests' bot (bell, 60 s turns).
pub(crate) fn config() -> Config {
    Config {
        token: "t".into(),
        database: std::path::PathBuf::from("unused.db").into(),
        dev_guild: None,
        default_variant: Variant::Bell,
        turn_timeout: 60,
        log_level: "warn".into(),
        log_format: Default::default(),
        shards: Shards::Auto,
        metrics: None,
        web: None,
        notify_after: crate::discord::config::NOTIFY_AFTER,
        limits: Default::default(),
    }
}

/// The shared state of a bot around `store`.
pub(crate) fn data(store: Store) -> Data {
    let config = config();
    Data {
        hub: Arc::new(Hub::new()),
        store: StoreHandle::spawn(store).expect("store thread"),
        config: Arc::new(config.clone()),
        stopping: Default::default(),
        computers: Default::default(),
        computer_pause: std::time::Duration::ZERO,
        servers: Arc::new(crate::discord::live::servers::Servers::new(&config)),
        seeds: Default::default(),
        metrics: Arc::new(crate::discord::ops::metrics::Metrics::off()),
        gateway: Default::default(),
        guard: Arc::new(crate::discord::live::guard::Guard::new(config.limits.clone())),
        pages: Arc::default(),
        aways: Arc::default(),
        reviews: Arc::default(),
        tournaments: Arc::default(),
    }
}

/// A client whose requests go to a closed port on loopback: every post
/// and edit fails at once, as when Discord cannot be reached.
pub(crate) fn no_discord() -> Arc<Http> {
    Arc::new(HttpBuilder::new("t").proxy("http://127.0.0.1:9").ratelimiter_disabled(true).build())
}
