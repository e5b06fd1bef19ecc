//! Drawing on a tiny-skia pixmap: the static board (squares, palace tints,
//! crosses, grid, margin labels), cached per size and seating; pieces,
//! twins and count badges; last-move arrows, capture marks and destination
//! hints.

use super::cache::Bounded;
use super::canvas::Canvas;
use super::dirty::Dirty;
use super::encode::Base;
use super::layout::{Layout, Token, Window, is_sparse};
use super::sprite::{Mark, Sprite, SpriteKey, blank, blit, cached, from_steps, sprite_at, steps};
use super::text::{self, Style};
use super::theme;
use super::view::Letters;
use crate::engine::{Board, Cell, Seat, SeatSet};
use std::sync::{Arc, OnceLock};
use tiny_skia::{
    Color, FillRule, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, Rect, Stroke, StrokeDash, Transform,
};

// ---------------------------------------------------------------------------
// Primitives.

fn paint(c: Color) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(c);
    p.anti_alias = true;
    p
}

pub(crate) fn fill_path(pm: &mut Canvas, path: Option<Path>, c: Color) {
    if let Some(path) = path {
        let b = path.bounds();
        pm.touch(b.left(), b.top(), b.right(), b.bottom());
        pm.fill_path(&path, &paint(c), FillRule::Winding, Transform::identity(), None);
    }
}

pub(crate) fn stroke_path(pm: &mut Canvas, path: Option<Path>, c: Color, stroke: &Stroke) {
    stroke_path_reported(pm, path, c, stroke, true);
}

/// Strokes a path; reports its bounds when `report` (else the caller did).
pub(crate) fn stroke_path_reported(pm: &mut Canvas, path: Option<Path>, c: Color, stroke: &Stroke, report: bool) {
    if let Some(path) = path {
        // Half the width on each side; a square cap reaches √2 times that
        // at a slant, a mitred corner up to the miter limit times that.
        if report {
            let reach = match stroke.line_join {
                LineJoin::Miter | LineJoin::MiterClip => stroke.miter_limit.max(1.5),
                LineJoin::Round | LineJoin::Bevel => 1.5,
            };
            let (b, m) = (path.bounds(), stroke.width / 2.0 * reach);
            pm.touch(b.left() - m, b.top() - m, b.right() + m, b.bottom() + m);
        }
        pm.stroke_path(&path, &paint(c), stroke, Transform::identity(), None);
    }
}

pub(crate) fn stroke(width: f32) -> Stroke {
    Stroke { width, line_cap: LineCap::Round, ..Stroke::default() }
}

pub(crate) fn circle(pm: &mut Canvas, cx: f32, cy: f32, r: f32, c: Color) {
    fill_path(pm, PathBuilder::from_circle(cx, cy, r), c);
}

pub(crate) fn ring(pm: &mut Canvas, cx: f32, cy: f32, r: f32, width: f32, c: Color) {
    stroke_path(pm, PathBuilder::from_circle(cx, cy, r), c, &stroke(width));
}

pub(crate) fn line(pm: &mut Canvas, a: (f32, f32), b: (f32, f32), width: f32, c: Color) {
    let mut pb = PathBuilder::new();
    pb.move_to(a.0, a.1);
    pb.line_to(b.0, b.1);
    // Round caps: half the width around the centre line, ends included.
    pm.touch_line(a, b, width / 2.0);
    stroke_path_reported(pm, pb.finish(), c, &stroke(width), false);
}

pub(crate) fn rect(pm: &mut Canvas, x: f32, y: f32, w: f32, h: f32, c: Color) {
    if let Some(r) = Rect::from_xywh(x, y, w, h) {
        pm.touch(r.left(), r.top(), r.right(), r.bottom());
        pm.fill_rect(r, &paint(c), Transform::identity(), None);
    }
}

pub(crate) fn rect_outline(pm: &mut Canvas, x: f32, y: f32, w: f32, h: f32, s: &Stroke, c: Color) {
    if let Some(r) = Rect::from_xywh(x, y, w, h) {
        let mut s = s.clone();
        s.line_cap = LineCap::Square;
        stroke_path(pm, Some(PathBuilder::from_rect(r)), c, &s);
    }
}

/// A rectangle with rounded corners of radius `r`.
pub(crate) fn rounded(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<Path> {
    let r = r.min(w / 2.0).min(h / 2.0);
    let k = 0.5523 * r;
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.cubic_to(x + w - r + k, y, x + w, y + r - k, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.cubic_to(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.cubic_to(x + r - k, y + h, x, y + h - r + k, x, y + h - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + r - k, x + r - k, y, x + r, y);
    pb.close();
    pb.finish()
}

/// Odd line widths sit on half pixels to stay crisp.
fn crisp(v: f32, width: f32) -> f32 {
    if (width.round() as i32) % 2 == 1 { v.round() + 0.5 } else { v.round() }
}

// ---------------------------------------------------------------------------
// The static board.

/// The static board of one layout and seating, and (once a picture over
/// it is encoded) its palette indices and filtered rows.
pub(crate) struct Background {
    pub(crate) pm: Pixmap,
    pub(crate) base: OnceLock<Base>,
    /// The backgrounds of the other players' turns in the same game
    /// (equal `family`) differ from this one only in the blocks
    /// `turned`, its and theirs: what the marks of the player on turn
    /// (`Static::more`) touched.
    pub(crate) family: Family,
    pub(crate) turned: Dirty,
}

/// What the backgrounds of one game have in common: the size of the
/// picture, the board and the part of it shown, the seats and the word of
/// the keep.
pub(crate) type Family = (u32, u32, usize, Window, u8, String, Letters);

/// What a background shows besides the board of its layout and seating:
/// the word of the keep, and the player on turn (none once the game is
/// won), whose marks (the direction chevrons along her track, her row
/// lit in the strip) `more` draws, with whatever else does not change
/// (the strip's discs).
#[derive(Clone, Copy)]
pub(crate) struct Static<'a> {
    pub(crate) keep: &'a str,
    /// The letters on the palaces (and, drawn by `more`, the strip's discs).
    pub(crate) letters: Letters,
    pub(crate) turn: Option<Seat>,
    pub(crate) more: &'a dyn Fn(&mut Canvas, Option<Seat>),
}

/// The background for a layout, seating, word of the keep and player on
/// turn: the board with everything that does not change during her turn.
/// Cached (a clone of its pixmap costs ~0.1 ms; the chevrons drawn over
/// every board cost far more, in drawing and in encoding).
pub(crate) fn background(layout: &Layout, board: &'static Board, seats: SeatSet, more: Static) -> Arc<Background> {
    type Key = (Family, Option<Seat>);
    static CACHE: OnceLock<Bounded<Key, Arc<Background>>> = OnceLock::new();
    let mask = seats.iter().fold(0u8, |m, s| m | 1 << s.index());
    let board_id = board as *const Board as usize;
    let family = (layout.width, layout.height, board_id, layout.window, mask, more.keep.to_string(), more.letters);
    let key = (family.clone(), more.turn);
    CACHE.get_or_init(|| Bounded::new(32)).get_or_make(key, || {
        let (pm, turned) = paint_background(layout, board, seats, more);
        Arc::new(Background { pm, base: OnceLock::new(), family, turned })
    })
}

/// The pixels of a background and the blocks that `more` touched.
fn paint_background(l: &Layout, board: &Board, seats: SeatSet, more: Static) -> (Pixmap, Dirty) {
    let mut pm = Canvas::new(Pixmap::new(l.width, l.height).unwrap_or_else(|| Pixmap::new(1, 1).expect("1x1 pixmap")));
    pm.fill(theme::PAGE.skia());
    if is_sparse(board) {
        // A board that does not fill its grid (Tayam Sonalu's cross): each
        // cell is drawn and outlined on its own, the labels go in the
        // empty corners and the centre.
        for cell in (0..board.cells.len() as Cell).filter(|&c| l.shows(board, c)) {
            paint_square(&mut pm, l, board, cell, (seats, more.letters));
            let (x, y, side) = l.cell_rect(board, cell);
            let w = (2.0 * l.u).round().max(1.0);
            rect_outline(&mut pm, x, y, side, side, &stroke(w), theme::INK.skia());
        }
        paint_cross_labels(&mut pm, l);
        paint_keep(&mut pm, l, board, more.keep);
        pm.record();
        (more.more)(&mut pm, more.turn);
        return pm.finish();
    }
    let (bw, bh) = l.board_size();
    let shadow = (6.0 * l.u).round();
    fill_path(
        &mut pm,
        rounded(l.board_x + shadow, l.board_y + shadow, bw, bh, 4.0 * l.u),
        Color::from_rgba8(60, 40, 20, 40),
    );
    for cell in 0..board.cells.len() as Cell {
        paint_square(&mut pm, l, board, cell, (seats, more.letters));
    }
    paint_grid(&mut pm, l, board);
    paint_keep(&mut pm, l, board, more.keep);
    paint_labels(&mut pm, l);
    pm.record();
    (more.more)(&mut pm, more.turn);
    pm.finish()
}

/// The seat whose palace (her own start square) a cell is: step 0, or step 1
/// where every track starts in one shared centre (Tayam Sonalu).
pub(crate) fn palace_owner(board: &Board, cell: Cell) -> Option<Seat> {
    let shared_start = board.cell(Seat::S, 0) == board.cell(Seat::N, 0);
    let start = u8::from(shared_start);
    Seat::ALL.into_iter().find(|&s| board.cell(s, start) == cell)
}

fn paint_square(pm: &mut Canvas, l: &Layout, board: &Board, cell: Cell, (seats, letters): (SeatSet, Letters)) {
    let (x, y, side) = l.cell_rect(board, cell);
    let keep = board.cell(Seat::S, board.goal_step()) == cell;
    let owner = palace_owner(board, cell).filter(|s| seats.contains(*s));
    let fill = match owner {
        Some(s) => theme::palace(s),
        None if keep => theme::KEEP,
        None => theme::SQUARE,
    };
    rect(pm, x, y, side, side, fill.skia());
    if board.is_safe(cell) {
        let w = (3.0 * l.u).max(1.5);
        let c = theme::CROSS.skia_alpha(200);
        line(pm, (x, y), (x + side, y + side), w, c);
        line(pm, (x + side, y), (x, y + side), w, c);
    }
    if let Some(s) = owner {
        let px = l.small_text();
        let style = Style::new(px, true, theme::palace_letter(s));
        text::draw(pm, &letters.of(s).to_string(), x + 7.0 * l.u, y + 7.0 * l.u + style.cap_height(), style);
    }
}

fn paint_grid(pm: &mut Canvas, l: &Layout, board: &Board) {
    let w = (3.0 * l.u).round().max(1.0);
    let (bw, bh) = l.board_size();
    let c = theme::INK.skia();
    for i in 1..board.grid_cols {
        let x = crisp(l.board_x + f32::from(i) * l.cell, w);
        line(pm, (x, l.board_y), (x, l.board_y + bh), w, c);
    }
    for i in 1..board.grid_rows {
        let y = crisp(l.board_y + f32::from(i) * l.cell, w);
        line(pm, (l.board_x, y), (l.board_x + bw, y), w, c);
    }
    let frame = (6.0 * l.u).round().max(2.0);
    rect_outline(pm, l.board_x, l.board_y, bw, bh, &stroke(frame), c);
}

/// The keep, the goal of every track: a gold frame inside the square and
/// its word along the bottom (over the cross's diagonals, under any piece).
fn paint_keep(pm: &mut Canvas, l: &Layout, board: &Board, word: &str) {
    let keep = board.cell(Seat::S, board.goal_step());
    let (x, y, side) = l.cell_rect(board, keep);
    let w = (5.0 * l.u).round().max(2.0);
    let inset = (side * 0.07).round() + w / 2.0;
    let frame = crisp(x + inset, w) - x;
    rect_outline(pm, x + frame, y + frame, side - 2.0 * frame, side - 2.0 * frame, &stroke(w), theme::GOAL.skia());
    if word.is_empty() {
        return;
    }
    let style = keep_word_style(l, side, word);
    let band = (side - frame - w / 2.0) - side * 0.12;
    let (bx, by) = (x + side / 2.0, y + band);
    let pad = 4.0 * l.u;
    let (tw, th) = (text::width(word, style) + 2.0 * pad, style.cap_height() + 2.0 * pad);
    rect(pm, bx - tw / 2.0, by - th / 2.0, tw, th, theme::KEEP.skia());
    text::draw_centred(pm, word, bx, by, style);
}

/// The keep's word: as large as the small text, smaller only for a word
/// wider than the square (it may cross the frame, on a patch of the
/// keep's colour).
pub(crate) fn keep_word_style(l: &Layout, side: f32, word: &str) -> Style {
    let room = side - 2.0 * (5.0 * l.u).round().max(2.0) - 8.0 * l.u;
    let mut style = Style::new(l.small_text(), true, theme::GOAL);
    let wide = text::width(word, style);
    if wide > room {
        style.px = (style.px * room / wide).floor();
    }
    style
}

/// The smallest outer radius of a capture mark's burst.
pub(crate) fn capture_radius(l: &Layout) -> f32 {
    32.0 * l.u
}

/// The size of a capture mark's count on a square of side `s`, its burst
/// of radius `outer`: 9 px of cap height at 360 px wide.
pub(crate) fn capture_digit(s: f32, outer: f32) -> f32 {
    if outer > s * 0.211 { outer * 1.25 } else { s * CAPTURE_DIGIT }
}

/// A capture mark's count ("×2"): a cap height of 9 px at 360 px wide on
/// the 5 × 5 board.
pub(crate) const CAPTURE_DIGIT: f32 = 0.22;

fn paint_labels(pm: &mut Canvas, l: &Layout) {
    let style = Style::new(l.small_text(), true, theme::LABEL);
    let (_, bh) = l.board_size();
    for i in 0..l.cols {
        let file = char::from(b'a' + i).to_string();
        let cx = l.board_x + (f32::from(i) + 0.5) * l.cell;
        text::draw_centred(pm, &file, cx, l.board_y + bh + 32.0 * l.u, style);
    }
    for i in 0..l.rows {
        let rank = (i + 1).to_string();
        let cy = l.board_y + (f32::from(l.rows - i) - 0.5) * l.cell;
        text::draw_centred(pm, &rank, l.board_x - 30.0 * l.u, cy, style);
    }
}

/// The cross's square names (`engine::cross`: arm, lane, distance from
/// the centre) drawn where the grid is empty: each arm's distances 1–8 in
/// the corner on its clockwise side, its letter in the corner by its end
/// (by its last square shown, on a part of the cross); the lane letters
/// a–c (left to right on the upright arms, top to bottom on the level
/// ones) outside the arm's last squares, in the band round the board,
/// where no piece hides them. All in [`Layout::small_text`] or larger: a cap height
/// of 9 px or more at 360 px wide.
fn paint_cross_labels(pm: &mut Canvas, l: &Layout) {
    let style = Style::new(l.small_text(), true, theme::LABEL);
    let lane_style = Style::new(l.small_text(), true, theme::LABEL);
    let arm_style = Style::new((52.0 * l.u).round(), true, theme::INK.mix(theme::PAGE, 0.15));
    let w = l.window;
    let at = |col: u8, row: u8| {
        let (x, y) = l.grid_origin(col, row);
        (x + 0.5 * l.cell, y + 0.5 * l.cell)
    };
    for n in 1..=8u8 {
        // (column, row) of the label beside S, W, N and E's square n.
        for (col, row) in [(7, 8 - n), (8 - n, 11), (11, 10 + n), (10 + n, 7)] {
            if w.holds(col, row) {
                let (x, y) = at(col, row);
                text::draw_centred(pm, &n.to_string(), x, y, style);
            }
        }
    }
    // By the arm's last square shown (its end, on the whole cross).
    let (first, last) = (w.col, w.col + w.span - 1);
    let (bottom, top) = (w.row, w.row + w.span - 1);
    for (arm, col, row) in [("S", 11, bottom), ("W", first, 7), ("N", 7, top), ("E", last, 11)] {
        let (x, y) = at(col, row);
        text::draw_centred(pm, arm, x, y, arm_style);
    }
    // The lane letters outside the arm's last square shown, in the band
    // round the board (below it, the gap above the strip).
    let (bw, bh) = l.board_size();
    let band = l.board_x;
    for (i, lane) in ["a", "b", "c"].into_iter().enumerate() {
        let i = i as u8;
        let (x, _) = at(8 + i, bottom);
        let (_, y) = at(first, 10 - i);
        for (x, y) in [
            (x, l.board_y + bh + band / 2.0),
            (x, l.board_y - band / 2.0),
            (band / 2.0, y),
            (band + bw + band / 2.0, y),
        ] {
            text::draw_centred(pm, lane, x, y, lane_style);
        }
    }
}

// ---------------------------------------------------------------------------
// Pieces.

/// A count badge's digit size over the badge's radius.
pub(crate) const BADGE_DIGIT: f32 = 1.7;

/// Draws one token of a stack whose square is centred on (cx, cy), without
/// its count badge ([`badge`], drawn over everything else on the board).
pub(crate) fn token(pm: &mut Canvas, cx: f32, cy: f32, t: &Token, letter: char) {
    let (x, y) = (cx + t.dx, cy + t.dy);
    if let Some(gap) = t.twin_gap {
        let pad = t.r * 0.16;
        let shadow = Color::from_rgba8(0, 0, 0, 50);
        line(pm, (x, y + t.r * 0.12), (x + gap, y + t.r * 0.12), 2.0 * (t.r + pad), shadow);
        line(pm, (x, y), (x + gap, y), 2.0 * (t.r + pad), theme::OUTLINE.skia());
        lettered_disc(pm, (x + gap, y), t.r, (t.seat, letter), false, t.big_letter);
        lettered_disc(pm, (x, y), t.r, (t.seat, letter), false, t.big_letter);
    } else {
        lettered_disc(pm, (x, y), t.r, (t.seat, letter), true, t.big_letter);
    }
}

/// The count badge of a token, if it has one.
pub(crate) fn badge(pm: &mut Canvas, cx: f32, cy: f32, t: &Token) {
    let (x, y) = (cx + t.dx, cy + t.dy);
    if let Some(n) = t.count {
        let (bx, by) = (x + t.twin_gap.unwrap_or(0.0) + t.r * 0.78, y + t.r * 0.78);
        let br = t.r * t.badge;
        circle(pm, bx, by, br, theme::OUTLINE.skia());
        ring(pm, bx, by, br, (t.r * 0.08).max(1.0), theme::WHITE.skia());
        text::draw_centred(pm, &n.to_string(), bx, by, Style::new(br * BADGE_DIGIT, true, theme::WHITE));
    }
}

/// A piece: shadow, coloured disc with a dark rim and a soft inner ring,
/// and the seat letter so colour is never the only cue. Drawn once per
/// seat, size and shadow into a cached sprite, then blitted with its
/// centre on the nearest pixel.
pub(crate) fn disc(pm: &mut Canvas, x: f32, y: f32, r: f32, piece: (Seat, char), shadow: bool) {
    lettered_disc(pm, (x, y), r, piece, shadow, false);
}

/// A piece whose letter, when `big`, fills the disc (no inner ring).
pub(crate) fn lettered_disc(pm: &mut Canvas, (x, y): (f32, f32), r: f32, piece: (Seat, char), shadow: bool, big: bool) {
    let sprite = disc_sprite(piece, (r * 4.0).round() / 4.0, shadow, big);
    let half = (sprite.width() / 2) as i32;
    let (left, top) = (x.round() as i32 - half, y.round() as i32 - half);
    blit(pm, &sprite, left, top);
}

fn disc_sprite((seat, letter): (Seat, char), r: f32, shadow: bool, big: bool) -> Arc<Sprite> {
    let key = SpriteKey::Disc { seat, letter, r: (r * 4.0) as u32, shadow, big };
    cached((key, 0, 0), || {
        let side = (r * 2.6).ceil() as u32 + 4;
        let half = (side / 2) as f32;
        let mut sprite = Canvas::new(blank(side, side));
        paint_disc(&mut sprite, half, half, r, (seat, letter), (shadow, big));
        sprite.into_pixmap()
    })
}

/// The style of a piece's letter on a disc of radius `r`: 1.12 times the
/// radius, or (`big`) as large as fits inside the rim (its widest letter,
/// W, 1.68 radii wide: its corners touch the rim).
pub(crate) fn letter_style(r: f32, seat: Seat, big: bool) -> Style {
    let mut style = Style::new(r * 1.12, true, theme::seat_ink(seat));
    if big {
        style.px = r * 1.7;
        let wide = text::width("W", style);
        style.px = (style.px * (1.68 * r / wide).min(1.0)).max(r * 1.12);
    }
    style
}

fn paint_disc(pm: &mut Canvas, x: f32, y: f32, r: f32, (seat, letter): (Seat, char), (shadow, big): (bool, bool)) {
    if shadow {
        circle(pm, x + r * 0.06, y + r * 0.14, r * 1.02, Color::from_rgba8(40, 25, 10, 60));
    }
    let rim = (r * 0.1).max(1.2);
    circle(pm, x, y, r, theme::seat_colour(seat).skia());
    if !big {
        ring(pm, x, y, r * 0.76, (r * 0.07).max(0.8), Color::from_rgba8(255, 255, 255, 70));
    }
    ring(pm, x, y, r - rim / 2.0, rim, theme::OUTLINE.skia());
    text::draw_centred(pm, &letter.to_string(), x, y, letter_style(r, seat, big));
}

// ---------------------------------------------------------------------------
// Highlights.

/// Corner brackets and a dot: a square the player can move to.
pub(crate) fn destination(pm: &mut Canvas, l: &Layout, board: &Board, cell: Cell) {
    let (x, y, s) = l.cell_rect(board, cell);
    square_mark(pm, Mark::Destination, x, y, s, l.u);
}

fn paint_destination(pm: &mut Canvas, x: f32, y: f32, s: f32, u: f32) {
    let c = theme::HINT.skia_alpha(170);
    let (inset, arm, w) = (s * 0.08, s * 0.2, (6.0 * u).max(2.0));
    for (cx, cy, sx, sy) in [(x, y, 1.0, 1.0), (x + s, y, -1.0, 1.0), (x, y + s, 1.0, -1.0), (x + s, y + s, -1.0, -1.0)]
    {
        let corner = (cx + sx * inset, cy + sy * inset);
        line(pm, corner, (corner.0 + sx * arm, corner.1), w, c);
        line(pm, corner, (corner.0, corner.1 + sy * arm), w, c);
    }
    circle(pm, x + s / 2.0, y + s / 2.0, s * 0.1, theme::HINT.skia_alpha(70));
}

/// The outline of a square of the last move: solid where the piece landed,
/// dashed where it came from.
pub(crate) fn move_outline(pm: &mut Canvas, l: &Layout, board: &Board, cell: Cell, dashed: bool) {
    let (x, y, s) = l.cell_rect(board, cell);
    let mark = if dashed { Mark::LeftFrom } else { Mark::LandedOn };
    square_mark(pm, mark, x, y, s, l.u);
}

fn paint_move_outline(pm: &mut Canvas, x: f32, y: f32, s: f32, u: f32, dashed: bool) {
    let w = (8.0 * u).round().max(2.0);
    let mut st = stroke(w);
    if dashed {
        st.dash = StrokeDash::new(vec![w * 2.0, w * 1.5], 0.0);
    }
    let inset = w / 2.0 + 2.0 * u;
    rect_outline(pm, x + inset, y + inset, s - 2.0 * inset, s - 2.0 * inset, &st, theme::MOVE.skia_alpha(230));
}

/// Draws `mark` over the square at (x, y) of side `s`.
fn square_mark(pm: &mut Canvas, mark: Mark, x: f32, y: f32, s: f32, u: f32) {
    let key = SpriteKey::Mark { mark, side: steps(s), u: steps(u) };
    let (s, u) = (from_steps(steps(s)), from_steps(steps(u)));
    sprite_at(pm, key, (x, y), (s, s), |sprite, ox, oy| match mark {
        Mark::Destination => paint_destination(sprite, ox, oy, s, u),
        Mark::LeftFrom => paint_move_outline(sprite, ox, oy, s, u, true),
        Mark::LandedOn => paint_move_outline(sprite, ox, oy, s, u, false),
    });
}

/// A dark burst with a white cross in the top-right corner of a square
/// where pieces were captured, with the count when more than one.
pub(crate) fn capture_mark(pm: &mut Canvas, l: &Layout, board: &Board, cell: Cell, captured: u8) {
    let (x, y, s) = l.cell_rect(board, cell);
    // At least 64/1000 of the width across (23 px at 360 px wide): on the
    // cross's small squares it reaches over the square's corner.
    let outer = (s * 0.21).max(capture_radius(l));
    let inner = outer * 0.145 / 0.21;
    let (cx, cy) =
        if outer > s * 0.21 { (x + s - 0.25 * outer, y + 0.25 * outer) } else { (x + s * 0.78, y + s * 0.22) };
    let mut pb = PathBuilder::new();
    for i in 0..20 {
        let r = if i % 2 == 0 { outer } else { inner };
        let a = std::f32::consts::PI * i as f32 / 10.0;
        let p = (cx + r * a.cos(), cy + r * a.sin());
        if i == 0 { pb.move_to(p.0, p.1) } else { pb.line_to(p.0, p.1) }
    }
    pb.close();
    let path = pb.finish();
    fill_path(pm, path.clone(), theme::CAPTURE.skia());
    stroke_path(pm, path, theme::WHITE.skia(), &stroke((2.0 * l.u).max(1.0)));
    if captured > 1 {
        let px = capture_digit(s, outer);
        text::draw_centred(pm, &format!("×{captured}"), cx, cy, Style::new(px, true, theme::WHITE));
    } else {
        let k = outer * 0.06 / 0.21;
        let w = (outer * 0.04 / 0.21).max(1.5);
        line(pm, (cx - k, cy - k), (cx + k, cy + k), w, theme::WHITE.skia());
        line(pm, (cx + k, cy - k), (cx - k, cy + k), w, theme::WHITE.skia());
    }
}
