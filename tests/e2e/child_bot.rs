//! The real bot as a child process (`thaayam-lab sandbox-bot`) connected to the
//! fake Discord of the test process: a test can kill it with SIGKILL at any
//! moment, as a crash would, and start it again on the same database. Its
//! log goes to `bot.log` beside the database (its tail is shown when a
//! start fails).

use crate::support::fake_discord::{FakeDiscord, GUILD_ID};
use crate::support::play::WAIT;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running bot process.
pub struct ChildBot {
    child: Child,
    log: PathBuf,
}

impl ChildBot {
    /// Starts the bot on `dir/thaayam.db` and waits until it is connected
    /// to the fake's gateway (no other bot may be connected).
    pub async fn start(fake: &FakeDiscord, dir: &Path) -> ChildBot {
        ChildBot::start_with(fake, dir, &[], None).await
    }

    /// [`ChildBot::start`] with more arguments of `sandbox-bot` and another
    /// `RUST_LOG`.
    pub async fn start_with(fake: &FakeDiscord, dir: &Path, args: &[&str], rust_log: Option<&str>) -> ChildBot {
        let exe = env!("CARGO_BIN_EXE_thaayam-lab");
        let log = dir.join("bot.log");
        let file = std::fs::OpenOptions::new().create(true).append(true).open(&log).expect("bot log file");
        let err = file.try_clone().expect("bot log file");
        let child = Command::new(exe)
            .arg("sandbox-bot")
            .args(["--http-base", &fake.http_base(), "--guild", &GUILD_ID.to_string(), "--computer-pause-ms", "5"])
            .args(["--dice-seed", &crate::support::play::dice_seed().to_string()])
            .arg("--database")
            .arg(dir.join("thaayam.db"))
            .args(args)
            .env("NO_PROXY", "127.0.0.1,localhost")
            .env(
                "RUST_LOG",
                rust_log.map_or_else(
                    || std::env::var("RUST_LOG").unwrap_or_else(|_| "warn,thaayam=info".into()),
                    String::from,
                ),
            )
            .stdin(Stdio::null())
            .stdout(file)
            .stderr(err)
            .spawn()
            .expect("start the bot process");
        let mut bot = ChildBot { child, log };
        let started = Instant::now();
        while fake.wait_until(Duration::from_millis(100), |i| (!i.sessions.is_empty()).then_some(())).await.is_none() {
            if let Ok(Some(status)) = bot.child.try_wait() {
                panic!("the bot process ended ({status}) before connecting:\n{}", bot.log_tail(30));
            }
            if started.elapsed() > WAIT {
                panic!("the bot process did not connect within {WAIT:?}:\n{}", bot.log_tail(30));
            }
        }
        fake.wait_ready(WAIT).await;
        bot
    }

    /// SIGKILL, then waits until the fake has seen the gateway connection drop.
    pub async fn kill(mut self, fake: &FakeDiscord) {
        self.kill_now();
        assert!(fake.wait_disconnected(WAIT).await, "the killed bot's gateway session did not end");
    }

    fn kill_now(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// The last `n` lines of the bot's log.
    pub fn log_tail(&self, n: usize) -> String {
        let text = std::fs::read_to_string(&self.log).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(n)..].join("\n")
    }
}

impl Drop for ChildBot {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            self.kill_now();
        }
    }
}
