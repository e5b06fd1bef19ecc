//! The pure rules engine: board and tracks, throws, units, variants,
//! positions, legal-action generation, the turn cycle and the position
//! notation. No I/O, no clock, no randomness: throws are inputs.

mod action;
mod board;
mod cross;
mod game;
mod movegen;
pub(crate) mod notation;
mod outcomes;
mod position;
mod seat;
mod setup;
mod throw;
mod unit;
mod variant;

pub use action::Action;
pub use board::{Board, BoardKind, Cell, CellInfo, THAAYAM_BOARD, parse_square, square_name};
pub use cross::{CENTRE, CROSS_BOARD};
pub use game::{Event, Game, Outcome, Phase, PlayError, Record, destination, places};
pub use movegen::{MoveGen, candidates};
pub use notation::{TpnError, format_tpn, parse_tpn};
pub use outcomes::series_outcomes;
pub use position::Position;
pub use seat::{Seat, SeatSet};
pub use setup::{Setup, SetupError};
pub use throw::{COWRIES, DiceModel, LONG_DICE, MAX_SERIES, THROW_KINDS, Throw, ThrowBag, ThrowList};
pub use unit::{Army, Unit};
pub use variant::{CaptureReward, Entry, Movement, PairEntry, Rules, Ruleset, Variant};
