//! The notes of a change in words, the lines shown above the board:
//! mentions for people, struck-through discarded throws, moves described
//! in squares.

use super::lang::{Lang, tr};
use super::words::{and_list, computer_name, mention, move_words, seat_name};
use crate::discord::game::lost::{Block, LostWhy};
use crate::discord::game::notes::{Note, Vacated};
use crate::engine::Throw;

/// The lines of a change's notes, in order; why throws are struck through
/// is said once, after the first line that strikes one.
pub(crate) fn note_lines(lang: Lang, notes: &[Note]) -> Vec<String> {
    let mut lines = Vec::with_capacity(notes.len());
    let mut explained = false;
    for note in notes {
        lines.push(line(lang, note));
        if let Note::Threw { throws, .. } = note
            && throws.iter().any(|&(_, discarded)| discarded)
            && !explained
        {
            lines.push(tr!(lang, "note-discarded"));
            explained = true;
        }
    }
    lines
}

fn line(lang: Lang, note: &Note) -> String {
    match note {
        Note::Joined(u) => tr!(lang, "note-joined", who = mention(*u)),
        Note::Left(u) => tr!(lang, "note-left", who = mention(*u)),
        Note::ComputerJoined(level) => tr!(lang, "note-computer-joined", who = computer_name(lang, level.name())),
        Note::Started => tr!(lang, "note-started"),
        Note::EndedBy(u) => tr!(lang, "note-ended-by", who = mention(*u)),
        Note::LobbyExpired => tr!(lang, "note-lobby-expired"),
        Note::Idle(turns) => tr!(lang, "note-idle", turns = *turns),
        Note::Removed { user, then } => tr!(lang, "note-removed", who = mention(*user), then = vacated(lang, *then)),
        Note::Resigned { user, then } => tr!(lang, "note-resigned", who = mention(*user), then = vacated(lang, *then)),
        Note::Threw { seat, throws } => {
            let shown: Vec<String> = throws
                .iter()
                .map(|&(t, discarded)| if discarded { format!("~~{}~~", t.token()) } else { t.token().to_string() })
                .collect();
            tr!(lang, "note-threw", seat = seat_name(lang, *seat), throws = shown.join(" · "))
        }
        Note::FirstThrow(Throw::Sonal) => tr!(lang, "note-sonal"),
        Note::FirstThrow(_) => tr!(lang, "note-zero"),
        Note::Begins(seat) => tr!(lang, "note-begins", seat = seat_name(lang, *seat)),
        Note::ThrowsLost { count, why } => {
            tr!(lang, "note-throws-lost", count = *count, why = lost_why(lang, why))
        }
        Note::Played { seat, before, path, forced } => {
            let (what, throws) = move_words(lang, before, path);
            let forced = forced.then(|| tr!(lang, "note-only-move"));
            let why: Vec<String> = [Some(throws).filter(|t| !t.is_empty()), forced].into_iter().flatten().collect();
            let why = if why.is_empty() { String::new() } else { format!(" ({})", why.join(", ")) };
            tr!(lang, "note-played", seat = seat_name(lang, *seat), what = format!("{what}{why}"))
        }
        Note::Captured { seat, count } => tr!(lang, "note-captured", seat = seat_name(lang, *seat), count = *count),
        Note::Unused(n) => tr!(lang, "note-unused", count = *n),
        Note::TookBack => tr!(lang, "note-took-back"),
        Note::TimedOut(u) => tr!(lang, "note-timed-out", who = mention(*u)),
        Note::Forfeited { user, then } => {
            tr!(lang, "note-forfeited", who = mention(*user), then = vacated(lang, *then))
        }
        Note::DecidedAtDeadline => tr!(lang, "note-decided-at-deadline"),
        Note::NoShow { user, then } => tr!(lang, "note-no-show", who = mention(*user), then = vacated(lang, *then)),
        Note::VotedStandIn { away, by, votes, needed } => tr!(
            lang,
            "note-voted-stand-in",
            who = mention(*by),
            away = mention(*away),
            votes = *votes,
            needed = *needed
        ),
        Note::StoodIn(u) => tr!(lang, "note-stood-in", who = mention(*u)),
        Note::Rematch { game, players } => {
            let players: Vec<String> = players.iter().map(|&u| mention(u)).collect();
            tr!(lang, "note-rematch", game = *game, players = and_list(lang, &players))
        }
    }
}

/// Why throws were lost, " (…; …)", or nothing when no rule says it.
fn lost_why(lang: Lang, why: &LostWhy) -> String {
    let goal = if why.home { "home" } else { "keep" };
    let reasons: Vec<String> = why
        .blocks
        .iter()
        .map(|block| match block {
            Block::Enter(throws) => {
                let throws: Vec<&str> = throws.iter().map(|t| t.token()).collect();
                tr!(lang, "lost-why-enter", throws = throws.join(" · "))
            }
            Block::BearOffWithOne => tr!(lang, "lost-why-bear-off"),
            Block::Exact => tr!(lang, "lost-why-exact", goal = goal),
            Block::Zero => tr!(lang, "lost-why-zero"),
        })
        .collect();
    if reasons.is_empty() { String::new() } else { format!(" ({})", reasons.join("; ")) }
}

/// The end of a line about a player who left: what became of the seat.
fn vacated(lang: Lang, then: Vacated) -> String {
    match then {
        Vacated::Free => tr!(lang, "vacated-free"),
        Vacated::Computer => tr!(lang, "vacated-computer"),
        Vacated::OtherWins => tr!(lang, "vacated-other-wins"),
        Vacated::EndsUnrated => tr!(lang, "vacated-ends-unrated"),
        Vacated::Last => tr!(lang, "vacated-last"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::game::ids::UserId;
    use crate::engine::{Seat, Throw};

    #[test]
    fn discarded_throws_are_struck_through_and_explained_once() {
        let note = Note::Threw { seat: Seat::S, throws: vec![(Throw::Two, true), (Throw::One, false)] };
        let lines = note_lines(Lang::EN, &[note]);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines[0].contains("~~2~~ · 1"), "{}", lines[0]);
        let kept = Note::Threw { seat: Seat::S, throws: vec![(Throw::One, false)] };
        assert_eq!(note_lines(Lang::EN, &[kept]).len(), 1);
        // A round in which three players threw in vain explains it once.
        let vain = |seat| Note::Threw { seat, throws: vec![(Throw::Three, true)] };
        let lines = note_lines(Lang::EN, &[vain(Seat::N), vain(Seat::S), vain(Seat::W)]);
        let explained = tr!(Lang::EN, "note-discarded");
        assert_eq!(lines.iter().filter(|l| **l == explained).count(), 1, "{lines:?}");
        assert_eq!(lines.len(), 4, "{lines:?}");
    }

    #[test]
    fn people_are_mentioned() {
        assert_eq!(note_lines(Lang::EN, &[Note::Joined(UserId(7))]), vec!["<@7> joined.".to_string()]);
    }
}
