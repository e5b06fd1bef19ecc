//! The words of the game, in one place: how a unit, a move, a square and a
//! player are named, mentions, and cutting text to Discord's limits. The
//! presenter, the notes and the record commands all name things through
//! these functions, so a name reads the same everywhere, in each language.

use super::lang::{Lang, tr};
use crate::discord::game::computer::Level;
use crate::discord::game::table::{Player, Table, UserId};
use crate::engine::{Action, BoardKind, Position, Seat, Throw, ThrowBag, Unit, destination};
use crate::render::Letters;

/// The embed colour of every bot message (the board's brown).
pub(crate) const COLOUR: u32 = 0xB5_651D;

/// `<@id>`: a mention, which pings only when the message allows it.
pub(crate) fn mention(user: UserId) -> String {
    format!("<@{user}>")
}

/// A seat's name: "South".
pub(crate) fn seat_name(lang: Lang, seat: Seat) -> String {
    tr!(lang, "seat", seat = seat.letter().to_string())
}

/// The letter on a seat's pieces and beside its name: "W" for West in
/// English, "O" for Ouest in French.
pub(crate) fn seat_letter(lang: Lang, seat: Seat) -> char {
    let letter = tr!(lang, "seat-letter", seat = seat.letter().to_string());
    letter.chars().find(|c| c.is_alphanumeric()).unwrap_or(seat.letter())
}

/// The letters on every seat's pieces in `lang`.
pub(crate) fn seat_letters(lang: Lang) -> Letters {
    Letters(Seat::ALL.map(|seat| seat_letter(lang, seat)))
}

/// How the goal of a position's tracks is named, for the messages that
/// select on `$goal`: "home" where pieces go home (Tayam Sonalu), else
/// "keep" (borne off from the keep).
pub(crate) fn goal_word(pos: &Position) -> &'static str {
    if pos.rules().home_on_goal { "home" } else { "keep" }
}

/// A computer level's name ("easy"), from its English name as stored.
pub(crate) fn level_name(lang: Lang, level: &str) -> String {
    tr!(lang, "level", level = level)
}

/// How a computer player is named: "easy computer".
pub(crate) fn computer_name(lang: Lang, level: &str) -> String {
    tr!(lang, "computer", level = level_name(lang, level), id = level)
}

/// How the player of `seat` at `t` is named in text: a mention, or the
/// computer ("random computer"), with its seat when another computer of
/// the same level sits at the table ("random computer (North)").
pub(crate) fn seat_player_name(lang: Lang, t: &Table, seat: Seat) -> String {
    match t.player(seat) {
        Some(Player::Computer(level)) => {
            let name = computer_name(lang, level.name());
            let same = t.seats().iter().any(|s| s != seat && t.player(s) == Some(Player::Computer(level)));
            if same { tr!(lang, "computer-at", computer = name, seat = seat_name(lang, seat)) } else { name }
        }
        Some(p) => player_name(lang, p),
        None => String::new(),
    }
}

/// How the player of a seat is named in text: a mention or the computer.
pub(crate) fn player_name(lang: Lang, p: Player) -> String {
    match p {
        Player::Human(u) => mention(u),
        Player::Computer(level) => computer_name(lang, level.name()),
    }
}

/// Names joined with the language's "and": "North and East".
pub(crate) fn and_list(lang: Lang, names: &[String]) -> String {
    names.join(&format!(" {} ", tr!(lang, "and")))
}

/// Where a seat's pieces are: the places of those on the board, twins
/// named by `twins` (given the place), and how many wait to enter.
pub(crate) fn army_places(
    lang: Lang,
    pos: &Position,
    seat: Seat,
    twins: impl Fn(String) -> String,
) -> (Vec<String>, u8) {
    let (mut on, mut waiting) = (Vec::new(), 0);
    for u in pos.army(seat).units() {
        match u {
            Unit::Single(s) => on.push(place(lang, pos, seat, s)),
            Unit::Twins(s) => on.push(twins(place(lang, pos, seat, s))),
            Unit::Off => waiting += 1,
            Unit::TwinsOff => waiting += 2,
            Unit::Borne => {}
        }
    }
    (on, waiting)
}

/// A list of places in which repeats read once with their count, in the
/// order first met: "the keep (c3) ×3, d1".
pub(crate) fn counted(items: &[String]) -> String {
    let mut seen: Vec<(&str, usize)> = Vec::new();
    for item in items {
        match seen.iter_mut().find(|(s, _)| *s == item.as_str()) {
            Some((_, n)) => *n += 1,
            None => seen.push((item, 1)),
        }
    }
    let parts: Vec<String> =
        seen.into_iter().map(|(s, n)| if n > 1 { format!("{s} ×{n}") } else { s.to_string() }).collect();
    parts.join(", ")
}

/// A permission the bot needs for a board, named as Discord's settings
/// name it in the reader's language.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Permission {
    ViewChannel,
    SendMessages,
    SendMessagesInThreads,
    EmbedLinks,
    AttachFiles,
    /// A tournament's tables are threads of its channel.
    CreatePublicThreads,
}

/// The name Discord's settings give a permission, in `lang`.
pub(crate) fn permission_name(lang: Lang, p: Permission) -> String {
    match p {
        Permission::ViewChannel => tr!(lang, "permission-view-channel"),
        Permission::SendMessages => tr!(lang, "permission-send-messages"),
        Permission::SendMessagesInThreads => tr!(lang, "permission-send-messages-in-threads"),
        Permission::EmbedLinks => tr!(lang, "permission-embed-links"),
        Permission::AttachFiles => tr!(lang, "permission-attach-files"),
        Permission::CreatePublicThreads => tr!(lang, "permission-create-public-threads"),
    }
}

/// What a computer level does, for the lobby select.
pub(crate) fn level_description(lang: Lang, level: Level) -> String {
    match level {
        Level::Random => tr!(lang, "level-random"),
        Level::Easy => tr!(lang, "level-easy"),
        Level::Medium => tr!(lang, "level-medium"),
        Level::Hard => tr!(lang, "level-hard"),
        Level::Expert => tr!(lang, "level-expert"),
    }
}

/// How a move is told: as a choice offered (the menu, a preview, a hint:
/// "enter a piece") or as what was done (the story: the notes, records,
/// the picture's last move: "entered a piece"). Languages whose verbs
/// differ (Tamil's imperative and past) say each in its own form.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    Choice,
    Done,
}

impl Form {
    /// The key of a move's part in this form.
    fn key(self, part: &'static str) -> &'static str {
        let done = self == Form::Done;
        match part {
            "takes" if done => "did-takes",
            "takes" => "move-takes",
            "make-twins" if done => "did-make-twins",
            "make-twins" => "move-make-twins",
            "enter-twins" if done => "did-enter-twins",
            "enter-twins" => "move-enter-twins",
            "enter-pair" if done => "did-enter-pair",
            "enter-pair" => "move-enter-pair",
            "pass" if done => "did-pass",
            "pass" => "move-pass",
            "enter" if done => "did-enter",
            "enter" => "move-enter",
            "bear-off" if done => "did-bear-off",
            _ => "move-bear-off",
        }
    }
}

/// A move's part in `form`: [`Form::key`] of `part`, with `args`.
fn said(lang: Lang, form: Form, part: &'static str, args: &[(&str, fluent_bundle::FluentValue<'_>)]) -> String {
    let mut fluent = fluent_bundle::FluentArgs::new();
    for (name, value) in args {
        fluent.set(*name, value.clone());
    }
    lang.format(form.key(part), Some(&fluent))
}

/// The words of a move that was played (the story): [`words_of`] in
/// [`Form::Done`].
pub(crate) fn move_words(lang: Lang, before: &Position, path: &[Action]) -> (String, String) {
    words_of(lang, Form::Done, before, path)
}

/// The words of a move offered or being chosen (a preview, a hint):
/// [`words_of`] in [`Form::Choice`].
pub(crate) fn choice_words(lang: Lang, before: &Position, path: &[Action]) -> (String, String) {
    words_of(lang, Form::Choice, before, path)
}

/// The words of a whole move: what it does in squares and plain words
/// ("c3 → e5 takes North · enter a piece"), and the throws each part uses
/// ("4+1 · 1"). A unit moving again from where it landed (each throw on
/// its own) reads as one trip from where it started to where it ends,
/// with only the stops where it took something: "d1 → e4" ("4, 2"),
/// "d1 → e2 takes North → e4".
pub(crate) fn words_of(lang: Lang, form: Form, before: &Position, path: &[Action]) -> (String, String) {
    let seat = before.turn();
    let mut pos = *before;
    let mut parts: Vec<Part> = Vec::new();
    for &action in path {
        let prev = pos;
        if pos.play_pieces(action).is_none() {
            break;
        }
        let took = taken(lang, form, &prev, &pos);
        let throws = plus(action.throws());
        if let Action::Advance { from, twins, .. } = action {
            let to = destination(&prev, action).map_or(from, |(_, step)| step);
            let hop = format!(" → {}{took}", place(lang, &prev, seat, to));
            match parts.last_mut() {
                Some(last) if last.trip == Some((from, twins)) => {
                    // A stop where nothing was taken gives way to the next one.
                    if !last.stop_took {
                        last.text.truncate(last.stop);
                    }
                    last.stop = last.text.len();
                    last.stop_took = !took.is_empty();
                    last.text.push_str(&hop);
                    last.throws.push_str(&format!(", {throws}"));
                    last.trip = Some((to, twins));
                }
                _ => {
                    let start = place(lang, &prev, seat, from);
                    let start = if twins { tr!(lang, "move-twins", place = start) } else { start };
                    let stop = start.len();
                    let text = format!("{start}{hop}");
                    parts.push(Part {
                        kind: Kind::Trip { twins },
                        text,
                        throws,
                        trip: Some((to, twins)),
                        count: 1,
                        stop,
                        stop_took: !took.is_empty(),
                    });
                }
            }
            continue;
        }
        let (kind, text) = match action {
            Action::Twins => {
                let step = prev.rules().twins_step.unwrap_or(0);
                (Kind::Other, said(lang, form, "make-twins", &[("place", place(lang, &prev, seat, step).into())]))
            }
            Action::EnterTwins => (Kind::Other, said(lang, form, "enter-twins", &[])),
            Action::EnterPair { .. } => (Kind::Other, said(lang, form, "enter-pair", &[])),
            Action::BearOff => (Kind::BearOff, String::new()),
            Action::Pass => (Kind::Other, said(lang, form, "pass", &[])),
            // Where the piece comes in, so that an entry never reads as the
            // trip after it ("enter a piece on c1 · c1 → e1").
            _ => (
                Kind::Enter,
                destination(&prev, action).map_or(String::new(), |(_, step)| place(lang, &prev, seat, step)),
            ),
        };
        match parts.last_mut() {
            Some(last) if last.trip.is_none() && last.kind == kind && last.text == text => {
                last.count += 1;
                last.throws.push_str(&format!(" · {throws}"));
            }
            _ => parts.push(Part { kind, text, throws, trip: None, count: 1, stop: 0, stop_took: false }),
        }
    }
    // The same trip made by several pieces reads once: "c1 → d1 (2 pieces)".
    let words: Vec<String> = parts.iter().map(|p| p.words(lang, form)).collect();
    let mut label: Vec<String> = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let same = words.iter().filter(|o| *o == w).count();
        if words[..i].contains(w) {
            continue;
        }
        label.push(match parts[i].kind {
            Kind::Trip { twins } if same > 1 => {
                let twins = if twins { "yes" } else { "no" };
                tr!(lang, "move-same-trip", trip = w.as_str(), count = same, twins = twins)
            }
            _ => w.clone(),
        });
    }
    let label = label.join(" · ");
    let throws = parts.iter().map(|p| p.throws.as_str()).filter(|t| !t.is_empty()).collect::<Vec<_>>().join(" · ");
    (label, throws)
}

/// What a part of a move is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A unit's trip over the squares.
    Trip {
        twins: bool,
    },
    Enter,
    BearOff,
    /// Any other action, named by its text.
    Other,
}

/// One part of a move in words.
struct Part {
    kind: Kind,
    text: String,
    throws: String,
    /// Where a trip's unit stands now (the step and whether twins).
    trip: Option<(u8, bool)>,
    /// How many times a non-trip part repeats ("enter 2 pieces").
    count: u8,
    /// Where in a trip's text its last stop (" → e2…") begins, and
    /// whether something was taken there (then the stop stays named).
    stop: usize,
    stop_took: bool,
}

impl Part {
    fn words(&self, lang: Lang, form: Form) -> String {
        match (self.kind, self.count) {
            (Kind::Enter, n) => said(lang, form, "enter", &[("count", n.into()), ("place", self.text.clone().into())]),
            (Kind::BearOff, n) => said(lang, form, "bear-off", &[("count", n.into())]),
            (_, 1) => self.text.clone(),
            (_, n) => tr!(lang, "move-repeated", text = self.text.as_str(), count = n),
        }
    }
}

/// " takes North" for the seats that lost pieces from `before` to `after`.
fn taken(lang: Lang, form: Form, before: &Position, after: &Position) -> String {
    let lost: Vec<String> = before
        .seats()
        .iter()
        .filter(|&s| s != before.turn())
        .filter(|&s| before.army(s).on_board() > after.army(s).on_board())
        .map(|s| seat_name(lang, s))
        .collect();
    if lost.is_empty() {
        String::new()
    } else {
        format!(" {}", said(lang, form, "takes", &[("seats", and_list(lang, &lost).into())]))
    }
}

/// The pieces of the other seats that left the board from `before` to
/// `after` (captured).
fn captured(before: &Position, after: &Position) -> u8 {
    before
        .seats()
        .iter()
        .filter(|&s| s != before.turn())
        .map(|s| before.army(s).on_board().saturating_sub(after.army(s).on_board()))
        .sum()
}

/// One unit of a move followed from where it started to where it ends.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Walk {
    /// Where it started (`None`: it entered).
    start: Option<u8>,
    twins: bool,
    /// Where it ends (`None`: borne off).
    at: Option<u8>,
    /// The enemy pieces it captured on the way.
    took: u8,
}

/// A menu option's words, piece by piece: where each of her units starts
/// and where it ends, whatever the hops between ("Ec4 → Nc5 ⚔⚔ · Wb1 →
/// Wb6": two captures on the way), a piece entering as "enter → Sb3", one
/// borne off as "c3 → off", the same trip of several pieces once with
/// its count ("c1 → d1 ×2"), in the order the move first moves them.
pub(crate) fn option_words(lang: Lang, before: &Position, path: &[Action]) -> String {
    let seat = before.turn();
    let mut pos = *before;
    let mut walks: Vec<Walk> = Vec::new();
    let mut others: Vec<String> = Vec::new();
    let entry = before.rules().entry.step;
    for &action in path {
        let prev = pos;
        if pos.play_pieces(action).is_none() {
            break;
        }
        let took = captured(&prev, &pos);
        let goal = prev.rules().goal();
        let entered = |twins| Walk { start: None, twins, at: Some(entry), took: 0 };
        match action {
            Action::Advance { from, twins, .. } => {
                let to = destination(&prev, action).map_or(from, |(_, step)| step);
                let to = Some(to.min(goal));
                match walks.iter_mut().rev().find(|w| w.at == Some(from) && w.twins == twins) {
                    Some(w) => {
                        w.at = to;
                        w.took += took;
                    }
                    None => walks.push(Walk { start: Some(from), twins, at: to, took }),
                }
            }
            Action::Enter | Action::EnterWith { .. } => walks.push(entered(false)),
            Action::EnterPair { .. } => walks.extend([entered(false), entered(false)]),
            Action::EnterTwins => walks.push(entered(true)),
            Action::BearOff => match walks.iter_mut().rev().find(|w| w.at == Some(goal) && !w.twins) {
                Some(w) => w.at = None,
                None => walks.push(Walk { start: Some(goal), twins: false, at: None, took: 0 }),
            },
            Action::Twins => {
                let step = prev.rules().twins_step.unwrap_or(0);
                others.push(said(
                    lang,
                    Form::Choice,
                    "make-twins",
                    &[("place", place(lang, &prev, seat, step).into())],
                ));
            }
            Action::Pass => others.push(said(lang, Form::Choice, "pass", &[])),
        }
    }
    let square = |step: Option<u8>, twins: bool, start: bool| -> String {
        let name = match step {
            None if start => tr!(lang, "option-entering"),
            None => tr!(lang, "option-off"),
            Some(step) => place(lang, before, seat, step),
        };
        if twins && start { tr!(lang, "move-twins", place = name) } else { name }
    };
    let mut seen: Vec<(String, usize)> = Vec::new();
    for w in &walks {
        let marks = "⚔".repeat(usize::from(w.took.min(4)));
        let marks = if marks.is_empty() { marks } else { format!(" {marks}") };
        let text = format!("{} → {}{marks}", square(w.start, w.twins, true), square(w.at, w.twins, false));
        match seen.iter_mut().find(|(t, _)| *t == text) {
            Some((_, n)) => *n += 1,
            None => seen.push((text, 1)),
        }
    }
    let mut parts: Vec<String> = seen.into_iter().map(|(t, n)| if n > 1 { format!("{t} ×{n}") } else { t }).collect();
    parts.extend(others);
    parts.join(" · ")
}

/// The throws of a bag joined with `+`, largest first.
pub(crate) fn plus(bag: ThrowBag) -> String {
    bag.iter_desc().map(Throw::token).collect::<Vec<_>>().join("+")
}

/// A square name for a step of a seat's track (`c1` on the 5 × 5 board,
/// `Sb1` on the cross: arm, lane, distance from the centre), "the keep
/// (c3)" or "home" for the goal.
pub(crate) fn place(lang: Lang, pos: &Position, seat: Seat, step: u8) -> String {
    let rules = pos.rules();
    let board = rules.board;
    match board.tracks[seat.index()].get(usize::from(step)) {
        Some(_) if step == rules.goal() && board.kind == BoardKind::Cross => tr!(lang, "place-home"),
        Some(&cell) if step == rules.goal() => tr!(lang, "place-keep", square = board.square_name(cell)),
        Some(&cell) => board.square_name(cell),
        None => tr!(lang, "place-step", step = step),
    }
}

/// `s` cut to at most `max` characters (Discord counts characters); an
/// ellipsis marks the cut.
pub(crate) fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// Joins `lines` with newlines, keeping as many whole lines as fit in
/// `max` characters; if some are left out, the last line says how many.
pub(crate) fn fit_lines(lang: Lang, lines: &[String], max: usize) -> String {
    let mut out = String::new();
    let mut used = 0;
    for (i, line) in lines.iter().enumerate() {
        let left = lines.len() - i;
        let more = tr!(lang, "more-lines", count = left);
        let len = line.chars().count() + usize::from(used > 0);
        // Room for this line and, unless it is the last, for the "more" note.
        let reserve = if left > 1 { more.chars().count() + 1 } else { 0 };
        if used + len + reserve > max {
            if used + more.chars().count() < max {
                if used > 0 {
                    out.push('\n');
                }
                out.push_str(&more);
            }
            return out;
        }
        if used > 0 {
            out.push('\n');
        }
        out.push_str(line);
        used += len;
    }
    out
}

/// A chance (0 to 1) in whole percent, rounded (the hint's and the
/// analysis's figures).
pub(crate) fn percent(chance: f64) -> i64 {
    (chance.clamp(0.0, 1.0) * 100.0).round() as i64
}

#[cfg(test)]
#[path = "words_tests.rs"]
mod tests;
