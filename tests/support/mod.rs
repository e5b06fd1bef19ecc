//! Shared test support: the fake Discord on loopback, and playing the real
//! bot through it.
#![allow(dead_code)]
pub mod fake_discord;
pub mod play;
pub mod store_check;
