//! Tests of the SQLite store through its public API, in one test binary.

#[path = "../common/mod.rs"]
mod common;

mod backends;
mod check;
mod closed;
mod concurrency;
mod conflicts;
mod crash;
mod in_doubt;
mod migrate;
mod open;
mod organisers;
mod ratings;
mod records;
mod round_trips;
mod save_paths;
mod tournaments;
