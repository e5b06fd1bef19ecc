//! The HTML of a tournament's page (`/t/{key}`): its setup, the
//! standings with their tie-break, and every round's tables latest first,
//! each with its players, their points once it ended, how it ended
//! (played, decided at the deadline by expected points, a bye) and a link
//! to its game's page; while it runs the page reloads itself every
//! [`RELOAD_SECS`]. Plain functions of a [`TournamentView`] (what the route
//! read, names put in), written with maud, which escapes every value.

use super::page::{document, iso_time};
use crate::discord::game::tournament::points::Points;
use crate::discord::game::tournament::standings::Standing;
use crate::discord::view::lang::{Lang, tr};
use maud::{Markup, html};

/// How often a running tournament's page reloads itself.
pub(crate) const RELOAD_SECS: u32 = 20;

/// Where a tournament stands, for its page.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum State {
    SignUp,
    Running,
    Finished,
    Cancelled,
}

impl State {
    /// The store's word for it (`signup`, `running`, `finished`, `cancelled`).
    pub(crate) fn of(stored: &str) -> State {
        match stored {
            "running" => State::Running,
            "finished" => State::Finished,
            "cancelled" => State::Cancelled,
            _ => State::SignUp,
        }
    }
}

/// A line of the standings: the pure core's, with the player's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Line {
    pub(crate) name: String,
    pub(crate) standing: Standing,
}

/// A seat at a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SeatView {
    pub(crate) name: String,
    /// Once the table ended.
    pub(crate) points: Option<Points>,
    pub(crate) won: bool,
    pub(crate) no_show: bool,
}

/// How a table stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    Playing,
    Played,
    /// Decided at the round's deadline by expected points.
    Deadline,
    Bye,
    Cancelled,
}

impl Outcome {
    /// From the store's `decided` (`None`: still playing).
    pub(crate) fn of(decided: Option<&str>) -> Outcome {
        match decided {
            None => Outcome::Playing,
            Some("deadline") => Outcome::Deadline,
            Some("bye") => Outcome::Bye,
            Some("cancelled") => Outcome::Cancelled,
            Some(_) => Outcome::Played,
        }
    }
}

/// A table of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TableView {
    pub(crate) number: u32,
    pub(crate) outcome: Outcome,
    /// Its game's page (`/g/{key}`), when it has a game.
    pub(crate) link: Option<String>,
    pub(crate) seats: Vec<SeatView>,
}

/// A round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RoundView {
    pub(crate) number: u32,
    pub(crate) deadline: i64,
    pub(crate) finished: bool,
    pub(crate) tables: Vec<TableView>,
}

/// Everything a tournament's page shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TournamentView {
    pub(crate) name: String,
    /// The rule set's name as games show it.
    pub(crate) rules: String,
    pub(crate) arena: bool,
    pub(crate) table_size: u32,
    pub(crate) rounds: u32,
    pub(crate) starts_at: i64,
    pub(crate) state: State,
    pub(crate) entrants: usize,
    pub(crate) standings: Vec<Line>,
    /// Latest first.
    pub(crate) played: Vec<RoundView>,
}

/// Points as the language writes them (`1,5` in French).
fn points(lang: Lang, p: Points) -> String {
    let mark = tr!(lang, "decimal-mark");
    p.shown().replace('.', &mark)
}

/// The page.
pub(crate) fn tournament_page(lang: Lang, t: &TournamentView) -> String {
    let state = match t.state {
        State::SignUp => tr!(lang, "web-tournament-signup", entrants = t.entrants),
        State::Running => tr!(lang, "web-tournament-running"),
        State::Finished => tr!(lang, "web-tournament-finished"),
        State::Cancelled => tr!(lang, "web-tournament-cancelled"),
    };
    let format = if t.arena {
        tr!(lang, "web-tournament-arena", size = t.table_size)
    } else {
        tr!(lang, "web-tournament-swiss", size = t.table_size, rounds = t.rounds)
    };
    let body = html! {
        body {
            main.tournament {
                h1 { (t.name) }
                p.setup { (t.rules) " · " (format) }
                p.status {
                    (state) " "
                    time datetime=(iso_time(t.starts_at)) { (tr!(lang, "web-tournament-start", time = iso_time(t.starts_at))) }
                }
                @if t.state == State::Running {
                    p.live { (tr!(lang, "web-tournament-live", secs = RELOAD_SECS)) }
                }
                @if !t.standings.is_empty() { (standings(lang, &t.standings)) }
                @for round in &t.played { (round_part(lang, t.arena, round)) }
            }
        }
    };
    let title = tr!(lang, "web-tournament-title", name = t.name.as_str());
    let page = document(lang, &title, Some("tournament-page"), body);
    if t.state != State::Running {
        return page;
    }
    // A reload of its own while it runs (no script needed); a refresh
    // is no script, so the pages' policy lets it be.
    let reload = format!("<meta http-equiv=\"refresh\" content=\"{RELOAD_SECS}\">");
    page.replacen("<head>", &format!("<head>{reload}"), 1)
}

fn standings(lang: Lang, lines: &[Line]) -> Markup {
    html! {
        section.standings {
            h2 { (tr!(lang, "web-tournament-standings")) }
            p.tie-break { (tr!(lang, "web-tournament-tie-break")) }
            table {
                thead { tr {
                    th scope="col" { "#" }
                    th scope="col" { (tr!(lang, "web-tournament-player")) }
                    (short_th(lang, "web-tournament-points", "web-tournament-points-short"))
                    (short_th(lang, "web-tournament-games", "web-tournament-games-short"))
                    (short_th(lang, "web-tournament-wins", "web-tournament-wins-short"))
                    (short_th(lang, "web-tournament-opponents", "web-tournament-opponents-short"))
                } }
                tbody {
                    @for Line { name, standing: l } in lines {
                        tr.withdrawn[l.withdrawn] {
                            td { (l.place) }
                            td {
                                (name)
                                @if l.withdrawn { " " small { (tr!(lang, "web-tournament-withdrawn")) } }
                            }
                            td { (points(lang, l.points)) }
                            td { (l.games) }
                            td { (l.wins) }
                            td { (points(lang, l.opponents)) }
                        }
                    }
                }
            }
        }
    }
}

/// A column's heading in its short form (a phone's width holds six
/// columns), the whole word given to screen readers and on hover.
fn short_th(lang: Lang, whole: &str, short: &str) -> Markup {
    let whole = lang.format(whole, None);
    html! { th scope="col" abbr=(whole) { abbr title=(whole) { (lang.format(short, None)) } } }
}

fn round_part(lang: Lang, arena: bool, round: &RoundView) -> Markup {
    let heading = if arena {
        tr!(lang, "web-tournament-arena-games")
    } else {
        tr!(lang, "web-tournament-round", round = round.number)
    };
    html! {
        section.round {
            h2 { (heading) }
            @if !round.finished {
                @let time = iso_time(round.deadline);
                p {
                    @if arena { (tr!(lang, "web-tournament-arena-ends", time = time)) }
                    @else { (tr!(lang, "web-tournament-deadline", time = time)) }
                }
            }
            ol.tables {
                @for table in &round.tables { li { (table_part(lang, table)) } }
            }
        }
    }
}

fn table_part(lang: Lang, table: &TableView) -> Markup {
    let outcome = match table.outcome {
        Outcome::Playing => tr!(lang, "web-tournament-playing"),
        Outcome::Played => tr!(lang, "web-tournament-played"),
        Outcome::Deadline => tr!(lang, "web-tournament-decided"),
        Outcome::Bye => tr!(lang, "web-tournament-bye"),
        Outcome::Cancelled => tr!(lang, "web-tournament-table-cancelled"),
    };
    let name = tr!(lang, "web-tournament-table", table = table.number);
    html! {
        @if let Some(link) = &table.link { a href=(link) { (name) } } @else { (name) }
        " · " (outcome)
        ul.seats {
            @for s in &table.seats {
                li.won[s.won] {
                    (s.name)
                    @if let Some(p) = s.points { ": " strong { (points(lang, p)) } }
                    @if s.no_show { " " small { (tr!(lang, "web-tournament-no-show")) } }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(place: usize, name: &str, points: i64, wins: u32, opponents: Points, withdrawn: bool) -> Line {
        let standing = Standing {
            place,
            player: crate::discord::game::ids::UserId(place as u64),
            points: Points(points),
            games: 2,
            wins,
            byes: 0,
            opponents,
            withdrawn,
        };
        Line { name: name.into(), standing }
    }

    fn view(state: State) -> TournamentView {
        let seat = |name: &str, p: Option<i64>, won: bool, no_show: bool| SeatView {
            name: name.into(),
            points: p.map(Points),
            won,
            no_show,
        };
        TournamentView {
            name: "Friday <Cup>".into(),
            rules: "Thaayam (Bell)".into(),
            arena: false,
            table_size: 3,
            rounds: 3,
            starts_at: 1_800_000_000,
            state,
            entrants: 7,
            standings: vec![line(1, "Ann", 350, 1, Points(200), false), line(2, "Bo", 0, 0, Points(550), true)],
            played: vec![RoundView {
                number: 2,
                deadline: 1_800_003_600,
                finished: false,
                tables: vec![
                    TableView {
                        number: 1,
                        outcome: Outcome::Deadline,
                        link: Some("https://t.example/g/KEY".into()),
                        seats: vec![seat("Ann", Some(150), true, false), seat("Bo", Some(0), false, true)],
                    },
                    TableView {
                        number: 2,
                        outcome: Outcome::Playing,
                        link: None,
                        seats: vec![seat("Cy", None, false, false)],
                    },
                ],
            }],
        }
    }

    #[test]
    fn the_page_shows_standings_tables_and_links_escaped_and_reloads_only_while_running() {
        let en = Lang::EN;
        let page = tournament_page(en, &view(State::Running));
        assert!(page.contains("Friday &lt;Cup&gt;") && !page.contains("<Cup>"), "escaped: {page}");
        assert!(page.contains("http-equiv=\"refresh\""), "a running tournament reloads");
        for want in ["Ann", "3.5", "1.5", "href=\"https://t.example/g/KEY\"", "Round 2", "Table 1", "Table 2"] {
            assert!(page.contains(want), "{want} in {page}");
        }
        assert!(page.contains(&tr!(en, "web-tournament-decided")), "the deadline's decision is named");
        assert!(page.contains(&tr!(en, "web-tournament-no-show")), "a no-show is named");
        assert!(page.contains(&tr!(en, "web-tournament-withdrawn")), "a withdrawal is named");
        let over = tournament_page(en, &view(State::Finished));
        assert!(!over.contains("http-equiv=\"refresh\""), "a finished tournament stays still");
        let fr = Lang::from_code("fr").expect("French");
        assert!(tournament_page(fr, &view(State::Finished)).contains("3,5"), "French points take a comma");
    }

    #[test]
    fn the_store_s_words_map_to_states_and_outcomes() {
        assert_eq!(State::of("running"), State::Running);
        assert_eq!(State::of("signup"), State::SignUp);
        assert_eq!(Outcome::of(None), Outcome::Playing);
        assert_eq!(Outcome::of(Some("deadline")), Outcome::Deadline);
        assert_eq!(Outcome::of(Some("played")), Outcome::Played);
        assert_eq!(Outcome::of(Some("bye")), Outcome::Bye);
    }
}
