//! `thaayam-lab sandbox-bot`: the real bot connected to a fake Discord
//! on loopback, as a process of its own, so that crash tests can kill it
//! with SIGKILL at any moment and start it again (tests/e2e/kills.rs). It
//! reads no config file and no environment (only `RUST_LOG` for logging),
//! uses a fixed token that is no Discord token, and refuses any base URL
//! that is not loopback: the production `run` command never reaches a
//! sandbox, and this one never reaches Discord.

use crate::discord::bot::{self, Endpoint};
use crate::discord::config::{Config, Shards};
use crate::engine::Variant;
use crate::store::Database;
use std::time::Duration;

/// What the sandbox bot is given on the command line.
#[derive(Clone, Debug)]
pub struct Sandbox {
    /// The fake's REST base, `http://127.0.0.1:PORT`.
    pub http_base: String,
    /// An SQLite file or a `postgres://` URL.
    pub database: Database,
    /// Register the commands in this guild only.
    pub guild: Option<u64>,
    pub computer_pause: Duration,
    /// Derive the games' dice seeds from this number (the same throws
    /// every run).
    pub dice_seed: Option<u64>,
    pub log_format: crate::discord::config::LogFormat,
    /// Serve `/metrics`, `/healthz` and `/readyz` here (`127.0.0.1:0`: a
    /// free port, logged as "metrics and health checks on http://…").
    pub metrics: Option<std::net::SocketAddr>,
    /// Serve the game pages here, linked from `public_url` when given.
    pub web: Option<crate::discord::config::Web>,
    /// The gateway shards this process runs (`auto`: as many as the fake
    /// recommends, all of them).
    pub shards: Shards,
}

/// Runs the bot against the sandbox until it is killed (or SIGINT/SIGTERM).
pub fn run(sandbox: Sandbox) -> Result<(), String> {
    if !is_loopback(&sandbox.http_base) {
        return Err(format!(
            "the sandbox bot only connects to loopback (http://127.0.0.1:PORT), not {}",
            sandbox.http_base
        ));
    }
    let config = Config {
        token: "sandbox-token".into(),
        database: sandbox.database,
        dev_guild: sandbox.guild,
        default_variant: Variant::Bell,
        turn_timeout: 24 * 3600,
        log_level: "warn".into(),
        log_format: sandbox.log_format,
        shards: sandbox.shards,
        metrics: sandbox.metrics,
        web: sandbox.web,
        notify_after: crate::discord::config::NOTIFY_AFTER,
        // The tests that start this rig count its messages: no analysis
        // message after their games. Their storms play a short game every
        // few seconds per channel: the hourly cap on lobbies (10) stopped
        // every table within a minute (and once, during a failover, every
        // click), so it is out of their way (tests/e2e/tireout.rs checks it).
        limits: crate::discord::limits::Limits {
            analyses_after_games: false,
            new_games_per_hour: 1_000_000,
            ..Default::default()
        },
    };
    let endpoint = Endpoint::Sandbox {
        http_base: sandbox.http_base,
        computer_pause: sandbox.computer_pause,
        dice_seed: sandbox.dice_seed,
    };
    bot::run_at(config, endpoint)
}

/// Whether `base` is `http://` to a loopback host with a port and nothing after it.
fn is_loopback(base: &str) -> bool {
    let Some(rest) = base.strip_prefix("http://") else { return false };
    let Some((host, port)) = rest.rsplit_once(':') else { return false };
    matches!(host, "127.0.0.1" | "localhost" | "[::1]") && !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::is_loopback;

    #[test]
    fn only_loopback_is_accepted() {
        assert!(is_loopback("http://127.0.0.1:4000"));
        assert!(is_loopback("http://localhost:80"));
        assert!(is_loopback("http://[::1]:8080"));
        for bad in [
            "https://discord.com",
            "http://discord.com:80",
            "http://127.0.0.1",
            "http://127.0.0.1:80/api",
            "http://127.0.0.1.evil.com:80",
            "https://127.0.0.1:80",
            "http://10.0.0.1:80",
        ] {
            assert!(!is_loopback(bad), "{bad}");
        }
    }
}
