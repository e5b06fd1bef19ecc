//! Board geometry as data: the cells of a board, which are marked (safe),
//! and each seat's track as a list of cells. A second board (Tayam Sonalu's
//! cross) is another value of the same type, not another code path.

use super::seat::Seat;

/// A cell of a board, by its index in [`Board::cells`].
pub type Cell = u8;

/// Where a cell sits on the board's grid (column from the left, row from the
/// bottom, both as seen by South) and how many grid units it spans.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellInfo {
    pub col: u8,
    pub row: u8,
    pub(crate) width: u8,
    pub(crate) height: u8,
    /// A marked square: pieces there are never captured.
    pub(crate) safe: bool,
}

/// The kinds of board the variants are played on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BoardKind {
    /// Thaayam's 5 × 5 square board.
    Square,
    /// Tayam Sonalu's cross of four 3 × 8 arms round a centre.
    Cross,
}

/// A board: its grid, cells and the four seats' tracks.
#[derive(Debug)]
pub struct Board {
    pub kind: BoardKind,
    pub(crate) grid_cols: u8,
    pub(crate) grid_rows: u8,
    pub cells: &'static [CellInfo],
    /// Step → cell for each seat, indexed by [`Seat::index`]. The last step
    /// is the goal (Thaayam's keep).
    pub tracks: [&'static [Cell]; 4],
}

impl Board {
    /// The cell a seat's piece stands on at `step`.
    #[inline]
    pub(crate) fn cell(&self, seat: Seat, step: u8) -> Cell {
        self.tracks[seat.index()][usize::from(step)]
    }

    /// The last step of every track (the goal).
    pub(crate) fn goal_step(&self) -> u8 {
        (self.tracks[0].len() - 1) as u8
    }

    pub(crate) fn is_safe(&self, cell: Cell) -> bool {
        self.cells[usize::from(cell)].safe
    }

    /// The step of `cell` on `seat`'s track (the first, if visited twice).
    pub(crate) fn step_of(&self, seat: Seat, cell: Cell) -> Option<u8> {
        self.tracks[seat.index()].iter().position(|&c| c == cell).map(|p| p as u8)
    }
}

// ---------------------------------------------------------------------------
// Thaayam's 5 × 5 board.

/// Cell index of a square on the 5 × 5 board: file 0–4 (a–e), rank 0–4 (1–5).
pub(crate) const fn square(file: u8, rank: u8) -> Cell {
    rank * 5 + file
}

/// The chess-like name of a Thaayam square, e.g. `c3`.
pub fn square_name(cell: Cell) -> String {
    let file = (b'a' + cell % 5) as char;
    let rank = cell / 5 + 1;
    format!("{file}{rank}")
}

/// Parses `a1`–`e5`.
pub fn parse_square(s: &str) -> Option<Cell> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let file = b[0].to_ascii_lowercase().checked_sub(b'a')?;
    let rank = b[1].checked_sub(b'1')?;
    (file < 5 && rank < 5).then(|| square(file, rank))
}

const fn is_marked(file: u8, rank: u8) -> bool {
    matches!((file, rank), (2, 2) | (2, 0) | (0, 2) | (2, 4) | (4, 2))
}

const fn thaayam_cells() -> [CellInfo; 25] {
    let mut cells = [CellInfo { col: 0, row: 0, width: 1, height: 1, safe: false }; 25];
    let mut i = 0;
    while i < 25 {
        let (file, rank) = ((i % 5) as u8, (i / 5) as u8);
        cells[i] = CellInfo { col: file, row: rank, width: 1, height: 1, safe: is_marked(file, rank) };
        i += 1;
    }
    cells
}

/// South's track as (file, rank), RULES.md section 2.
const SOUTH_TRACK: [(u8, u8); 25] = [
    (2, 0),
    (3, 0),
    (4, 0),
    (4, 1),
    (4, 2),
    (4, 3),
    (4, 4),
    (3, 4),
    (2, 4),
    (1, 4),
    (0, 4),
    (0, 3),
    (0, 2),
    (0, 1),
    (0, 0),
    (1, 0),
    (1, 1),
    (1, 2),
    (1, 3),
    (2, 3),
    (3, 3),
    (3, 2),
    (3, 1),
    (2, 1),
    (2, 2),
];

/// South's track turned `quarters` quarter turns: (f, r) → (r, 4 − f) each.
const fn rotated_track(quarters: u8) -> [Cell; 25] {
    let mut out = [0; 25];
    let mut i = 0;
    while i < 25 {
        let (mut f, mut r) = SOUTH_TRACK[i];
        let mut q = 0;
        while q < quarters {
            let nf = r;
            r = 4 - f;
            f = nf;
            q += 1;
        }
        out[i] = square(f, r);
        i += 1;
    }
    out
}

static THAAYAM_CELLS: [CellInfo; 25] = thaayam_cells();
static TRACK_S: [Cell; 25] = rotated_track(0);
static TRACK_W: [Cell; 25] = rotated_track(1);
static TRACK_N: [Cell; 25] = rotated_track(2);
static TRACK_E: [Cell; 25] = rotated_track(3);

/// Thaayam's 5 × 5 board: keep c3, palaces c1, a3, c5, e3.
pub static THAAYAM_BOARD: Board = Board {
    kind: BoardKind::Square,
    grid_cols: 5,
    grid_rows: 5,
    cells: &THAAYAM_CELLS,
    tracks: [&TRACK_S, &TRACK_W, &TRACK_N, &TRACK_E],
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The whole table of RULES.md section 2, column by column.
    const TABLE: [[&str; 4]; 25] = [
        ["c1", "a3", "c5", "e3"],
        ["d1", "a2", "b5", "e4"],
        ["e1", "a1", "a5", "e5"],
        ["e2", "b1", "a4", "d5"],
        ["e3", "c1", "a3", "c5"],
        ["e4", "d1", "a2", "b5"],
        ["e5", "e1", "a1", "a5"],
        ["d5", "e2", "b1", "a4"],
        ["c5", "e3", "c1", "a3"],
        ["b5", "e4", "d1", "a2"],
        ["a5", "e5", "e1", "a1"],
        ["a4", "d5", "e2", "b1"],
        ["a3", "c5", "e3", "c1"],
        ["a2", "b5", "e4", "d1"],
        ["a1", "a5", "e5", "e1"],
        ["b1", "a4", "d5", "e2"],
        ["b2", "b4", "d4", "d2"],
        ["b3", "c4", "d3", "c2"],
        ["b4", "d4", "d2", "b2"],
        ["c4", "d3", "c2", "b3"],
        ["d4", "d2", "b2", "b4"],
        ["d3", "c2", "b3", "c4"],
        ["d2", "b2", "b4", "d4"],
        ["c2", "b3", "c4", "d3"],
        ["c3", "c3", "c3", "c3"],
    ];

    #[test]
    fn tracks_match_the_rules_table() {
        for (step, row) in TABLE.iter().enumerate() {
            for seat in Seat::ALL {
                let got = square_name(THAAYAM_BOARD.cell(seat, step as u8));
                assert_eq!(got, row[seat.index()], "seat {seat} step {step}");
            }
        }
    }

    #[test]
    fn every_track_visits_all_25_squares_once() {
        for seat in Seat::ALL {
            let mut seen = [false; 25];
            for &c in THAAYAM_BOARD.tracks[seat.index()] {
                assert!(!seen[usize::from(c)]);
                seen[usize::from(c)] = true;
            }
        }
    }

    #[test]
    fn marked_squares_are_palaces_and_keep() {
        let safe: Vec<String> = (0..25).filter(|&c| THAAYAM_BOARD.is_safe(c)).map(square_name).collect();
        assert_eq!(safe, ["c1", "a3", "c3", "e3", "c5"]);
        assert_eq!(parse_square("c3"), Some(square(2, 2)));
        assert_eq!(parse_square("f1"), None);
    }
}
