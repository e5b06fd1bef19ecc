//! A table's result, live: when its game ended (played to its end, a
//! no-show's seat played by a computer, or ended otherwise), its points
//! by place written once (`finish_table`) and the standings edited; at
//! the round's deadline, a game still running is decided by expected
//! points (the expert's estimate of each seat's chances), shown as such
//! in its thread, and ended.

use super::read::{Read, post};
use super::standings;
use crate::discord::game::ids::{GameId, UserId};
use crate::discord::game::tournament::deadline;
use crate::discord::game::tournament::points::{Points, place_points};
use crate::discord::game::tournament::standings::score_table;
use crate::discord::live::board::{Change, show};
use crate::discord::live::change::change;
use crate::discord::live::data::Data;
use crate::discord::live::lang::game_lang;
use crate::discord::live::unix_now;
use crate::discord::view::tournament as words;
use crate::store::{GameState, SavedTable, SeatResult, StoreError};
use poise::serenity_prelude::Http;

/// Writes the result of every table of the latest round whose game
/// ended; whether any was written (the standings are then edited).
pub(crate) async fn settle(http: &Http, data: &Data, r: &Read) -> bool {
    let Some((_, tables)) = r.latest() else { return false };
    let mut any = false;
    for table in tables.into_iter().filter(|t| t.finished_at.is_none()) {
        let Some(game) = table.game else { continue };
        if let Some(shared) = data.hub.get(GameId(game.0))
            && shared.lock().await.table.is_open()
        {
            continue;
        }
        match ended(data, r, table).await {
            Ok(true) => {
                data.tournaments.forget(GameId(game.0));
                any = true;
            }
            Ok(false) => {}
            Err(e) => tracing::warn!("tournament {}: could not write a table's result: {e}", r.t.id),
        }
    }
    if any {
        standings::refresh(http, data, r.t.id).await;
    }
    any
}

/// The result of a table whose game is closed in the store; whether it
/// was written now.
async fn ended(data: &Data, r: &Read, table: &SavedTable) -> Result<bool, StoreError> {
    let Some(game) = table.game else { return Ok(false) };
    let Some(info) = data.store.call(move |s| s.game(game)).await? else { return Ok(false) };
    let no_shows: Vec<UserId> = table.seats.iter().filter(|s| s.no_show).map(|s| UserId(s.user)).collect();
    let (decided, results) = match info.state {
        GameState::Finished => {
            // The table's i-th player sat on the game's i-th seat.
            let mut seats: Vec<_> = info.seats.iter().collect();
            seats.sort_by_key(|s| s.seat.index());
            let mut order: Vec<(u8, UserId)> =
                table.seats.iter().zip(&seats).map(|(t, g)| (g.place.unwrap_or(u8::MAX), UserId(t.user))).collect();
            order.sort();
            let finish: Vec<UserId> = order.into_iter().map(|(_, u)| u).collect();
            let results = scored(r.size(), &finish, &no_shows);
            ("played", if r.is_arena() { super::arena::with_streaks(r, table, results) } else { results })
        }
        GameState::Abandoned => ("cancelled", even(r.size(), table)),
        GameState::Lobby | GameState::Playing => return Ok(false),
    };
    let (id, round, no, now) = (r.t.id, table.round, table.table, unix_now());
    data.store.call(move |s| s.finish_table(id, round, no, decided, now, &results)).await
}

fn scored(size: usize, finish: &[UserId], no_shows: &[UserId]) -> Vec<SeatResult> {
    score_table(size, finish, no_shows)
        .into_iter()
        .map(|s| SeatResult { user: s.player.get(), points: s.points.hundredths(), won: s.won, no_show: s.no_show })
        .collect()
}

/// A table ended by nobody's play: every seat scores the table's average
/// (a no-show still last).
fn even(size: usize, table: &SavedTable) -> Vec<SeatResult> {
    let seats = table.seats.len();
    let total: i64 = (0..seats).map(|p| place_points(size, seats, p).hundredths()).sum();
    let share = total / seats.max(1) as i64;
    table
        .seats
        .iter()
        .map(|s| SeatResult {
            user: s.user,
            points: if s.no_show { place_points(size, seats, seats - 1).hundredths() } else { share },
            won: false,
            no_show: s.no_show,
        })
        .collect()
}

/// Decides the latest round's tables at `open` (their indices) at the
/// deadline.
pub(crate) async fn decide(http: &Http, data: &Data, r: &Read, open: &[usize]) -> Result<(), StoreError> {
    let Some((_, tables)) = r.latest() else { return Ok(()) };
    for &i in open {
        let Some(table) = tables.get(i) else { continue };
        decide_table(http, data, r, table).await?;
    }
    standings::refresh(http, data, r.t.id).await;
    Ok(())
}

async fn decide_table(http: &Http, data: &Data, r: &Read, table: &SavedTable) -> Result<(), StoreError> {
    let shared = table.game.and_then(|g| data.hub.get(GameId(g.0)));
    let Some(shared) = shared else {
        // No game runs for it (never opened, or lost): even points.
        let (id, round, no, now, results) = (r.t.id, table.round, table.table, unix_now(), even(r.size(), table));
        data.store.call(move |s| s.finish_table(id, round, no, "deadline", now, &results)).await?;
        return Ok(());
    };
    let mut running = shared.lock().await;
    let game = running.table.game_now();
    let win = crate::ai::value::win_chances(&game);
    let expected = deadline::decide(&running.table, r.size(), win);
    let results = at_deadline(r.size(), table, &expected);
    let (id, round, no, now) = (r.t.id, table.round, table.table, unix_now());
    let shown: Vec<(UserId, Points)> = results.iter().map(|s| (UserId(s.user), Points(s.points))).collect();
    if !data.store.call(move |s| s.finish_table(id, round, no, "deadline", now, &results)).await? {
        return Ok(());
    }
    let lang = game_lang(data, &running).await;
    post(http, running.table.channel, &words::decided(lang, &shown, r.is_arena())).await;
    match change(data, &mut running, deadline::end).await {
        Ok((notes, outro)) => {
            show(http, data, &mut running, Change::of(&notes, &outro), None).await;
        }
        Err(refusal) => tracing::warn!("the game of a decided table was not ended: {refusal:?}"),
    }
    data.tournaments.forget(running.table.id);
    Ok(())
}

/// The points of a table decided at the deadline: each player's expected
/// points, a no-show's the last place's; the one clearly ahead won.
fn at_deadline(size: usize, table: &SavedTable, expected: &[(UserId, Points)]) -> Vec<SeatResult> {
    let seats = table.seats.len();
    let points = |s: &crate::store::SavedSeat| {
        if s.no_show {
            return place_points(size, seats, seats - 1);
        }
        expected.iter().find(|(u, _)| u.get() == s.user).map_or(Points::ZERO, |(_, p)| *p)
    };
    let all: Vec<Points> = table.seats.iter().map(points).collect();
    let top = all.iter().copied().max().unwrap_or_default();
    let leaders = all.iter().filter(|&&p| p == top).count();
    table
        .seats
        .iter()
        .zip(&all)
        .map(|(s, &p)| SeatResult {
            user: s.user,
            points: p.hundredths(),
            won: leaders == 1 && p == top && !s.no_show,
            no_show: s.no_show,
        })
        .collect()
}
