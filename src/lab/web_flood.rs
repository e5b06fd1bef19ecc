//! A finished game on a bot's database, for the tests that flood its page
//! (`tests/e2e/web_flood.rs`): two scripted humans play it to its end
//! through the bot's own session layer, saved as the bot saves, before the
//! bot starts; the page's key is made from the store's secret as the bot
//! makes it. [`tournament_with_a_game`] adds a Swiss around it, and
//! [`arena_with_a_game`] an arena, for the tournament page's test.

use super::tables;
use crate::discord::game::ids::{ChannelId, GuildId, UserId, Venue};
use crate::discord::game::intent::Intent;
use crate::discord::game::table::{NewGame, Stage};
use crate::discord::live::page_key::Keys;
use crate::discord::live::persist;
use crate::engine::{Ruleset, Variant};
use crate::store::{NewTable, NewTournament, SeatResult, Store};
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

/// A finished game in `channel` on the database at `db`, opened for a
/// tournament around it: the store, the pages' keys, the game
/// and its page's key.
fn around_a_game(db: &Path, guild: u64, channel: u64) -> Result<(Store, Keys, crate::store::GameId, String), String> {
    let game_key = finished_game(db, guild, channel)?;
    let mut store = Store::open(db).map_err(|e| e.to_string())?;
    let keys = Keys::new(store.page_secret().map_err(|e| e.to_string())?);
    let game = keys.game(&game_key).ok_or("the game's key names no game")?;
    Ok((store, keys, crate::store::GameId(game), game_key))
}

/// The first table's result: user 10 beat user 11.
const TEN_BEAT_ELEVEN: [SeatResult; 2] = [
    SeatResult { user: 10, points: 100, won: true, no_show: false },
    SeatResult { user: 11, points: 0, won: false, no_show: false },
];

/// Sets tournament `new` up with users 10, 11 and 12 checked in, running.
fn under_way(store: &mut Store, new: &NewTournament) -> Result<i64, String> {
    let e = |e: crate::store::StoreError| e.to_string();
    let id = store.create_tournament(new).map_err(e)?;
    for user in [10, 11, 12] {
        store.join_tournament(id, user, 1500, 1_799_990_100).map_err(e)?;
        store.check_in(id, user).map_err(e)?;
    }
    store.set_tournament_state(id, "signup", "running", 1_800_000_000).map_err(e)?;
    Ok(id)
}

/// The Swiss of the page's test (the arena starts from it).
fn swiss(guild: u64, channel: u64) -> Result<NewTournament, String> {
    Ok(NewTournament {
        guild,
        channel,
        organiser: 10,
        name: "Friday <Cup> for the whole server".into(),
        variant: "bell".into(),
        ruleset: serde_json::to_string(&Ruleset::new(Variant::Bell)).map_err(|e| e.to_string())?,
        format: "swiss".into(),
        table_size: 2,
        rounds: 3,
        round_secs: 3600,
        turn_timeout_secs: 300,
        starts_at: 1_800_000_000,
        late_join_rounds: 0,
        streak_bonus: false,
        created_at: 1_799_990_000,
    })
}

/// A running Swiss of three entrants on the database at `db` (made if
/// new), in `channel` of server `guild`: round 1 played (users 10 and 11
/// at table 1, its game the one [`finished_game`] plays, won by the
/// first; user 12's bye), round 2 under way (10 and 12 at table 1, no game
/// yet). Returns the tournament's page key and its game's.
pub fn tournament_with_a_game(db: &Path, guild: u64, channel: u64) -> Result<(String, String), String> {
    let (mut store, keys, game, game_key) = around_a_game(db, guild, channel)?;
    let e = |e: crate::store::StoreError| e.to_string();
    let new = swiss(guild, channel)?;
    let id = under_way(&mut store, &new)?;
    let table = |table, players: &[u64], bye_points| NewTable { table, players: players.to_vec(), bye_points };
    let first = [table(1, &[10, 11], None), table(2, &[12], Some(100))];
    store.start_round(id, 1, 1_800_000_000, 1_800_003_600, &first).map_err(e)?;
    store.link_table(id, 1, 1, game, None).map_err(e)?;
    store.finish_table(id, 1, 1, "played", 1_800_001_000, &TEN_BEAT_ELEVEN).map_err(e)?;
    store.finish_round(id, 1, 1_800_001_000).map_err(e)?;
    store.start_round(id, 2, 1_800_001_100, 1_800_004_700, &[table(1, &[10, 12], None)]).map_err(e)?;
    Ok((keys.tournament_key(id), game_key))
}

/// An arena of three running on the database at `db` (in `channel`, whose
/// finished game is its first table, won by user 10; its second table
/// still playing): the arena page's key.
pub fn arena_with_a_game(db: &Path, guild: u64, channel: u64) -> Result<String, String> {
    let (mut store, keys, game, _) = around_a_game(db, guild, channel)?;
    let e = |e: crate::store::StoreError| e.to_string();
    let new = NewTournament {
        name: "Sunday blitz arena".into(),
        format: "arena".into(),
        rounds: 1,
        turn_timeout_secs: 120,
        streak_bonus: true,
        ..swiss(guild, channel)?
    };
    let id = under_way(&mut store, &new)?;
    store.start_round(id, 1, 1_800_000_000, 1_800_003_600, &[]).map_err(e)?;
    let table = |table, players: &[u64]| NewTable { table, players: players.to_vec(), bye_points: None };
    store.add_table(id, 1, 1_800_000_000, &table(1, &[10, 11])).map_err(e)?;
    store.link_table(id, 1, 1, game, None).map_err(e)?;
    store.finish_table(id, 1, 1, "played", 1_800_000_900, &TEN_BEAT_ELEVEN).map_err(e)?;
    store.add_table(id, 1, 1_800_000_950, &table(2, &[11, 12])).map_err(e)?;
    Ok(keys.tournament_key(id))
}

/// Switches the game pages of server `guild` off on the database at `db`.
pub fn pages_off(db: &Path, guild: u64) -> Result<(), String> {
    let mut store = Store::open(db).map_err(|e| e.to_string())?;
    let mut server = store.server(guild).map_err(|e| e.to_string())?;
    server.pages_off = true;
    store.save_server(guild, &server).map_err(|e| e.to_string())
}
