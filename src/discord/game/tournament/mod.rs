//! Tournaments the bot runs, pure: the Swiss pairing for tables of two to
//! four ([`swiss`], over the seating search of [`seating`]), the arena's
//! lobby ([`arena`]), points by place and the deadline's expected points
//! ([`points`]), the no-show rule and the standings with their tie-breaks
//! ([`standings`]), and the Swiss's clock: what the runner does next
//! ([`clock`]). The live wing runs the rounds and the store keeps them.
//!
//! The live runner (`discord::live::tournament`) runs the Swiss; the
//! arena is not run yet, so dead code is allowed here until it is.
#![cfg_attr(not(test), allow(dead_code))]

pub(crate) mod arena;
pub(crate) mod clock;
pub(crate) mod deadline;
pub(crate) mod no_show;
pub(crate) mod points;
pub(crate) mod seating;
pub(crate) mod standings;
pub(crate) mod swiss;

#[cfg(test)]
mod seating_tests;
#[cfg(test)]
mod tests;
