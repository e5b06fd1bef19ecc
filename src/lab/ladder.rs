//! The analysis measured: `analysis-bench` (the CPU time of analysing whole
//! games, as the bot does after each one) and `ladder` (every computer
//! level judged by the analysis's own numbers: mean loss per decision,
//! accuracy, labels, over games played by that level at every seat).

use super::cpu::thread_cpu_time;
use crate::ai::analysis::analyse;
use crate::ai::arena::{mix, play_game};
use crate::ai::review::PlayerReview;
use crate::ai::{Level, Strategy};
use crate::engine::{Game, Ruleset, SeatSet, Variant};
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// One game played by `level` at every seat and analysed: the players'
/// reviews and the analysis's CPU time (wall time where there is no
/// thread clock).
fn analysed_game(
    ruleset: Ruleset,
    players: usize,
    level: Level,
    seed: u64,
) -> Result<(Vec<PlayerReview>, Duration, usize), String> {
    let seats = SeatSet::for_players(players).ok_or("players must be 2, 3 or 4")?;
    let mut strategies: [Box<dyn Strategy + Send>; 4] = std::array::from_fn(|_| level.strategy());
    let played = play_game(ruleset, seats, &mut strategies, seed).map_err(|e| e.to_string())?;
    let (cpu, wall) = (thread_cpu_time(), Instant::now());
    let a = analyse(Game::new(ruleset, seats), &played.events, None).map_err(|e| e.to_string())?;
    let spent = match (cpu, thread_cpu_time()) {
        (Some(a), Some(b)) => b.saturating_sub(a),
        _ => wall.elapsed(),
    };
    Ok((a.players, spent, played.events.len()))
}

/// `analysis-bench`: analyses `games` games of `level` and prints each
/// one's CPU time, then the mean and the worst.
pub fn bench(variant: Variant, players: usize, level: Level, games: u64) -> Result<String, String> {
    let ruleset = Ruleset::new(variant);
    let mut out = String::new();
    let mut times = Vec::new();
    for i in 0..games {
        let (reviews, spent, events) = analysed_game(ruleset, players, level, mix(i + 1))?;
        let decisions: u32 = reviews.iter().map(|r| r.decisions).sum();
        let _ = writeln!(
            out,
            "game {i}: {events} events, {decisions} decisions, analysis {:.3} s CPU",
            spent.as_secs_f64()
        );
        times.push(spent.as_secs_f64());
    }
    let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
    let worst = times.iter().copied().fold(0.0, f64::max);
    let _ = writeln!(out, "{variant} {players}p by {level}: mean {mean:.3} s, worst {worst:.3} s of one core per game");
    Ok(out)
}

/// Totals of one level at one table.
#[derive(Default)]
struct Tally {
    decisions: u64,
    lost: f64,
    accuracy: f64,
    judged: u64,
    labels: [u64; 3],
}

/// `ladder`: every level's mean loss per decision (points of chance of
/// winning) and accuracy over `games` self-play games per variant and
/// table size, as a Markdown table.
pub fn ladder(variants: &[Variant], tables: &[usize], games: u64) -> Result<String, String> {
    let mut out = String::from(
        "| variant | players | level | decisions | mean loss (points) | accuracy | inaccuracies | mistakes | blunders |\n\
         |---|---|---|---|---|---|---|---|---|\n",
    );
    for &variant in variants {
        for &players in tables {
            for level in Level::ALL {
                let mut t = Tally::default();
                for i in 0..games {
                    let seed = mix(i + 1) ^ ((players as u64) << 56);
                    let (reviews, _, _) = analysed_game(Ruleset::new(variant), players, level, seed)?;
                    for r in reviews {
                        t.decisions += u64::from(r.decisions);
                        t.lost += r.lost;
                        if let Some(a) = r.accuracy {
                            t.accuracy += a;
                            t.judged += 1;
                        }
                        for (sum, n) in t.labels.iter_mut().zip(r.labels) {
                            *sum += u64::from(n);
                        }
                    }
                }
                let per = |n: u64| 100.0 * n as f64 / t.decisions.max(1) as f64;
                let _ = writeln!(
                    out,
                    "| {variant} | {players} | {level} | {} | {:.2} | {:.1}% | {:.1}% | {:.1}% | {:.1}% |",
                    t.decisions,
                    100.0 * t.lost / t.decisions.max(1) as f64,
                    t.accuracy / t.judged.max(1) as f64,
                    per(t.labels[0]),
                    per(t.labels[1]),
                    per(t.labels[2]),
                );
            }
        }
    }
    Ok(out)
}
