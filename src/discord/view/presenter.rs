//! Turns the state of a [`Table`] (plus the notes of what just happened)
//! into [`Message`]s: the lobby, the live board with the controls of the
//! turn, the final result, and private answers. Pure: no Discord, no I/O;
//! every message it builds is checked against Discord's limits in tests.

use super::components::{ComponentId, Control};
use super::message::{Button, Embed, Message, Row, Select, SelectOption, Style, limits};
use super::notes::note_lines;
use super::words::{COLOUR, clip, level_description, mention, place, player_name, previews, unit_label};
use crate::discord::game::choices::{self, UnitKey};
use crate::discord::game::computer::Level;
use crate::discord::game::notes::Note;
use crate::discord::game::table::{Stage, Table, UserId};
use crate::engine::{Game, Phase, Seat, Unit};

/// What the players learn at the end besides the places: each human's
/// rating (the conservative skill μ − 3σ the leaderboard sorts by) before
/// and after the game.
#[derive(Clone, Debug, Default)]
pub(crate) struct Outro {
    pub(crate) ratings: Vec<(UserId, f64, f64)>,
}

impl Outro {
    /// One line per player, e.g. "<@1>: 0.0 → 2.1 (+2.1)".
    fn lines(&self) -> Vec<String> {
        self.ratings
            .iter()
            .map(|&(user, before, after)| {
                format!("{}: {before:.1} → {after:.1} ({:+.1})", mention(user), after - before)
            })
            .collect()
    }
}

/// The message for a table in any stage, with the notes of what just happened.
pub(crate) fn table_message(t: &Table, notes: &[Note], outro: &Outro) -> Message {
    let notes = note_lines(notes);
    let notes = notes.as_slice();
    match t.stage {
        Stage::Lobby => lobby(t, notes),
        Stage::Playing => board(t, notes),
        Stage::Finished | Stage::Ended => finished(t, notes, outro),
    }
}

fn id(t: &Table, control: Control) -> String {
    ComponentId::new(t.id, control, t.seq).encode()
}

fn button(t: &Table, control: Control, label: &str, style: Style, disabled: bool) -> Button {
    Button { id: id(t, control), label: label.to_string(), style, disabled }
}

/// The lobby: who sits where, and Join / Leave / Start / Cancel / Add computer.
pub(crate) fn lobby(t: &Table, notes: &[String]) -> Message {
    let seated: Vec<String> = t.lineup.iter().map(|&p| player_name(p)).collect();
    let description = format!(
        "A game of **Thaayam** ({}) for {} players. Press **Join** to take a seat.\nSeated ({}/{}): {}\n\
         Fair dice: the throws come from a secret seed with SHA-256 `{}`; it is revealed when the game ends.",
        t.ruleset,
        t.players,
        t.lineup.len(),
        t.players,
        seated.join(", "),
        t.commitment()
    );
    let full = t.lineup.len() >= usize::from(t.players);
    let buttons = vec![
        button(t, Control::Join, "Join", Style::Primary, full),
        button(t, Control::Leave, "Leave", Style::Secondary, false),
        button(t, Control::Start, "Start (host)", Style::Success, t.lineup.len() < 2),
        button(t, Control::Cancel, "Cancel (host)", Style::Danger, false),
    ];
    let mut rows = vec![Row::Buttons(buttons)];
    if !full {
        rows.push(Row::Select(computer_select(t)));
    }
    Message {
        content: clip(&notes.join("\n"), limits::CONTENT),
        embed: Some(Embed { title: "Thaayam: lobby".into(), description, colour: COLOUR, ..Default::default() }),
        rows,
        board_image: false,
        mentions: Vec::new(),
    }
}

fn computer_select(t: &Table) -> Select {
    let options = Level::ALL
        .iter()
        .map(|l| SelectOption {
            label: format!("Computer: {l}"),
            value: l.name().into(),
            description: level_description(*l).into(),
        })
        .collect();
    Select {
        id: id(t, Control::AddComputer),
        placeholder: "Add a computer player (host)".into(),
        options,
        min: 1,
        max: 1,
    }
}

/// The live board: what happened, whose turn, the deadline, the controls.
pub(crate) fn board(t: &Table, notes: &[String]) -> Message {
    let mut lines: Vec<String> = notes.to_vec();
    let mut mentions = Vec::new();
    if let Some(seat) = t.to_act() {
        let who = t.player(seat).map(player_name).unwrap_or_default();
        let deadline = t.deadline.map(|d| format!(" (time runs out <t:{d}:R>)")).unwrap_or_default();
        lines.push(format!("**{}** ({who}) to {}{deadline}.", seat.name(), verb(t)));
        mentions.extend(t.human_to_act());
    }
    Message {
        content: clip(&lines.join("\n"), limits::CONTENT),
        embed: Some(state_embed(t)),
        rows: turn_rows(t),
        board_image: true,
        mentions,
    }
}

fn verb(t: &Table) -> &'static str {
    let g = t.game_now();
    match g.phase() {
        Phase::Opening { .. } => "throw for the first turn",
        Phase::Throwing { .. } => "throw",
        _ => "move",
    }
}

/// The embed with the players and their pieces in words (readable
/// without the picture and without colours).
fn state_embed(t: &Table) -> Embed {
    let g = t.draft_game();
    let pos = g.position();
    let fields = t
        .seats()
        .iter()
        .map(|seat| {
            let who = t.player(seat).map(player_name).unwrap_or_default();
            let name = format!("{} ({})", seat.name(), seat.letter());
            (name, clip(&format!("{who}\n{}", pieces(t, seat)), limits::FIELD_VALUE))
        })
        .collect();
    let throws = pos.throws().as_slice().iter().map(|t| t.token()).collect::<Vec<_>>().join(" · ");
    let description = if throws.is_empty() { String::new() } else { format!("Throws left to use: **{throws}**") };
    Embed {
        title: format!("Thaayam ({}), game {}", t.ruleset, t.id),
        description,
        fields,
        footer: format!("Move {} · the dice seed is revealed when the game ends", t.events.len()),
        colour: COLOUR,
    }
}

fn pieces(t: &Table, seat: Seat) -> String {
    let g = t.draft_game();
    let pos = g.position();
    let army = pos.army(seat);
    let mut on_board = Vec::new();
    let mut off = 0;
    for u in army.units() {
        match u {
            Unit::Single(s) => on_board.push(place(pos, seat, s)),
            Unit::Twins(s) => on_board.push(format!("twins {}", place(pos, seat, s))),
            Unit::Off => off += 1,
            Unit::TwinsOff => off += 2,
            Unit::Borne => {}
        }
    }
    let board = if on_board.is_empty() { "none".to_string() } else { on_board.join(", ") };
    format!("on the board: {board}; waiting: {off}; borne off: {}", army.borne_off())
}

/// The controls of the turn for the player on turn.
fn turn_rows(t: &Table) -> Vec<Row> {
    if t.human_to_act().is_none() {
        return Vec::new();
    }
    let game = t.game_now();
    if game.wants_throw() {
        return vec![Row::Buttons(vec![button(t, Control::Throw, "Throw the cowries", Style::Primary, false)])];
    }
    let draft = t.draft_game();
    let still_moving = matches!(draft.phase(), Phase::Moving { .. }) && draft.to_act() == game.to_act();
    let mut rows = Vec::new();
    if still_moving {
        let options = match t.draft.unit {
            None => unit_options(&draft),
            Some(key) => throw_options(&draft, key),
        };
        let (page, pages) = page_of(&options, t.draft.page);
        let multi = t.draft.unit.is_some();
        rows.push(Row::Select(select(t, multi, page)));
        if pages > 1 {
            rows.push(Row::Buttons(page_buttons(t, pages)));
        }
    }
    let nothing = t.draft.actions.is_empty() && t.draft.unit.is_none();
    rows.push(Row::Buttons(vec![
        button(t, Control::Confirm, "Confirm", Style::Success, t.draft.actions.is_empty()),
        button(t, Control::Undo, "Undo", Style::Secondary, nothing),
    ]));
    rows
}

fn unit_options(g: &Game) -> Vec<SelectOption> {
    choices::unit_choices(g)
        .into_iter()
        .map(|c| SelectOption {
            label: unit_label(c.key),
            value: c.key.encode(),
            description: clip(&previews(g.position(), &c.actions), limits::OPTION_TEXT),
        })
        .collect()
}

fn throw_options(g: &Game, key: UnitKey) -> Vec<SelectOption> {
    choices::throw_choices(g, key)
        .into_iter()
        .map(|c| SelectOption {
            label: format!("Throw {}", c.throw.token()),
            value: c.index.to_string(),
            description: clip(&previews(g.position(), &c.actions), limits::OPTION_TEXT),
        })
        .collect()
}

/// The options of one page (25 per page) and the number of pages.
fn page_of(options: &[SelectOption], page: u8) -> (Vec<SelectOption>, usize) {
    let pages = options.len().div_ceil(limits::SELECT_OPTIONS).max(1);
    let page = usize::from(page).min(pages - 1);
    let start = page * limits::SELECT_OPTIONS;
    (options.iter().skip(start).take(limits::SELECT_OPTIONS).cloned().collect(), pages)
}

fn select(t: &Table, multi: bool, options: Vec<SelectOption>) -> Select {
    let (control, placeholder) = if multi {
        (Control::ChooseThrows, format!("{}: which throws?", t.draft.unit.map(unit_label).unwrap_or_default()))
    } else {
        (Control::ChooseUnit, "Which piece moves?".to_string())
    };
    let max = if multi { options.len() as u8 } else { 1 };
    Select { id: id(t, control), placeholder, options, min: 1, max }
}

fn page_buttons(t: &Table, pages: usize) -> Vec<Button> {
    (0..pages.min(limits::BUTTONS_PER_ROW))
        .map(|p| {
            let label = format!("Page {}", p + 1);
            button(t, Control::Page(p as u8), &label, Style::Secondary, usize::from(t.draft.page) == p)
        })
        .collect()
}

/// The final message: places, rating changes, the seed reveal; no controls.
pub(crate) fn finished(t: &Table, notes: &[String], outro: &Outro) -> Message {
    let mut lines: Vec<String> = notes.to_vec();
    let places = t.final_places();
    lines.push(match places {
        Some(_) => "**The game is over.**".into(),
        None => "**The game was ended before its end; it is not rated.**".into(),
    });
    let mut fields = Vec::new();
    if let Some(places) = places {
        let mut order: Vec<Seat> = t.seats().iter().collect();
        order.sort_by_key(|s| places[s.index()]);
        let text = order
            .iter()
            .map(|&s| {
                let name = match t.left_seats[s.index()] {
                    Some(user) => format!("{} (left; a computer played on)", mention(user)),
                    None => t.player(s).map(player_name).unwrap_or_default(),
                };
                format!("{}. {name} ({})", places[s.index()], s.name())
            })
            .collect::<Vec<_>>()
            .join("\n");
        fields.push(("Places".to_string(), clip(&text, limits::FIELD_VALUE)));
    }
    if !outro.ratings.is_empty() {
        fields.push(("Ratings".to_string(), clip(&outro.lines().join("\n"), limits::FIELD_VALUE)));
    }
    let embed = Embed {
        title: format!("Thaayam ({}), game {}: result", t.ruleset, t.id),
        description: format!("Dice seed: `{}` ({} throws drawn)", t.seed_hex(), t.drawn),
        fields,
        footer: "With the seed anyone can re-derive every throw of this game.".into(),
        colour: COLOUR,
    };
    Message {
        content: clip(&lines.join("\n"), limits::CONTENT),
        embed: Some(embed),
        rows: Vec::new(),
        board_image: t.stage == Stage::Finished,
        mentions: t.humans(),
    }
}

/// A private answer (ephemeral): text only, nobody pinged.
pub(crate) fn private(text: &str) -> Message {
    Message { content: clip(text, limits::CONTENT), ..Default::default() }
}
