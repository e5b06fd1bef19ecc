//! Local commands of the `thaayam` binary: `moves`, `simulate`, `render`,
//! `tournament`, `train`, `bot-bench`, `fuzz`, `analyse` (its cost), the store tools (`store-bench`,
//! `store-crash-worker`), `verify` (fair dice), `backup` and `check` (operations), and the other tools that call the libraries
//! without Discord.

pub mod analyse;
pub mod bot_bench;
pub mod cpu;
pub mod fuzz;
pub mod moves;
pub mod ops;
pub mod render;
pub mod sandbox_bot;
pub mod simulate;
pub mod store_bench;
pub mod store_crash;
mod tables;
pub mod tournament;
pub mod train;
pub mod verify;
