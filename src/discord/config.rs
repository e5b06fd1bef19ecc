//! The bot's configuration: defaults, then the TOML file, then the
//! environment (`DISCORD_TOKEN` wins over the file). The raw deserialised
//! file is validated into [`Config`], the only form the program uses; every
//! problem is one line saying what to fix.

use super::game::ids::Venue;
use super::limits::{Limits, Serving};
use super::proxies::Proxies;
use crate::engine::Variant;
use crate::store::{DEFAULT_POOL, Database, Isolation};
use serde::Deserialize;
use std::net::SocketAddr;
use std::path::Path;

/// The configuration as written in the file (every key optional). No
/// `Debug`: it holds the token and the database URL's password as written.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawConfig {
    pub(crate) token: Option<String>,
    pub(crate) database: Option<String>,
    pub(crate) database_pool: Option<usize>,
    pub(crate) database_serializable: Option<bool>,
    pub(crate) dev_guild: Option<u64>,
    pub(crate) default_variant: Option<String>,
    pub(crate) turn_timeout: Option<String>,
    pub(crate) log_level: Option<String>,
    pub(crate) log_format: Option<String>,
    pub(crate) shards: Option<String>,
    pub(crate) metrics: Option<String>,
    pub(crate) web: Option<String>,
    pub(crate) public_url: Option<String>,
    pub(crate) activity: Option<bool>,
    pub(crate) client_secret: Option<String>,
    pub(crate) trusted_proxies: Option<Vec<String>>,
    pub(crate) notify_after: Option<String>,
    pub(crate) lobby_expiry: Option<String>,
    pub(crate) idle_turns: Option<u32>,
    pub(crate) host_gone: Option<String>,
    pub(crate) open_games_per_user: Option<usize>,
    pub(crate) new_games_per_hour: Option<usize>,
    pub(crate) season_pair_games: Option<usize>,
}

/// The validated configuration. Its `Debug` hides the token (and the
/// database's password, as [`Database`]'s own does).
#[derive(Clone, PartialEq, Eq)]
pub struct Config {
    pub token: String,
    /// An SQLite file (the default, `thaayam.db`) or a `postgres://` URL.
    pub database: Database,
    /// Register commands in this guild only (instant; for development).
    pub dev_guild: Option<u64>,
    pub default_variant: Variant,
    /// Seconds per turn.
    pub turn_timeout: u64,
    pub log_level: String,
    /// One line of text per log event, or one JSON object (log shippers).
    pub log_format: LogFormat,
    /// The gateway shards this process runs.
    pub shards: Shards,
    /// Where to serve `/metrics`, `/healthz` and `/readyz` (off when `None`).
    pub metrics: Option<SocketAddr>,
    /// The public game pages (`web` and `public_url`; off when `None`).
    pub web: Option<Web>,
    /// Seconds a player's turn waits before the bot sends her a direct
    /// message about it, if she asked for one (`/thaayam notify`); at most
    /// half of the game's turn time.
    pub notify_after: u64,
    /// What keeps anyone from tiring the bot out (lobby expiry, caps,
    /// cooldowns).
    pub limits: Limits,
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Config {
            token: _,
            database,
            dev_guild,
            default_variant,
            turn_timeout,
            log_level,
            log_format,
            shards,
            metrics,
            web,
            notify_after,
            limits,
        } = self;
        f.debug_struct("Config")
            .field("token", &"[redacted]")
            .field("database", database)
            .field("dev_guild", dev_guild)
            .field("default_variant", default_variant)
            .field("turn_timeout", turn_timeout)
            .field("log_level", log_level)
            .field("log_format", log_format)
            .field("shards", shards)
            .field("metrics", metrics)
            .field("web", web)
            .field("notify_after", notify_after)
            .field("limits", limits)
            .finish()
    }
}

impl Config {
    /// What must never appear in a log line: the bot token, the database's
    /// password, the Activity's client secret.
    pub(crate) fn secrets(&self) -> Vec<String> {
        let secret = self.web.as_ref().and_then(|w| w.activity.as_ref()).map(|a| a.client_secret.expose().to_string());
        std::iter::once(self.token.clone()).chain(self.database.password()).chain(secret).collect()
    }
}

/// Where the public game pages are served (`web = "127.0.0.1:8080"`) and
/// the address the bot writes in its links to them (`public_url =
/// "https://thaayam.example.org"`, the reverse proxy in front; without it
/// the pages are served but Discord shows no link).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Web {
    pub listen: SocketAddr,
    /// Without a trailing `/`.
    pub public_url: Option<String>,
    /// The game as a Discord Activity (`activity = true`), served under
    /// `/activity/` of the pages (off when `None`).
    pub activity: Option<Activity>,
    /// The reverse proxies whose `X-Forwarded-For` is believed
    /// (`trusted_proxies`; unset: this machine's own addresses).
    pub trusted_proxies: Proxies,
    /// The listener's timeouts and connection cap.
    pub serving: Serving,
}

impl Web {
    /// Pages served at `listen`, linked as `public_url`, with the default
    /// proxies and bounds, without the Activity.
    pub fn new(listen: SocketAddr, public_url: Option<String>) -> Web {
        Web { listen, public_url, activity: None, trusted_proxies: Proxies::default(), serving: Serving::default() }
    }
}

/// What playing on the board in Discord (an Activity) needs: the app's
/// OAuth2 client secret (`client_secret`, or the environment variable
/// `THAAYAM_CLIENT_SECRET`, which wins), with which the pages exchange
/// the Activity's authorisation code for a token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Activity {
    pub client_secret: Secret,
}

/// A secret of the configuration: its `Debug` and `Display` never show it.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(s: impl Into<String>) -> Secret {
        Secret(s.into())
    }

    /// The secret itself, to send where it belongs (never to a log).
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("[redacted]")
    }
}

/// The environment variable holding the Activity's client secret.
pub const CLIENT_SECRET_ENV: &str = "THAAYAM_CLIENT_SECRET";

/// A `public_url`: `http://` or `https://`, a host, no query or fragment;
/// returned without its trailing `/`.
pub(crate) fn parse_public_url(s: &str) -> Result<String, String> {
    let t = s.trim().trim_end_matches('/');
    let rest = t.strip_prefix("https://").or_else(|| t.strip_prefix("http://"));
    let ok = rest.is_some_and(|r| {
        let host = r.split('/').next().unwrap_or_default();
        !host.is_empty() && !r.contains(['?', '#', ' ', '"', '<', '>']) && r.is_ascii()
    });
    // The longest link is this plus "/g/" and a key: under Discord's 512.
    if !ok || t.len() > 400 {
        return Err(format!("`{s}` is not an address like https://thaayam.example.org"));
    }
    Ok(t.to_string())
}

/// The default of [`Config::notify_after`]: 15 minutes.
pub const NOTIFY_AFTER: u64 = 15 * 60;

/// How log lines are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LogFormat {
    /// Human-readable text (the default).
    #[default]
    Text,
    /// One JSON object per line: `time`, `level`, `target`, `message`,
    /// and the event's fields (`game`, `guild` where there are some).
    Json,
}

/// The gateway shards a process runs: all of the count Discord recommends
/// (`auto`, the default), or a range of a fixed count (`"0-3/16"`: shards
/// 0 to 3 of 16) so that several processes share the gateway. Discord
/// sends a server's events, clicks included, over shard
/// `(server id >> 22) % count`: the games of a server live in the process
/// that runs its shard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shards {
    Auto,
    Range { first: u32, last: u32, total: u32 },
}

impl Shards {
    /// Whether the games of `venue` live in this process (outside servers
    /// is shard 0 as on Discord).
    pub(crate) fn runs(self, venue: Venue) -> bool {
        match self {
            Shards::Auto => true,
            Shards::Range { first, last, total } => {
                (first..=last).contains(&venue.guild().map_or(0, |guild| shard_of(guild.get(), total)))
            }
        }
    }
}

/// The shard of server `guild` among `total` (Discord's formula).
pub(crate) fn shard_of(guild: u64, total: u32) -> u32 {
    // The remainder is below `total`, a u32.
    u32::try_from((guild >> 22) % u64::from(total.max(1))).unwrap_or(0)
}

impl std::str::FromStr for Shards {
    type Err = String;

    /// `auto`, `N/TOTAL` or `FIRST-LAST/TOTAL` (shards counted from 0).
    fn from_str(s: &str) -> Result<Shards, String> {
        let s = s.trim();
        if s == "auto" {
            return Ok(Shards::Auto);
        }
        let form = || format!("`{s}` is not `auto` or a shard range like `0-3/16` (shards 0 to 3 of 16) or `5/16`");
        let (range, total) = s.split_once('/').ok_or_else(form)?;
        let number = |t: &str| t.trim().parse::<u32>().map_err(|_| form());
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (number(a)?, number(b)?),
            None => (number(range)?, number(range)?),
        };
        let total = number(total)?;
        if total == 0 {
            return Err(format!("`{s}`: the shard count must be at least 1"));
        }
        if first > last {
            return Err(format!("`{s}`: the first shard comes after the last"));
        }
        if last >= total {
            return Err(format!("`{s}`: shards are counted from 0, so the last of {total} is {}", total - 1));
        }
        Ok(Shards::Range { first, last, total })
    }
}

/// Loads the config file (or defaults when it is missing and the token is in
/// the environment) and validates it.
pub fn load(path: &Path, env_token: Option<String>) -> Result<Config, String> {
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let env_secret = std::env::var(CLIENT_SECRET_ENV).ok().filter(|s| !s.trim().is_empty());
    match std::fs::read_to_string(path) {
        Ok(text) => parse_with(&text, env_token, env_secret, &dir).map_err(|e| format!("{}: {e}", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && env_token.is_some() => {
            validate(RawConfig { client_secret: env_secret, ..RawConfig::default() }, env_token, &dir)
        }
        Err(e) => {
            Err(format!("cannot read {} ({e}); copy config.example.toml there, or set DISCORD_TOKEN", path.display()))
        }
    }
}

/// The config from the text of a file (relative paths taken in `dir`).
#[cfg(any(test, feature = "lab"))]
pub(crate) fn parse(text: &str, env_token: Option<String>, dir: &Path) -> Result<Config, String> {
    parse_with(text, env_token, None, dir)
}

/// The config from the text of a file, the environment's token and client secret winning over the file's.
fn parse_with(text: &str, env_token: Option<String>, env_secret: Option<String>, dir: &Path) -> Result<Config, String> {
    let raw = toml::from_str::<RawConfig>(text)
        .map_err(|e| e.message().lines().next().unwrap_or("invalid TOML").to_string())?;
    let raw = RawConfig { client_secret: env_secret.or(raw.client_secret), ..raw };
    validate(raw, env_token, dir)
}

/// Turns the raw file into the config, naming the first problem.
pub(crate) fn validate(raw: RawConfig, env_token: Option<String>, dir: &Path) -> Result<Config, String> {
    let limits = limits(&raw);
    let token = env_token.or(raw.token.clone()).map(|t| t.trim().to_string()).unwrap_or_default();
    if token.is_empty() {
        return Err("no bot token: set `token` in the config file or the DISCORD_TOKEN environment variable".into());
    }
    let database = database(&raw, dir)?;
    let default_variant = match raw.default_variant.as_deref() {
        Some(v) => v.parse().map_err(|e| format!("default_variant: {e}"))?,
        None => Variant::Bell,
    };
    let turn_timeout = match raw.turn_timeout.as_deref() {
        Some(t) => parse_duration(t).map_err(|e| format!("turn_timeout: {e}"))?,
        None => 24 * 3600,
    };
    let (log_level, log_format) = log(&raw)?;
    if raw.dev_guild == Some(0) {
        return Err("dev_guild: 0 is not a guild id".into());
    }
    let shards = match raw.shards.as_deref() {
        Some(s) => s.parse().map_err(|e| format!("shards: {e}"))?,
        None => Shards::Auto,
    };
    let metrics = match raw.metrics.as_deref() {
        Some(m) => Some(parse_listen_address(m).map_err(|e| format!("metrics: {e}"))?),
        None => None,
    };
    let web = web(&raw)?;
    let limits = limits?;
    let notify_after = match raw.notify_after {
        Some(t) => parse_duration(&t).map_err(|e| format!("notify_after: {e}"))?,
        None => NOTIFY_AFTER,
    };
    Ok(Config {
        token,
        database,
        dev_guild: raw.dev_guild,
        default_variant,
        turn_timeout,
        log_level,
        log_format,
        shards,
        metrics,
        web,
        notify_after,
        limits,
    })
}

/// The database the file names (a relative SQLite path is taken from the
/// config file's folder), with its pool and isolation.
fn database(raw: &RawConfig, dir: &Path) -> Result<Database, String> {
    let database = match Database::parse(raw.database.as_deref().unwrap_or("thaayam.db")) {
        Ok(Database::Sqlite(path)) if path.is_relative() => Database::Sqlite(dir.join(path)),
        Ok(database) => database,
        Err(e) => return Err(format!("database: {e}")),
    };
    if raw.database_pool == Some(0) {
        return Err("database_pool: at least one connection".into());
    }
    let isolation = match raw.database_serializable {
        Some(true) => Isolation::Serializable,
        _ => Isolation::ReadCommitted,
    };
    Ok(database.with_pool(raw.database_pool.unwrap_or(DEFAULT_POOL)).with_isolation(isolation))
}

/// The log's level and format.
fn log(raw: &RawConfig) -> Result<(String, LogFormat), String> {
    let log_level = raw.log_level.clone().unwrap_or_else(|| "info".into());
    if !["error", "warn", "info", "debug", "trace"].contains(&log_level.as_str()) {
        return Err(format!("log_level: `{log_level}` is not one of error, warn, info, debug, trace"));
    }
    let log_format = match raw.log_format.as_deref().map(str::trim) {
        None | Some("text") => LogFormat::Text,
        Some("json") => LogFormat::Json,
        Some(other) => return Err(format!("log_format: `{other}` is not text or json")),
    };
    Ok((log_level, log_format))
}

/// The game pages (`web`, `public_url`, `trusted_proxies`) and the
/// Activity they serve (`activity`, `client_secret`): `None` without `web`.
fn web(raw: &RawConfig) -> Result<Option<Web>, String> {
    let trusted_proxies = match &raw.trusted_proxies {
        Some(list) => Proxies::parse(list).map_err(|e| format!("trusted_proxies: {e}"))?,
        None => Proxies::default(),
    };
    let mut web = match (raw.web.clone(), raw.public_url.clone()) {
        (Some(w), url) => Some(Web {
            trusted_proxies,
            ..Web::new(
                parse_listen_address(&w).map_err(|e| format!("web: {e}"))?,
                url.map(|u| parse_public_url(&u).map_err(|e| format!("public_url: {e}"))).transpose()?,
            )
        }),
        (None, Some(_)) => return Err("public_url: the pages are off without `web` (where to serve them)".into()),
        (None, None) if raw.trusted_proxies.is_some() => {
            return Err("trusted_proxies: the pages are off without `web` (whose proxies they are)".into());
        }
        (None, None) => None,
    };
    if raw.activity == Some(true) {
        let Some(w) = web.as_mut().filter(|w| w.public_url.is_some()) else {
            return Err("activity: an Activity is served by the pages: set `web` and `public_url` too".into());
        };
        let secret = raw.client_secret.as_deref().map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
        let Some(secret) = secret else {
            return Err(format!(
                "activity: set `client_secret` (the app's OAuth2 client secret) or the {CLIENT_SECRET_ENV} environment variable"
            ));
        };
        w.activity = Some(Activity { client_secret: Secret(secret) });
    }
    Ok(web)
}

/// The limits of the file's keys (the defaults for those missing), or
/// the first problem, named by its key.
fn limits(raw: &RawConfig) -> Result<Limits, String> {
    let d = Limits::default();
    let duration = |key: &str, v: &Option<String>, default: u64| match v {
        Some(t) => parse_duration(t).map_err(|e| format!("{key}: {e}")),
        None => Ok(default),
    };
    let at_least_one = |key: &str, v: Option<usize>, default: usize| match v {
        Some(0) => Err(format!("{key}: must be at least 1")),
        Some(n) => Ok(n),
        None => Ok(default),
    };
    let idle_turns = match raw.idle_turns {
        Some(0) => return Err("idle_turns: must be at least 1".into()),
        Some(n) => n,
        None => d.idle_turns,
    };
    Ok(Limits {
        lobby_expiry: duration("lobby_expiry", &raw.lobby_expiry, d.lobby_expiry)?,
        idle_turns,
        host_gone: duration("host_gone", &raw.host_gone, d.host_gone)?,
        open_games_per_user: at_least_one("open_games_per_user", raw.open_games_per_user, d.open_games_per_user)?,
        new_games_per_hour: at_least_one("new_games_per_hour", raw.new_games_per_hour, d.new_games_per_hour)?,
        cooldown: d.cooldown,
        season_pair_games: at_least_one("season_pair_games", raw.season_pair_games, d.season_pair_games as usize)?
            .try_into()
            .map_err(|_| "season_pair_games: too large".to_string())?,
        analyses_after_games: d.analyses_after_games,
    })
}

/// An address to listen on, `IP:PORT` (`127.0.0.1:9187`, `[::1]:9187`,
/// `0.0.0.0:9187` for every interface).
pub fn parse_listen_address(s: &str) -> Result<SocketAddr, String> {
    s.trim().parse().map_err(|_| format!("`{s}` is not an address like 127.0.0.1:9187 (an IP address and a port)"))
}

/// A duration like `90s`, `30m`, `24h`, `2d` (at least a minute, at most 30 days).
pub(crate) fn parse_duration(s: &str) -> Result<u64, String> {
    let s = s.trim();
    let split = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let (number, unit) = s.split_at(split);
    let n: u64 = number.parse().map_err(|_| format!("`{s}` is not a duration like 30m, 24h or 2d"))?;
    let scale = match unit {
        "s" => 1,
        "m" => 60,
        "h" | "" => 3600,
        "d" => 86_400,
        _ => return Err(format!("`{s}`: the unit must be s, m, h or d")),
    };
    let secs = n.saturating_mul(scale);
    if !(60..=30 * 86_400).contains(&secs) {
        return Err(format!("`{s}` must be between 1 minute and 30 days"));
    }
    Ok(secs)
}

#[cfg(test)]
#[path = "config_tests.rs"]
mod tests;
