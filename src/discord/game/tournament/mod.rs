//! Tournaments the bot runs, pure: the Swiss pairing for tables of two to
//! four ([`swiss`], over the seating search of [`seating`]), the arena's
//! lobby ([`arena`]), points by place and the deadline's expected points
//! ([`points`]), the no-show rule and the standings with their tie-breaks
//! ([`standings`]), and the clocks: what the runner does next in a Swiss
//! ([`clock`]) and in an arena ([`arena_clock`]). The live wing runs the
//! rounds and the store keeps them.

pub(crate) mod arena;
pub(crate) mod arena_clock;
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
