//! Drawing a board picture (not encoded): the cached background of its
//! layout and seating, then the destinations, the last move, the pieces
//! and the strip of throws over it, recording the blocks they touched.

use super::canvas::Canvas;
use super::dirty::Dirty;
use super::draw;
use super::error::RenderError;
use super::layout::{Layout, layout_for, stack};
use super::strip;
use super::view::{BoardView, LastAction};
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
    let l = layout_for(size, board, pos.seats().len())?;
    let bg = draw::background(&l, board, pos.seats());
    Ok((l, bg))
}

/// Draws the overlays on `pm` (the background); the picture and the
/// blocks touched.
pub(crate) fn draw_over(pm: Pixmap, l: &Layout, view: &BoardView) -> (Pixmap, Dirty) {
    let mut canvas = Canvas::recording(pm);
    overlays(&mut canvas, l, view);
    canvas.finish()
}

/// Everything of a board picture that is not its background.
fn overlays(pm: &mut Canvas, l: &Layout, view: &BoardView) {
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
fn pieces(pm: &mut Canvas, l: &Layout, pos: &Position) {
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
