//! The words and the chart of a post-game analysis: the chart's lines and
//! numbered markers from an [`Analysis`], and the message naming who sat
//! where (the chart's lettered discs) and the three biggest swings, luck
//! or choice, in the server's language.

use super::lang::{Lang, tr};
use super::message::{Embed, Message, limits};
use super::words::{COLOUR, choice_words, clip, percent, seat_letter, seat_letters, seat_name};
use crate::ai::analysis::{Analysis, CHOICE_MIN, Cause, Swing};
use crate::ai::review::{PlayerReview, Review, Step, costliest};
use crate::ai::skill::Label;
use crate::engine::{Seat, parse_tpn};
use crate::render::{Chart, Mark, MarkKind};

/// Series whose luck is at least this (either way) are marked on the chart.
const MARKED_LUCK: f64 = 0.03;

/// The chart of an analysis: every point, a marker at each swing, a mark
/// at each series of marked luck and each labelled decision.
pub(crate) fn chart(lang: Lang, a: &Analysis) -> Chart {
    let points = a.points.iter().map(|p| (p.x, p.chances)).collect();
    let markers = a.swings.iter().map(|s| (s.x, s.seat, s.after)).collect();
    let chance_at = |x: f64, seat: Seat| a.points.iter().rfind(|p| p.x == x).map_or(0.0, |p| p.chances[seat.index()]);
    let marks = a
        .steps
        .iter()
        .filter_map(|step| {
            let kind = match step {
                Step::Series { luck, .. } if luck.abs() >= MARKED_LUCK => MarkKind::Luck(*luck),
                Step::Decision { loss, label: Some(_), .. } => MarkKind::Loss(*loss),
                _ => return None,
            };
            let (x, seat) = (step.x(), step.seat());
            Some(Mark { x, seat, chance: chance_at(x, seat), kind })
        })
        .collect();
    Chart { seats: a.seats, points, markers, letters: seat_letters(lang), marks }
}

/// One line per swing, numbered as on the chart.
fn swing_line(lang: Lang, n: usize, s: &Swing, names: &[String; 4]) -> String {
    let who = names[s.seat.index()].clone();
    let (before, after) = (percent(s.before), percent(s.after));
    match &s.cause {
        Cause::Luck { throws } => {
            let throws: Vec<&str> = throws.iter().map(|t| t.token()).collect();
            tr!(
                lang,
                "analyse-luck",
                n = n,
                series = s.series,
                who = who,
                throws = throws.join(" "),
                before = before,
                after = after
            )
        }
        Cause::Choice { tpn, played, best, best_chance } => {
            let words = |path: &[crate::engine::Action]| match parse_tpn(tpn) {
                // "played <a move as offered>": the menu's words.
                Ok(pos) => choice_words(lang, &pos, path),
                Err(_) => (String::new(), String::new()),
            };
            let ((played, played_throws), (best, best_throws)) = (words(played), words(best));
            tr!(
                lang,
                "analyse-choice",
                n = n,
                series = s.series,
                who = who,
                played = played,
                played_throws = played_throws,
                best = best,
                best_throws = best_throws,
                points = percent(s.size()),
                after = after,
                best_chance = percent(*best_chance),
                before = before,
            )
        }
    }
}

/// The message sent with the chart: the game, who is which disc, the
/// swings. `names` by seat index (mentions, computers).
pub(crate) fn analysis_message(
    lang: Lang,
    game: &str,
    ruleset: &str,
    seats: &[(Seat, String)],
    swings: &[Swing],
    review: Option<&Review>,
) -> Message {
    let mut names: [String; 4] = Default::default();
    for (seat, name) in seats {
        names[seat.index()] = name.clone();
    }
    let legend: Vec<String> = seats
        .iter()
        .map(|(seat, name)| {
            tr!(
                lang,
                "analyse-seat",
                letter = seat_letter(lang, *seat).to_string(),
                seat = seat_name(lang, *seat),
                name = name.clone()
            )
        })
        .collect();
    let mut lines = vec![tr!(lang, "analyse-caption", game = game, ruleset = ruleset), legend.join(" · ")];
    if swings.is_empty() {
        lines.push(tr!(lang, "analyse-calm", points = percent(CHOICE_MIN)));
    }
    lines.extend(swings.iter().enumerate().map(|(i, s)| swing_line(lang, i + 1, s, &names)));
    let embed = review.map(|review| Embed {
        title: tr!(lang, "analyse-table"),
        description: clip(&review_table(lang, review, &names).join("\n"), limits::EMBED_DESCRIPTION),
        colour: COLOUR,
        ..Embed::default()
    });
    Message { content: clip(&lines.join("\n"), limits::CONTENT), embed, ..Message::default() }
}

/// The costliest decisions named.
const COSTLIEST: usize = 5;

/// Points of chance with their sign: "+12", "−3" (a true minus), "0".
fn signed(chance: f64) -> String {
    let p = (chance * 100.0).round() as i64;
    match p {
        0 => "0".to_string(),
        p if p > 0 => format!("+{p}"),
        p => format!("\u{2212}{}", -p),
    }
}

/// The line of one player under a game's result: "alice: dice +12,
/// choices −3, accuracy 91%" (luck total, chance given away, accuracy).
pub(crate) fn review_line(lang: Lang, who: &str, r: &PlayerReview) -> String {
    let (luck, choices) = (signed(r.luck), signed(-r.lost));
    match r.accuracy {
        Some(a) => tr!(lang, "review-line", who = who, luck = luck, choices = choices, accuracy = a.round() as i64),
        None => tr!(lang, "review-line-no-choice", who = who, luck = luck),
    }
}

/// The message that follows a game's result once its analysis is ready:
/// one line per player. `names` by seat index.
pub(crate) fn review_message(lang: Lang, game: &str, review: &Review, names: &[String; 4]) -> Message {
    let mut lines = vec![tr!(lang, "review-caption", game = game)];
    lines.extend(review.players.iter().map(|r| review_line(lang, &names[r.seat.index()], r)));
    Message { content: clip(&lines.join("\n"), limits::CONTENT), ..Message::default() }
}

fn label_word(lang: Lang, label: Option<Label>) -> String {
    match label {
        Some(Label::Inaccuracy) => tr!(lang, "label-inaccuracy"),
        Some(Label::Mistake) => tr!(lang, "label-mistake"),
        Some(Label::Blunder) => tr!(lang, "label-blunder"),
        None => tr!(lang, "label-none"),
    }
}

/// `/thaayam analyse`'s table: every player's totals, then the costliest
/// decisions with the move played and the reference's best.
fn review_table(lang: Lang, review: &Review, names: &[String; 4]) -> Vec<String> {
    let mut lines = Vec::new();
    for r in &review.players {
        lines.push(tr!(
            lang,
            "analyse-player",
            who = names[r.seat.index()].clone(),
            luck = signed(r.luck),
            choices = signed(-r.lost),
            decisions = r.decisions,
            mean = format!("{:.1}", 100.0 * r.mean_loss),
            accuracy = r.accuracy.map_or("–".to_string(), |a| format!("{a:.0}")),
            inaccuracies = r.labels[0],
            mistakes = r.labels[1],
            blunders = r.labels[2],
        ));
    }
    let costly = costliest(&review.steps, COSTLIEST);
    if !costly.is_empty() {
        lines.push(tr!(lang, "analyse-costliest"));
    }
    for (i, step) in costly.into_iter().enumerate() {
        let Step::Decision { series, seat, tpn, played, best, loss, label, .. } = step else { continue };
        let words = |path: &[crate::engine::Action]| match parse_tpn(tpn) {
            Ok(pos) => choice_words(lang, &pos, path),
            Err(_) => (String::new(), String::new()),
        };
        let ((played, played_throws), (best, best_throws)) = (words(played), words(best));
        lines.push(tr!(
            lang,
            "analyse-costly",
            n = i + 1,
            series = *series,
            who = names[seat.index()].clone(),
            played = played,
            played_throws = played_throws,
            best = best,
            best_throws = best_throws,
            points = format!("{:.1}", 100.0 * loss),
            label = label_word(lang, *label),
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::analysis::analyse;
    use crate::engine::{Action, Event, Game, Throw, ThrowBag};

    fn analysed() -> Analysis {
        let start = Game::from_position(parse_tpn("bell S=x,x,16,3 N=x,x,x,22 turn=S throws=2").expect("tpn"));
        let played = Action::Advance { from: 3, twins: false, throws: ThrowBag::of(&[Throw::Two]) };
        let mut events = vec![Event::Act { action: played }];
        events.extend([Throw::Two].map(|t| Event::Throw { t }));
        analyse(start, &events, None).expect("analysed")
    }

    #[test]
    fn the_message_names_the_seats_and_tells_choice_from_luck_in_every_language() {
        let a = analysed();
        assert!(a.swings.iter().any(|s| matches!(s.cause, Cause::Choice { .. })));
        let seats = [(Seat::S, "<@5>".to_string()), (Seat::N, "computer".to_string())];
        for lang in Lang::all() {
            let m = analysis_message(lang, "#4", "bell", &seats, &a.swings, Some(&a.review()));
            assert!(m.content.contains("<@5>") && m.content.contains("#4"), "{}", m.content);
            assert!(m.content.contains("e4"), "the move is named by its squares: {}", m.content);
            assert!(crate::discord::view::message::check(&m).is_ok());
            assert!(m.mentions.is_empty(), "a public record pings no one");
        }
        let en = analysis_message(Lang::EN, "#4", "bell", &seats, &a.swings, None).content;
        assert!(en.contains("choice") && en.contains("luck"), "{en}");
        let calm = analysis_message(Lang::EN, "#4", "bell", &seats, &[], None).content;
        assert!(calm.contains("4 points"), "{calm}");
    }

    #[test]
    fn the_chart_marks_each_swing_where_the_seat_ended() {
        let a = analysed();
        let c = chart(Lang::EN, &a);
        assert_eq!(c.points.len(), a.points.len());
        assert_eq!(c.markers.len(), a.swings.len());
        assert_eq!(c.markers[0], (a.swings[0].x, a.swings[0].seat, a.swings[0].after));
    }

    #[test]
    fn the_result_line_says_luck_choices_and_accuracy_in_every_language() {
        let r = PlayerReview {
            seat: Seat::S,
            luck: 0.12,
            decisions: 10,
            lost: 0.03,
            mean_loss: 0.003,
            accuracy: Some(91.2),
            labels: [1, 0, 0],
        };
        assert_eq!(review_line(Lang::EN, "alice", &r), "alice: dice +12, choices \u{2212}3, accuracy 91%");
        for lang in Lang::all() {
            let l = review_line(lang, "alice", &r);
            assert!(l.contains("+12") && l.contains("\u{2212}3") && l.contains("91"), "{l}");
        }
        let idle = PlayerReview { decisions: 0, accuracy: None, lost: 0.0, luck: -0.05, ..r.clone() };
        assert_eq!(review_line(Lang::EN, "bob", &idle), "bob: dice \u{2212}5, no choice to make");
        let review = Review { players: vec![r, PlayerReview { seat: Seat::N, ..idle }], steps: Vec::new() };
        let names = ["<@1>".to_string(), String::new(), "<@2>".to_string(), String::new()];
        let m = review_message(Lang::EN, "#7", &review, &names);
        assert!(m.content.contains("#7") && m.content.contains("<@1>: dice +12") && m.content.contains("<@2>: dice"));
        assert!(m.mentions.is_empty(), "the analysis pings no one");
    }

    #[test]
    fn the_analysis_shows_every_player_and_the_costliest_decision_with_the_better_move() {
        let a = analysed();
        let seats = [(Seat::S, "<@5>".to_string()), (Seat::N, "computer".to_string())];
        for lang in Lang::all() {
            let m = analysis_message(lang, "#4", "bell", &seats, &a.swings, Some(&a.review()));
            let table = m.embed.as_ref().expect("the table").description.clone();
            assert!(table.contains("<@5>") && table.contains("computer"), "{table}");
            assert!(table.contains("e4") && table.contains("**1.**"), "the costliest, by its squares: {table}");
            assert!(crate::discord::view::message::check(&m).is_ok());
        }
        let en = analysis_message(Lang::EN, "#4", "bell", &seats, &a.swings, Some(&a.review()));
        let table = en.embed.expect("table").description;
        assert!(table.contains("a blunder") && table.contains("1 blunders"), "{table}");
    }

    #[test]
    fn the_chart_marks_the_labelled_decision() {
        let a = analysed();
        let c = chart(Lang::EN, &a);
        assert!(
            c.marks.iter().any(|m| matches!(m.kind, MarkKind::Loss(l) if l > 0.08) && m.seat == Seat::S),
            "{:?}",
            c.marks
        );
    }
}
