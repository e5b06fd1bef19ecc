//! Why nothing changed, in words: the private answer to a refused click or
//! command.

use super::lang::{Lang, tr};
use super::words::mention;
use crate::discord::game::intent::Refusal;

/// The private note after a click on a board that was behind its game
/// (the bot restarted between saving a change and showing it): the board
/// now shows the game as it stands.
pub(crate) fn board_caught_up(lang: Lang) -> String {
    tr!(lang, "board-caught-up")
}

/// The private note after a click on the board of a game that had ended
/// without showing it: the board now shows the end.
pub(crate) fn end_shown(lang: Lang) -> String {
    tr!(lang, "end-shown")
}

/// The private answer to a refusal.
pub(crate) fn refusal_text(lang: Lang, refusal: &Refusal) -> String {
    match refusal {
        Refusal::Stale => tr!(lang, "refusal-stale"),
        Refusal::Closed => tr!(lang, "refusal-closed"),
        Refusal::NotYourTurn => tr!(lang, "refusal-not-your-turn"),
        Refusal::NotHost => tr!(lang, "refusal-not-host"),
        Refusal::NotSeated => tr!(lang, "refusal-not-seated"),
        Refusal::AlreadySeated => tr!(lang, "refusal-already-seated"),
        Refusal::LobbyFull => tr!(lang, "refusal-lobby-full"),
        Refusal::TooFewPlayers => tr!(lang, "refusal-too-few"),
        Refusal::WrongMoment(why) => reason(lang, why),
        Refusal::BadChoice(why) => tr!(lang, "refusal-bad-choice", why = reason(lang, why)),
        Refusal::NotPlaying(user) => tr!(lang, "refusal-not-playing", who = mention(*user)),
        Refusal::Unsaved => tr!(lang, "refusal-unsaved"),
    }
}

/// A reason the rules give (`discord::game` words them in English) in
/// `lang`; a reason not known here is shown as it is.
fn reason(lang: Lang, why: &str) -> String {
    match why {
        "The game has already started." => tr!(lang, "why-started"),
        "On this server only moderators (Manage Messages) can end a running game." => {
            tr!(lang, "why-only-moderators")
        }
        "The host cannot be removed from the lobby; cancel it instead." => tr!(lang, "why-host-stays"),
        "The throws are already made: choose a move." => tr!(lang, "why-thrown"),
        "Nothing more to choose: press Confirm (or Undo)." => tr!(lang, "why-nothing-more"),
        "Nothing to undo." => tr!(lang, "why-nothing-to-undo"),
        "Nothing chosen yet: pick a move in the menu first." => tr!(lang, "why-nothing-chosen"),
        "The move is not complete yet: pick how it goes on in the menu." => tr!(lang, "why-incomplete"),
        "The game has not started yet." => tr!(lang, "why-not-started"),
        "that option is not one of the menu's" => tr!(lang, "why-not-an-option"),
        "that option is not on the menu any more" => tr!(lang, "why-gone"),
        "that step is not on the menu" => tr!(lang, "why-no-step"),
        "that page is not on the menu" => tr!(lang, "why-no-page"),
        "the choices no longer fit the game" => tr!(lang, "why-stale-choices"),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every reason the rules give, as written in `discord/game`.
    fn reasons_in_the_rules() -> Vec<String> {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/discord/game");
        let mut out = Vec::new();
        for entry in std::fs::read_dir(dir).expect("src/discord/game").flatten() {
            let text = std::fs::read_to_string(entry.path()).expect("a source file");
            for marker in ["WrongMoment(\"", "BadChoice(\""] {
                for piece in text.split(marker).skip(1) {
                    out.extend(piece.split('"').next().map(str::to_string));
                }
            }
            // `WrongMoment(if ... { "a" } else { "b" })`
            for piece in text.split("WrongMoment(if").skip(1) {
                let body = piece.split("}))").next().unwrap_or_default();
                out.extend(body.split('"').skip(1).step_by(2).map(str::to_string));
            }
        }
        out
    }

    #[test]
    fn every_reason_of_the_rules_is_translated() {
        let reasons = reasons_in_the_rules();
        assert!(reasons.len() >= 10, "{reasons:?}");
        for why in reasons {
            for lang in Lang::all() {
                let said = reason(lang, &why);
                if lang == Lang::EN {
                    assert_eq!(said, why, "the English reason is the rules' own");
                } else {
                    assert_ne!(said, why, "{} has no words for this reason", lang.code());
                }
            }
        }
    }
}
