//! The HTML of the game pages, server-rendered so that they work without
//! JavaScript: a game's page (the board, the players, whose turn with the
//! clock, the series' throws, the whole story move by move; after the end
//! the replay step by step and the dice check), the board alone for a
//! streamer's overlay, the page of an unknown key, and the live updates
//! sent to open pages. Every word comes from the Fluent files, in the
//! game's language; the story's lines are the channel's own
//! ([`super::story`]). Plain functions of their input: the router's tests
//! read what they write.

use super::assets::Asset;
use super::line::{esc, insert, line_html, line_html_with, line_text};
use super::story::Move;
use crate::discord::game::table::{Player, Stage, Table};
use crate::discord::view::lang::{Lang, tr};
use crate::discord::view::picture::alt_text;
use crate::discord::view::words::{seat_name, seat_player_name};
use crate::engine::{Event, Phase, Seat};

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

/// The page's head, with its style sheet (`class`: the overlay's).
fn head(lang: Lang, title: &str, class: &str) -> String {
    let class = if class.is_empty() { String::new() } else { format!(" class=\"{class}\"") };
    format!(
        "<!doctype html>\n<html lang=\"{}\"{class}><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <meta name=\"referrer\" content=\"no-referrer\"><meta name=\"robots\" content=\"noindex\">\
         <title>{}</title><link rel=\"stylesheet\" href=\"{}\"></head>",
        lang.code(),
        esc(title),
        Asset::PageCss.href()
    )
}

/// A script of this site's, and the data it reads (JSON in a script
/// element browsers never run: no script is written into a page).
fn script(asset: Asset, data: Option<serde_json::Value>) -> String {
    let data = data.map(|d| {
        let json = d.to_string().replace("</", "<\\/");
        format!("<script type=\"application/json\" id=\"page-data\">{json}</script>")
    });
    format!("{}<script src=\"{}\"></script>", data.unwrap_or_default(), asset.href())
}

fn title(lang: Lang, t: &Table) -> String {
    tr!(lang, "web-title", game = t.id, ruleset = t.ruleset.to_string())
}

/// Where the game stands, in one line of HTML.
pub(crate) fn status_html(lang: Lang, t: &Table) -> String {
    match t.stage {
        Stage::Lobby => esc(&tr!(lang, "web-lobby", seated = t.lineup.len(), players = t.players)),
        Stage::Finished | Stage::Ended => {
            let mut out = esc(&tr!(lang, "web-ended"));
            if let Some(places) = t.final_places() {
                let names = names(lang, t);
                let mut order: Vec<Seat> = t.seats().iter().filter(|s| places[s.index()] > 0).collect();
                order.sort_by_key(|s| places[s.index()]);
                let lines: Vec<String> = order
                    .iter()
                    .map(|&s| {
                        let line = tr!(
                            lang,
                            "place-line",
                            place = places[s.index()],
                            name = insert(0),
                            seat = seat_name(lang, s)
                        );
                        format!("<li>{}</li>", line_html_with(t, &line, &[&names[s.index()]]))
                    })
                    .collect();
                out.push_str(&format!("<ul class=\"places\">{}</ul>", lines.concat()));
            }
            out
        }
        Stage::Playing => {
            let Some(seat) = t.to_act() else { return String::new() };
            let names = names(lang, t);
            let verb = match t.game_now().phase() {
                Phase::Opening { .. } => "opening",
                Phase::Throwing { .. } => "throw",
                _ => "move",
            };
            let line = tr!(lang, "to-act", seat = seat_name(lang, seat), who = insert(0), verb = verb, deadline = "");
            let mut out = line_html_with(t, &line, &[&names[seat.index()]]);
            if let Some(d) = t.deadline {
                let at = iso_time(d);
                let shown = format!("{} {} UTC", &at[..10], &at[11..16]);
                let time = format!("<time datetime=\"{at}\">{shown}</time>");
                out.push(' ');
                out.push_str(&esc(&tr!(lang, "web-deadline", time = "\u{1}")).replace('\u{1}', &time));
            }
            out
        }
    }
}

/// The throws of the series being played, in HTML.
pub(crate) fn series_html(lang: Lang, t: &Table) -> String {
    let throws: Vec<&str> = t.game_now().position().throws().as_slice().iter().map(|t| t.token()).collect();
    if throws.is_empty() { esc(&tr!(lang, "web-no-throws")) } else { esc(&throws.join(" · ")) }
}

/// The players, in HTML list items.
pub(crate) fn players_html(lang: Lang, t: &Table) -> String {
    let names = names(lang, t);
    if t.stage == Stage::Lobby {
        let seated: Vec<String> = t
            .lineup
            .iter()
            .map(|&p| match p {
                Player::Human(u) => t.names.get(&u).cloned().unwrap_or_else(|| "@".into()),
                Player::Computer(level) => crate::discord::view::words::computer_name(lang, level.name()),
            })
            .collect();
        return seated.iter().map(|n| format!("<li>{}</li>", esc(n))).collect();
    }
    t.seats()
        .iter()
        .map(|s| {
            let mark = if t.to_act() == Some(s) { " ◀" } else { "" };
            format!("<li><strong>{}</strong>: {}{mark}</li>", esc(&seat_name(lang, s)), esc(&names[s.index()]))
        })
        .collect()
}

/// The story's moves `from` on, as list items (numbered by the list).
pub(crate) fn story_items(t: &Table, moves: &[Move], from: usize, link: Option<&str>) -> Vec<String> {
    moves
        .iter()
        .enumerate()
        .skip(from)
        .map(|(i, m)| {
            let lines: Vec<String> = m.lines.iter().map(|l| line_html(t, l)).collect();
            let body = lines.join("<br>");
            match link {
                Some(key) => format!("<li id=\"m{}\"><a href=\"/g/{key}?step={}#board\">{body}</a></li>", i + 1, i + 1),
                None => format!("<li id=\"m{}\">{body}</li>", i + 1),
            }
        })
        .collect()
}

/// A game's page.
pub(crate) fn game_page(p: &GamePage<'_>) -> String {
    let GamePage { lang, key, t, moves, step, analysis } = *p;
    let over = matches!(t.stage, Stage::Finished | Stage::Ended);
    let step = step.filter(|_| over).map(|s| s.min(moves.len()));
    let mut body = String::new();
    body.push_str(&format!("<body data-seq=\"{}\"><main><h1>{}</h1>", t.seq, esc(&title(lang, t))));
    body.push_str(&format!("<div id=\"status\" aria-live=\"polite\">{}</div>", status_html(lang, t)));
    if t.stage != Stage::Lobby {
        let (src, alt) = match step {
            Some(s) => (format!("/g/{key}/board.png?step={s}"), step_alt(lang, t, moves, s)),
            None => (format!("/g/{key}/board.png?v={}", t.seq), alt_text(lang, t)),
        };
        body.push_str(&format!(
            "<figure id=\"board\"><img id=\"board-img\" src=\"{}\" alt=\"{}\" width=\"800\" height=\"800\"></figure>",
            esc(&src),
            esc(&alt)
        ));
    }
    if let Some(s) = step {
        body.push_str(&steps_nav(lang, key, s, moves.len()));
        if let Some(m) = s.checked_sub(1).and_then(|i| moves.get(i)) {
            let lines: Vec<String> = m.lines.iter().map(|l| line_html(t, l)).collect();
            body.push_str(&format!("<p id=\"step-lines\">{}</p>", lines.join("<br>")));
        }
    } else if over && !moves.is_empty() {
        body.push_str(&format!(
            "<nav class=\"steps\" aria-label=\"{}\"><a href=\"/g/{key}?step=0#board\">{}</a></nav>",
            esc(&tr!(lang, "web-replay")),
            esc(&tr!(lang, "web-replay"))
        ));
    }
    body.push_str(&format!(
        "<h2>{}</h2><ul id=\"players\">{}</ul>",
        esc(&tr!(lang, "web-players")),
        players_html(lang, t)
    ));
    if t.stage == Stage::Playing {
        body.push_str(&format!(
            "<h2>{}</h2><p id=\"series\">{}</p>",
            esc(&tr!(lang, "web-throws")),
            series_html(lang, t)
        ));
    }
    if analysis && over {
        body.push_str(&format!(
            "<h2>{}</h2><figure><img src=\"/g/{key}/analysis.png\" alt=\"{}\"></figure>",
            esc(&tr!(lang, "web-analysis")),
            esc(&tr!(lang, "web-analysis-alt"))
        ));
    }
    body.push_str(&dice_section(lang, t, over));
    let link = over.then_some(key);
    body.push_str(&format!(
        "<h2>{}</h2><ol id=\"story\">{}</ol>",
        esc(&tr!(lang, "web-story")),
        story_items(t, moves, 0, link).concat()
    ));
    if !over {
        body.push_str(&format!("<p class=\"muted\">{}</p>", esc(&tr!(lang, "web-live"))));
    }
    body.push_str("</main>");
    if over {
        body.push_str(&script(Asset::DiceJs, None));
        if step.is_some() {
            body.push_str(&script(Asset::StepJs, None));
        }
    } else {
        let data = serde_json::json!({ "events": format!("/g/{key}/events"), "seq": t.seq, "moves": moves.len() });
        body.push_str(&script(Asset::LiveJs, Some(data)));
    }
    body.push_str("</body></html>");
    format!("{}{body}", head(lang, &title(lang, t), ""))
}

/// The replay's links: back to the start, previous, where, next, the end.
fn steps_nav(lang: Lang, key: &str, step: usize, count: usize) -> String {
    let link = |to: usize, rel: &str, id: &str, word: String| {
        format!("<a id=\"{id}\" rel=\"{rel}\" href=\"/g/{key}?step={to}#board\">{}</a>", esc(&word))
    };
    let mut out = format!("<nav class=\"steps\" aria-label=\"{}\">", esc(&tr!(lang, "web-replay")));
    if step > 0 {
        out.push_str(&link(0, "first", "first", tr!(lang, "web-start")));
        out.push_str(&link(step - 1, "prev", "prev", tr!(lang, "web-previous")));
    }
    out.push_str(&format!(
        "<span id=\"where\" aria-live=\"polite\">{}</span>",
        esc(&tr!(lang, "web-step", step = step, count = count))
    ));
    if step < count {
        out.push_str(&link(step + 1, "next", "next", tr!(lang, "web-next")));
    }
    out.push_str(&format!("<a href=\"/g/{key}\">{}</a></nav>", esc(&tr!(lang, "web-board-now"))));
    out
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
fn dice_section(lang: Lang, t: &Table, over: bool) -> String {
    let commitment = t.commitment();
    let mut out = format!(
        "<h2>{}</h2><p>{} <code id=\"commitment\">{}</code></p>",
        esc(&tr!(lang, "web-dice")),
        esc(&tr!(lang, "web-commitment")),
        esc(&commitment)
    );
    if !over {
        out.push_str(&format!("<p class=\"muted\">{}</p>", esc(&tr!(lang, "web-seed-hidden"))));
        return out;
    }
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
    let data = serde_json::json!({
        "commitment": commitment,
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
    .to_string();
    let seed = t.seed_hex();
    out.push_str(&format!(
        "<form id=\"check\"><label for=\"seed\">{}</label>\
         <input id=\"seed\" name=\"seed\" value=\"{}\" spellcheck=\"false\" autocomplete=\"off\">\
         <button id=\"check-button\" type=\"button\">{}</button></form>",
        esc(&tr!(lang, "web-seed")),
        esc(&seed),
        esc(&tr!(lang, "web-check"))
    ));
    let note = match t.dice {
        crate::dice::Derivation::Sha256 => tr!(lang, "web-check-nojs"),
        other => tr!(lang, "web-check-legacy", derivation = other.name()),
    };
    out.push_str(&format!(
        "<div id=\"verdict\" aria-live=\"polite\"><p class=\"muted\">{}</p></div>\
         <div class=\"scroll\" id=\"throws\"></div>\
         <script type=\"application/json\" id=\"dice-data\">{}</script>",
        esc(&note),
        data.replace("</", "<\\/")
    ));
    out
}

/// The board alone, large, on a transparent background (a streamer's
/// browser source): the picture follows the game when scripts run.
pub(crate) fn overlay(lang: Lang, key: &str, t: &Table) -> String {
    let over = matches!(t.stage, Stage::Finished | Stage::Ended);
    let script = if over {
        String::new()
    } else {
        let data =
            serde_json::json!({ "events": format!("/g/{key}/events"), "seq": t.seq, "moves": 0, "overlay": true });
        script(Asset::LiveJs, Some(data))
    };
    format!(
        "{}<body data-seq=\"{}\"><img id=\"board-img\" src=\"/g/{key}/board.png?v={}\" alt=\"{}\">{script}</body></html>",
        head(lang, &title(lang, t), "overlay"),
        t.seq,
        t.seq,
        esc(&alt_text(lang, t))
    )
}

/// The page of a key that names no game (or a game whose server switched
/// its pages off: the same page, so nobody learns which).
pub(crate) fn not_found(lang: Lang) -> String {
    let title = tr!(lang, "web-not-found-title");
    format!(
        "{}<body><main><h1>{}</h1><p>{}</p></main></body></html>",
        head(lang, &title, ""),
        esc(&title),
        esc(&tr!(lang, "web-not-found"))
    )
}

/// The page that says a stream or a page was refused for load.
pub(crate) fn busy(lang: Lang) -> String {
    let text = tr!(lang, "web-busy");
    format!("{}<body><main><p>{}</p></main></body></html>", head(lang, &text, ""), esc(&text))
}

/// The data of a live update: the game at `seq`, the story's moves from
/// `from` on.
pub(crate) fn update_json(lang: Lang, key: &str, t: &Table, moves: &[Move], from: usize) -> String {
    let over = matches!(t.stage, Stage::Finished | Stage::Ended);
    serde_json::json!({
        "seq": t.seq,
        "board": format!("/g/{key}/board.png?v={}", t.seq),
        "alt": alt_text(lang, t),
        "status": status_html(lang, t),
        "players": players_html(lang, t),
        "series": series_html(lang, t),
        "from": from,
        "lines": story_items(t, moves, from, None),
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
            let status = status_html(Lang::EN, &t);
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
}
