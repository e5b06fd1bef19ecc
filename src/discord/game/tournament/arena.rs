//! The arena (as lichess runs it): for a set length, a player who finishes
//! a game waits in the lobby and is seated again as soon as others wait,
//! with players close in points, apart from the ones she just played;
//! points by place as in the Swiss, and an optional streak bonus. Pure:
//! the clock is given.
//!
//! **When a table starts**: as soon as a full table's worth of players
//! wait; fewer (two at least) start together when nobody is playing (no
//! one else is coming back soon) or when the first of them has waited
//! [`ARENA_PATIENCE`] seconds. No table starts once the arena is over.
//! **Who sits**: when not everyone waiting can be seated, the ones who
//! waited longest are (ties: the higher ranked); those seated are placed
//! by rank, leaders together.
//!
//! **The streak bonus** (when the organiser turns it on, stated on the
//! sign-up): after two wins in a row, each further win scores double,
//! until a game that is not a win.

use super::points::{Points, place_points};
use super::seating::seat;
use super::swiss::{Ranked, rank};
use crate::discord::game::ids::UserId;

/// Seconds a short table waits for more players before it starts.
pub(crate) const ARENA_PATIENCE: i64 = 60;

/// Wins in a row after which wins score double (with the bonus on).
pub(crate) const STREAK_FOR_BONUS: u32 = 2;

/// A player in the arena's lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Waiting {
    pub(crate) entrant: Ranked,
    /// Since when she waits (unix seconds).
    pub(crate) since: i64,
    /// The players of her last game.
    pub(crate) last_met: Vec<UserId>,
}

/// The tables to start now from the lobby, at tables of `size`, with
/// `playing` players still at tables, at `now` in an arena ending at
/// `ends`. Whoever is not seated keeps waiting.
pub(crate) fn arena_tables(waiting: &[Waiting], size: usize, playing: usize, now: i64, ends: i64) -> Vec<Vec<UserId>> {
    let size = size.max(2);
    if now >= ends || waiting.len() < 2 {
        return Vec::new();
    }
    let mut ranked: Vec<Ranked> = waiting.iter().map(|w| w.entrant.clone()).collect();
    rank(&mut ranked);
    let full = waiting.len() / size;
    let left = waiting.len() % size;
    let oldest = waiting.iter().map(|w| w.since).min().unwrap_or(now);
    let seat_left = left >= 2 && (playing == 0 || now - oldest >= ARENA_PATIENCE);
    let mut sizes = vec![size; full];
    if seat_left {
        sizes.push(left);
    }
    let seated: usize = sizes.iter().sum();
    // The ones left standing came last (ties: the lowest ranked), so
    // nobody stands out game after game for her points.
    let since = |p: UserId| waiting.iter().find(|w| w.entrant.player == p).map_or(now, |w| w.since);
    let mut by_wait: Vec<(i64, usize)> = ranked.iter().enumerate().map(|(i, e)| (since(e.player), i)).collect();
    by_wait.sort();
    let mut chosen: Vec<usize> = by_wait.into_iter().take(seated).map(|(_, i)| i).collect();
    chosen.sort_unstable();
    let ids: Vec<UserId> = chosen.into_iter().map(|i| ranked[i].player).collect();
    let last = |p: UserId| waiting.iter().find(|w| w.entrant.player == p).map(|w| &w.last_met);
    let met = |a: usize, b: usize| {
        u32::from(
            last(ids[a]).is_some_and(|l| l.contains(&ids[b])) || last(ids[b]).is_some_and(|l| l.contains(&ids[a])),
        )
    };
    seat(&sizes, &met).into_iter().map(|t| t.into_iter().map(|i| ids[i]).collect()).collect()
}

/// The points of an arena game: place `place` at a table of `seats` (in
/// an arena of tables of `size`), after `streak` wins in a row; returns
/// the points and the streak after it.
pub(crate) fn arena_points(size: usize, seats: usize, place: usize, streak: u32, bonus: bool) -> (Points, u32) {
    let base = place_points(size, seats, place);
    if place != 0 {
        return (base, 0);
    }
    let doubled = bonus && streak >= STREAK_FOR_BONUS;
    (if doubled { Points(base.0 * 2) } else { base }, streak + 1)
}

/// Wins in a row at the end of a player's games (each `true` a win, in
/// the order played): the streak her next game starts with.
pub(crate) fn wins_in_a_row(wins: &[bool]) -> u32 {
    wins.iter().rev().take_while(|&&w| w).count() as u32
}
