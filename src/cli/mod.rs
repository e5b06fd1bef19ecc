//! Local commands of the `thaayam` binary: `moves`, `simulate`, `tournament`, and the
//! other tools that call the libraries without Discord.

pub mod moves;
pub mod simulate;
pub mod tournament;
