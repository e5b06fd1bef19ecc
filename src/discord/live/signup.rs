//! A tournament's sign-up message, redrawn from the store: its entrants,
//! Join / Leave, and the check-in button once check-in opened (from
//! `game::tournament::clock::CHECK_IN_SECS` before the start while the
//! tournament is in `signup`); once it runs, ends or is cancelled, the
//! message says so and keeps no button. The runner calls [`redraw`] when
//! the clock opens check-in and when the tournament starts, is cancelled
//! or ends; the sign-up's own clicks call it after each change.
//!
//! (Issue 58: the sign-up slice fills this in; until then it edits nothing.)

use super::data::Data;
use poise::serenity_prelude::Http;

/// Redraws tournament `tournament`'s sign-up message as the store and the
/// time say (idempotent: the same edit twice shows the same message).
#[allow(dead_code)]
pub(crate) async fn redraw(_http: &Http, _data: &Data, _tournament: i64) -> Result<(), String> {
    Ok(())
}
