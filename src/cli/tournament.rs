//! `thaayam tournament`: computer players against each other over many
//! seeded games on two threads, summarised as one JSON object (wins with a
//! Wilson 95% interval, decision times, speed).

use crate::ai::Level;
use crate::ai::arena::{GameResult, mix, play_game};
use crate::engine::{Ruleset, SeatSet};
use serde::Serialize;
use std::time::{Duration, Instant};

/// What to play.
#[derive(Clone, Debug)]
pub struct Options {
    pub ruleset: Ruleset,
    pub players: usize,
    pub games: u64,
    pub seed: u64,
    /// The levels, cycled over the seats (`hard,easy` with 4 players:
    /// hard, easy, hard, easy).
    pub ais: Vec<Level>,
    pub threads: usize,
}

/// The JSON summary.
#[derive(Debug, Serialize)]
pub struct Summary {
    pub variant: String,
    pub players: usize,
    pub games: u64,
    pub seed: u64,
    /// The seats' levels before rotation (game `i` rotates them by `i`).
    pub lineup: Vec<String>,
    pub results: Vec<AiSummary>,
    pub unfinished: u64,
    pub seconds: f64,
    pub games_per_sec: f64,
}

/// One level's results (all the seats it held, together).
#[derive(Debug, Serialize)]
pub struct AiSummary {
    pub ai: String,
    /// Seats it holds in every game.
    pub seats: usize,
    pub wins: u64,
    pub win_rate: f64,
    /// Wilson 95% interval of the win rate.
    pub ci95: [f64; 2],
    /// The win rate of equal players (seats / players).
    pub fair_share: f64,
    pub decisions: usize,
    pub decision_us_mean: f64,
    pub decision_us_p50: u64,
    pub decision_us_p99: u64,
    pub decision_us_max: u64,
}

/// Parses `hard,easy,...`.
pub fn parse_ais(s: &str) -> Result<Vec<Level>, String> {
    let ais: Vec<Level> = s.split(',').map(|p| p.trim().parse()).collect::<Result<_, _>>()?;
    if ais.is_empty() {
        return Err("--ai needs at least one level".into());
    }
    Ok(ais)
}

/// Plays the tournament.
pub fn run(opts: &Options) -> Result<Summary, String> {
    let seats = SeatSet::for_players(opts.players).ok_or("players must be 2, 3 or 4")?;
    let lineup: Vec<Level> = (0..opts.players).map(|k| opts.ais[k % opts.ais.len()]).collect();
    let start = Instant::now();
    let threads = opts.threads.clamp(1, 16) as u64;
    let chunk = opts.games.div_ceil(threads);
    let results: Vec<Result<Vec<(u64, GameResult)>, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let range = (t * chunk).min(opts.games)..((t + 1) * chunk).min(opts.games);
                let lineup = &lineup;
                scope.spawn(move || range.map(|i| play_one(opts, seats, lineup, i)).collect())
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|_| Err("a game thread panicked".into()))).collect()
    });
    let mut games = Vec::new();
    for r in results {
        games.extend(r?);
    }
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    Ok(summarise(opts, seats, &lineup, &games, seconds))
}

/// Game `i`: the lineup rotated by `i`, its own seed.
fn play_one(opts: &Options, seats: SeatSet, lineup: &[Level], i: u64) -> Result<(u64, GameResult), String> {
    let n = lineup.len();
    let mut players: [Box<dyn crate::ai::Strategy + Send>; 4] = std::array::from_fn(|_| Level::Random.strategy());
    for (j, seat) in seats.iter().enumerate() {
        players[seat.index()] = lineup[(j + i as usize) % n].strategy();
    }
    let seed = mix(opts.seed ^ mix(i));
    let r = play_game(opts.ruleset, seats, &mut players, seed).map_err(|e| format!("game {i}: {e}"))?;
    Ok((i, r))
}

fn summarise(opts: &Options, seats: SeatSet, lineup: &[Level], games: &[(u64, GameResult)], seconds: f64) -> Summary {
    let n = lineup.len();
    let mut levels: Vec<Level> = lineup.to_vec();
    levels.dedup();
    levels.sort_by_key(|l| lineup.iter().position(|x| x == l));
    levels.dedup();
    let mut results = Vec::new();
    for &level in &levels {
        let mut wins = 0;
        let mut times: Vec<Duration> = Vec::new();
        for (i, g) in games {
            for (j, seat) in seats.iter().enumerate() {
                if lineup[(j + *i as usize) % n] != level {
                    continue;
                }
                wins += u64::from(g.winner == Some(seat));
                times.extend(g.decisions.iter().filter(|(s, _)| *s == seat).map(|(_, d)| *d));
            }
        }
        let count = lineup.iter().filter(|&&l| l == level).count();
        results.push(ai_summary(level, count, n, wins, games.len() as u64, &mut times));
    }
    Summary {
        variant: opts.ruleset.to_string(),
        players: opts.players,
        games: opts.games,
        seed: opts.seed,
        lineup: lineup.iter().map(|l| l.to_string()).collect(),
        results,
        unfinished: games.iter().filter(|(_, g)| g.winner.is_none()).count() as u64,
        seconds,
        games_per_sec: games.len() as f64 / seconds,
    }
}

fn ai_summary(level: Level, seats: usize, players: usize, wins: u64, games: u64, times: &mut [Duration]) -> AiSummary {
    times.sort();
    let us = |d: Option<&Duration>| d.map_or(0, |d| d.as_micros() as u64);
    let pct = |q: f64| us(times.get(((times.len() as f64 - 1.0) * q).round().max(0.0) as usize));
    let total: f64 = times.iter().map(|d| d.as_secs_f64() * 1e6).sum();
    AiSummary {
        ai: level.to_string(),
        seats,
        wins,
        win_rate: if games == 0 { 0.0 } else { wins as f64 / games as f64 },
        ci95: wilson(wins, games),
        fair_share: seats as f64 / players as f64,
        decisions: times.len(),
        decision_us_mean: if times.is_empty() { 0.0 } else { total / times.len() as f64 },
        decision_us_p50: pct(0.5),
        decision_us_p99: pct(0.99),
        decision_us_max: us(times.last()),
    }
}

/// The Wilson score interval (95%) of `wins` out of `n`.
pub(crate) fn wilson(wins: u64, n: u64) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    let z = 1.96f64;
    let (w, n) = (wins as f64, n as f64);
    let p = w / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_values() {
        let [lo, hi] = wilson(80, 100);
        assert!((lo - 0.7112).abs() < 1e-3 && (hi - 0.8666).abs() < 1e-3, "{lo} {hi}");
        assert_eq!(wilson(0, 0), [0.0, 1.0]);
    }

    #[test]
    fn ai_lists_parse() {
        assert_eq!(parse_ais("hard, easy"), Ok(vec![Level::Hard, Level::Easy]));
        assert!(parse_ais("hard,god").is_err());
    }
}
