//! Forgets the rate-limit buckets serenity no longer needs. Its HTTP
//! client keeps one bucket per route key and never drops one, and an
//! interaction's answer (`POST /interactions/{id}/{token}/callback`) is
//! keyed by the interaction's id: without this, every click answered
//! would stay in memory for the life of the process (about 150 bytes
//! each, some 150 MB a million clicks). A bucket is dropped once no
//! request holds it and its window is over (or it never learnt one), so
//! nothing it knows is lost: serenity starts such a bucket afresh anyway.

use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

/// How often the buckets are looked at.
const EVERY: Duration = Duration::from_secs(60);

/// Drops the idle buckets whose window is over; returns how many it
/// dropped and how many it kept.
pub(crate) async fn prune(http: &serenity::Http) -> (usize, usize) {
    let Some(limiter) = &http.ratelimiter else { return (0, 0) };
    let routes = limiter.routes();
    let mut routes = routes.write().await;
    let before = routes.len();
    let now = SystemTime::now();
    routes.retain(|_, bucket| {
        // Another holder is a request on its way (serenity clones the
        // bucket for the request's time): keep it.
        if Arc::strong_count(bucket) > 1 {
            return true;
        }
        match bucket.try_lock() {
            Ok(limit) => limit.reset().is_some_and(|reset| reset > now),
            Err(_) => true,
        }
    });
    (before - routes.len(), routes.len())
}

/// Prunes the buckets every minute for the life of the bot.
pub(crate) fn spawn_pruner(http: Arc<serenity::Http>) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            let (dropped, kept) = prune(&http).await;
            if dropped > 0 {
                tracing::debug!("rate-limit buckets: {dropped} idle dropped, {kept} kept");
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use self::serenity::{HttpBuilder, InteractionId};
    use super::*;

    /// A client with serenity's rate limiter whose requests go to a closed
    /// local port (never the network): each fails at once, after its
    /// bucket was made.
    fn limited() -> serenity::Http {
        let nowhere = std::net::SocketAddr::from(([127, 0, 0, 1], 9));
        let client = reqwest::Client::builder().resolve("discord.com", nowhere).build().expect("a client");
        HttpBuilder::new("t").client(client).build()
    }

    async fn answer(http: &serenity::Http, id: u64) {
        let body = serde_json::json!({ "type": 6 });
        let sent = http.create_interaction_response(InteractionId::new(id), "token", &body, Vec::new()).await;
        let refused = format!("{sent:?}").contains("Connection refused");
        assert!(refused, "nothing listens on port 9 of this machine: {sent:?}");
    }

    fn buckets(http: &serenity::Http) -> usize {
        let routes = http.ratelimiter.as_ref().expect("a rate limiter").routes();
        routes.try_read().expect("no writer").len()
    }

    #[tokio::test]
    async fn each_answered_interaction_leaves_a_bucket_until_pruned() {
        let http = limited();
        for id in 1..=50 {
            answer(&http, id).await;
        }
        assert_eq!(buckets(&http), 50, "serenity keeps a bucket per interaction answered");
        assert_eq!(prune(&http).await, (50, 0));
        assert_eq!(buckets(&http), 0);
        answer(&http, 51).await;
        assert_eq!(buckets(&http), 1, "a pruned limiter still works");
    }

    #[tokio::test]
    async fn a_bucket_in_use_is_kept() {
        let http = limited();
        answer(&http, 1).await;
        answer(&http, 2).await;
        let routes = http.ratelimiter.as_ref().expect("a rate limiter").routes();
        let held: Vec<_> = routes.read().await.values().cloned().collect();
        assert_eq!(prune(&http).await, (0, 2), "both held, as by requests on their way");
        drop(held);
        assert_eq!(prune(&http).await, (2, 0));
    }

    #[tokio::test]
    async fn a_client_without_limiter_has_nothing_to_prune() {
        let nowhere = std::net::SocketAddr::from(([127, 0, 0, 1], 9));
        let client = reqwest::Client::builder().resolve("discord.com", nowhere).build().expect("a client");
        let http = HttpBuilder::new("t").client(client).ratelimiter_disabled(true).build();
        answer(&http, 1).await;
        assert_eq!(prune(&http).await, (0, 0));
    }
}
