//! A game's review, step by step and per player: every series' luck
//! ([`super::luck`]) and every decision's loss and label
//! ([`super::skill`]), as kept in the store (serde, so a page can draw each
//! step's marks: the luck of the series, the label, the best end position
//! beside the one played), and each player's totals.

use super::skill::{Label, accuracy};
use crate::engine::{Action, Seat, SeatSet, Throw};
use serde::{Deserialize, Serialize};

/// A game's review as it is kept: each player's totals and every step.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Review {
    pub players: Vec<PlayerReview>,
    pub steps: Vec<Step>,
}

/// One step of the game judged.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Step {
    /// A series thrown (rule 7's discards included) and its luck for the
    /// thrower: her chance after its best use minus the expectation of
    /// that over every series ([`super::luck`]).
    Series { series: u32, x: f64, seat: Seat, throws: Vec<Throw>, luck: f64 },
    /// A use of a series that had a choice: the position (TPN) with the
    /// throws, the actions played and the reference's best ones (empty when
    /// the one played is the best), where each ends (TPN), the player's
    /// chance after each by the reference, the loss and its label.
    Decision {
        series: u32,
        x: f64,
        seat: Seat,
        tpn: String,
        played: Vec<Action>,
        best: Vec<Action>,
        played_end: String,
        best_end: String,
        chance: f64,
        best_chance: f64,
        loss: f64,
        label: Option<Label>,
    },
}

impl Step {
    pub fn seat(&self) -> Seat {
        match self {
            Step::Series { seat, .. } | Step::Decision { seat, .. } => *seat,
        }
    }

    pub fn x(&self) -> f64 {
        match self {
            Step::Series { x, .. } | Step::Decision { x, .. } => *x,
        }
    }

    /// The loss of a decision (`None` for a series).
    pub fn loss(&self) -> Option<f64> {
        match self {
            Step::Decision { loss, .. } => Some(*loss),
            Step::Series { .. } => None,
        }
    }
}

/// One player's totals over a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerReview {
    pub seat: Seat,
    /// The sum of her series' luck (chance of winning, 1 = a whole game).
    pub luck: f64,
    /// Her decisions (uses with a choice) and the chance they gave away.
    pub decisions: u32,
    pub lost: f64,
    /// The mean loss per decision (0 without one; the lower the better).
    pub mean_loss: f64,
    /// Her accuracy in percent ([`accuracy`]; `None` without a decision).
    pub accuracy: Option<f64>,
    /// Her inaccuracies, mistakes and blunders.
    pub labels: [u32; 3],
}

/// Every seated player's totals from the steps, in seat order.
pub fn players(seats: SeatSet, steps: &[Step]) -> Vec<PlayerReview> {
    seats
        .iter()
        .map(|seat| {
            let mine = || steps.iter().filter(move |s| s.seat() == seat);
            let luck = mine().map(|s| if let Step::Series { luck, .. } = s { *luck } else { 0.0 }).sum();
            let losses: Vec<f64> = mine().filter_map(Step::loss).collect();
            let mut labels = [0; 3];
            for s in mine() {
                if let Step::Decision { label: Some(l), .. } = s {
                    labels[*l as usize] += 1;
                }
            }
            let lost: f64 = losses.iter().sum();
            let mean_loss = if losses.is_empty() { 0.0 } else { lost / losses.len() as f64 };
            let decisions = losses.len() as u32;
            PlayerReview { seat, luck, decisions, lost, mean_loss, accuracy: accuracy(&losses), labels }
        })
        .collect()
}

/// The `n` costliest decisions, costliest first (ties: earlier first).
pub fn costliest(steps: &[Step], n: usize) -> Vec<&Step> {
    let mut ds: Vec<&Step> = steps.iter().filter(|s| s.loss().is_some_and(|l| l > 0.0)).collect();
    ds.sort_by(|a, b| b.loss().unwrap_or(0.0).total_cmp(&a.loss().unwrap_or(0.0)).then(a.x().total_cmp(&b.x())));
    ds.truncate(n);
    ds
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decision(seat: Seat, x: f64, loss: f64) -> Step {
        Step::Decision {
            series: 1,
            x,
            seat,
            tpn: String::new(),
            played: Vec::new(),
            best: Vec::new(),
            played_end: String::new(),
            best_end: String::new(),
            chance: 0.5 - loss,
            best_chance: 0.5,
            loss,
            label: Label::of(loss),
        }
    }

    #[test]
    fn totals_add_each_players_luck_and_losses_only() {
        let seats = SeatSet::for_players(2).expect("2");
        let steps = vec![
            Step::Series { series: 1, x: 0.5, seat: Seat::S, throws: vec![Throw::Two], luck: 0.1 },
            decision(Seat::S, 1.0, 0.09),
            Step::Series { series: 2, x: 1.5, seat: Seat::N, throws: vec![Throw::Three], luck: -0.05 },
            decision(Seat::N, 2.0, 0.0),
            decision(Seat::N, 3.0, 0.03),
            Step::Series { series: 3, x: 2.5, seat: Seat::S, throws: vec![Throw::Two], luck: -0.02 },
        ];
        let p = players(seats, &steps);
        assert_eq!(p.len(), 2);
        let (s, n) = (&p[0], &p[1]);
        assert_eq!((s.seat, n.seat), (Seat::S, Seat::N));
        assert!((s.luck - 0.08).abs() < 1e-12 && (n.luck + 0.05).abs() < 1e-12);
        assert_eq!((s.decisions, s.labels), (1, [0, 0, 1]));
        assert_eq!((n.decisions, n.labels), (2, [1, 0, 0]));
        assert!((n.mean_loss - 0.015).abs() < 1e-12);
        assert!(s.accuracy.expect("s") < n.accuracy.expect("n"));
        let top = costliest(&steps, 5);
        assert_eq!(top.len(), 2, "a decision that lost nothing is not among the costly");
        assert_eq!(top[0].loss(), Some(0.09));
    }
}
