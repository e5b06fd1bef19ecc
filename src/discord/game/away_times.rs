//! The periods away a table is given (`/thaayam away`): data only, filled
//! by the live wing before every change; `away` decides with them.

use super::ids::UserId;

/// One time away of a user, in unix seconds: from `since` until `until`
/// (cut short when she came back early).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Away {
    pub(crate) since: i64,
    pub(crate) until: i64,
}

impl Away {
    pub(crate) fn covers(self, at: i64) -> bool {
        self.since <= at && at < self.until
    }
}

/// The away periods of a table's humans and when the live wing looked
/// (not saved: the live wing fills it before every change).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Aways {
    /// Unix time of the look.
    pub(crate) at: i64,
    pub(crate) periods: Vec<(UserId, Away)>,
}
