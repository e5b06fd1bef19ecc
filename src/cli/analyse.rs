//! `thaayam analyse`: the cost of a post-game analysis. Plays a seeded
//! random game (random play makes long games: a worst case), then times
//! the analysis and the chart as `/thaayam analyse` makes them.

use crate::ai::analysis::analyse;
use crate::dice::{ThrowSource, random_game};
use crate::discord::view::analysis::chart;
use crate::discord::view::lang::Lang;
use crate::engine::{Game, MoveGen, Ruleset, SeatSet};
use crate::render::render_chart;
use serde::Serialize;
use std::time::Instant;

/// What `thaayam analyse` prints.
#[derive(Debug, Serialize)]
pub struct Figures {
    pub events: usize,
    pub series: u32,
    pub analyse_secs: f64,
    pub chart_secs: f64,
    pub png_bytes: usize,
    /// The swings: series, seat, size in points, luck or choice.
    pub swings: Vec<String>,
}

/// Plays and analyses one game; returns the figures and the chart's PNG.
pub fn run(ruleset: Ruleset, players: usize, seed: u64) -> Result<(Figures, Vec<u8>), String> {
    let seats = SeatSet::for_players(players).ok_or("players must be 2, 3 or 4")?;
    let mut src = ThrowSource::from_u64(seed, ruleset.rules().dice);
    let (record, _) = random_game(ruleset, seats, &mut src, &mut MoveGen::new());
    let t = Instant::now();
    let a = analyse(Game::new(ruleset, seats), &record.events, None).map_err(|e| e.to_string())?;
    let analyse_secs = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let png = render_chart(&chart(Lang::EN, &a)).map_err(|e| e.to_string())?;
    let chart_secs = t.elapsed().as_secs_f64();
    let swings = a
        .swings
        .iter()
        .map(|s| {
            let kind = if matches!(s.cause, crate::ai::analysis::Cause::Luck { .. }) { "luck" } else { "choice" };
            format!("series {} {:?} {:.1} points {kind}", s.series, s.seat, 100.0 * s.size())
        })
        .collect();
    let figures = Figures {
        events: record.events.len(),
        series: a.series,
        analyse_secs,
        chart_secs,
        png_bytes: png.len(),
        swings,
    };
    Ok((figures, png))
}
