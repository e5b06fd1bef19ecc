//! Tayam Sonalu's cross-shaped board (Ludii's `PachisiBoard`) as data:
//! four arms of 3 × 8 squares round a large centre, on a 19 × 19 grid, and
//! each seat's 85-step track (RULES.md section 8).

use super::board::{Board, BoardKind, Cell, CellInfo};

/// The centre: start and home, one large cell over rows and columns 8–10.
pub const CENTRE: Cell = 0;

/// Cells in all: the centre and 96 arm squares.
pub(crate) const CROSS_CELLS: usize = 97;

/// Steps on every track: 0 is the centre, 1 the first square of her arm's
/// middle column, 84 home in the centre.
pub(crate) const CROSS_TRACK_LEN: usize = 85;

/// The cell at grid row `r`, column `c` (row 0 at the bottom); the centre
/// for any of its nine grid squares. Arms: South 1–24, North 25–48,
/// West 49–72, East 73–96, each numbered row by row.
pub(crate) const fn cross_cell(r: u8, c: u8) -> Cell {
    if r >= 8 && r <= 10 && c >= 8 && c <= 10 {
        CENTRE
    } else if r <= 7 {
        1 + r * 3 + (c - 8)
    } else if r >= 11 {
        25 + (r - 11) * 3 + (c - 8)
    } else if c <= 7 {
        49 + (r - 8) * 8 + c
    } else {
        73 + (r - 8) * 8 + (c - 11)
    }
}

const fn cross_cells() -> [CellInfo; CROSS_CELLS] {
    let mut cells = [CellInfo { col: 8, row: 8, width: 3, height: 3, safe: false }; CROSS_CELLS];
    let mut r = 0;
    while r < 19 {
        let mut c = 0;
        while c < 19 {
            let in_vertical = c >= 8 && c <= 10;
            let in_horizontal = r >= 8 && r <= 10;
            if (in_vertical || in_horizontal) && !(in_vertical && in_horizontal) {
                cells[cross_cell(r, c) as usize] = CellInfo { col: c, row: r, width: 1, height: 1, safe: false };
            }
            c += 1;
        }
        r += 1;
    }
    cells
}

/// Appends the cells from (r0, c0) to (r1, c1), a straight line, inclusive.
const fn line(t: &mut [(u8, u8); CROSS_TRACK_LEN], mut i: usize, from: (u8, u8), to: (u8, u8)) -> usize {
    let (mut r, mut c) = from;
    loop {
        t[i] = (r, c);
        i += 1;
        if r == to.0 && c == to.1 {
            return i;
        }
        if r < to.0 {
            r += 1;
        } else if r > to.0 {
            r -= 1;
        }
        if c < to.1 {
            c += 1;
        } else if c > to.1 {
            c -= 1;
        }
    }
}

/// South's track as grid squares, RULES.md section 8 (index 0 and 84 are
/// the centre, written as its middle square).
const fn south_track() -> [(u8, u8); CROSS_TRACK_LEN] {
    let mut t = [(9, 9); CROSS_TRACK_LEN];
    let mut i = line(&mut t, 1, (7, 9), (0, 9));
    i = line(&mut t, i, (0, 10), (7, 10));
    i = line(&mut t, i, (8, 11), (8, 18));
    i = line(&mut t, i, (9, 18), (9, 18));
    i = line(&mut t, i, (10, 18), (10, 11));
    i = line(&mut t, i, (11, 10), (18, 10));
    i = line(&mut t, i, (18, 9), (18, 9));
    i = line(&mut t, i, (18, 8), (11, 8));
    i = line(&mut t, i, (10, 7), (10, 0));
    i = line(&mut t, i, (9, 0), (9, 0));
    i = line(&mut t, i, (8, 0), (8, 7));
    i = line(&mut t, i, (7, 8), (0, 8));
    i = line(&mut t, i, (0, 9), (0, 9));
    i = line(&mut t, i, (1, 9), (7, 9));
    t[i] = (9, 9);
    t
}

/// South's track turned `quarters` quarter turns: (r, c) → (18 − c, r) each.
const fn cross_track(quarters: u8) -> [Cell; CROSS_TRACK_LEN] {
    let south = south_track();
    let mut out = [CENTRE; CROSS_TRACK_LEN];
    let mut i = 0;
    while i < CROSS_TRACK_LEN {
        let (mut r, mut c) = south[i];
        let mut q = 0;
        while q < quarters {
            let nr = 18 - c;
            c = r;
            r = nr;
            q += 1;
        }
        out[i] = cross_cell(r, c);
        i += 1;
    }
    out
}

static CELLS: [CellInfo; CROSS_CELLS] = cross_cells();
static TRACK_S: [Cell; CROSS_TRACK_LEN] = cross_track(0);
static TRACK_W: [Cell; CROSS_TRACK_LEN] = cross_track(1);
static TRACK_N: [Cell; CROSS_TRACK_LEN] = cross_track(2);
static TRACK_E: [Cell; CROSS_TRACK_LEN] = cross_track(3);

/// Tayam Sonalu's cross.
pub static CROSS_BOARD: Board = Board {
    kind: BoardKind::Cross,
    grid_cols: 19,
    grid_rows: 19,
    cells: &CELLS,
    tracks: [&TRACK_S, &TRACK_W, &TRACK_N, &TRACK_E],
};

/// The arms in the order of their cell numbers (see [`cross_cell`]).
const ARMS: [char; 4] = ['S', 'N', 'W', 'E'];

/// The name of a cross square: its arm (`S`, `W`, `N`, `E`: where the arm
/// points as South sees the board), its lane (`a`–`c`, left to right on the
/// upright arms and top to bottom on the level ones, as drawn) and its
/// distance from the centre (`1`–`8`): South enters on `Sb1`, the end of
/// her arm is `Sb8`, and her step k ≤ 8 is `Sb`k. The centre is `C`.
/// docs/tayam-sonalu.md gives the reading.
pub(crate) fn cross_square_name(cell: Cell) -> String {
    if cell == CENTRE || usize::from(cell) >= CROSS_CELLS {
        return "C".into();
    }
    let (r, c) = (CELLS[usize::from(cell)].row, CELLS[usize::from(cell)].col);
    let (arm, lane, n) = match cell {
        1..=24 => (0, c - 8, 8 - r),
        25..=48 => (1, c - 8, r - 10),
        49..=72 => (2, 10 - r, 8 - c),
        _ => (3, 10 - r, c - 10),
    };
    format!("{}{}{n}", ARMS[arm], char::from(b'a' + lane))
}

/// Parses a cross square name (`Sb1`, `ec8`, `C`; any case).
pub(crate) fn parse_cross_square(s: &str) -> Option<Cell> {
    let b = s.trim().as_bytes();
    if b.len() == 1 && b[0].eq_ignore_ascii_case(&b'c') {
        return Some(CENTRE);
    }
    if b.len() != 3 {
        return None;
    }
    let arm = ARMS.iter().position(|a| a.eq_ignore_ascii_case(&char::from(b[0])))?;
    let lane = b[1].to_ascii_lowercase().checked_sub(b'a').filter(|&l| l < 3)?;
    let n = b[2].checked_sub(b'0').filter(|n| (1..=8).contains(n))?;
    let (r, c) = match arm {
        0 => (8 - n, 8 + lane),
        1 => (10 + n, 8 + lane),
        2 => (10 - lane, 8 - n),
        _ => (10 - lane, 10 + n),
    };
    Some(cross_cell(r, c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Seat;

    fn rc(cell: Cell) -> (u8, u8) {
        let info = CROSS_BOARD.cells[usize::from(cell)];
        (info.row, info.col)
    }

    #[test]
    fn cells_are_numbered_once_each() {
        let mut seen = [0u8; CROSS_CELLS];
        for r in 0..19 {
            for c in 0..19 {
                let on_cross = (8..=10).contains(&r) || (8..=10).contains(&c);
                if on_cross {
                    seen[usize::from(cross_cell(r, c))] += 1;
                }
            }
        }
        assert_eq!(seen[0], 9, "the centre covers nine grid squares");
        assert!(seen[1..].iter().all(|&n| n == 1));
        for cell in 1..CROSS_CELLS as u8 {
            let (r, c) = rc(cell);
            assert_eq!(cross_cell(r, c), cell);
        }
    }

    #[test]
    fn tracks_have_85_steps_from_the_centre_to_the_centre() {
        for seat in Seat::ALL {
            let t = CROSS_BOARD.tracks[seat.index()];
            assert_eq!(t.len(), 85);
            assert_eq!((t[0], t[84]), (CENTRE, CENTRE));
            assert_eq!(t[8], t[76], "{seat}: the arm's end is visited twice");
            // Every step is one square from the last (a diagonal at the arm corners).
            for i in 1..84 {
                let ((r0, c0), (r1, c1)) = (rc(t[i]), rc(t[i + 1]));
                if t[i + 1] != CENTRE {
                    assert!(r0.abs_diff(r1) <= 1 && c0.abs_diff(c1) <= 1, "{seat} step {i}");
                }
            }
            // The circuit (steps 9–76) visits all 68 outer squares once.
            let mut outer: Vec<Cell> = t[9..=76].to_vec();
            outer.sort();
            outer.dedup();
            assert_eq!(outer.len(), 68, "{seat}");
        }
    }

    #[test]
    fn entries_and_landmarks_match_the_rules() {
        let entry = |s: Seat| rc(CROSS_BOARD.cell(s, 1));
        assert_eq!(
            [entry(Seat::S), entry(Seat::W), entry(Seat::N), entry(Seat::E)],
            [(7, 9), (9, 7), (11, 9), (9, 11)]
        );
        assert_eq!(rc(CROSS_BOARD.cell(Seat::S, 17)), (8, 11));
        assert_eq!(rc(CROSS_BOARD.cell(Seat::S, 25)), (9, 18));
        assert_eq!(rc(CROSS_BOARD.cell(Seat::S, 76)), (0, 9));
        assert_eq!(rc(CROSS_BOARD.cell(Seat::S, 83)), (7, 9));
    }

    #[test]
    fn tracks_are_quarter_turns_of_each_other() {
        for (i, &s) in CROSS_BOARD.tracks[0].iter().enumerate() {
            let (r, c) = if s == CENTRE { (9, 9) } else { rc(s) };
            let turned = if s == CENTRE { CENTRE } else { cross_cell(18 - c, r) };
            assert_eq!(CROSS_BOARD.tracks[1][i], turned, "W step {i}");
        }
    }

    #[test]
    fn squares_are_named_by_arm_lane_and_distance_from_the_centre() {
        let name = |s: Seat, step: u8| cross_square_name(CROSS_BOARD.cell(s, step));
        // Every seat enters on its own arm's b1 and walks out to b8.
        for (s, arm) in [(Seat::S, 'S'), (Seat::W, 'W'), (Seat::N, 'N'), (Seat::E, 'E')] {
            for k in 1..=8 {
                assert_eq!(name(s, k), format!("{arm}b{k}"));
            }
        }
        // South's circuit: in along the right lane of her arm, out along
        // the bottom lane of East's, back along its top lane.
        assert_eq!([name(Seat::S, 9), name(Seat::S, 16)], ["Sc8", "Sc1"]);
        assert_eq!([name(Seat::S, 17), name(Seat::S, 24), name(Seat::S, 25)], ["Ec1", "Ec8", "Eb8"]);
        assert_eq!([name(Seat::S, 26), name(Seat::S, 33)], ["Ea8", "Ea1"]);
        assert_eq!([name(Seat::S, 51), name(Seat::S, 75)], ["Wa1", "Sa8"]);
        assert_eq!(cross_square_name(CENTRE), "C");
        // 97 distinct names, each read back to its cell.
        let mut names: Vec<String> = (0..CROSS_CELLS as u8).map(cross_square_name).collect();
        for (cell, n) in names.iter().enumerate() {
            assert_eq!(parse_cross_square(n), Some(cell as u8), "{n}");
            assert_eq!(parse_cross_square(&n.to_lowercase()), Some(cell as u8), "{n}");
        }
        names.sort();
        names.dedup();
        assert_eq!(names.len(), CROSS_CELLS);
        for bad in ["", "Sd1", "Sb9", "Sb0", "Xb1", "Sb", "Sb12", "e9"] {
            assert_eq!(parse_cross_square(bad), None, "{bad}");
        }
    }
}
