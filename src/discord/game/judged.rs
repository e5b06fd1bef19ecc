//! A menu judged by the tutor (`tutor`), as the table keeps it beside its
//! game: apart from `tutor` itself, which reads the table.

use super::ids::UserId;
use crate::engine::Game;

/// A menu judged for its player: what each end gives away against the
/// best (by the analysis's reference) and which is the best. Kept by the
/// table beside its game (not saved).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Verdict {
    pub(crate) user: UserId,
    pub(crate) base: Game,
    pub(crate) losses: Vec<f64>,
    pub(crate) best: usize,
}
