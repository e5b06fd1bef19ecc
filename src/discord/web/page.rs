//! The HTML of the game pages, server-rendered so that they work without
//! JavaScript: a game's page (the board, the players, whose turn with the
//! clock, the series' throws, the whole story move by move; after the end
//! the replay step by step and the dice check), the board alone for a
//! streamer's overlay, the page of an unknown key, and the live updates
//! sent to open pages. Written with maud's `html!`, which escapes every
//! value put in; the one HTML put in as it is comes from [`super::line`]
//! (the story's and the status' lines, escaped there piece by piece) and
//! from [`json_script`]. Every word comes from the Fluent files, in the
//! game's language; the story's lines are the channel's own
//! ([`super::story`]). Plain functions of their input: the router's tests
//! read what they write.

use super::assets::Asset;
use super::line::{insert, line_html, line_html_with, line_text};
use super::marks::{StepMarks, badge, marks_html};
use super::story::Move;
use crate::discord::game::table::{Player, Stage, Table};
use crate::discord::view::lang::{Lang, tr};
use crate::discord::view::picture::alt_text;
use crate::discord::view::words::{seat_name, seat_player_name};
use crate::engine::{Event, Phase, Seat};
use maud::{Markup, PreEscaped, html};

/// What a game's page is made of.
pub(crate) struct GamePage<'a> {
    pub(crate) lang: Lang,
    pub(crate) key: &'a str,
    pub(crate) t: &'a Table,
    pub(crate) moves: &'a [Move],
    /// The replay's step shown (finished games), `None`: the game as it is.
    pub(crate) step: Option<usize>,
    /// A chart of the game's analysis is stored.
    pub(crate) analysis: bool,
    /// The replay's marks by move, from the stored review (empty: none;
    /// always empty while the game runs).
    pub(crate) marks: &'a [StepMarks],
}

/// The name shown for each seat: the player's name in Discord when the
/// table knows it, the computer's name, else the seat's name.
pub(crate) fn names(lang: Lang, t: &Table) -> [String; 4] {
    let mut out: [String; 4] = Default::default();
    for seat in t.seats().iter() {
        out[seat.index()] = match t.player(seat) {
            Some(Player::Human(u)) => t.names.get(&u).cloned().unwrap_or_else(|| seat_name(lang, seat)),
            Some(Player::Computer(_)) => seat_player_name(lang, t, seat),
            None => seat_name(lang, seat),
        };
    }
    out
}

/// A Unix time as `YYYY-MM-DDTHH:MMZ` (UTC).
pub(crate) fn iso_time(unix: i64) -> String {
    match chrono::DateTime::from_timestamp(unix, 0) {
        Some(at) => at.format("%Y-%m-%dT%H:%MZ").to_string(),
        None => String::new(),
    }
}

/// A line of the channel's words, or a status line, in a page. The
/// one place where HTML of ours that maud did not escape is put in as it
/// is: [`super::line`] escapes every piece of the line's text and of the
/// names itself and writes only the marks' own tags (`<strong>`, `<s>`).
fn line(html: String) -> Markup {
    PreEscaped(html)
}

/// The lines of a move of the story, one under the other.
fn move_lines(t: &Table, m: &Move) -> Markup {
    html! {
        @for (i, l) in m.lines.iter().enumerate() {
            @if i > 0 { br; }
            (line(line_html(t, l)))
        }
    }
}

/// The whole document: the head, with its style sheet (`class`: the
/// overlay's), then `body`.
pub(crate) fn document(lang: Lang, title: &str, class: Option<&str>, body: Markup) -> String {
    html! {
        // maud's DOCTYPE is written in capitals; the pages keep theirs.
        (PreEscaped("<!doctype html>\n"))
        html lang=(lang.code()) class=[class] {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width,initial-scale=1";
                meta name="referrer" content="no-referrer";
                meta name="robots" content="noindex";
                title { (title) }
                link rel="stylesheet" href=(Asset::PageCss.href());
            }
            (body)
        }
    }
    .into_string()
}

/// Data for a page's script: JSON in a script element that browsers never
/// run (no script is written into a page). A script element's text is not
/// HTML (maud's entities would not be read back), so serde's JSON is put in
/// as it is, with every `<` written `\u003c`: JSON reads the same, and no
/// `</script>` or `<!--` in it can end or change the element.
fn json_script(id: &str, data: &serde_json::Value) -> Markup {
    let json = data.to_string().replace('<', "\\u003c");
    html! { script type="application/json" id=(id) { (PreEscaped(json)) } }
}

/// A script of this site's, and the data it reads.
fn script(asset: Asset, data: Option<serde_json::Value>) -> Markup {
    html! {
        @if let Some(d) = data { (json_script("page-data", &d)) }
        script src=(asset.href()) {}
    }
}

fn title(lang: Lang, t: &Table) -> String {
    tr!(lang, "web-title", game = t.id, ruleset = t.ruleset.to_string())
}

/// Where the game stands, in one line of HTML.
pub(crate) fn status_html(lang: Lang, t: &Table) -> Markup {
    match t.stage {
        Stage::Lobby => html! { (tr!(lang, "web-lobby", seated = t.lineup.len(), players = t.players)) },
        Stage::Finished | Stage::Ended => html! {
            (tr!(lang, "web-ended"))
            @if let Some(places) = t.final_places() {
                ul class="places" { @for item in place_lines(lang, t, places) { li { (item) } } }
            }
        },
        Stage::Playing => {
            let Some(seat) = t.to_act() else { return html! {} };
            let names = names(lang, t);
            let verb = match t.game_now().phase() {
                Phase::Opening { .. } => "opening",
                Phase::Throwing { .. } => "throw",
                _ => "move",
            };
            let to_act = tr!(lang, "to-act", seat = seat_name(lang, seat), who = insert(0), verb = verb, deadline = "");
            html! {
                (line(line_html_with(t, &to_act, &[&names[seat.index()]])))
                @if let Some(d) = t.deadline { " " (deadline(lang, d)) }
            }
        }
    }
}

/// The players' places at the end, best first, each a line of HTML.
fn place_lines(lang: Lang, t: &Table, places: [u8; 4]) -> Vec<Markup> {
    let names = names(lang, t);
    let mut order: Vec<Seat> = t.seats().iter().filter(|s| places[s.index()] > 0).collect();
    order.sort_by_key(|s| places[s.index()]);
    order
        .iter()
        .map(|&s| {
            let place = tr!(lang, "place-line", place = places[s.index()], name = insert(0), seat = seat_name(lang, s));
            line(line_html_with(t, &place, &[&names[s.index()]]))
        })
        .collect()
}

/// When the turn runs out: a `<time>` in UTC, which the page's script
/// shows in the reader's own zone and language.
fn deadline(lang: Lang, unix: i64) -> Markup {
    let at = iso_time(unix);
    let shown = match (at.get(..10), at.get(11..16)) {
        (Some(day), Some(time)) => format!("{day} {time} UTC"),
        _ => String::new(),
    };
    let words = tr!(lang, "web-deadline", time = "\u{1}");
    let (before, after) = words.split_once('\u{1}').unwrap_or((&words, ""));
    html! { (before) time datetime=(at) { (shown) } (after) }
}

/// The throws of the series being played, in HTML.
pub(crate) fn series_html(lang: Lang, t: &Table) -> Markup {
    let throws: Vec<&str> = t.game_now().position().throws().as_slice().iter().map(|t| t.token()).collect();
    let text = if throws.is_empty() { tr!(lang, "web-no-throws") } else { throws.join(" · ") };
    html! { (text) }
}

/// The players, in HTML list items.
pub(crate) fn players_html(lang: Lang, t: &Table) -> Markup {
    if t.stage == Stage::Lobby {
        let seated = t.lineup.iter().map(|&p| match p {
            Player::Human(u) => t.names.get(&u).cloned().unwrap_or_else(|| "@".into()),
            Player::Computer(level) => crate::discord::view::words::computer_name(lang, level.name()),
        });
        return html! { @for name in seated { li { (name) } } };
    }
    let names = names(lang, t);
    html! {
        @for s in t.seats().iter() {
            li {
                strong { (seat_name(lang, s)) } ": " (names[s.index()])
                @if t.to_act() == Some(s) { " ◀" }
            }
        }
    }
}

/// The story's moves `from` on, as list items (numbered by the list).
pub(crate) fn story_items(t: &Table, moves: &[Move], from: usize, link: Option<&str>) -> Vec<Markup> {
    marked_items(Lang::EN, t, moves, from, link, &[])
}

/// [`story_items`], each with its decision's label when `marks` has one.
fn marked_items(
    lang: Lang,
    t: &Table,
    moves: &[Move],
    from: usize,
    link: Option<&str>,
    marks: &[StepMarks],
) -> Vec<Markup> {
    moves
        .iter()
        .enumerate()
        .skip(from)
        .map(|(i, m)| {
            let n = i + 1;
            html! {
                li id={ "m" (n) } {
                    @if let Some(key) = link {
                        a href={ "/g/" (key) "?step=" (n) "#board" } { (move_lines(t, m)) }
                    } @else {
                        (move_lines(t, m))
                    }
                    @if let Some(mark) = marks.get(i) { (badge(lang, mark)) }
                }
            }
        })
        .collect()
}

/// A game's page.
pub(crate) fn game_page(p: &GamePage<'_>) -> String {
    let GamePage { lang, key, t, moves, step, analysis, marks } = *p;
    let over = matches!(t.stage, Stage::Finished | Stage::Ended);
    let marks = if over { marks } else { &[] };
    let step = step.filter(|_| over).map(|s| s.min(moves.len()));
    let title = title(lang, t);
    let scripts = if over {
        html! { (script(Asset::DiceJs, None)) @if step.is_some() { (script(Asset::StepJs, None)) } }
    } else {
        let data = serde_json::json!({ "events": format!("/g/{key}/events"), "seq": t.seq, "moves": moves.len() });
        script(Asset::LiveJs, Some(data))
    };
    let body = html! {
        body data-seq=(t.seq) {
            main {
                h1 { (title) }
                div id="status" aria-live="polite" { (status_html(lang, t)) }
                (board_part(p, step, over))
                h2 { (tr!(lang, "web-players")) }
                ul id="players" { (players_html(lang, t)) }
                @if t.stage == Stage::Playing {
                    h2 { (tr!(lang, "web-throws")) }
                    p id="series" { (series_html(lang, t)) }
                }
                @if analysis && over {
                    h2 { (tr!(lang, "web-analysis")) }
                    figure { img src={ "/g/" (key) "/analysis.png" } alt=(tr!(lang, "web-analysis-alt")); }
                }
                (dice_section(lang, t, over))
                h2 { (tr!(lang, "web-story")) }
                ol id="story" { @for item in marked_items(lang, t, moves, 0, over.then_some(key), marks) { (item) } }
                @if !over { p class="muted" { (tr!(lang, "web-live")) } }
            }
            (scripts)
        }
    };
    document(lang, &title, None, body)
}

/// The board (the game now, or the replay's step) and the replay's links.
fn board_part(p: &GamePage<'_>, step: Option<usize>, over: bool) -> Markup {
    let GamePage { lang, key, t, moves, marks, .. } = *p;
    let (src, alt) = match step {
        Some(s) => (format!("/g/{key}/board.png?step={s}"), step_alt(lang, t, moves, s)),
        None => (format!("/g/{key}/board.png?v={}", t.seq), alt_text(lang, t)),
    };
    let shown = step.and_then(|s| s.checked_sub(1)).and_then(|i| moves.get(i));
    let replay = tr!(lang, "web-replay");
    html! {
        @if t.stage != Stage::Lobby {
            figure id="board" { img id="board-img" src=(src) alt=(alt) width="800" height="800"; }
        }
        @if let Some(s) = step {
            (steps_nav(lang, key, s, moves.len()))
            @if let Some(m) = shown { p id="step-lines" { (move_lines(t, m)) } }
            @if let Some(mark) = s.checked_sub(1).and_then(|i| marks.get(i)) { (marks_html(lang, key, s, mark, (&alt, &names(lang, t)))) }
        } @else if over && !moves.is_empty() {
            nav class="steps" aria-label=(replay) { a href={ "/g/" (key) "?step=0#board" } { (replay) } }
        }
    }
}

/// The replay's links: back to the start, previous, where, next, the end.
fn steps_nav(lang: Lang, key: &str, step: usize, count: usize) -> Markup {
    let link = |to: usize, rel: &str, word: String| {
        html! { a id=(rel) rel=(rel) href={ "/g/" (key) "?step=" (to) "#board" } { (word) } }
    };
    html! {
        nav class="steps" aria-label=(tr!(lang, "web-replay")) {
            @if step > 0 {
                (link(0, "first", tr!(lang, "web-start")))
                (link(step - 1, "prev", tr!(lang, "web-previous")))
            }
            span id="where" aria-live="polite" { (tr!(lang, "web-step", step = step, count = count)) }
            @if step < count { (link(step + 1, "next", tr!(lang, "web-next"))) }
            a href={ "/g/" (key) } { (tr!(lang, "web-board-now")) }
        }
    }
}

/// The text alternative of the replay's board at a step: the move's words.
fn step_alt(lang: Lang, t: &Table, moves: &[Move], step: usize) -> String {
    let mut parts = vec![tr!(lang, "web-step", step = step, count = moves.len())];
    if let Some(m) = step.checked_sub(1).and_then(|i| moves.get(i)) {
        parts.extend(m.lines.iter().map(|l| line_text(t, l)));
    }
    parts.join(" ")
}

/// The fair-dice part: the commitment while the game runs (never the seed,
/// never a throw to come); after the end, the seed and the check that the
/// page's script makes with the browser's SHA-256.
fn dice_section(lang: Lang, t: &Table, over: bool) -> Markup {
    let commitment = html! {
        h2 { (tr!(lang, "web-dice")) }
        p { (tr!(lang, "web-commitment")) " " code id="commitment" { (t.commitment()) } }
    };
    if !over {
        return html! { (commitment) p class="muted" { (tr!(lang, "web-seed-hidden")) } };
    }
    let note = match t.dice {
        crate::dice::Derivation::Sha256 => tr!(lang, "web-check-nojs"),
        other => tr!(lang, "web-check-legacy", derivation = other.name()),
    };
    html! {
        (commitment)
        form id="check" {
            label for="seed" { (tr!(lang, "web-seed")) }
            input id="seed" name="seed" value=(t.seed_hex()) spellcheck="false" autocomplete="off";
            button id="check-button" type="button" { (tr!(lang, "web-check")) }
        }
        div id="verdict" aria-live="polite" { p class="muted" { (note) } }
        div class="scroll" id="throws" {}
        (json_script("dice-data", &dice_data(lang, t)))
    }
}

/// What the dice check of a finished game reads: the commitment, how the
/// seed gives the throws, the throws played, and its words.
fn dice_data(lang: Lang, t: &Table) -> serde_json::Value {
    let throws: Vec<&str> = t
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Throw { t } => Some(t.token()),
            Event::Act { .. } => None,
        })
        .collect();
    let dice = t.ruleset.rules().dice;
    let table: Vec<&str> = (0..dice.total).map(|r| dice.throw_for(r).token()).collect();
    serde_json::json!({
        "commitment": t.commitment(),
        "derivation": t.dice.name(),
        "table": table,
        "throws": throws,
        "words": {
            "seedOk": tr!(lang, "web-check-seed-ok"),
            "seedBad": tr!(lang, "web-check-seed-bad"),
            "throwsOk": tr!(lang, "web-check-throws-ok", count = throws.len()),
            "throwsBad": tr!(lang, "web-check-throws-bad", count = "{n}"),
            "played": tr!(lang, "web-throw-played"),
            "derived": tr!(lang, "web-throw-derived"),
            "hash": tr!(lang, "web-check-hash"),
        },
    })
}

/// The board alone, large, on a transparent background (a streamer's
/// browser source): the picture follows the game when scripts run.
pub(crate) fn overlay(lang: Lang, key: &str, t: &Table) -> String {
    let over = matches!(t.stage, Stage::Finished | Stage::Ended);
    let data = serde_json::json!({ "events": format!("/g/{key}/events"), "seq": t.seq, "moves": 0, "overlay": true });
    let body = html! {
        body data-seq=(t.seq) {
            img id="board-img" src={ "/g/" (key) "/board.png?v=" (t.seq) } alt=(alt_text(lang, t));
            @if !over { (script(Asset::LiveJs, Some(data))) }
        }
    };
    document(lang, &title(lang, t), Some("overlay"), body)
}

/// The page of a key that names no game (or a game whose server switched
/// its pages off: the same page, so nobody learns which).
pub(crate) fn not_found(lang: Lang) -> String {
    let title = tr!(lang, "web-not-found-title");
    let body = html! { body { main { h1 { (title) } p { (tr!(lang, "web-not-found")) } } } };
    document(lang, &title, None, body)
}

/// The page that says a stream or a page was refused for load.
pub(crate) fn busy(lang: Lang) -> String {
    let text = tr!(lang, "web-busy");
    document(lang, &text, None, html! { body { main { p { (text) } } } })
}

/// The data of a live update: the game at `seq`, the story's moves from
/// `from` on.
pub(crate) fn update_json(lang: Lang, key: &str, t: &Table, moves: &[Move], from: usize) -> String {
    let over = matches!(t.stage, Stage::Finished | Stage::Ended);
    let lines: Vec<String> = story_items(t, moves, from, None).into_iter().map(Markup::into_string).collect();
    serde_json::json!({
        "seq": t.seq,
        "board": format!("/g/{key}/board.png?v={}", t.seq),
        "alt": alt_text(lang, t),
        "status": status_html(lang, t).into_string(),
        "players": players_html(lang, t).into_string(),
        "series": series_html(lang, t).into_string(),
        "from": from,
        "lines": lines,
        "over": over,
    })
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::discord::game::ids::UserId;
    use crate::discord::game::intent::{Actor, Intent};
    use crate::discord::game::session;

    /// Text as maud's `html!` writes it.
    fn esc(s: &str) -> String {
        html! { (s) }.into_string()
    }

    /// A game of users 10 and 11 under way, with their names.
    fn playing(ten: &str, eleven: &str) -> Table {
        let mut t = crate::discord::game::table::kit::lobby(2, crate::engine::Variant::Bell);
        session::handle(&mut t, Actor { user: UserId(11), moderator: false }, Intent::Join, None, 0).expect("join");
        session::handle(&mut t, Actor { user: UserId(10), moderator: false }, Intent::Start, None, 0).expect("start");
        t.names.insert(UserId(10), ten.into());
        t.names.insert(UserId(11), eleven.into());
        t
    }

    #[test]
    fn the_status_line_shows_names_as_written_and_marks_only_of_its_words() {
        for name in ["<@10>", "<@11>", "**", "~~a", "<b>&", "\u{E000}"] {
            let t = playing(name, name);
            let status = status_html(Lang::EN, &t).into_string();
            let seat = t.to_act().expect("someone on turn");
            assert!(status.contains(&format!("<strong>{}</strong>", esc(&seat_name(Lang::EN, seat)))), "{status}");
            assert!(status.contains(&format!("({})", esc(name))), "{name}: {status}");
            assert_eq!(status.matches("<strong>").count(), 1, "{status}");
            assert!(!status.contains("<s>") && !status.contains("<b>"), "{status}");
        }
    }

    #[test]
    fn times_are_written_in_utc() {
        assert_eq!(iso_time(0), "1970-01-01T00:00Z");
        assert_eq!(iso_time(1_795_000_000), "2026-11-18T11:06Z");
        assert_eq!(iso_time(951_782_400), "2000-02-29T00:00Z");
    }

    /// A name with everything HTML reads in text and in attributes.
    const NASTY: &str = "<script>alert(\"x\")</script> & 'q' \"";

    /// What no page may hold: the name's HTML as it was written.
    fn unescaped(page: &str) -> bool {
        page.contains("<script>alert") || page.contains("alert(\"x") || page.contains("& 'q'")
    }

    /// Every script element of a page: a file of the site's, or data.
    fn scripts_are_files_or_data(page: &str) {
        for (i, _) in page.match_indices("<script") {
            let tag = &page[i..];
            assert!(
                tag.starts_with("<script src=\"/assets/") || tag.starts_with("<script type=\"application/json\""),
                "an inline script: {}",
                &tag[..tag.len().min(80)]
            );
        }
    }

    #[test]
    fn names_are_escaped_by_default_in_text_and_attributes_of_the_page_and_its_updates() {
        let mut t = playing(NASTY, NASTY);
        t.deadline = Some(1_795_000_000);
        let moves = crate::discord::web::story::moves(Lang::EN, &t);
        let page = game_page(&GamePage {
            lang: Lang::EN,
            key: "k",
            t: &t,
            moves: &moves,
            step: None,
            analysis: false,
            marks: &[],
        });
        assert!(!unescaped(&page), "{page}");
        let text = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; 'q' &quot;";
        assert!(page.contains(&format!("</strong>: {text}")), "the players list: {page}");
        let alt = page.split("alt=\"").nth(1).and_then(|a| a.split('"').next()).expect("the board's alt");
        assert!(alt.contains(text), "the board's text alternative, an attribute: {alt}");
        scripts_are_files_or_data(&page);
        assert!(page.contains("<time datetime=\"2026-11-18T11:06Z\">2026-11-18 11:06 UTC</time>"), "{page}");
        let overlay = overlay(Lang::EN, "k", &t);
        assert!(!unescaped(&overlay) && overlay.contains(text), "{overlay}");
        scripts_are_files_or_data(&overlay);
        // What the open pages and the Activity put in with innerHTML.
        let update: serde_json::Value = serde_json::from_str(&update_json(Lang::EN, "k", &t, &moves, 0)).expect("json");
        let lines = update["lines"].as_array().expect("the story's lines");
        assert!(!lines.is_empty(), "{update}");
        for part in [&update["status"], &update["players"]].into_iter().chain(lines) {
            let html = part.as_str().expect("HTML");
            assert!(!unescaped(html) && !html.contains("<script"), "{html}");
        }
        assert!(update["players"].as_str().is_some_and(|p| p.contains(text)), "{update}");
    }

    #[test]
    fn a_finished_games_dice_data_cannot_end_its_script_element() {
        let mut t = playing(NASTY, NASTY);
        let _ = session::handle(&mut t, Actor { user: UserId(10), moderator: true }, Intent::End, None, 0);
        let over = matches!(t.stage, Stage::Finished | Stage::Ended);
        assert!(over, "{:?}", t.stage);
        let json = json_script("dice-data", &serde_json::json!({ "a": "</script><!--<script>" })).into_string();
        assert_eq!(
            json,
            "<script type=\"application/json\" id=\"dice-data\">{\"a\":\"\\u003c/script>\\u003c!--\\u003cscript>\"}</script>"
        );
        let page = game_page(&GamePage {
            lang: Lang::EN,
            key: "k",
            t: &t,
            moves: &[],
            step: Some(0),
            analysis: true,
            marks: &[],
        });
        assert!(!unescaped(&page), "{page}");
        scripts_are_files_or_data(&page);
        assert!(page.contains(&format!("value=\"{}\"", t.seed_hex())), "the seed, once the game is over");
    }
}
