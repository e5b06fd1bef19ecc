//! Time away as the live wing knows it: every user's periods away that
//! still matter (those that ended within the last 60 days), read from the
//! store at each look of the ticker and written through by `/thaayam
//! away`. Before a change or a look, a table is given its humans' periods
//! as its server honours them (its limit is one of its settings,
//! `live::servers`), and the time ([`fill`]); `game::away` decides the rest.

use crate::discord::game::away::{Away, Aways, WINDOW, honoured};
use crate::discord::game::ids::UserId;
use crate::discord::game::table::Table;
use crate::store::{AwayPeriod, StoreError, StoreHandle};
use std::collections::HashMap;
use std::sync::Mutex;

/// The periods away this process knows.
#[derive(Debug, Default)]
pub(crate) struct Known {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    periods: HashMap<UserId, Vec<Away>>,
}

impl Known {
    fn inner(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Replaces what is known by the store's (every period).
    pub(crate) fn replace(&self, periods: Vec<AwayPeriod>) {
        let mut by_user: HashMap<UserId, Vec<Away>> = HashMap::new();
        for p in periods {
            by_user.entry(UserId(p.user)).or_default().push(Away { since: p.starts, until: p.ends });
        }
        self.inner().periods = by_user;
    }

    /// A user's periods, as the store now has them.
    pub(crate) fn set_user(&self, user: UserId, periods: &[AwayPeriod]) {
        let periods = periods.iter().map(|p| Away { since: p.starts, until: p.ends }).collect();
        self.inner().periods.insert(user, periods);
    }
}

/// Gives the table its humans' periods away as its server honours them
/// (`away::honoured`: `days`, the limit in any 30 days of the game's
/// server, counted over all her periods whatever server she asked them
/// in; none where away is not allowed), looked at `now`.
pub(crate) fn fill(known: &Known, days: u32, table: &mut Table, now: i64) {
    let inner = known.inner();
    let periods = table
        .humans()
        .into_iter()
        .flat_map(|u| {
            let hers = inner.periods.get(&u).map(|p| honoured(p, days)).unwrap_or_default();
            hers.into_iter().map(move |a| (u, a))
        })
        .collect();
    table.away = Aways { at: now, periods };
}

/// How far back the periods that matter end: a period running now began
/// at most 30 days ago, and what is honoured of it depends on the 30 days
/// before that.
pub(crate) const KEPT: i64 = 2 * WINDOW;

/// Reads every period that still matters from the store.
pub(crate) async fn refresh(store: &StoreHandle, known: &Known, now: i64) -> Result<(), StoreError> {
    let after = now.saturating_sub(KEPT);
    let periods = store.call(move |s| s.away_periods(after)).await?;
    known.replace(periods);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::game::away::DEFAULT_DAYS;
    use crate::discord::game::intent::{Actor, Intent};
    use crate::discord::game::notes::Note;
    use crate::discord::game::session;
    use crate::discord::game::table::{Stage, kit};
    use crate::engine::Variant;

    const DAY: i64 = 86_400;

    /// Away for ever from a server of her own: she asked there for 10
    /// days (its limit is 30), but her game is in a server with a limit of
    /// 3: her turn waits 3 days, then runs out on the fourth.
    #[test]
    fn an_away_player_in_a_server_with_a_limit_of_3_days_times_out_on_the_fourth() {
        let mut t = kit::lobby(2, Variant::Bell);
        session::handle(&mut t, Actor { user: UserId(11), moderator: false }, Intent::Join, None, 0).expect("join");
        session::handle(&mut t, Actor { user: kit::HOST, moderator: false }, Intent::Start, None, 0).expect("start");
        assert_eq!(t.stage, Stage::Playing);
        t.turn_timeout = DAY as u64;
        let user = t.human_to_act().expect("a human on turn");
        t.deadline = Some(DAY);
        let known = Known::default();
        // Her own server's 30 days allow this; the game's server does not.
        let asked = [AwayPeriod { user: user.get(), starts: 0, ends: 10 * DAY }];
        known.set_user(user, &asked);
        fill(&known, 3, &mut t, DAY);
        assert_eq!(crate::discord::game::away::deadline(&t), Some(4 * DAY), "3 days away, then a full turn");
        fill(&known, 3, &mut t, 4 * DAY - 1);
        assert_eq!(session::timeout(&mut t, 4 * DAY - 1), None, "still the third day's turn");
        fill(&known, 3, &mut t, 4 * DAY);
        let notes = session::timeout(&mut t, 4 * DAY).expect("it runs out on the fourth day");
        assert_eq!(notes.first(), Some(&Note::TimedOut(user)));
        // Asking again and again does not stretch it: a new period from
        // day 3 to 13 is not honoured either, in this game.
        let again = [
            AwayPeriod { user: user.get(), starts: 0, ends: 3 * DAY },
            AwayPeriod { user: user.get(), starts: 3 * DAY, ends: 13 * DAY },
        ];
        known.set_user(user, &again);
        let mut g = kit::lobby(2, Variant::Bell);
        if !g.humans().contains(&user) {
            g.lineup.push(crate::discord::game::table::Player::Human(user));
        }
        fill(&known, 3, &mut g, 5 * DAY);
        assert_eq!(g.away.periods, [(user, Away { since: 0, until: 3 * DAY })]);
        // Outside servers the default limit holds (`live::servers`).
        fill(&known, DEFAULT_DAYS, &mut g, 5 * DAY);
        let both = [(user, Away { since: 0, until: 3 * DAY }), (user, Away { since: 3 * DAY, until: 13 * DAY })];
        assert_eq!(g.away.periods, both, "13 days of the default {DEFAULT_DAYS}");
    }
}
