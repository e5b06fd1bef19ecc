//! Turns the state of a [`Table`] (plus the notes of what just happened)
//! into [`Message`]s: the lobby, the live board with the controls of the
//! turn, the final result, and private answers. Pure: no Discord, no I/O;
//! every message it builds is checked against Discord's limits in tests.

use super::components::{ComponentId, Control};
use super::lang::{Lang, tr};
use super::menu::menu_line;
/// The menu's options (kept here for the code that names them so).
pub(crate) use super::menu::menu_options;
use super::message::{Button, Embed, Message, Row, Select, SelectOption, Style, limits};
use super::notes::note_lines;
use super::picture::alt_text;
use super::words::{
    COLOUR, army_places, choice_words, clip, counted, goal_word, level_description, level_name, mention, percent,
    player_name, seat_letter, seat_name, seat_player_name,
};
use crate::discord::game::away;
use crate::discord::game::choices::PAGES;
use crate::discord::game::computer::Level;
use crate::discord::game::notes::Note;
use crate::discord::game::table::{Stage, Table, UserId};
use crate::discord::game::turn::menu_of;
use crate::discord::game::tutor::{self, Warning};
use crate::engine::{Phase, Seat};

/// What the players learn at the end besides the places: each human's
/// rating (the conservative skill μ − 3σ the leaderboard sorts by) before
/// and after the game.
#[derive(Clone, Debug, Default)]
pub(crate) struct Outro {
    pub(crate) ratings: Vec<(UserId, f64, f64)>,
    /// The game was ended because the bot's database went back in time
    /// (its boards in Discord are ahead of it): the result says so.
    pub(crate) went_back: bool,
}

impl Outro {
    /// One line per player, e.g. "<@1>: 0.0 → 2.1 (+2.1)", numbers written
    /// as `lang` writes them.
    fn lines(&self, lang: Lang) -> Vec<String> {
        self.ratings
            .iter()
            .map(|&(user, before, after)| {
                let [before, after, change] = [(before, false), (after, false), (after - before, true)]
                    .map(|(x, signed)| lang.decimal(x, 1, signed));
                format!("{}: {before} → {after} ({change})", mention(user))
            })
            .collect()
    }
}

/// Rated games a player needs before `/thaayam leaderboard` ranks her.
pub(crate) const LEADERBOARD_MIN_GAMES: u32 = 3;

/// The board that calls the human to act back (a new message, so that she
/// is notified): instead of the change's notes, which the record of the
/// board before keeps, what happened since her last action.
pub(crate) fn calling_back(lang: Lang, t: &Table) -> Message {
    let digest = t.to_act().map(|seat| super::story::digest(lang, t, seat)).unwrap_or_default();
    board(lang, t, &digest)
}

/// The message for a table in any stage, with the notes of what just happened.
pub(crate) fn table_message(lang: Lang, t: &Table, notes: &[Note], outro: &Outro) -> Message {
    let lines = note_lines(lang, notes);
    let lines = lines.as_slice();
    let mut msg = match t.stage {
        Stage::Lobby => lobby(lang, t, lines),
        Stage::Playing => board(lang, t, lines),
        Stage::Finished | Stage::Ended => finished(lang, t, lines, outro),
    };
    // The players a rematch calls are pinged to its lobby.
    for note in notes {
        if let Note::Rematch { players, .. } = note {
            for &user in players {
                if !msg.mentions.contains(&user) {
                    msg.mentions.push(user);
                }
            }
        }
    }
    msg
}

/// The result of a game that just closed, posted as a new message: the
/// lines of its last change are on the record of the board above, or,
/// when that record could not hold them (`lines`), on the result itself,
/// so that the winning move is always in the channel.
pub(crate) fn result(lang: Lang, t: &Table, lines: &[String], outro: &Outro) -> Message {
    finished(lang, t, lines, outro)
}

fn id(t: &Table, control: Control) -> String {
    ComponentId::new(t.id, control, t.seq).encode()
}

fn button(t: &Table, control: Control, label: &str, style: Style, disabled: bool) -> Button {
    Button { id: id(t, control), label: label.to_string(), style, disabled }
}

/// The lobby: who sits where, and Join / Leave / Start / Cancel / Add computer.
pub(crate) fn lobby(lang: Lang, t: &Table, notes: &[String]) -> Message {
    let seated: Vec<String> = t.lineup.iter().map(|&p| player_name(lang, p)).collect();
    let description = tr!(
        lang,
        "lobby-description",
        ruleset = t.ruleset.to_string(),
        players = t.players,
        seated = t.lineup.len(),
        names = seated.join(", "),
        commitment = t.commitment().to_string(),
    );
    let description = match practice_line(lang, t) {
        Some(mark) => format!("{mark}\n{description}"),
        None => description,
    };
    let full = t.lineup.len() >= usize::from(t.players);
    let buttons = vec![
        button(t, Control::Join, &tr!(lang, "button-join"), Style::Primary, full),
        button(t, Control::Leave, &tr!(lang, "button-leave"), Style::Secondary, false),
        button(t, Control::Start, &tr!(lang, "button-start"), Style::Success, t.lineup.len() < 2),
        button(t, Control::Cancel, &tr!(lang, "button-cancel"), Style::Danger, false),
    ];
    let mut rows = vec![Row::Buttons(buttons)];
    if !full {
        rows.push(Row::Select(computer_select(lang, t)));
    }
    Message {
        content: clip(&notes.join("\n"), limits::CONTENT),
        embed: Some(Embed {
            title: tr!(lang, "lobby-title", ruleset = t.ruleset.to_string()),
            description,
            colour: COLOUR,
            ..Default::default()
        }),
        rows,
        board_image: false,
        alt: String::new(),
        mentions: Vec::new(),
    }
}

fn computer_select(lang: Lang, t: &Table) -> Select {
    let options = Level::ALL
        .iter()
        .map(|&l| SelectOption {
            label: tr!(lang, "computer-option", level = level_name(lang, l.name())),
            value: l.name().into(),
            description: level_description(lang, l),
        })
        .collect();
    Select { id: id(t, Control::AddComputer), placeholder: tr!(lang, "computer-placeholder"), options, min: 1, max: 1 }
}

/// The live board: whose turn and the deadline first (the line a phone's
/// notification shows), what happened, the move picked so far, the
/// controls.
pub(crate) fn board(lang: Lang, t: &Table, notes: &[String]) -> Message {
    let mut lead = Vec::new();
    let mut mentions = Vec::new();
    if let Some(seat) = t.to_act() {
        let who = t.player(seat).map(|p| player_name(lang, p)).unwrap_or_default();
        // A player away on turn: until when, instead of her deadline.
        let deadline = match away::on_turn_away(t) {
            Some((_, until)) => tr!(lang, "away-until", time = until),
            None => away::deadline(t).map(|d| tr!(lang, "deadline", time = d)).unwrap_or_default(),
        };
        let (seat, verb) = (seat_name(lang, seat), verb(t));
        lead.push(tr!(lang, "to-act", seat = seat, who = who, verb = verb, deadline = deadline));
        mentions.extend(t.human_to_act());
    }
    lead.extend(practice_line(lang, t));
    let mut tail: Vec<String> = t.to_act().and_then(|_| draft_line(lang, t)).into_iter().collect();
    tail.extend(tutor::warning(t).map(|w| tutor_line(lang, &w)));
    Message {
        content: with_notes(lang, &lead, notes, &tail),
        embed: Some(state_embed(lang, t)),
        rows: turn_rows(lang, t),
        board_image: true,
        alt: alt_text(lang, t),
        mentions,
    }
}

/// Why a game is not rated, in bold: "Practice game · not rated", or,
/// for a game outside servers (a DM, a group DM), that only servers'
/// games count for their leaderboards.
fn practice_line(lang: Lang, t: &Table) -> Option<String> {
    unrated_mark(lang, t).map(|mark| format!("**{mark}**"))
}

/// Why a game is not rated ("Practice game · not rated"), if it is not.
fn unrated_mark(lang: Lang, t: &Table) -> Option<String> {
    if t.is_rated() {
        None
    } else if t.practice {
        Some(tr!(lang, "practice-mark"))
    } else {
        Some(tr!(lang, "outside-servers-mark"))
    }
}

/// The notes of a change between the lines that say where the game stands
/// (`lead` above, `tail` below), within the content limit: those lines
/// always, and as many of the newest notes as fit (a long run of moves
/// that played themselves loses its oldest lines first: the board's
/// record keeps them all).
fn with_notes(lang: Lang, lead: &[String], notes: &[String], tail: &[String]) -> String {
    let lead = clip(&lead.join("\n"), limits::CONTENT / 2);
    let status = clip(&tail.join("\n"), limits::CONTENT / 2);
    let room = limits::CONTENT.saturating_sub(lead.chars().count() + status.chars().count() + 2);
    let mut kept: Vec<&String> = Vec::new();
    let mut used = 0;
    for line in notes.iter().rev() {
        let more = tr!(lang, "earlier-lines", count = notes.len() - kept.len());
        let need = line.chars().count() + 1;
        let reserve = if kept.len() + 1 < notes.len() { more.chars().count() + 1 } else { 0 };
        if used + need + reserve > room {
            break;
        }
        kept.push(line);
        used += need;
    }
    let mut out: Vec<String> = Vec::new();
    if !lead.is_empty() {
        out.push(lead);
    }
    if kept.len() < notes.len() {
        out.push(tr!(lang, "earlier-lines", count = notes.len() - kept.len()));
    }
    out.extend(kept.into_iter().rev().cloned());
    if !status.is_empty() {
        out.push(status);
    }
    out.join("\n")
}

/// The move picked so far, marked as a preview for onlookers (nothing is
/// played before Confirm), and what to do with it.
fn draft_line(lang: Lang, t: &Table) -> Option<String> {
    if t.draft.actions.is_empty() {
        return t.draft.stepping.then(|| tr!(lang, "step-by-step-first"));
    }
    let who = t.to_act().and_then(|s| t.player(s)).map(|p| player_name(lang, p)).unwrap_or_default();
    let (what, throws) = choice_words(lang, t.game_now().position(), &t.draft.actions);
    Some(if t.draft_is_whole() {
        tr!(lang, "draft-whole", who = who, what = what, throws = throws)
    } else {
        tr!(lang, "draft-part", who = who, what = what, throws = throws)
    })
}

/// The tutor's warning on the preview: what the move picked gives away
/// (in points of her chance of winning) and the expert's better move.
fn tutor_line(lang: Lang, w: &Warning) -> String {
    let (what, _) = choice_words(lang, w.base.position(), &w.path);
    tr!(lang, "tutor-warning", loss = percent(w.loss), best = what)
}

/// What the player on turn does, as the selector of `to-act`.
fn verb(t: &Table) -> &'static str {
    let g = t.game_now();
    match g.phase() {
        Phase::Opening { .. } => "opening",
        Phase::Throwing { .. } => "throw",
        _ => "move",
    }
}

/// The embed with the players and their pieces in words (readable
/// without the picture and without colours).
fn state_embed(lang: Lang, t: &Table) -> Embed {
    let g = t.draft_game();
    let pos = g.position();
    let fields = t
        .seats()
        .iter()
        .map(|seat| {
            let who = t.player(seat).map(|p| player_name(lang, p)).unwrap_or_default();
            let name =
                tr!(lang, "seat-field", seat = seat_name(lang, seat), letter = seat_letter(lang, seat).to_string());
            (name, clip(&format!("{who}\n{}", pieces(lang, t, seat)), limits::FIELD_VALUE))
        })
        .collect();
    let throws = pos.throws().as_slice().iter().map(|t| t.token()).collect::<Vec<_>>().join(" · ");
    let description = if throws.is_empty() { String::new() } else { tr!(lang, "throws-left", throws = throws) };
    Embed {
        title: match unrated_mark(lang, t) {
            Some(mark) => {
                format!("{} · {mark}", tr!(lang, "board-title", ruleset = t.ruleset.to_string(), game = t.id))
            }
            None => tr!(lang, "board-title", ruleset = t.ruleset.to_string(), game = t.id),
        },
        description,
        fields,
        footer: tr!(lang, "board-footer", drawn = t.drawn, commitment = short_commitment(t)),
        colour: COLOUR,
    }
}

/// The first 16 hex digits of the dice commitment (64 bits: enough to
/// recognise it against the full one on the result and the lobby).
fn short_commitment(t: &Table) -> String {
    let mut c = t.commitment();
    c.truncate(16);
    c
}

fn pieces(lang: Lang, t: &Table, seat: Seat) -> String {
    let g = t.draft_game();
    let pos = g.position();
    let (on_board, off) = army_places(lang, pos, seat, |place| tr!(lang, "move-twins", place = place));
    let board = if on_board.is_empty() { tr!(lang, "pieces-none") } else { counted(&on_board) };
    tr!(lang, "pieces", board = board, waiting = off, borne = pos.army(seat).borne_off(), goal = goal_word(pos))
}

/// The controls of the turn for the player on turn: the menu of moves
/// (with page buttons when a step-by-step menu is longer than a select),
/// Confirm and Undo.
fn turn_rows(lang: Lang, t: &Table) -> Vec<Row> {
    if t.human_to_act().is_none() {
        return Vec::new();
    }
    let mut rows = turn_controls(lang, t);
    // The others of a player away on turn may vote for a computer.
    if let Some((user, _)) = away::on_turn_away(t) {
        let (votes, needed) = (away::votes_for(t, user), away::votes_needed(t, user));
        // Before anyone votes, the button says what it does to her result.
        let label = if t.is_rated() {
            tr!(lang, "button-stand-in-rated", votes = votes, needed = needed)
        } else {
            tr!(lang, "button-stand-in", votes = votes, needed = needed)
        };
        rows.push(Row::Buttons(vec![button(t, Control::StandIn, &label, Style::Secondary, false)]));
    }
    rows
}

/// The controls of the human on turn's move.
fn turn_controls(lang: Lang, t: &Table) -> Vec<Row> {
    if t.game_now().wants_throw() {
        let throw = button(t, Control::Throw, &tr!(lang, "button-throw"), Style::Primary, false);
        return vec![Row::Buttons(vec![throw])];
    }
    let menu = menu_of(t);
    let options = menu_options(lang, &menu);
    let mut rows = Vec::new();
    if !options.is_empty() {
        let (page, pages) = page_of(&options, t.draft.page);
        let placeholder = menu_line(lang, &menu, &options, &t.draft, &t.ends);
        rows.push(Row::Select(Select { id: id(t, Control::Choose), placeholder, options: page, min: 1, max: 1 }));
        if pages > 1 {
            rows.push(Row::Buttons(page_buttons(lang, t, pages)));
        }
    }
    let nothing = t.draft.actions.is_empty() && !t.draft.stepping;
    let mut buttons = vec![
        button(t, Control::Confirm, &tr!(lang, "button-confirm"), Style::Success, !t.draft_is_whole()),
        button(t, Control::Undo, &tr!(lang, "button-undo"), Style::Secondary, nothing),
    ];
    // The tutor's better move, one tap away.
    if let Some(best) = tutor::warning(t).and_then(|w| u8::try_from(w.best).ok()) {
        buttons.push(button(t, Control::Prefer(best), &tr!(lang, "button-prefer"), Style::Primary, false));
    }
    rows.push(Row::Buttons(buttons));
    rows
}

/// The options of one page (25 per page) and the number of pages.
fn page_of(options: &[SelectOption], page: u8) -> (Vec<SelectOption>, usize) {
    let pages = options.len().div_ceil(limits::SELECT_OPTIONS).max(1);
    let page = usize::from(page).min(pages - 1);
    let start = page * limits::SELECT_OPTIONS;
    (options.iter().skip(start).take(limits::SELECT_OPTIONS).cloned().collect(), pages)
}

/// One row of page buttons: the pages a click may ask for
/// (`Menu::pages`, which the session layer checks).
fn page_buttons(lang: Lang, t: &Table, pages: usize) -> Vec<Button> {
    const { assert!(PAGES <= limits::BUTTONS_PER_ROW) };
    (0..pages.min(PAGES))
        .map(|p| {
            let label = tr!(lang, "button-page", page = p + 1);
            button(t, Control::Page(p as u8), &label, Style::Secondary, usize::from(t.draft.page) == p)
        })
        .collect()
}

/// The result: the winner named first and every human at the table
/// mentioned (a new message notifies them), then the places with how far
/// each came, rating changes with what they mean, the seed reveal, and a
/// Rematch button once the game was played.
pub(crate) fn finished(lang: Lang, t: &Table, notes: &[String], outro: &Outro) -> Message {
    let mut lead = Vec::new();
    let mut description = String::new();
    match t.final_places() {
        Some(places) => (lead, description) = placed(lang, t, places),
        None => {
            lead.push(tr!(lang, "game-ended-early"));
            if outro.went_back {
                lead.push(tr!(lang, "game-went-back"));
            }
            let players: Vec<String> = t.humans().into_iter().map(mention).collect();
            if !players.is_empty() {
                lead.push(super::words::and_list(lang, &players));
            }
        }
    }
    lead.extend(practice_line(lang, t));
    let mut fields = Vec::new();
    if !outro.ratings.is_empty() {
        let mut lines = outro.lines(lang);
        lines.push(tr!(lang, "ratings-explained", count = LEADERBOARD_MIN_GAMES));
        fields.push((tr!(lang, "ratings"), clip(&lines.join("\n"), limits::FIELD_VALUE)));
    }
    let seed = format!(
        "{}\n{}",
        tr!(lang, "result-seed", seed = t.seed_hex(), count = t.drawn),
        tr!(lang, "result-commitment", commitment = t.commitment())
    );
    fields.push((tr!(lang, "result-dice"), clip(&seed, limits::FIELD_VALUE)));
    let embed = Embed {
        title: tr!(lang, "result-title", ruleset = t.ruleset.to_string(), game = t.id),
        description: clip(&description, limits::EMBED_DESCRIPTION),
        fields,
        footer: tr!(lang, "result-footer", game = t.id),
        colour: COLOUR,
    };
    let played = t.stage == Stage::Finished || t.started_at != 0;
    let rows = if played && !t.humans().is_empty() {
        vec![Row::Buttons(vec![button(t, Control::Rematch, &tr!(lang, "button-rematch"), Style::Primary, false)])]
    } else {
        Vec::new()
    };
    // Everyone who played hears the end, those who left too.
    let mut mentions = t.humans();
    mentions.extend(t.left_seats.iter().flatten().filter(|u| !t.humans().contains(u)));
    Message {
        content: with_notes(lang, &lead, notes, &[]),
        embed: Some(embed),
        rows,
        board_image: t.stage == Stage::Finished,
        alt: if t.stage == Stage::Finished { alt_text(lang, t) } else { String::new() },
        mentions,
    }
}

/// A finished game's places: the lead (the winner, then the others' places
/// on one line) and the description (a line per seat with how far it got).
fn placed(lang: Lang, t: &Table, places: [u8; 4]) -> (Vec<String>, String) {
    // Where the seat is said beside the name, the name does not say it
    // again ("random computer (North)" only where no seat follows).
    let named = |s: Seat, seat_said: bool| match t.left_seats[s.index()] {
        Some(user) => tr!(lang, "left-player", who = mention(user)),
        None if seat_said => t.player(s).map(|p| player_name(lang, p)).unwrap_or_default(),
        None => seat_player_name(lang, t, s),
    };
    let mut lead = Vec::new();
    let mut order: Vec<Seat> = t.seats().iter().filter(|s| places[s.index()] > 0).collect();
    order.sort_by_key(|s| places[s.index()]);
    if let Some((&winner, others)) = order.split_first() {
        lead.push(tr!(lang, "result-winner", winner = named(winner, true), seat = seat_name(lang, winner)));
        let rest: Vec<String> = others.iter().map(|&s| format!("{}. {}", places[s.index()], named(s, false))).collect();
        lead.push(rest.join(" · "));
    }
    let pos = t.game_now();
    let pos = pos.position();
    let description = order
        .iter()
        .map(|&s| {
            let army = pos.army(s);
            let how =
                tr!(lang, "result-progress", borne = army.borne_off(), pieces = army.pieces(), goal = goal_word(pos));
            let (place, name) = (places[s.index()], named(s, true));
            let line = tr!(lang, "place-line", place = place, name = name, seat = seat_name(lang, s));
            format!("{line} · {how}")
        })
        .collect::<Vec<_>>()
        .join("\n");
    (lead, description)
}

/// What the board becomes when the game goes on in a new board message:
/// the lines of what happened while it was the board (`story`, worded by
/// [`note_lines`] when they were shown), no controls, no picture.
/// The record of the lobby (the board the game started on) also keeps the
/// whole dice commitment players were shown before the first throw (the
/// boards' footers show only its first 16 digits).
pub(crate) fn record(lang: Lang, t: &Table, story: &[String]) -> Message {
    // Once the game is over, what follows is its result, not a board.
    let goes_on = if t.is_open() { tr!(lang, "goes-on", game = t.id) } else { tr!(lang, "ended-below", game = t.id) };
    let mut lines = story.to_vec();
    if story.contains(&tr!(lang, "note-started")) {
        lines.push(tr!(lang, "record-commitment", commitment = t.commitment()));
    }
    lines.push(goes_on);
    Message { content: clip(&lines.join("\n"), limits::CONTENT), ..Default::default() }
}

/// A private answer (ephemeral): text only, nobody pinged.
pub(crate) fn private(text: &str) -> Message {
    Message { content: clip(text, limits::CONTENT), ..Default::default() }
}
