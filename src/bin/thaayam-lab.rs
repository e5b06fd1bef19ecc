//! The `thaayam-lab` binary: the workbench beside the product (benchmarks
//! and the rigs the tests start), so that the installed `thaayam` carries
//! none of them. Errors are one line on stderr with exit code 2.

use clap::{Parser, Subcommand};
use std::process::ExitCode;
use thaayam::lab;

/// Benchmarks and test rigs of the Thaayam bot (not for players or operators).
#[derive(Parser)]
#[command(name = "thaayam-lab", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Measure the store as the bot uses it: saves per second of bot tables
    /// changed click by click (one game, 1,000 games), and the start-up
    /// resuming many open games.
    StoreBench {
        /// Scratch directory for the database files.
        #[arg(long, default_value = "target/store-bench")]
        dir: std::path::PathBuf,
        /// Saves per measurement.
        #[arg(long, default_value_t = 5000)]
        saves: u64,
        /// Open games to resume.
        #[arg(long, default_value_t = 10_000)]
        resume_games: u64,
        /// On fresh databases of a throw-away PostgreSQL server instead of
        /// an SQLite file (needs initdb and postgres installed).
        #[arg(long)]
        postgres: bool,
        /// Instead: on PostgreSQL, this many writers (a connection each)
        /// saving their own games at once, e.g. `1,2,4,8`; saves per
        /// second and latencies per count, with row locks and with the
        /// former lock for the whole database.
        #[arg(long, value_delimiter = ',')]
        writers: Vec<usize>,
        /// With `--writers`: milliseconds added to every round trip to the
        /// server (a loopback proxy delays each direction by half).
        #[arg(long, default_value_t = 0.0)]
        rtt_ms: f64,
        /// With `--writers`: saves per writer.
        #[arg(long, default_value_t = 300)]
        saves_per_writer: u64,
        /// With `--writers`: lobbies each writer opens first (a new game's
        /// row and its first save, timed apart).
        #[arg(long, default_value_t = 100)]
        lobbies_per_writer: u64,
        /// With `--writers`: also this many processes of this program
        /// saving at once, one writer each, e.g. `1,2`.
        #[arg(long, value_delimiter = ',')]
        processes: Vec<usize>,
        /// With `--writers`: on a Patroni cluster of three nodes instead
        /// (needs patroni and etcd), with and without synchronous mode,
        /// `--rtt-ms` on every link.
        #[arg(long)]
        patroni: bool,
    },
    /// Test helper: one writer of `store-bench --processes` (prints `ready`,
    /// starts at a line on its input, prints its figures as JSON).
    StoreBenchWriter {
        #[arg(long)]
        database: String,
        #[arg(long)]
        first_game: u64,
        #[arg(long)]
        saves: u64,
        #[arg(long)]
        design: String,
    },
    /// Test helper: play games through the bot's write path until killed.
    StoreCrashWorker {
        #[arg(long)]
        db: std::path::PathBuf,
        #[arg(long)]
        max_saves: Option<u64>,
    },
    /// Test helper: the bot against a fake Discord on loopback (crash tests kill it).
    SandboxBot {
        /// The fake Discord's REST base, http://127.0.0.1:PORT (loopback only).
        #[arg(long)]
        http_base: String,
        /// The database: an SQLite file or a postgres:// URL.
        #[arg(long)]
        database: String,
        /// The gateway shards this process runs: auto, N/TOTAL or FIRST-LAST/TOTAL.
        #[arg(long, default_value = "auto")]
        shards: String,
        /// Register the commands in this guild.
        #[arg(long)]
        guild: Option<u64>,
        /// Pause before each computer move, in milliseconds.
        #[arg(long, default_value_t = 5)]
        computer_pause_ms: u64,
        /// Derive the games' dice seeds from this number (the same throws every run).
        #[arg(long)]
        dice_seed: Option<u64>,
        /// text or json.
        #[arg(long, default_value = "text")]
        log_format: String,
        /// Serve /metrics, /healthz and /readyz at this address (IP:PORT).
        #[arg(long)]
        metrics: Option<String>,
        /// Serve the game pages at this address (IP:PORT).
        #[arg(long)]
        web: Option<String>,
        /// The address the game pages' links point at (with --web).
        #[arg(long)]
        public_url: Option<String>,
    },
    /// What the game pages' viewers cost: click p50/p99 and CPU per click
    /// with and without `viewers` live streams over `games` games, and
    /// the memory per viewer.
    WebBench {
        #[arg(long, default_value_t = 1)]
        games: usize,
        #[arg(long, default_value_t = 1000)]
        viewers: usize,
        /// Clicks per round (a round ends sooner when its games are over).
        #[arg(long, default_value_t = 300)]
        clicks: usize,
        /// Rounds of each kind, alone and watched alternately.
        #[arg(long, default_value_t = 3)]
        rounds: usize,
        /// Milliseconds between clicks (0: back to back).
        #[arg(long, default_value_t = 0)]
        pace_ms: u64,
        /// 1: each viewer fetches the board of every change, as the page does.
        #[arg(long, default_value_t = 0)]
        fetch: u8,
    },
    /// The viewers of `web-bench` (started by it): live streams held open.
    WebViewers {
        #[arg(long)]
        base: String,
        #[arg(long)]
        keys: std::path::PathBuf,
        #[arg(long)]
        viewers: usize,
        #[arg(long, default_value_t = 0)]
        fetch: u8,
    },
    /// Time the bot's click handling (session, SQLite save, presenter, board
    /// PNG) over whole games; prints p50/p99 per click.
    BotBench {
        /// Number of games to play.
        #[arg(long, default_value_t = 20)]
        games: u64,
        /// The language of the messages and pictures (en, fr, ta).
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// Feed every parser of outside input (custom_ids, select values, TPN,
    /// the config file, command options) random and near-valid text; print
    /// cases per second and fail if any parser panics.
    /// The post-game analysis's CPU time per game: games played by
    /// computers of one level, each analysed as the bot does after a game.
    AnalysisBench {
        #[arg(long, default_value = "bell")]
        variant: String,
        #[arg(long, default_value_t = 4)]
        players: usize,
        /// The level playing every seat.
        #[arg(long, default_value = "expert")]
        level: String,
        #[arg(long, default_value_t = 5)]
        games: u64,
    },
    /// What the tutor's judging of one menu costs (`/thaayam tutor`): games
    /// played by computers of one level, every menu with a choice judged
    /// as the bot judges it when a player's turn starts.
    TutorBench {
        #[arg(long, default_value = "bell")]
        variant: String,
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// The level playing every seat.
        #[arg(long, default_value = "hard")]
        level: String,
        #[arg(long, default_value_t = 5)]
        games: u64,
    },
    /// Every computer level judged by the analysis: mean loss per decision,
    /// accuracy and labels over self-play games, by variant and table size
    /// (a Markdown table).
    Ladder {
        /// Variants, e.g. `bell,tayam-sonalu`.
        #[arg(long, value_delimiter = ',', default_value = "bell")]
        variants: Vec<String>,
        /// Table sizes, e.g. `2,4`.
        #[arg(long, value_delimiter = ',', default_value = "2,4")]
        players: Vec<usize>,
        /// Games per level and table.
        #[arg(long, default_value_t = 20)]
        games: u64,
    },
    /// One level's edge over another (result minus fair share), raw and
    /// with each game's luck taken off, with 95% intervals and the games
    /// the adjusted figure saves.
    Edge {
        #[arg(long, default_value = "bell")]
        variant: String,
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// The two levels: the first at one seat (rotated), the second at
        /// every other.
        #[arg(long, value_delimiter = ',', default_value = "hard,medium")]
        ai: Vec<String>,
        #[arg(long, default_value_t = 200)]
        games: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    Fuzz {
        /// Inputs per parser.
        #[arg(long, default_value_t = 100_000)]
        cases: u64,
        /// Seed of the inputs.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

fn main() -> ExitCode {
    match run(Cli::parse().command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("thaayam-lab: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(command: Command) -> Result<(), String> {
    match command {
        Command::StoreBench { writers, rtt_ms, saves_per_writer, lobbies_per_writer, patroni: true, .. } => {
            let figures = lab::store_writers::run_on_clusters(&writers, rtt_ms, saves_per_writer, lobbies_per_writer)?;
            println!("{}", serde_json::to_string_pretty(&figures).map_err(|e| e.to_string())?);
        }
        Command::StoreBench { writers, processes, rtt_ms, saves_per_writer, lobbies_per_writer, .. }
            if !writers.is_empty() || !processes.is_empty() =>
        {
            let figures =
                lab::store_writers::run_writers(&writers, &processes, rtt_ms, saves_per_writer, lobbies_per_writer)?;
            println!("{}", serde_json::to_string_pretty(&figures).map_err(|e| e.to_string())?);
        }
        Command::StoreBench { dir, saves, resume_games, postgres, .. } => {
            let figures = lab::store_bench::run(&dir, saves, resume_games, postgres)?;
            println!("{}", serde_json::to_string_pretty(&figures).map_err(|e| e.to_string())?);
        }
        Command::StoreBenchWriter { database, first_game, saves, design } => {
            lab::store_writers::writer_process(&database, first_game, saves, &design)?
        }
        Command::StoreCrashWorker { db, max_saves } => lab::store_crash::run(&db, max_saves)?,
        Command::SandboxBot {
            http_base,
            database,
            shards,
            guild,
            computer_pause_ms,
            dice_seed,
            log_format,
            metrics,
            web,
            public_url,
        } => {
            let computer_pause = std::time::Duration::from_millis(computer_pause_ms);
            let log_format = match log_format.as_str() {
                "json" => thaayam::discord::config::LogFormat::Json,
                _ => thaayam::discord::config::LogFormat::Text,
            };
            let metrics = metrics
                .map(|m| thaayam::discord::config::parse_listen_address(&m))
                .transpose()
                .map_err(|e| format!("--metrics: {e}"))?;
            let web = match web {
                Some(w) => Some(thaayam::discord::config::Web::new(
                    thaayam::discord::config::parse_listen_address(&w).map_err(|e| format!("--web: {e}"))?,
                    public_url.map(|u| u.trim_end_matches('/').to_string()),
                )),
                None => None,
            };
            let database = thaayam::store::Database::parse(&database).map_err(|e| format!("--database: {e}"))?;
            let shards = shards.parse().map_err(|e| format!("--shards: {e}"))?;
            let sandbox = lab::sandbox_bot::Sandbox {
                http_base,
                database,
                guild,
                computer_pause,
                dice_seed,
                log_format,
                metrics,
                web,
                shards,
            };
            lab::sandbox_bot::run(sandbox)?;
        }
        Command::WebBench { games, viewers, clicks, rounds, pace_ms, fetch } => {
            let options = lab::web_bench::Options {
                games,
                viewers,
                clicks,
                rounds,
                pace: std::time::Duration::from_millis(pace_ms),
                fetch: fetch != 0,
            };
            println!("{}", lab::web_bench::run(options)?)
        }
        Command::WebViewers { base, keys, viewers, fetch } => {
            lab::web_bench::viewers(&base, &keys, viewers, fetch != 0)?
        }
        Command::BotBench { games, lang } => println!("{}", lab::bot_bench::run(games, &lang)?),
        Command::AnalysisBench { variant, players, level, games } => {
            let variant = variant.parse().map_err(|e| format!("--variant: {e}"))?;
            let level = level.parse()?;
            print!("{}", lab::ladder::bench(variant, players, level, games)?)
        }
        Command::TutorBench { variant, players, level, games } => {
            let variant = variant.parse().map_err(|e| format!("--variant: {e}"))?;
            let level = level.parse()?;
            print!("{}", lab::tutor_bench::bench(variant, players, level, games)?)
        }
        Command::Ladder { variants, players, games } => {
            let variants: Vec<thaayam::engine::Variant> = variants
                .iter()
                .map(|v| v.parse().map_err(|e| format!("--variants: {e}")))
                .collect::<Result<_, String>>()?;
            print!("{}", lab::ladder::ladder(&variants, &players, games)?)
        }
        Command::Edge { variant, players, ai, games, seed } => {
            let variant = variant.parse().map_err(|e| format!("--variant: {e}"))?;
            let [a, b] = ai.as_slice() else { return Err("--ai names two levels, e.g. hard,medium".into()) };
            print!("{}", lab::edge::report(variant, players, [a.parse()?, b.parse()?], games, seed)?)
        }
        Command::Fuzz { cases, seed } => println!("{}", lab::fuzz::report(cases, seed)?),
    }
    Ok(())
}
