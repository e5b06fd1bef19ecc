//! The real bot as a child process (`thaayam-lab sandbox-bot`) connected to the
//! fake Discord of the test process: a test can kill it with SIGKILL at any
//! moment, as a crash would, or stop it with SIGTERM, and start it again
//! on the same database (an SQLite file, or PostgreSQL for several
//! processes running their own shard ranges). Its log goes to `bot.log`
//! beside the database, or where the test says (its tail is shown when a
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
        let database = dir.join("thaayam.db");
        let mut bot = ChildBot::spawn(fake, &database.to_string_lossy(), args, rust_log, dir.join("bot.log"));
        bot.wait_connected(fake, 1).await;
        bot
    }

    /// Starts the bot on `database` (an SQLite file or a `postgres://`
    /// URL) running the gateway shards `shards` (`FIRST-LAST/TOTAL`), with
    /// its log in `log`, and waits until `sessions` gateway sessions are
    /// connected in all (other processes' included).
    pub async fn start_on(fake: &FakeDiscord, database: &str, shards: &str, log: PathBuf, sessions: usize) -> ChildBot {
        let mut bot = ChildBot::spawn(fake, database, &["--shards", shards], None, log);
        bot.wait_connected(fake, sessions).await;
        bot
    }

    fn spawn(fake: &FakeDiscord, database: &str, args: &[&str], rust_log: Option<&str>, log: PathBuf) -> ChildBot {
        let exe = env!("CARGO_BIN_EXE_thaayam-lab");
        let file = std::fs::OpenOptions::new().create(true).append(true).open(&log).expect("bot log file");
        let err = file.try_clone().expect("bot log file");
        let child = Command::new(exe)
            .arg("sandbox-bot")
            .args(["--http-base", &fake.http_base(), "--guild", &GUILD_ID.to_string(), "--computer-pause-ms", "5"])
            .args(["--dice-seed", &crate::support::play::dice_seed().to_string()])
            .args(["--database", database])
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
        ChildBot { child, log }
    }

    /// Waits until `sessions` gateway sessions are connected and the
    /// commands are registered.
    async fn wait_connected(&mut self, fake: &FakeDiscord, sessions: usize) {
        let started = Instant::now();
        // serenity starts a process's shards 5 s apart.
        let patience = WAIT + Duration::from_secs(6 * sessions as u64);
        while fake
            .wait_until(Duration::from_millis(100), |i| (i.sessions.len() >= sessions).then_some(()))
            .await
            .is_none()
        {
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!("the bot process ended ({status}) before connecting:\n{}", self.log_tail(30));
            }
            if started.elapsed() > patience {
                panic!("the bot process did not connect within {patience:?}:\n{}", self.log_tail(30));
            }
        }
        fake.wait_ready(WAIT).await;
    }

    /// SIGKILL, then waits until the fake has seen the gateway connection drop.
    pub async fn kill(mut self, fake: &FakeDiscord) {
        self.kill_now();
        assert!(fake.wait_disconnected(WAIT).await, "the killed bot's gateway session did not end");
    }

    /// SIGKILL (a machine lost), then waits until only `left` gateway
    /// sessions (other processes') are connected.
    pub async fn kill_leaving(mut self, fake: &FakeDiscord, left: usize) {
        self.kill_now();
        let gone = fake.wait_until(WAIT, |i| (i.sessions.len() <= left).then_some(())).await;
        assert!(gone.is_some(), "the killed bot's gateway sessions did not end");
    }

    /// SIGTERM (a clean stop: in-flight clicks finish), then waits until
    /// the process has exited and only `left` gateway sessions are connected.
    pub async fn stop_leaving(mut self, fake: &FakeDiscord, left: usize) {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill").args(["-TERM", &pid]).status().expect("run kill");
        assert!(sent.success(), "kill -TERM {pid}");
        let started = Instant::now();
        while !matches!(self.child.try_wait(), Ok(Some(_))) {
            assert!(started.elapsed() < WAIT, "the bot did not stop on SIGTERM:\n{}", self.log_tail(20));
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let gone = fake.wait_until(WAIT, |i| (i.sessions.len() <= left).then_some(())).await;
        assert!(gone.is_some(), "the stopped bot's gateway sessions did not end");
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
