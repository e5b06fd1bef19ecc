//! A position: the pieces of every seated player, whose turn it is and the
//! throws of the current series still to be used. Small and `Copy`.

use super::action::Action;
use super::seat::{Seat, SeatSet};
use super::throw::ThrowList;
use super::unit::{Army, Unit};
use super::variant::{Movement, Rules, Ruleset};

/// A legal position (built through [`super::Setup`] or from the start).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) ruleset: Ruleset,
    pub(crate) seats: SeatSet,
    pub(crate) armies: [Army; 4],
    pub(crate) turn: Seat,
    pub(crate) throws: ThrowList,
}

impl Position {
    /// The start of a game: every piece off the board, South to act.
    pub(crate) fn start(ruleset: Ruleset, seats: SeatSet) -> Position {
        Position { ruleset, seats, armies: [Army::default(); 4], turn: Seat::S, throws: ThrowList::new() }
    }

    pub(crate) fn ruleset(&self) -> Ruleset {
        self.ruleset
    }

    pub fn rules(&self) -> &'static Rules {
        self.ruleset.rules()
    }

    pub fn seats(&self) -> SeatSet {
        self.seats
    }

    pub fn army(&self, seat: Seat) -> &Army {
        &self.armies[seat.index()]
    }

    pub fn turn(&self) -> Seat {
        self.turn
    }

    /// The throws of the current series still to be used, in the order thrown.
    pub fn throws(&self) -> &ThrowList {
        &self.throws
    }

    /// The seat that has borne off all four pieces, if any.
    pub fn winner(&self) -> Option<Seat> {
        self.seats.iter().find(|s| self.army(*s).borne_off() == 4)
    }

    /// Every unit on the board as (seat, unit, cell).
    pub(crate) fn units_on_board(&self) -> impl Iterator<Item = (Seat, Unit, u8)> + '_ {
        let board = self.rules().board;
        self.seats.iter().flat_map(move |seat| {
            self.army(seat).units().filter_map(move |u| u.step().map(|s| (seat, u, board.cell(seat, s))))
        })
    }

    /// Applies an action of the player on turn to the pieces (no phase
    /// logic, no legality check beyond what it needs to stay consistent).
    /// Returns how many enemy pieces were captured; `None` if the action
    /// names a unit that does not exist.
    pub(crate) fn play_pieces(&mut self, action: Action) -> Option<u8> {
        let seat = self.turn;
        let rules = self.rules();
        let army = army_after(self.army(seat), action, rules)?;
        self.armies[seat.index()] = army;
        let Action::Advance { from, twins, throws } = action else {
            return Some(0);
        };
        let dest = from + distance(rules, twins, throws.sum());
        Some(self.land(seat, dest, twins))
    }

    /// A unit of `seat` lands on `step`: capture what the rules capture.
    fn land(&mut self, seat: Seat, step: u8, twins: bool) -> u8 {
        let rules = self.rules();
        let board = rules.board;
        if step == rules.goal() {
            return 0;
        }
        let cell = board.cell(seat, step);
        if board.is_safe(cell) {
            return 0;
        }
        let hits_singles = !twins || rules.twins_capture_singles;
        let mut captured = 0;
        for enemy in self.seats.iter().filter(|&s| s != seat) {
            let army = &mut self.armies[enemy.index()];
            if !(0..army.len()).any(|i| army.step(i).is_some_and(|s| board.cell(enemy, s) == cell)) {
                continue;
            }
            let mut singles = 0;
            let mut i = 0;
            while i < army.len() {
                let u = army.unit(i);
                let here = u.step().is_some_and(|s| board.cell(enemy, s) == cell);
                match u {
                    Unit::Single(_) if here && hits_singles => {
                        army.remove(i);
                        singles += 1;
                        i = 0;
                    }
                    Unit::Twins(_) if here && twins => {
                        army.remove(i);
                        if rules.captured_twins_stay {
                            army.push(Unit::TwinsOff, false);
                        } else {
                            army.push(Unit::Off, false);
                            army.push(Unit::Off, false);
                        }
                        captured += 2;
                        i = 0;
                    }
                    _ => i += 1,
                }
            }
            captured += singles;
            let pairs = if rules.captured_singles_pair { singles / 2 } else { 0 };
            for _ in 0..pairs {
                army.push(Unit::TwinsOff, false);
            }
            for _ in 0..singles - 2 * pairs {
                army.push(Unit::Off, false);
            }
        }
        captured
    }
}

/// How far a unit moves for a total of `sum`.
pub(crate) fn distance(rules: &Rules, twins: bool, sum: u32) -> u8 {
    let d = if twins { rules.twins_distance(sum) } else { sum };
    d.min(255) as u8
}

impl Army {
    /// This army after one of its own actions (captures of enemies aside);
    /// `None` if the action names a unit it does not have or overshoots.
    pub fn after(&self, action: Action, rules: &Rules) -> Option<Army> {
        army_after(self, action, rules)
    }
}

/// The player's own army after an action (captures aside). `None` if the
/// action names a unit she does not have.
pub(crate) fn army_after(army: &Army, action: Action, rules: &Rules) -> Option<Army> {
    let mut a = *army;
    let goal = rules.goal();
    let entry = rules.entry.step;
    match action {
        Action::Enter | Action::EnterWith { .. } => {
            let i = a.find(Unit::Off)?;
            a.set(i, Unit::Single(entry), false);
        }
        Action::EnterPair { .. } => {
            let i = a.find(Unit::TwinsOff)?;
            a.remove(i);
            a.push(Unit::Single(entry), false);
            a.push(Unit::Single(entry), false);
        }
        Action::EnterTwins => {
            let i = a.find(Unit::TwinsOff)?;
            a.set(i, Unit::Twins(entry), false);
        }
        Action::BearOff => {
            let i = a.find(Unit::Single(goal))?;
            a.set(i, Unit::Borne, false);
        }
        Action::Twins => {
            let at = Unit::Single(rules.twins_step?);
            let i = a.find(at)?;
            let first_moved = a.is_moved(i);
            a.remove(i);
            let j = a.find(at)?;
            let moved = first_moved || a.is_moved(j);
            a.remove(j);
            a.push(Unit::Twins(rules.twins_step?), moved);
        }
        Action::Advance { from, twins, throws } => {
            let unit = if twins { Unit::Twins(from) } else { Unit::Single(from) };
            let once = rules.movement == Movement::SumOnce;
            let i = if once { a.find_unmoved(unit)? } else { a.find(unit)? };
            let dest = from.checked_add(distance(rules, twins, throws.sum()))?;
            if dest > goal {
                return None;
            }
            if dest == goal && rules.home_on_goal {
                a.remove(i);
                for _ in 0..unit.pieces() {
                    a.push(Unit::Borne, false);
                }
            } else if twins && dest == goal {
                a.remove(i);
                a.push(Unit::Single(goal), once);
                a.push(Unit::Single(goal), once);
            } else {
                let moved = if twins { Unit::Twins(dest) } else { Unit::Single(dest) };
                a.set(i, moved, once);
            }
        }
        Action::Pass => {}
    }
    if matches!(action, Action::Enter | Action::EnterWith { .. } | Action::EnterPair { .. })
        && rules.entry.first_is_special()
    {
        a.set_entered(true);
    }
    Some(a)
}
