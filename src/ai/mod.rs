//! Computer players: strategies behind one [`Strategy`] trait, chosen by
//! [`Level`]. Every strategy takes its randomness from the seeded generator
//! it is handed, so the same game and seed give the same decision.
//!
//! - `random`: a uniformly random legal action (the baseline).
//! - `easy`: one-action greedy on the heuristic of [`eval`].
//! - `medium`: enumerates every complete use of the series' throws
//!   ([`plans`]) and picks the best end position by the heuristic.
//! - `hard`: like `medium`, then looks one series further ([`search`]):
//!   the best plans are scored by expectimax over the next player's
//!   likeliest throw sequences, that player answering with its best plan.
//! - `expert`: plans judged by a learned network's chance of winning
//!   ([`expert`], [`value`]; trained by [`train`]), one network per variant
//!   and number of players; without one it plays as `hard`.

pub mod advice;
pub mod analysis;
pub mod arena;
pub mod eval;
pub mod expert;
mod features;
mod greedy;
mod level;
pub mod luck;
mod net;
pub(crate) mod plans;
mod random;
pub mod review;
pub mod search;
pub(crate) mod series;
pub mod skill;
mod strategy;
pub mod train;
pub mod value;

pub use expert::{EXPERT_BUDGET, Expert, ExpertBudget};
pub use greedy::Greedy;
pub use level::Level;
pub use net::{BadNet, Net};
pub use search::{Lookahead, PlanSearch};
pub use strategy::Strategy;
pub(crate) use strategy::pick_best;
