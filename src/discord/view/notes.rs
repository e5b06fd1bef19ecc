//! The notes of a change in words, the lines shown above the board:
//! mentions for people, struck-through discarded throws, moves described
//! in squares.

use super::words::{computer_name, mention, move_words};
use crate::discord::game::notes::{Note, Vacated};

/// The lines of a change's notes, in order.
pub(crate) fn note_lines(notes: &[Note]) -> Vec<String> {
    let mut lines = Vec::with_capacity(notes.len());
    for note in notes {
        lines.push(line(note));
        if let Note::Threw { throws, .. } = note
            && throws.iter().any(|&(_, discarded)| discarded)
        {
            lines
                .push("Struck-through throws are discarded: a player with no piece on the board waits for a 1.".into());
        }
    }
    lines
}

fn line(note: &Note) -> String {
    match note {
        Note::Joined(u) => format!("{} joined.", mention(*u)),
        Note::Left(u) => format!("{} left.", mention(*u)),
        Note::ComputerJoined(level) => format!("A {} joined.", computer_name(level)),
        Note::Started => "The game starts: everyone throws once; the highest throw begins.".into(),
        Note::EndedBy(u) => format!("{} ended the game.", mention(*u)),
        Note::Removed { user, then } => format!("{} was removed{}", mention(*user), vacated(*then)),
        Note::Resigned { user, then } => format!("{} resigned{}", mention(*user), vacated(*then)),
        Note::Threw { seat, throws } => {
            let shown: Vec<String> = throws
                .iter()
                .map(|&(t, discarded)| if discarded { format!("~~{}~~", t.token()) } else { t.token().to_string() })
                .collect();
            format!("{} threw {}", seat.name(), shown.join(" · "))
        }
        Note::Begins(seat) => format!("{} threw highest and begins.", seat.name()),
        Note::ThrowsLost(n) => format!("No legal move: {n} throw(s) lost, the turn passes."),
        Note::Played { seat, before, path, forced } => {
            let (what, throws) = move_words(before, path);
            let forced = forced.then_some("the only possible move".to_string());
            let why: Vec<String> = [Some(throws).filter(|t| !t.is_empty()), forced].into_iter().flatten().collect();
            let why = if why.is_empty() { String::new() } else { format!(" ({})", why.join(", ")) };
            format!("{}: {what}{why}", seat.name())
        }
        Note::Captured { seat, count } => format!("{} captured {count} piece(s) and throws again.", seat.name()),
        Note::Unused(n) => format!("{n} throw(s) could not be used."),
        Note::TookBack => "Took back the choice.".into(),
        Note::TimedOut(u) => format!("{} ran out of time; the computer plays this turn.", mention(*u)),
        Note::Forfeited { user, then } => {
            format!("{} missed three turns in a row and forfeits{}", mention(*user), vacated(*then))
        }
    }
}

/// The end of a line about a player who left: what became of the seat.
fn vacated(then: Vacated) -> &'static str {
    match then {
        Vacated::Free => " from the lobby.",
        Vacated::Computer => "; a computer takes the seat.",
        Vacated::OtherWins => "; the other player wins.",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Seat, Throw};

    #[test]
    fn discarded_throws_are_struck_through_and_explained_once() {
        let note = Note::Threw { seat: Seat::S, throws: vec![(Throw::Two, true), (Throw::One, false)] };
        let lines = note_lines(&[note]);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines[0].contains("~~2~~ · 1"), "{}", lines[0]);
        let kept = Note::Threw { seat: Seat::S, throws: vec![(Throw::One, false)] };
        assert_eq!(note_lines(&[kept]).len(), 1);
    }

    #[test]
    fn people_are_mentioned() {
        assert_eq!(note_lines(&[Note::Joined(7)]), vec!["<@7> joined.".to_string()]);
    }
}
