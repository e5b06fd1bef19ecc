//! `Setup`: a position that may be illegal, with public fields, turned into
//! a [`Position`] only by a validating constructor that names each defect.

use super::position::Position;
use super::seat::{Seat, SeatSet};
use super::throw::{Throw, ThrowList};
use super::unit::{Army, Unit};
use super::variant::Ruleset;
use std::fmt;

/// A position as written down, not yet checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    pub(crate) ruleset: Ruleset,
    /// The units of each seat; `None` for an empty seat.
    pub(crate) armies: [Option<Vec<Unit>>; 4],
    pub(crate) turn: Seat,
    pub(crate) throws: Vec<Throw>,
    /// Seats that have entered a piece (Tayam Sonalu's `S+=`).
    pub(crate) entered: SeatSet,
}

/// One reason a setup is not a legal position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The seated players are not S+N, S+W+N or all four.
    Seating(SeatSet),
    /// A seat does not hold exactly four pieces.
    PieceCount { seat: Seat, pieces: u8 },
    /// A step beyond the track.
    StepOutOfRange { seat: Seat, step: u8, last: u8 },
    /// Twins on a step they cannot occupy.
    TwinsStep { seat: Seat, step: u8 },
    /// Captured twins waiting off the board, in a variant where they split.
    TwinsOffNotAllowed { seat: Seat },
    /// `turn` names a seat with no player.
    TurnNotSeated(Seat),
    /// A throw this variant's dice cannot make.
    Throw(Throw),
    /// More throws than a series can hold.
    TooManyThrows(usize),
    /// Twins in a variant without twins.
    NoTwins { seat: Seat },
    /// A single on a step where it cannot stand (the start, or home).
    SingleStep { seat: Seat, step: u8 },
    /// A seat marked as entered where the variant does not mark entries.
    EnteredNotUsed { seat: Seat },
    /// A seat with pieces in play that is not marked as entered.
    NotEntered { seat: Seat },
    /// Pieces of two players that would have captured each other.
    EnemiesShare { square: String, a: Seat, b: Seat },
    /// The game is already won by a seat, yet there are throws to use.
    ThrowsAfterWin(Seat),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Seating(_) => f.write_str("players must sit S N, S W N, or S W N E"),
            SetupError::PieceCount { seat, pieces } => {
                write!(f, "{seat} has {pieces} pieces, expected 4")
            }
            SetupError::StepOutOfRange { seat, step, last } => {
                write!(f, "{seat} has a piece on step {step}, beyond the last step {last}")
            }
            SetupError::TwinsStep { seat, step } => {
                write!(f, "{seat} has twins on step {step}, where twins cannot stand")
            }
            SetupError::TwinsOffNotAllowed { seat } => {
                write!(f, "{seat} has captured twins off the board (`to`), which only francais keeps")
            }
            SetupError::NoTwins { seat } => write!(f, "{seat} has twins, but this variant has none"),
            SetupError::SingleStep { seat, step } => {
                write!(f, "{seat} has a piece on step {step}, where no piece stands (off is `o`, home is `x`)")
            }
            SetupError::EnteredNotUsed { seat } => {
                write!(f, "{seat}+ marks a first entry, which only tayam-sonalu records")
            }
            SetupError::NotEntered { seat } => {
                write!(f, "{seat} has pieces in play, so it has entered: write {seat}+=")
            }
            SetupError::TurnNotSeated(s) => write!(f, "turn {s} is not a seated player"),
            SetupError::Throw(t) => write!(f, "throw {t} cannot be made with this variant's dice"),
            SetupError::TooManyThrows(n) => write!(f, "{n} throws are more than a series can hold"),
            SetupError::EnemiesShare { square, a, b } => {
                write!(f, "{a} and {b} share the unmarked square {square}, where one would have captured the other")
            }
            SetupError::ThrowsAfterWin(s) => write!(f, "{s} has already won, so no throws can be left"),
        }
    }
}

impl std::error::Error for SetupError {}

impl Setup {
    /// The setup of a position.
    pub fn from_position(pos: &Position) -> Setup {
        let mut armies: [Option<Vec<Unit>>; 4] = Default::default();
        for seat in pos.seats().iter() {
            armies[seat.index()] = Some(pos.army(seat).units().collect());
        }
        let mut entered = SeatSet::EMPTY;
        for seat in pos.seats().iter().filter(|s| pos.army(*s).entered()) {
            entered.insert(seat);
        }
        Setup { ruleset: pos.ruleset(), armies, turn: pos.turn(), throws: pos.throws().as_slice().to_vec(), entered }
    }

    /// Checks everything and builds the position.
    pub fn validate(&self) -> Result<Position, SetupError> {
        let rules = self.ruleset.rules();
        let mut seats = SeatSet::EMPTY;
        for seat in Seat::ALL.into_iter().filter(|s| self.armies[s.index()].is_some()) {
            seats.insert(seat);
        }
        if !seats.is_valid_table() {
            return Err(SetupError::Seating(seats));
        }
        let mut pos = Position::start(self.ruleset, seats);
        for seat in seats.iter() {
            let units = self.armies[seat.index()].as_deref().unwrap_or(&[]);
            check_units(seat, units, self.ruleset)?;
            let mut army = Army::from_units(units);
            let entered = self.entered.contains(seat);
            if entered && !rules.entry.first_is_special() {
                return Err(SetupError::EnteredNotUsed { seat });
            }
            let in_play = units.iter().any(|u| !matches!(u, Unit::Off));
            if rules.entry.first_is_special() && in_play && !entered {
                return Err(SetupError::NotEntered { seat });
            }
            army.set_entered(entered);
            pos.armies[seat.index()] = army;
        }
        if !seats.contains(self.turn) {
            return Err(SetupError::TurnNotSeated(self.turn));
        }
        pos.turn = self.turn;
        if let Some(&t) = self.throws.iter().find(|t| !rules.dice.can_produce(**t)) {
            return Err(SetupError::Throw(t));
        }
        pos.throws = ThrowList::from_slice(&self.throws).map_err(|_| SetupError::TooManyThrows(self.throws.len()))?;
        check_contacts(&pos)?;
        if let (Some(w), false) = (pos.winner(), self.throws.is_empty()) {
            return Err(SetupError::ThrowsAfterWin(w));
        }
        Ok(pos)
    }
}

/// Checks one seat's units on their own.
pub(crate) fn check_units(seat: Seat, units: &[Unit], ruleset: Ruleset) -> Result<(), SetupError> {
    let rules = ruleset.rules();
    let last = rules.goal();
    let pieces: u8 = units.iter().map(|u| u.pieces()).sum();
    if pieces != 4 || units.len() > 4 {
        return Err(SetupError::PieceCount { seat, pieces });
    }
    for &u in units {
        match u {
            Unit::Single(step) | Unit::Twins(step) if step > last => {
                return Err(SetupError::StepOutOfRange { seat, step, last });
            }
            Unit::Twins(_) if rules.twins_step.is_none() => return Err(SetupError::NoTwins { seat }),
            Unit::Twins(step) => {
                let first = if rules.captured_twins_stay { rules.entry.step } else { rules.twins_step.unwrap_or(0) };
                if step < first || step >= last {
                    return Err(SetupError::TwinsStep { seat, step });
                }
            }
            Unit::Single(step) if step < rules.entry.step || (step == last && rules.home_on_goal) => {
                return Err(SetupError::SingleStep { seat, step });
            }
            Unit::TwinsOff if !rules.captured_twins_stay && !rules.captured_singles_pair => {
                return Err(SetupError::TwinsOffNotAllowed { seat });
            }
            _ => {}
        }
    }
    Ok(())
}

/// Two players' pieces on one unmarked square must be able to coexist:
/// singles of two colours never can, nor twins of two colours, nor (where
/// twins capture singles) singles standing where enemy twins could only
/// have arrived after them. The last case is ambiguous (the single may
/// have come second), so only the first two are refused.
fn check_contacts(pos: &Position) -> Result<(), SetupError> {
    let board = pos.rules().board;
    let units: Vec<_> = pos.units_on_board().filter(|(_, _, c)| !board.is_safe(*c)).collect();
    for (i, &(a, ua, ca)) in units.iter().enumerate() {
        for &(b, ub, cb) in &units[i + 1..] {
            if a != b && ca == cb && ua.is_twins() == ub.is_twins() {
                return Err(SetupError::EnemiesShare { square: board.square_name(ca), a, b });
            }
        }
    }
    Ok(())
}
