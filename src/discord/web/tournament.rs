//! A tournament's page, `GET /t/{key}` (the key made as a game's is, with
//! labels of its own: `live::page_key`): what the store holds of the
//! tournament (its setup, entrants, rounds and tables) made a
//! [`TournamentView`], the standings as its standings message counts
//! them (`live::tournament::standings`), the players' names as their games
//! know them, every table linked to its game's page. A request within its
//! address's budget, else 429; a key that names no tournament, or one of a
//! server that switched its pages off, the same 404 as a game's; the store
//! slow past the pages' wait, 503. A page is made at most once every
//! `tournament_kept::KEPT_FOR` per tournament, however many ask.

use super::site::{Busy, STORE_WAIT, Site, html, not_found, refused, within_budget};
use super::tournament_page::{Line, Outcome, RoundView, SeatView, State, TableView, TournamentView, tournament_page};
use crate::discord::game::ids::{UserId, Venue};
use crate::discord::game::tournament::points::Points;
use crate::discord::live::lang::server_lang;
use crate::discord::live::tournament::read::Read;
use crate::discord::live::tournament::standings::lines;
use crate::discord::view::lang::{Lang, tr};
use crate::store::StoreError;
use axum::extract::{ConnectInfo, Path, State as Axum};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddr;

/// What the store holds of a tournament, read as the runner reads it.
fn read(s: &mut crate::store::Store, id: i64) -> Result<Option<Read>, StoreError> {
    let Some(t) = s.tournament(id)? else { return Ok(None) };
    let entrants = s.tournament_entrants(id)?;
    Ok(Some(Read { t, entrants, rounds: s.tournament_rounds(id)?, tables: s.tournament_tables(id)? }))
}

pub(super) async fn tournament_route(
    Axum(site): Axum<Site>,
    Path(key): Path<String>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    if !within_budget(&site, peer, &headers) {
        return refused(StatusCode::TOO_MANY_REQUESTS);
    }
    let Some(id) = site.data.pages.keys().and_then(|k| k.tournament(&key)) else { return not_found() };
    if let Some(page) = site.tournament_pages.fresh(id) {
        return html(StatusCode::OK, page);
    }
    match made(&site, id).await {
        Ok(Some(page)) => {
            site.tournament_pages.keep(id, &page);
            html(StatusCode::OK, page)
        }
        Ok(None) => not_found(),
        Err(Busy) => refused(StatusCode::SERVICE_UNAVAILABLE),
    }
}

/// The page of tournament `id`, or `None` for a 404.
async fn made(site: &Site, id: i64) -> Result<Option<String>, Busy> {
    let stored = match site.store(move |s| read(s, id)).await? {
        Ok(Some(stored)) => stored,
        Ok(None) => return Ok(None),
        Err(e) => {
            tracing::warn!("tournament page: cannot read tournament {id}: {e}");
            return Err(Busy);
        }
    };
    let venue = Venue::from_guild(stored.t.setup.guild);
    let settings = site.data.servers.get(&site.data.store, venue);
    if !tokio::time::timeout(STORE_WAIT, settings).await.map_err(|_| Busy)?.pages_on {
        return Ok(None);
    }
    let lang = server_lang(&site.data, venue, None).await;
    let mut names = BTreeMap::new();
    let mut links = HashMap::new();
    for game in stored.tables.iter().filter_map(|t| t.game) {
        if let Some(table) = site.table_of(game.0).await? {
            names.extend(table.names.iter().map(|(u, n)| (*u, n.clone())));
        }
        if let Some(link) = site.data.pages.link(game.0) {
            links.insert(game.0, link);
        }
    }
    Ok(Some(tournament_page(lang, &view(lang, &stored, &names, &links))))
}

/// The page's view of what the store holds.
fn view(lang: Lang, s: &Read, names: &BTreeMap<UserId, String>, links: &HashMap<i64, String>) -> TournamentView {
    let order: HashMap<u64, usize> = s.entrants.iter().enumerate().map(|(i, e)| (e.user, i + 1)).collect();
    let name = |user: u64| {
        names
            .get(&UserId(user))
            .cloned()
            .unwrap_or_else(|| tr!(lang, "web-tournament-entrant", number = order.get(&user).copied().unwrap_or(0)))
    };
    let standings =
        lines(s).into_iter().map(|l| Line { name: name(l.standing.player.0), standing: l.standing }).collect();
    let mut rounds: Vec<RoundView> = s
        .rounds
        .iter()
        .map(|r| RoundView {
            number: r.round,
            deadline: r.deadline,
            finished: r.finished_at.is_some(),
            tables: s
                .tables
                .iter()
                .filter(|t| t.round == r.round)
                .map(|t| TableView {
                    number: t.table,
                    outcome: Outcome::of(t.decided.as_deref()),
                    link: t.game.and_then(|g| links.get(&g.0).cloned()),
                    seats: t
                        .seats
                        .iter()
                        .map(|seat| SeatView {
                            name: name(seat.user),
                            points: seat.points.map(Points),
                            won: seat.won,
                            no_show: seat.no_show,
                        })
                        .collect(),
                })
                .collect(),
        })
        .collect();
    rounds.sort_by_key(|r| std::cmp::Reverse(r.number));
    let setup = &s.t.setup;
    TournamentView {
        name: setup.name.clone(),
        rules: tr!(lang, "web-tournament-rules", ruleset = rules_name(&setup.ruleset, &setup.variant)),
        arena: setup.format == "arena",
        table_size: setup.table_size,
        rounds: setup.rounds,
        starts_at: setup.starts_at,
        state: State::of(&s.t.state),
        entrants: s.entrants.iter().filter(|e| e.withdrawn_at.is_none()).count(),
        standings,
        played: rounds,
    }
}

/// The rule set's word (`bell`, `tayam-sonalu`), from the stored JSON;
/// the variant's when it does not read.
fn rules_name(ruleset: &str, variant: &str) -> String {
    serde_json::from_str::<crate::engine::Ruleset>(ruleset).map_or_else(|_| variant.to_string(), |r| r.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{NewTournament, SavedEntrant, SavedRound, SavedSeat, SavedTable, SavedTournament};

    fn stored() -> Read {
        let setup = NewTournament {
            guild: 1,
            channel: 2,
            organiser: 3,
            name: "Cup".into(),
            variant: "bell".into(),
            ruleset: "not json".into(),
            format: "swiss".into(),
            table_size: 3,
            rounds: 2,
            round_secs: 3600,
            turn_timeout_secs: 60,
            starts_at: 100,
            late_join_rounds: 0,
            streak_bonus: false,
            created_at: 50,
        };
        let t = SavedTournament {
            id: 9,
            setup,
            state: "running".into(),
            signup_message: None,
            standings_message: None,
            podium_posted_at: None,
            finished_at: None,
        };
        let entrant = |user, withdrawn: Option<i64>| SavedEntrant {
            user,
            joined_at: 60,
            checked_in: true,
            rating: 1500,
            no_shows: 0,
            streak: 0,
            withdrawn_at: withdrawn,
        };
        let seat = |seat, user, points, won, no_show| SavedSeat { seat, user, points, won, no_show };
        let table = |table, decided: Option<&str>, seats| SavedTable {
            round: 1,
            table,
            thread: None,
            game: None,
            started_at: 100,
            finished_at: decided.map(|_| 200),
            decided: decided.map(String::from),
            seats,
        };
        Read {
            t,
            entrants: vec![entrant(11, None), entrant(12, None), entrant(13, Some(300)), entrant(14, None)],
            rounds: vec![SavedRound { round: 1, started_at: 100, deadline: 3700, finished_at: None }],
            tables: vec![
                table(
                    1,
                    Some("played"),
                    vec![
                        seat(0, 11, Some(300), true, false),
                        seat(1, 12, Some(150), false, false),
                        seat(2, 13, Some(0), false, true),
                    ],
                ),
                table(2, None, vec![seat(0, 14, None, false, false)]),
            ],
        }
    }

    #[test]
    fn the_view_counts_ended_tables_only_and_names_players_as_their_games_do() {
        let names = BTreeMap::from([(UserId(11), "Ann".to_string())]);
        let v = view(Lang::EN, &stored(), &names, &HashMap::new());
        let by_name: Vec<(&str, i64)> = v.standings.iter().map(|l| (l.name.as_str(), l.standing.points.0)).collect();
        assert_eq!(by_name[0], ("Ann", 300), "{by_name:?}");
        assert_eq!(by_name[1].1, 150);
        assert!(v.standings.iter().any(|l| l.standing.withdrawn), "the withdrawn entrant is marked");
        assert_eq!(v.entrants, 3, "withdrawn entrants are not counted");
        let unnamed = tr!(Lang::EN, "web-tournament-entrant", number = 2);
        assert_eq!(v.standings[1].name, unnamed, "a player no game named yet is her entrant number");
        let round = &v.played[0];
        assert_eq!(round.tables[0].outcome, Outcome::Played);
        assert_eq!(round.tables[1].outcome, Outcome::Playing);
        assert_eq!(round.tables[1].seats[0].points, None, "a table playing shows no points");
        assert_eq!(v.rules, "Thaayam (bell)", "a rule set that does not read is the variant's");
    }
}
