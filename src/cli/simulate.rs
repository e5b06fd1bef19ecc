//! `thaayam simulate`: random games with seeded throws and choices,
//! summarised as one JSON object.

use crate::dice::{ThrowSource, random_playout};
use crate::engine::{MoveGen, Phase, Ruleset, Seat, SeatSet};
use serde::Serialize;
use std::time::Instant;

/// The summary printed by `simulate`.
#[derive(Debug, Serialize)]
pub struct Summary {
    pub variant: String,
    pub players: usize,
    pub games: u64,
    pub seed: u64,
    /// Wins per seat letter (seated players only).
    pub wins: std::collections::BTreeMap<String, u64>,
    pub unfinished: u64,
    pub avg_actions_per_game: f64,
    pub avg_series_per_game: f64,
    pub avg_throws_per_game: f64,
    pub games_per_sec: f64,
    pub actions_per_sec: f64,
}

/// Plays `games` random games.
pub fn run(ruleset: Ruleset, players: usize, games: u64, seed: u64) -> Result<Summary, String> {
    let seats = SeatSet::for_players(players).ok_or("players must be 2, 3 or 4")?;
    let mut src = ThrowSource::from_u64(seed, ruleset.rules().dice);
    let mut mg = MoveGen::new();
    let mut wins = [0u64; 4];
    let (mut actions, mut series, mut throws, mut unfinished) = (0u64, 0u64, 0u64, 0u64);
    let start = Instant::now();
    for _ in 0..games {
        let (game, stats) = random_playout(ruleset, seats, &mut src, &mut mg);
        actions += stats.actions;
        series += stats.series;
        throws += stats.throws;
        match game.phase() {
            Phase::Finished { places } => {
                for s in Seat::ALL.into_iter().filter(|s| places[s.index()] == 1) {
                    wins[s.index()] += 1;
                }
            }
            _ => unfinished += 1,
        }
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let per_game = |n: u64| if games == 0 { 0.0 } else { n as f64 / games as f64 };
    Ok(Summary {
        variant: ruleset.to_string(),
        players,
        games,
        seed,
        wins: seats.iter().map(|s| (s.letter().to_string(), wins[s.index()])).collect(),
        unfinished,
        avg_actions_per_game: per_game(actions),
        avg_series_per_game: per_game(series),
        avg_throws_per_game: per_game(throws),
        games_per_sec: games as f64 / secs,
        actions_per_sec: actions as f64 / secs,
    })
}
