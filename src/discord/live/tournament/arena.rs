//! An arena, live: its one round opened once at the start (its deadline
//! the arena's end) and announced; the lobby read from its tables (the
//! pure `arena_clock::lobby`); the tables the lobby seats, each added once
//! (`add_table`) and opened as a Swiss's table is (a thread, a game);
//! tables saved but not opened yet (a restart between the two) opened at
//! the next look; and the streak bonus on a table's winner.

use super::read::{Read, post};
use super::round::open_pending;
use super::standings::{played, ranked};
use crate::discord::game::ids::{ChannelId, UserId, Venue};
use crate::discord::game::tournament::arena::{arena_points, wins_in_a_row};
use crate::discord::game::tournament::arena_clock::{ArenaNow, Sat, lobby};
use crate::discord::game::tournament::clock::Now;
use crate::discord::live::data::Data;
use crate::discord::live::lang::server_lang;
use crate::discord::live::unix_now;
use crate::discord::view::tournament as words;
use crate::store::{NewTable, SavedTable, SeatResult, StoreError};
use poise::serenity_prelude::Http;
use std::sync::Arc;

/// The arena's one round.
const ROUND: u32 = 1;

/// What the arena's clock sees: the Swiss's view of it and its lobby.
pub(crate) fn now_of(r: &Read, clock: Now) -> ArenaNow {
    let entrants = ranked(r, &played(&r.tables));
    let opened_at = r.rounds.first().map_or(r.t.setup.starts_at, |x| x.started_at);
    let (waiting, playing) = lobby(&entrants, &sat(&r.tables), opened_at);
    ArenaNow { clock, size: r.size(), lobby: waiting, playing }
}

/// The arena's tables in the order opened.
fn sat(tables: &[SavedTable]) -> Vec<Sat> {
    let mut ordered: Vec<&SavedTable> = tables.iter().filter(|t| t.round == ROUND).collect();
    ordered.sort_by_key(|t| t.table);
    ordered
        .into_iter()
        .map(|t| Sat { players: t.seats.iter().map(|s| UserId(s.user)).collect(), ended_at: t.finished_at })
        .collect()
}

/// Opens the arena's round (once) and announces it.
pub(crate) async fn open(http: &Http, data: &Data, r: &Read) -> Result<(), StoreError> {
    let (id, now, ends) = (r.t.id, unix_now(), r.arena_ends());
    if !data.store.call(move |s| s.start_round(id, ROUND, now, ends, &[])).await? {
        return Ok(());
    }
    tracing::info!("tournament {id}: the arena is open until {ends}");
    let lang = server_lang(data, Venue::from_guild(r.t.setup.guild), None).await;
    let msg = words::arena_open(lang, &r.t.setup.name, ends, r.size(), r.t.setup.streak_bonus);
    post(http, ChannelId(r.t.setup.channel), &msg).await;
    Ok(())
}

/// Adds the tables the lobby seats (each once, numbered on from the
/// last) and opens them.
pub(crate) async fn seat(http: &Arc<Http>, data: &Data, r: &Read, tables: &[Vec<UserId>]) -> Result<(), StoreError> {
    let id = r.t.id;
    let first = r.tables.iter().filter(|t| t.round == ROUND).map(|t| t.table).max().unwrap_or(0) + 1;
    let now = unix_now();
    for (i, players) in tables.iter().enumerate() {
        let table =
            NewTable { table: first + i as u32, players: players.iter().map(|u| u.get()).collect(), bye_points: None };
        data.store.call(move |s| s.add_table(id, ROUND, now, &table)).await?;
    }
    tracing::info!("tournament {id}: the arena seats {} table(s) from table {first}", tables.len());
    let Some(r) = super::read::read(data, id).await? else { return Ok(()) };
    open_pending(http, data, &r).await
}

/// A played table's results with the streak bonus (when the arena has
/// it): a winner after [`STREAK_FOR_BONUS`](crate::discord::game::tournament::arena::STREAK_FOR_BONUS)
/// wins in a row at her earlier tables scores double.
pub(crate) fn with_streaks(r: &Read, table: &SavedTable, mut results: Vec<SeatResult>) -> Vec<SeatResult> {
    if !r.t.setup.streak_bonus {
        return results;
    }
    let seats = table.seats.len();
    for s in results.iter_mut().filter(|s| s.won) {
        let mut earlier: Vec<&SavedTable> = r
            .tables
            .iter()
            .filter(|t| t.table != table.table && t.finished_at.is_some() && t.seats.iter().any(|x| x.user == s.user))
            .collect();
        earlier.sort_by_key(|t| t.table);
        let wins: Vec<bool> = earlier.iter().map(|t| t.seats.iter().any(|x| x.user == s.user && x.won)).collect();
        let (points, _) = arena_points(r.size(), seats, 0, wins_in_a_row(&wins), true);
        s.points = points.hundredths();
    }
    results
}
