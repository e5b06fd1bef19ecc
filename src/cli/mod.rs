//! Local commands of the `thaayam` binary: `moves`, `simulate`, `render`, and the
//! other tools that call the libraries without Discord.

pub mod moves;
pub mod render;
pub mod simulate;
pub mod store_bench;
pub mod store_crash;
