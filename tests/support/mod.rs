//! Shared test support: the fake Discord on loopback.
#![allow(dead_code)]
pub mod fake_discord;
