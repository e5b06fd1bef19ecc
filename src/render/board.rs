//! Drawing a board picture (not encoded): the cached background of its
//! layout and seating, then the destinations, the last series, the pieces,
//! captures and the strip of throws over it, recording the blocks they
//! touched.

use super::canvas::Canvas;
use super::crop;
use super::dirty::Dirty;
use super::draw;
use super::error::RenderError;
use super::layout::{Layout, Token, framed_layout_for, stack_on};
use super::movement;
use super::strip;
use super::view::{BoardView, Capture};
use crate::engine::{Cell, Position, Seat, Unit};
use std::sync::Arc;
use tiny_skia::Pixmap;

/// Draws a board picture (not encoded).
pub fn render_pixmap(view: &BoardView, size: u32) -> Result<Pixmap, RenderError> {
    draw_board(view, size).map(|(pm, _, _)| pm)
}

/// Draws a board picture over its cached background; also returns the
/// background and the blocks the drawing over it touched.
pub(crate) fn draw_board(view: &BoardView, size: u32) -> Result<(Pixmap, Arc<draw::Background>, Dirty), RenderError> {
    let (l, bg) = board_background(view, size)?;
    let (pm, dirty) = draw_over(bg.pm.clone(), &l, view);
    Ok((pm, bg, dirty))
}

/// The layout of a board picture and its cached background.
pub(crate) fn board_background(view: &BoardView, size: u32) -> Result<(Layout, Arc<draw::Background>), RenderError> {
    let pos = &view.position;
    let board = pos.rules().board;
    let l = framed_layout_for(size, board, pos.seats().len(), crop::window(view))?;
    let turn = pos.winner().is_none().then(|| pos.turn());
    let seats = pos.seats();
    let letters = view.letters();
    let more = |pm: &mut Canvas, turn: Option<Seat>| {
        if let Some(seat) = turn {
            movement::direction(pm, &l, board, seat);
        }
        strip::rows_static(pm, &l, seats, turn, letters);
    };
    let statics = draw::Static { keep: view.keep_word(), letters, turn, more: &more };
    let bg = draw::background(&l, board, seats, statics);
    Ok((l, bg))
}

/// Draws the overlays on `pm` (the background); the picture and the
/// blocks touched.
pub(crate) fn draw_over(pm: Pixmap, l: &Layout, view: &BoardView) -> (Pixmap, Dirty) {
    let mut canvas = Canvas::recording(pm);
    overlays(&mut canvas, l, view);
    canvas.finish()
}

/// Everything of a board picture that is not its background (which has
/// the direction chevrons of the player on turn), bottom to top:
/// destinations, the squares and lines of the last series, the pieces, the arrowheads and numbers,
/// capture marks, and the count badges over all of them.
fn overlays(pm: &mut Canvas, l: &Layout, view: &BoardView) {
    let pos = &view.position;
    let board = pos.rules().board;
    for &cell in &view.destinations {
        draw::destination(pm, l, board, cell);
    }
    let landed: Vec<Cell> = view.last.iter().filter_map(|a| a.landing_cell(board)).collect();
    for a in &view.last {
        if let Some(from) = a.start_cell(board).filter(|f| !landed.contains(f)) {
            draw::move_outline(pm, l, board, from, true);
        }
    }
    let mut outlined: Vec<Cell> = Vec::new();
    for &to in &landed {
        if !outlined.contains(&to) {
            draw::move_outline(pm, l, board, to, false);
            outlined.push(to);
        }
    }
    movement::trails_under(pm, l, board, &view.last);
    let tokens = tokens(l, pos);
    for &(cx, cy, t) in &tokens {
        draw::token(pm, cx, cy, &t, view.letters().of(t.seat));
    }
    movement::trails_over(pm, l, board, (&view.last, view.letters()));
    for c in captures(view) {
        draw::capture_mark(pm, l, board, c.cell, c.count);
    }
    for &(cx, cy, t) in &tokens {
        draw::badge(pm, cx, cy, &t);
    }
    movement::numbers(pm, l, board, &view.last);
    strip::paint(pm, l, view);
}

/// The squares to mark with a capture: the view's, then the last series'
/// not among them (one mark per square, the larger count).
fn captures(view: &BoardView) -> Vec<Capture> {
    let board = view.position.rules().board;
    let mut out: Vec<Capture> = Vec::new();
    let series = view
        .last
        .iter()
        .filter(|a| a.captured > 0)
        .filter_map(|a| a.landing_cell(board).map(|cell| Capture { cell, count: a.captured }));
    for c in view.captures.iter().copied().chain(series) {
        match out.iter_mut().find(|o| o.cell == c.cell) {
            Some(o) => o.count = o.count.max(c.count),
            None => out.push(c),
        }
    }
    out
}

/// Every token of the position with the centre of its square.
fn tokens(l: &Layout, pos: &Position) -> Vec<(f32, f32, Token)> {
    let board = pos.rules().board;
    let mut by_cell: Vec<Vec<(Seat, Unit)>> = vec![Vec::new(); board.cells.len()];
    for (seat, unit, cell) in pos.units_on_board() {
        if let Some(v) = by_cell.get_mut(usize::from(cell)) {
            v.push((seat, unit));
        }
    }
    let mut out = Vec::new();
    for (cell, units) in by_cell.iter().enumerate().filter(|(_, u)| !u.is_empty()) {
        let (cx, cy) = l.centre(board, cell as Cell);
        out.extend(stack_on(board, units, l.cell).into_iter().map(|t| (cx, cy, t)));
    }
    out
}
