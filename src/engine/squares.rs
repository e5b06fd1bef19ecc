//! The names players read for the squares of every board: `c3` on the
//! 5 × 5 board (`board.rs`), `Sb1` on Tayam Sonalu's cross (`cross.rs`),
//! one call for both.

use super::board::{self, Board, BoardKind, Cell};
use super::cross::{cross_square_name, parse_cross_square};

impl Board {
    /// The name players read for a cell: `c3` on the 5 × 5 board, `Sb1`
    /// on the cross (arm, lane, distance from the centre; `C` the centre).
    pub fn square_name(&self, cell: Cell) -> String {
        match self.kind {
            BoardKind::Square => board::square_name(cell),
            BoardKind::Cross => cross_square_name(cell),
        }
    }

    /// Reads a square name of this board (see [`Board::square_name`]).
    pub fn parse_square(&self, s: &str) -> Option<Cell> {
        match self.kind {
            BoardKind::Square => board::parse_square(s),
            BoardKind::Cross => parse_cross_square(s),
        }
    }
}
