//! The route picture of one seat on any board: her whole track drawn as a
//! path with arrows showing the direction of travel. On Thaayam's 5 × 5
//! board every square carries its step number (0 at her palace … 24 in the
//! keep); on Tayam Sonalu's cross (85 steps on 27 px squares at the default
//! size) every eighth step is numbered, the centre (start and home) is one
//! large disc, and the middle column she walks out and back runs as two
//! side-by-side lanes.

use super::canvas::Canvas;
use super::draw;
use super::error::RenderError;
use super::layout::{Layout, is_sparse, layout_for};
use super::text::{self, Style};
use super::theme;
use super::view::Letters;
use crate::engine::{Board, Seat, SeatSet};
use tiny_skia::{Path, PathBuilder, Pixmap};

/// Sizes of the drawing, in squares, for one kind of board.
struct Look {
    /// Width of the dark outline and of the coloured line inside it.
    outline: f32,
    line: f32,
    /// Half-size of an arrowhead.
    chevron: f32,
    /// Radius of a numbered step badge and of the start and end badges.
    badge: f32,
    big: f32,
    /// Width of a badge's rim.
    rim: f32,
    /// Every how many steps a badge is drawn.
    every: usize,
    /// How far apart the two passes of a twice-walked run are drawn.
    lane: f32,
}

/// Thaayam's board: big squares, every step numbered.
const DENSE: Look =
    Look { outline: 0.14, line: 0.09, chevron: 0.1, badge: 0.17, big: 0.22, rim: 0.035, every: 1, lane: 0.25 };
/// The cross: small squares, so thicker lines, larger arrows and badges,
/// and a number every eighth step (the length of an arm).
const SPARSE: Look =
    Look { outline: 0.26, line: 0.15, chevron: 0.2, badge: 0.5, big: 1.15, rim: 0.07, every: 8, lane: 0.3 };

fn look(board: &Board) -> &'static Look {
    if is_sparse(board) { &SPARSE } else { &DENSE }
}

/// The route picture, not encoded.
pub fn route_pixmap(board: &'static Board, seat: Seat, size: u32) -> Result<Pixmap, RenderError> {
    let k = look(board);
    let l = layout_for(size, board, legend_lines(board).len())?;
    let mut one = SeatSet::EMPTY;
    one.insert(seat);
    let mut pm = Canvas::new(
        draw::background(
            &l,
            board,
            one,
            draw::Static { keep: "", letters: Letters::default(), turn: None, more: &|_, _| {} },
        )
        .pm
        .clone(),
    );
    let points = route_points(&l, board, seat);
    let colour = theme::seat_colour(seat);
    let path = polyline(&points);
    draw::stroke_path(&mut pm, path.clone(), theme::OUTLINE.skia(), &draw::stroke(l.cell * k.outline));
    draw::stroke_path(&mut pm, path, colour.skia(), &draw::stroke(l.cell * k.line));
    for pair in points.windows(2) {
        chevron(&mut pm, &l, k, pair[0], pair[1]);
    }
    let last = points.len().saturating_sub(1);
    let rim = (l.cell * k.rim).max(1.5);
    for (step, &(x, y)) in points.iter().enumerate().filter(|&(s, _)| s % k.every == 0 && s != 0 && s != last) {
        step_badge(&mut pm, rim, (x, y, l.cell * k.badge), &step.to_string(), None);
    }
    end_badges(&mut pm, &l, board, seat, rim);
    legend(&mut pm, &l, board, seat);
    Ok(pm.into_pixmap())
}

/// Where each step of the track is drawn: the centre of its cell, moved
/// sideways (to the left of travel) on a run of steps whose cells the
/// track visits twice, so that the two passes run side by side.
pub(crate) fn route_points(l: &Layout, board: &Board, seat: Seat) -> Vec<(f32, f32)> {
    let track = board.tracks[seat.index()];
    let mut points: Vec<(f32, f32)> = track.iter().map(|&c| l.centre(board, c)).collect();
    let twice = |i: usize| track.iter().filter(|&&c| c == track[i]).count() > 1;
    let mut i = 0;
    while i < track.len() {
        let start = i;
        while i < track.len() && twice(i) {
            i += 1;
        }
        if i == start {
            i += 1;
            continue;
        }
        let (a, b) = (points[start], points[i - 1]);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let d = look(board).lane * l.cell / (dx * dx + dy * dy).sqrt().max(1.0);
        for p in &mut points[start..i] {
            *p = (p.0 + dy * d, p.1 - dx * d);
        }
    }
    points
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
fn chevron(pm: &mut Canvas, l: &Layout, k: &Look, a: (f32, f32), b: (f32, f32)) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    let (mx, my) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    let s = l.cell * k.chevron;
    let mut pb = PathBuilder::new();
    pb.move_to(mx - ux * s - uy * s, my - uy * s + ux * s);
    pb.line_to(mx + ux * s * 0.6, my + uy * s * 0.6);
    pb.line_to(mx - ux * s + uy * s, my - uy * s - ux * s);
    let width = (l.cell * k.chevron * 0.45).max(1.5);
    draw::stroke_path(pm, pb.finish(), theme::OUTLINE.skia(), &draw::stroke(width));
}

/// A disc with a label: white with dark text, or in the seat's colour.
fn step_badge(pm: &mut Canvas, rim: f32, (x, y, r): (f32, f32, f32), label: &str, seat: Option<Seat>) {
    let fill = seat.map_or(theme::WHITE, theme::seat_colour);
    draw::circle(pm, x, y, r, fill.skia());
    draw::ring(pm, x, y, r, rim, theme::OUTLINE.skia());
    let ink = seat.map_or(theme::TEXT, theme::seat_ink);
    let px = if label.chars().count() > 3 { r * 0.62 } else { r * 1.05 };
    text::draw_centred(pm, label, x, y, Style::new(px, true, ink));
}

/// The start and end of the track in the seat's colour: two badges, or
/// one ("0 · 84") where the track starts and ends in the same cell.
fn end_badges(pm: &mut Canvas, l: &Layout, board: &Board, seat: Seat, rim: f32) {
    let r = l.cell * look(board).big;
    let goal = board.goal_step();
    let (start, end) = (board.cell(seat, 0), board.cell(seat, goal));
    if start == end {
        let (x, y) = l.centre(board, start);
        step_badge(pm, rim, (x, y, r), &format!("0 · {goal}"), Some(seat));
    } else {
        for (step, cell) in [(0, start), (goal, end)] {
            let (x, y) = l.centre(board, cell);
            step_badge(pm, rim, (x, y, r), &step.to_string(), Some(seat));
        }
    }
}

/// The lines under the title.
fn legend_lines(board: &Board) -> Vec<String> {
    let goal = board.goal_step();
    let (start, end) = (board.cell(Seat::S, 0), board.cell(Seat::S, goal));
    if start == end {
        vec!["Out along her arm, once round the cross,".into(), format!("back home to the centre · {goal} steps")]
    } else {
        vec![String::new()]
    }
}

fn legend(pm: &mut Canvas, l: &Layout, board: &Board, seat: Seat) {
    let u = l.u;
    let (left, right) = (l.board_x, l.board_x + l.board_size().0);
    let head = Style::new((46.0 * u).round(), true, theme::TEXT);
    let title = format!("{}'s route", seat.name());
    text::draw(pm, &title, left, l.strip_y + l.head_h / 2.0 + head.cap_height() / 2.0, head);
    let small = Style::new(l.small_text(), false, theme::TEXT.mix(theme::PAGE, 0.25));
    let goal = board.goal_step();
    let mut lines = legend_lines(board);
    if let [only] = lines.as_mut_slice()
        && only.is_empty()
    {
        let palace = board.square_name(board.cell(seat, 0));
        let keep = board.square_name(board.cell(seat, goal));
        *only = format!("palace {palace} → keep {keep} · {goal} steps");
    }
    for (i, line) in lines.iter().enumerate() {
        let line = text::fit(line, right - left, small);
        let cy = l.row_y(i) + l.row_h / 2.0;
        text::draw(pm, &line, left, cy + small.cap_height() / 2.0, small);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{CROSS_BOARD, Cell, THAAYAM_BOARD};

    /// The cells whose inner part (the middle 60 %) the route drew on: a
    /// pixel there differs from the bare board.
    fn marked_cells(board: &'static Board, seat: Seat) -> Vec<bool> {
        let pm = route_pixmap(board, seat, 768).expect("route");
        let l = Layout::new(768, board, legend_lines(board).len());
        let mut one = SeatSet::EMPTY;
        one.insert(seat);
        let bare = draw::background(
            &l,
            board,
            one,
            draw::Static { keep: "", letters: Letters::default(), turn: None, more: &|_, _| {} },
        )
        .pm
        .clone();
        (0..board.cells.len() as Cell)
            .map(|cell| {
                let (x, y, side) = l.cell_rect(board, cell);
                let inner = |v: f32| (v + side * 0.2) as u32..(v + side * 0.8) as u32;
                inner(y).any(|py| inner(x).any(|px| pm.pixel(px, py) != bare.pixel(px, py)))
            })
            .collect()
    }

    #[test]
    fn every_cell_of_the_track_and_no_other_is_marked() {
        for (board, seat) in [(&CROSS_BOARD, Seat::S), (&CROSS_BOARD, Seat::E), (&THAAYAM_BOARD, Seat::N)] {
            let marked = marked_cells(board, seat);
            let track = board.tracks[seat.index()];
            for (cell, &m) in marked.iter().enumerate() {
                assert_eq!(m, track.contains(&(cell as Cell)), "{:?} {seat}: cell {cell}", board.kind);
            }
            let off = marked.iter().filter(|&&m| !m).count();
            assert_eq!(off, if board.cells.len() == 97 { 21 } else { 0 }, "{:?}", board.kind);
        }
    }

    #[test]
    fn thaayam_routes_follow_the_cell_centres() {
        let l = Layout::new(768, &THAAYAM_BOARD, 1);
        let points = route_points(&l, &THAAYAM_BOARD, Seat::W);
        let centres: Vec<_> = THAAYAM_BOARD.tracks[1].iter().map(|&c| l.centre(&THAAYAM_BOARD, c)).collect();
        assert_eq!(points, centres);
    }

    #[test]
    fn the_crosss_middle_column_is_two_lanes_left_of_travel() {
        let l = Layout::new(768, &CROSS_BOARD, 2);
        let p = route_points(&l, &CROSS_BOARD, Seat::S);
        let lane = SPARSE.lane * l.cell;
        // South walks down her middle column (steps 1–8) on the right-hand
        // side of the picture and back up (76–83) on the left.
        for step in 1..=8 {
            let (cx, cy) = l.centre(&CROSS_BOARD, CROSS_BOARD.cell(Seat::S, step));
            assert_eq!(p[usize::from(step)], (cx + lane, cy), "step {step}");
            let back = 84 - step;
            let (bx, by) = l.centre(&CROSS_BOARD, CROSS_BOARD.cell(Seat::S, back));
            assert_eq!(p[usize::from(back)], (bx - lane, by), "step {back}");
        }
        // The circuit is on the cell centres.
        let (cx, cy) = l.centre(&CROSS_BOARD, CROSS_BOARD.cell(Seat::S, 40));
        assert_eq!(p[40], (cx, cy));
    }
}
