//! End-to-end tests of the real bot through the fake Discord on loopback,
//! in one test binary (the bot and serenity are linked once, not five times).
//! Each test takes `support::serial()` first: bots in parallel on a 2-core
//! machine would make the fake's 3-second answer check flaky.

#[path = "../support/mod.rs"]
mod support;

mod activity;
mod activity_flood;
mod analyse;
mod away;
mod backup;
mod child_bot;
mod clicks;
mod crash;
mod crowds;
mod failover;
mod fair_play;
mod forged;
mod games;
mod hints;
mod kills;
mod kills_held;
mod languages;
mod lifecycle;
mod logs;
mod metrics;
mod newer_save;
mod permissions;
mod pictures;
mod places;
mod records;
mod restart;
mod seasons;
mod selftest;
mod selftest_places;
mod selftest_threads;
mod shards;
mod tireout;
mod tournament;
mod tournament_arena;
mod tournament_organisers;
mod tournament_page;
mod tournament_signup;
mod transcript;
mod turns;
mod tutor;
mod web;
mod web_bounds;
mod web_flood;
mod went_back;
