//! The board renderer: engine types in, encoded bytes out (PNG pictures of
//! a position or of a seat's route, GIF replays of a game). No I/O.
//!
//! Drawing uses tiny-skia (anti-aliased paths) and ab_glyph (text with the
//! embedded DejaVu fonts); pictures are written as indexed PNG with a
//! palette built from the theme (`render/palette.rs`, `render/encode.rs`:
//! fdeflate), and the `gif` crate writes replays with one shared palette
//! and only the changed rectangle per frame.
//! `docs/rendering.md` gives the measurements behind these choices.

mod chart;
mod dirty;
mod draw;
mod encode;
mod fonts;
mod layout;
#[cfg(test)]
mod legibility_tests;
mod palette;
mod replay;
mod route;
mod strip;
mod text;
mod theme;

pub use chart::{CHART_HEIGHT, CHART_WIDTH, Chart, render_chart};
pub(crate) use layout::{Layout, stack};
pub use replay::{ReplayOptions, ReplayWords, frame_views, replay_gif};
pub use route::{render_route, route_pixmap};
pub(crate) use strip::piece_counts;
pub(crate) use text::clean_name;

use crate::engine::{Action, Board, Cell, Position, Seat, Throw, Unit, destination};
use dirty::{Dirty, Rows};
use std::cell::RefCell;
use std::fmt;
use std::sync::Arc;
use tiny_skia::Pixmap;

/// The default long side of a picture, in pixels.
pub const DEFAULT_SIZE: u32 = 768;
/// Sizes outside this range are refused.
pub(crate) const MIN_SIZE: u32 = 200;
pub(crate) const MAX_SIZE: u32 = 4096;

/// Why a picture could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RenderError {
    /// The size is outside `MIN_SIZE..=MAX_SIZE`.
    Size(u32),
    /// The event log does not replay: the index of the refused event.
    Replay(usize, String),
    /// The encoder failed.
    Encode(String),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::Size(s) => write!(f, "size {s} is outside {MIN_SIZE}..={MAX_SIZE}"),
            RenderError::Replay(i, e) => write!(f, "event {i} does not replay: {e}"),
            RenderError::Encode(e) => write!(f, "encoding failed: {e}"),
        }
    }
}

impl std::error::Error for RenderError {}

/// One throw of the current series and whether it has been used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeriesThrow {
    pub throw: Throw,
    pub used: bool,
}

/// The last action, to be marked on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LastAction {
    /// Where the unit started (`None` when it entered from off the board).
    pub from: Option<Cell>,
    /// Where it landed (`None` when it was borne off).
    pub to: Option<Cell>,
    /// Enemy pieces captured where it landed.
    pub captured: u8,
}

impl LastAction {
    /// The squares of `action`, played by the seat on turn in `before`.
    pub(crate) fn of(before: &Position, action: Action, captured: u8) -> Option<LastAction> {
        let board = before.rules().board;
        let seat = before.turn();
        let goal = before.rules().goal();
        let at = |step: u8| Some(board.cell(seat, step.min(goal)));
        match action {
            Action::BearOff => Some(LastAction { from: at(goal), to: None, captured }),
            Action::Twins => Some(LastAction { from: None, to: at(before.rules().twins_step?), captured }),
            Action::Pass => None,
            _ => {
                let (unit, dest) = destination(before, action)?;
                let entering = matches!(
                    action,
                    Action::Enter | Action::EnterTwins | Action::EnterWith { .. } | Action::EnterPair { .. }
                );
                let from = unit.step().filter(|_| !entering);
                Some(LastAction { from: from.and_then(at), to: at(dest), captured })
            }
        }
    }
}

/// Everything a board picture shows: equal views draw equal pictures.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BoardView {
    pub position: Position,
    /// Display names by seat index; empty means the seat's name ("South").
    pub names: [String; 4],
    pub last: Option<LastAction>,
    /// Squares to mark as possible destinations.
    pub destinations: Vec<Cell>,
    /// The current series of throws, in the order thrown.
    pub series: Vec<SeriesThrow>,
    /// Replaces the header's "X to play" (e.g. "Move 12: S 5+8").
    pub note: Option<String>,
    /// The words drawn, already in the reader's language; `None`: the
    /// English ones made here.
    pub labels: Option<Labels>,
}

/// The words of a picture given by its caller (the bot's view layer,
/// which speaks the reader's language): the render layer draws them as
/// they are.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Labels {
    /// The header: "▶ Meena to play", "★ Meena wins".
    pub header: String,
    /// Each seat's row counts by seat index: "off 2 · on 1 · home 1".
    pub counts: [String; 4],
}

impl BoardView {
    /// A view of a position with default names, no highlights, and its
    /// remaining throws as the (all unused) series.
    pub fn new(position: Position) -> BoardView {
        let series = position.throws().as_slice().iter().map(|&throw| SeriesThrow { throw, used: false }).collect();
        BoardView {
            position,
            names: Default::default(),
            last: None,
            destinations: Vec::new(),
            series,
            note: None,
            labels: None,
        }
    }

    /// The name shown for a seat, cleaned of what the font cannot draw.
    pub(crate) fn name(&self, seat: Seat) -> String {
        clean_name(&self.names[seat.index()], seat.name())
    }
}

/// Checks a size and makes the layout for `rows` strip rows.
fn layout_for(size: u32, board: &Board, rows: usize) -> Result<Layout, RenderError> {
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(RenderError::Size(size));
    }
    Ok(Layout::new(size, board, rows))
}

/// Draws a board picture (not encoded).
pub fn render_pixmap(view: &BoardView, size: u32) -> Result<Pixmap, RenderError> {
    draw_board(view, size).map(|(pm, _, _)| pm)
}

/// Draws a board picture over its cached background; also returns the
/// background and the blocks the drawing over it touched.
fn draw_board(view: &BoardView, size: u32) -> Result<(Pixmap, Arc<draw::Background>, Dirty), RenderError> {
    let (l, bg) = board_background(view, size)?;
    let mut pm = bg.pm.clone();
    let dirty = draw_over(&mut pm, &l, view);
    Ok((pm, bg, dirty))
}

/// The layout of a board picture and its cached background.
fn board_background(view: &BoardView, size: u32) -> Result<(Layout, Arc<draw::Background>), RenderError> {
    let pos = &view.position;
    let board = pos.rules().board;
    let l = layout_for(size, board, pos.seats().len())?;
    let bg = draw::background(&l, board, pos.seats());
    Ok((l, bg))
}

/// Draws the overlays on `pm` (the background); the blocks touched.
fn draw_over(pm: &mut Pixmap, l: &Layout, view: &BoardView) -> Dirty {
    let ((), dirty) = dirty::recording(pm.width(), pm.height(), || overlays(pm, l, view));
    dirty
}

/// Everything of a board picture that is not its background.
fn overlays(pm: &mut Pixmap, l: &Layout, view: &BoardView) {
    let pos = &view.position;
    let board = pos.rules().board;
    for &cell in &view.destinations {
        draw::destination(pm, l, board, cell);
    }
    if let Some(last) = view.last {
        if let Some(from) = last.from.filter(|f| Some(*f) != last.to) {
            draw::move_outline(pm, l, board, from, true);
        }
        if let Some(to) = last.to {
            draw::move_outline(pm, l, board, to, false);
        }
    }
    pieces(pm, l, pos);
    if let Some(LastAction { from: Some(from), to: Some(to), .. }) = view.last {
        draw::arrow(pm, l, l.centre(board, from), l.centre(board, to));
    }
    if let Some(LastAction { to: Some(to), captured, .. }) = view.last
        && captured > 0
    {
        draw::capture_mark(pm, l, board, to, captured);
    }
    strip::paint(pm, l, view);
}

/// Draws every stack of the position.
fn pieces(pm: &mut Pixmap, l: &Layout, pos: &Position) {
    let board = pos.rules().board;
    let mut by_cell: Vec<Vec<(Seat, Unit)>> = vec![Vec::new(); board.cells.len()];
    for (seat, unit, cell) in pos.units_on_board() {
        if let Some(v) = by_cell.get_mut(usize::from(cell)) {
            v.push((seat, unit));
        }
    }
    for (cell, units) in by_cell.iter().enumerate().filter(|(_, u)| !u.is_empty()) {
        let (cx, cy) = l.centre(board, cell as Cell);
        for t in stack(units, l.cell) {
            draw::token(pm, cx, cy, &t);
        }
    }
}

/// The last board a thread encoded over a background: its pixels, and its
/// indices and filtered rows with the blocks its drawing touched.
struct Work {
    bg: Arc<draw::Background>,
    pm: Pixmap,
    kept: encode::Kept,
}

thread_local! {
    /// The last board this thread encoded: the next board over the same
    /// background starts from it and restores only the blocks its drawing
    /// touched, instead of copying the whole background (1.6 MB of pixels
    /// and 0.8 MB of indices and filtered rows at the default size). One
    /// per thread that draws boards (the bot's async workers, one per core).
    static WORK: RefCell<Option<Work>> = const { RefCell::new(None) };
}

/// A board picture as PNG bytes. Only what the drawing touched over the
/// background is looked up in the palette and filtered; the rest of the
/// indices and filtered rows are the background's, computed once per
/// layout and seating.
pub fn render_png(view: &BoardView, size: u32) -> Result<Vec<u8>, RenderError> {
    let (l, bg) = board_background(view, size)?;
    let (mut pm, mut kept) = match WORK.with(|w| w.borrow_mut().take()) {
        Some(Work { bg: last, mut pm, kept }) if Arc::ptr_eq(&last, &bg) => {
            match kept.last() {
                Some(touched) => {
                    let rows = Rows { stride: pm.width() as usize * 4, lead: 0, px: 4 };
                    touched.copy_touched(pm.data_mut(), bg.pm.data(), rows, false);
                }
                // Not known where the pixels differ from the background.
                None => pm.data_mut().copy_from_slice(bg.pm.data()),
            }
            (pm, kept)
        }
        _ => (bg.pm.clone(), encode::Kept::default()),
    };
    let dirty = draw_over(&mut pm, &l, view);
    let palette = palette::palette();
    let base = bg.base.get_or_init(|| encode::Base::of(&bg.pm, palette));
    let png = encode::indexed_png_over(&pm, palette, base, dirty, &mut kept);
    WORK.with(|w| *w.borrow_mut() = Some(Work { bg, pm, kept }));
    png.map_err(|e| RenderError::Encode(e.to_string()))
}

/// Encodes an opaque pixmap as an 8-bit indexed PNG with the theme's
/// palette (`render/palette.rs`), Paeth filters and fdeflate
/// (`render/encode.rs`). Measured on the default 533 × 762 board, in CPU
/// time: RGB through zlib level 1 took 1.5 ms for 67 KB, RGB through
/// fdeflate ≥ 0.47 ms for ≥ 88 KB. Indexed through the `png` crate,
/// fdeflate took 0.11 ms with Up filters (52 KB), 0.19 ms with Paeth
/// (42 KB), 0.25 ms adaptive (41 KB), zlib level 1 0.8 ms (29–31 KB); our
/// own writer (one pass of Paeth, one IDAT) encodes in ~0.45 ms (41 KB).
pub fn encode_png(pm: &Pixmap) -> Result<Vec<u8>, RenderError> {
    encode::indexed_png(pm, palette::palette()).map_err(|e| RenderError::Encode(e.to_string()))
}

/// The RGB bytes of an opaque pixmap (alpha dropped).
pub(crate) fn to_rgb(pm: &Pixmap) -> Vec<u8> {
    let mut rgb = Vec::with_capacity(pm.pixels().len() * 3);
    for p in pm.pixels() {
        rgb.extend_from_slice(&[p.red(), p.green(), p.blue()]);
    }
    rgb
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{ThrowBag, parse_square, parse_tpn};

    fn sq(s: &str) -> Option<Cell> {
        parse_square(s)
    }

    #[test]
    fn last_action_squares_follow_the_movers_track() {
        let pos = parse_tpn("bell S=1,o,o,o N=3,o,o,o turn=N throws=2,1").expect("tpn");
        let adv = Action::Advance { from: 3, twins: false, throws: ThrowBag::of(&[Throw::Two]) };
        // North's step 3 is a4, step 5 is a2.
        assert_eq!(LastAction::of(&pos, adv, 1), Some(LastAction { from: sq("a4"), to: sq("a2"), captured: 1 }));
        let enter = LastAction { from: None, to: sq("c5"), captured: 0 };
        assert_eq!(LastAction::of(&pos, Action::Enter, 0), Some(enter));
        assert_eq!(LastAction::of(&pos, Action::Pass, 0), None);
    }

    #[test]
    fn bearing_off_marks_the_keep_only() {
        let pos = parse_tpn("bell S=24,o,o,o N=o,o,o,o turn=S throws=1").expect("tpn");
        let bear = LastAction { from: sq("c3"), to: None, captured: 0 };
        assert_eq!(LastAction::of(&pos, Action::BearOff, 0), Some(bear));
    }

    #[test]
    fn names_default_to_seat_names_and_lose_emoji() {
        let pos = parse_tpn("bell S=o,o,o,o N=o,o,o,o turn=S").expect("tpn");
        let mut v = BoardView::new(pos);
        v.names[0] = "Meena 🎲".into();
        assert_eq!(v.name(Seat::S), "Meena");
        assert_eq!(v.name(Seat::N), "North");
    }

    #[test]
    fn sizes_out_of_range_are_refused() {
        let v = BoardView::new(parse_tpn("bell S=o,o,o,o N=o,o,o,o turn=S").expect("tpn"));
        assert_eq!(render_png(&v, 50).err(), Some(RenderError::Size(50)));
        assert!(render_png(&v, MAX_SIZE + 1).is_err());
    }

    /// Views along random games of every variant and table size: before
    /// each action, with its destinations marked; after it, with the
    /// last move marked (some with captures) and a long name.
    fn random_views(seed: u64) -> Vec<BoardView> {
        use crate::engine::{Game, MoveGen, Ruleset, SeatSet, Variant};
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut next = move |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n.max(1) as u64) as usize
        };
        let mut views = Vec::new();
        let mut mg = MoveGen::new();
        for variant in Variant::ALL {
            for players in 2..=4 {
                let Some(seats) = SeatSet::for_players(players) else { continue };
                let mut game = Game::new(Ruleset::new(variant), seats);
                for step in 0..400 {
                    if game.is_finished() {
                        break;
                    }
                    if game.wants_throw() {
                        let t = Throw::ALL[next(Throw::ALL.len())];
                        let _ = game.throw(t);
                        continue;
                    }
                    let legal = game.legal_actions();
                    let Some(&action) = legal.get(next(legal.len())) else { break };
                    let before = *game.position();
                    if step % 23 == 0 {
                        let mut v = BoardView::new(before);
                        let board = before.rules().board;
                        let goal = before.rules().goal();
                        v.destinations = legal
                            .iter()
                            .filter_map(|&a| destination(&before, a))
                            .map(|(_, d)| board.cell(before.turn(), d.min(goal)))
                            .collect();
                        views.push(v);
                    }
                    if game.act(action, &mut mg).is_err() {
                        break;
                    }
                    if step % 29 == 0 {
                        let mut v = BoardView::new(*game.position());
                        v.last = LastAction::of(&before, action, (step % 3) as u8);
                        v.names[1] = "Jayalakshmi Venkataraman the Magnificent".into();
                        v.note = (step % 2 == 0).then(|| format!("Move {step}"));
                        views.push(v);
                    }
                }
            }
        }
        views
    }

    #[test]
    fn encoding_only_what_the_drawing_touched_writes_the_same_png() {
        let views = random_views(7);
        assert!(views.len() > 60, "{} views", views.len());
        for (i, v) in views.iter().enumerate() {
            // An odd size too: rows that are not whole blocks of 8 pixels.
            let size = if i % 3 == 0 { 431 } else { DEFAULT_SIZE };
            // The same thread draws every view: each starts from the
            // previous picture with its touched blocks restored.
            let fast = render_png(v, size).expect("fast png");
            let (pm, _, dirty) = draw_board(v, size).expect("drawn");
            assert!(dirty.coverage() < 0.8, "view {i}: the drawing touched {:.0}%", 100.0 * dirty.coverage());
            let full = encode_png(&pm).expect("full png");
            assert!(fast == full, "view {i} (size {size}): {:?}", v.position);
        }
    }

    #[test]
    fn drawing_over_the_background_touches_a_small_part_of_a_board() {
        // The picture of benches/render.rs.
        let pos = parse_tpn("bell S=5,t8,o W=24,24,12,o N=x,3,o,o E=24,20,o,o turn=S throws=4,2,1").expect("tpn");
        let mut v = BoardView::new(pos);
        v.last = Some(LastAction { from: sq("c1"), to: sq("e3"), captured: 0 });
        let (_, _, dirty) = draw_board(&v, DEFAULT_SIZE).expect("drawn");
        // 18% (sprites report the pixels they cover, a slanted arrow its
        // band): the rest of the indices and filtered rows are reused.
        assert!(dirty.coverage() < 0.25, "{:.3}", dirty.coverage());
        assert!(dirty.coverage() > 0.05, "{:.3}", dirty.coverage());
    }

    #[test]
    fn board_png_is_indexed_portrait_and_small() {
        let pos = parse_tpn("bell S=5,t8,o W=24,24,12,o N=x,3,o,o E=24,20,o,o turn=S throws=4,2,1").expect("tpn");
        let png = render_png(&BoardView::new(pos), DEFAULT_SIZE).expect("png");
        // Colour type 3 (indexed) in the IHDR chunk.
        assert_eq!(png[25], 3);
        let img = image::load_from_memory(&png).expect("decode");
        assert!(img.height() > img.width() && img.height() <= DEFAULT_SIZE);
        assert!(png.len() <= 60_000, "{} bytes", png.len());
    }
}
