//! The strip below the board: a header saying whose turn it is with the
//! current series of throws (used ones dimmed), then one row per player
//! with her colour, name and pieces off / on / borne off.

use super::canvas::Canvas;
use super::draw;
use super::layout::Layout;
use super::sprite::{self, SpriteKey};
use super::text::{self, Style};
use super::theme;
use super::view::{BoardView, Letters, SeriesThrow};
use crate::engine::{Position, Seat, SeatSet, Unit};

/// Draws the header and the player rows.
pub(crate) fn paint(pm: &mut Canvas, l: &Layout, view: &BoardView) {
    header(pm, l, view);
    for (i, seat) in view.position.seats().iter().enumerate() {
        row(pm, l, view, seat, i);
    }
}

fn header(pm: &mut Canvas, l: &Layout, view: &BoardView) {
    let u = l.u;
    let style = Style::new((46.0 * u).round(), true, theme::TEXT);
    let baseline = l.strip_y + l.head_h / 2.0 + style.cap_height() / 2.0;
    let (left, right) = (l.board_x, l.board_x + l.board_size().0);
    let status = status_text(view);
    // The status keeps at least half the width; long series get narrower chips.
    let status_w = text::width(&status, style).min((right - left) / 2.0);
    let chips = Chips::fit(l, view.series.len(), right - left - status_w - 24.0 * u);
    let status = text::fit(&status, right - left - chips.total(view.series.len()) - 24.0 * u, style);
    text::draw(pm, &status, left, baseline, style);
    series(pm, l, &chips, &view.series, right, l.strip_y + l.head_h / 2.0);
}

/// "Meena to play", "Meena to throw", "Meena wins".
fn status_text(view: &BoardView) -> String {
    if let Some(labels) = &view.labels {
        return labels.header.clone();
    }
    let pos = &view.position;
    if let Some(w) = pos.winner() {
        return format!("★ {} wins", view.name(w));
    }
    if let Some(note) = &view.note {
        return note.clone();
    }
    let verb = if pos.throws().is_empty() && view.series.is_empty() { "to throw" } else { "to play" };
    format!("▶ {} {verb}", view.name(pos.turn()))
}

/// Size of the throw chips: full size when they fit, narrower for a long
/// series (down to a minimum that keeps the digit readable).
struct Chips {
    w: f32,
    h: f32,
    gap: f32,
}

impl Chips {
    fn fit(l: &Layout, n: usize, room: f32) -> Chips {
        let (full, gap) = (52.0 * l.u, 14.0 * l.u);
        let w = if n == 0 { full } else { (room / n as f32 - gap).clamp(34.0 * l.u, full) };
        Chips { w: w.round(), h: (58.0 * l.u).round(), gap }
    }

    fn total(&self, n: usize) -> f32 {
        n as f32 * (self.w + self.gap)
    }
}

/// Throw chips, right-aligned at `right`: unused ones white with a dark
/// rim, used ones without fill, their digit as large as an unused one's
/// (a 9 px cap height at 360 px wide) in a lighter ink, struck through
/// with a thin line that leaves the digit readable.
fn series(pm: &mut Canvas, l: &Layout, c: &Chips, series: &[SeriesThrow], right: f32, cy: f32) {
    let (w, h) = (c.w, c.h);
    let mut x = right - c.total(series.len()) + c.gap;
    let digit = l.small_text().min(w * 0.85);
    for st in series {
        let y = cy - h / 2.0;
        let key = SpriteKey::Chip {
            throw: st.throw,
            used: st.used,
            w: sprite::steps(w),
            h: sprite::steps(h),
            u: sprite::steps(l.u),
            digit: sprite::steps(digit),
        };
        sprite::sprite_at(pm, key, (x, y), (w, h), |sprite, x, y| chip(sprite, l.u, (x, y), (w, h), digit, st));
        x += w + c.gap;
    }
}

/// One throw chip with its top left corner at (x, y).
fn chip(pm: &mut Canvas, u: f32, (x, y): (f32, f32), (w, h): (f32, f32), digit: f32, st: &SeriesThrow) {
    let cy = y + h / 2.0;
    let label = st.throw.token();
    let path = draw::rounded(x, y, w, h, 10.0 * u);
    if st.used {
        draw::stroke_path(pm, path, theme::DIM.skia_alpha(160), &draw::stroke((3.0 * u).max(1.0)));
        text::draw_centred(pm, label, x + w / 2.0, cy, Style::new(digit, true, theme::USED));
        let k = w * 0.36;
        let stroke = (3.0 * u).max(1.0);
        draw::line(pm, (x + w / 2.0 - k, cy + k), (x + w / 2.0 + k, cy - k), stroke, theme::CAPTURE.skia_alpha(200));
    } else {
        draw::fill_path(pm, path.clone(), theme::WHITE.skia());
        draw::stroke_path(pm, path, theme::OUTLINE.skia(), &draw::stroke((4.0 * u).max(1.5)));
        text::draw_centred(pm, label, x + w / 2.0, cy, Style::new(digit, true, theme::TEXT));
    }
}

/// Pieces not yet entered (or captured), on the board, borne off.
pub(crate) fn piece_counts(pos: &Position, seat: Seat) -> (u8, u8, u8) {
    let army = pos.army(seat);
    let off = army.units().filter(|u| matches!(u, Unit::Off | Unit::TwinsOff)).map(|u| u.pieces()).sum();
    let on = army.units().filter(|u| u.step().is_some()).map(|u| u.pieces()).sum();
    (off, on, army.borne_off())
}

/// "waiting 2 · on the board 1 · borne off 1": the words of the embed.
pub(crate) fn counts_text(pos: &Position, seat: Seat) -> String {
    let (off, on, done) = piece_counts(pos, seat);
    format!("waiting {off} · on the board {on} · borne off {done}")
}

/// The radius of a row's disc.
fn row_disc(l: &Layout) -> f32 {
    26.0 * l.u
}

/// What the rows show that changes at most once a turn (drawn into the
/// background): the lit row of the player on turn, every row's disc.
pub(crate) fn rows_static(pm: &mut Canvas, l: &Layout, seats: SeatSet, turn: Option<Seat>, letters: Letters) {
    let u = l.u;
    let (left, right) = (l.board_x, l.board_x + l.board_size().0);
    for (i, seat) in seats.iter().enumerate() {
        let y = l.row_y(i);
        if turn == Some(seat) {
            let path =
                draw::rounded(left - 12.0 * u, y + 4.0 * u, right - left + 24.0 * u, l.row_h - 8.0 * u, 14.0 * u);
            draw::fill_path(pm, path, theme::row_fill(seat).skia());
        }
        let (x, y, r) = row_disc_centre(l, i);
        draw::disc(pm, x, y, r, (seat, letters.of(seat)), true);
    }
}

/// The centre and radius of the disc of strip row `i`.
pub(crate) fn row_disc_centre(l: &Layout, i: usize) -> (f32, f32, f32) {
    let r = row_disc(l);
    (l.board_x + r + 4.0 * l.u, l.row_y(i) + l.row_h / 2.0, r)
}

/// A player's row: her name above her counts (the same words as the
/// embed's, given their own line so that a long name keeps its room),
/// beside her disc (in the background, with the lit row).
fn row(pm: &mut Canvas, l: &Layout, view: &BoardView, seat: Seat, i: usize) {
    let pos = &view.position;
    let u = l.u;
    let y = l.row_y(i);
    let (left, right) = (l.board_x, l.board_x + l.board_size().0);
    let on_turn = pos.turn() == seat && pos.winner().is_none();
    let cy = y + l.row_h / 2.0;
    let r = row_disc(l);
    let counts = match &view.labels {
        Some(labels) => labels.counts[seat.index()].clone(),
        None => counts_text(pos, seat),
    };
    let text_x = left + 2.0 * r + 22.0 * u;
    let name_style = Style::new((42.0 * u).round(), on_turn, theme::TEXT);
    let small = Style::new(l.small_text(), false, theme::COUNTS);
    // Two lines centred on the row: the name's capitals, a gap, the counts'.
    let gap = 14.0 * u;
    let block = name_style.cap_height() + gap + small.cap_height();
    let name_base = cy - block / 2.0 + name_style.cap_height();
    let mut name = view.name(seat);
    if pos.winner() == Some(seat) {
        name = format!("★ {name}");
    }
    let name = text::fit(&name, right - text_x, name_style);
    text::draw(pm, &name, text_x, name_base, name_style);
    let counts = text::fit(&counts, right - text_x, small);
    text::draw(pm, &counts, text_x, cy + block / 2.0, small);
}
