//! A public page per game, served by the bot itself when `web` is set in
//! the config: watch a game live, step through it after the end, check
//! its dice in the browser, or show its board in a streamer's overlay.
//! Above the live wing: the pages only read the games (from the hub, else
//! the store through `live::lookup`) and follow the hub's announcements of
//! saved changes ([`crate::discord::live::hub::Hub::watch`]); the Activity
//! also plays them, through the same path as a click on the board
//! (`live::activity::play`, `live::change::apply_click`). Nothing below
//! depends on this wing.
//!
//! - [`listener`]: the address and the routes; [`site`]: what they share,
//!   finding a game by its key ([`crate::discord::live::page_key`]) and
//!   drawing its pictures once, on the pages' own render slot;
//!   [`game_routes`]: a game's page and pictures; [`closed`]: the finished
//!   games kept, with their pages and pictures.
//! - [`tournament`]: a tournament's page (`/t/{key}`: standings, rounds,
//!   tables linked to their games), its HTML in [`tournament_page`].
//! - [`assets`]: the pages' scripts and style sheets (`assets/web/`),
//!   served at addresses named by their hash.
//! - [`page`]: the HTML (server-rendered; the scripts only add the live
//!   updates, the replay's arrow keys and the dice check).
//! - [`line`](mod@line): a line of the channel's words in HTML, names put in once.
//! - [`story`]: the story move by move and the replay's boards;
//!   [`marks`]: the replay's marks from the stored review (luck, labels,
//!   the best end position beside a costly decision's).
//! - [`stream`]: the live streams (server-sent events) and their viewers.
//! - [`limits`]: the caps on live streams, and whose address a request is.
//! - [`serve`]: the listener's connection caps and timeouts, sized from
//!   the descriptor limit.
//! - [`budget`]: budgets of requests (to Discord, per address, per user).
//! - [`headers`]: the headers every HTML page is sent with.
//! - The game as a Discord Activity (`activity = true`): [`activity`]
//!   (its page and script, with Discord's SDK), [`api`] (its
//!   token exchange, its game and its moves), [`auth`] (who she is and
//!   which Activity she is in, asked of Discord), [`touch`] (the menu's
//!   pieces and their ends placed on the board picture, for touching).

pub(crate) mod activity;
pub(crate) mod api;
pub(crate) mod assets;
pub(crate) mod auth;
pub(crate) mod budget;
pub(crate) mod closed;
pub(crate) mod game_routes;
pub(crate) mod headers;
pub(crate) mod limits;
pub(crate) mod line;
pub(crate) mod listener;
pub(crate) mod marks;
pub(crate) mod page;
pub(crate) mod serve;
pub(crate) mod site;
pub(crate) mod story;
pub(crate) mod stream;
pub(crate) mod touch;
pub(crate) mod tournament;
pub(crate) mod tournament_page;

#[cfg(test)]
mod tests;
