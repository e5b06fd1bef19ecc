//! The workbench: benchmarks and test rigs, run by the `thaayam-lab`
//! binary (`src/bin/thaayam-lab.rs`), never by the product's `thaayam`:
//! `bot-bench` (a click's CPU), `store-bench` (saves per second),
//! `fuzz` (every parser of outside input), `web-bench` (what the game
//! pages' viewers cost a click), `analysis-bench` and `ladder` (the
//! post-game analysis's cost, and the computer levels judged by it),
//! `edge` (one level's edge over another, raw and luck-adjusted),
//! `tutor-bench` (what judging a player's menu costs the tutor), and the
//! rigs the tests start:
//! `store-crash-worker` (saves until killed), `sandbox-bot` (the bot
//! against a fake Discord on loopback), the PostgreSQL servers of the
//! tests (`pg_server`, and a Patroni cluster: `pg_cluster`) and a proxy
//! that cuts a connection at a chosen message (`cut_proxy`).

pub mod bot_bench;
pub mod cpu;
pub mod cut_proxy;
pub mod edge;
pub mod fuzz;
pub mod ladder;
pub mod pg_cluster;
pub mod pg_server;
pub mod sandbox_bot;
pub mod store_bench;
pub mod store_crash;
pub mod store_writers;
mod tables;
pub mod tutor_bench;
pub mod web_bench;
pub mod web_flood;
