//! The `thaayam` binary: parses the command line and hands each command to
//! the library. Errors are one line on stderr with exit code 2.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand};
use std::process::ExitCode;
use thaayam::cli;
use thaayam::engine::{Ruleset, Variant};

/// Thaayam, the South Indian race game: rules engine tools and the Discord bot.
#[derive(Parser)]
#[command(name = "thaayam", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print every position reachable by a complete legal use of the throws
    /// of a TPN position (one canonical TPN line each, sorted).
    Moves {
        /// A position in TPN with throws, e.g. "bell S=5,o,o,o N=o,o,o,o turn=S throws=4,2".
        tpn: String,
    },
    /// Check fair dice: a finished game of a database file (its seed hashes
    /// to its commitment, every throw is the seed's; exit code 1 if not), a
    /// seed against a list of throws, or the first throws a seed gives.
    #[command(after_help = "Examples:\n  thaayam verify --database thaayam.db --game 12\n  \
        thaayam verify --seed 00ff…(64 hex digits) --variant bell --throws 2,2,1,4\n  \
        thaayam verify --seed 00ff…(64 hex digits) --variant tayam-sonalu --count 40\n\
        The derivations are written out in docs/FAIR-DICE.md.")]
    Verify {
        /// The database file (read, never changed).
        #[arg(long, requires = "game", conflicts_with = "seed")]
        database: Option<std::path::PathBuf>,
        /// The game's number.
        #[arg(long, requires = "database")]
        game: Option<i64>,
        /// A revealed seed, 64 hexadecimal digits.
        #[arg(long)]
        seed: Option<String>,
        /// The rules whose dice the seed throws (with --seed).
        #[arg(long, default_value = "bell", value_parser = variant_parser())]
        variant: Variant,
        /// The throws to check against the seed, e.g. 2,2,1,4 (with --seed).
        #[arg(long, requires = "seed")]
        throws: Option<String>,
        /// Without --throws: how many throws of the seed to print.
        #[arg(long, default_value_t = 40)]
        count: usize,
        /// sha256-v2 (games since 2026-11-26) or chacha8-rand-0.10 (older games).
        #[arg(long, default_value = "sha256-v2")]
        derivation: String,
    },
    /// Copy a database (a running bot's too) into a new file: one consistent
    /// snapshot, written whole or not at all.
    #[command(
        after_help = "Example: thaayam backup --database /var/lib/thaayam/thaayam.db --out thaayam-$(date +%F).db\n\
        Restore: stop the bot, copy the backup over the database file, start the bot."
    )]
    Backup {
        /// The file to write; refused if it exists, unless --replace.
        #[arg(long)]
        out: std::path::PathBuf,
        /// The bot's database.
        #[arg(long, default_value = "thaayam.db")]
        database: std::path::PathBuf,
        /// Overwrite --out if it exists.
        #[arg(long)]
        replace: bool,
    },
    /// Prove a database file sound (it is read, never changed): SQLite's
    /// integrity check, every game's log replays to its saved state, every
    /// closed game's dice verify, the ratings recomputed from the results
    /// equal the stored ones. Exit code 0 if so, 1 with a report if not.
    Check {
        /// The database file (e.g. a backup).
        file: std::path::PathBuf,
    },
    /// Copy a server's whole history from its SQLite file into another
    /// database (PostgreSQL), and check the copy (same rows and ratings,
    /// every game resumes or replays) before reporting success. Refuses a
    /// target that already holds Thaayam data.
    #[command(after_help = "Example:\n  THAAYAM_DATABASE=postgres://thaayam:PASSWORD@db.example/thaayam \
        thaayam migrate --from thaayam.db\n\
        The URL may also be given with --to (it then shows in the process list).")]
    Migrate {
        /// The bot's SQLite file (read, never changed; the bot may run).
        #[arg(long, default_value = "thaayam.db")]
        from: std::path::PathBuf,
        /// The target database URL (postgres://…); THAAYAM_DATABASE when left out.
        #[arg(long)]
        to: Option<String>,
    },
    /// Play random games with seeded throws and choices; print a JSON summary.
    Simulate {
        /// Which rules.
        #[arg(long, default_value = "bell", value_parser = variant_parser())]
        variant: Variant,
        /// francais only: captured twins come back as two singles.
        #[arg(long)]
        twins_return_singles: bool,
        /// Number of players: 2, 3 or 4.
        #[arg(long, default_value_t = 4)]
        players: usize,
        /// Number of games.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Seed for throws and choices (same seed, same games).
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Draw a position (TPN) or a seat's route as a PNG picture.
    Render {
        /// A position in TPN, e.g. "bell S=5,o,o,o N=o,o,o,o turn=S throws=4,2".
        #[arg(required_unless_present = "route")]
        tpn: Option<String>,
        /// Draw this seat's route (S, W, N or E) instead of a position.
        #[arg(long, conflicts_with = "tpn")]
        route: Option<String>,
        /// With --route: the variant whose board to draw it on.
        #[arg(long, default_value = "bell", value_parser = variant_parser())]
        variant: Variant,
        /// The PNG file to write.
        #[arg(long)]
        out: std::path::PathBuf,
        /// Long side of the picture in pixels.
        #[arg(long, default_value_t = thaayam::render::DEFAULT_SIZE)]
        size: u32,
        /// The last move: `c1-e3`, `c1xe3` (it captured) or a square; on the
        /// cross (tayam-sonalu) `Sb1-Sb4`: arm, lane a–c, 1–8 from the centre.
        #[arg(long)]
        highlight: Option<String>,
        /// Player names in seat order S,W,N,E, comma-separated.
        #[arg(long)]
        names: Option<String>,
        /// Squares to mark as destinations, comma-separated.
        #[arg(long)]
        dests: Option<String>,
    },
    /// Play a seeded random game and write its animated GIF replay.
    Replay {
        /// Which rules.
        #[arg(long, default_value = "bell", value_parser = variant_parser())]
        variant: Variant,
        /// Number of players: 2, 3 or 4.
        #[arg(long, default_value_t = 4)]
        players: usize,
        /// Seed for throws and choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The GIF file to write.
        #[arg(long)]
        out: std::path::PathBuf,
        /// Long side of a frame in pixels.
        #[arg(long, default_value_t = 600)]
        size: u32,
    },
    /// Play a seeded random game, analyse it as /thaayam analyse does and
    /// print the cost (time, PNG size); write the chart.
    Analyse {
        /// Which rules.
        #[arg(long, default_value = "bell", value_parser = variant_parser())]
        variant: Variant,
        /// Number of players: 2, 3 or 4.
        #[arg(long, default_value_t = 4)]
        players: usize,
        /// Seed for throws and choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The PNG file to write.
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Run the Discord bot (token from DISCORD_TOKEN or the config file).
    Run {
        /// The configuration file (see config.example.toml).
        #[arg(long, default_value = "config.toml")]
        config: std::path::PathBuf,
        /// The gateway shards this process runs, overriding the config's
        /// `shards`: `auto`, or e.g. `0-3/16` (shards 0 to 3 of 16).
        #[arg(long)]
        shards: Option<String>,
    },
    /// Train the `expert` level's evaluation by self-play; writes assets/ai/<variant>-<n>p.bin.
    Train {
        /// Which rules.
        #[arg(long, default_value = "bell", value_parser = variant_parser())]
        variant: Variant,
        /// Number of players: 2, 3 or 4.
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// Seed for the throws and the first weights.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Self-play games (default: the recipe of the committed networks).
        #[arg(long)]
        games: Option<u64>,
        /// Where to write the network (default: assets/ai/<variant>-<n>p.bin).
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
    /// Computer players against each other; print a JSON summary.
    Tournament {
        /// Which rules.
        #[arg(long, default_value = "bell", value_parser = variant_parser())]
        variant: Variant,
        /// francais only: captured twins come back as two singles.
        #[arg(long)]
        twins_return_singles: bool,
        /// Number of players: 2, 3 or 4.
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// Number of games.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Seed for the throws and the players' choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Levels (random, easy, medium, hard, expert), cycled over the seats; rotated every game.
        #[arg(long, default_value = "hard,easy")]
        ai: String,
        /// Threads to play on.
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// Play every deal on the same throws once per seat: with 2 players
        /// two games, the levels swapping seats; with more, the lineup
        /// rotated through every seat (as many games as players). --games
        /// is rounded up to whole deals. The JSON adds each level's edge
        /// (win rate minus fair share) with a 95% interval from the
        /// per-deal results.
        #[arg(long)]
        paired: bool,
    },
}

/// The `--variant` values, from the engine's variant table.
fn variant_parser() -> impl clap::builder::TypedValueParser<Value = Variant> {
    let values = Variant::ALL.map(|v| PossibleValue::new(v.name()).help(v.summary()));
    PossibleValuesParser::new(values).try_map(|name| name.parse::<Variant>())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Command::Verify { database, game, seed, variant, throws, count, derivation } = cli.command {
        return verify(database, game, seed, variant, throws, count, &derivation);
    }
    if let Command::Check { file } = &cli.command {
        return check(file);
    }
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("thaayam: {e}");
            ExitCode::from(2)
        }
    }
}

/// `thaayam verify`: exit code 0 when every check passes, 1 when one
/// fails, 2 on bad input.
fn verify(
    database: Option<std::path::PathBuf>,
    game: Option<i64>,
    seed: Option<String>,
    variant: Variant,
    throws: Option<String>,
    count: usize,
    derivation: &str,
) -> ExitCode {
    let check =
        match (database, game, seed) {
            (Some(database), Some(game), _) => Ok(cli::verify::Check::Game { database, game }),
            (_, _, Some(seed)) => cli::verify::parse_derivation(derivation).map(|derivation| {
                cli::verify::Check::Seed { seed, ruleset: Ruleset::new(variant), derivation, throws, count }
            }),
            _ => Err("say which game (--database FILE --game N) or which seed (--seed HEX)".to_string()),
        };
    match check.and_then(|c| cli::verify::run(&c)) {
        Ok(verdict) => {
            print!("{}", verdict.text);
            if verdict.passed { ExitCode::SUCCESS } else { ExitCode::from(1) }
        }
        Err(e) => {
            eprintln!("thaayam: {e}");
            ExitCode::from(2)
        }
    }
}

/// `thaayam check`: exit code 0 when the file is sound, 1 with a report
/// of what is wrong (also when it is no Thaayam database at all).
fn check(file: &std::path::Path) -> ExitCode {
    match cli::ops::check(file) {
        Ok(report) => {
            print!("{}", report.text(file));
            if report.passed() { ExitCode::SUCCESS } else { ExitCode::from(1) }
        }
        Err(e) => {
            println!("FAIL: {e}");
            ExitCode::from(1)
        }
    }
}

fn run(command: Command) -> Result<(), String> {
    match command {
        Command::Verify { .. } | Command::Check { .. } => unreachable!("handled in main"),
        Command::Backup { out, database, replace } => {
            let done = cli::ops::backup(&database, &out, replace)?;
            println!("backed up {} to {} ({} bytes)", database.display(), done.out.display(), done.bytes);
        }
        Command::Migrate { from, to } => {
            let to = to
                .or_else(|| std::env::var("THAAYAM_DATABASE").ok())
                .ok_or("say where to copy to: --to postgres://… or THAAYAM_DATABASE")?;
            println!("{}", cli::migrate::run(&from, &to)?);
        }
        Command::Moves { tpn } => {
            for line in cli::moves::run(&tpn)? {
                println!("{line}");
            }
        }
        Command::Simulate { variant, twins_return_singles, players, games, seed } => {
            let ruleset = Ruleset { variant, twins_return_singles };
            let summary = cli::simulate::run(ruleset, players, games, seed)?;
            println!("{}", serde_json::to_string(&summary).map_err(|e| e.to_string())?);
        }
        Command::Render { tpn, route, variant, out, size, highlight, names, dests } => {
            let png = match (route, tpn) {
                (Some(seat), _) => cli::render::route(&seat, variant, size)?,
                (None, Some(tpn)) => {
                    cli::render::board(&tpn, size, highlight.as_deref(), names.as_deref(), dests.as_deref())?
                }
                (None, None) => return Err("give a TPN position or --route".into()),
            };
            write(&out, &png)?;
        }
        Command::Replay { variant, players, seed, out, size } => {
            let ruleset = Ruleset { variant, twins_return_singles: false };
            let (gif, events) = cli::render::replay(ruleset, players, seed, size)?;
            write(&out, &gif)?;
            let seconds = cli::render::duration_cs(&gif)? as f64 / 100.0;
            println!("{events} events, {} bytes, {seconds:.1} s", gif.len());
        }
        Command::Analyse { variant, players, seed, out } => {
            let ruleset = Ruleset { variant, twins_return_singles: false };
            let (figures, png) = cli::analyse::run(ruleset, players, seed)?;
            write(&out, &png)?;
            println!("{}", serde_json::to_string_pretty(&figures).map_err(|e| e.to_string())?);
        }
        Command::Run { config, shards } => {
            let mut config = thaayam::discord::config::load(&config, std::env::var("DISCORD_TOKEN").ok())?;
            if let Ok(database) = std::env::var("THAAYAM_DATABASE") {
                config.database =
                    thaayam::store::Database::parse(&database).map_err(|e| format!("THAAYAM_DATABASE: {e}"))?;
            }
            if let Some(shards) = shards {
                config.shards = shards.parse().map_err(|e| format!("--shards: {e}"))?;
            }
            thaayam::discord::bot::run(config)?;
        }
        Command::Train { variant, players, seed, games, out } => {
            let summary = cli::train::run(variant, players, seed, games, out)?;
            println!("{}", serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())?);
        }
        Command::Tournament { variant, twins_return_singles, players, games, seed, ai, threads, paired } => {
            let ruleset = Ruleset { variant, twins_return_singles };
            let ais = cli::tournament::parse_ais(&ai)?;
            let opts = cli::tournament::Options { ruleset, players, games, seed, ais, threads, paired };
            let summary = cli::tournament::run(&opts)?;
            println!("{}", serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())?);
        }
    }
    Ok(())
}

fn write(path: &std::path::Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}
