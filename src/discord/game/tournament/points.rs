//! A tournament's points: by place at a table, the bye, and the expected
//! points of a game the round's deadline decides. Pure.
//!
//! **The rule** (stated on the sign-up): at a table of the tournament's
//! size `s`, the place `p` (0 for the winner) scores `s − 1 − p` points:
//! 3/2/1/0 at four, 2/1/0 at three, 1/0 at two (Board Game Arena's
//! placement points, lichess's 1/0). A table one seat short (the count of
//! entrants left no other way) spreads the same range over its places, so
//! every seat's average stays `(s − 1) / 2`: at a table of three in a
//! tournament of four the places score 3, 1½ and 0. A bye scores a win at
//! a full table, `s − 1`, as a Swiss bye scores a win. Points are kept in
//! hundredths, so halves and expected points are exact to the hundredth.

/// Points in hundredths (150 is 1½).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Points(pub(crate) i64);

impl Points {
    pub(crate) const ZERO: Points = Points(0);

    /// Whole points.
    pub(crate) const fn whole(n: i64) -> Points {
        Points(n * 100)
    }

    /// The hundredths.
    pub(crate) const fn hundredths(self) -> i64 {
        self.0
    }

    /// The points as a decimal for display: `3`, `1.5`, `2.25`.
    pub(crate) fn shown(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let (int, frac) = (self.0.abs() / 100, self.0.abs() % 100);
        match frac {
            0 => format!("{sign}{int}"),
            f if f % 10 == 0 => format!("{sign}{int}.{}", f / 10),
            f => format!("{sign}{int}.{f:02}"),
        }
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        self.0 += other.0;
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        Points(iter.map(|p| p.0).sum())
    }
}

/// The points of place `place` (0: the winner) at a table of `seats` in a
/// tournament of tables of `size`. A place beyond the table scores nothing.
pub(crate) fn place_points(size: usize, seats: usize, place: usize) -> Points {
    if seats < 2 || place >= seats || size < 2 {
        return if seats == 1 && place == 0 { bye_points(size) } else { Points::ZERO };
    }
    let top = (size - 1) as i64 * 100;
    let steps = (seats - 1) as i64;
    let from_last = (seats - 1 - place) as i64;
    // Exact for the sizes a tournament has (steps of 1, 2 or 3 divide
    // top × from_last whenever seats is size or size − 1); rounded otherwise.
    Points((top * from_last + steps / 2) / steps)
}

/// What a bye scores: a win at a full table.
pub(crate) fn bye_points(size: usize) -> Points {
    Points::whole(size.saturating_sub(1) as i64)
}

/// The expected points of each seat of a game decided at the deadline,
/// from the estimate of each seat's chance of finishing in each place
/// (`chances[seat][place]`; a seat that already finished has 1 at its
/// place). A row that does not sum to 1 is scaled to; a row of nothing
/// (no estimate) counts as every place equally likely. Rounded to the
/// hundredth.
pub(crate) fn expected_points(size: usize, chances: &[Vec<f64>]) -> Vec<Points> {
    let seats = chances.len();
    chances
        .iter()
        .map(|row| {
            let row: Vec<f64> =
                (0..seats).map(|p| row.get(p).copied().filter(|c| c.is_finite() && *c > 0.0).unwrap_or(0.0)).collect();
            let total: f64 = row.iter().sum();
            let expected: f64 = if total > 0.0 {
                row.iter().enumerate().map(|(p, c)| c / total * place_points(size, seats, p).0 as f64).sum()
            } else {
                (0..seats).map(|p| place_points(size, seats, p).0 as f64).sum::<f64>() / seats.max(1) as f64
            };
            Points(expected.round() as i64)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_tables_score_by_place() {
        let at = |s: usize| (0..s).map(|p| place_points(s, s, p).0 / 100).collect::<Vec<_>>();
        assert_eq!(at(4), vec![3, 2, 1, 0]);
        assert_eq!(at(3), vec![2, 1, 0]);
        assert_eq!(at(2), vec![1, 0]);
    }

    #[test]
    fn a_short_table_keeps_the_range_and_the_average() {
        assert_eq!(
            (0..3).map(|p| place_points(4, 3, p)).collect::<Vec<_>>(),
            vec![Points(300), Points(150), Points(0)]
        );
        assert_eq!((0..2).map(|p| place_points(3, 2, p)).collect::<Vec<_>>(), vec![Points(200), Points(0)]);
        for size in 2..=4 {
            for seats in 2..=size {
                let sum: i64 = (0..seats).map(|p| place_points(size, seats, p).0).sum();
                assert_eq!(sum * 2, (size as i64 - 1) * 100 * seats as i64, "average at {seats} of {size}");
            }
        }
    }

    #[test]
    fn a_bye_scores_a_win() {
        assert_eq!(bye_points(2), Points::whole(1));
        assert_eq!(bye_points(3), Points::whole(2));
        assert_eq!(bye_points(4), Points::whole(3));
        assert_eq!(place_points(3, 1, 0), Points::whole(2));
    }

    #[test]
    fn shown_as_decimals() {
        assert_eq!(Points(300).shown(), "3");
        assert_eq!(Points(150).shown(), "1.5");
        assert_eq!(Points(225).shown(), "2.25");
        assert_eq!(Points(5).shown(), "0.05");
        assert_eq!(Points(-50).shown(), "-0.5");
    }

    #[test]
    fn expected_points_weigh_each_place() {
        // Three seats: a clear leader, a coin toss for second, a seat that finished last.
        let chances = vec![vec![0.8, 0.2, 0.0], vec![0.2, 0.5, 0.3], vec![0.0, 0.3, 0.7]];
        let e = expected_points(3, &chances);
        assert_eq!(e, vec![Points(180), Points(90), Points(30)]);
        // A finished seat scores its place exactly.
        let done = vec![vec![0.0, 0.0, 1.0], vec![0.6, 0.4, 0.0], vec![0.4, 0.6, 0.0]];
        assert_eq!(expected_points(3, &done), vec![Points(0), Points(160), Points(140)]);
    }

    #[test]
    fn expected_points_of_a_bad_estimate() {
        // Rows not summing to one are scaled; a missing row is every place alike; NaN is nothing.
        let e = expected_points(2, &[vec![2.0, 2.0], vec![f64::NAN, 0.0]]);
        assert_eq!(e, vec![Points(50), Points(50)]);
        let e = expected_points(4, &[vec![1.0], vec![0.0, 1.0], vec![0.0, 0.0, 1.0], vec![0.0, 0.0, 0.0, 1.0]]);
        assert_eq!(e, vec![Points(300), Points(200), Points(100), Points(0)]);
        // Every estimate's expectations sum to the table's points.
        let e = expected_points(4, &[vec![0.3, 0.3, 0.2, 0.2], vec![0.2, 0.2, 0.3, 0.3], vec![0.25; 4], vec![0.25; 4]]);
        assert_eq!(e.iter().copied().sum::<Points>(), Points(600));
    }
}
