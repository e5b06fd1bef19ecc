//! The marks of a finished game's replay, read from its stored review
//! ([`Review`]): at each step (a move of the story, [`super::story`]), the
//! luck of every series its seat threw there, and its decision's label and
//! loss at the thresholds of [`crate::ai::skill`]; on a mistake or a
//! blunder, the words of the move played and of the reference's best, and
//! the best end position drawn beside the one played ([`best_view`]).
//! Made only from an analysis stored after the game's end: a running game
//! has none, so nothing of the analysis shows during play.

use super::story::{Move, view_after};
use crate::ai::analysis::event_series;
use crate::ai::review::{Review, Step};
use crate::ai::skill::Label;
use crate::discord::game::table::Table;
use crate::discord::view::lang::{Lang, tr};
use crate::discord::view::picture::replay_words;
use crate::discord::view::words::{choice_words, seat_name};
use crate::engine::{Action, Event, Game, Position, Seat, parse_tpn};
use crate::render::{BoardView, LastAction};
use maud::{Markup, html};
use std::collections::HashMap;

/// One step's marks.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct StepMarks {
    /// Each series thrown in the step: the thrower and its luck (chance of
    /// winning, 1 = a whole game).
    pub(crate) luck: Vec<(Seat, f64)>,
    /// The step's use of its throws, if it was a decision.
    pub(crate) decision: Option<DecisionMark>,
}

/// A decision judged: what it gave away and, when that was costly, the
/// moves and where the best one ends.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct DecisionMark {
    pub(crate) seat: Seat,
    pub(crate) loss: f64,
    pub(crate) label: Option<Label>,
    /// The position the throws were used from.
    pub(crate) before: Position,
    pub(crate) played: Vec<Action>,
    /// The reference's best (empty: the one played).
    pub(crate) best: Vec<Action>,
}

impl DecisionMark {
    /// A mistake or a blunder, with a better move to show.
    pub(crate) fn costly(&self) -> bool {
        self.label >= Some(Label::Mistake) && !self.best.is_empty()
    }
}

impl StepMarks {
    /// About how many bytes it holds.
    pub(crate) fn size(&self) -> usize {
        let d = self.decision.as_ref().map_or(0, |d| (d.played.len() + d.best.len()) * size_of::<Action>());
        size_of::<StepMarks>() + size_of::<DecisionMark>() + self.luck.len() * 16 + d
    }
}

/// Every step's marks (by move index) from the review of `t`'s game, or
/// none when its log does not replay.
pub(crate) fn marks(t: &Table, moves: &[Move], review: &Review) -> Vec<StepMarks> {
    let Ok(series) = event_series(Game::new(t.ruleset, t.seats()), &t.events) else { return Vec::new() };
    // The step (move) where each series' throws, and its use of them, are.
    let (mut thrown, mut used) = (HashMap::new(), HashMap::new());
    let mut m = 0;
    for (i, (event, &k)) in t.events.iter().zip(&series).enumerate() {
        while moves.get(m).is_some_and(|mv| mv.end <= i) {
            m += 1;
        }
        if m == moves.len() {
            break;
        }
        let at = if matches!(event, Event::Throw { .. }) { &mut thrown } else { &mut used };
        at.entry(k).or_insert(m);
    }
    let mut out = vec![StepMarks::default(); moves.len()];
    for step in &review.steps {
        match step {
            Step::Series { series, seat, luck, .. } => {
                if let Some(&m) = thrown.get(series) {
                    out[m].luck.push((*seat, *luck));
                }
            }
            Step::Decision { series, seat, tpn, played, best, loss, label, .. } => {
                let (Some(&m), Ok(before)) = (used.get(series), parse_tpn(tpn)) else { continue };
                if moves[m].seat == *seat && before.turn() == *seat {
                    let (played, best) = (played.clone(), best.clone());
                    out[m].decision =
                        Some(DecisionMark { seat: *seat, loss: *loss, label: *label, before, played, best });
                }
            }
        }
    }
    out
}

/// Points of chance, signed, to a tenth: "+3.2", "−0.4" (a true minus).
fn signed(chance: f64) -> String {
    let p = (chance * 1000.0).round() / 10.0;
    if p > 0.0 {
        format!("+{p:.1}")
    } else if p < 0.0 {
        format!("\u{2212}{:.1}", -p)
    } else {
        "0.0".to_string()
    }
}

fn label_word(lang: Lang, label: Label) -> String {
    match label {
        Label::Inaccuracy => tr!(lang, "web-mark-inaccuracy"),
        Label::Mistake => tr!(lang, "web-mark-mistake"),
        Label::Blunder => tr!(lang, "web-mark-blunder"),
    }
}

fn label_class(label: Label) -> &'static str {
    match label {
        Label::Inaccuracy => "mark inaccuracy",
        Label::Mistake => "mark mistake",
        Label::Blunder => "mark blunder",
    }
}

/// The small mark of a step in the story's list: its decision's label.
pub(crate) fn badge(lang: Lang, marks: &StepMarks) -> Markup {
    let Some(label) = marks.decision.as_ref().and_then(|d| d.label) else { return html! {} };
    html! { " " span class=(label_class(label)) { (label_word(lang, label)) } }
}

/// A player's name, else her seat's.
fn who(lang: Lang, names: &[String; 4], seat: Seat) -> String {
    let name = &names[seat.index()];
    if name.is_empty() { seat_name(lang, seat) } else { name.clone() }
}

/// A move in the game's notation with its throws: "c3 → e5 (4+1)".
fn move_words(lang: Lang, before: &Position, path: &[Action]) -> String {
    let (what, throws) = choice_words(lang, before, path);
    if throws.is_empty() { what } else { format!("{what} ({throws})") }
}

/// A step's marks in the replay, under its words: each series' luck, the
/// decision's label and loss, and on a costly one both moves named and
/// both end positions drawn side by side (`key`, `step`: the pictures').
/// `names`: the players' by seat index.
pub(crate) fn marks_html(
    lang: Lang,
    key: &str,
    step: usize,
    marks: &StepMarks,
    (alt, names): (&str, &[String; 4]),
) -> Markup {
    let luck: Vec<String> = marks.luck.iter().map(|(_, l)| signed(*l)).collect();
    html! {
        @if !marks.luck.is_empty() || marks.decision.is_some() {
            div id="marks" class="marks" {
                @if let Some((seat, _)) = marks.luck.first() {
                    p id="mark-luck" {
                        (tr!(lang, "web-mark-luck", who = who(lang, names, *seat), points = luck.join(", ")))
                    }
                }
                @if let Some(d) = &marks.decision { (decision_html(lang, key, step, d, alt)) }
            }
        }
    }
}

fn decision_html(lang: Lang, key: &str, step: usize, d: &DecisionMark, alt: &str) -> Markup {
    let points = format!("{:.1}", 100.0 * d.loss);
    let played = move_words(lang, &d.before, &d.played);
    html! {
        p id="mark-decision" {
            @match d.label {
                Some(label) => {
                    span class=(label_class(label)) { (label_word(lang, label)) }
                    " " (tr!(lang, "web-mark-loss", points = points))
                }
                None if d.best.is_empty() => { (tr!(lang, "web-mark-best")) }
                None => { (tr!(lang, "web-mark-close", points = points)) }
            }
        }
        @if d.costly() {
            @let best = move_words(lang, &d.before, &d.best);
            div class="compare" role="group" aria-label=(tr!(lang, "web-mark-compare")) {
                figure {
                    img src={ "/g/" (key) "/board.png?step=" (step) } alt=(alt) width="400" height="400";
                    figcaption { (tr!(lang, "web-mark-played", what = played)) }
                }
                figure {
                    img id="best-img" src={ "/g/" (key) "/best.png?step=" (step) }
                        alt=(tr!(lang, "web-mark-best-alt", what = best.clone())) width="400" height="400";
                    figcaption { (tr!(lang, "web-mark-better", what = best)) }
                }
            }
        }
    }
}

/// The board after the reference's best use of a costly decision's
/// throws, its actions drawn as the replay draws a move's, its caption
/// naming it; `None` when it does not replay.
pub(crate) fn best_view(lang: Lang, d: &DecisionMark, names: &[String; 4]) -> Option<BoardView> {
    let mut game = Game::from_position(d.before);
    let (mut last, mut mg) = (Vec::new(), crate::engine::MoveGen::new());
    for &action in &d.best {
        let before = *game.position();
        let captured = game.act(action, &mut mg).ok()?.captured;
        last.extend(LastAction::of(&before, action, captured));
    }
    let mut view = view_after(game.position(), names, last);
    // The caption first: the picture's words are made with it.
    let who = view.name(d.seat);
    view.note = Some(tr!(lang, "web-mark-best-note", who = who, what = choice_words(lang, &d.before, &d.best).0));
    (replay_words(lang).0)(&mut view, None);
    Some(view)
}
