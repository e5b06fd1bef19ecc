//! Which part of a sparse board (Tayam Sonalu's cross) a picture shows, so
//! that a phone gets larger squares: the smallest square window of the grid,
//! at least [`MIN_SPAN`] squares across, that holds the centre, every piece,
//! and every square marked (the last series' squares and the track between
//! them, destinations, captures), with a square to spare round them where
//! the grid allows; as centred on the board's centre as that leaves it.

pub(crate) use super::layout::Window;
use super::layout::is_sparse;
use super::view::BoardView;
use crate::engine::{Cell, Seat};

/// The fewest squares a window shows across: the centre and four squares
/// of each arm (a square is 32 px wide at 360 px, against 19 for the
/// whole cross).
pub(crate) const MIN_SPAN: u8 = 11;

/// The part of the board a view's picture shows: the whole board but for
/// a sparse one (not in replays, whose frames keep one framing).
pub(crate) fn window(view: &BoardView) -> Window {
    let board = view.position.rules().board;
    let whole = Window::whole(board);
    if view.whole || !is_sparse(board) || board.grid_cols != board.grid_rows {
        return whole;
    }
    let mut cells: Vec<Cell> = vec![board.cell(Seat::S, board.goal_step())];
    cells.extend(view.position.units_on_board().map(|(_, _, cell)| cell));
    cells.extend(view.destinations.iter().copied());
    cells.extend(view.captures.iter().map(|c| c.cell));
    for a in &view.last {
        let goal = board.goal_step();
        let first = a.from.unwrap_or(0).min(goal);
        let last = a.to.unwrap_or(first).clamp(first, goal);
        cells.extend((first..=last).map(|step| board.cell(a.seat, step)));
    }
    let (mut lo_c, mut lo_r, mut hi_c, mut hi_r) = (u8::MAX, u8::MAX, 0u8, 0u8);
    for &cell in &cells {
        let Some(info) = board.cells.get(usize::from(cell)) else { continue };
        lo_c = lo_c.min(info.col);
        lo_r = lo_r.min(info.row);
        hi_c = hi_c.max(info.col + info.width.max(1) - 1);
        hi_r = hi_r.max(info.row + info.height.max(1) - 1);
    }
    let n = whole.span;
    // A square to spare round what is shown.
    let (lo_c, lo_r) = (lo_c.saturating_sub(1), lo_r.saturating_sub(1));
    let (hi_c, hi_r) = ((hi_c + 1).min(n - 1), (hi_r + 1).min(n - 1));
    let need = (hi_c - lo_c).max(hi_r - lo_r) + 1;
    // Odd, so that a window round the centre is centred.
    let span = need.max(MIN_SPAN) | 1;
    if span >= n {
        return whole;
    }
    let place = |lo: u8, hi: u8| {
        let centred = (n - span) / 2;
        // Holds lo..=hi: starts at or before lo, ends at or after hi.
        let earliest = (hi + 1).saturating_sub(span);
        centred.clamp(earliest, lo).min(n - span)
    };
    Window { col: place(lo_c, hi_c), row: place(lo_r, hi_r), span }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Board, CROSS_BOARD, parse_tpn};
    use crate::render::LastAction;

    fn view(tpn: &str) -> BoardView {
        BoardView::new(parse_tpn(tpn).expect("tpn"))
    }

    fn inside(w: &Window, board: &Board, cell: Cell) -> bool {
        let info = board.cells[usize::from(cell)];
        w.holds(info.col, info.row) && w.holds(info.col + info.width - 1, info.row + info.height - 1)
    }

    #[test]
    fn pieces_near_the_centre_are_shown_closer() {
        let v = view("tayam-sonalu S+=1,3,o,o N+=2,o,o,o turn=S throws=4");
        let w = window(&v);
        assert_eq!(w, Window { col: 4, row: 4, span: MIN_SPAN });
        // The 5 × 5 board and replays are always whole.
        assert_eq!(window(&view("bell S=3,o,o,o N=o,o,o,o turn=S")).span, 5);
        let mut whole = v.clone();
        whole.whole = true;
        assert_eq!(window(&whole).span, 19);
    }

    #[test]
    fn every_piece_and_mark_stays_in_the_window() {
        let tpns = [
            "tayam-sonalu S+=1,3,o,o N+=2,o,o,o turn=S throws=4",
            "tayam-sonalu S+=7,o,o,o N+=2,o,o,o turn=S",
            "tayam-sonalu S+=12,40,o,o W+=30,30,o,o N+=70,o,o,o E=o,o,o,o turn=S throws=5,2",
            "tayam-sonalu S+=80,83,o,o N+=82,o,o,o turn=S",
        ];
        for tpn in tpns {
            let mut v = view(tpn);
            let board = v.position.rules().board;
            v.destinations = vec![board.cell(Seat::S, 6)];
            v.last = vec![LastAction { seat: Seat::N, from: Some(1), to: Some(5), captured: 1 }];
            let w = window(&v);
            let mut cells: Vec<Cell> = v.position.units_on_board().map(|(_, _, c)| c).collect();
            cells.extend((1..=5).map(|s| board.cell(Seat::N, s)));
            cells.push(board.cell(Seat::S, 6));
            cells.push(board.cell(Seat::S, board.goal_step()));
            for cell in cells {
                assert!(inside(&w, board, cell), "{tpn}: {w:?} misses {}", board.square_name(cell));
            }
            assert!(w.span >= MIN_SPAN && w.span % 2 == 1 && w.col + w.span <= 19 && w.row + w.span <= 19, "{w:?}");
        }
        // Pieces at the ends of two arms need the whole cross.
        let v = view("tayam-sonalu S+=8,o,o,o N+=8,o,o,o turn=S");
        assert_eq!(window(&v), Window::whole(&CROSS_BOARD));
    }
}
