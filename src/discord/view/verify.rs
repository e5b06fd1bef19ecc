//! The answer of `/thaayam verify`: a finished game's fair-dice check
//! (the seed, its commitment, both verdicts, the throws by turn as far as
//! the embed holds them) in the reader's language; the whole check in
//! English goes along as a text file ([`crate::dice::Audit::report`]).

use super::lang::{Lang, tr};
use super::message::{Embed, Message, limits};
use super::words::{COLOUR, seat_name};
use crate::dice::Audit;
use crate::discord::game::ids::GameId;

/// The file name of the attached report.
pub(crate) fn file_name(game: GameId) -> String {
    format!("thaayam-game-{game}-dice.txt")
}

/// The answer for game `game`, checked as `audit` found.
pub(crate) fn verify_message(lang: Lang, game: i64, seed_hex: &str, commitment: &str, audit: &Audit) -> Message {
    let mark = |ok: bool| if ok { "✅" } else { "❌" };
    let throws = match audit.wrong {
        None => tr!(lang, "verify-throws-ok", count = audit.throws),
        Some(w) => tr!(
            lang,
            "verify-throws-bad",
            index = w.index + 1,
            count = audit.throws,
            logged = w.logged.token(),
            derived = w.derived.token()
        ),
    };
    let seed_check = if audit.seed_matches { tr!(lang, "verify-seed-ok") } else { tr!(lang, "verify-seed-bad") };
    let description = [
        tr!(lang, "verify-seed", seed = seed_hex),
        tr!(lang, "verify-commitment", commitment = commitment),
        String::new(),
        format!("{} {seed_check}", mark(audit.seed_matches)),
        format!("{} {throws}", mark(audit.wrong.is_none())),
    ]
    .join("\n");
    let mut fields = Vec::new();
    if !audit.turns.is_empty() {
        fields.push((tr!(lang, "verify-turns"), turns_field(lang, audit)));
    }
    Message {
        embed: Some(Embed {
            title: tr!(lang, "verify-title", game = game),
            description,
            fields,
            footer: tr!(lang, "verify-steps", derivation = audit.derivation.name()),
            colour: COLOUR,
        }),
        ..Message::default()
    }
}

/// As many turns as fit in a field, then how many more the file lists.
fn turns_field(lang: Lang, audit: &Audit) -> String {
    let lines: Vec<String> = audit
        .turns
        .iter()
        .enumerate()
        .map(|(i, (seat, throws))| {
            let throws: Vec<&str> = throws.iter().map(|t| t.token()).collect();
            format!("{}. {}: {}", i + 1, seat_name(lang, *seat), throws.join(" "))
        })
        .collect();
    // Room for the "more in the file" line.
    let room = limits::FIELD_VALUE - 120;
    let mut out = String::new();
    let mut shown = 0;
    for line in &lines {
        if out.chars().count() + line.chars().count() + 1 > room {
            break;
        }
        out.push_str(line);
        out.push('\n');
        shown += 1;
    }
    if shown < lines.len() {
        out.push_str(&tr!(lang, "verify-more", count = lines.len() - shown));
    }
    out.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{Derivation, WrongThrow, commitment};
    use crate::discord::view::message::check;
    use crate::engine::{Seat, Throw};

    fn audit(turns: usize, wrong: Option<WrongThrow>) -> Audit {
        let seats = [Seat::S, Seat::N];
        Audit {
            derivation: Derivation::Sha256,
            seed_matches: true,
            throws: turns * 3,
            wrong,
            turns: (0..turns).map(|i| (seats[i % 2], vec![Throw::One, Throw::Four, Throw::Two])).collect(),
        }
    }

    #[test]
    fn a_long_game_fits_every_limit_and_says_how_many_turns_are_in_the_file() {
        for lang in Lang::all() {
            let m = verify_message(lang, 12, &"ab".repeat(32), &commitment(&[1; 32]), &audit(400, None));
            check(&m).unwrap_or_else(|e| panic!("{lang:?}: {e}"));
            let embed = m.embed.expect("an embed");
            assert!(embed.description.contains(&"ab".repeat(32)), "the seed in full");
            assert!(embed.description.contains(&commitment(&[1; 32])), "the commitment in full");
            assert_eq!(embed.description.matches('✅').count(), 2);
            let turns = &embed.fields[0].1;
            assert!(turns.starts_with("1. "), "{turns}");
            assert!(turns.lines().count() > 20, "{turns}");
            let last = turns.lines().last().unwrap_or_default();
            assert!(last.contains(char::is_numeric) && !last.starts_with(char::is_numeric), "{last}");
        }
    }

    #[test]
    fn a_wrong_throw_is_named_with_both_values() {
        let wrong = WrongThrow { index: 4, logged: Throw::Eight, derived: Throw::Two };
        let m = verify_message(Lang::EN, 3, &"00".repeat(32), "x", &audit(3, Some(wrong)));
        let text = m.embed.expect("an embed").description;
        assert!(text.contains('❌') && text.contains("Throw 5 of 9") && text.contains('8'), "{text}");
    }
}
