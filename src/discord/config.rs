//! The bot's configuration: defaults, then the TOML file, then the
//! environment (`DISCORD_TOKEN` wins over the file). The raw deserialised
//! file is validated into [`Config`], the only form the program uses; every
//! problem is one line saying what to fix.

use crate::engine::Variant;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The configuration as written in the file (every key optional).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawConfig {
    pub(crate) token: Option<String>,
    pub(crate) database: Option<PathBuf>,
    pub(crate) dev_guild: Option<u64>,
    pub(crate) default_variant: Option<String>,
    pub(crate) turn_timeout: Option<String>,
    pub(crate) log_level: Option<String>,
}

/// The validated configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub token: String,
    pub database: PathBuf,
    /// Register commands in this guild only (instant; for development).
    pub dev_guild: Option<u64>,
    pub default_variant: Variant,
    /// Seconds per turn.
    pub turn_timeout: u64,
    pub log_level: String,
}

/// Loads the config file (or defaults when it is missing and the token is in
/// the environment) and validates it.
pub fn load(path: &Path, env_token: Option<String>) -> Result<Config, String> {
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    match std::fs::read_to_string(path) {
        Ok(text) => parse(&text, env_token, &dir).map_err(|e| format!("{}: {e}", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && env_token.is_some() => {
            validate(RawConfig::default(), env_token, &dir)
        }
        Err(e) => {
            Err(format!("cannot read {} ({e}); copy config.example.toml there, or set DISCORD_TOKEN", path.display()))
        }
    }
}

/// The config from the text of a file (relative paths taken in `dir`).
pub(crate) fn parse(text: &str, env_token: Option<String>, dir: &Path) -> Result<Config, String> {
    let raw = toml::from_str::<RawConfig>(text)
        .map_err(|e| e.message().lines().next().unwrap_or("invalid TOML").to_string())?;
    validate(raw, env_token, dir)
}

/// Turns the raw file into the config, naming the first problem.
pub(crate) fn validate(raw: RawConfig, env_token: Option<String>, dir: &Path) -> Result<Config, String> {
    let token = env_token.or(raw.token).map(|t| t.trim().to_string()).unwrap_or_default();
    if token.is_empty() {
        return Err("no bot token: set `token` in the config file or the DISCORD_TOKEN environment variable".into());
    }
    let database = raw.database.unwrap_or_else(|| PathBuf::from("thaayam.db"));
    let database = if database.is_relative() { dir.join(database) } else { database };
    let default_variant = match raw.default_variant {
        Some(v) => v.parse().map_err(|e| format!("default_variant: {e}"))?,
        None => Variant::Bell,
    };
    let turn_timeout = match raw.turn_timeout {
        Some(t) => parse_duration(&t).map_err(|e| format!("turn_timeout: {e}"))?,
        None => 24 * 3600,
    };
    let log_level = raw.log_level.unwrap_or_else(|| "info".into());
    if !["error", "warn", "info", "debug", "trace"].contains(&log_level.as_str()) {
        return Err(format!("log_level: `{log_level}` is not one of error, warn, info, debug, trace"));
    }
    if raw.dev_guild == Some(0) {
        return Err("dev_guild: 0 is not a guild id".into());
    }
    Ok(Config { token, database, dev_guild: raw.dev_guild, default_variant, turn_timeout, log_level })
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
mod tests {
    use super::*;

    fn raw(text: &str) -> RawConfig {
        toml::from_str(text).expect("valid toml")
    }

    #[test]
    fn the_example_config_is_valid() {
        let text = include_str!("../../config.example.toml");
        let c = validate(raw(text), Some("x".into()), Path::new("/srv")).expect("example validates");
        assert_eq!(c.turn_timeout, 24 * 3600);
        assert_eq!(c.database, PathBuf::from("/srv/thaayam.db"));
    }

    #[test]
    fn the_environment_token_wins() {
        let c = validate(raw("token = \"file\""), Some("env".into()), Path::new(".")).expect("valid");
        assert_eq!(c.token, "env");
    }

    #[test]
    fn problems_are_named() {
        let no_token = validate(raw(""), None, Path::new(".")).expect_err("no token");
        assert!(no_token.contains("DISCORD_TOKEN"));
        let bad = validate(raw("token=\"t\"\ndefault_variant=\"chess\""), None, Path::new("."));
        assert!(bad.expect_err("bad variant").starts_with("default_variant"));
        let level = validate(raw("token=\"t\"\nlog_level=\"loud\""), None, Path::new("."));
        assert!(level.expect_err("bad level").starts_with("log_level"));
        assert!(toml::from_str::<RawConfig>("tokn = \"t\"").is_err(), "unknown keys are refused");
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("30m"), Ok(1800));
        assert_eq!(parse_duration("2d"), Ok(172_800));
        assert_eq!(parse_duration("24"), Ok(86_400));
        assert!(parse_duration("10s").is_err());
        assert!(parse_duration("1w").is_err());
        assert!(parse_duration("99999999999999999999h").is_err());
    }

    #[test]
    fn a_missing_file_needs_the_environment_token() {
        let path = Path::new("/nonexistent/thaayam/config.toml");
        assert!(load(path, None).is_err());
        let c = load(path, Some("t".into())).expect("defaults");
        assert_eq!(c.database, PathBuf::from("/nonexistent/thaayam/thaayam.db"));
    }
}
