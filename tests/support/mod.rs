//! Shared test support: the fake Discord on loopback, and playing the real
//! bot through it.
#![allow(dead_code)]
pub mod browser;
pub mod fake_discord;
pub mod play;
pub mod store_check;
pub mod transcript;

/// One end-to-end test at a time (hold the guard for the whole test): two
/// bots and fakes at once on a 2-core machine would make the fake's
/// 3-second answer check flaky. A failed test does not block the others.
pub async fn serial() -> tokio::sync::MutexGuard<'static, ()> {
    static ONE: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
    ONE.lock().await
}
