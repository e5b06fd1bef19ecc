//! The bot under load: in the load test's own process (the default), or as
//! a process of its own (`--bot-process 1`: this program started again as
//! `loadtest --as-bot BASE DATABASE`), so that its memory and CPU are
//! measured apart from the fake Discord's and the game scripts', as an
//! operator would see them. `LOADTEST_BOT_UNDER="heaptrack -o FILE"` runs
//! that process under a tool (its figures are then the tool's process's).

use crate::support::fake_discord::{FakeDiscord, GUILD_ID};
use crate::support::play;
use std::process::{Child, Command};
use std::time::{Duration, Instant};
use thaayam::discord::bot::RunningBot;
use thaayam::discord::config::Shards;
use thaayam::store::Database;

/// The first argument that makes this program the bot.
pub const AS_BOT: &str = "--as-bot";

/// A bot connected to the fake (one a run: its size does not matter).
#[allow(clippy::large_enum_variant)]
pub enum Bot {
    Here(RunningBot),
    Process(Child),
}

/// Memory and CPU of the bot's own process.
#[derive(Clone, Copy, Debug, Default)]
pub struct Usage {
    /// Resident set, KiB.
    pub rss: u64,
    /// Its peak, KiB.
    pub hwm: u64,
    pub cpu: Duration,
}

impl Usage {
    pub fn of_process(pid: &str) -> Usage {
        Usage { rss: status_kib(pid, "VmRSS:"), hwm: status_kib(pid, "VmHWM:"), cpu: cpu_time(pid) }
    }
}

impl Bot {
    /// Starts the bot on `database` and waits until it is connected.
    pub async fn start(fake: &FakeDiscord, database: &Database, process: bool, metrics: bool) -> Result<Bot, String> {
        if !process {
            let mut config = play::config_on(database.clone(), Shards::Auto);
            if metrics {
                config.metrics = Some(std::net::SocketAddr::from(([127, 0, 0, 1], 0)));
            }
            return Ok(Bot::Here(play::start_bot_with(fake, config).await));
        }
        let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
        let under = std::env::var("LOADTEST_BOT_UNDER").unwrap_or_default();
        let mut words = under.split_whitespace();
        let mut command = match words.next() {
            Some(tool) => {
                let mut c = Command::new(tool);
                c.args(words).arg(exe);
                c
            }
            None => Command::new(exe),
        };
        let child = command
            .args([AS_BOT, &fake.http_base(), &database.to_string()])
            .env("NO_PROXY", "127.0.0.1,localhost")
            .spawn()
            .map_err(|e| format!("cannot start the bot's process: {e}"))?;
        fake.wait_ready(play::WAIT).await;
        Ok(Bot::Process(child))
    }

    pub fn metrics_address(&self) -> Option<std::net::SocketAddr> {
        match self {
            Bot::Here(bot) => bot.metrics_address(),
            Bot::Process(_) => None,
        }
    }

    /// The bot's own process's figures (`None` when it shares this one).
    pub fn usage(&self) -> Option<Usage> {
        match self {
            Bot::Here(_) => None,
            Bot::Process(child) => Some(Usage::of_process(&child.id().to_string())),
        }
    }

    /// Stops the bot as an operator would (SIGTERM for a process) and waits for it.
    pub async fn stop(self) -> Result<(), String> {
        match self {
            Bot::Here(bot) => bot.stop().await,
            Bot::Process(mut child) => {
                let pid = child.id().to_string();
                let sent = Command::new("kill").args(["-TERM", &pid]).status().map_err(|e| format!("kill: {e}"))?;
                if !sent.success() {
                    return Err(format!("kill -TERM {pid} failed"));
                }
                let started = Instant::now();
                while started.elapsed() < play::WAIT {
                    if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
                        return if status.success() {
                            Ok(())
                        } else {
                            Err(format!("the bot's process ended: {status}"))
                        };
                    }
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                let _ = child.kill();
                Err("the bot's process did not stop on SIGTERM".into())
            }
        }
    }
}

/// `loadtest --as-bot BASE DATABASE`: the bot alone, as the test bots
/// (the fake's guild, the test dice, 5 ms computer pauses), until SIGTERM.
pub fn run_as_bot(mut args: impl Iterator<Item = String>) -> Result<(), String> {
    let (Some(http_base), Some(database)) = (args.next(), args.next()) else {
        return Err(format!("{AS_BOT} needs the fake's base URL and the database"));
    };
    let sandbox = thaayam::lab::sandbox_bot::Sandbox {
        http_base,
        database: Database::parse(&database).map_err(|e| format!("{AS_BOT}: {e}"))?,
        guild: Some(GUILD_ID),
        computer_pause: Duration::from_millis(5),
        dice_seed: Some(play::dice_seed()),
        log_format: Default::default(),
        metrics: None,
        shards: Shards::Auto,
        web: None,
    };
    thaayam::lab::sandbox_bot::run(sandbox)
}

/// A field of /proc/PID/status in KiB ("VmRSS", "VmHWM"); PID may be "self".
pub fn status_kib(pid: &str, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let line = status.lines().find(|l| l.starts_with(field)).unwrap_or("");
    line.split_whitespace().nth(1).and_then(|n| n.parse().ok()).unwrap_or(0)
}

/// CPU time used by a process so far (user + system), from /proc/PID/stat.
pub fn cpu_time(pid: &str) -> Duration {
    Duration::from_millis(cpu_ticks(pid, false) * 10)
}

/// Clock ticks of /proc/PID/stat: user + system, and with `reaped` the
/// children's it waited for too; 0 for a process that is gone.
fn cpu_ticks(pid: &str, reaped: bool) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command name (which ends with ')'): utime, stime,
    // cutime and cstime are 14 to 17.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields = if reaped { 4 } else { 2 };
    rest.split_whitespace().skip(11).take(fields).filter_map(|n| n.parse::<u64>().ok()).sum()
}

/// The parent of process PID, from /proc/PID/stat.
fn parent(pid: &str) -> Option<String> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat.rsplit_once(')')?.1.split_whitespace().nth(1).map(str::to_string)
}

/// CPU used so far by a PostgreSQL server whose data folder is `data`:
/// the postmaster, the backends and helpers it runs, and those it reaped.
pub fn database_server_cpu(data: &std::path::Path) -> Option<Duration> {
    let pids = std::fs::read_to_string(data.join("postmaster.pid")).ok()?;
    let postmaster = pids.lines().next()?.trim().to_string();
    let children = std::fs::read_dir("/proc").ok()?.flatten().filter_map(|e| e.file_name().into_string().ok());
    let children: u64 = children
        .filter(|pid| pid.bytes().all(|b| b.is_ascii_digit()) && parent(pid).as_deref() == Some(postmaster.as_str()))
        .map(|pid| cpu_ticks(&pid, true))
        .sum();
    Some(Duration::from_millis((cpu_ticks(&postmaster, true) + children) * 10))
}
