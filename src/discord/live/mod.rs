//! The bot's async wing: Discord, tokio and the store. It locks a game,
//! applies a click or a tick through the pure game layer, saves the change
//! before anyone sees it, and shows it through the view.
//!
//! - [`hub`]: the running games, each behind its own lock: a
//!   [`running::Running`] is the game's table beside its board message and
//!   what the store holds of it.
//! - [`persist`] and [`change`]: every change saved in one transaction, the
//!   table put back if the save fails; start-up resumes from the store.
//!   [`saved`] is the versioned form a running game is saved in.
//! - [`clicks`]: buttons and selects, answered within Discord's 3 s (a
//!   click on a board behind its game brings the board up to date).
//! - [`delivery`]: how a change reaches Discord, decided as plain data
//!   (edit, record and re-post, answer and follow up); [`board`] carries
//!   those plans out, and at start-up brings every board up to its saved
//!   game.
//! - [`went_back`]: a game whose boards in Discord are ahead of the store
//!   (a backup restored under it) ends unrated rather than deal again.
//! - [`opening`]: `/thaayam new`'s lobby (or the channel's game resumed)
//!   and Rematch's; [`servers`]: the servers' settings (the rules new games
//!   take, the language, the pages, seasons, time away), one cache.
//! - [`computer`]: the task that plays computer seats; [`tutor`]: the
//!   tutor's judging of a player's menu when her turn starts, beside it.
//! - [`clock`]: turn deadlines and reminders; [`away`]: the players'
//!   time away it honours (cached from the store).
//! - [`outgoing`] and [`pictures`]: serenity builders and PNG drawing;
//!   [`ratelimits`]: serenity's rate-limit buckets kept from growing.
//! - [`guard`]: what keeps one user from tiring the bot out (cooldowns,
//!   bounded queues of heavy work, caps on games opened, kept replays,
//!   limited warnings); [`expiry`]: lobbies and idle games closed.
//! - [`page_key`]: the public game pages as this wing sees them (a game's
//!   link and key); `discord::web` serves them and
//!   follows the hub's changes ([`hub::Hub::watch`]); [`activity`]: the
//!   board's button that opens the game inside Discord (an Activity), and
//!   the Activity's moves run through the click path; [`entry`]: the app's
//!   Entry Point command (the App Launcher's "Launch"), answered by the
//!   bot: the channel's game opened as an Activity, or its lobby.
//! - [`access`]: moderator rights from an interaction; [`ids`]: bare ids
//!   made serenity's and the store's in one place.
//! - [`lang`]: the language of a server's messages and of private answers.
//!
//! What the bot tells its operators (metrics, readiness, their HTTP
//! listener) is a wing of its own, [`crate::discord::ops`]: this one
//! holds only what plays the game.

pub(crate) mod access;
pub(crate) mod activity;
pub(crate) mod away;
pub(crate) mod board;
pub(crate) mod change;
pub(crate) mod clicks;
pub(crate) mod clock;
pub(crate) mod computer;
pub(crate) mod data;
pub(crate) mod delivery;
pub(crate) mod entry;
pub(crate) mod expiry;
pub(crate) mod guard;
pub(crate) mod hub;
pub(crate) mod ids;
pub(crate) mod lang;
pub(crate) mod lookup;
pub(crate) mod opening;
pub(crate) mod outgoing;
pub(crate) mod page_key;
pub(crate) mod persist;
pub(crate) mod pictures;
pub(crate) mod podium;
pub(crate) mod ratelimits;
pub(crate) mod review;
pub(crate) mod running;
pub(crate) mod saved;
pub(crate) mod servers;
pub(crate) mod signup;
pub(crate) mod tournament;
pub(crate) mod tutor;
pub(crate) mod went_back;

#[cfg(test)]
mod persist_tests;
#[cfg(test)]
mod saved_tests;
#[cfg(any(test, feature = "lab"))]
pub(crate) mod testing;

/// Now, in seconds since the Unix epoch (the time of deadlines and board ages).
pub(crate) fn unix_now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}
