//! Time away as the live wing knows it: every user's periods away that
//! still matter (those that ended within the last 30 days) and the limits
//! servers set, read from the store at each look of the ticker and
//! written through by `/thaayam away` and `/thaayam settings`. Before a
//! change or a look, a table is given its humans' periods as its server
//! honours them, and the time ([`fill`]); `game::away` decides the rest.

use crate::discord::game::away::{Away, Aways, DEFAULT_DAYS, WINDOW};
use crate::discord::game::ids::{UserId, Venue};
use crate::discord::game::table::Table;
use crate::store::{AwayPeriod, StoreError, StoreHandle};
use std::collections::HashMap;
use std::sync::Mutex;

/// The periods away and the servers' limits this process knows.
#[derive(Debug, Default)]
pub(crate) struct Known {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    periods: HashMap<UserId, Vec<Away>>,
    limits: HashMap<u64, u32>,
}

impl Known {
    fn inner(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Replaces what is known by the store's (every period and limit).
    pub(crate) fn replace(&self, periods: Vec<AwayPeriod>, limits: Vec<(u64, u32)>) {
        let mut by_user: HashMap<UserId, Vec<Away>> = HashMap::new();
        for p in periods {
            by_user.entry(UserId(p.user)).or_default().push(Away { since: p.starts, until: p.ends });
        }
        let mut inner = self.inner();
        inner.periods = by_user;
        inner.limits = limits.into_iter().collect();
    }

    /// A user's periods, as the store now has them.
    pub(crate) fn set_user(&self, user: UserId, periods: &[AwayPeriod]) {
        let periods = periods.iter().map(|p| Away { since: p.starts, until: p.ends }).collect();
        self.inner().periods.insert(user, periods);
    }

    /// A server's limit, as just saved.
    pub(crate) fn set_limit(&self, guild: u64, days: u32) {
        self.inner().limits.insert(guild, days);
    }

    /// A server's limit on days away in any 30 (the default outside
    /// servers and where none was set).
    pub(crate) fn limit(&self, venue: Venue) -> u32 {
        match venue {
            Venue::Server(g) => self.inner().limits.get(&g.0).copied().unwrap_or(DEFAULT_DAYS),
            Venue::Outside => DEFAULT_DAYS,
        }
    }
}

/// Gives the table its humans' periods away as its server honours them
/// (cut to the server's limit from their start; none where away is not
/// allowed), looked at `now`.
pub(crate) fn fill(known: &Known, table: &mut Table, now: i64) {
    let days = known.limit(table.venue);
    let inner = known.inner();
    let periods = table
        .humans()
        .into_iter()
        .flat_map(|u| inner.periods.get(&u).into_iter().flatten().filter_map(move |a| a.within(days).map(|a| (u, a))))
        .collect();
    table.away = Aways { at: now, periods };
}

/// Reads every period that still matters and every limit from the store.
pub(crate) async fn refresh(store: &StoreHandle, known: &Known, now: i64) -> Result<(), StoreError> {
    let after = now.saturating_sub(WINDOW);
    let (periods, limits) = store.call(move |s| Ok((s.away_periods(after)?, s.away_limits()?))).await?;
    known.replace(periods, limits);
    Ok(())
}
