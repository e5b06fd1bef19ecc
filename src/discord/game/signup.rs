//! A tournament's sign-up, pure: what an organiser's `/thaayam tournament
//! new` asks for, checked into a [`Setup`] (or the first [`SetupRefusal`]:
//! every range is stated), when it starts (a time typed as minutes from
//! now, a duration, a clock time or a date in the server's zone, or a
//! Discord timestamp), and what a click on the sign-up (Join, Leave, Check
//! in) or `/thaayam tournament withdraw` does to an entrant
//! ([`decide`]), from the tournament's phase and the time. No words: the
//! view names things, the live wing saves and shows them.
//!
//! **The rules of the sign-up**: entrants join and leave freely while it
//! is open; check-in opens [`CHECK_IN_SECS`] before the start (whoever
//! joins then is checked in at once: she is there); who has not checked in
//! at the start is not paired. After the start a Swiss takes latecomers
//! while the round paired last is at most its late-joining rounds (they
//! play from the next round, checked in); an arena takes them until it
//! ends. Leaving after the start is withdrawing (her results stay). A
//! finished or cancelled tournament changes no more.

use super::ids::UserId;
use super::tournament::clock::CHECK_IN_SECS;
use chrono::{NaiveDate, NaiveDateTime, NaiveTime, TimeZone};
use chrono_tz::Tz;

/// A tournament's format.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Format {
    /// Rounds, everyone paired each round by points.
    Swiss,
    /// For a set length, seated again as soon as others wait.
    Arena,
}

impl Format {
    /// As the store keeps it.
    pub(crate) fn code(self) -> &'static str {
        match self {
            Format::Swiss => "swiss",
            Format::Arena => "arena",
        }
    }

    /// From the store's word (anything else reads as a Swiss).
    pub(crate) fn from_code(code: &str) -> Format {
        if code == "arena" { Format::Arena } else { Format::Swiss }
    }
}

/// The ranges of the options (inclusive).
pub(crate) mod ranges {
    /// Characters of a name (a table's thread is named after it: 100 at most).
    pub(crate) const NAME: (usize, usize) = (1, 80);
    pub(crate) const TABLE: (u32, u32) = (2, 4);
    pub(crate) const ROUNDS: (u32, u32) = (1, 12);
    /// Minutes of a Swiss round before its deadline.
    pub(crate) const ROUND_MINUTES: (u32, u32) = (5, 720);
    /// Minutes of an arena.
    pub(crate) const ARENA_MINUTES: (u32, u32) = (10, 720);
    /// Seconds of a turn.
    pub(crate) const TURN_SECS: (i64, i64) = (30, 3600);
    /// Seconds from now to the start.
    pub(crate) const START_SECS: (i64, i64) = (60, 30 * 86_400);
}

/// The defaults of what was not asked.
pub(crate) mod defaults {
    pub(crate) const TABLE: u32 = 2;
    pub(crate) const ROUNDS: u32 = 3;
    pub(crate) const MINUTES: u32 = 60;
    pub(crate) const TURN_SECS: i64 = 120;
    pub(crate) const START_SECS: i64 = 30 * 60;
}

/// Entrants a tournament takes at most.
pub(crate) const MAX_ENTRANTS: usize = 100;

/// What the organiser typed (each `None`: its default).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct SetupAsked {
    pub(crate) name: String,
    pub(crate) format: Option<Format>,
    pub(crate) table_size: Option<i64>,
    pub(crate) rounds: Option<i64>,
    /// Minutes: a Swiss round's length, or the arena's.
    pub(crate) length: Option<i64>,
    pub(crate) turn_time: Option<String>,
    pub(crate) start: Option<String>,
    pub(crate) late_join: Option<i64>,
    pub(crate) streak_bonus: Option<bool>,
}

/// A tournament as set up, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Setup {
    pub(crate) name: String,
    pub(crate) format: Format,
    pub(crate) table_size: u32,
    /// Rounds of a Swiss; 1 for an arena.
    pub(crate) rounds: u32,
    /// A Swiss round's length, or the arena's.
    pub(crate) round_secs: i64,
    pub(crate) turn_secs: i64,
    pub(crate) starts_at: i64,
    /// Rounds after the first that latecomers may still join for (Swiss).
    pub(crate) late_join_rounds: u32,
    pub(crate) streak_bonus: bool,
}

/// Why a setup is refused (the first reason found, in the options' order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum SetupRefusal {
    /// The name's length is outside [`ranges::NAME`].
    Name,
    TableSize,
    Rounds,
    /// `rounds` given to an arena.
    RoundsInArena,
    /// The length is outside the format's range.
    Length(Format),
    /// Not a duration (as typed).
    BadTurnTime(String),
    TurnTime,
    /// Not a time (as typed).
    BadStart(String),
    /// Sooner than a minute from now, or later than 30 days.
    StartRange,
    /// `late_join` beyond the rounds after the first.
    LateJoin {
        most: u32,
    },
    /// `late_join` given to an arena (latecomers join it until it ends).
    LateJoinInArena,
    /// `streak_bonus` given to a Swiss.
    StreakInSwiss,
}

fn within<T: PartialOrd>(v: T, (lo, hi): (T, T)) -> bool {
    lo <= v && v <= hi
}

/// A count within `range`, or `None` (`default` when not asked).
fn count(asked: Option<i64>, range: (u32, u32), default: u32) -> Option<u32> {
    match asked {
        None => Some(default),
        Some(n) => u32::try_from(n).ok().filter(|&n| within(n, range)),
    }
}

/// Checks what the organiser asked, at `now` in the server's `zone`.
pub(crate) fn setup(asked: &SetupAsked, now: i64, zone: Tz) -> Result<Setup, SetupRefusal> {
    let name = asked.name.split_whitespace().collect::<Vec<_>>().join(" ");
    if !within(name.chars().count(), ranges::NAME) {
        return Err(SetupRefusal::Name);
    }
    let format = asked.format.unwrap_or(Format::Swiss);
    let table_size = count(asked.table_size, ranges::TABLE, defaults::TABLE).ok_or(SetupRefusal::TableSize)?;
    let rounds = match format {
        Format::Arena if asked.rounds.is_some() => return Err(SetupRefusal::RoundsInArena),
        Format::Arena => 1,
        Format::Swiss => count(asked.rounds, ranges::ROUNDS, defaults::ROUNDS).ok_or(SetupRefusal::Rounds)?,
    };
    let range = if format == Format::Swiss { ranges::ROUND_MINUTES } else { ranges::ARENA_MINUTES };
    let minutes = count(asked.length, range, defaults::MINUTES).ok_or(SetupRefusal::Length(format))?;
    let turn_secs = match asked.turn_time.as_deref() {
        None => defaults::TURN_SECS,
        Some(typed) => duration_secs(typed).ok_or_else(|| SetupRefusal::BadTurnTime(typed.trim().to_string()))?,
    };
    if !within(turn_secs, ranges::TURN_SECS) {
        return Err(SetupRefusal::TurnTime);
    }
    let starts_at = match asked.start.as_deref() {
        None => now + defaults::START_SECS,
        Some(typed) => start_at(typed, now, zone).ok_or_else(|| SetupRefusal::BadStart(typed.trim().to_string()))?,
    };
    if !within(starts_at - now, ranges::START_SECS) {
        return Err(SetupRefusal::StartRange);
    }
    let late_join_rounds = match (format, asked.late_join) {
        (_, None) => 0,
        (Format::Arena, Some(_)) => return Err(SetupRefusal::LateJoinInArena),
        (Format::Swiss, Some(n)) => {
            let most = rounds - 1;
            u32::try_from(n).ok().filter(|&n| n <= most).ok_or(SetupRefusal::LateJoin { most })?
        }
    };
    let streak_bonus = match (format, asked.streak_bonus) {
        (Format::Swiss, Some(_)) => return Err(SetupRefusal::StreakInSwiss),
        (_, on) => on.unwrap_or(false),
    };
    let round_secs = i64::from(minutes) * 60;
    Ok(Setup { name, format, table_size, rounds, round_secs, turn_secs, starts_at, late_join_rounds, streak_bonus })
}

/// A duration like `90s`, `2m`, `1h`, `1h 30m` (a bare number is minutes).
pub(crate) fn duration_secs(typed: &str) -> Option<i64> {
    let typed = typed.trim().to_lowercase();
    if typed.is_empty() {
        return None;
    }
    if typed.bytes().all(|b| b.is_ascii_digit()) {
        return typed.parse::<i64>().ok()?.checked_mul(60);
    }
    let mut total: i64 = 0;
    let mut number = String::new();
    for c in typed.chars().filter(|c| !c.is_whitespace()) {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let unit = match c {
            's' => 1,
            'm' => 60,
            'h' => 3600,
            'd' => 86_400,
            _ => return None,
        };
        let n: i64 = std::mem::take(&mut number).parse().ok()?;
        total = total.checked_add(n.checked_mul(unit)?)?;
    }
    number.is_empty().then_some(total)
}

/// When a tournament typed to start at `typed` starts (unix seconds), at
/// `now` in `zone`: minutes from now (`30`), a duration (`2h`, `1d 2h`), a
/// clock time (`20:30`, the next one), a date and time (`2026-12-24
/// 20:30`), or a Discord timestamp (`<t:1798000000:F>`, or its number).
pub(crate) fn start_at(typed: &str, now: i64, zone: Tz) -> Option<i64> {
    let typed = typed.trim();
    if let Some(inner) = typed.strip_prefix("<t:").and_then(|t| t.strip_suffix('>')) {
        return inner.split(':').next()?.parse().ok();
    }
    if typed.len() >= 9 && typed.bytes().all(|b| b.is_ascii_digit()) {
        return typed.parse().ok(); // a unix time, as Discord's timestamps hold
    }
    if let Some(secs) = duration_secs(typed) {
        return now.checked_add(secs);
    }
    let local = |at: NaiveDateTime| zone.from_local_datetime(&at).earliest().map(|t| t.timestamp());
    if let Ok(time) = NaiveTime::parse_from_str(typed, "%H:%M") {
        let today = chrono::DateTime::from_timestamp(now, 0)?.with_timezone(&zone).date_naive();
        let at = local(today.and_time(time))?;
        return if at > now { Some(at) } else { local(today.succ_opt()?.and_time(time)) };
    }
    let (date, time) = typed.split_once([' ', 'T'])?;
    let date = NaiveDate::parse_from_str(date.trim(), "%Y-%m-%d").ok()?;
    let time = NaiveTime::parse_from_str(time.trim(), "%H:%M").ok()?;
    local(date.and_time(time))
}

/// Where a tournament stands, as the sign-up shows it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Taking entrants; whether check-in is open.
    SignUp {
        check_in: bool,
    },
    /// Playing; the round paired last (0: none yet).
    Running {
        round: u32,
    },
    Finished,
    Cancelled,
}

impl Phase {
    /// The phase of a tournament in store state `state` (`signup`,
    /// `running`, `finished`, `cancelled`) at `now`, starting at
    /// `starts_at`, with `round` paired last: check-in is open from
    /// [`CHECK_IN_SECS`] before the start.
    pub(crate) fn of(state: &str, starts_at: i64, round: u32, now: i64) -> Phase {
        match state {
            "signup" => Phase::SignUp { check_in: now >= starts_at - CHECK_IN_SECS },
            "running" => Phase::Running { round },
            "finished" => Phase::Finished,
            _ => Phase::Cancelled,
        }
    }

    /// Whether it is over (nothing changes any more).
    pub(crate) fn is_over(self) -> bool {
        matches!(self, Phase::Finished | Phase::Cancelled)
    }
}

/// What an entrant asks of the sign-up.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Act {
    Join,
    Leave,
    CheckIn,
}

/// One entrant as the sign-up sees her.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entrant {
    pub(crate) user: UserId,
    pub(crate) checked_in: bool,
    pub(crate) withdrawn: bool,
}

/// What [`decide`] reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SignupNow {
    pub(crate) phase: Phase,
    pub(crate) format: Format,
    pub(crate) late_join_rounds: u32,
    /// The one who asks, if she is (or was) an entrant.
    pub(crate) entrant: Option<Entrant>,
    /// Entrants still in.
    pub(crate) entrants_in: usize,
}

/// What to save.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Join; check her in at once (check-in is open, or it started).
    Join {
        check_in: bool,
    },
    /// Leave before the start (her entry goes).
    Leave,
    /// Leave after the start: withdrawn, her results stay.
    Withdraw,
    CheckIn,
}

/// Why a sign-up act changes nothing.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// Finished or cancelled.
    Over,
    /// Started, and late joining is over (or there is none).
    LateJoinOver,
    AlreadyIn,
    Full,
    /// Not an entrant (or withdrawn already).
    NotIn,
    /// Check-in is not open (yet, or any more: it started).
    CheckInClosed,
    AlreadyCheckedIn,
}

/// What `act` does now, or why not.
pub(crate) fn decide(act: Act, t: &SignupNow) -> Result<Outcome, Refusal> {
    if t.phase.is_over() {
        return Err(Refusal::Over);
    }
    let is_in = t.entrant.is_some_and(|e| !e.withdrawn);
    match act {
        Act::Join if is_in => Err(Refusal::AlreadyIn),
        Act::Join if t.entrants_in >= MAX_ENTRANTS => Err(Refusal::Full),
        Act::Join => match t.phase {
            Phase::SignUp { check_in } => Ok(Outcome::Join { check_in }),
            Phase::Running { round } if t.format == Format::Arena || round <= t.late_join_rounds => {
                Ok(Outcome::Join { check_in: true })
            }
            _ => Err(Refusal::LateJoinOver),
        },
        Act::Leave if !is_in => Err(Refusal::NotIn),
        Act::Leave if matches!(t.phase, Phase::SignUp { .. }) => Ok(Outcome::Leave),
        Act::Leave => Ok(Outcome::Withdraw),
        Act::CheckIn if !matches!(t.phase, Phase::SignUp { check_in: true }) => Err(Refusal::CheckInClosed),
        Act::CheckIn if !is_in => Err(Refusal::NotIn),
        Act::CheckIn if t.entrant.is_some_and(|e| e.checked_in) => Err(Refusal::AlreadyCheckedIn),
        Act::CheckIn => Ok(Outcome::CheckIn),
    }
}

#[cfg(test)]
#[path = "signup_tests.rs"]
mod tests;
