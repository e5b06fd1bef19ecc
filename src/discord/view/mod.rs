//! How the bot shows a game, pure: a table becomes plain [`message::Message`]s
//! (the lobby, the board with the turn's controls, the result, private
//! answers) checked against Discord's limits, with typed component ids and
//! the board picture's [`render::BoardView`](crate::render::BoardView). No
//! Discord client, no tokio, no store: the live layer sends what this builds.

pub(crate) mod analysis;
pub(crate) mod components;
pub(crate) mod hint;
pub(crate) mod lang;
pub(crate) mod listing;
pub(crate) mod menu;
pub(crate) mod message;
pub(crate) mod names;
pub(crate) mod notes;
pub(crate) mod picture;
pub(crate) mod presenter;
pub(crate) mod refusals;
pub(crate) mod signup;
pub(crate) mod story;
pub(crate) mod tournament;
pub(crate) mod verify;
pub(crate) mod words;

#[cfg(test)]
mod presenter_tests;
