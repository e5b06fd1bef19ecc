//! The words of the game, in one place: how a unit, a move, a square and a
//! player are named, mentions, and cutting text to Discord's limits. The
//! presenter, the notes and the record commands all name things through
//! these functions, so a name reads the same everywhere.

use crate::discord::game::choices::UnitKey;
use crate::discord::game::computer::Level;
use crate::discord::game::table::{Player, UserId};
use crate::engine::{Action, Position, Seat, Throw, ThrowBag, Unit, destination, square_name};
use std::fmt::Display;

/// The embed colour of every bot message (the board's brown).
pub(crate) const COLOUR: u32 = 0xB5_651D;

/// `<@id>`: a mention, which pings only when the message allows it.
pub(crate) fn mention(user: UserId) -> String {
    format!("<@{user}>")
}

/// How a computer player is named: "computer (easy)".
pub(crate) fn computer_name(level: impl Display) -> String {
    format!("computer ({level})")
}

/// How the player of a seat is named in text: a mention or the computer.
pub(crate) fn player_name(p: Player) -> String {
    match p {
        Player::Human(u) => mention(u),
        Player::Computer(level) => computer_name(level),
    }
}

/// What a computer level does, for the lobby select.
pub(crate) fn level_description(level: Level) -> &'static str {
    match level {
        Level::Random => "plays any legal move",
        Level::Easy => "takes the best-looking move now",
        Level::Medium => "plans the whole series of throws",
        Level::Hard => "looks ahead at the opponents' replies",
    }
}

/// A short label for a unit option.
pub(crate) fn unit_label(key: UnitKey) -> String {
    match key {
        UnitKey::Enter => "Enter a new piece".into(),
        UnitKey::EnterTwins => "Bring the twins back in".into(),
        UnitKey::EnterWith(t) => format!("Enter a new piece with the {t}"),
        UnitKey::EnterPair(t) => format!("Bring the captured pair back with the {t}"),
        UnitKey::Piece { from, twins: false } => format!("Piece on step {from}"),
        UnitKey::Piece { from, twins: true } => format!("Twins on step {from}"),
        UnitKey::Twins => "Make twins".into(),
        UnitKey::BearOff => "Bear a piece off".into(),
        UnitKey::Pass => "Stop here (pass)".into(),
    }
}

/// What an action does, in words: "8+1 → c4 (captures)".
pub(crate) fn describe(pos: &Position, action: Action) -> String {
    let seat = pos.turn();
    match action {
        Action::Advance { throws, .. } => {
            let to = destination(pos, action).map(|(_, step)| place(pos, seat, step)).unwrap_or_default();
            let hit = if captures(pos, action) { " (captures)" } else { "" };
            format!("{} → {to}{hit}", plus(throws))
        }
        Action::Enter | Action::EnterTwins | Action::EnterWith { .. } | Action::EnterPair { .. } => {
            let entry = pos.rules().entry.step;
            format!("{} → {}", plus(action.throws()), place(pos, seat, entry))
        }
        Action::Twins => "join two pieces into twins".into(),
        Action::BearOff => "1 → off the board".into(),
        Action::Pass => "leave the other throws unused".into(),
    }
}

/// The throws of a bag joined with `+`, largest first.
pub(crate) fn plus(bag: ThrowBag) -> String {
    bag.iter_desc().map(Throw::token).collect::<Vec<_>>().join("+")
}

/// A square name for a step of a seat's track, "the keep" for the goal.
pub(crate) fn place(pos: &Position, seat: Seat, step: u8) -> String {
    let rules = pos.rules();
    let track = rules.board.tracks[seat.index()];
    match track.get(usize::from(step)) {
        Some(&cell) if step == rules.goal() => format!("the keep ({})", square_name(cell)),
        Some(&cell) => square_name(cell),
        None => format!("step {step}"),
    }
}

/// Whether an advance lands on an enemy unit on an unmarked square.
fn captures(pos: &Position, action: Action) -> bool {
    let Some((_, step)) = destination(pos, action) else { return false };
    let rules = pos.rules();
    let Some(&cell) = rules.board.tracks[pos.turn().index()].get(usize::from(step)) else { return false };
    if rules.board.is_safe(cell) {
        return false;
    }
    let cell_of =
        |seat: Seat, unit: Unit| unit.step().and_then(|s| rules.board.tracks[seat.index()].get(usize::from(s)));
    pos.seats().iter().filter(|&s| s != pos.turn()).any(|s| pos.army(s).units().any(|u| cell_of(s, u) == Some(&cell)))
}

/// The descriptions of several actions, for a select option.
pub(crate) fn previews(pos: &Position, actions: &[Action]) -> String {
    actions.iter().map(|&a| describe(pos, a)).collect::<Vec<_>>().join("; ")
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
pub(crate) fn fit_lines(lines: &[String], max: usize) -> String {
    let mut out = String::new();
    let mut used = 0;
    for (i, line) in lines.iter().enumerate() {
        let left = lines.len() - i;
        let more = format!("…and {left} more");
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clip_counts_characters() {
        assert_eq!(clip("abc", 3), "abc");
        assert_eq!(clip("ééééé", 3).chars().count(), 3);
        assert_eq!(clip("abcdef", 4), "abc…");
    }

    #[test]
    fn lines_that_do_not_fit_are_counted() {
        let lines: Vec<String> = (0..10).map(|i| format!("line {i}")).collect();
        assert_eq!(fit_lines(&lines[..2], 100), "line 0\nline 1");
        let cut = fit_lines(&lines, 30);
        assert!(cut.chars().count() <= 30, "{cut}");
        assert!(cut.starts_with("line 0\nline 1"), "{cut}");
        let kept = cut.lines().count() - 1;
        assert!(cut.ends_with(&format!("…and {} more", 10 - kept)), "{cut}");
        assert_eq!(fit_lines(&[], 10), "");
    }
}
