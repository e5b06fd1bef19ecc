//! The pure rules engine: board and tracks, throws, units, variants,
//! positions, legal-action generation, the turn cycle, the walk through
//! the uses of a series and the position notation. No I/O, no clock, no
//! randomness: throws are inputs.

mod action;
mod board;
mod cross;
pub(crate) mod fxhash;
mod game;
mod movegen;
pub(crate) mod notation;
mod outcomes;
mod position;
mod seat;
mod series;
mod setup;
mod squares;
mod throw;
mod unit;
mod variant;

pub use action::Action;
pub use board::{Board, BoardKind, Cell, CellInfo, THAAYAM_BOARD, parse_square, square_name};
pub use cross::{CENTRE, CROSS_BOARD};
pub use game::{Event, ExtraSeries, Game, Outcome, Phase, PlayError, Record, destination, places};
pub use movegen::{MoveGen, candidates};
pub use notation::{TpnError, format_tpn, parse_tpn};
pub use outcomes::series_outcomes;
pub use position::Position;
pub use seat::{Seat, SeatSet};
pub use series::{SeriesWalk, WalkBudget, WalkOptions, WalkOrder, in_series};
pub use setup::{Setup, SetupError};
pub use throw::{COWRIES, DiceModel, LONG_DICE, MAX_SERIES, THROW_KINDS, Throw, ThrowBag, ThrowList};
pub use unit::{Army, Unit};
pub use variant::{CaptureReward, Entry, Movement, PairEntry, Rules, Ruleset, Variant};
