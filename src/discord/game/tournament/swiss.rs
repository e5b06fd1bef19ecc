//! The Swiss system for tables of two, three or four: each round the
//! entrants still in are ranked by points, then rating, and seated at
//! tables of the tournament's size, leaders together, apart from players
//! they met already where the count allows; the tables are as even as the
//! count allows (sizes differ by one at most), and a player left over (two
//! at a table and an odd count) has the bye: the lowest ranked who has not
//! had one. Pure: the standings and the meetings are given.

use std::collections::HashMap;

use super::points::Points;
use super::seating::{seat, table_sizes};
use crate::discord::game::ids::UserId;

/// An entrant as the pairing sees her.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Ranked {
    pub(crate) player: UserId,
    pub(crate) points: Points,
    /// Her rating in the server for the tournament's rule set, rounded.
    pub(crate) rating: i64,
    pub(crate) had_bye: bool,
}

/// How often each two players met (sat at one table).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Meetings(HashMap<(UserId, UserId), u32>);

impl Meetings {
    /// Counts a table's players as having met each other once more.
    pub(crate) fn add_table(&mut self, players: &[UserId]) {
        for (i, &a) in players.iter().enumerate() {
            for &b in &players[i + 1..] {
                if a != b {
                    *self.0.entry(key(a, b)).or_insert(0) += 1;
                }
            }
        }
    }

    pub(crate) fn count(&self, a: UserId, b: UserId) -> u32 {
        self.0.get(&key(a, b)).copied().unwrap_or(0)
    }
}

fn key(a: UserId, b: UserId) -> (UserId, UserId) {
    if a < b { (a, b) } else { (b, a) }
}

/// One round's seating: the tables (table 1 first, each in rank order)
/// and the bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Round {
    pub(crate) tables: Vec<Vec<UserId>>,
    pub(crate) bye: Option<UserId>,
}

/// Ranks entrants: points, then rating, highest first; then the smaller
/// id (any fixed order: the same standings pair the same way).
pub(crate) fn rank(entrants: &mut [Ranked]) {
    entrants.sort_by(|a, b| b.points.cmp(&a.points).then(b.rating.cmp(&a.rating)).then(a.player.cmp(&b.player)));
}

/// Pairs a round of the Swiss at tables of `size` (2 to 4).
pub(crate) fn pair(entrants: &[Ranked], size: usize, met: &Meetings) -> Round {
    let mut ranked = entrants.to_vec();
    rank(&mut ranked);
    let (sizes, needs_bye) = table_sizes(ranked.len(), size);
    let bye = if needs_bye {
        let at = ranked.iter().rposition(|e| !e.had_bye).unwrap_or(ranked.len() - 1);
        Some(ranked.remove(at).player)
    } else {
        None
    };
    let ids: Vec<UserId> = ranked.iter().map(|e| e.player).collect();
    let tables = seat(&sizes, &|a, b| met.count(ids[a], ids[b]));
    Round { tables: tables.into_iter().map(|t| t.into_iter().map(|i| ids[i]).collect()).collect(), bye }
}
