//! The Discord bot: the only async layer, and the only one that combines
//! the engine with the computer players, the renderer and the store.
//!
//! Game logic lives in plain functions ([`session`], [`turn`]) that tests
//! drive directly; [`presenter`] turns their result into Discord messages
//! checked against Discord's limits; the poise/serenity glue stays thin.

pub mod bot;
pub mod change;
pub mod commands;
pub mod components;
pub mod computer;
pub mod config;
pub mod hub;
pub mod interact;
pub mod message;
pub mod outgoing;
pub mod persist;
pub mod picture;
pub mod presenter;
pub mod script;
pub mod session;
pub mod table;
pub mod timeouts;
pub mod turn;

#[cfg(test)]
mod persist_tests;
#[cfg(test)]
mod presenter_tests;
#[cfg(test)]
mod session_tests;
