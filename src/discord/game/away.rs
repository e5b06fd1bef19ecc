//! Time away (`/thaayam away`): while a player is away her turns do not
//! time out, and the other humans of her game may vote to let a computer
//! play her seat for the rest of it (in a rated game she is then placed
//! last and rated, as a player who resigned). The decisions are
//! pure: the live wing gives a table the away periods of its humans, as
//! the game's server allows them, and the unix time it looked ([`Aways`]);
//! no clock is read here. Practice games ignore it.

pub(crate) use super::away_times::{Away, Aways};
use super::computer::Level;
use super::intent::{Actor, Moment, Refusal};
use super::lobby;
use super::notes::{Note, Notes};
use super::table::{Player, Table, UserId};

/// A server's limit when it never set one, and the limit outside
/// servers: days away in any 30.
pub(crate) const DEFAULT_DAYS: u32 = 14;

/// The window the limit counts in, in seconds (30 days).
pub(crate) const WINDOW: i64 = 30 * 86_400;

/// The computer that plays the seat of an away player the others voted
/// out: a fair opponent for them (her place is last whatever it does).
pub(crate) const STAND_IN: Level = Level::Medium;

/// The human on turn and until when she is away, when she is away now
/// (as of [`Aways::at`]) in a game that honours it.
pub(crate) fn on_turn_away(table: &Table) -> Option<(UserId, i64)> {
    let user = table.human_to_act().filter(|_| !table.practice)?;
    let at = table.away.at;
    let periods = table.away.periods.iter().filter(|(u, a)| *u == user && a.covers(at));
    periods.map(|(_, a)| a.until).max().map(|until| (user, until))
}

/// When the turn of the human on turn runs out: its deadline, or, when
/// she was away during it, a full turn time from her return (the end of
/// her time away, or when she came back early).
pub(crate) fn deadline(table: &Table) -> Option<i64> {
    let deadline = table.deadline?;
    let (Some(user), false) = (table.human_to_act(), table.practice) else { return Some(deadline) };
    let turn = table.turn_timeout as i64;
    let began = deadline.saturating_sub(turn);
    let overlapping = table.away.periods.iter().filter(|(u, a)| *u == user && a.since < deadline && a.until > began);
    let back = overlapping.map(|(_, a)| a.until.saturating_add(turn)).max();
    Some(back.map_or(deadline, |b| b.max(deadline)))
}

/// When the human on turn came back (or comes back) from a time away
/// during her turn, if she was away during it: a game reached by clicks
/// only counts its idle time from then.
pub(crate) fn back_at(table: &Table) -> Option<i64> {
    let turn = table.turn_timeout as i64;
    deadline(table).filter(|&d| Some(d) != table.deadline).map(|d| d - turn)
}

/// The humans whose vote counts against `away` (everyone seated but her).
fn voters(table: &Table, away: UserId) -> Vec<UserId> {
    table.humans().into_iter().filter(|&u| u != away).collect()
}

/// How many votes a computer needs to take the seat: more than half of
/// the other humans.
pub(crate) fn votes_needed(table: &Table, away: UserId) -> usize {
    voters(table, away).len() / 2 + 1
}

/// The votes so far against `away`.
pub(crate) fn votes_for(table: &Table, away: UserId) -> usize {
    table.stand_in_votes.iter().filter(|(a, _)| *a == away).count()
}

/// A vote of `actor` to let a computer play the seat of the human on
/// turn, who is away: saved with the table; with a majority of the other
/// humans, a computer plays her seat for the rest of the game. In a rated
/// game that is her leaving: she is placed last, as a player who resigned,
/// and rated (a time away is no escape from a loss); in a game of two the
/// other wins at once.
pub(crate) fn vote(table: &mut Table, actor: Actor) -> Result<Notes, Refusal> {
    let (away, _) = on_turn_away(table).ok_or(Refusal::WrongMoment(Moment::NotAway))?;
    if actor.user == away {
        return Err(Refusal::WrongMoment(Moment::NotAway));
    }
    if !voters(table, away).contains(&actor.user) {
        return Err(Refusal::NotSeated);
    }
    if table.stand_in_votes.contains(&(away, actor.user)) {
        return Err(Refusal::WrongMoment(Moment::AlreadyVoted));
    }
    table.stand_in_votes.push((away, actor.user));
    let (votes, needed) = (votes_for(table, away), votes_needed(table, away));
    let mut notes = vec![Note::VotedStandIn { away, by: actor.user, votes, needed }];
    if votes >= needed {
        table.stand_in_votes.retain(|(a, _)| *a != away);
        let at = table.seat_of(away).and_then(|seat| table.seats().iter().position(|s| s == seat));
        if table.is_rated() {
            // Her leaving: placed last as a player who resigned, and
            // rated (in a game of two the other wins at once).
            lobby::vacate(table, away, lobby::Leaving::Herself);
        }
        if let Some(p) = at.and_then(|i| table.lineup.get_mut(i)) {
            *p = Player::Computer(STAND_IN);
        }
        table.draft = Default::default();
        notes.push(Note::StoodIn(away));
    }
    Ok(notes)
}

/// The parts of a user's periods away that a game in a server with a
/// limit of `days` in any 30 honours, whatever server she asked in: each
/// period from its start, for as long as her honoured time away in the
/// 30 days before its end stays within the limit (none with 0). Counted
/// over all her periods, oldest first, so a string of short times away
/// asked in a server with a higher limit is honoured no longer than this
/// server allows. In no window of 30 days does the result pass the limit:
/// a period's honoured part, with the honoured time before it in the 30
/// days before its end, stays within it; a window ending later holds less
/// of what came before.
pub(crate) fn honoured(periods: &[Away], days: u32) -> Vec<Away> {
    let limit = i64::from(days) * 86_400;
    let mut sorted = periods.to_vec();
    sorted.sort_by_key(|a| a.since);
    let mut out: Vec<Away> = Vec::new();
    for p in sorted {
        let since = out.last().map_or(p.since, |h: &Away| p.since.max(h.until));
        if days == 0 || p.until <= since {
            continue;
        }
        // Honoured time before `since` within the 30 days before `since + x`, plus `x`:
        // it grows with `x` (the window's start moves by no more than `x`).
        let used = |x: i64| -> i64 {
            let from = (since + x).saturating_sub(WINDOW);
            out.iter().map(|h| (h.until.min(since) - h.since.max(from)).max(0)).sum::<i64>() + x
        };
        let (mut lo, mut hi) = (0, p.until - since);
        if used(hi) > limit {
            // The longest part within the limit: `used(lo) <= limit < used(hi)`.
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2;
                if used(mid) <= limit { lo = mid } else { hi = mid }
            }
            hi = lo;
        }
        if hi > 0 {
            out.push(Away { since, until: since + hi });
        }
    }
    out
}

/// Her own action ends the votes against her (she is back).
pub(crate) fn forget_votes(table: &mut Table, user: UserId) {
    table.stand_in_votes.retain(|(a, _)| *a != user);
}

/// The time away a user may still take when she asks for `length`
/// seconds at `now`: refused (with the days used in the 30 before its
/// end) when her times away in that window, the new one included, would
/// pass `days`. `past` are her periods (a current one counts up to now).
pub(crate) fn allowed(past: &[Away], now: i64, length: i64, days: u32) -> Result<Away, Used> {
    let new = Away { since: now, until: now.saturating_add(length) };
    let window = new.until.saturating_sub(WINDOW);
    let used: i64 = past
        .iter()
        .map(|a| (a.since.max(window), a.until.min(now)))
        .map(|(from, to)| to.saturating_sub(from).max(0))
        .sum();
    let limit = i64::from(days) * 86_400;
    if days == 0 || used.saturating_add(length) > limit {
        return Err(Used { used_secs: used.max(0) as u64, days });
    }
    Ok(new)
}

/// Why a time away was refused: the seconds already away in the window
/// and the server's limit in days (0: away not allowed).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Used {
    pub(crate) used_secs: u64,
    pub(crate) days: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: i64 = 86_400;

    #[test]
    fn a_server_honours_a_time_away_up_to_its_limit() {
        let a = Away { since: 100, until: 100 + 20 * DAY };
        assert_eq!(honoured(&[a], 14), [Away { since: 100, until: 100 + 14 * DAY }]);
        assert_eq!(honoured(&[a], 30), [a]);
        assert_eq!(honoured(&[a], 0), [], "0: away not allowed");
    }

    /// Away for ever by asking again and again (in a server of her own
    /// with a limit of 30): a server with a limit of 3 honours 3 days in
    /// any 30, counted over all her periods.
    #[test]
    fn a_string_of_times_away_is_honoured_within_the_games_limit_over_all_of_them() {
        let periods: Vec<Away> = (0..20).map(|i| Away { since: i * 3 * DAY, until: (i + 1) * 3 * DAY }).collect();
        let kept = honoured(&periods, 3);
        assert_eq!(kept.first(), Some(&Away { since: 0, until: 3 * DAY }));
        for end in (0..=60).map(|d| d * DAY) {
            let used: i64 = kept.iter().map(|h| (h.until.min(end) - h.since.max(end - WINDOW)).max(0)).sum();
            assert!(used <= 3 * DAY, "{used} s away in the 30 days before day {}", end / DAY);
        }
        assert_eq!(kept, [Away { since: 0, until: 3 * DAY }, Away { since: 30 * DAY, until: 33 * DAY }]);
        // A limit of 14: 14 days, then 14 more from day 30.
        let fourteen = honoured(&periods, 14);
        assert_eq!(fourteen.iter().map(|h| h.until - h.since).sum::<i64>(), 28 * DAY, "{fourteen:?}");
        // All of it where the server allows 30 in 30; none where 0.
        assert_eq!(honoured(&periods, 30).iter().map(|h| h.until - h.since).sum::<i64>(), 60 * DAY);
        assert!(honoured(&periods, 0).is_empty());
    }
    #[test]
    fn the_limit_counts_the_days_away_in_the_30_before_the_end() {
        let now = 100 * DAY;
        assert_eq!(allowed(&[], now, 3 * DAY, 14), Ok(Away { since: now, until: now + 3 * DAY }));
        assert_eq!(allowed(&[], now, 15 * DAY, 14), Err(Used { used_secs: 0, days: 14 }));
        assert_eq!(allowed(&[], now, DAY, 0), Err(Used { used_secs: 0, days: 0 }), "away not allowed");
        let past = [Away { since: now - 20 * DAY, until: now - 10 * DAY }];
        assert!(allowed(&past, now, 4 * DAY, 14).is_ok(), "10 + 4 days");
        assert_eq!(allowed(&past, now, 5 * DAY, 14), Err(Used { used_secs: 10 * DAY as u64, days: 14 }));
        // Only the part within the 30 days before the new end counts.
        let long_ago = [Away { since: now - 40 * DAY, until: now - 25 * DAY }];
        assert!(allowed(&long_ago, now, 14 * DAY, 14).is_ok(), "the window starts 16 days ago");
        let partly = [Away { since: now - 20 * DAY, until: now - 12 * DAY }];
        assert_eq!(allowed(&partly, now, 14 * DAY, 14), Err(Used { used_secs: 4 * DAY as u64, days: 14 }));
        // A current time away counts up to now (she replaces it).
        let current = [Away { since: now - 2 * DAY, until: now + 5 * DAY }];
        assert_eq!(allowed(&current, now, 13 * DAY, 14), Err(Used { used_secs: 2 * DAY as u64, days: 14 }));
        assert!(allowed(&current, now, 12 * DAY, 14).is_ok());
    }
}
