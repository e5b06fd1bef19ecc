//! What a Swiss tournament does next, decided in plain data (as
//! `live/delivery.rs` decides deliveries): from what the store holds of a
//! tournament and the time, the one next step of the live runner. Pure:
//! the runner reads the tournament, asks [`next`], does the step (each one
//! saved once, so a restart that asks again finds it done and moves on),
//! and asks again.
//!
//! **The clock of a Swiss:** check-in opens [`CHECK_IN_SECS`] before the
//! start (the sign-up gains its button); at the start a tournament with
//! fewer than [`MIN_ENTRANTS`] checked in is cancelled, otherwise round 1
//! is paired. A round ends when all its tables ended, or at its deadline,
//! where the tables still playing are decided by expected points. After
//! the last round the tournament is over and its podium is posted once.

/// Seconds before the start when check-in opens.
pub(crate) const CHECK_IN_SECS: i64 = 10 * 60;

/// Entrants checked in below which a tournament does not start.
pub(crate) const MIN_ENTRANTS: usize = 2;

/// Where a tournament stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Stage {
    /// Taking entrants (check-in shown once it opened).
    SignUp {
        check_in_shown: bool,
    },
    Running,
    /// Finished; whether its podium was posted.
    Over {
        podium_posted: bool,
    },
    Cancelled,
}

/// The latest round, as far as its ending goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RoundNow {
    pub(crate) number: u32,
    pub(crate) deadline: i64,
    /// Closed (standings counted).
    pub(crate) closed: bool,
    /// For each table (a bye is one), whether it ended.
    pub(crate) ended: Vec<bool>,
}

/// What [`next`] reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Now {
    pub(crate) stage: Stage,
    pub(crate) starts_at: i64,
    pub(crate) rounds: u32,
    /// Entrants checked in and not withdrawn.
    pub(crate) checked_in: usize,
    /// The latest round paired, if any.
    pub(crate) round: Option<RoundNow>,
    /// Unix seconds.
    pub(crate) now: i64,
}

/// The runner's next step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// Nothing before this time (or before a table ends).
    WaitUntil(i64),
    /// Show the check-in button on the sign-up.
    OpenCheckIn,
    /// Too few checked in at the start: cancel, saying so.
    Cancel,
    /// Pair this round and open its tables (an arena: open its one round).
    Pair(u32),
    /// An arena's lobby seats these players (each a new table of its
    /// round, players in rank order).
    Seat(Vec<Vec<crate::discord::game::ids::UserId>>),
    /// The round's deadline passed: decide these tables (their indices)
    /// by expected points.
    Decide(Vec<usize>),
    /// Every table of this round ended: count it in the standings.
    Close(u32),
    /// The last round is closed: the tournament is over.
    Finish,
    /// Post the podium (once).
    Podium,
    /// Nothing more, ever.
    Done,
}

/// The next step of a Swiss tournament.
pub(crate) fn next(t: &Now) -> Step {
    match t.stage {
        Stage::Cancelled | Stage::Over { podium_posted: true } => Step::Done,
        Stage::Over { podium_posted: false } => Step::Podium,
        Stage::SignUp { check_in_shown } => {
            let opens = t.starts_at - CHECK_IN_SECS;
            if t.now < opens {
                Step::WaitUntil(opens)
            } else if !check_in_shown {
                Step::OpenCheckIn
            } else if t.now < t.starts_at {
                Step::WaitUntil(t.starts_at)
            } else if t.checked_in < MIN_ENTRANTS {
                Step::Cancel
            } else {
                Step::Pair(1)
            }
        }
        Stage::Running => match &t.round {
            None => Step::Pair(1),
            Some(r) if r.closed && r.number >= t.rounds => Step::Finish,
            Some(r) if r.closed && t.checked_in < MIN_ENTRANTS => Step::Finish,
            Some(r) if r.closed => Step::Pair(r.number + 1),
            Some(r) if r.ended.iter().all(|&e| e) => Step::Close(r.number),
            Some(r) if t.now >= r.deadline => {
                Step::Decide(r.ended.iter().enumerate().filter(|(_, e)| !**e).map(|(i, _)| i).collect())
            }
            Some(r) => Step::WaitUntil(r.deadline),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: i64 = 1_000_000;

    fn signup(shown: bool, now: i64, checked_in: usize) -> Now {
        Now {
            stage: Stage::SignUp { check_in_shown: shown },
            starts_at: START,
            rounds: 3,
            checked_in,
            round: None,
            now,
        }
    }

    fn running(number: u32, closed: bool, ended: &[bool], now: i64) -> Now {
        let round = RoundNow { number, deadline: START + 3600 * i64::from(number), closed, ended: ended.to_vec() };
        Now { stage: Stage::Running, starts_at: START, rounds: 3, checked_in: 7, round: Some(round), now }
    }

    #[test]
    fn the_sign_up_waits_opens_check_in_then_starts_or_cancels() {
        let cases = [
            (signup(false, START - 3600, 5), Step::WaitUntil(START - CHECK_IN_SECS)),
            (signup(false, START - CHECK_IN_SECS, 5), Step::OpenCheckIn),
            (signup(true, START - 60, 5), Step::WaitUntil(START)),
            (signup(true, START, 7), Step::Pair(1)),
            (signup(true, START + 5, 2), Step::Pair(1)),
            (signup(true, START, 1), Step::Cancel),
            (signup(true, START, 0), Step::Cancel),
            // Started late (the bot was down): check-in first, then at once.
            (signup(false, START + 600, 4), Step::OpenCheckIn),
        ];
        for (now, step) in cases {
            assert_eq!(next(&now), step, "{now:?}");
        }
    }

    #[test]
    fn a_round_ends_when_its_tables_end_or_at_its_deadline() {
        let deadline = START + 3600;
        let cases = [
            (running(1, false, &[false, true, false], deadline - 1), Step::WaitUntil(deadline)),
            (running(1, false, &[true, true, true], deadline - 1), Step::Close(1)),
            (running(1, false, &[false, true, false], deadline), Step::Decide(vec![0, 2])),
            (running(1, false, &[true, false, true], deadline + 99), Step::Decide(vec![1])),
            // A round of byes only (or decided) closes at once.
            (running(1, false, &[true], START), Step::Close(1)),
            (running(1, true, &[true, true], deadline), Step::Pair(2)),
            (running(2, true, &[true, true], deadline), Step::Pair(3)),
            (running(3, true, &[true, true], deadline), Step::Finish),
        ];
        for (now, step) in cases {
            assert_eq!(next(&now), step, "{now:?}");
        }
    }

    #[test]
    fn withdrawals_that_leave_too_few_end_the_tournament_after_the_round() {
        let mut now = running(1, true, &[true, true, true], START);
        now.checked_in = 1;
        assert_eq!(next(&now), Step::Finish);
        now.round = Some(RoundNow { number: 1, deadline: START + 3600, closed: false, ended: vec![false] });
        assert_eq!(next(&now), Step::WaitUntil(START + 3600), "the round still playing is played out");
    }

    #[test]
    fn the_podium_is_posted_once_and_a_cancelled_tournament_does_nothing() {
        let over = |posted| Now { stage: Stage::Over { podium_posted: posted }, ..running(3, true, &[true], START) };
        assert_eq!(next(&over(false)), Step::Podium);
        assert_eq!(next(&over(true)), Step::Done);
        let cancelled = Now { stage: Stage::Cancelled, ..signup(true, START, 9) };
        assert_eq!(next(&cancelled), Step::Done);
        let running_without_round = Now { stage: Stage::Running, ..signup(true, START, 5) };
        assert_eq!(next(&running_without_round), Step::Pair(1), "a restart between starting and pairing pairs");
    }

    /// Over random clocks, a runner that does each step (and nothing else)
    /// reaches Done without pairing a round twice, pairs at most `rounds`
    /// rounds, and never acts on a round before its predecessor closed.
    #[test]
    fn a_runner_following_the_clock_plays_every_round_once_and_ends() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut rand = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for _ in 0..300 {
            let rounds = 1 + rand(5) as u32;
            let mut t = signup(false, START - rand(4000) as i64, 2 + rand(8) as usize);
            t.rounds = rounds;
            let mut paired = Vec::new();
            for _ in 0..500 {
                match next(&t) {
                    Step::Done => break,
                    Step::WaitUntil(at) => {
                        assert!(at > t.now, "a wait is for later");
                        // Time passes, or a table ends meanwhile.
                        match &mut t.round {
                            Some(r) if !r.closed && rand(2) == 0 => {
                                let i = rand(r.ended.len() as u64) as usize;
                                r.ended[i] = true;
                            }
                            _ => t.now = at,
                        }
                    }
                    Step::OpenCheckIn => t.stage = Stage::SignUp { check_in_shown: true },
                    Step::Cancel => t.stage = Stage::Cancelled,
                    Step::Pair(n) => {
                        assert!(!paired.contains(&n), "round {n} paired twice");
                        assert_eq!(n, paired.len() as u32 + 1, "rounds in order");
                        paired.push(n);
                        t.stage = Stage::Running;
                        let tables = 1 + rand(3) as usize;
                        t.round = Some(RoundNow {
                            number: n,
                            deadline: t.now + 3600,
                            closed: false,
                            ended: vec![false; tables],
                        });
                    }
                    Step::Decide(open) => {
                        let r = t.round.as_mut().expect("a round to decide");
                        assert!(!open.is_empty() && open.iter().all(|&i| !r.ended[i]));
                        open.iter().for_each(|&i| r.ended[i] = true);
                    }
                    Step::Close(n) => {
                        let r = t.round.as_mut().expect("a round to close");
                        assert_eq!(r.number, n);
                        r.closed = true;
                    }
                    Step::Finish => t.stage = Stage::Over { podium_posted: false },
                    Step::Podium => t.stage = Stage::Over { podium_posted: true },
                    Step::Seat(_) => panic!("a Swiss seats by rounds"),
                }
            }
            assert_eq!(next(&t), Step::Done, "the clock ends");
            match t.stage {
                Stage::Cancelled => assert!(paired.is_empty()),
                _ => assert_eq!(paired.len() as u32, rounds, "every round played once"),
            }
        }
    }
}
