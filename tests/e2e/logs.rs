//! End-to-end: the bot's log at debug level, libraries included, in both
//! formats, over a game's start and a few clicks: the bot token, the
//! interactions' tokens and the running games' dice seeds (in hex or as
//! a list of bytes) appear in no line; in `json` every line is one
//! JSON object with `time`, `level`, `target` and `message`, and the lines
//! logged during a click name its `game` and `guild`.

use crate::child_bot::ChildBot;
use crate::support::fake_discord::{FakeDiscord, FakeUser, GUILD_ID};
use crate::support::play::{self, Progress, TempDir};
use serde_json::Value;

const CHANNEL: u64 = 1_300_000_000_000_000_951;
/// The sandbox bot's fixed token (src/cli/sandbox_bot.rs).
const BOT_TOKEN: &str = "sandbox-token";

/// Plays a game's start and a few clicks with a bot logging at debug level
/// in `format`; returns the log and the secrets it must not show: the
/// interaction tokens the fake issued and the seeds of the games still
/// running (hex, and the start of a byte list as `Debug` prints one).
async fn debug_log(format: &str) -> (String, Vec<String>) {
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new(&format!("logs-{format}"));
    let bot = ChildBot::start_with(&fake, &dir.0, &["--log-format", format], Some("debug")).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    play::start_two(&fake, &alice, &bob, CHANNEL).await;
    let mut clicks = 0;
    while clicks < 4 {
        match play::advance(&fake, CHANNEL, &[alice.clone(), bob.clone()]).await {
            Progress::Over => break,
            Progress::Clicked => clicks += 1,
            Progress::Waited => {}
        }
    }
    let mut tokens: Vec<String> = fake.interactions().into_iter().map(|i| i.token).collect();
    bot.kill(&fake).await;
    let seeds = running_seeds(&dir.0.join("thaayam.db"));
    assert!(!seeds.is_empty(), "{format}: a game was still running");
    for seed in seeds {
        tokens.push(hex::encode(&seed));
        tokens.push(hex::encode_upper(&seed));
        let bytes: Vec<String> = seed[..8].iter().map(|b| b.to_string()).collect();
        tokens.push(bytes.join(", "));
    }
    (std::fs::read_to_string(dir.0.join("bot.log")).unwrap_or_default(), tokens)
}

/// The seeds of the games of `db` that are not over (still secret).
fn running_seeds(db: &std::path::Path) -> Vec<Vec<u8>> {
    let conn = rusqlite::Connection::open(db).expect("open the database");
    let mut st = conn.prepare("SELECT seed FROM games WHERE state IN ('lobby', 'playing')").expect("prepare");
    st.query_map([], |r| r.get(0)).expect("query").collect::<Result<_, _>>().expect("rows")
}

fn assert_no_secret(log: &str, tokens: &[String], format: &str) {
    assert!(log.lines().count() > 20, "{format}: debug logging wrote lines:\n{log}");
    for (n, line) in log.lines().enumerate() {
        assert!(!line.contains(BOT_TOKEN), "{format}: line {} shows the bot token: {line}", n + 1);
        for token in tokens {
            assert!(
                !line.contains(token.as_str()),
                "{format}: line {} shows an interaction token or a seed: {line}",
                n + 1
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_token_in_any_log_line_in_either_format() {
    let _serial = crate::support::serial().await;
    let (log, tokens) = debug_log("text").await;
    assert!(!tokens.is_empty(), "the fake issued interaction tokens");
    assert_no_secret(&log, &tokens, "text");

    let (log, tokens) = debug_log("json").await;
    assert_no_secret(&log, &tokens, "json");
    let mut with_game = 0;
    for line in log.lines() {
        let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("not one JSON object ({e}): {line}"));
        for key in ["time", "level", "target", "message"] {
            assert!(v[key].is_string(), "`{key}` in {line}");
        }
        if v["game"].is_i64() && v["guild"].as_u64() == Some(GUILD_ID) {
            with_game += 1;
        }
    }
    assert!(with_game > 0, "lines logged in a click name its game and guild:\n{log}");
}
