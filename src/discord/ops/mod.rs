//! What the bot tells its operators, a wing beside the game's (`live`
//! counts through it; it never reaches into the game):
//!
//! - [`metrics`]: the Prometheus families the bot counts, one registry per
//!   bot.
//! - [`instrument`]: which bot's registry a task counts for, and the
//!   counting of Discord requests and answers.
//! - [`health`]: whether the bot is ready (gateway shards, store).
//! - [`listener`]: the private HTTP listener serving `/metrics`,
//!   `/healthz` and `/readyz`, an axum router served by [`serve`] (a
//!   bound address, a cap on connections and their time, graceful
//!   shutdown).

pub(crate) mod health;
pub(crate) mod instrument;
pub(crate) mod listener;
pub(crate) mod metrics;
pub(crate) mod serve;
