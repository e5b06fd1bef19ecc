//! The route picture of one seat: her whole track drawn as a path over the
//! board, with the step number (0 at her palace … 24 in the keep) on every
//! square and arrows showing the direction of travel.

use super::draw;
use super::layout::Layout;
use super::text::{self, Style};
use super::theme;
use super::{RenderError, encode_png, layout_for};
use crate::engine::{Board, Seat, SeatSet, THAAYAM_BOARD, square_name};
use tiny_skia::{Path, PathBuilder, Pixmap};

/// The route of `seat` on Thaayam's board as PNG bytes.
pub fn render_route(seat: Seat, size: u32) -> Result<Vec<u8>, RenderError> {
    encode_png(&route_pixmap(seat, size)?)
}

/// The route picture, not encoded.
pub fn route_pixmap(seat: Seat, size: u32) -> Result<Pixmap, RenderError> {
    let board: &'static Board = &THAAYAM_BOARD;
    let l = layout_for(size, board, 1)?;
    let mut one = SeatSet::EMPTY;
    one.insert(seat);
    let mut pm = draw::background(&l, board, one);
    let centres: Vec<(f32, f32)> = board.tracks[seat.index()].iter().map(|&c| l.centre(board, c)).collect();
    let colour = theme::seat_colour(seat);
    let path = polyline(&centres);
    draw::stroke_path(&mut pm, path.clone(), theme::OUTLINE.skia(), &draw::stroke(l.cell * 0.14));
    draw::stroke_path(&mut pm, path, colour.skia(), &draw::stroke(l.cell * 0.09));
    for pair in centres.windows(2) {
        chevron(&mut pm, &l, pair[0], pair[1]);
    }
    for (step, &(x, y)) in centres.iter().enumerate() {
        step_badge(&mut pm, &l, x, y, step, seat, step + 1 == centres.len());
    }
    legend(&mut pm, &l, board, seat);
    Ok(pm)
}

fn polyline(points: &[(f32, f32)]) -> Option<Path> {
    let mut pb = PathBuilder::new();
    let (first, rest) = points.split_first()?;
    pb.move_to(first.0, first.1);
    for p in rest {
        pb.line_to(p.0, p.1);
    }
    pb.finish()
}

/// A small arrowhead at the middle of a segment, pointing along it.
fn chevron(pm: &mut Pixmap, l: &Layout, a: (f32, f32), b: (f32, f32)) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    let (mx, my) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    let s = l.cell * 0.1;
    let mut pb = PathBuilder::new();
    pb.move_to(mx - ux * s - uy * s, my - uy * s + ux * s);
    pb.line_to(mx + ux * s * 0.6, my + uy * s * 0.6);
    pb.line_to(mx - ux * s + uy * s, my - uy * s - ux * s);
    draw::stroke_path(pm, pb.finish(), theme::OUTLINE.skia(), &draw::stroke((l.cell * 0.045).max(1.5)));
}

/// A white disc with the step number; the palace and keep are larger.
fn step_badge(pm: &mut Pixmap, l: &Layout, x: f32, y: f32, step: usize, seat: Seat, last: bool) {
    let big = step == 0 || last;
    let r = l.cell * if big { 0.22 } else { 0.17 };
    let fill = if big { theme::seat_colour(seat) } else { theme::WHITE };
    draw::circle(pm, x, y, r, fill.skia());
    draw::ring(pm, x, y, r, (l.cell * 0.035).max(1.5), theme::OUTLINE.skia());
    let ink = if big { theme::seat_ink(seat) } else { theme::TEXT };
    text::draw_centred(pm, &step.to_string(), x, y, Style::new(r * 1.05, true, ink));
}

fn legend(pm: &mut Pixmap, l: &Layout, board: &Board, seat: Seat) {
    let u = l.u;
    let (left, right) = (l.board_x, l.board_x + l.board_size().0);
    let head = Style::new((46.0 * u).round(), true, theme::TEXT);
    let title = format!("{}'s route", seat.name());
    text::draw(pm, &title, left, l.strip_y + l.head_h / 2.0 + head.cap_height() / 2.0, head);
    let small = Style::new((40.0 * u).round(), false, theme::TEXT.mix(theme::PAGE, 0.25));
    let goal = board.goal_step();
    let palace = square_name(board.cell(seat, 0));
    let keep = square_name(board.cell(seat, goal));
    let line = format!("palace {palace} → keep {keep} · {goal} steps");
    let line = text::fit(&line, right - left, small);
    let cy = l.row_y(0) + l.row_h / 2.0;
    text::draw(pm, &line, left, cy + small.cap_height() / 2.0, small);
}
