//! `thaayam train`: trains the learned evaluation of one variant and
//! number of players by self-play and writes it where the binary embeds
//! it from (`assets/ai/<variant>-<n>p.bin`), printing progress lines and
//! a JSON summary.

use crate::ai::train::{TrainOptions, TrainStats, train};
use crate::ai::value::asset_path;
use crate::engine::Variant;
use serde::Serialize;
use std::path::PathBuf;
use std::time::Instant;

/// The JSON summary.
#[derive(Debug, Serialize)]
pub struct Summary {
    pub variant: String,
    pub players: usize,
    pub seed: u64,
    pub games: u64,
    pub positions: u64,
    pub unfinished: u64,
    /// Self-play moves that passed while the player could still move.
    pub passes: u64,
    pub hidden: usize,
    pub seconds: f64,
    pub bytes: usize,
    pub out: String,
}

/// Trains with the committed recipe (`games` overrides its game count)
/// and writes the network to `out` (default: the asset path).
pub fn run(
    variant: Variant,
    players: usize,
    seed: u64,
    games: Option<u64>,
    out: Option<PathBuf>,
) -> Result<Summary, String> {
    let mut opts = TrainOptions::recipe(variant, players, seed);
    if let Some(g) = games {
        opts.games = g;
    }
    let out = out.unwrap_or_else(|| PathBuf::from(asset_path(variant, players)));
    let start = Instant::now();
    let mut report = |s: &TrainStats| {
        eprintln!("{} games, {} positions, {:.0} s", s.games, s.positions, start.elapsed().as_secs_f64());
    };
    let (net, stats) = train(&opts, &mut report)?;
    let bytes = net.to_bytes();
    std::fs::write(&out, &bytes).map_err(|e| format!("{}: {e}", out.display()))?;
    Ok(Summary {
        variant: variant.to_string(),
        players,
        seed,
        games: stats.games,
        positions: stats.positions,
        unfinished: stats.unfinished,
        passes: stats.passes,
        hidden: opts.hidden,
        seconds: start.elapsed().as_secs_f64(),
        bytes: bytes.len(),
        out: out.display().to_string(),
    })
}
