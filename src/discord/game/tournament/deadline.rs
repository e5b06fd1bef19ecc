//! A table still playing at its round's deadline: each seat's chance of
//! finishing in each place, from the expert's estimate of each seat's
//! chance of winning (the built-in network, `ai::value::win_chances`)
//! and the places already taken. The tournament scores the table by the
//! expected points of these chances (`points::expected_points`). Pure.

use super::super::notes::{Note, Notes};
use super::super::table::{Player, Stage, Table, UserId};
use super::points::{Points, expected_points};
use crate::engine::Phase;

/// `chances[seat][place]` of a table's seats (in seat order): a seat that
/// finished has its place for certain; of the places left, the first goes
/// to the seats still running by their chance of winning (scaled among
/// them), and each seat's remaining chance is spread evenly over the
/// other places left.
pub(crate) fn place_chances(win: &[f64], finished: &[Option<usize>]) -> Vec<Vec<f64>> {
    let seats = finished.len();
    let open: Vec<usize> = (0..seats).filter(|p| !finished.contains(&Some(*p))).collect();
    let running: Vec<usize> = (0..seats).filter(|&s| finished[s].is_none()).collect();
    let of = |s: usize| win.get(s).copied().filter(|w| w.is_finite() && *w >= 0.0).unwrap_or(0.0);
    let total: f64 = running.iter().map(|&s| of(s)).sum();
    (0..seats)
        .map(|s| {
            let mut row = vec![0.0; seats];
            if let Some(place) = finished[s] {
                row[place] = 1.0;
                return row;
            }
            let first = if total > 0.0 { of(s) / total } else { 1.0 / running.len().max(1) as f64 };
            match open.split_first() {
                Some((&top, rest)) if !rest.is_empty() => {
                    row[top] = first;
                    rest.iter().for_each(|&p| row[p] = (1.0 - first) / rest.len() as f64);
                }
                Some((&top, _)) => row[top] = 1.0,
                None => {}
            }
            row
        })
        .collect()
}

/// The expected points of a running game's tournament players at the
/// deadline, in the table's seat order, with who sat there (a seat a
/// computer took over counts for the player who left it); `win` is the
/// estimate of each seat's chance of winning, `None` without one (every
/// open place alike).
pub(crate) fn decide(table: &Table, size: usize, win: Option<[f64; 4]>) -> Vec<(UserId, Points)> {
    let game = table.game_now();
    let places = match game.phase() {
        Phase::Finished { places } => places,
        _ => [0; 4],
    };
    let occupants = table.occupants();
    let finished: Vec<Option<usize>> = occupants
        .iter()
        .map(|(seat, _)| Some(places[seat.index()]).filter(|&p| p > 0).map(|p| usize::from(p) - 1))
        .collect();
    let win: Vec<f64> = occupants.iter().map(|(seat, _)| win.map_or(0.0, |w| w[seat.index()])).collect();
    let expected = expected_points(size, &place_chances(&win, &finished));
    occupants
        .iter()
        .zip(expected)
        .filter_map(|((_, p), e)| match p {
            Player::Human(u) => Some((*u, e)),
            Player::Computer(_) => None,
        })
        .collect()
}

/// Ends a game at its round's deadline (unrated: nobody finished it);
/// the tournament scores the table by [`decide`].
pub(crate) fn end(table: &mut Table) -> Notes {
    if !table.is_open() {
        return Notes::new();
    }
    table.stage = Stage::Ended;
    table.deadline = None;
    table.draft = Default::default();
    table.seq = table.seq.wrapping_add(1);
    vec![Note::DecidedAtDeadline]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: &[Vec<f64>], b: &[Vec<f64>]) -> bool {
        a.iter().flatten().zip(b.iter().flatten()).all(|(x, y)| (x - y).abs() < 1e-9)
    }

    #[test]
    fn the_leader_likely_first_the_others_share_the_rest() {
        let c = place_chances(&[0.6, 0.3, 0.1], &[None, None, None]);
        let want = vec![vec![0.6, 0.2, 0.2], vec![0.3, 0.35, 0.35], vec![0.1, 0.45, 0.45]];
        assert!(close(&c, &want), "{c:?}");
        for row in &c {
            assert!((row.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        }
    }

    #[test]
    fn a_finished_seat_keeps_its_place_and_the_others_share_what_is_left() {
        // Seat 1 finished first; seats 0 and 2 race for second.
        let c = place_chances(&[0.9, 0.0, 0.3], &[None, Some(0), None]);
        let want = vec![vec![0.0, 0.75, 0.25], vec![1.0, 0.0, 0.0], vec![0.0, 0.25, 0.75]];
        assert!(close(&c, &want), "{c:?}");
        assert_eq!(expected_points(3, &c), vec![Points(75), Points(200), Points(25)]);
    }

    #[test]
    fn without_an_estimate_every_open_place_is_alike() {
        let c = place_chances(&[], &[None, None]);
        assert!(close(&c, &[vec![0.5, 0.5], vec![0.5, 0.5]]), "{c:?}");
        assert_eq!(expected_points(2, &c), vec![Points(50), Points(50)]);
        let c = place_chances(&[f64::NAN, 0.0, 0.0], &[None, Some(1), Some(2)]);
        assert!(close(&c, &[vec![1.0, 0.0, 0.0], vec![0.0, 1.0, 0.0], vec![0.0, 0.0, 1.0]]), "{c:?}");
    }
}
