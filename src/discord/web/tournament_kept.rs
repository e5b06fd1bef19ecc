//! The tournaments' pages made lately (`/t/{key}`, [`super::tournament`]):
//! each kept [`KEPT_FOR`] and served as it is meanwhile, however many ask,
//! at most [`KEPT`] tournaments at once.

use std::collections::VecDeque;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How long a tournament's page, once made, is served as it is.
pub(crate) const KEPT_FOR: Duration = Duration::from_secs(5);

/// Tournaments' pages kept at most.
const KEPT: usize = 32;

/// The tournaments' pages made lately.
#[derive(Default)]
pub(crate) struct TournamentPages {
    kept: Mutex<VecDeque<(i64, Instant, String)>>,
}

impl TournamentPages {
    pub(super) fn fresh(&self, id: i64) -> Option<String> {
        let kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        kept.iter().find(|(t, at, _)| *t == id && at.elapsed() < KEPT_FOR).map(|(_, _, page)| page.clone())
    }

    pub(super) fn keep(&self, id: i64, page: &str) {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        kept.retain(|(t, _, _)| *t != id);
        if kept.len() >= KEPT {
            kept.pop_front();
        }
        kept.push_back((id, Instant::now(), page.to_string()));
    }
}
