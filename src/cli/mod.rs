//! Local commands of the `thaayam` binary: `moves`, `simulate`, `tournament`, `bot-bench`, and the
//! other tools that call the libraries without Discord.

pub mod bot_bench;
pub mod moves;
pub mod simulate;
pub mod tournament;
