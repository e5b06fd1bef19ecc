//! The Swiss pairing's properties over seeded random fields: everyone
//! once a round, even tables, the bye to the lowest without one, leaders
//! at table 1, and repeat meetings as few as an exhaustive search finds.

use std::collections::BTreeSet;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::points::Points;
use super::seating::{repeats, seat, spread, table_sizes};
use super::swiss::{Meetings, Ranked, pair, rank};
use crate::discord::game::ids::UserId;

fn field(rng: &mut ChaCha8Rng, n: usize) -> Vec<Ranked> {
    (0..n)
        .map(|i| Ranked {
            player: UserId(100 + i as u64),
            points: Points::whole(rng.random_range(0..4)),
            rating: rng.random_range(1400..1600),
            had_bye: rng.random_range(0..4) == 0,
        })
        .collect()
}

fn random_meetings(rng: &mut ChaCha8Rng, players: &[Ranked]) -> Meetings {
    let mut met = Meetings::default();
    for a in players {
        for b in players {
            if a.player < b.player && rng.random_range(0..3) == 0 {
                met.add_table(&[a.player, b.player]);
            }
        }
    }
    met
}

/// The least cost (repeats, then spread) over every way to seat `n`
/// players at `sizes`, by putting each player at each table with room.
fn brute_force(sizes: &[usize], met: &dyn Fn(usize, usize) -> u32) -> (u32, u64) {
    fn go(
        p: usize,
        n: usize,
        tables: &mut Vec<Vec<usize>>,
        sizes: &[usize],
        met: &dyn Fn(usize, usize) -> u32,
        best: &mut (u32, u64),
    ) {
        if p == n {
            *best = (*best).min((repeats(tables, met), spread(tables)));
            return;
        }
        for t in 0..sizes.len() {
            if tables[t].len() < sizes[t] {
                tables[t].push(p);
                go(p + 1, n, tables, sizes, met, best);
                tables[t].pop();
            }
        }
    }
    let n = sizes.iter().sum();
    let mut best = (u32::MAX, u64::MAX);
    go(0, n, &mut sizes.iter().map(|_| Vec::new()).collect(), sizes, met, &mut best);
    best
}

#[test]
fn table_sizes_are_as_even_as_the_count_allows() {
    assert_eq!(table_sizes(7, 3), (vec![3, 2, 2], false));
    assert_eq!(table_sizes(7, 2), (vec![2, 2, 2], true));
    assert_eq!(table_sizes(7, 4), (vec![4, 3], false));
    assert_eq!(table_sizes(5, 4), (vec![3, 2], false));
    assert_eq!(table_sizes(9, 4), (vec![3, 3, 3], false));
    assert_eq!(table_sizes(1, 3), (vec![], true));
    assert_eq!(table_sizes(0, 3), (vec![], false));
    for size in 2..=4 {
        for n in 1..40 {
            let (sizes, bye) = table_sizes(n, size);
            assert_eq!(sizes.iter().sum::<usize>() + usize::from(bye), n);
            assert!(sizes.iter().all(|&s| (2..=size).contains(&s)), "{n} at {size}: {sizes:?}");
            let (lo, hi) = (sizes.iter().min(), sizes.iter().max());
            assert!(hi.zip(lo).is_none_or(|(h, l)| h - l <= 1), "{n} at {size}: {sizes:?}");
            assert_eq!(sizes.len(), n.div_ceil(size) - usize::from(bye && sizes.len() < n.div_ceil(size)));
            assert!(sizes.windows(2).all(|w| w[0] >= w[1]), "larger first");
            // A bye only where no table could hold the last player.
            assert_eq!(bye, n == 1 || (size == 2 && n % 2 == 1), "{n} at {size}");
        }
    }
}

#[test]
fn without_history_the_ranking_is_cut_into_tables() {
    let players: Vec<Ranked> = (0..8)
        .map(|i| Ranked { player: UserId(10 + i), points: Points::whole(8 - i as i64), rating: 1500, had_bye: false })
        .collect();
    let round = pair(&players, 3, &Meetings::default());
    let ids = |v: &[u64]| v.iter().map(|&i| UserId(i)).collect::<Vec<_>>();
    assert_eq!(round.tables, vec![ids(&[10, 11, 12]), ids(&[13, 14, 15]), ids(&[16, 17])]);
    assert_eq!(round.bye, None);
}

#[test]
fn repeat_meetings_are_avoided_where_possible() {
    // Four players who all met 1-2 and 3-4 in round one: round two crosses.
    let players: Vec<Ranked> = (1..=4)
        .map(|i| Ranked { player: UserId(i), points: Points::whole(4 - i as i64), rating: 1500, had_bye: false })
        .collect();
    let mut met = Meetings::default();
    met.add_table(&[UserId(1), UserId(2)]);
    met.add_table(&[UserId(3), UserId(4)]);
    let round = pair(&players, 2, &met);
    assert_eq!(round.tables, vec![vec![UserId(1), UserId(3)], vec![UserId(2), UserId(4)]]);
}

#[test]
fn the_bye_goes_to_the_lowest_who_has_not_had_one() {
    let mut players: Vec<Ranked> = (1..=5)
        .map(|i| Ranked { player: UserId(i), points: Points::whole(5 - i as i64), rating: 1500, had_bye: false })
        .collect();
    assert_eq!(pair(&players, 2, &Meetings::default()).bye, Some(UserId(5)));
    players[4].had_bye = true;
    assert_eq!(pair(&players, 2, &Meetings::default()).bye, Some(UserId(4)));
    for p in &mut players {
        p.had_bye = true;
    }
    assert_eq!(pair(&players, 2, &Meetings::default()).bye, Some(UserId(5)), "all had one: the lowest");
}

#[test]
fn every_round_seats_everyone_once_at_even_tables() {
    let mut rng = ChaCha8Rng::seed_from_u64(58);
    for case in 0..600 {
        let size = 2 + case % 3;
        let n = rng.random_range(1..26);
        let players = field(&mut rng, n);
        let met = random_meetings(&mut rng, &players);
        let round = pair(&players, size, &met);
        let mut seen = BTreeSet::new();
        for p in round.tables.iter().flatten().chain(round.bye.iter()) {
            assert!(seen.insert(*p), "case {case}: {p} twice in the round");
        }
        assert_eq!(seen.len(), n, "case {case}: someone left out");
        let (sizes, bye) = table_sizes(n, size);
        let mut got: Vec<usize> = round.tables.iter().map(Vec::len).collect();
        got.sort_unstable_by(|a, b| b.cmp(a));
        assert_eq!(got, sizes, "case {case}");
        assert_eq!(round.bye.is_some(), bye);
        let mut ranked = players.clone();
        rank(&mut ranked);
        if let Some(b) = round.bye {
            let lowest = ranked.iter().rev().find(|e| !e.had_bye).unwrap_or(&ranked[n - 1]);
            assert_eq!(b, lowest.player, "case {case}: the bye");
        }
        // The leader (when she has no bye) sits at table 1.
        let leader = ranked.iter().find(|e| Some(e.player) != round.bye).map(|e| e.player);
        assert_eq!(round.tables.first().map(|t| t[0]), leader, "case {case}: leaders together");
    }
}

#[test]
fn the_search_finds_the_fewest_repeats_an_exhaustive_search_finds() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for case in 0..300 {
        let size = 2 + case % 3;
        let n = rng.random_range(2..10);
        let (sizes, _) = table_sizes(n, size);
        let m: usize = sizes.iter().sum();
        let grid: Vec<Vec<u32>> = (0..m).map(|_| (0..m).map(|_| rng.random_range(0..3) / 2).collect()).collect();
        let met = |a: usize, b: usize| grid[a.min(b)][a.max(b)];
        let got = seat(&sizes, &met);
        let want = brute_force(&sizes, &met);
        assert_eq!((repeats(&got, &met), spread(&got)), want, "case {case}: {sizes:?} {got:?}");
    }
}

#[test]
fn a_large_field_is_seated_within_the_budget() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let players = field(&mut rng, 120);
    let met = random_meetings(&mut rng, &players);
    let started = std::time::Instant::now();
    let round = pair(&players, 4, &met);
    assert_eq!(round.tables.len(), 30);
    assert!(started.elapsed().as_secs() < 10, "took {:?}", started.elapsed());
}

/// Whole Swiss tournaments: nobody has two byes while another has none,
/// and players meet again only once a fresh table is impossible.
#[test]
fn whole_tournaments_spread_byes_and_meetings() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for case in 0..60 {
        let size = 2 + case % 3;
        let n = rng.random_range(3..12);
        let mut players = field(&mut rng, n);
        for p in &mut players {
            p.points = Points::ZERO;
            p.had_bye = false;
        }
        let mut met = Meetings::default();
        let rounds = 4;
        for round in 0..rounds {
            let r = pair(&players, size, &met);
            for t in &r.tables {
                met.add_table(t);
                for (place, id) in t.iter().enumerate() {
                    let won = (rng.random_range(0..t.len()) + place) % t.len();
                    if let Some(p) = players.iter_mut().find(|p| p.player == *id) {
                        p.points += Points::whole(won as i64);
                    }
                }
            }
            if let Some(b) = r.bye {
                let again = players.iter().any(|p| p.player == b && p.had_bye);
                assert!(!again || players.iter().all(|q| q.had_bye), "case {case} round {round}: a second bye");
                if let Some(p) = players.iter_mut().find(|p| p.player == b) {
                    p.had_bye = true;
                }
            }
        }
        // Two-player tables, an even count of at least twice the rounds:
        // each round a fresh pairing exists (Dirac), and the search finds it.
        if size == 2 && n % 2 == 0 && n >= 2 * rounds {
            for a in &players {
                for b in &players {
                    assert!(
                        a.player == b.player || met.count(a.player, b.player) <= 1,
                        "case {case}: a repeat pairing"
                    );
                }
            }
        }
    }
}
