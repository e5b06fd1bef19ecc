//! The words and the chart of a post-game analysis: the chart's lines and
//! numbered markers from an [`Analysis`], and the message naming who sat
//! where (the chart's lettered discs) and the three biggest swings, luck
//! or choice, in the server's language.

use super::lang::{Lang, tr};
use super::message::{Message, limits};
use super::words::{choice_words, clip, percent, seat_letter, seat_letters, seat_name};
use crate::ai::analysis::{Analysis, CHOICE_MIN, Cause, Swing};
use crate::engine::{Seat, parse_tpn};
use crate::render::Chart;

/// The chart of an analysis: every point, a marker at each swing.
pub(crate) fn chart(lang: Lang, a: &Analysis) -> Chart {
    let points = a.points.iter().map(|p| (p.x, p.chances)).collect();
    let markers = a.swings.iter().map(|s| (s.x, s.seat, s.after)).collect();
    Chart { seats: a.seats, points, markers, letters: seat_letters(lang) }
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
    Message { content: clip(&lines.join("\n"), limits::CONTENT), ..Message::default() }
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
            let m = analysis_message(lang, "#4", "bell", &seats, &a.swings);
            assert!(m.content.contains("<@5>") && m.content.contains("#4"), "{}", m.content);
            assert!(m.content.contains("e4"), "the move is named by its squares: {}", m.content);
            assert!(crate::discord::view::message::check(&m).is_ok());
            assert!(m.mentions.is_empty(), "a public record pings no one");
        }
        let en = analysis_message(Lang::EN, "#4", "bell", &seats, &a.swings).content;
        assert!(en.contains("choice") && en.contains("luck"), "{en}");
        let calm = analysis_message(Lang::EN, "#4", "bell", &seats, &[]).content;
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
}
