//! What a tournament's games count for: a finished table's points (no-shows
//! last), the no-show rule, and the standings with their tie-breaks. Pure.
//!
//! **Tie-breaks** (stated on the sign-up): points, then opponents' points
//! (the sum of the points now held by every opponent of every game, a
//! Buchholz score: who met the strong ranks above who met the weak), then
//! wins (first places), then the rating the tournament began with. Players
//! equal in all of these share a place.

use std::collections::HashMap;

use super::points::{Points, place_points};
use super::swiss::Meetings;
use crate::discord::game::ids::UserId;

/// No-shows that withdraw a player from the tournament.
pub(crate) const NO_SHOWS_WITHDRAW: u32 = 2;

/// One player's result at one table (a bye is a table of one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Seat {
    pub(crate) player: UserId,
    pub(crate) points: Points,
    /// First among the tournament's players at the table.
    pub(crate) won: bool,
    pub(crate) no_show: bool,
}

/// A finished table (or a bye) of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Played {
    pub(crate) round: u32,
    pub(crate) seats: Vec<Seat>,
}

impl Played {
    /// A bye of `round` at tables of `size` (the runner reads byes from
    /// the store; the tests build them).
    #[cfg(test)]
    pub(crate) fn bye(round: u32, size: usize, player: UserId) -> Played {
        Played {
            round,
            seats: vec![Seat { player, points: super::points::bye_points(size), won: false, no_show: false }],
        }
    }

    pub(crate) fn is_bye(&self) -> bool {
        self.seats.len() == 1
    }
}

/// The points of a finished table: `finish` lists the tournament's
/// players in the order they finished (a computer that sat in is not
/// listed); a player in `no_shows` is placed after every player present,
/// whatever her seat did (the computer played it).
pub(crate) fn score_table(size: usize, finish: &[UserId], no_shows: &[UserId]) -> Vec<Seat> {
    let mut order: Vec<UserId> = finish.iter().copied().filter(|p| !no_shows.contains(p)).collect();
    order.extend(finish.iter().copied().filter(|p| no_shows.contains(p)));
    let seats = order.len();
    let present = seats - finish.iter().filter(|p| no_shows.contains(p)).count();
    order
        .iter()
        .enumerate()
        .map(|(place, &player)| {
            let no_show = place >= present;
            // Several no-shows share the last place.
            let at = if no_show { seats - 1 } else { place };
            Seat { player, points: place_points(size, seats, at), won: place == 0 && !no_show, no_show }
        })
        .collect()
}

/// What a no-show means for her: replaced at this table and scored last,
/// and withdrawn at the second.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum NoShow {
    ScoredLast,
    Withdrawn,
}

/// The rule for a player's `count`-th no-show (1 for the first).
pub(crate) fn no_show(count: u32) -> NoShow {
    if count >= NO_SHOWS_WITHDRAW { NoShow::Withdrawn } else { NoShow::ScoredLast }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Standing {
    /// 1 for the leader; equal players share a place.
    pub(crate) place: usize,
    pub(crate) player: UserId,
    pub(crate) points: Points,
    /// Tables played (byes not counted).
    pub(crate) games: u32,
    pub(crate) wins: u32,
    pub(crate) byes: u32,
    /// The tie-break: the points of every opponent met.
    pub(crate) opponents: Points,
    pub(crate) withdrawn: bool,
}

/// An entrant as the standings see her.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entrant {
    pub(crate) player: UserId,
    pub(crate) rating: i64,
    pub(crate) withdrawn: bool,
}

/// The standings after the tables in `played`.
pub(crate) fn standings(entrants: &[Entrant], played: &[Played]) -> Vec<Standing> {
    let mut lines: HashMap<UserId, Standing> = entrants
        .iter()
        .map(|e| {
            let line = Standing {
                place: 0,
                player: e.player,
                points: Points::ZERO,
                games: 0,
                wins: 0,
                byes: 0,
                opponents: Points::ZERO,
                withdrawn: e.withdrawn,
            };
            (e.player, line)
        })
        .collect();
    for table in played {
        for seat in &table.seats {
            if let Some(line) = lines.get_mut(&seat.player) {
                line.points += seat.points;
                line.wins += u32::from(seat.won);
                if table.is_bye() { line.byes += 1 } else { line.games += 1 }
            }
        }
    }
    let points: HashMap<UserId, Points> = lines.iter().map(|(&p, l)| (p, l.points)).collect();
    for table in played {
        for seat in &table.seats {
            let opponents: Points = table
                .seats
                .iter()
                .filter(|o| o.player != seat.player)
                .filter_map(|o| points.get(&o.player))
                .copied()
                .sum();
            if let Some(line) = lines.get_mut(&seat.player) {
                line.opponents += opponents;
            }
        }
    }
    let rating: HashMap<UserId, i64> = entrants.iter().map(|e| (e.player, e.rating)).collect();
    let mut out: Vec<Standing> = lines.into_values().collect();
    let order = |l: &Standing| (std::cmp::Reverse((l.points, l.opponents, l.wins, rating[&l.player])), l.player);
    out.sort_by_key(order);
    for i in 0..out.len() {
        let tied = i > 0 && {
            let (a, b) = (&out[i - 1], &out[i]);
            (a.points, a.opponents, a.wins, rating[&a.player]) == (b.points, b.opponents, b.wins, rating[&b.player])
        };
        out[i].place = if tied { out[i - 1].place } else { i + 1 };
    }
    out
}

/// Who met whom in `played` (byes are nobody).
pub(crate) fn meetings(played: &[Played]) -> Meetings {
    let mut met = Meetings::default();
    for table in played {
        met.add_table(&table.seats.iter().map(|s| s.player).collect::<Vec<_>>());
    }
    met
}
