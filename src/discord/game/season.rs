//! Seasons of a server's leaderboard: the week and the month a moment
//! falls in, in the server's time zone, their names (`2026-11`,
//! `2026-W48`). Pure: the moment is given, never read from a clock.
//!
//! A week begins on Monday at midnight and a month on its first day at
//! midnight, in the server's time zone (UTC unless its admins chose
//! another): the same instant for every member, whatever her own zone.
//! Where a zone skips midnight (a daylight-saving change at 00:00), the
//! season begins at the first minute that exists.

use chrono::{Datelike, Duration, LocalResult, NaiveDate, NaiveDateTime, TimeZone};
use chrono_tz::Tz;

/// Rated games in a season a player needs before its table ranks her.
pub(crate) const SEASON_MIN_GAMES: u32 = 3;

/// What a leaderboard covers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Period {
    /// Monday to Monday.
    Week,
    /// The calendar month (the default season).
    Month,
    /// Every game ever: the rating table.
    AllTime,
}

/// One season: its name and its span, `[starts, ends)` in unix seconds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Season {
    /// `2026-11` for a month, `2026-W48` for an ISO week.
    pub(crate) name: String,
    pub(crate) starts: i64,
    pub(crate) ends: i64,
}

impl Season {
    /// Whether the season is over at `now` (unix seconds).
    pub(crate) fn is_over(&self, now: i64) -> bool {
        now >= self.ends
    }
}

/// A time zone as an admin typed it: an IANA name (`Europe/Paris`,
/// `asia/kolkata`), any letter case, or `UTC`.
pub(crate) fn zone(typed: &str) -> Option<Tz> {
    let typed = typed.trim();
    chrono_tz::TZ_VARIANTS.iter().copied().find(|tz| tz.name().eq_ignore_ascii_case(typed))
}

/// The zone saved under this name, UTC when it is not one (a name a newer
/// tz database dropped: the season then still has bounds).
pub(crate) fn saved_zone(name: &str) -> Tz {
    zone(name).unwrap_or(Tz::UTC)
}

/// The first instant of `day` in `tz`, in unix seconds.
fn midnight(tz: Tz, day: NaiveDate) -> i64 {
    let start = NaiveDateTime::from(day);
    // Midnight may not exist (a clock put forward at 00:00): the first
    // minute of the day that does.
    (0..24 * 60)
        .find_map(|m| match tz.from_local_datetime(&(start + Duration::minutes(m))) {
            LocalResult::Single(t) => Some(t.timestamp()),
            LocalResult::Ambiguous(earliest, _) => Some(earliest.timestamp()),
            LocalResult::None => None,
        })
        .unwrap_or_else(|| start.and_utc().timestamp())
}

/// The local date of `at` (unix seconds) in `tz`.
fn local_date(tz: Tz, at: i64) -> NaiveDate {
    let utc = chrono::DateTime::from_timestamp(at, 0).unwrap_or_default();
    utc.with_timezone(&tz).date_naive()
}

fn month_of(tz: Tz, year: i32, month: u32) -> Option<Season> {
    let first = NaiveDate::from_ymd_opt(year, month, 1)?;
    let next = if month == 12 { NaiveDate::from_ymd_opt(year + 1, 1, 1)? } else { first.with_month(month + 1)? };
    Some(Season { name: format!("{year:04}-{month:02}"), starts: midnight(tz, first), ends: midnight(tz, next) })
}

/// The season of `period` that `at` (unix seconds) falls in; `None` for
/// all time, which has no bounds.
pub(crate) fn containing(period: Period, tz: Tz, at: i64) -> Option<Season> {
    let day = local_date(tz, at);
    match period {
        Period::Month => month_of(tz, day.year(), day.month()),
        Period::Week => {
            let monday = day - Duration::days(i64::from(day.weekday().num_days_from_monday()));
            let week = monday.iso_week();
            Some(Season {
                name: format!("{:04}-W{:02}", week.year(), week.week()),
                starts: midnight(tz, monday),
                ends: midnight(tz, monday + Duration::days(7)),
            })
        }
        Period::AllTime => None,
    }
}

/// The month before the one `at` falls in.
pub(crate) fn previous_month(tz: Tz, at: i64) -> Option<Season> {
    let this = containing(Period::Month, tz, at)?;
    containing(Period::Month, tz, this.starts - 1)
}

/// How long after a month's end its podium may still be posted (a bot
/// that was down longer skips it rather than post it late; a podium
/// switched on mid-month never posts a long-gone month).
pub(crate) const PODIUM_GRACE_SECS: i64 = 3 * 86_400;

/// The month whose podium is due at `now`: the one that ended last, while
/// within [`PODIUM_GRACE_SECS`] of its end.
pub(crate) fn podium_due(tz: Tz, now: i64) -> Option<Season> {
    previous_month(tz, now).filter(|m| m.is_over(now) && now < m.ends + PODIUM_GRACE_SECS)
}

/// Why a typed season name is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum BadSeason {
    /// Not `YYYY-MM`.
    Unreadable,
    /// A month that has not ended yet (its table is the current one, or
    /// it has not begun).
    NotOver,
    /// A month that ended before the server's first rated game (nothing
    /// to show, nothing kept).
    BeforeFirstGame,
}

/// The month, if it ended after the server's first rated game finished
/// (`first`, unix seconds; `None`: no rated game yet).
pub(crate) fn since_first(month: Season, first: Option<i64>) -> Result<Season, BadSeason> {
    match first {
        Some(first) if month.ends > first => Ok(month),
        _ => Err(BadSeason::BeforeFirstGame),
    }
}

/// A past month by its name, `2026-11`, in `tz`; refused unless it is over at `now`.
pub(crate) fn past_month(typed: &str, tz: Tz, now: i64) -> Result<Season, BadSeason> {
    let (y, m) = typed.trim().split_once('-').ok_or(BadSeason::Unreadable)?;
    let well_formed = y.len() == 4 && m.len() == 2 && (y.chars().chain(m.chars())).all(|c| c.is_ascii_digit());
    if !well_formed {
        return Err(BadSeason::Unreadable);
    }
    let (year, month) = (y.parse().map_err(|_| BadSeason::Unreadable)?, m.parse().map_err(|_| BadSeason::Unreadable)?);
    let season = month_of(tz, year, month).ok_or(BadSeason::Unreadable)?;
    if season.is_over(now) { Ok(season) } else { Err(BadSeason::NotOver) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(y: i32, mo: u32, d: u32, h: u32, mi: u32) -> i64 {
        chrono::Utc.with_ymd_and_hms(y, mo, d, h, mi, 0).single().expect("a valid instant").timestamp()
    }

    #[test]
    fn a_month_runs_from_its_first_midnight_to_the_next_in_the_servers_zone() {
        let at = utc(2026, 11, 27, 12, 0);
        let m = containing(Period::Month, Tz::UTC, at).expect("a month");
        assert_eq!((m.name.as_str(), m.starts, m.ends), ("2026-11", utc(2026, 11, 1, 0, 0), utc(2026, 12, 1, 0, 0)));
        // Paris is UTC+1 in November: its month starts an hour earlier.
        let paris = zone("europe/PARIS").expect("a zone, any case");
        let m = containing(Period::Month, paris, at).expect("a month");
        assert_eq!((m.starts, m.ends), (utc(2026, 10, 31, 23, 0), utc(2026, 11, 30, 23, 0)));
        // 30 November at 23:30 UTC is already December in Paris.
        assert_eq!(containing(Period::Month, paris, utc(2026, 11, 30, 23, 30)).map(|m| m.name), Some("2026-12".into()));
        // Kolkata (UTC+5:30) and a December that ends the year.
        let kolkata = zone("Asia/Kolkata").expect("a zone");
        let d = containing(Period::Month, kolkata, utc(2026, 12, 15, 0, 0)).expect("a month");
        assert_eq!((d.name.as_str(), d.ends), ("2026-12", utc(2026, 12, 31, 18, 30)));
        assert_eq!(previous_month(Tz::UTC, utc(2027, 1, 3, 0, 0)).map(|m| m.name), Some("2026-12".into()));
        assert_eq!(containing(Period::AllTime, Tz::UTC, at), None);
    }

    #[test]
    fn a_week_runs_monday_to_monday_and_is_named_by_its_iso_week() {
        // Friday 27 November 2026 is in ISO week 48, from Monday the 23rd.
        let w = containing(Period::Week, Tz::UTC, utc(2026, 11, 27, 12, 0)).expect("a week");
        assert_eq!((w.name.as_str(), w.starts, w.ends), ("2026-W48", utc(2026, 11, 23, 0, 0), utc(2026, 11, 30, 0, 0)));
        // Sunday 3 January 2027 still belongs to week 53 of 2026.
        let w = containing(Period::Week, Tz::UTC, utc(2027, 1, 3, 23, 59)).expect("a week");
        assert_eq!(w.name, "2026-W53");
        // The Monday midnight boundary itself begins the next week.
        let w = containing(Period::Week, Tz::UTC, utc(2026, 11, 30, 0, 0)).expect("a week");
        assert_eq!(w.starts, utc(2026, 11, 30, 0, 0));
    }

    #[test]
    fn a_zone_that_skips_midnight_begins_its_season_at_the_first_minute_that_exists() {
        // Every month of Santiago's year begins on its first day.
        let santiago = zone("America/Santiago").expect("a zone");
        for month in 1..=12 {
            let m = month_of(santiago, 2026, month).expect("a month");
            let first = NaiveDate::from_ymd_opt(2026, month, 1).expect("a date");
            assert_eq!(local_date(santiago, m.starts), first, "{}", m.name);
            assert!(m.starts < m.ends);
        }
        // Chile puts its clocks forward at midnight before the first Sunday
        // of September: 6 September 2026 has no 00:00 there, and begins at 01:00.
        let spring = NaiveDate::from_ymd_opt(2026, 9, 6).expect("a date");
        let start = chrono::DateTime::from_timestamp(midnight(santiago, spring), 0).expect("an instant");
        let local = start.with_timezone(&santiago);
        assert_eq!((local.date_naive(), local.time().format("%H:%M").to_string()), (spring, "01:00".into()));
    }

    #[test]
    fn a_podium_is_due_in_the_days_after_a_month_ends_in_the_servers_zone() {
        let paris = zone("Europe/Paris").expect("a zone");
        // November ends at 23:00 UTC on the 30th in Paris.
        assert_eq!(podium_due(paris, utc(2026, 11, 30, 22, 59)), None, "still November there");
        assert_eq!(podium_due(paris, utc(2026, 11, 30, 23, 0)).map(|m| m.name), Some("2026-11".into()));
        assert_eq!(podium_due(paris, utc(2026, 12, 3, 22, 59)).map(|m| m.name), Some("2026-11".into()));
        assert_eq!(podium_due(paris, utc(2026, 12, 3, 23, 0)), None, "three days later it is skipped");
        assert_eq!(podium_due(Tz::UTC, utc(2026, 11, 15, 0, 0)), None, "mid-month: October is long gone");
    }

    #[test]
    fn a_past_month_is_read_from_its_name_and_only_once_it_is_over() {
        let now = utc(2026, 12, 2, 0, 0);
        let nov = past_month("2026-11", Tz::UTC, now).expect("November is over");
        assert_eq!((nov.starts, nov.ends), (utc(2026, 11, 1, 0, 0), utc(2026, 12, 1, 0, 0)));
        assert_eq!(past_month("2026-12", Tz::UTC, now), Err(BadSeason::NotOver));
        assert_eq!(past_month("2027-01", Tz::UTC, now), Err(BadSeason::NotOver));
        for bad in ["2026-13", "2026-1", "November", "26-11", "2026/11", "", "2026-00", "+026-11"] {
            assert_eq!(past_month(bad, Tz::UTC, now), Err(BadSeason::Unreadable), "{bad}");
        }
        // Only a month after the server's first rated game (year 0000 is
        // a month, but long before any game).
        let first = Some(utc(2026, 11, 20, 0, 0));
        assert_eq!(since_first(nov.clone(), first), Ok(nov.clone()));
        assert_eq!(since_first(nov.clone(), Some(nov.ends)), Err(BadSeason::BeforeFirstGame));
        assert_eq!(since_first(nov, None), Err(BadSeason::BeforeFirstGame), "no rated game yet");
        let ancient = past_month("0000-01", Tz::UTC, now).expect("a month that is over");
        assert_eq!(since_first(ancient, first), Err(BadSeason::BeforeFirstGame));
        assert_eq!(zone("Mars/Olympus"), None);
        assert_eq!(saved_zone("Mars/Olympus"), Tz::UTC);
        assert_eq!(zone(" utc "), Some(Tz::UTC));
    }
}
