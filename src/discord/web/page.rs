//! The HTML of the game pages, server-rendered so that they work without
//! JavaScript: a game's page (the board, the players, whose turn with the
//! clock, the series' throws, the whole story move by move; after the end
//! the replay step by step and the dice check), the board alone for a
//! streamer's overlay, the page of an unknown key, and the live updates
//! sent to open pages. Every word comes from the Fluent files, in the
//! game's language; the story's lines are the channel's own
//! ([`super::story`]). Plain functions of their input: the router's tests
//! read what they write.

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
    let (days, secs) = (unix.div_euclid(86_400), unix.rem_euclid(86_400));
    // Howard Hinnant's days-to-civil.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}Z", secs / 3600, secs % 3600 / 60)
}

const STYLE: &str = "*{box-sizing:border-box}\
html{-webkit-text-size-adjust:100%}\
body{margin:0;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans Tamil',sans-serif;\
color:#1b1b1b;background:#fff;overflow-wrap:anywhere}\
main{max-width:46rem;margin:0 auto;padding:0.75rem}\
h1{font-size:1.35rem;margin:0.25rem 0 0.5rem}h2{font-size:1.1rem;margin:1.25rem 0 0.25rem}\
figure{margin:0.5rem 0}img{max-width:100%;height:auto;display:block}\
code{font-size:0.85em;word-break:break-all;background:#f0f0f0;padding:0 0.2em}\
a{color:#0b57a4}a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid #0b57a4;outline-offset:2px}\
ol,ul{padding-left:1.6rem}li{margin:0.15rem 0}\
.muted{color:#4a4a4a}.bad{color:#a40000;font-weight:bold}.ok{color:#1b5e20;font-weight:bold}\
nav.steps{display:flex;flex-wrap:wrap;gap:0.5rem 1rem;align-items:center;margin:0.5rem 0}\
nav.steps a{padding:0.35rem 0.6rem;border:1px solid #0b57a4;border-radius:4px;text-decoration:none}\
table{border-collapse:collapse;font-size:0.9rem}td,th{border:1px solid #767676;padding:0.1rem 0.4rem;text-align:center}\
input{font:inherit;width:100%;max-width:40rem}button{font:inherit;padding:0.3rem 0.8rem;margin-top:0.3rem}\
.scroll{max-width:100%;overflow-x:auto}ul.places{list-style:none;padding-left:0}li.now{background:#fff3c4}";

fn head(lang: Lang, title: &str, extra_style: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <meta name=\"referrer\" content=\"no-referrer\"><meta name=\"robots\" content=\"noindex\">\
         <title>{}</title><style>{STYLE}{extra_style}</style></head>",
        lang.code(),
        esc(title)
    )
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
        body.push_str(&format!("<script>{DICE_SCRIPT}</script>"));
        if step.is_some() {
            body.push_str(&format!("<script>{STEP_SCRIPT}</script>"));
        }
    } else {
        body.push_str(&format!(
            "<script>window.THAAYAM={{events:\"/g/{key}/events\",seq:{},moves:{}}};{LIVE_SCRIPT}</script>",
            t.seq,
            moves.len()
        ));
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
    let throws: Vec<String> = t
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Throw { t } => Some(format!("\"{}\"", t.token())),
            Event::Act { .. } => None,
        })
        .collect();
    let dice = t.ruleset.rules().dice;
    let table: Vec<String> = (0..dice.total).map(|r| format!("\"{}\"", dice.throw_for(r).token())).collect();
    let words = [
        ("seedOk", tr!(lang, "web-check-seed-ok")),
        ("seedBad", tr!(lang, "web-check-seed-bad")),
        ("throwsOk", tr!(lang, "web-check-throws-ok", count = throws.len())),
        ("throwsBad", tr!(lang, "web-check-throws-bad", count = "{n}")),
        ("played", tr!(lang, "web-throw-played")),
        ("derived", tr!(lang, "web-throw-derived")),
        ("hash", tr!(lang, "web-check-hash")),
    ];
    let words: Vec<String> =
        words.iter().map(|(k, v)| format!("\"{k}\":{}", serde_json::Value::String(v.clone()))).collect();
    let data = format!(
        "{{\"commitment\":\"{commitment}\",\"derivation\":\"{}\",\"table\":[{}],\"throws\":[{}],\"words\":{{{}}}}}",
        t.dice.name(),
        table.join(","),
        throws.join(","),
        words.join(",")
    );
    let seed = t.seed_hex();
    out.push_str(&format!(
        "<form id=\"check\" onsubmit=\"return false\"><label for=\"seed\">{}</label>\
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
        format!(
            "<script>window.THAAYAM={{events:\"/g/{key}/events\",seq:{},moves:0,overlay:true}};{LIVE_SCRIPT}</script>",
            t.seq
        )
    };
    format!(
        "{}<body data-seq=\"{}\"><img id=\"board-img\" src=\"/g/{key}/board.png?v={}\" alt=\"{}\">{script}</body></html>",
        head(
            lang,
            &title(lang, t),
            "html,body{background:transparent;margin:0;overflow:hidden}img{width:100vmin;height:100vmin;margin:auto}"
        ),
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

/// The page's live part: follows the game's server-sent events (the board,
/// whose turn, the series, the new lines of the story), and reloads for
/// the end (to show the seed and the replay) or when told to refresh.
const LIVE_SCRIPT: &str = r#"(function(){var T=window.THAAYAM;if(!window.EventSource)return;
var es=new EventSource(T.events+'?since='+T.seq);
function set(id,html){var e=document.getElementById(id);if(e&&html!==undefined)e.innerHTML=html;}
es.addEventListener('change',function(ev){var u;try{u=JSON.parse(ev.data);}catch(e){return;}
if(u.over&&!T.overlay){es.close();location.reload();return;}
var img=document.getElementById('board-img');if(img&&u.board){img.src=u.board;img.alt=u.alt||img.alt;}
if(T.overlay)return;
set('status',u.status);set('players',u.players);set('series',u.series);
var ol=document.getElementById('story');if(ol&&u.lines){if(ol.children.length<u.from){es.close();location.reload();return;}while(ol.children.length>u.from)ol.removeChild(ol.lastChild);
for(var i=0;i<u.lines.length;i++)ol.insertAdjacentHTML('beforeend',u.lines[i]);}
T.seq=u.seq;document.body.setAttribute('data-seq',u.seq);});
es.addEventListener('refresh',function(){es.close();location.reload();});
})();"#;

/// The replay's keys: ← and → step back and on.
const STEP_SCRIPT: &str = r#"document.addEventListener('keydown',function(e){if(e.altKey||e.ctrlKey||e.metaKey)return;
var t=e.target&&e.target.tagName;if(t==='INPUT'||t==='TEXTAREA')return;
var a=document.getElementById(e.key==='ArrowLeft'?'prev':e.key==='ArrowRight'?'next':'');
if(a){e.preventDefault();location.href=a.href;}});"#;

/// The dice check in the browser (docs/FAIR-DICE.md, `sha256-v2`): the
/// seed's SHA-256 beside the commitment, then every throw recomputed with
/// Web Crypto beside the one played; any difference is shown.
const DICE_SCRIPT: &str = r#"(function(){var D=JSON.parse(document.getElementById('dice-data').textContent);var W=D.words;
function hex(b){return Array.prototype.map.call(new Uint8Array(b),function(x){return('0'+x.toString(16)).slice(-2);}).join('');}
function bytes(h){if(!/^[0-9a-fA-F]{64}$/.test(h))return null;var o=new Uint8Array(32);for(var i=0;i<32;i++)o[i]=parseInt(h.substr(2*i,2),16);return o;}
function esc(s){return String(s).replace(/[&<>"]/g,function(c){return{'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c];});}
async function one(seed,k){var N=D.table.length,L=Math.floor(4294967296/N)*N;
for(var j=0;;j++){var m=new Uint8Array(44);m.set(seed,0);var v=new DataView(m.buffer);
v.setUint32(32,Math.floor(k/4294967296));v.setUint32(36,k>>>0);v.setUint32(40,j);
var d=new DataView(await crypto.subtle.digest('SHA-256',m));var x=d.getUint32(0);if(x<L)return D.table[x%N];}}
async function check(){var out=document.getElementById('verdict'),list=document.getElementById('throws');
var seed=bytes(document.getElementById('seed').value.trim());
if(!seed||!window.crypto||!crypto.subtle){out.innerHTML='<p class="bad">'+esc(W.seedBad)+'</p>';return;}
var h=hex(await crypto.subtle.digest('SHA-256',seed));var seedOk=h===D.commitment;
var html='<p class="'+(seedOk?'ok':'bad')+'" id="seed-verdict">'+(seedOk?'✓ ':'✗ ')+esc(seedOk?W.seedOk:W.seedBad)+'</p>'+
'<p>'+esc(W.hash)+' <code id="seed-hash">'+h+'</code></p>';
if(D.derivation!=='sha256-v2'){out.innerHTML=html+out.innerHTML;return;}
var rows=[],bad=0;for(var k=0;k<D.throws.length;k++){var t=await one(seed,k);var ok=t===D.throws[k];if(!ok)bad++;
rows.push('<tr'+(ok?'':' class="bad"')+'><td>'+(k+1)+'</td><td>'+esc(D.throws[k])+'</td><td>'+esc(t)+'</td><td>'+(ok?'✓':'✗')+'</td></tr>');}
html+='<p class="'+(bad?'bad':'ok')+'" id="throws-verdict" data-bad="'+bad+'">'+(bad?'✗ '+esc(W.throwsBad.replace('{n}',bad)):'✓ '+esc(W.throwsOk))+'</p>';
out.innerHTML=html;
list.innerHTML='<table><thead><tr><th>#</th><th>'+esc(W.played)+'</th><th>'+esc(W.derived)+'</th><th></th></tr></thead><tbody>'+rows.join('')+'</tbody></table>';
document.body.setAttribute('data-checked','1');}
document.getElementById('check-button').addEventListener('click',function(){check().catch(function(e){document.getElementById('verdict').textContent=String(e);});});
check().catch(function(e){document.getElementById('verdict').textContent=String(e);});})();"#;

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
