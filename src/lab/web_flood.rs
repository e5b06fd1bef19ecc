//! A finished game on a bot's database, for the tests that flood its page
//! (`tests/e2e/web_flood.rs`): two scripted humans play it to its end
//! through the bot's own session layer, saved as the bot saves, before the
//! bot starts; the page's key is made from the store's secret as the bot
//! makes it.

use super::tables;
use crate::discord::game::ids::{ChannelId, GuildId, UserId, Venue};
use crate::discord::game::intent::Intent;
use crate::discord::game::table::{NewGame, Stage};
use crate::discord::live::page_key::Keys;
use crate::discord::live::persist;
use crate::engine::{Ruleset, Variant};
use crate::store::Store;
use std::path::Path;

/// Plays a game of two humans to its end in `channel` of server `guild`
/// on the database at `db` (made if new); returns its page's key.
pub fn finished_game(db: &Path, guild: u64, channel: u64) -> Result<String, String> {
    let mut store = Store::open(db).map_err(|e| e.to_string())?;
    let host = UserId(10);
    let new = NewGame {
        venue: Venue::Server(GuildId(guild)),
        channel: ChannelId(channel),
        host,
        ruleset: Ruleset::new(Variant::Bell),
        players: 2,
        turn_timeout: 3600,
        moderators_end: false,
        practice: false,
    };
    let mut running = tables::create(&mut store, new, [54; 32]).map_err(|e| e.to_string())?;
    tables::click(&mut running.table, UserId(11), Intent::Join, 0)?;
    tables::click(&mut running.table, host, Intent::Start, 0)?;
    for _ in 0..20_000 {
        if running.table.stage != Stage::Playing {
            break;
        }
        tables::play(&mut running.table, 0)?;
    }
    if running.table.stage != Stage::Finished {
        return Err(format!("game {} did not finish", running.table.id));
    }
    persist::save_sync(&mut store, &mut running).map_err(|e| e.to_string())?;
    let secret = store.page_secret().map_err(|e| e.to_string())?;
    Ok(Keys::new(secret).key(running.table.id.get()))
}
