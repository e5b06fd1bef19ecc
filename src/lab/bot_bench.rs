//! `thaayam-lab bot-bench`: times what the bot does for each click (the session
//! layer applying it, saving it in an SQLite file, the presenter building
//! and checking the message, drawing the board PNG) over whole scripted
//! games, and prints the percentiles of each part and of the whole, in
//! wall time and in CPU time of the thread (what other processes on a
//! shared machine do not disturb); then counts the taps a turn takes, per
//! variant, for scripted players who choose uniformly among the options
//! the bot offers.

use super::cpu::thread_cpu_time;
use crate::discord::game::computer::Level;
use crate::discord::game::ids::{ChannelId, GameId, GuildId, UserId, Venue};
use crate::discord::game::intent::{Actor, Intent};
use crate::discord::game::script::{next_intent, random_intent};
use crate::discord::game::session;
use crate::discord::game::table::{NewGame, Origin, Stage, Table};
use crate::discord::live::{persist, pictures};
use crate::discord::view::lang::Lang;
use crate::discord::view::refusals::refusal_text;
use crate::discord::view::{message, picture, presenter};
use crate::engine::{Event, Game, Phase, Ruleset, Seat, Variant};
use crate::store::Store;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// Per-click durations of each part of the handler.
#[derive(Default)]
struct Times {
    logic: Vec<Duration>,
    store: Vec<Duration>,
    render: Vec<Duration>,
    total: Vec<Duration>,
    /// CPU time of the board PNG and of the whole handler (drawing every
    /// picture, and as the bot: drawing only pictures that changed).
    render_cpu: Vec<Duration>,
    total_cpu: Vec<Duration>,
    bot_cpu: Vec<Duration>,
    /// Clicks whose board kept its picture (the bot draws none).
    kept: usize,
}

/// Plays `games` games (two humans and a computer), their messages and
/// pictures in the language `lang` (a code like `fr`), and reports
/// per-click times.
pub fn run(games: u64, lang: &str) -> Result<String, String> {
    let lang = Lang::from_code(lang).ok_or_else(|| format!("no language {lang:?}"))?;
    let path = std::env::temp_dir().join(format!("thaayam-bot-bench-{}.db", std::process::id()));
    let mut store = Store::open(&path).map_err(|e| e.to_string())?;
    let mut times = Times::default();
    let result = (0..games).try_for_each(|g| play(&mut store, g, lang, &mut times));
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
            "\nCPU time of the thread:\n  board PNG: {}\n  whole handler, drawing every picture: {}\n  \
             whole handler as the bot, drawing only changed pictures ({} of {} kept): {}",
            summary(&mut times.render_cpu),
            summary(&mut times.total_cpu),
            times.kept,
            times.bot_cpu.len(),
            summary(&mut times.bot_cpu)
        );
    }
    out.push_str(&format!(
        "\ntaps per turn, {games} games per variant, 4 scripted players choosing uniformly among the offered \
         options (a turn: a seat's series until another seat acts; 'asked': turns with a tap):\n  \
         {:<13} {:>6} {:>6} {:>5} {:>4} {:>4}  {:>14} {:>9} {:>14}",
        "variant", "turns", "asked", "mean", "p90", "max", "forced: series", "taps", "refused/game"
    ));
    let mut broken = Vec::new();
    for variant in Variant::ALL {
        let taps = taps(variant, games)?;
        out.push('\n');
        out.push_str(&taps.line(variant, games));
        if taps.forced.iter().any(|&t| t > 0) || taps.refused > 0 {
            broken.push(variant.name());
        }
    }
    if !broken.is_empty() {
        return Err(format!("{out}\nforced series took taps or offered options were refused in: {broken:?}"));
    }
    Ok(out)
}

/// The taps of scripted games of one variant: per turn (a seat's run of
/// series until another seat acts), in series whose use was forced (one
/// end), the refused clicks and the taps of the opening throws.
#[derive(Default)]
struct Taps {
    turns: Vec<u32>,
    forced: Vec<u32>,
    refused: u64,
    opening: u64,
}

impl Taps {
    fn mean(&self) -> f64 {
        self.turns.iter().map(|&t| f64::from(t)).sum::<f64>() / self.turns.len().max(1) as f64
    }

    fn line(&self, variant: Variant, games: u64) -> String {
        let mut turns = self.turns.clone();
        turns.sort_unstable();
        let n = turns.len().max(1);
        let mean = self.mean();
        let p90 = turns.get((n * 9 / 10).min(n - 1)).copied().unwrap_or(0);
        let forced_taps: u32 = self.forced.iter().sum();
        format!(
            "  {:<13} {:>6} {:>5.0}% {:>5.2} {:>4} {:>4}  {:>14} {:>9} {:>14.1}   (opening: {:.1} taps/game)",
            variant.name(),
            turns.len(),
            100.0 * turns.iter().filter(|&&t| t > 0).count() as f64 / n as f64,
            mean,
            p90,
            turns.last().copied().unwrap_or(0),
            self.forced.len(),
            forced_taps,
            self.refused as f64 / games.max(1) as f64,
            self.opening as f64 / games.max(1) as f64
        )
    }
}

/// Follows a game's log to tell turns and series apart and charges each
/// tap to the turn and series it belongs to.
struct Tally {
    game: Game,
    events: usize,
    last: Option<Seat>,
    turn: Option<u32>,
    series: Option<(bool, u32)>,
    /// Taps made before the events of their turn or series (a Throw).
    turn_ahead: u32,
    series_ahead: u32,
}

impl Tally {
    fn new(t: &Table) -> Tally {
        let game = Game::new(t.ruleset, t.seats());
        Tally { game, events: 0, last: None, turn: None, series: None, turn_ahead: 0, series_ahead: 0 }
    }

    /// Reads the events logged since the last call.
    fn catch_up(&mut self, t: &Table, out: &mut Taps) {
        for &e in &t.events[self.events..] {
            let opening = matches!(self.game.phase(), Phase::Opening { .. });
            let actor = self.game.to_act();
            if !opening && actor != self.last {
                out.turns.extend(self.turn.take());
                self.turn = Some(std::mem::take(&mut self.turn_ahead));
                self.last = actor;
            }
            let was_moving = matches!(self.game.phase(), Phase::Moving { .. });
            if self.game.apply(e).is_err() {
                break;
            }
            if !was_moving && matches!(self.game.phase(), Phase::Moving { .. }) && matches!(e, Event::Throw { .. }) {
                self.close_series(out);
                self.series = Some((t.ends.ends(&self.game).is_forced(), std::mem::take(&mut self.series_ahead)));
            }
        }
        self.events = t.events.len();
    }

    fn close_series(&mut self, out: &mut Taps) {
        if let Some((true, taps)) = self.series.take() {
            out.forced.push(taps);
        }
    }

    /// One click of the player on turn (made before its events are logged).
    fn tap(&mut self, t: &Table, out: &mut Taps) {
        let committed = t.game_now();
        if matches!(committed.phase(), Phase::Opening { .. }) {
            out.opening += 1;
            return;
        }
        let seat = committed.to_act();
        if matches!(committed.phase(), Phase::Moving { .. }) {
            *self.turn.get_or_insert(0) += 1;
            if let Some((_, taps)) = &mut self.series {
                *taps += 1;
            }
            return;
        }
        self.series_ahead += 1;
        match (&mut self.turn, seat == self.last) {
            (Some(taps), true) => *taps += 1,
            _ => self.turn_ahead += 1,
        }
    }

    fn finish(mut self, out: &mut Taps) {
        out.turns.extend(self.turn.take());
        self.close_series(out);
    }
}

/// Plays `games` games of four scripted humans and counts their taps.
fn taps(variant: Variant, games: u64) -> Result<Taps, String> {
    let mut out = Taps::default();
    for g in 0..games {
        let mut seed = [7u8; 32];
        seed[..8].copy_from_slice(&g.to_le_bytes());
        let origin =
            Origin { id: GameId(1), venue: Venue::Server(GuildId(1)), channel: ChannelId(1), host: UserId(10) };
        let mut t = Table::new(origin, Ruleset::new(variant), 4, seed);
        for user in 11..14 {
            session::handle(&mut t, Actor { user: UserId(user), moderator: false }, Intent::Join, None, 0)
                .map_err(|e| refusal_text(Lang::EN, &e))?;
        }
        session::handle(&mut t, Actor { user: UserId(10), moderator: false }, Intent::Start, None, 0)
            .map_err(|e| refusal_text(Lang::EN, &e))?;
        let mut rng = ChaCha8Rng::seed_from_u64(g);
        let mut tally = Tally::new(&t);
        let mut guard = 0;
        while t.stage == Stage::Playing && guard < 200_000 {
            guard += 1;
            tally.catch_up(&t, &mut out);
            let user = t.human_to_act().ok_or("nobody to act")?;
            let intent = random_intent(&t, &mut rng);
            tally.tap(&t, &mut out);
            let seq = t.seq;
            if session::handle(&mut t, Actor { user, moderator: false }, intent, Some(seq), 0).is_err() {
                out.refused += 1;
            }
        }
        tally.catch_up(&t, &mut out);
        tally.finish(&mut out);
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

fn play(store: &mut Store, g: u64, lang: Lang, times: &mut Times) -> Result<(), String> {
    let mut seed = [0u8; 32];
    seed[..8].copy_from_slice(&g.to_le_bytes());
    let ruleset = Ruleset::new(Variant::Bell);
    let new = NewGame {
        venue: Venue::Server(GuildId(1)),
        channel: ChannelId(g + 1),
        host: UserId(10),
        ruleset,
        players: 3,
        turn_timeout: 60,
        moderators_end: false,
        practice: false,
    };
    let mut running = persist::create_sync(store, new, seed).map_err(|e| e.to_string())?;
    let t = &mut running.table;
    let host = Actor { user: UserId(10), moderator: false };
    let setup = [Intent::AddComputer(Level::Easy), Intent::Start];
    session::handle(t, Actor { user: UserId(11), moderator: false }, Intent::Join, None, 0)
        .map_err(|e| refusal_text(Lang::EN, &e))?;
    for intent in setup {
        session::handle(t, host, intent, None, 0).map_err(|e| refusal_text(Lang::EN, &e))?;
    }
    persist::save_sync(store, &mut running).map_err(|e| e.to_string())?;
    let mut guard = 0;
    // What the board message shows (`live::pictures::key`).
    let mut shown = None;
    while running.table.stage == Stage::Playing && guard < 100_000 {
        guard += 1;
        let start = Instant::now();
        let start_cpu = thread_cpu_time();
        let t = &mut running.table;
        let (notes, actor) = match session::computer_step(t, 0) {
            Some(notes) => (notes, None),
            None => {
                let user = t.human_to_act().ok_or("nobody to act")?;
                let intent = next_intent(t);
                let seq = t.seq;
                let notes = session::handle(t, Actor { user, moderator: false }, intent, Some(seq), 0)
                    .map_err(|e| refusal_text(Lang::EN, &e))?;
                (notes, Some(user))
            }
        };
        let logic = start.elapsed();
        let saved = Instant::now();
        let changes = persist::save_sync(store, &mut running).map_err(|e| e.to_string())?;
        times.store.push(saved.elapsed());
        let presented = Instant::now();
        let t = &running.table;
        let msg = presenter::table_message(lang, t, &notes, &persist::outro(&changes));
        message::check(&msg)?;
        // As the bot: a new board message draws its picture; an edit keeps
        // the message's picture when it shows the same.
        let fresh = running.post.needs_new_board(t, actor);
        running.post.shown_to_act(t);
        let view = picture::board_view(lang, t).filter(|_| msg.board_image);
        let key = view.as_ref().map(|v| pictures::key(v, &msg));
        let changed = fresh || key.is_none() || key != shown;
        shown = key;
        times.logic.push(logic + presented.elapsed());
        let undrawn_cpu = since(start_cpu);
        let drawn = Instant::now();
        let drawn_cpu = thread_cpu_time();
        if let Some(view) = view {
            crate::render::render_png(&view, picture::BOARD_SIZE).map_err(|e| e.to_string())?;
            times.render.push(drawn.elapsed());
            times.render_cpu.extend(since(drawn_cpu));
        }
        times.total.push(start.elapsed());
        times.total_cpu.extend(since(start_cpu));
        if changed {
            times.bot_cpu.extend(since(start_cpu));
        } else {
            times.kept += 1;
            times.bot_cpu.extend(undrawn_cpu);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_takes_one_pick_and_a_confirm_at_most_and_forced_ones_none() {
        for variant in Variant::ALL {
            let t = taps(variant, if variant == Variant::Bell { 4 } else { 1 }).expect("games");
            assert!(variant != Variant::Bell || t.mean() <= 1.3, "{}", t.line(variant, 4));
            assert!(!t.turns.is_empty());
            assert_eq!(t.forced.iter().sum::<u32>(), 0, "{}", t.line(variant, 1));
            assert_eq!(t.refused, 0, "{}", t.line(variant, 1));
            assert_eq!(t.opening, 0, "the opening throws itself");
        }
    }
}
