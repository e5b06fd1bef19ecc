//! End-to-end: the bot's life as an operator sees it. A token Discord
//! refuses stops the bot at once with one line; the real binary stops within
//! five seconds of SIGTERM or Ctrl-C while Discord cannot be reached (this
//! machine has no network), writes its logs to stderr without colour codes
//! when they go to a file, and nothing to stdout.

use crate::support::fake_discord::rest::REFUSED_TOKEN;
use crate::support::fake_discord::{FakeDiscord, GUILD_ID};
use crate::support::play::TempDir;
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use thaayam::discord::bot::{self, Endpoint};
use thaayam::discord::config::Config;
use thaayam::engine::Variant;

/// The operator's limit between a stop signal and the end of the process.
const STOP_LIMIT: Duration = Duration::from_secs(5);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_token_stops_the_bot_at_once_with_one_line() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("refused-token");
    let config = Config {
        token: format!("{REFUSED_TOKEN}-token"),
        database: dir.0.join("thaayam.db").into(),
        dev_guild: Some(GUILD_ID),
        default_variant: Variant::Bell,
        turn_timeout: 3600,
        log_level: "warn".into(),
        log_format: Default::default(),
        shards: thaayam::discord::config::Shards::Auto,
        metrics: None,
        web: None,
        notify_after: thaayam::discord::config::NOTIFY_AFTER,
        limits: thaayam::discord::limits::Limits { analyses_after_games: false, ..Default::default() },
    };
    let endpoint = Endpoint::Sandbox { http_base: fake.http_base(), computer_pause: Duration::ZERO, dice_seed: None };
    let started = Instant::now();
    let outcome = tokio::time::timeout(Duration::from_secs(5), async {
        match bot::start(config, endpoint).await {
            Err(e) => Err(e),
            Ok(running) => running.stop().await.map(|()| "started and ran".to_string()),
        }
    })
    .await;
    let error = match outcome {
        Ok(Err(e)) => e,
        Ok(Ok(what)) => panic!("a refused token must not start the bot, but it {what}"),
        Err(_) => panic!("no answer within 5 s: the bot keeps retrying with a refused token"),
    };
    assert!(started.elapsed() < Duration::from_secs(2), "refused at once: {:?}", started.elapsed());
    assert!(error.contains("401") && error.contains("token"), "says what is wrong: {error}");
    assert_eq!(error.lines().count(), 1, "one line: {error}");
}

/// Starts the real binary, sends `signal` after `after`, and returns the
/// time from the signal to the exit, the exit code and both outputs.
fn run_and_signal(dir: &TempDir, signal: &str, after: Duration) -> (Duration, Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_thaayam"))
        .arg("run")
        .current_dir(&dir.0)
        .env("DISCORD_TOKEN", "not.a.real.token")
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    std::thread::sleep(after);
    let sent = Instant::now();
    let killed = Command::new("kill").arg(format!("-{signal}")).arg(child.id().to_string()).status();
    assert!(killed.is_ok_and(|s| s.success()), "kill -{signal} works");
    let mut code = None;
    while sent.elapsed() < Duration::from_secs(15) {
        if let Some(status) = child.try_wait().expect("wait") {
            code = Some(status.code());
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let took = sent.elapsed();
    let Some(code) = code else {
        let _ = child.kill();
        let _ = child.wait();
        panic!("still running {took:?} after SIGTERM/SIGINT");
    };
    let (mut out, mut err) = (String::new(), String::new());
    let _ = child.stdout.take().expect("stdout").read_to_string(&mut out);
    let _ = child.stderr.take().expect("stderr").read_to_string(&mut err);
    (took, code, out, err)
}

#[test]
fn the_binary_stops_within_five_seconds_of_a_signal_while_discord_is_unreachable() {
    for (signal, after) in [
        ("TERM", Duration::from_millis(2500)),
        ("INT", Duration::from_millis(2500)),
        ("TERM", Duration::from_millis(150)),
    ] {
        let dir = TempDir::new(&format!("stop-{signal}-{}", after.as_millis()));
        let (took, code, out, err) = run_and_signal(&dir, signal, after);
        assert!(took < STOP_LIMIT, "SIG{signal} after {after:?}: stopped after {took:?}\n{err}");
        assert!(out.is_empty(), "nothing on stdout: {out}");
        assert!(!err.contains('\u{1b}'), "no colour codes in a log file: {err:?}");
        if after > Duration::from_secs(1) {
            assert_eq!(code, Some(0), "SIG{signal} after start-up is a clean stop:\n{err}");
            assert!(err.contains("shutting down"), "the log says it stops:\n{err}");
        }
    }
}
