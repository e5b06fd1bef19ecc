//! A round of a Swiss, live: paired once from the standings (the pure
//! `swiss::pair`), written with its tables in one go (`start_round`),
//! announced in the tournament's channel, and each table opened: a public
//! thread under the channel, the table's opening message there, and the
//! table's game, a game of the bot like any (`opening::open_started`)
//! linked to its table (an arena's tables open the same way). After a
//! restart the tables of a round already paired that have no game yet
//! are opened; nothing is paired twice.

use super::known::TableAt;
use super::read::{Read, post};
use super::standings::{played, ranked};
use crate::discord::game::ids::{ChannelId, UserId, Venue};
use crate::discord::game::table::{NewGame, Player};
use crate::discord::game::tournament::points::bye_points;
use crate::discord::game::tournament::standings::meetings;
use crate::discord::game::tournament::swiss;
use crate::discord::live::data::Data;
use crate::discord::live::lang::server_lang;
use crate::discord::live::{ids, opening, unix_now};
use crate::discord::view::lang::Lang;
use crate::discord::view::tournament as words;
use crate::engine::{Ruleset, Variant};
use crate::store::{NewTable, SavedTable, StoreError};
use poise::serenity_prelude::{self as serenity, Http};
use std::sync::Arc;

/// Pairs round `n` (once) and opens its tables that have no game yet.
pub(crate) async fn pair(http: &Arc<Http>, data: &Data, r: &Read, n: u32) -> Result<(), StoreError> {
    let id = r.t.id;
    let now = unix_now();
    let seating = seat(r);
    let size = r.size();
    let mut tables: Vec<NewTable> = seating
        .tables
        .iter()
        .enumerate()
        .map(|(i, players)| NewTable {
            table: i as u32 + 1,
            players: players.iter().map(|u| u.get()).collect(),
            bye_points: None,
        })
        .collect();
    if let Some(bye) = seating.bye {
        let table = tables.len() as u32 + 1;
        tables.push(NewTable { table, players: vec![bye.get()], bye_points: Some(bye_points(size).hundredths()) });
    }
    let deadline = now + r.t.setup.round_secs;
    let count = seating.tables.len();
    let new = data.store.call(move |s| s.start_round(id, n, now, deadline, &tables)).await?;
    let lang = server_lang(data, Venue::from_guild(r.t.setup.guild), None).await;
    if new {
        tracing::info!("tournament {id}: round {n} paired, {count} table(s)");
        let bye = seating.bye.map(|u| (u, bye_points(size)));
        let msg = words::round_started(lang, &r.t.setup.name, n, r.t.setup.rounds, count, bye);
        post(http, ChannelId(r.t.setup.channel), &msg).await;
    }
    match super::read::read(data, id).await? {
        Some(r) => open_pending(http, data, &r).await,
        None => Ok(()),
    }
}

/// Opens the latest round's tables that were saved but have no game yet:
/// just paired or seated, or a restart came between the two, or Discord
/// or the store refused the last try (the runner asks at every look; a
/// table is tried again after `OPEN_AGAIN_SECS`).
pub(crate) async fn open_pending(http: &Arc<Http>, data: &Data, r: &Read) -> Result<(), StoreError> {
    let Some((_, tables)) = r.latest() else { return Ok(()) };
    let pending: Vec<&SavedTable> =
        tables.into_iter().filter(|t| t.game.is_none() && t.finished_at.is_none()).collect();
    if pending.is_empty() {
        return Ok(());
    }
    let lang = server_lang(data, Venue::from_guild(r.t.setup.guild), None).await;
    for table in pending {
        let at = TableAt { tournament: r.t.id, round: table.round, table: table.table };
        if data.tournaments.may_try_opening(at, unix_now()) {
            open_table(http, data, r, table, lang).await?;
        }
    }
    Ok(())
}

/// The seating of the next round from the standings so far.
fn seat(r: &Read) -> swiss::Round {
    let played = played(&r.tables);
    let ranked = ranked(r, &played);
    swiss::pair(&ranked, r.size(), &meetings(&played))
}

/// The tournament's rules: as its games store them, or its variant's.
fn ruleset(r: &Read) -> Ruleset {
    serde_json::from_str(&r.t.setup.ruleset)
        .ok()
        .or_else(|| r.t.setup.variant.parse::<Variant>().ok().map(Ruleset::new))
        .unwrap_or_else(|| Ruleset::new(Variant::Bell))
}

/// Opens one table (of a Swiss's round or of the arena): its thread, its
/// opening message, its game, linked.
pub(crate) async fn open_table(
    http: &Arc<Http>,
    data: &Data,
    r: &Read,
    table: &SavedTable,
    lang: Lang,
) -> Result<(), StoreError> {
    let (id, round, no) = (r.t.id, table.round, table.table);
    let players: Vec<UserId> = table.seats.iter().map(|s| UserId(s.user)).collect();
    let Some(&host) = players.first() else { return Ok(()) };
    let thread = match table.thread {
        Some(thread) => ChannelId(thread),
        None => match open_thread(http, r, round, no, lang).await {
            Some(thread) => {
                // Kept at once: a restart before the game is linked opens
                // the game in this thread, not in a second one.
                let t = thread.get();
                data.store.call(move |s| s.note_table_thread(id, round, no, t)).await?;
                thread
            }
            None => return Ok(()), // tried again later
        },
    };
    if data.tournaments.first_opening(TableAt { tournament: id, round, table: no }) {
        let name = &r.t.setup.name;
        let opening = if r.is_arena() {
            words::arena_table_opening(lang, name, no, (r.size(), r.t.setup.streak_bonus), &players, r.arena_ends())
        } else {
            words::table_opening(lang, name, (round, r.t.setup.rounds, no), r.size(), &players)
        };
        post(http, thread, &opening).await;
    }
    let new = NewGame {
        venue: Venue::from_guild(r.t.setup.guild),
        channel: thread,
        host,
        ruleset: ruleset(r),
        players: players.len() as u8,
        turn_timeout: r.t.setup.turn_timeout_secs.max(1) as u64,
        moderators_end: true,
        practice: false,
    };
    let lineup = players.iter().map(|&u| Player::Human(u)).collect();
    let Some(game) = opening::open_started(http, data, new, lineup, unix_now()).await else { return Ok(()) };
    data.tournaments.add(game, TableAt { tournament: id, round, table: no });
    let (g, t) = (crate::store::GameId::from(game), thread.get());
    data.store.call(move |s| s.link_table(id, round, no, g, Some(t))).await?;
    tracing::info!("tournament {id}: round {round}, table {no} plays game {game} in thread {thread}");
    Ok(())
}

/// A public thread under the tournament's channel for a table.
async fn open_thread(http: &Http, r: &Read, round: u32, table: u32, lang: Lang) -> Option<ChannelId> {
    let name = if r.is_arena() {
        words::arena_thread_name(lang, &r.t.setup.name, table)
    } else {
        words::thread_name(lang, &r.t.setup.name, round, table)
    };
    let builder = serenity::CreateThread::new(name)
        .kind(serenity::ChannelType::PublicThread)
        .auto_archive_duration(serenity::AutoArchiveDuration::OneDay);
    match ids::channel(ChannelId(r.t.setup.channel)).create_thread(http, builder).await {
        Ok(thread) => Some(thread.id.into()),
        Err(e) => {
            tracing::warn!("tournament {}: could not open the thread of round {round}, table {table}: {e:?}", r.t.id);
            None
        }
    }
}
