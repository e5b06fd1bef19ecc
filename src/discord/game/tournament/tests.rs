//! A table's points with no-shows, the no-show rule, the standings and
//! their tie-breaks, and the arena's lobby and streaks.

use super::arena::{ARENA_PATIENCE, Waiting, arena_points, arena_tables, wins_in_a_row};
use super::points::Points;
use super::standings::{Entrant, NoShow, Played, meetings, no_show, score_table, standings};
use super::swiss::Ranked;
use crate::discord::game::ids::UserId;

fn u(i: u64) -> UserId {
    UserId(i)
}

fn entrants(n: u64) -> Vec<Entrant> {
    (1..=n).map(|i| Entrant { player: u(i), rating: 1500, withdrawn: false }).collect()
}

#[test]
fn a_table_scores_by_place_and_no_shows_last() {
    let seats = score_table(3, &[u(1), u(2), u(3)], &[]);
    assert_eq!(seats.iter().map(|s| s.points.hundredths()).collect::<Vec<_>>(), vec![200, 100, 0]);
    assert!(seats[0].won && !seats[1].won);
    // Player 1's seat was played by a computer that won: she scores last.
    let seats = score_table(3, &[u(1), u(2), u(3)], &[u(1)]);
    let by = |p: u64| seats.iter().find(|s| s.player == u(p)).expect("seated").clone();
    assert_eq!((by(2).points, by(3).points, by(1).points), (Points(200), Points(100), Points(0)));
    assert!(by(1).no_show && !by(1).won && by(2).won);
    // Two no-shows share the last place.
    let seats = score_table(4, &[u(1), u(2), u(3), u(4)], &[u(1), u(3)]);
    let pts: Vec<(u64, i64)> = seats.iter().map(|s| (s.player.get(), s.points.hundredths())).collect();
    assert_eq!(pts, vec![(2, 300), (4, 200), (1, 0), (3, 0)]);
}

#[test]
fn the_second_no_show_withdraws() {
    assert_eq!(no_show(1), NoShow::ScoredLast);
    assert_eq!(no_show(2), NoShow::Withdrawn);
    assert_eq!(no_show(3), NoShow::Withdrawn);
}

#[test]
fn standings_rank_by_points_then_opponents_then_wins() {
    // Round 1: 1 beats 2 beats 3; 4 beats 5; 6 has the bye (tables of 3).
    // Round 2: 4 beats 1 beats 6; 2 beats 3; 5 sits out (withdrawn).
    let played = vec![
        Played { round: 1, seats: score_table(3, &[u(1), u(2), u(3)], &[]) },
        Played { round: 1, seats: score_table(3, &[u(4), u(5)], &[]) },
        Played::bye(1, 3, u(6)),
        Played { round: 2, seats: score_table(3, &[u(4), u(1), u(6)], &[]) },
        Played { round: 2, seats: score_table(3, &[u(2), u(3)], &[]) },
    ];
    let mut ent = entrants(6);
    ent[4].withdrawn = true;
    let s = standings(&ent, &played);
    let line = |p: u64| s.iter().find(|l| l.player == u(p)).expect("listed").clone();
    // Points: 1: 2+1=3, 2: 1+2=3, 3: 0, 4: 2+2=4, 5: 0, 6: bye 2 + 0 = 2.
    assert_eq!(line(4).points, Points::whole(4));
    assert_eq!((line(1).points, line(2).points), (Points::whole(3), Points::whole(3)));
    // Opponents: 1 met 2,3,4,6 = 3+0+4+2 = 9; 2 met 1,3,3 = 3+0+0 = 3.
    assert_eq!(line(1).opponents, Points::whole(9));
    assert_eq!(line(2).opponents, Points::whole(3));
    assert_eq!(s.iter().map(|l| l.player.get()).collect::<Vec<_>>()[..3], [4, 1, 2]);
    assert_eq!((line(4).place, line(1).place, line(2).place), (1, 2, 3));
    assert_eq!((line(6).byes, line(6).games, line(1).games, line(1).wins), (1, 1, 2, 1));
    assert!(line(5).withdrawn);
    // Byes are nobody met.
    let met = meetings(&played);
    assert_eq!((met.count(u(2), u(3)), met.count(u(1), u(6)), met.count(u(6), u(6))), (2, 1, 0));
}

#[test]
fn wins_break_a_tie_of_points_and_opponents_and_equals_share_a_place() {
    // Two tables of two: 1 and 3 equal in everything, 2 and 4 too.
    let played = vec![
        Played { round: 1, seats: score_table(2, &[u(1), u(2)], &[]) },
        Played { round: 1, seats: score_table(2, &[u(3), u(4)], &[]) },
    ];
    let s = standings(&entrants(4), &played);
    assert_eq!(s.iter().map(|l| (l.player.get(), l.place)).collect::<Vec<_>>(), vec![(1, 1), (3, 1), (2, 3), (4, 3)]);
    // Same points and opponents, one won a table, the other had a bye.
    let played = vec![
        Played { round: 1, seats: score_table(2, &[u(1), u(2)], &[]) },
        Played::bye(1, 2, u(3)),
        Played { round: 2, seats: score_table(2, &[u(2), u(3)], &[]) },
    ];
    let s = standings(&entrants(3), &played);
    // All on 1 point; 2 met both (opponents 2); 1 met 2 and won, 3 met 2
    // and had the bye (opponents 1 each): the win puts 1 above 3.
    let order: Vec<(u64, usize)> = s.iter().map(|l| (l.player.get(), l.place)).collect();
    assert_eq!(order, vec![(2, 1), (1, 2), (3, 3)]);
}

#[test]
fn the_streak_bonus_doubles_the_third_win_in_a_row() {
    let mut streak = 0;
    let mut got = Vec::new();
    for place in [0, 0, 0, 0, 1, 0] {
        let (p, s) = arena_points(3, 3, place, streak, true);
        got.push(p.hundredths());
        streak = s;
    }
    assert_eq!(got, vec![200, 200, 400, 400, 100, 200]);
    assert_eq!(arena_points(3, 3, 0, 5, false), (Points(200), 6));
}

fn waiting(i: u64, points: i64, since: i64, last: &[u64]) -> Waiting {
    Waiting {
        entrant: Ranked { player: u(i), points: Points::whole(points), rating: 1500, had_bye: false },
        since,
        last_met: last.iter().map(|&l| u(l)).collect(),
    }
}

#[test]
fn the_arena_seats_whoever_waits() {
    let now = 1000;
    // A full table's worth at once, by points.
    let lobby = [waiting(1, 5, 990, &[]), waiting(2, 1, 995, &[]), waiting(3, 4, 999, &[]), waiting(4, 0, 999, &[])];
    assert_eq!(arena_tables(&lobby, 3, 6, now, 5000), vec![vec![u(1), u(3), u(2)]]);
    // Two of a table of three: they wait while others play, not when nobody does.
    let two = [waiting(1, 5, 990, &[]), waiting(2, 1, 995, &[])];
    assert!(arena_tables(&two, 3, 3, now, 5000).is_empty());
    assert_eq!(arena_tables(&two, 3, 0, now, 5000), vec![vec![u(1), u(2)]]);
    // ... or once the first has waited long enough.
    assert_eq!(arena_tables(&two, 3, 3, 990 + ARENA_PATIENCE, 5000).len(), 1);
    // Alone: never seated. Over: nothing starts.
    assert!(arena_tables(&two[..1], 3, 0, now, 5000).is_empty());
    assert!(arena_tables(&lobby, 3, 0, 5000, 5000).is_empty());
}

#[test]
fn the_arena_keeps_the_last_opponents_apart() {
    // 1 and 2 just played each other; 3 and 4 too: the pairs cross.
    let lobby = [waiting(1, 4, 0, &[2]), waiting(2, 3, 0, &[1]), waiting(3, 2, 0, &[4]), waiting(4, 1, 0, &[3])];
    assert_eq!(arena_tables(&lobby, 2, 0, 10, 100), vec![vec![u(1), u(3)], vec![u(2), u(4)]]);
}

#[test]
fn whoever_waited_longest_sits_first_whatever_her_points() {
    // Tables of three, four waiting: the last to come stands, even the leader.
    let lobby = [waiting(1, 9, 999, &[]), waiting(2, 1, 990, &[]), waiting(3, 4, 991, &[]), waiting(4, 0, 992, &[])];
    assert_eq!(arena_tables(&lobby, 3, 3, 1000, 5000), vec![vec![u(3), u(2), u(4)]]);
    // Same wait: the lowest ranked stands.
    let lobby = [waiting(1, 9, 990, &[]), waiting(2, 1, 990, &[]), waiting(3, 4, 990, &[]), waiting(4, 0, 990, &[])];
    assert_eq!(arena_tables(&lobby, 3, 3, 1000, 5000), vec![vec![u(1), u(3), u(2)]]);
}

#[test]
fn a_streak_is_the_wins_at_the_end() {
    assert_eq!(wins_in_a_row(&[]), 0);
    assert_eq!(wins_in_a_row(&[true, true, false]), 0);
    assert_eq!(wins_in_a_row(&[false, true, true]), 2);
    assert_eq!(wins_in_a_row(&[true, true, true]), 3);
}
