//! The configuration's tests: defaults, the file, the environment, and
//! every problem named in one line.

use super::*;
use crate::discord::game::ids::GuildId;
use std::path::PathBuf;

fn raw(text: &str) -> RawConfig {
    toml::from_str(text).expect("valid toml")
}

#[test]
fn the_example_config_is_valid() {
    let text = include_str!("../../config.example.toml");
    let c = validate(raw(text), Some("x".into()), Path::new("/srv")).expect("example validates");
    assert_eq!(c.turn_timeout, 24 * 3600);
    assert_eq!(c.database, Database::Sqlite(PathBuf::from("/srv/thaayam.db")));
}

#[test]
fn missing_limits_take_the_defaults_and_bad_ones_are_named() {
    let c = validate(raw(""), Some("x".into()), Path::new(".")).expect("valid");
    assert_eq!(c.limits, Limits::default());
    let text =
        "lobby_expiry = \"2h\"\nidle_turns = 2\nhost_gone = \"30m\"\nopen_games_per_user = 1\nnew_games_per_hour = 4";
    let l = validate(raw(text), Some("x".into()), Path::new(".")).expect("valid").limits;
    assert_eq!((l.lobby_expiry, l.idle_turns, l.host_gone), (7200, 2, 1800));
    assert_eq!((l.open_games_per_user, l.new_games_per_hour), (1, 4));
    assert_eq!(l.season_pair_games, 5, "the default");
    let cap = |text: &str| validate(raw(text), Some("x".into()), Path::new(".")).map(|c| c.limits.season_pair_games);
    assert_eq!(cap("season_pair_games = 2"), Ok(2));
    assert_eq!(cap("season_pair_games = 0"), Err("season_pair_games: must be at least 1".into()));
    let bad = |text: &str| validate(raw(text), Some("x".into()), Path::new(".")).expect_err("refused");
    assert!(bad("lobby_expiry = \"soon\"").starts_with("lobby_expiry: "));
    assert_eq!(bad("open_games_per_user = 0"), "open_games_per_user: must be at least 1");
    assert_eq!(bad("idle_turns = 0"), "idle_turns: must be at least 1");
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
fn log_format() {
    let c = validate(raw("token=\"t\""), None, Path::new(".")).expect("defaults");
    assert_eq!(c.log_format, LogFormat::Text, "text logs by default");
    let c = validate(raw("token=\"t\"\nlog_format=\"json\""), None, Path::new(".")).expect("valid");
    assert_eq!(c.log_format, LogFormat::Json);
    let e = validate(raw("token=\"t\"\nlog_format=\"xml\""), None, Path::new(".")).expect_err("bad format");
    assert!(e.starts_with("log_format:"), "{e}");
}

#[test]
fn shard_ranges() {
    assert_eq!("auto".parse(), Ok(Shards::Auto));
    assert_eq!("0-3/16".parse(), Ok(Shards::Range { first: 0, last: 3, total: 16 }));
    assert_eq!(" 5/16 ".parse(), Ok(Shards::Range { first: 5, last: 5, total: 16 }));
    for bad in ["", "3", "0-3", "a-3/16", "0-3/x", "0-3/0", "4-3/16", "0-16/16", "-1/4", "0-3/16/2"] {
        assert!(bad.parse::<Shards>().is_err(), "{bad:?} is refused");
    }
    let e = validate(raw("token=\"t\"\nshards=\"0-16/16\""), None, Path::new(".")).expect_err("out of range");
    assert!(e.starts_with("shards:") && e.contains("the last of 16 is 15"), "{e}");
    let c = validate(raw("token=\"t\"\nshards=\"1/2\""), None, Path::new(".")).expect("valid");
    assert_eq!(c.shards, Shards::Range { first: 1, last: 1, total: 2 });
    assert_eq!(validate(raw("token=\"t\""), None, Path::new(".")).map(|c| c.shards), Ok(Shards::Auto));
}

#[test]
fn a_server_lives_in_the_process_running_its_shard() {
    // Its creation time (the id's upper bits) picks the shard.
    let guild = 81_384_788_765_712_384;
    assert_eq!(shard_of(guild, 1), 0);
    assert_eq!(shard_of(guild, 2), 0);
    assert_eq!(shard_of(guild, 5), 3);
    assert_eq!(shard_of(guild, 0), 0, "no count: one shard");
    let two = |first, last| Shards::Range { first, last, total: 2 };
    let (even, odd) = (Venue::Server(GuildId(4 << 22)), Venue::Server(GuildId(5 << 22)));
    assert!(two(0, 0).runs(even) && !two(0, 0).runs(odd));
    assert!(two(1, 1).runs(odd) && !two(1, 1).runs(even));
    assert!(two(0, 1).runs(even) && two(0, 1).runs(odd) && Shards::Auto.runs(odd));
    assert!(two(0, 0).runs(Venue::Outside), "no server: shard 0");
}

#[test]
fn notify_after_is_a_duration_of_fifteen_minutes_unless_set() {
    let c = validate(raw("token=\"t\""), None, Path::new(".")).expect("valid");
    assert_eq!(c.notify_after, 15 * 60);
    let c = validate(raw("token=\"t\"\nnotify_after=\"2h\""), None, Path::new(".")).expect("valid");
    assert_eq!(c.notify_after, 2 * 3600);
    let e = validate(raw("token=\"t\"\nnotify_after=\"soon\""), None, Path::new("."));
    assert!(e.is_err_and(|e| e.starts_with("notify_after: ")));
}

#[test]
fn metrics_listener() {
    let c = validate(raw("token=\"t\""), None, Path::new(".")).expect("defaults");
    assert_eq!(c.metrics, None, "off by default");
    let c = validate(raw("token=\"t\"\nmetrics=\"127.0.0.1:9187\""), None, Path::new(".")).expect("valid");
    assert_eq!(c.metrics, Some(SocketAddr::from(([127, 0, 0, 1], 9187))));
    assert_eq!(parse_listen_address("[::1]:80"), Ok(SocketAddr::from((std::net::Ipv6Addr::LOCALHOST, 80))));
    for bad in ["", "9187", "localhost:9187", "127.0.0.1", "127.0.0.1:99999", "http://127.0.0.1:9187"] {
        let e = validate(raw(&format!("token=\"t\"\nmetrics={bad:?}")), None, Path::new("."));
        assert!(e.as_ref().is_err_and(|e| e.starts_with("metrics: ")), "{bad:?}: {e:?}");
    }
}

#[test]
fn game_pages() {
    let c = validate(raw("token=\"t\""), None, Path::new(".")).expect("defaults");
    assert_eq!(c.web, None, "off by default");
    let text = "token=\"t\"\nweb=\"127.0.0.1:8080\"\npublic_url=\"https://thaayam.example.org/\"";
    let c = validate(raw(text), None, Path::new(".")).expect("valid");
    let want = Web::new(SocketAddr::from(([127, 0, 0, 1], 8080)), Some("https://thaayam.example.org".into()));
    assert_eq!(c.web, Some(want));
    assert_eq!(c.web.as_ref().map(|w| w.trusted_proxies.clone()), Some(Proxies::default()), "this machine's");
    let c = validate(raw("token=\"t\"\nweb=\"127.0.0.1:0\""), None, Path::new(".")).expect("no links");
    assert_eq!(c.web.map(|w| w.public_url), Some(None));
    let e = validate(raw("token=\"t\"\nweb=\"localhost:80\""), None, Path::new("."));
    assert!(e.as_ref().is_err_and(|e| e.starts_with("web: ")), "{e:?}");
    let e = validate(raw("token=\"t\"\npublic_url=\"https://a.org\""), None, Path::new("."));
    assert!(e.as_ref().is_err_and(|e| e.starts_with("public_url: ")), "{e:?}");
    for bad in ["a.org", "ftp://a.org", "https://", "https://a.org/?x=1", "https://a b"] {
        let text = format!("token=\"t\"\nweb=\"127.0.0.1:1\"\npublic_url={bad:?}");
        let e = validate(raw(&text), None, Path::new("."));
        assert!(e.as_ref().is_err_and(|e| e.starts_with("public_url: ")), "{bad:?}: {e:?}");
    }
}

#[test]
fn every_secret_is_cut_out_of_the_log() {
    let pages = "token=\"the-bot-token-value\"\nweb=\"127.0.0.1:8080\"\npublic_url=\"https://a.org\"\n";
    let text = format!(
        "{pages}activity = true\nclient_secret = \"the-client-secret\"\ndatabase = \"postgres://u:the-db-password@h/db\""
    );
    let c = validate(raw(&text), None, Path::new(".")).expect("valid");
    let secrets = c.secrets();
    for s in ["the-bot-token-value", "the-client-secret", "the-db-password"] {
        assert!(secrets.iter().any(|x| x == s), "{s} in {}", secrets.len());
    }
    let redact = crate::discord::logging::Redacting::new(&secrets.iter().map(String::as_str).collect::<Vec<_>>());
    let line = redact.clean("exchange with client_secret=the-client-secret failed");
    assert_eq!(line, "exchange with client_secret=[redacted] failed");
}

#[test]
fn trusted_proxies_are_addresses_or_ranges_with_a_clear_error() {
    let pages = "token=\"t\"\nweb=\"127.0.0.1:8080\"\n";
    let c = validate(
        raw(&format!("{pages}trusted_proxies = [\"10.0.0.0/8\", \"fd00::/8\", \"192.0.2.7\"]")),
        None,
        Path::new("."),
    );
    let proxies = c.expect("valid").web.expect("pages").trusted_proxies;
    assert!(proxies.trusts("10.1.2.3".parse().expect("ip")) && proxies.trusts("fd00::9".parse().expect("ip")));
    assert!(!proxies.trusts("127.0.0.1".parse().expect("ip")), "a list given replaces this machine's");
    let none = validate(raw(&format!("{pages}trusted_proxies = []")), None, Path::new(".")).expect("valid");
    assert!(!none.web.expect("pages").trusted_proxies.trusts("127.0.0.1".parse().expect("ip")), "none trusted");
    let e = validate(raw(&format!("{pages}trusted_proxies = [\"10.0.0.1/8\"]")), None, Path::new("."));
    assert!(e.as_ref().is_err_and(|e| e.starts_with("trusted_proxies: ") && e.contains("10.0.0.0/8")), "{e:?}");
    let e = validate(raw(&format!("{pages}trusted_proxies = [\"docker\"]")), None, Path::new("."));
    assert!(e.as_ref().is_err_and(|e| e.starts_with("trusted_proxies: ")), "{e:?}");
    let e = validate(raw("token=\"t\"\ntrusted_proxies = [\"10.0.0.0/8\"]"), None, Path::new("."));
    assert!(e.as_ref().is_err_and(|e| e.starts_with("trusted_proxies: the pages are off")), "{e:?}");
}

#[test]
fn an_activity_needs_the_pages_a_public_url_and_a_secret_that_is_never_shown() {
    let pages = "token=\"t\"\nweb=\"127.0.0.1:8080\"\npublic_url=\"https://thaayam.example.org\"\n";
    let c = validate(raw(&format!("{pages}activity = true\nclient_secret = \"s3cr3t-value\"")), None, Path::new("."));
    let activity = c.expect("valid").web.and_then(|w| w.activity).expect("an Activity");
    assert_eq!(activity.client_secret.expose(), "s3cr3t-value");
    assert!(!format!("{activity:?}").contains("s3cr3t"), "Debug hides the secret: {activity:?}");
    let text = format!("{pages}activity = true\nclient_secret = \"from-file\"");
    let c = parse_with(&text, None, Some("from-env".into()), Path::new(".")).expect("valid");
    let secret = c.web.and_then(|w| w.activity).map(|a| a.client_secret);
    assert_eq!(secret, Some(Secret("from-env".into())), "the environment's secret wins");
    let off = validate(raw(&format!("{pages}client_secret = \"x\"")), None, Path::new(".")).expect("valid");
    assert_eq!(off.web.and_then(|w| w.activity), None, "off unless asked for");
    let bad = |text: &str| validate(raw(text), None, Path::new(".")).expect_err("refused");
    let e = bad(&format!("{pages}activity = true"));
    assert!(e.starts_with("activity: ") && e.contains(CLIENT_SECRET_ENV), "{e}");
    let e = bad("token=\"t\"\nweb=\"127.0.0.1:8080\"\nactivity = true\nclient_secret = \"x\"");
    assert!(e.starts_with("activity: ") && e.contains("public_url"), "{e}");
    let e = bad("token=\"t\"\nactivity = true\nclient_secret = \"x\"");
    assert!(e.starts_with("activity: "), "{e}");
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
fn a_postgres_url_chooses_postgresql_and_its_password_is_never_shown() {
    let text = "token=\"MTIz.the-bot-token\"\ndatabase=\"postgres://bot:hunter2-secret@db.internal:5432/thaayam\"";
    let c = validate(raw(text), None, Path::new("/srv")).expect("valid");
    assert!(matches!(c.database, Database::Postgres(_)));
    assert_eq!(c.database.to_string(), "postgres://bot@db.internal:5432/thaayam");
    let shown = format!("{c:?}");
    assert!(!shown.contains("hunter2-secret"), "Debug of the config shows no password: {shown}");
    assert!(!shown.contains("the-bot-token") && shown.contains("[redacted]"), "nor the token: {shown}");
    assert!(shown.contains("db.internal:5432") && shown.contains("turn_timeout"), "the rest is shown: {shown}");
    let bad = "token=\"t\"\ndatabase=\"postgres://bot:hunter2-secret@db.internal:port/thaayam\"";
    let e = validate(raw(bad), None, Path::new("/srv")).expect_err("a bad URL");
    assert!(e.starts_with("database: ") && !e.contains("hunter2-secret"), "{e}");
}

#[test]
fn the_database_pool_and_isolation_reach_the_database() {
    let url = "token=\"t\"\ndatabase=\"postgres://bot@db.internal:5432/thaayam\"\n";
    let Database::Postgres(default) = validate(raw(url), None, Path::new("/srv")).expect("valid").database else {
        panic!("a PostgreSQL database")
    };
    assert_eq!((default.pool(), default.isolation()), (DEFAULT_POOL, Isolation::ReadCommitted));
    let text = format!("{url}database_pool = 3\ndatabase_serializable = true\n");
    let Database::Postgres(set) = validate(raw(&text), None, Path::new("/srv")).expect("valid").database else {
        panic!("a PostgreSQL database")
    };
    assert_eq!((set.pool(), set.isolation()), (3, Isolation::Serializable));
    let e = validate(raw(&format!("{url}database_pool = 0\n")), None, Path::new("/srv")).expect_err("no pool");
    assert!(e.starts_with("database_pool: "), "{e}");
}

#[test]
fn a_missing_file_needs_the_environment_token() {
    let path = Path::new("/nonexistent/thaayam/config.toml");
    assert!(load(path, None).is_err());
    let c = load(path, Some("t".into())).expect("defaults");
    assert_eq!(c.database, Database::Sqlite(PathBuf::from("/nonexistent/thaayam/thaayam.db")));
}
