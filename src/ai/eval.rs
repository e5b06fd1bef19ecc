//! The heuristic every level above `random` builds on: a score for a
//! position from one seat's point of view, in "squares of progress".
//!
//! Each seat's pieces are worth their progress along their own track (a
//! piece on the board is worth its step plus an entering bonus, more in
//! the keep, most borne off), minus the expected loss from capture: a
//! single piece off the marked squares is in danger from every enemy unit
//! that could land on its cell with the enemy's next series. Distances are
//! measured on the *enemy's* track (each seat has its own), and the chance
//! that a series makes one of them comes from [`super::series`]. The seat
//! that moves next can still run, so its dangers count less. A seat's
//! score is compared with the best and the average of the others.

use super::series::{SeriesTable, table};
use crate::engine::{Game, Phase, Position, Rules, Seat, Unit};

/// The heuristic's parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Worth of having a piece on the board rather than off it.
    pub entered: f64,
    /// Extra worth of a piece in the keep.
    pub keep: f64,
    /// Extra worth of a piece borne off (over one in the keep).
    pub borne: f64,
    /// Penalty for captured twins waiting off the board (`francais`).
    pub(crate) twins_off: f64,
    /// Weight of the expected loss from capture.
    pub risk: f64,
    /// Factor on the risk of the seat that moves next (it can still run).
    pub next_risk: f64,
    /// Worth of moving next (a capture's extra series).
    pub tempo: f64,
    /// Worth per square of throws not used yet in the current series.
    pub unused: f64,
    /// Added to a unit's worth when it is captured (the captor's extra series).
    pub hit_extra: f64,
    /// Penalty for having no piece on the board (rule 7 discards throws).
    pub no_board: f64,
    /// Share of the best opponent (the rest: the average opponent).
    pub best_share: f64,
}

impl Weights {
    pub const DEFAULT: Weights = Weights {
        entered: 4.0,
        keep: 2.0,
        borne: 2.0,
        twins_off: 2.0,
        risk: 1.0,
        next_risk: 0.4,
        tempo: 3.0,
        unused: 0.9,
        best_share: 0.5,
        no_board: 0.0,
        hit_extra: 0.0,
    };
}

impl Default for Weights {
    fn default() -> Self {
        Weights::DEFAULT
    }
}

/// The score of a won game (lost: its negation).
pub(crate) const WIN: f64 = 10_000.0;

/// The position's worth for `me`: her score minus a blend of the best and
/// the average opponent's.
pub(crate) fn evaluate(game: &Game, me: Seat, w: &Weights) -> f64 {
    let pos = game.position();
    if let Some(winner) = pos.winner() {
        return if winner == me { WIN } else { -WIN };
    }
    let s = scores(game, w);
    let others: Vec<f64> = pos.seats().iter().filter(|&o| o != me).map(|o| s[o.index()]).collect();
    if others.is_empty() {
        return s[me.index()];
    }
    let best = others.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mean = others.iter().sum::<f64>() / others.len() as f64;
    s[me.index()] - w.best_share * best - (1.0 - w.best_share) * mean
}

/// Every seat's score (0 for empty seats).
pub(crate) fn scores(game: &Game, w: &Weights) -> [f64; 4] {
    let pos = game.position();
    let rules = pos.rules();
    let tbl = table(rules);
    let next = next_mover(game);
    let mut out = [0.0; 4];
    for seat in pos.seats().iter() {
        let army = pos.army(seat);
        let progress: f64 = army.units().map(|u| unit_value(u, rules, w)).sum();
        let risk = risk(pos, seat, tbl, w);
        let factor = if seat == next { w.next_risk } else { 1.0 };
        let idle = if army.has_piece_on_board() { 0.0 } else { w.no_board };
        out[seat.index()] = progress - w.risk * factor * risk - idle;
    }
    out[next.index()] += w.tempo;
    out[pos.turn().index()] += w.unused * f64::from(pos.throws().bag().sum());
    out
}

/// The seat that will throw the next series once the current one is
/// used: the player on turn if she has earned another series, else the next.
fn next_mover(game: &Game) -> Seat {
    let pos = game.position();
    match game.phase() {
        Phase::Moving { captured: false, .. } => pos.seats().next_after(pos.turn()),
        _ => pos.turn(),
    }
}

/// What a unit is worth, in squares of progress.
pub(crate) fn unit_value(u: Unit, rules: &Rules, w: &Weights) -> f64 {
    let goal = f64::from(rules.goal());
    match u {
        Unit::Off => 0.0,
        Unit::TwinsOff => -w.twins_off,
        Unit::Borne => goal + w.entered + w.keep + w.borne,
        Unit::Single(s) if s == rules.goal() => goal + w.entered + w.keep,
        Unit::Single(s) => f64::from(s) + w.entered,
        Unit::Twins(s) => 2.0 * (f64::from(s) + w.entered),
    }
}

/// The expected loss of `seat`'s units to capture before she moves again.
fn risk(pos: &Position, seat: Seat, tbl: &SeriesTable, w: &Weights) -> f64 {
    let rules = pos.rules();
    let mut total = 0.0;
    for u in pos.army(seat).units() {
        let chance = capture_chance(pos, seat, u, tbl);
        if chance > 0.0 {
            total += chance * (unit_value(u, rules, w) + w.hit_extra);
        }
    }
    total
}

/// The chance that `seat`'s unit `u` is captured before she moves again
/// (0 off the board, in the keep and on a marked square).
pub(crate) fn capture_chance(pos: &Position, seat: Seat, u: Unit, tbl: &SeriesTable) -> f64 {
    let rules = pos.rules();
    let Some(step) = u.step() else { return 0.0 };
    if step >= rules.goal() {
        return 0.0;
    }
    let cell = rules.board.cell(seat, step);
    if rules.board.is_safe(cell) {
        return 0.0;
    }
    let mut safe = 1.0;
    for enemy in pos.seats().iter().filter(|&e| e != seat) {
        safe *= 1.0 - attack_chance(pos, enemy, cell, u.is_twins(), tbl);
    }
    1.0 - safe
}

/// The chance that `enemy`'s next series lets one of her units land on
/// `cell`, where a target (twins or not) stands.
fn attack_chance(pos: &Position, enemy: Seat, cell: u8, target_twins: bool, tbl: &SeriesTable) -> f64 {
    let rules = pos.rules();
    let Some(at) = rules.board.step_of(enemy, cell) else { return 0.0 };
    let (mut single, mut twins, mut enter) = (0u64, 0u64, 0u64);
    let army = pos.army(enemy);
    // Bit d: distance d (longer distances, possible on bigger boards, are ignored).
    let bit = |d: u8| 1u64.checked_shl(u32::from(d)).unwrap_or(0);
    for u in army.units() {
        match u {
            Unit::Single(e) if e < at && !target_twins => single |= bit(at - e),
            Unit::Twins(e) if e < at && (target_twins || rules.twins_capture_singles) => twins |= bit(at - e),
            Unit::Off if !target_twins => enter |= bit(at),
            _ => {}
        }
    }
    if !army.has_piece_on_board() {
        // Rule 7: her series only counts from its first 1, so only entering threatens.
        single = 0;
    }
    tbl.hit(single, twins, enter)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::parse_tpn;

    fn eval(tpn: &str, me: Seat) -> f64 {
        let pos = parse_tpn(tpn).expect("valid tpn");
        evaluate(&Game::from_position(pos), me, &Weights::DEFAULT)
    }

    #[test]
    fn progress_is_worth_more() {
        let behind = eval("bell S=3,o,o,o N=3,o,o,o turn=N", Seat::S);
        let ahead = eval("bell S=7,o,o,o N=3,o,o,o turn=N", Seat::S);
        assert!(ahead > behind, "{ahead} vs {behind}");
    }

    fn score_of(tpn: &str, seat: Seat) -> f64 {
        let pos = parse_tpn(tpn).expect("valid tpn");
        scores(&Game::from_position(pos), &Weights::DEFAULT)[seat.index()]
    }

    #[test]
    fn danger_is_measured_on_the_enemy_track() {
        // S on d4 (her step 20). N on d5 (N's 15) is one square behind d4 on N's track.
        let threatened = score_of("bell S=20,o,o,o N=15,x,x,x turn=N", Seat::S);
        // N on c4 stands one square behind d4 on S's track, but on N's track c4
        // (23) is past d4 (16): no danger.
        let clear = score_of("bell S=20,o,o,o N=23,x,x,x turn=N", Seat::S);
        assert_eq!(clear, 24.0);
        assert!(threatened < clear - 4.0, "{threatened} vs {clear}");
    }

    #[test]
    fn marked_squares_are_safe() {
        // S on e3 (E's palace) or on e4, N two squares behind on N's track either way.
        let safe = score_of("bell S=4,o,o,o N=10,o,o,o turn=N", Seat::S);
        let open = score_of("bell S=5,o,o,o N=11,o,o,o turn=N", Seat::S);
        assert_eq!(safe, 8.0);
        assert!(open < safe - 2.0, "{open} vs {safe}");
    }

    #[test]
    fn a_won_game_is_the_best_score() {
        assert_eq!(eval("bell S=x,x,x,x N=3,o,o,o turn=N", Seat::S), WIN);
        assert_eq!(eval("bell S=x,x,x,x N=3,o,o,o turn=N", Seat::N), -WIN);
    }
}
