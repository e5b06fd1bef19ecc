//! `thaayam bot-bench`: times what the bot does for each click (the session
//! layer applying it, then the presenter building and checking the
//! message) over whole scripted games, and prints the percentiles.

use crate::discord::computer::Level;
use crate::discord::message;
use crate::discord::presenter::{self, Outro};
use crate::discord::script::next_intent;
use crate::discord::session::{self, Actor, Intent};
use crate::discord::table::{Stage, Table};
use crate::engine::{Ruleset, Variant};
use std::time::{Duration, Instant};

/// Plays `games` games (two humans and a computer) and reports per-click times.
pub fn run(games: u64) -> Result<String, String> {
    let mut times = Vec::new();
    for g in 0..games {
        play(g, &mut times)?;
    }
    if times.is_empty() {
        return Err("no clicks were timed".into());
    }
    times.sort();
    let pct = |p: usize| times[(times.len() * p / 100).min(times.len() - 1)];
    Ok(format!(
        "{} clicks in {games} games: p50 {:?}, p99 {:?}, max {:?} (session + presenter + limit check; no render, no store)",
        times.len(),
        pct(50),
        pct(99),
        times[times.len() - 1]
    ))
}

fn play(g: u64, times: &mut Vec<Duration>) -> Result<(), String> {
    let mut seed = [0u8; 32];
    seed[..8].copy_from_slice(&g.to_le_bytes());
    let mut t = Table::new(g as i64 + 1, 1, 2, 10, Ruleset::new(Variant::Bell), 3, seed);
    let host = Actor { user: 10, moderator: false };
    let setup = [Intent::AddComputer(Level::Easy), Intent::Start];
    session::handle(&mut t, Actor { user: 11, moderator: false }, Intent::Join, None, 0).map_err(|e| e.to_string())?;
    for intent in setup {
        session::handle(&mut t, host, intent, None, 0).map_err(|e| e.to_string())?;
    }
    let mut guard = 0;
    while t.stage == Stage::Playing && guard < 100_000 {
        guard += 1;
        let start = Instant::now();
        let notes = match session::computer_step(&mut t, 0) {
            Some(notes) => notes,
            None => {
                let user = t.human_to_act().ok_or("nobody to act")?;
                let intent = next_intent(&t);
                let seq = t.seq;
                session::handle(&mut t, Actor { user, moderator: false }, intent, Some(seq), 0)
                    .map_err(|e| e.to_string())?
            }
        };
        let msg = presenter::table_message(&t, &notes, &Outro::default());
        message::check(&msg)?;
        times.push(start.elapsed());
    }
    Ok(())
}
