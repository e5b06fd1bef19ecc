//! What an arena does next, decided in plain data as the Swiss's
//! [`clock`] is: its sign-up, start and podium are the
//! Swiss's; while it runs, its one round (opened at the start, its
//! deadline the arena's end) gains a table whenever the lobby
//! ([`arena_tables`]) seats players, and at the end the tables still
//! playing are decided by expected points, the round closes and the
//! arena is over. Pure: the runner reads the arena, asks [`next`], does
//! the step and asks again; [`lobby`] says who waits from its tables.

use super::arena::{ARENA_PATIENCE, Waiting, arena_tables};
use super::clock::{self, Now, Stage, Step};
use super::swiss::Ranked;
use crate::discord::game::ids::UserId;

/// What [`next`] reads of an arena.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ArenaNow {
    /// As for a Swiss of one round (its deadline the arena's end).
    pub(crate) clock: Now,
    /// Players at a table.
    pub(crate) size: usize,
    /// Who waits to be seated.
    pub(crate) lobby: Vec<Waiting>,
    /// Players at tables still playing.
    pub(crate) playing: usize,
}

/// The next step of an arena: [`Step::Pair`]`(1)` opens it, and
/// [`Step::Seat`] opens tables in its one round.
pub(crate) fn next(t: &ArenaNow) -> Step {
    if t.clock.stage != Stage::Running {
        return clock::next(&t.clock);
    }
    let Some(r) = &t.clock.round else { return Step::Pair(1) };
    if r.closed {
        return Step::Finish;
    }
    if t.clock.now >= r.deadline {
        let open: Vec<usize> = r.ended.iter().enumerate().filter(|(_, e)| !**e).map(|(i, _)| i).collect();
        return if open.is_empty() { Step::Close(r.number) } else { Step::Decide(open) };
    }
    let tables = arena_tables(&t.lobby, t.size, t.playing, t.clock.now, r.deadline);
    if !tables.is_empty() {
        return Step::Seat(tables);
    }
    // Two or more wait for a short table: until the first loses patience.
    let oldest = t.lobby.iter().map(|w| w.since).min();
    match oldest {
        Some(since) if t.lobby.len() >= 2 => {
            Step::WaitUntil((since + ARENA_PATIENCE).clamp(t.clock.now + 1, r.deadline))
        }
        _ => Step::WaitUntil(r.deadline),
    }
}

/// A table of the arena as its lobby sees it, in the order opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Sat {
    pub(crate) players: Vec<UserId>,
    /// When it ended (`None`: still playing, or not opened yet).
    pub(crate) ended_at: Option<i64>,
}

/// The lobby of an arena opened at `opened_at`: every one of `entrants`
/// (those still in, ranked by their points so far) who sits at no table
/// still playing waits, since her last table ended (or the opening), with
/// its players as the ones she just met; and how many sit at tables.
pub(crate) fn lobby(entrants: &[Ranked], tables: &[Sat], opened_at: i64) -> (Vec<Waiting>, usize) {
    let mut waiting = Vec::new();
    let mut playing = 0;
    for e in entrants {
        let hers: Vec<&Sat> = tables.iter().filter(|t| t.players.contains(&e.player)).collect();
        if hers.iter().any(|t| t.ended_at.is_none()) {
            playing += 1;
            continue;
        }
        let since = hers.iter().filter_map(|t| t.ended_at).max().unwrap_or(opened_at);
        let last_met =
            hers.last().map_or(Vec::new(), |t| t.players.iter().copied().filter(|&p| p != e.player).collect());
        waiting.push(Waiting { entrant: e.clone(), since, last_met });
    }
    (waiting, playing)
}

#[cfg(test)]
mod tests {
    use super::super::clock::RoundNow;
    use super::super::points::Points;
    use super::*;

    const START: i64 = 1_000_000;
    const END: i64 = START + 600;

    fn u(i: u64) -> UserId {
        UserId(i)
    }

    fn ranked(i: u64, points: i64) -> Ranked {
        Ranked { player: u(i), points: Points::whole(points), rating: 1500, had_bye: false }
    }

    fn arena(ended: &[bool], closed: bool, lobby: Vec<Waiting>, playing: usize, now: i64) -> ArenaNow {
        let round = RoundNow { number: 1, deadline: END, closed, ended: ended.to_vec() };
        let clock = Now { stage: Stage::Running, starts_at: START, rounds: 1, checked_in: 4, round: Some(round), now };
        ArenaNow { clock, size: 2, lobby, playing }
    }

    fn waits(i: u64, since: i64) -> Waiting {
        Waiting { entrant: ranked(i, 0), since, last_met: Vec::new() }
    }

    #[test]
    fn the_sign_up_is_the_swiss_one_and_the_start_opens_the_round() {
        let mut t = arena(&[], false, Vec::new(), 0, START);
        t.clock.stage = Stage::SignUp { check_in_shown: true };
        t.clock.round = None;
        assert_eq!(next(&t), Step::Pair(1));
        t.clock.checked_in = 1;
        assert_eq!(next(&t), Step::Cancel);
        t.clock.stage = Stage::Running;
        assert_eq!(next(&t), Step::Pair(1), "a restart between starting and opening opens it");
    }

    #[test]
    fn whoever_waits_is_seated_and_the_rest_wait_for_the_end_or_patience() {
        let two = vec![waits(1, START), waits(2, START + 5)];
        assert_eq!(next(&arena(&[], false, two.clone(), 0, START + 5)), Step::Seat(vec![vec![u(1), u(2)]]));
        // One waits alone while the others play: until the end.
        assert_eq!(next(&arena(&[false], false, vec![waits(3, START)], 2, START + 9)), Step::WaitUntil(END));
        // Three at tables of four, others playing: until the first's patience runs out.
        let mut three =
            arena(&[false], false, vec![waits(1, START), waits(2, START), waits(3, START + 1)], 2, START + 9);
        three.size = 4;
        assert_eq!(next(&three), Step::WaitUntil(START + ARENA_PATIENCE));
        three.clock.now = START + ARENA_PATIENCE;
        assert!(matches!(next(&three), Step::Seat(t) if t.len() == 1 && t[0].len() == 3));
    }

    #[test]
    fn at_the_end_the_tables_still_playing_are_decided_then_it_closes_and_finishes() {
        let lobby = vec![waits(1, START), waits(2, START)];
        assert_eq!(next(&arena(&[true, false, true, false], false, lobby.clone(), 2, END)), Step::Decide(vec![1, 3]));
        assert_eq!(
            next(&arena(&[true, true], false, lobby.clone(), 0, END + 3)),
            Step::Close(1),
            "nothing seated after"
        );
        assert_eq!(next(&arena(&[true, true], true, lobby, 0, END + 3)), Step::Finish);
        let mut over = arena(&[true], true, Vec::new(), 0, END + 9);
        over.clock.stage = Stage::Over { podium_posted: false };
        assert_eq!(next(&over), Step::Podium);
    }

    #[test]
    fn the_lobby_is_whoever_sits_at_no_table_playing() {
        let entrants: Vec<Ranked> = (1..=5).map(|i| ranked(i, 0)).collect();
        let tables = [
            Sat { players: vec![u(1), u(2)], ended_at: Some(START + 50) },
            Sat { players: vec![u(3), u(4)], ended_at: None },
            Sat { players: vec![u(1), u(5)], ended_at: Some(START + 80) },
        ];
        let (waiting, playing) = lobby(&entrants, &tables, START);
        assert_eq!(playing, 2);
        let seen: Vec<(u64, i64, Vec<UserId>)> =
            waiting.iter().map(|w| (w.entrant.player.get(), w.since, w.last_met.clone())).collect();
        assert_eq!(seen, vec![(1, START + 80, vec![u(5)]), (2, START + 50, vec![u(1)]), (5, START + 80, vec![u(1)])]);
        let (waiting, playing) = lobby(&entrants, &[], START);
        assert_eq!((waiting.len(), playing), (5, 0));
        assert!(waiting.iter().all(|w| w.since == START && w.last_met.is_empty()));
    }

    /// Over random arenas, a runner that follows the clock, with games
    /// ending at random, seats nobody twice at once, never seats after the
    /// end, decides what still plays at the end and reaches Done.
    #[test]
    fn a_runner_following_the_arena_clock_seats_each_player_once_at_a_time_and_ends() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut rand = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let mut decided = 0;
        for _ in 0..200 {
            let size = 2 + rand(3) as usize;
            let players = 2 + rand(9);
            let entrants: Vec<Ranked> = (1..=players).map(|i| ranked(i, 0)).collect();
            let mut tables: Vec<Sat> = Vec::new();
            let mut t = arena(&[], false, Vec::new(), 0, START);
            t.size = size;
            t.clock.round = None;
            for _ in 0..2000 {
                let (lobby_now, playing) = lobby(&entrants, &tables, START);
                t.lobby = lobby_now;
                t.playing = playing;
                if let Some(r) = t.clock.round.as_mut() {
                    r.ended = tables.iter().map(|x| x.ended_at.is_some()).collect();
                }
                match next(&t) {
                    Step::Done => break,
                    Step::WaitUntil(at) => {
                        assert!(at > t.clock.now, "a wait is for later");
                        let open: Vec<usize> = (0..tables.len()).filter(|&i| tables[i].ended_at.is_none()).collect();
                        let step = 1 + rand(40) as i64;
                        if !open.is_empty() && rand(3) > 0 && t.clock.now + step < at {
                            t.clock.now += step;
                            let i = open[rand(open.len() as u64) as usize];
                            tables[i].ended_at = Some(t.clock.now);
                        } else {
                            t.clock.now = at;
                        }
                    }
                    Step::Pair(1) => {
                        assert!(t.clock.round.is_none(), "opened once");
                        t.clock.round = Some(RoundNow { number: 1, deadline: END, closed: false, ended: Vec::new() });
                    }
                    Step::Seat(new) => {
                        assert!(t.clock.now < END, "nothing seated after the end");
                        for table in new {
                            assert!((2..=size).contains(&table.len()), "{table:?}");
                            for p in &table {
                                let busy = tables.iter().any(|x| x.ended_at.is_none() && x.players.contains(p));
                                assert!(!busy, "{p:?} seated at two tables at once");
                            }
                            tables.push(Sat { players: table, ended_at: None });
                        }
                    }
                    Step::Decide(open) => {
                        assert!(t.clock.now >= END && !open.is_empty());
                        decided += 1;
                        open.iter().for_each(|&i| tables[i].ended_at = Some(t.clock.now));
                    }
                    Step::Close(1) => t.clock.round.as_mut().expect("a round").closed = true,
                    Step::Finish => t.clock.stage = Stage::Over { podium_posted: false },
                    Step::Podium => t.clock.stage = Stage::Over { podium_posted: true },
                    step => panic!("not an arena's step: {step:?}"),
                }
            }
            assert_eq!(next(&t), Step::Done, "the arena ends");
            assert!(!tables.is_empty(), "{players} players were seated");
            assert!(tables.iter().all(|x| x.ended_at.is_some()), "every table ended");
        }
        assert!(decided > 0, "some arena ended with a game still playing");
    }
}
