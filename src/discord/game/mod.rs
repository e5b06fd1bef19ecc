//! The bot's game logic, pure and synchronous: a [`table::Table`] is one
//! game in one channel, [`session::handle`] applies a click or a command to
//! it and returns [`notes::Note`]s of what happened (or a
//! [`intent::Refusal`]). No Discord, no tokio, no store, no words: the view
//! names things, the live layer saves and shows them.

pub(crate) mod acts;
pub(crate) mod away;
#[cfg(test)]
mod away_tests;
pub(crate) mod away_times;
pub(crate) mod choices;
pub(crate) mod computer;
pub(crate) mod ends;
pub(crate) mod expiry;
pub(crate) mod hint;
pub(crate) mod ids;
pub(crate) mod intent;
pub(crate) mod judged;
mod lobby;
pub(crate) mod lost;
pub(crate) mod notes;
pub(crate) mod rematch;
/// Used by the tests and the workbench only.
#[cfg(any(test, feature = "lab"))]
pub(crate) mod script;
pub(crate) mod season;
pub(crate) mod server;
pub(crate) mod session;
pub(crate) mod signup;
pub(crate) mod story;
pub(crate) mod table;
pub(crate) mod tournament;
pub(crate) mod turn;
pub(crate) mod tutor;

#[cfg(test)]
pub(crate) mod session_tests;
