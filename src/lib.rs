//! Thaayam, the South Indian race game recorded by R. C. Bell, and its
//! relatives: a pure rules engine, and the layers built on it.
//!
//! Dependencies point one way: `engine` ← `dice` ← {`ai`, `render`,
//! `store`} ← `discord` ← `main`/`cli`. The engine is pure (no I/O, no
//! clock, no randomness: throws are inputs). [`dice`] sits beside it with
//! everything seeded and random: the throw source, the fair-dice seed and
//! its public commitment, and random playouts; the store, the computer
//! players, the bot and the command line use it (`render` needs only the
//! engine).

pub mod ai;
pub mod cli;
pub mod dice;
pub mod discord;
pub mod engine;
pub mod render;
pub mod store;
