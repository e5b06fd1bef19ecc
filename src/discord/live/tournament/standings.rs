//! A tournament's standings, live: read from its tables in the store
//! (the pure `standings::standings` ranks them), shown in one message of
//! the tournament's channel, posted once and edited after every game; and
//! its podium, claimed in the store and posted once, pinging the entrants.
//! The standings link the tournament's page where the server's pages are on.

use super::read::{Read, post, read};
use crate::discord::game::ids::{ChannelId, MessageId, UserId, Venue};
use crate::discord::game::tournament::points::Points;
use crate::discord::game::tournament::standings::{self, Entrant, Played, Seat, Standing};
use crate::discord::game::tournament::swiss::Ranked;
use crate::discord::live::data::Data;
use crate::discord::live::lang::server_lang;
use crate::discord::live::{ids, outgoing, unix_now};
use crate::discord::ops::instrument;
use crate::discord::ops::metrics::Route;
use crate::discord::view::components::add_tournament_link;
use crate::discord::view::tournament::{self as words, Line, Progress};
use crate::store::{SavedTable, StoreError};
use poise::serenity_prelude::Http;
use std::collections::HashMap;

/// The ended tables (and byes) as the standings count them.
pub(crate) fn played(tables: &[SavedTable]) -> Vec<Played> {
    tables
        .iter()
        .filter(|t| t.finished_at.is_some())
        .map(|t| Played {
            round: t.round,
            seats: t
                .seats
                .iter()
                .map(|s| Seat {
                    player: UserId(s.user),
                    points: Points(s.points.unwrap_or(0)),
                    won: s.won,
                    no_show: s.no_show,
                })
                .collect(),
        })
        .collect()
}

/// The entrants still playing as the pairing and the arena's lobby rank
/// them: points so far from `played`, rating, whether she had a bye.
pub(crate) fn ranked(r: &Read, played: &[Played]) -> Vec<Ranked> {
    let mut points: HashMap<UserId, Points> = HashMap::new();
    for table in played {
        for s in &table.seats {
            *points.entry(s.player).or_default() += s.points;
        }
    }
    let byes: Vec<UserId> =
        played.iter().filter(|t| t.is_bye()).flat_map(|t| t.seats.iter().map(|s| s.player)).collect();
    r.playing()
        .iter()
        .map(|e| {
            let player = UserId(e.user);
            Ranked {
                player,
                points: points.get(&player).copied().unwrap_or_default(),
                rating: e.rating,
                had_bye: byes.contains(&player),
            }
        })
        .collect()
}

/// The standings now: every entrant who checked in.
pub(crate) fn lines(r: &Read) -> Vec<Line> {
    let entrants: Vec<Entrant> = r
        .entrants
        .iter()
        .filter(|e| e.checked_in)
        .map(|e| Entrant { player: UserId(e.user), rating: e.rating, withdrawn: e.withdrawn_at.is_some() })
        .collect();
    let estimated: Vec<UserId> = r
        .tables
        .iter()
        .filter(|t| t.decided.as_deref() == Some("deadline"))
        .flat_map(|t| t.seats.iter().map(|s| UserId(s.user)))
        .collect();
    standings::standings(&entrants, &played(&r.tables))
        .into_iter()
        .map(|standing: Standing| Line { estimated: estimated.contains(&standing.player), standing })
        .collect()
}

/// Shows the standings of tournament `id` as the store has them: its
/// message edited, or posted (once) and noted.
pub(crate) async fn refresh(http: &Http, data: &Data, id: i64) {
    let r = match read(data, id).await {
        Ok(Some(r)) => r,
        Ok(None) => return,
        Err(e) => return tracing::warn!("could not read tournament {id} for its standings: {e}"),
    };
    let lang = server_lang(data, Venue::from_guild(r.t.setup.guild), None).await;
    let closed = r.rounds.iter().filter(|x| x.finished_at.is_some()).count() as u32;
    let over = r.t.state == "finished";
    let progress = if r.is_arena() {
        Progress::Arena { ends: r.arena_ends() }
    } else {
        Progress::Rounds { closed, of: r.t.setup.rounds }
    };
    let mut msg = words::standings(lang, &r.t.setup.name, progress, &lines(&r), over);
    let venue = Venue::from_guild(r.t.setup.guild);
    if let Some(url) = data.pages.tournament_link(id)
        && data.servers.get(&data.store, venue).await.pages_on
    {
        add_tournament_link(lang, &mut msg, url);
    }
    let channel = ChannelId(r.t.setup.channel);
    if let Some(message) = r.t.standings_message {
        let edited = ids::channel(channel)
            .edit_message(http, ids::message(MessageId(message)), outgoing::edit(&msg, None))
            .await;
        instrument::request(Route::EditMessage, &edited);
        if let Err(e) = edited {
            tracing::warn!("could not edit the standings of tournament {id}: {e:?}");
        }
        return;
    }
    let Some(message) = post(http, channel, &msg).await else { return };
    if let Err(e) = data.store.call(move |s| s.set_tournament_messages(id, None, Some(message))).await {
        tracing::warn!("could not note the standings message of tournament {id}: {e}");
    }
}

/// Claims the podium of a tournament whose last round closed and posts
/// it (once, whatever the restarts), pinging every entrant who played.
pub(crate) async fn podium(http: &Http, data: &Data, r: &Read) -> Result<(), StoreError> {
    let id = r.t.id;
    let now = unix_now();
    if !data.store.call(move |s| s.claim_tournament_podium(id, now)).await? {
        return Ok(());
    }
    let lang = server_lang(data, Venue::from_guild(r.t.setup.guild), None).await;
    let lines: Vec<Standing> = lines(r).into_iter().map(|l| l.standing).collect();
    let entrants: Vec<UserId> = r.entrants.iter().filter(|e| e.checked_in).map(|e| UserId(e.user)).collect();
    let msg = words::podium(lang, &r.t.setup.name, &lines, &entrants);
    post(http, ChannelId(r.t.setup.channel), &msg).await;
    tracing::info!("tournament {id}: the podium is posted");
    Ok(())
}
