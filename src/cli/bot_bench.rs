//! `thaayam bot-bench`: times what the bot does for each click (the session
//! layer applying it, saving it in an SQLite file, the presenter building
//! and checking the message, drawing the board PNG) over whole scripted
//! games, and prints the percentiles of each part and of the whole, in
//! wall time and in CPU time of the thread (what other processes on a
//! shared machine do not disturb).

use super::cpu::thread_cpu_time;
use crate::discord::game::computer::Level;
use crate::discord::game::intent::{Actor, Intent};
use crate::discord::game::script::next_intent;
use crate::discord::game::session;
use crate::discord::game::table::{Stage, Table};
use crate::discord::live::persist;
use crate::discord::view::refusals::refusal_text;
use crate::discord::view::{message, picture, presenter};
use crate::engine::{Ruleset, Variant};
use crate::store::{NewGame, Store};
use std::time::{Duration, Instant};

/// Per-click durations of each part of the handler.
#[derive(Default)]
struct Times {
    logic: Vec<Duration>,
    store: Vec<Duration>,
    render: Vec<Duration>,
    total: Vec<Duration>,
    /// CPU time of the board PNG and of the whole handler.
    render_cpu: Vec<Duration>,
    total_cpu: Vec<Duration>,
}

/// Plays `games` games (two humans and a computer) and reports per-click times.
pub fn run(games: u64) -> Result<String, String> {
    let path = std::env::temp_dir().join(format!("thaayam-bot-bench-{}.db", std::process::id()));
    let mut store = Store::open(&path).map_err(|e| e.to_string())?;
    let mut times = Times::default();
    let result = (0..games).try_for_each(|g| play(&mut store, g, &mut times));
    let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    drop(store);
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    result?;
    if times.total.is_empty() || times.render.is_empty() {
        return Err("no clicks were timed".into());
    }
    let mut out = format!(
        "{} clicks in {games} games (database file {} KB), {} board PNGs drawn\n  \
         session + presenter + limit check: {}\n  store save (SQLite file, WAL): {}\n  board PNG: {}\n  \
         whole handler: {}",
        times.total.len(),
        size / 1024,
        times.render.len(),
        summary(&mut times.logic),
        summary(&mut times.store),
        summary(&mut times.render),
        summary(&mut times.total)
    );
    if !times.total_cpu.is_empty() && !times.render_cpu.is_empty() {
        out += &format!(
            "\nCPU time of the thread:\n  board PNG: {}\n  whole handler: {}",
            summary(&mut times.render_cpu),
            summary(&mut times.total_cpu)
        );
    }
    Ok(out)
}

fn summary(times: &mut [Duration]) -> String {
    times.sort();
    let pct = |p: usize| times[(times.len() * p / 100).min(times.len() - 1)];
    format!("p50 {:?}, p99 {:?}, max {:?}", pct(50), pct(99), times[times.len() - 1])
}

/// The thread's CPU time since `start`, if the platform measures it.
fn since(start: Option<Duration>) -> Option<Duration> {
    Some(thread_cpu_time()?.saturating_sub(start?))
}

fn play(store: &mut Store, g: u64, times: &mut Times) -> Result<(), String> {
    let mut seed = [0u8; 32];
    seed[..8].copy_from_slice(&g.to_le_bytes());
    let ruleset = Ruleset::new(Variant::Bell);
    let new = NewGame { guild: 1, channel: g + 1, host: 10, ruleset, max_players: 3, turn_timeout_secs: 60, seed };
    let id = store.create_game(&new).map_err(|e| e.to_string())?;
    let mut t = Table::new(id.0, 1, g + 1, 10, ruleset, 3, seed);
    t.stored = Some(Default::default());
    let host = Actor { user: 10, moderator: false };
    let setup = [Intent::AddComputer(Level::Easy), Intent::Start];
    session::handle(&mut t, Actor { user: 11, moderator: false }, Intent::Join, None, 0)
        .map_err(|e| refusal_text(&e))?;
    for intent in setup {
        session::handle(&mut t, host, intent, None, 0).map_err(|e| refusal_text(&e))?;
    }
    persist::save_sync(store, &mut t).map_err(|e| e.to_string())?;
    let mut guard = 0;
    while t.stage == Stage::Playing && guard < 100_000 {
        guard += 1;
        let start = Instant::now();
        let start_cpu = thread_cpu_time();
        let notes = match session::computer_step(&mut t, 0) {
            Some(notes) => notes,
            None => {
                let user = t.human_to_act().ok_or("nobody to act")?;
                let intent = next_intent(&t);
                let seq = t.seq;
                session::handle(&mut t, Actor { user, moderator: false }, intent, Some(seq), 0)
                    .map_err(|e| refusal_text(&e))?
            }
        };
        let logic = start.elapsed();
        let saved = Instant::now();
        let changes = persist::save_sync(store, &mut t).map_err(|e| e.to_string())?;
        times.store.push(saved.elapsed());
        let shown = Instant::now();
        let msg = presenter::table_message(&t, &notes, &persist::outro(&changes));
        message::check(&msg)?;
        times.logic.push(logic + shown.elapsed());
        let drawn = Instant::now();
        let drawn_cpu = thread_cpu_time();
        if let Some(view) = picture::board_view(&t).filter(|_| msg.board_image) {
            crate::render::render_png(&view, picture::BOARD_SIZE).map_err(|e| e.to_string())?;
            times.render.push(drawn.elapsed());
            times.render_cpu.extend(since(drawn_cpu));
        }
        times.total.push(start.elapsed());
        times.total_cpu.extend(since(start_cpu));
    }
    Ok(())
}
