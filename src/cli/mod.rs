//! Local commands of the `thaayam` binary: `moves`, `simulate`, `render`,
//! `tournament`, `train`, `analyse` (its cost), `verify` (fair dice),
//! `backup`, `check` and `migrate` (operations): the tools that call the libraries
//! without Discord. Benchmarks and test rigs are the workbench's
//! (`crate::lab`, the `thaayam-lab` binary).

pub mod analyse;
pub mod migrate;
pub mod moves;
pub mod ops;
pub mod render;
pub mod simulate;
pub mod tournament;
pub mod train;
pub mod verify;
