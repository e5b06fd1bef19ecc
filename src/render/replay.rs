//! Animated GIF replays: the event log is replayed with `Game`, one frame
//! per action (with the series of throws in the strip), encoded with the
//! `gif` crate using one shared palette and, after the first frame, only
//! the rectangle that changed, unchanged pixels left transparent. A
//! replay lasts at most its time budget (45 s): the frame delays share it,
//! captures and pieces reaching home or borne off held longer; a game too
//! long for the budget shows every such frame and as many plain moves as
//! fit. Long games are then sampled down until the file fits the size cap.

use super::board::render_pixmap;
use super::encode::to_rgb;
use super::error::RenderError;
use super::view::{BoardView, LastAction, SeriesThrow};
use crate::engine::{Action, Event, Game, Phase, Ruleset, SeatSet, Throw, ThrowBag};
use gif::{DisposalMethod, Encoder, Frame, Repeat};
use std::borrow::Cow;
use std::sync::Arc;

/// Puts a replay's frames into the caller's words (its language): called
/// on every frame, with the position before the action and the action for
/// all but the first, it sets the frame's caption (`note`) and `labels`.
/// Without it the captions and labels are English.
#[derive(Clone)]
pub struct ReplayWords(pub Arc<WordFrame>);

/// What a frame's words are made from: the frame, and for all but the
/// first the position before the action and the action.
pub type WordFrame = dyn Fn(&mut BoardView, Option<(&crate::engine::Position, Action)>) + Send + Sync;

impl std::fmt::Debug for ReplayWords {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ReplayWords(..)")
    }
}

/// How a replay is drawn.
#[derive(Clone, Debug)]
pub struct ReplayOptions {
    /// Long side of a frame in pixels.
    pub size: u32,
    /// The GIF is sampled down until it is at most this many bytes.
    pub max_bytes: usize,
    /// At most this many frames before any size check.
    pub max_frames: usize,
    /// The whole replay lasts at most this long, in hundredths of a second.
    pub budget_cs: u32,
    /// Display names by seat index (empty: the seat's name).
    pub names: [String; 4],
    /// The captions' and labels' words (English when `None`).
    pub words: Option<ReplayWords>,
}

impl Default for ReplayOptions {
    fn default() -> Self {
        ReplayOptions {
            size: 600,
            max_bytes: 8_000_000,
            max_frames: 400,
            budget_cs: 4_500,
            names: Default::default(),
            words: None,
        }
    }
}

/// The replay of a game as GIF bytes.
pub fn replay_gif(
    ruleset: Ruleset,
    seats: SeatSet,
    events: &[Event],
    opts: &ReplayOptions,
) -> Result<Vec<u8>, RenderError> {
    let views = worded_views(ruleset, seats, events, &opts.names, opts.words.as_ref())?;
    let paced = pace(&views, opts.budget_cs);
    let mut limit = opts.max_frames.max(2);
    loop {
        let picked = sample(&paced, limit);
        let gif = encode(&picked, opts)?;
        if gif.len() <= opts.max_bytes || limit <= 2 {
            return Ok(gif);
        }
        limit = (picked.len() / 2).max(2);
    }
}

/// One view per action, plus the start; each shows the series of the
/// player who acted with the throws used so far dimmed.
pub fn frame_views(
    ruleset: Ruleset,
    seats: SeatSet,
    events: &[Event],
    names: &[String; 4],
) -> Result<Vec<BoardView>, RenderError> {
    worded_views(ruleset, seats, events, names, None)
}

/// [`frame_views`] in the words of `words` (English when `None`).
fn worded_views(
    ruleset: Ruleset,
    seats: SeatSet,
    events: &[Event],
    names: &[String; 4],
    words: Option<&ReplayWords>,
) -> Result<Vec<BoardView>, RenderError> {
    let mut game = Game::new(ruleset, seats);
    let mut thrown: Vec<Throw> = Vec::new();
    let mut start = BoardView::new(*game.position());
    start.whole = true;
    start.names = names.clone();
    if let Some(words) = words {
        (words.0)(&mut start, None);
    }
    let mut views = vec![start];
    for (i, &event) in events.iter().enumerate() {
        let before = *game.position();
        let new_series = matches!(game.phase(), Phase::Throwing { .. }) && before.throws().is_empty();
        if new_series || matches!(game.phase(), Phase::Opening { .. }) {
            thrown.clear();
        }
        let out = game.apply(event).map_err(|e| RenderError::Replay(i, format!("{e:?}")))?;
        match event {
            Event::Throw { t } if !matches!(game.phase(), Phase::Opening { .. }) => thrown.push(t),
            Event::Throw { .. } => {}
            Event::Act { action } => {
                let mut v = BoardView::new(*game.position());
                v.whole = true;
                v.names = names.clone();
                v.series = series_of(&thrown, game.position().throws().bag());
                v.last = LastAction::of(&before, action, out.captured).into_iter().collect();
                match words {
                    Some(words) => (words.0)(&mut v, Some((&before, action))),
                    None => v.note = Some(describe(&v, &before, action, out.captured)),
                }
                views.push(v);
            }
        }
    }
    Ok(views)
}

/// The throws of a series in order, the ones no longer remaining marked used.
fn series_of(thrown: &[Throw], mut remaining: ThrowBag) -> Vec<SeriesThrow> {
    let mut out: Vec<SeriesThrow> = thrown.iter().map(|&throw| SeriesThrow { throw, used: true }).collect();
    // The remaining throws are the latest of each kind still unused.
    for st in out.iter_mut().rev() {
        if remaining.take(st.throw) {
            st.used = false;
        }
    }
    out
}

/// "South: c1 → e3", "North enters", "East bears off", "… ✕2".
fn describe(v: &BoardView, before: &crate::engine::Position, action: Action, captured: u8) -> String {
    let who = v.name(before.turn());
    let last = LastAction::of(before, action, captured);
    let mut s = match (action, last) {
        (Action::Enter | Action::EnterTwins, _) => format!("{who} enters"),
        (Action::BearOff, _) => format!("{who} bears off"),
        (Action::Twins, _) => format!("{who} forms twins"),
        (Action::Pass, _) => format!("{who} passes"),
        (_, Some(last @ LastAction { from: Some(_), to: Some(_), .. })) => {
            let board = before.rules().board;
            let name = |c: Option<crate::engine::Cell>| c.map(|c| board.square_name(c)).unwrap_or_default();
            format!("{who}: {} → {}", name(last.start_cell(board)), name(last.landing_cell(board)))
        }
        _ => format!("{who}: {action}"),
    };
    if captured > 0 {
        s.push_str(&format!(" ✕{captured}"));
    }
    s
}

/// At most `limit` views, evenly spread, always keeping the first and last.
fn sample<'a>(views: &[&'a BoardView], limit: usize) -> Vec<&'a BoardView> {
    let n = views.len();
    if n <= limit {
        return views.to_vec();
    }
    let mut out: Vec<&BoardView> = (0..limit).map(|k| views[k * (n - 1) / (limit - 1)]).collect();
    out.dedup_by(|a, b| std::ptr::eq(*a, *b));
    out
}

/// How long the first frame (the empty board) and the last (the end of
/// the game) stay, in hundredths of a second.
const START_CS: u32 = 100;
const END_CS: u32 = 300;
/// A plain move stays at least this long (browsers show delays under
/// 2 cs as 10 cs) and at most as long as before budgets (0.8 s).
const MIN_PLAIN_CS: f32 = 8.0;
const MAX_PLAIN_CS: f32 = 80.0;

/// How long a frame stays, in plain moves: a capture three times as long,
/// a piece reaching the goal (the keep, home) or borne off twice.
fn weight(v: &BoardView) -> f32 {
    let goal = v.position.rules().goal();
    match v.last.last() {
        Some(l) if l.captured > 0 => 3.0,
        Some(l) if l.to.is_none() || l.to == Some(goal) => 2.0,
        _ => 1.0,
    }
}

/// The views a budget of `budget_cs` can show with plain moves at least
/// `MIN_PLAIN_CS` long: the first and last, every capture and arrival,
/// and as many plain moves as fit, evenly spread.
fn pace(views: &[BoardView], budget_cs: u32) -> Vec<&BoardView> {
    let n = views.len();
    if n <= 2 {
        return views.iter().collect();
    }
    let middle = &views[1..n - 1];
    let special: f32 = middle.iter().map(weight).filter(|&w| w > 1.0).sum();
    let plain = middle.iter().filter(|v| weight(v) <= 1.0).count();
    let available = budget_cs.saturating_sub(START_CS + END_CS) as f32;
    let room = (available / MIN_PLAIN_CS - special).floor().max(0.0) as usize;
    let mut seen = 0;
    let mut out = vec![&views[0]];
    for v in middle {
        if weight(v) > 1.0 {
            out.push(v);
            continue;
        }
        // Plain move number `seen` is kept when it starts a new share of
        // `room` among `plain`.
        if plain <= room || (seen * room) / plain.max(1) != ((seen + 1) * room) / plain.max(1) {
            out.push(v);
        }
        seen += 1;
    }
    out.push(&views[n - 1]);
    out
}

/// The delay of each frame in hundredths of a second: the first and last
/// fixed, the others sharing what is left of the budget by their weight
/// (plain moves at most `MAX_PLAIN_CS`). Their sum is at most the budget.
fn delays(views: &[&BoardView], budget_cs: u32) -> Vec<u16> {
    let n = views.len();
    if n < 2 {
        return vec![END_CS as u16; n];
    }
    let total: f32 = views[1..n - 1].iter().map(|v| weight(v)).sum();
    let available = budget_cs.saturating_sub(START_CS + END_CS) as f32;
    let unit = if total > 0.0 { (available / total).min(MAX_PLAIN_CS) } else { 0.0 };
    let mut out = vec![START_CS as u16];
    out.extend(views[1..n - 1].iter().map(|v| (weight(v) * unit).floor().max(2.0).min(f32::from(u16::MAX)) as u16));
    out.push(END_CS as u16);
    out
}

/// Six bits per channel: the key of the palette lookup table.
fn key(r: u8, g: u8, b: u8) -> usize {
    (usize::from(r >> 2) << 12) | (usize::from(g >> 2) << 6) | usize::from(b >> 2)
}

const TRANSPARENT: u8 = 255;

/// A shared palette (255 colours + transparency) and a lazy lookup table.
struct Palette {
    colours: Vec<[u8; 3]>,
    lut: Vec<u16>,
}

impl Palette {
    /// The most frequent colours of some frames (means of 6-bit bins).
    fn from_frames(frames: &[&[u8]]) -> Palette {
        let mut count = vec![0u32; 1 << 18];
        let mut sum = vec![[0u64; 3]; 1 << 18];
        for rgb in frames {
            for p in rgb.chunks_exact(3) {
                let k = key(p[0], p[1], p[2]);
                count[k] += 1;
                for c in 0..3 {
                    sum[k][c] += u64::from(p[c]);
                }
            }
        }
        let mut bins: Vec<usize> = (0..count.len()).filter(|&k| count[k] > 0).collect();
        bins.sort_by_key(|&k| std::cmp::Reverse(count[k]));
        let mean = |k: usize| {
            let n = u64::from(count[k]);
            [(sum[k][0] / n) as u8, (sum[k][1] / n) as u8, (sum[k][2] / n) as u8]
        };
        let colours = bins.iter().take(usize::from(TRANSPARENT)).map(|&k| mean(k)).collect();
        Palette { colours, lut: vec![u16::MAX; 1 << 18] }
    }

    fn index(&mut self, r: u8, g: u8, b: u8) -> u8 {
        let k = key(r, g, b);
        if self.lut[k] == u16::MAX {
            self.lut[k] = u16::from(self.nearest(r, g, b));
        }
        self.lut[k] as u8
    }

    fn nearest(&self, r: u8, g: u8, b: u8) -> u8 {
        let d = |c: &[u8; 3]| {
            let (dr, dg, db) =
                (i32::from(c[0]) - i32::from(r), i32::from(c[1]) - i32::from(g), i32::from(c[2]) - i32::from(b));
            2 * dr * dr + 4 * dg * dg + 3 * db * db
        };
        self.colours.iter().enumerate().min_by_key(|(_, c)| d(c)).map_or(0, |(i, _)| i as u8)
    }

    /// 256 RGB triples for the GIF's global colour table.
    fn table(&self) -> Vec<u8> {
        let mut t: Vec<u8> = self.colours.iter().flatten().copied().collect();
        t.resize(256 * 3, 0);
        t
    }
}

fn encode(views: &[&BoardView], opts: &ReplayOptions) -> Result<Vec<u8>, RenderError> {
    let rendered: Vec<(u32, u32, Vec<u8>)> = views
        .iter()
        .map(|v| render_pixmap(v, opts.size).map(|p| (p.width(), p.height(), to_rgb(&p))))
        .collect::<Result<_, _>>()?;
    let Some((w, h, _)) = rendered.first().map(|r| (r.0, r.1, ())) else {
        return Err(RenderError::Encode("no frames".into()));
    };
    let n = rendered.len();
    let spread: Vec<&[u8]> = [0, n / 4, n / 2, 3 * n / 4, n - 1].iter().map(|&i| rendered[i].2.as_slice()).collect();
    let mut palette = Palette::from_frames(&spread);
    let delays = delays(views, opts.budget_cs);
    let enc_err = |e: gif::EncodingError| RenderError::Encode(e.to_string());
    let mut out = Vec::new();
    {
        let mut enc = Encoder::new(&mut out, w as u16, h as u16, &palette.table()).map_err(enc_err)?;
        enc.set_repeat(Repeat::Infinite).map_err(enc_err)?;
        let mut prev: Option<Vec<u8>> = None;
        for (i, (_, _, rgb)) in rendered.iter().enumerate() {
            let idx: Vec<u8> = rgb.chunks_exact(3).map(|p| palette.index(p[0], p[1], p[2])).collect();
            let frame = delta_frame(prev.as_deref(), &idx, w as usize, h as usize, delays[i]);
            enc.write_frame(&frame).map_err(enc_err)?;
            prev = Some(idx);
        }
    }
    Ok(out)
}

/// The part of `cur` that differs from `prev` (the whole picture first),
/// with unchanged pixels transparent.
fn delta_frame<'a>(prev: Option<&[u8]>, cur: &'a [u8], w: usize, h: usize, delay: u16) -> Frame<'a> {
    let base = Frame { delay, dispose: DisposalMethod::Keep, ..Frame::default() };
    let Some(prev) = prev else {
        return Frame { width: w as u16, height: h as u16, buffer: Cow::Borrowed(cur), ..base };
    };
    let (mut x0, mut y0, mut x1, mut y1) = (w, h, 0, 0);
    for y in 0..h {
        let row = y * w..(y + 1) * w;
        if prev[row.clone()] == cur[row.clone()] {
            continue;
        }
        let changed = |x: &usize| prev[y * w + x] != cur[y * w + x];
        let first = (0..w).find(changed).unwrap_or(0);
        let last = (0..w).rev().find(changed).unwrap_or(0);
        (x0, x1, y0, y1) = (x0.min(first), x1.max(last), y0.min(y), y1.max(y));
    }
    if x0 > x1 {
        (x0, y0, x1, y1) = (0, 0, 0, 0);
    }
    let mut buf = Vec::with_capacity((x1 - x0 + 1) * (y1 - y0 + 1));
    for y in y0..=y1 {
        for x in x0..=x1 {
            let i = y * w + x;
            buf.push(if prev[i] == cur[i] { TRANSPARENT } else { cur[i] });
        }
    }
    Frame {
        left: x0 as u16,
        top: y0 as u16,
        width: (x1 - x0 + 1) as u16,
        height: (y1 - y0 + 1) as u16,
        transparent: Some(TRANSPARENT),
        buffer: Cow::Owned(buf),
        ..base
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Seat, Throw};

    #[test]
    fn used_throws_are_the_ones_no_longer_remaining() {
        let thrown = [Throw::One, Throw::Four, Throw::Two];
        let s = series_of(&thrown, ThrowBag::of(&[Throw::Two, Throw::One]));
        assert_eq!(s.iter().map(|t| t.used).collect::<Vec<_>>(), [false, true, false]);
    }

    #[test]
    fn sampling_keeps_the_ends() {
        let pos = crate::engine::Position::start(Ruleset::default(), SeatSet::for_players(2).unwrap_or_default());
        let views: Vec<BoardView> = (0..10).map(|_| BoardView::new(pos)).collect();
        let refs: Vec<&BoardView> = views.iter().collect();
        let s = sample(&refs, 4);
        assert_eq!(s.len(), 4);
        assert!(std::ptr::eq(s[0], &views[0]) && std::ptr::eq(s[3], &views[9]));
    }

    /// `n` views, every `every`-th a capture (the rest plain moves).
    fn game_of(n: usize, every: usize) -> Vec<BoardView> {
        let pos = crate::engine::Position::start(Ruleset::default(), SeatSet::for_players(2).unwrap_or_default());
        (0..n)
            .map(|i| {
                let mut v = BoardView::new(pos);
                let captured = u8::from(i % every == 0);
                v.last = vec![LastAction { seat: Seat::S, from: Some(1), to: Some(2), captured }];
                v
            })
            .collect()
    }

    #[test]
    fn a_long_game_keeps_every_capture_and_fits_the_budget() {
        let views = game_of(2_000, 50);
        let paced = pace(&views, 4_500);
        let captures = |vs: &[&BoardView]| vs.iter().filter(|v| weight(v) > 1.0).count();
        let all: Vec<&BoardView> = views.iter().collect();
        assert_eq!(captures(&paced), captures(&all));
        assert!(paced.len() < 600, "{} frames", paced.len());
        let d = delays(&paced, 4_500);
        assert!(d.iter().map(|&c| u32::from(c)).sum::<u32>() <= 4_500);
        let plain = d.iter().zip(&paced).skip(1).find(|(_, v)| weight(v) == 1.0).map(|(c, _)| *c);
        let capture = d.iter().zip(&paced).skip(1).find(|(_, v)| weight(v) == 3.0).map(|(c, _)| *c);
        let (plain, capture) = (plain.expect("a plain move"), capture.expect("a capture"));
        assert!(plain >= MIN_PLAIN_CS as u16 && capture >= 3 * plain - 2, "plain {plain}, capture {capture}");
    }

    #[test]
    fn a_short_game_keeps_its_pace() {
        let views = game_of(12, 5);
        let refs: Vec<&BoardView> = pace(&views, 4_500);
        assert_eq!(refs.len(), 12);
        let d = delays(&refs, 4_500);
        assert_eq!((d[0], d[11]), (START_CS as u16, END_CS as u16));
        assert_eq!(d[1..11].iter().filter(|&&c| c == MAX_PLAIN_CS as u16).count(), 8);
        assert_eq!(d[5], 3 * MAX_PLAIN_CS as u16);
    }

    #[test]
    fn unchanged_pixels_become_transparent_inside_the_changed_box() {
        let prev = vec![1u8; 16];
        let mut cur = prev.clone();
        cur[5] = 2;
        cur[10] = 3;
        let f = delta_frame(Some(&prev), &cur, 4, 4, 10);
        assert_eq!((f.left, f.top, f.width, f.height), (1, 1, 2, 2));
        assert_eq!(&*f.buffer, &[2, TRANSPARENT, TRANSPARENT, 3]);
    }
}
