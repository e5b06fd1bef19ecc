//! `tutor-bench`: what the tutor's judging costs (`discord::game::tutor`):
//! games played by one level at every seat, and at the start of every use
//! of a series whose menu offers whole moves with a choice (2 to 25 ends,
//! as the board's menu), the menu judged as the bot judges it when a
//! player's turn starts; each judgement's CPU time, per menu and per end.

use super::cpu::thread_cpu_time;
use crate::ai::Level;
use crate::ai::Strategy;
use crate::ai::arena::{mix, play_game};
use crate::discord::game::choices::OPTIONS;
use crate::discord::game::ends::ends;
use crate::discord::game::ids::UserId;
use crate::discord::game::tutor::{Job, judge};
use crate::engine::{Event, Game, Phase, Ruleset, SeatSet, Variant};
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// The menus a player chooses from in one game: the position after each
/// series' last throw, when its ends fit a menu and are two or more.
fn menus(ruleset: Ruleset, seats: SeatSet, events: &[Event]) -> Vec<(Game, Vec<Game>)> {
    let mut g = Game::new(ruleset, seats);
    let mut out = Vec::new();
    for (i, e) in events.iter().enumerate() {
        let ok = match *e {
            Event::Throw { t } => g.throw(t).is_ok(),
            Event::Act { action } => {
                g.act_unchecked(action);
                true
            }
        };
        if !ok {
            break;
        }
        let next_is_act = matches!(events.get(i + 1), Some(Event::Act { .. }));
        if matches!(e, Event::Throw { .. }) && next_is_act && matches!(g.phase(), Phase::Moving { .. }) {
            let found = ends(&g);
            if found.complete && (2..=OPTIONS).contains(&found.list.len()) {
                out.push((g, found.list.iter().map(|e| e.game).collect()));
            }
        }
    }
    out
}

/// CPU time of `work` on this thread (wall time where there is no thread clock).
fn timed<T>(work: impl FnOnce() -> T) -> (T, Duration) {
    let (cpu, wall) = (thread_cpu_time(), Instant::now());
    let out = work();
    let spent = match (cpu, thread_cpu_time()) {
        (Some(a), Some(b)) => b.saturating_sub(a),
        _ => wall.elapsed(),
    };
    (out, spent)
}

/// `tutor-bench`: `games` games of `level` at every seat; prints the
/// judgements' CPU time per menu (mean, median, 95th percentile, worst)
/// and per end, and how many ends the menus had.
pub fn bench(variant: Variant, players: usize, level: Level, games: u64) -> Result<String, String> {
    let ruleset = Ruleset::new(variant);
    let seats = SeatSet::for_players(players).ok_or("players must be 2, 3 or 4")?;
    let (mut times, mut sizes) = (Vec::new(), Vec::new());
    for i in 0..games {
        let mut strategies: [Box<dyn Strategy + Send>; 4] = std::array::from_fn(|_| level.strategy());
        let played = play_game(ruleset, seats, &mut strategies, mix(i + 1)).map_err(|e| e.to_string())?;
        for (base, ends) in menus(ruleset, seats, &played.events) {
            let job = Job { user: UserId(1), base, ends };
            let (verdict, spent) = timed(|| judge(&job));
            verdict.ok_or("no verdict: no network for this table")?;
            times.push(spent.as_secs_f64());
            sizes.push(job.ends.len());
        }
    }
    if times.is_empty() {
        return Err("no menu with a choice was played".into());
    }
    let n = times.len();
    let total: f64 = times.iter().sum();
    let ends: usize = sizes.iter().sum();
    let mut sorted = times.clone();
    sorted.sort_by(f64::total_cmp);
    let at = |q: f64| sorted[((n - 1) as f64 * q).round() as usize] * 1000.0;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{variant} {players}p by {level}: {n} menus of {games} games, {:.1} ends each on average (at most {})",
        ends as f64 / n as f64,
        sizes.iter().max().copied().unwrap_or(0)
    );
    let _ = writeln!(
        out,
        "judging one menu: mean {:.1} ms, median {:.1} ms, 95th percentile {:.1} ms, worst {:.1} ms of one core; {:.2} ms per end",
        total / n as f64 * 1000.0,
        at(0.5),
        at(0.95),
        at(1.0),
        total / ends as f64 * 1000.0
    );
    Ok(out)
}
