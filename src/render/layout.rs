//! Geometry of the picture: where the board, its squares, the margin labels
//! and the player strip go for a given size, and where the pieces of a
//! stack sit inside a square. Pure arithmetic, unit-tested.
//!
//! The picture is portrait (board above, strip below) so that a phone,
//! which shows it at the width of the screen, gives the board the most
//! pixels; Android's square crop of previews cannot hide the strip behind a
//! square board either. Every length derives from the width `w` (text never
//! goes below [`Layout::small_text`], 42/1000 of it: a 9 px cap height when
//! the picture is shown 360 px wide).
//! Cell size and origins are whole pixels so that grid lines stay crisp.

use super::error::{MAX_SIZE, MIN_SIZE, RenderError};
use crate::engine::{Board, Cell, Seat, Unit};

/// The default long side of a picture, in pixels.
pub const DEFAULT_SIZE: u32 = 816;

/// A square part of the grid: its first column (from the left), its first
/// row (from the bottom) and how many squares it shows across and down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Window {
    pub(crate) col: u8,
    pub(crate) row: u8,
    pub(crate) span: u8,
}

impl Window {
    /// The whole grid of a board.
    pub(crate) fn whole(board: &Board) -> Window {
        Window { col: 0, row: 0, span: board.grid_cols.max(board.grid_rows).max(1) }
    }

    /// Whether the grid position (col, row) is inside.
    pub(crate) fn holds(&self, col: u8, row: u8) -> bool {
        (self.col..self.col.saturating_add(self.span)).contains(&col)
            && (self.row..self.row.saturating_add(self.span)).contains(&row)
    }
}

/// Checks a size and makes the layout for `rows` strip rows.
pub(crate) fn layout_for(size: u32, board: &Board, rows: usize) -> Result<Layout, RenderError> {
    framed_layout_for(size, board, rows, Window::whole(board))
}

/// Checks a size and makes the layout for `rows` strip rows showing
/// `window` of the board's grid.
pub(crate) fn framed_layout_for(size: u32, board: &Board, rows: usize, window: Window) -> Result<Layout, RenderError> {
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(RenderError::Size(size));
    }
    Ok(Layout::framed(size, board, rows, window))
}

/// The band round the cross holding its lane letters, in squares: a
/// letter of the small text is about 0.4 of a square wide at the default size.
pub(crate) const LANE_BAND: f32 = 0.5;

/// The picture's height over its width when four players are seated.
const ASPECT: f32 = 1.53;

/// Where everything goes in a picture of a given size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Layout {
    pub(crate) width: u32,
    pub(crate) height: u32,
    /// Side of one square, whole pixels.
    pub(crate) cell: f32,
    /// Top-left corner of the board, whole pixels.
    pub(crate) board_x: f32,
    pub(crate) board_y: f32,
    pub(crate) cols: u8,
    pub(crate) rows: u8,
    /// The part of the grid shown (the whole grid but on a cropped cross):
    /// its squares outside fall outside the board's area.
    pub(crate) window: Window,
    /// Top of the strip, its header height and the height of a player row.
    pub(crate) strip_y: f32,
    pub(crate) head_h: f32,
    pub(crate) row_h: f32,
    /// The base unit: a thousandth of the width.
    pub(crate) u: f32,
}

impl Layout {
    /// A layout whose long side (the height with four rows) is about `size`
    /// pixels, with `rows` player rows in the strip.
    pub(crate) fn new(size: u32, board: &Board, rows: usize) -> Layout {
        let cols = board.grid_cols.max(1);
        let grid_rows = board.grid_rows.max(1);
        let mut width = (size.max(200) as f32 / ASPECT).round();
        let mut u = width / 1000.0;
        // A sparse board (the cross) has its distances and arm letters in
        // the empty corners of its grid, and the lane letters of its arms
        // outside its squares, in a band of [`LANE_BAND`] squares round it
        // (the width follows the whole-pixel squares): its squares stay as
        // large as the width allows.
        let (left, right, top) = if is_sparse(board) {
            let cell = (width / (f32::from(cols) + 2.0 * LANE_BAND)).round();
            let margin = (LANE_BAND * cell).round();
            width = cell * f32::from(cols) + 2.0 * margin;
            u = width / 1000.0;
            (margin, margin, margin)
        } else {
            ((60.0 * u).round(), (30.0 * u).round(), (30.0 * u).round())
        };
        let cell = ((width - left - right) / f32::from(cols)).floor();
        let board_x = (left + (width - left - right - cell * f32::from(cols)) / 2.0).round();
        let board_y = top;
        let strip_y = (board_y + cell * f32::from(grid_rows) + 62.0 * u).round();
        let head_h = (88.0 * u).round();
        let row_h = (104.0 * u).round();
        let height = (strip_y + head_h + row_h * rows as f32 + 24.0 * u).round();
        Layout {
            width: width as u32,
            height: height as u32,
            cell,
            board_x,
            board_y,
            cols,
            rows: grid_rows,
            window: Window { col: 0, row: 0, span: cols.max(grid_rows) },
            strip_y,
            head_h,
            row_h,
            u,
        }
    }

    /// The layout of a picture showing `window` of the board's grid (a
    /// part of the cross, on larger squares): the same size of picture and
    /// the same strip as the whole board's, the window's squares as large
    /// as the whole board's width allows.
    pub(crate) fn framed(size: u32, board: &Board, rows: usize, window: Window) -> Layout {
        let whole = Layout::new(size, board, rows);
        if window == whole.window || window.span == 0 {
            return whole;
        }
        let room = whole.width as f32 - 2.0 * whole.board_x;
        let cell = (room / f32::from(window.span)).floor();
        let board_x = ((whole.width as f32 - cell * f32::from(window.span)) / 2.0).round();
        Layout { cell, board_x, window, ..whole }
    }

    /// Top-left corner of a grid position (column from the left, row from
    /// the bottom as South sees the board); outside the board's area when
    /// outside the window shown.
    pub(crate) fn grid_origin(&self, col: u8, row: u8) -> (f32, f32) {
        let w = self.window;
        let x = self.board_x + (f32::from(col) - f32::from(w.col)) * self.cell;
        let top = f32::from(w.row) + f32::from(w.span.min(self.rows)) - 1.0;
        let y = self.board_y + (top - f32::from(row.min(self.rows - 1))) * self.cell;
        (x, y)
    }

    /// Whether a point is on the part of the board shown.
    pub(crate) fn inside(&self, (x, y): (f32, f32)) -> bool {
        let (bw, bh) = self.board_size();
        (self.board_x..self.board_x + bw).contains(&x) && (self.board_y..self.board_y + bh).contains(&y)
    }

    /// Whether a cell is (wholly) shown.
    pub(crate) fn shows(&self, board: &Board, cell: Cell) -> bool {
        let info = board.cells[usize::from(cell)];
        self.window.holds(info.col, info.row)
            && self.window.holds(info.col + info.width.max(1) - 1, info.row + info.height.max(1) - 1)
    }

    /// Top-left corner and size of a cell.
    pub(crate) fn cell_rect(&self, board: &Board, cell: Cell) -> (f32, f32, f32) {
        let info = board.cells[usize::from(cell)];
        let (x, y) = self.grid_origin(info.col, info.row + info.height - 1);
        (x, y, self.cell * f32::from(info.width.max(1)))
    }

    /// The centre of a cell.
    pub(crate) fn centre(&self, board: &Board, cell: Cell) -> (f32, f32) {
        let (x, y, side) = self.cell_rect(board, cell);
        (x + side / 2.0, y + side / 2.0)
    }

    /// Board width and height in pixels (of the part shown).
    pub(crate) fn board_size(&self) -> (f32, f32) {
        let (cols, rows) = if self.window.span < self.cols.max(self.rows) {
            (self.window.span, self.window.span)
        } else {
            (self.cols, self.rows)
        };
        (self.cell * f32::from(cols), self.cell * f32::from(rows))
    }

    /// The size of the smallest text (labels, counts, throw digits), whole
    /// pixels: 42/1000 of the width, a cap height of 9.4 px at 360 px wide.
    pub(crate) fn small_text(&self) -> f32 {
        (42.0 * self.u).round()
    }

    /// Top of player row `i` of the strip.
    pub(crate) fn row_y(&self, i: usize) -> f32 {
        self.strip_y + self.head_h + self.row_h * i as f32
    }
}

/// Whether the board's cells leave parts of its grid empty (Tayam Sonalu's
/// cross): such a board is drawn cell by cell, without grid or labels.
pub(crate) fn is_sparse(board: &Board) -> bool {
    let covered: usize = board.cells.iter().map(|c| usize::from(c.width) * usize::from(c.height)).sum();
    covered < usize::from(board.grid_cols) * usize::from(board.grid_rows)
}

/// One thing drawn in a square: a single piece, a pair of twins, or (when
/// more than four pieces share the square) all of one seat's pieces there,
/// shown as one disc with a count.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Token {
    pub(crate) seat: Seat,
    /// Centre of the (first) disc, relative to the square's centre.
    pub(crate) dx: f32,
    pub(crate) dy: f32,
    pub(crate) r: f32,
    /// Twins: the second disc's centre is `dx + twin_gap`.
    pub(crate) twin_gap: Option<f32>,
    /// The count badge (grouped pieces), when more than one.
    pub(crate) count: Option<u8>,
    /// The count badge's radius over `r`.
    pub(crate) badge: f32,
    /// The seat's letter fills the disc (the cross's large discs).
    pub(crate) big_letter: bool,
}

/// A count badge's radius over its disc's: its digit (1.7 times the badge's
/// radius) has a cap height of 9 px at 360 px wide on the 5 × 5 board.
pub(crate) const BADGE: f32 = 0.66;

/// Slots in a square (2 × 2) before pieces are grouped by colour.
pub(crate) const SLOTS: usize = 4;

/// Squares narrower than this many pixels (the cross's 28 px at the default
/// size) are too small for a 2 × 2 grid of readable discs: one seat's
/// single pieces there are one large disc with a count, and several seats'
/// pieces are grouped by colour.
pub(crate) const SMALL_SQUARE: f32 = 40.0;

/// The radius of that large disc, in squares (a lone piece elsewhere: 0.3):
/// nine tenths of the square, 16.9 px wide when the cross is shown 360 px
/// wide.
const LARGE_DISC: f32 = 0.45;

/// Lays out the units standing on one square of side `cell`. Units come
/// in any order; the result follows seat order, twins first.
pub(crate) fn stack(units: &[(Seat, Unit)], cell: f32) -> Vec<Token> {
    let mut sorted: Vec<(Seat, Unit)> = units.to_vec();
    sorted.sort_by_key(|&(s, u)| (s.index(), !u.is_twins()));
    let slots: usize = sorted.iter().map(|(_, u)| usize::from(u.pieces())).sum();
    let one_seat_singles = sorted.iter().all(|&(s, u)| s == sorted[0].0 && !u.is_twins());
    if cell < SMALL_SQUARE && one_seat_singles && !sorted.is_empty() {
        // One large disc (with a count when more than one piece).
        let count = u8::try_from(slots).unwrap_or(u8::MAX);
        let r = LARGE_DISC * cell;
        let count = (count > 1).then_some(count);
        // The badge may reach into the next square: its digit stays readable.
        vec![Token { seat: sorted[0].0, dx: 0.0, dy: 0.0, r, twin_gap: None, count, badge: 0.9, big_letter: true }]
    } else if slots <= SLOTS && cell >= SMALL_SQUARE {
        individual(&sorted, cell)
    } else {
        grouped(&sorted, cell)
    }
}

/// The tokens of a square of `board` of side `cell`: on a sparse board
/// (the cross, where no two seats share a square but the centre) as on
/// small squares (one large disc per seat), however large its squares are
/// drawn.
pub(crate) fn stack_on(board: &Board, units: &[(Seat, Unit)], cell: f32) -> Vec<Token> {
    if !is_sparse(board) || cell < SMALL_SQUARE {
        return stack(units, cell);
    }
    let small = SMALL_SQUARE - 1.0;
    let k = cell / small;
    stack(units, small)
        .into_iter()
        .map(|t| Token { dx: t.dx * k, dy: t.dy * k, r: t.r * k, twin_gap: t.twin_gap.map(|g| g * k), ..t })
        .collect()
}

/// Each unit on its own: twins fill a row, singles go two to a row.
fn individual(units: &[(Seat, Unit)], cell: f32) -> Vec<Token> {
    let mut rows: Vec<Vec<(Seat, Unit)>> = Vec::new();
    let mut singles: Vec<(Seat, Unit)> = Vec::new();
    for &(s, u) in units {
        if u.is_twins() { rows.push(vec![(s, u)]) } else { singles.push((s, u)) }
    }
    rows.extend(singles.chunks(2).map(|c| c.to_vec()));
    let alone = units.len() == 1 && !units[0].1.is_twins();
    let r = if alone { 0.30 * cell } else { 0.2 * cell };
    let mut out = Vec::new();
    let n = rows.len() as f32;
    for (i, row) in rows.iter().enumerate() {
        let dy = (i as f32 - (n - 1.0) / 2.0) * 0.5 * cell;
        let m = row.len() as f32;
        for (j, &(seat, u)) in row.iter().enumerate() {
            if u.is_twins() {
                let gap = 0.42 * cell;
                out.push(Token {
                    seat,
                    dx: -gap / 2.0,
                    dy,
                    r,
                    twin_gap: Some(gap),
                    count: None,
                    badge: BADGE,
                    big_letter: false,
                });
            } else {
                let dx = (j as f32 - (m - 1.0) / 2.0) * 0.5 * cell;
                out.push(Token { seat, dx, dy, r, twin_gap: None, count: None, badge: BADGE, big_letter: false });
            }
        }
    }
    out
}

/// One token per seat with a count badge, on a 2 × 2 grid.
fn grouped(units: &[(Seat, Unit)], cell: f32) -> Vec<Token> {
    let mut groups: Vec<(Seat, u8, bool)> = Vec::new();
    for &(s, u) in units {
        match groups.last_mut() {
            Some(g) if g.0 == s => {
                g.1 += u.pieces();
                g.2 |= u.is_twins();
            }
            _ => groups.push((s, u.pieces(), u.is_twins())),
        }
    }
    let n = groups.len();
    let per_row = if n <= 2 { n } else { 2 };
    let nrows = n.div_ceil(per_row.max(1)) as f32;
    groups
        .iter()
        .enumerate()
        .map(|(i, &(seat, count, twins))| {
            let (row, col) = (i / 2, i % 2);
            let in_row = if row == 0 { per_row.min(n) } else { n - per_row };
            let dx = (col as f32 - (in_row as f32 - 1.0) / 2.0) * 0.5 * cell;
            let dy = (row as f32 - (nrows - 1.0) / 2.0) * 0.5 * cell;
            // Twins shrink to a small capsule that still fits its slot, its
            // discs 0.28 of the square wide (18.3 px at 360 px wide).
            let gap = 0.16 * cell;
            let (dx, r, twin_gap) =
                if twins { (dx - gap / 2.0, 0.14 * cell, Some(gap)) } else { (dx, 0.2 * cell, None) };
            let shown = if twins { 2 } else { 1 };
            // The badge keeps the size of a single's, whatever the token.
            let badge = BADGE * 0.2 * cell / r;
            Token { seat, dx, dy, r, twin_gap, count: (count > shown).then_some(count), badge, big_letter: false }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{THAAYAM_BOARD, parse_square};

    fn sq(s: &str) -> Cell {
        parse_square(s).expect("square")
    }

    #[test]
    fn default_size_is_about_as_tall_and_portrait() {
        let l = Layout::new(DEFAULT_SIZE, &THAAYAM_BOARD, 4);
        assert!((DEFAULT_SIZE - 30..=DEFAULT_SIZE).contains(&l.height), "height {}", l.height);
        assert!(l.width < l.height && l.width > 500, "width {}", l.width);
        assert_eq!(l.cell, l.cell.round());
        assert!(l.board_x + 5.0 * l.cell <= l.width as f32);
    }

    #[test]
    fn square_centres_follow_files_and_ranks() {
        let l = Layout::new(768, &THAAYAM_BOARD, 4);
        let (ax, ay) = l.centre(&THAAYAM_BOARD, sq("a1"));
        assert_eq!((ax, ay), (l.board_x + l.cell / 2.0, l.board_y + 4.5 * l.cell));
        let (ex, ey) = l.centre(&THAAYAM_BOARD, sq("e5"));
        assert_eq!((ex, ey), (l.board_x + 4.5 * l.cell, l.board_y + l.cell / 2.0));
        let (cx, cy) = l.centre(&THAAYAM_BOARD, sq("c3"));
        assert_eq!((cx, cy), ((ax + ex) / 2.0, (ay + ey) / 2.0));
    }

    #[test]
    fn the_cross_spans_the_width_but_its_lane_letters_on_whole_pixel_squares() {
        for size in [320, 640, DEFAULT_SIZE, 1200] {
            let l = Layout::new(size, &crate::engine::CROSS_BOARD, 4);
            let (bw, _) = l.board_size();
            assert_eq!(l.cell, l.cell.round());
            // A lane letter's band on each side, and no more.
            let band = (LANE_BAND * l.cell).round();
            assert_eq!((l.board_x, l.board_y), (band, band), "{size}: {l:?}");
            assert_eq!(l.board_x + bw + band, l.width as f32, "{size}: {l:?}");
            let lane = super::super::text::width(
                "b",
                super::super::text::Style::new(l.small_text(), true, crate::render::theme::LABEL),
            );
            // Its advance, side bearings included (its ink is narrower).
            assert!(size < 640 || lane <= band + 2.0, "{size}: a lane letter {lane} px in a band of {band}");
        }
    }

    #[test]
    fn strip_sits_below_the_board() {
        let l = Layout::new(768, &THAAYAM_BOARD, 2);
        assert!(l.strip_y > l.board_y + 5.0 * l.cell);
        assert!(l.row_y(1) + l.row_h <= l.height as f32);
    }

    fn inside(t: &Token, cell: f32) -> bool {
        let right = t.dx + t.twin_gap.unwrap_or(0.0);
        let h = cell / 2.0;
        t.dx - t.r >= -h && right + t.r <= h && t.dy - t.r >= -h && t.dy + t.r <= h
    }

    /// No disc of one token overlaps a disc of another.
    fn apart(tokens: &[Token]) -> bool {
        let discs: Vec<(usize, f32, f32, f32)> = tokens
            .iter()
            .enumerate()
            .flat_map(|(i, t)| {
                let second = t.twin_gap.map(|g| (i, t.dx + g, t.dy, t.r));
                std::iter::once((i, t.dx, t.dy, t.r)).chain(second)
            })
            .collect();
        discs.iter().all(|a| {
            discs.iter().filter(|b| b.0 != a.0).all(|b| ((a.1 - b.1).powi(2) + (a.2 - b.2).powi(2)).sqrt() >= a.3 + b.3)
        })
    }

    #[test]
    fn a_lone_piece_is_centred_and_large() {
        let t = stack(&[(Seat::S, Unit::Single(3))], 100.0);
        assert_eq!(t.len(), 1);
        assert_eq!((t[0].dx, t[0].dy), (0.0, 0.0));
        assert!(t[0].r > 25.0);
    }

    #[test]
    fn four_singles_fill_a_two_by_two_grid() {
        let units = [Seat::S, Seat::W, Seat::N, Seat::E].map(|s| (s, Unit::Single(24)));
        let t = stack(&units, 100.0);
        let pos: Vec<(f32, f32)> = t.iter().map(|t| (t.dx, t.dy)).collect();
        assert_eq!(pos, [(-25.0, -25.0), (25.0, -25.0), (-25.0, 25.0), (25.0, 25.0)]);
        assert!(t.iter().all(|t| inside(t, 100.0) && t.count.is_none()));
        assert!(apart(&t));
    }

    #[test]
    fn twins_take_a_whole_row_and_stay_in_the_square() {
        let units = [(Seat::N, Unit::Single(5)), (Seat::S, Unit::Twins(8))];
        let t = stack(&units, 100.0);
        assert_eq!(t[0].seat, Seat::S);
        assert!(t[0].twin_gap.is_some());
        assert_eq!(t[0].dy, -25.0);
        assert_eq!((t[1].dx, t[1].dy), (0.0, 25.0));
        assert!(t.iter().all(|t| inside(t, 100.0)) && apart(&t));
    }

    #[test]
    fn more_than_four_pieces_are_grouped_by_colour_with_counts() {
        let mut units = vec![(Seat::S, Unit::Single(24)); 4];
        units.extend([(Seat::W, Unit::Single(24)), (Seat::W, Unit::Single(24)), (Seat::E, Unit::Twins(10))]);
        let t = stack(&units, 100.0);
        assert_eq!(t.len(), 3);
        // East's twins need no badge: the capsule says two.
        assert_eq!(t.iter().map(|t| t.count).collect::<Vec<_>>(), [Some(4), Some(2), None]);
        assert!(t[2].twin_gap.is_some());
        assert!(t.iter().all(|t| inside(t, 100.0)) && apart(&t));
    }

    #[test]
    fn sixteen_pieces_in_the_keep_show_four_groups() {
        let units: Vec<(Seat, Unit)> = Seat::ALL.iter().flat_map(|&s| [(s, Unit::Single(24)); 4]).collect();
        let t = stack(&units, 100.0);
        assert_eq!(t.len(), 4);
        assert!(t.iter().all(|t| t.count == Some(4) && inside(t, 100.0)) && apart(&t));
    }

    #[test]
    fn on_a_small_square_one_seats_pieces_are_one_large_disc() {
        let cell = 27.0;
        let t = stack(&[(Seat::E, Unit::Single(40))], cell);
        assert_eq!(t.len(), 1);
        assert!(2.0 * t[0].r >= 22.0 && inside(&t[0], cell), "diameter {}", 2.0 * t[0].r);
        assert_eq!(t[0].count, None);
        let t = stack(&[(Seat::W, Unit::Single(30)); 3], cell);
        assert_eq!((t.len(), t[0].count), (1, Some(3)));
        // Two seats (Thaayam's safe squares at tiny sizes) are grouped.
        let t = stack(&[(Seat::S, Unit::Single(4)), (Seat::N, Unit::Single(12))], cell);
        assert_eq!(t.len(), 2);
        assert!(t.iter().all(|t| inside(t, cell)) && apart(&t));
    }

    #[test]
    fn grouped_twins_of_two_seats_side_by_side_stay_apart() {
        let units = [(Seat::S, Unit::Twins(8)), (Seat::W, Unit::Twins(12)), (Seat::E, Unit::Single(4))];
        let t = stack(&units, 100.0);
        assert_eq!(t.len(), 3);
        assert!(t.iter().all(|t| inside(t, 100.0)) && apart(&t));
    }
}
