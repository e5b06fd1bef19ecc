//! Tournaments the bot runs, pure: the Swiss pairing for tables of two to
//! four ([`swiss`], over the seating search of [`seating`]), the arena's
//! lobby ([`arena`]), points by place and the deadline's expected points
//! ([`points`]), the no-show rule and the standings with their tie-breaks
//! ([`standings`]), and the Swiss's clock: what the runner does next
//! ([`clock`]). The live wing runs the rounds and the store keeps them.
//!
//! Only the tests call it until the live runner (issue 58's next slice)
//! is in: dead code is allowed here until then.
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
