//! The learned evaluation's inputs: a position seen from the seat that
//! throws or acts next ("the mover"), as a short list of active inputs.
//!
//! Seats are taken in play order starting from the mover, so slot 0 is
//! always the mover. Each slot holds, along that seat's own track, the
//! single pieces on every step before the keep (their count, halved), the
//! twins there, and the chance that the unit on that step is captured
//! before she moves again (from the enemies' distances on their own
//! tracks and the series table: what relates the seats' tracks); then
//! pieces off the board, captured twins waiting, pieces in the keep, borne
//! off, the squares still to go, the heuristic's expected loss from
//! capture, the expected number of pieces captured, whether a piece is on
//! the board (rule 7) and whether she has entered (Tayam Sonalu). After
//! the slots come the mover's throws not used yet (a `bell1979` capture's
//! new series joins them).

use super::eval::{Weights, capture_chance, unit_value};
use super::series::table;
use crate::engine::{Game, Rules, Seat, THROW_KINDS, Throw, Unit};

/// Inputs per seat after the per-step ones.
const SEAT_EXTRAS: usize = 9;

/// The size of the input vector for a board whose keep is step `goal`.
pub(crate) const fn inputs(goal: u8, players: usize) -> usize {
    players * per_seat(goal) + THROW_KINDS
}

const fn per_seat(goal: u8) -> usize {
    3 * goal as usize + SEAT_EXTRAS
}

/// The seats in play order starting with `mover`.
pub(crate) fn slots(game: &Game, mover: Seat) -> ([Seat; 4], usize) {
    let seats = game.position().seats();
    let mut out = [mover; 4];
    let mut n = 0;
    let mut s = mover;
    for _ in 0..seats.len() {
        out[n] = s;
        n += 1;
        s = seats.next_after(s);
    }
    (out, n)
}

/// The active inputs (index, value) of `game` seen from `mover`, in `out`.
pub(crate) fn extract(game: &Game, mover: Seat, out: &mut Vec<(u32, f32)>) {
    out.clear();
    let pos = game.position();
    let rules: &Rules = pos.rules();
    let goal = rules.goal();
    let width = per_seat(goal);
    let tbl = table(rules);
    let w = Weights::DEFAULT;
    let (slots, n) = slots(game, mover);
    let full = f32::from(goal) * 4.0;
    for (k, &seat) in slots[..n].iter().enumerate() {
        let base = k * width;
        let danger = base + 2 * usize::from(goal);
        let army = pos.army(seat);
        let (mut off, mut twins_off, mut keep, mut borne, mut to_go) = (0.0f32, 0.0f32, 0.0f32, 0.0f32, 0.0f32);
        let (mut risk, mut lost) = (0.0f64, 0.0f64);
        for u in army.units() {
            let chance = capture_chance(pos, seat, u, tbl);
            if chance > 0.0 {
                risk += chance * unit_value(u, rules, &w);
                lost += chance * if u.is_twins() { 2.0 } else { 1.0 };
                if let Some(s) = u.step() {
                    add(out, danger + usize::from(s), chance as f32);
                }
            }
            match u {
                Unit::Off => {
                    off += 1.0;
                    to_go += f32::from(goal) + 1.0;
                }
                Unit::TwinsOff => {
                    twins_off += 1.0;
                    to_go += 2.0 * (f32::from(goal) + 1.0);
                }
                Unit::Borne => borne += 1.0,
                Unit::Single(s) if s >= goal => keep += 1.0,
                Unit::Twins(s) if s >= goal => keep += 2.0,
                Unit::Single(s) => {
                    add(out, base + usize::from(s), 0.5);
                    to_go += f32::from(goal - s);
                }
                Unit::Twins(s) => {
                    add(out, base + usize::from(goal) + usize::from(s), 1.0);
                    to_go += 2.0 * f32::from(goal - s);
                }
            }
        }
        let e = base + 3 * usize::from(goal);
        let extras = [
            off / 4.0,
            twins_off / 2.0,
            keep / 4.0,
            borne / 4.0,
            to_go / full,
            (risk / f64::from(goal)) as f32,
            (lost / 4.0) as f32,
            f32::from(u8::from(army.has_piece_on_board())),
            f32::from(u8::from(army.entered())),
        ];
        for (i, v) in extras.into_iter().enumerate() {
            add(out, e + i, v);
        }
    }
    let bag = pos.throws().bag();
    for t in Throw::ALL {
        add(out, n * width + t.index(), f32::from(bag.count(t)) / 2.0);
    }
}

/// Adds `v` at `i` (merging with an input already there), skipping zeros.
fn add(out: &mut Vec<(u32, f32)>, i: usize, v: f32) {
    if v == 0.0 {
        return;
    }
    match out.iter_mut().find(|(j, _)| *j as usize == i) {
        Some((_, x)) => *x += v,
        None => out.push((i as u32, v)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::parse_tpn;

    fn features(tpn: &str, mover: Seat) -> Vec<(u32, f32)> {
        let game = Game::from_position(parse_tpn(tpn).expect("valid tpn"));
        let mut out = Vec::new();
        extract(&game, mover, &mut out);
        out.sort_by_key(|(i, _)| *i);
        out
    }

    #[test]
    fn the_mover_always_fills_the_first_slot() {
        // The same position from either side: S's pieces move to the other slot.
        let from_s = features("bell S=5,5,o,o N=7,o,o,o turn=S", Seat::S);
        let from_n = features("bell S=5,5,o,o N=7,o,o,o turn=S", Seat::N);
        let w = per_seat(24) as u32;
        assert!(from_s.contains(&(5, 1.0)), "two singles on step 5, halved: {from_s:?}");
        assert!(from_s.contains(&(w + 7, 0.5)));
        assert!(from_n.contains(&(7, 0.5)));
        assert!(from_n.contains(&(w + 5, 1.0)));
        assert!(from_s.iter().all(|(i, _)| (*i as usize) < inputs(24, 2)));
    }

    #[test]
    fn twins_keep_and_throws_have_their_own_inputs() {
        let f = features("bell S=t8,24,x N=7,o,o,o turn=S throws=1,4", Seat::S);
        let w = per_seat(24);
        assert!(f.contains(&(24 + 8, 1.0)), "twins on step 8: {f:?}");
        let e = 72;
        assert!(f.contains(&(e as u32 + 2, 0.25)), "one piece in the keep: {f:?}");
        assert!(f.contains(&(e as u32 + 3, 0.25)), "one borne off: {f:?}");
        assert!(!f.iter().any(|&(i, _)| i as usize == e + 5), "no enemy can reach step 8's palace");
        assert!(!f.iter().any(|&(i, _)| i as usize == 48 + 8), "nor has step 8 a danger input");
        let throws = 2 * w;
        assert!(f.contains(&((throws + Throw::One.index()) as u32, 0.5)));
        assert!(f.contains(&((throws + Throw::Four.index()) as u32, 0.5)));
    }

    #[test]
    fn a_threatened_piece_shows_its_risk() {
        // S on d4 (her 20) with N's piece one square behind it on N's track.
        let f = features("bell S=20,o,o,o N=15,x,x,x turn=N", Seat::N);
        let w = per_seat(24);
        let value = |i: usize| f.iter().find(|(j, _)| *j as usize == i).map(|p| p.1);
        let risk_of_s = w + 72 + 5;
        assert!(value(risk_of_s).is_some_and(|r| r > 0.1), "{f:?}");
        // The danger of S's piece on her step 20 (a distance of 1 for N: a 1 in the series).
        let danger = value(w + 48 + 20);
        assert!(danger.is_some_and(|d| d > 0.2 && d < 0.5), "{f:?}");
        assert_eq!(value(w + 72 + 6), danger.map(|d| d / 4.0), "one piece expected lost, quartered");
        // N's piece on her 15 can only be reached by a piece S enters: far less likely.
        let n_danger = value(48 + 15).unwrap_or(0.0);
        assert!(n_danger < danger.unwrap_or(0.0) / 2.0, "{f:?}");
    }
}
