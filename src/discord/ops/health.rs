//! Whether this process is ready to serve (`/readyz`): every gateway shard
//! it runs is connected, and the database answers a trivial query in time.
//! Also what its shards are doing now, for the metrics page.

use super::metrics::ShardNow;
use crate::store::{PrimaryStatus, StoreHandle};
use poise::serenity_prelude as serenity;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// How long `/readyz` waits for the database's answer (the whole answer
/// must go out within 100 ms).
pub(crate) const DATABASE_WAIT: Duration = Duration::from_millis(60);

/// How long a look at the shards may wait for serenity's lock on them.
const SHARDS_WAIT: Duration = Duration::from_millis(20);

/// The gateway shards of this process, once the client exists.
#[derive(Default)]
pub(crate) struct Gateway {
    manager: OnceLock<Arc<serenity::ShardManager>>,
    /// How many shards this process runs; 0 while unknown (Discord not
    /// asked yet).
    wanted: AtomicU32,
}

impl Gateway {
    /// The client's shard manager (set once, at start-up).
    pub(crate) fn attach(&self, manager: Arc<serenity::ShardManager>) {
        let _ = self.manager.set(manager);
    }

    /// This process runs `n` shards.
    pub(crate) fn want(&self, n: u32) {
        self.wanted.store(n, Ordering::Relaxed);
    }

    pub(crate) fn wanted(&self) -> u32 {
        self.wanted.load(Ordering::Relaxed)
    }

    /// What each started shard is doing (none before the client exists,
    /// or when serenity holds its lock for longer than a glance).
    pub(crate) async fn shards(&self) -> Vec<ShardNow> {
        let Some(manager) = self.manager.get() else { return Vec::new() };
        let Ok(runners) = tokio::time::timeout(SHARDS_WAIT, manager.runners.lock()).await else {
            return Vec::new();
        };
        let mut shards: Vec<ShardNow> = runners
            .iter()
            .map(|(id, info)| ShardNow {
                id: id.0,
                connected: info.stage == serenity::ConnectionStage::Connected,
                latency: info.latency,
            })
            .collect();
        shards.sort_by_key(|s| s.id);
        shards
    }
}

/// Why the process is not ready, in a few words; `None` when it is.
pub(crate) async fn not_ready(gateway: &Gateway, store: &StoreHandle) -> Option<String> {
    let wanted = gateway.wanted();
    if wanted == 0 {
        return Some("the gateway shards are not started yet".into());
    }
    let connected = gateway.shards().await.iter().filter(|s| s.connected).count();
    if connected < wanted as usize {
        return Some(format!("{connected} of {wanted} gateway shards connected"));
    }
    let answer = tokio::time::timeout(DATABASE_WAIT, store.call(|s| s.schema_version())).await;
    if !matches!(answer, Ok(Ok(_)))
        && let Some(why) = store.primary_status().as_ref().and_then(without_primary)
    {
        return Some(why);
    }
    match answer {
        Ok(Ok(_)) => None,
        Ok(Err(e)) => Some(format!("the database failed: {e}")),
        Err(_) => Some(format!("the database did not answer within {} ms", DATABASE_WAIT.as_millis())),
    }
}

/// "database: failing over" while no connection of the pool reaches a
/// primary (a cluster between two primaries), or "unreachable" for one
/// server.
fn without_primary(status: &PrimaryStatus) -> Option<String> {
    let secs = status.without_primary_for?.as_secs_f64();
    Some(match status.several_servers {
        true => format!("database: failing over (no primary for {secs:.1} s)"),
        false => format!("database: unreachable for {secs:.1} s"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    #[tokio::test]
    async fn not_ready_until_the_shards_are_known_and_connected() {
        let store = StoreHandle::spawn(Store::open_in_memory().expect("store")).expect("thread");
        let gateway = Gateway::default();
        let why = not_ready(&gateway, &store).await.expect("not ready");
        assert!(why.contains("not started"), "{why}");
        gateway.want(2);
        let why = not_ready(&gateway, &store).await.expect("not ready");
        assert_eq!(why, "0 of 2 gateway shards connected");
    }

    #[test]
    fn a_cluster_without_a_primary_is_failing_over() {
        let mut status = PrimaryStatus { several_servers: true, ..PrimaryStatus::default() };
        assert_eq!(without_primary(&status), None);
        status.without_primary_for = Some(Duration::from_millis(2500));
        assert_eq!(without_primary(&status).as_deref(), Some("database: failing over (no primary for 2.5 s)"));
        status.several_servers = false;
        assert_eq!(without_primary(&status).as_deref(), Some("database: unreachable for 2.5 s"));
    }
}
