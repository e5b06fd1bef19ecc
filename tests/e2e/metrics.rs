//! End-to-end: the operators' listener (`metrics` in the config). A game
//! played through the fake Discord with it on: the scraped `/metrics`
//! counts exactly the interactions, answers, board pictures and finished
//! games the fake saw. `/readyz` says "not ready" while the fake's gateway
//! is down and "ready" once the shard is connected; `/healthz` answers all
//! along. The page passes `promtool check metrics` (skipped with a message
//! where promtool is not installed; `.ci/run` installs it). An address that
//! cannot be bound, or is no address, stops `thaayam run` with one line
//! and exit code 2 before anything else.

use crate::child_bot::ChildBot;
use crate::support::fake_discord::{FakeDiscord, FakeUser, Opt};
use crate::support::play::{self, TempDir, WAIT};
use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use thaayam::discord::bot::RunningBot;
use thaayam::discord::config::Shards;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const CHANNEL: u64 = 1_300_000_000_000_000_961;

/// A GET of `path` from the listener: the status code and the body.
async fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    let exchange = async {
        let mut s = tokio::net::TcpStream::connect(addr).await.expect("connect to the listener");
        s.write_all(format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes()).await.expect("send");
        let mut answer = Vec::new();
        s.read_to_end(&mut answer).await.expect("read the answer");
        answer
    };
    let answer = tokio::time::timeout(WAIT, exchange).await.unwrap_or_else(|_| panic!("no answer to GET {path}"));
    let text = String::from_utf8(answer).expect("a text answer");
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or_else(|| panic!("no head in: {text:?}"));
    let status = head.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or_else(|| panic!("status in {head:?}"));
    (status, body.to_string())
}

/// The sum of the samples of `metric` whose labels include every one of
/// `labels` (`k="v"`) on a metrics page.
fn sum(page: &str, metric: &str, labels: &[&str]) -> f64 {
    page.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.rsplit_once(' '))
        .filter(|(series, _)| {
            let (name, rest) = series.split_once('{').unwrap_or((series, ""));
            name == metric && labels.iter().all(|want| rest.contains(want))
        })
        .map(|(_, value)| value.parse::<f64>().unwrap_or_else(|_| panic!("a number: {value}")))
        .sum()
}

/// A test bot with the listener on a free port.
async fn start_with_metrics(fake: &FakeDiscord, dir: &TempDir) -> (RunningBot, SocketAddr) {
    let mut config = play::config(&dir.0.join("thaayam.db"), Shards::Auto);
    config.metrics = Some(SocketAddr::from(([127, 0, 0, 1], 0)));
    let bot = play::start_bot_with(fake, config).await;
    let addr = bot.metrics_address().expect("the listener's address");
    (bot, addr)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_metrics_count_what_the_fake_saw_over_a_game() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("metrics-game");
    let (bot, addr) = start_with_metrics(&fake, &dir).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    let lobby = play::open_lobby(&fake, &alice, CHANNEL, vec![Opt::int("players", 2)]).await;
    play::click_label(&fake, &bob, &lobby, "Join").await;
    let lobby = fake.message(lobby.id).expect("lobby");
    // A refusal: only the host starts the game.
    let (kind, _) = play::click_label(&fake, &bob, &lobby, "Start").await;
    assert_eq!(kind, 4, "bob may not start alice's game");
    play::click_label(&fake, &alice, &lobby, "Start").await;
    let (last, _) = play::play_to_end(&fake, CHANNEL, &[alice.clone(), bob], 4000).await;
    assert!(play::is_over(&last), "the game ended: {}", last.text());
    // A command that defers its answer.
    let help = fake.send_slash(&alice, CHANNEL, "thaayam", "help", vec![]).await;
    fake.wait_response(help, WAIT).await;
    let followed = fake.wait_until(WAIT, |i| (!i.interactions.get(&help)?.followups.is_empty()).then_some(())).await;
    assert!(followed.is_some(), "/thaayam help answered after deferring");
    // The last answers' requests are counted once they are sent.
    tokio::time::sleep(Duration::from_millis(200)).await;

    let (status, page) = get(addr, "/metrics").await;
    assert_eq!(status, 200, "{page}");
    let seen = fake.interactions();
    let clicks = seen.iter().filter(|i| i.custom_id.is_some()).count() as f64;
    let commands = seen.iter().filter(|i| i.custom_id.is_none()).count() as f64;
    let answered = seen.iter().filter(|i| i.response.is_some()).count() as f64;
    assert!(clicks > 10.0 && commands == 2.0, "{clicks} clicks, {commands} commands");
    let interactions = "thaayam_interactions_total";
    assert_eq!(sum(&page, interactions, &["kind=\"component\""]), clicks, "{page}");
    assert_eq!(sum(&page, interactions, &["kind=\"command\""]), commands, "{page}");
    let (ok, refused) = (["outcome=\"answered\""], ["outcome=\"refused\""]);
    assert_eq!(sum(&page, interactions, &ok) + sum(&page, interactions, &refused), answered, "{page}");
    assert_eq!(sum(&page, interactions, &refused), 1.0, "the one refusal: {page}");
    assert_eq!(sum(&page, interactions, &["outcome=\"failed\""]), 0.0, "{page}");
    assert_eq!(sum(&page, interactions, &["outcome=\"late\""]), 0.0, "{page}");
    assert_eq!(sum(&page, "thaayam_interaction_answer_seconds_count", &[]), answered, "{page}");
    let callbacks = ["route=\"interaction_callback\"", "status=\"ok\""];
    assert_eq!(sum(&page, "thaayam_discord_requests_total", &callbacks), answered, "{page}");
    // Boards, and the example board of /thaayam help.
    let (boards, example) = (fake.uploads("board.png"), fake.uploads("turn.png"));
    assert!(boards > 5 && example == 1, "{boards} boards and {example} example uploaded");
    assert_eq!(sum(&page, "thaayam_pictures_drawn_total", &[]), (boards + example) as f64, "{page}");
    assert_eq!(sum(&page, "thaayam_games_finished_total", &["variant=\"bell\""]), 1.0, "{page}");
    assert_eq!(sum(&page, "thaayam_games_finished_total", &[]), 1.0, "{page}");
    assert_eq!(sum(&page, "thaayam_open_games", &[]), 0.0, "the game is closed: {page}");
    assert!(sum(&page, "thaayam_saves_total", &["outcome=\"ok\""]) >= clicks - 1.0, "{page}");
    assert_eq!(sum(&page, "thaayam_saves_total", &["outcome=\"failed\""]), 0.0, "{page}");
    assert_eq!(sum(&page, "thaayam_gateway_shards_connected", &[]), 1.0, "{page}");
    let version = format!("version=\"{}\"", env!("CARGO_PKG_VERSION"));
    assert_eq!(sum(&page, "thaayam_build_info", &[&version]), 1.0, "{page}");
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}

/// `/readyz` until it answers `status`, or the last answer after `WAIT`s.
async fn readyz_until(addr: SocketAddr, status: u16) -> (u16, String) {
    let started = Instant::now();
    loop {
        let (got, body) = get(addr, "/readyz").await;
        if got == status || started.elapsed() > 3 * WAIT {
            return (got, body);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readyz_follows_the_gateway_and_healthz_answers_all_along() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    fake.set_gateway_down(true);
    let dir = TempDir::new("metrics-ready");
    let mut config = play::config(&dir.0.join("thaayam.db"), Shards::Auto);
    config.metrics = Some(SocketAddr::from(([127, 0, 0, 1], 0)));
    let bot = thaayam::discord::bot::start(config, play::sandbox(&fake)).await.expect("the bot starts");
    let addr = bot.metrics_address().expect("the listener's address");

    let (status, body) = get(addr, "/readyz").await;
    assert_eq!((status, body.as_str()), (503, "not ready\n"), "Discord is down, no more said: {body}");
    assert_eq!(get(addr, "/healthz").await, (200, "ok\n".to_string()), "alive all the same");
    assert_eq!(get(addr, "/nothing").await.0, 404);

    fake.set_gateway_down(false);
    let (status, body) = readyz_until(addr, 200).await;
    assert_eq!((status, body.as_str()), (200, "ready\n"), "the shard connected");

    fake.set_gateway_down(true);
    let (status, body) = readyz_until(addr, 503).await;
    assert_eq!(status, 503, "the shard is gone: {body}");
    assert_eq!(body, "not ready\n", "why is in the log, not on the page");
    assert_eq!(get(addr, "/healthz").await.0, 200);

    fake.set_gateway_down(false);
    assert_eq!(readyz_until(addr, 200).await.0, 200, "connected again");
    bot.stop().await.expect("clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sandbox_bot_serves_the_listener_it_is_given() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("metrics-child");
    let bot = ChildBot::start_with(&fake, &dir.0, &["--metrics", "127.0.0.1:0"], None).await;
    let log = std::fs::read_to_string(dir.0.join("bot.log")).unwrap_or_default();
    let addr: SocketAddr = log
        .lines()
        .find_map(|l| l.split("metrics and health checks on http://").nth(1)?.strip_suffix("/metrics")?.parse().ok())
        .unwrap_or_else(|| panic!("the log names the listener's address:\n{log}"));
    assert_eq!(readyz_until(addr, 200).await, (200, "ready\n".to_string()));
    // How long each page takes (printed, not asserted: the machine is shared).
    for path in ["/healthz", "/readyz", "/metrics"] {
        let mut took = Vec::new();
        for _ in 0..20 {
            let started = Instant::now();
            assert_eq!(get(addr, path).await.0, 200, "{path}");
            took.push(started.elapsed());
        }
        took.sort();
        eprintln!("{path}: median {:?}, max {:?} over 20 requests", took[10], took[19]);
    }
    bot.kill(&fake).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_metrics_page_passes_promtool() {
    let Ok(found) = Command::new("promtool").arg("--version").output() else {
        eprintln!("SKIPPED: promtool is not installed (Debian: apt-get install prometheus); the page was not checked");
        return;
    };
    assert!(found.status.success(), "promtool --version failed");
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("metrics-promtool");
    let (bot, addr) = start_with_metrics(&fake, &dir).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    play::start_two(&fake, &alice, &bob, CHANNEL).await;
    play::live_board(&fake, CHANNEL).await;
    let (_, page) = get(addr, "/metrics").await;
    bot.stop().await.expect("clean stop");
    assert!(page.contains("thaayam_open_games{variant=\"bell\"} 1"), "{page}");

    let mut check = Command::new("promtool")
        .args(["check", "metrics"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run promtool");
    std::io::Write::write_all(&mut check.stdin.take().expect("stdin"), page.as_bytes()).expect("feed promtool");
    let out = check.wait_with_output().expect("promtool ends");
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success() && said.trim().is_empty(), "promtool check metrics: {said}\n{page}");
}

/// `thaayam run` with `metrics = "<metrics>"` in its config: exit code and stderr.
fn run_with_metrics(dir: &TempDir, metrics: &str) -> (Option<i32>, String) {
    let config = dir.0.join("config.toml");
    std::fs::write(&config, format!("metrics = {metrics:?}\n")).expect("write config");
    let out = Command::new(env!("CARGO_BIN_EXE_thaayam"))
        .arg("run")
        .arg("--config")
        .arg(&config)
        .env("DISCORD_TOKEN", "not.a.real.token")
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_metrics_address_that_cannot_be_bound_is_one_line_and_exit_code_2() {
    let dir = TempDir::new("metrics-bad-address");
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let addr = taken.local_addr().expect("its address").to_string();
    let (code, err) = run_with_metrics(&dir, &addr);
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.contains(&addr) && err.contains("metrics"), "names the address: {err}");
    assert!(!dir.0.join("thaayam.db").exists(), "stopped before opening the database");

    let (code, err) = run_with_metrics(&dir, "localhost:nine");
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.contains("metrics: `localhost:nine` is not an address"), "{err}");
}
