//! Thaayam, the South Indian race game recorded by R. C. Bell, and its
//! relatives: a pure rules engine, and the layers built on it.
//!
//! Dependencies point one way: `engine` ← {`ai`, `render`, `store`} ←
//! `discord` ← `main`/`cli`. The engine is pure (no I/O, no clock, no
//! randomness: throws are inputs); [`dice`] is the seedable throw source
//! that lives outside it.

pub mod ai;
pub mod cli;
pub mod dice;
pub mod discord;
pub mod engine;
pub mod sim;
