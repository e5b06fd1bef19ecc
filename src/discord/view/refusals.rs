//! Why nothing changed, in words: the private answer to a refused click or
//! command.

use super::lang::{Lang, tr};
use super::words::mention;
use crate::discord::game::intent::{BadPick, Moment, Refusal};

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
        Refusal::WrongMoment(why) => moment(lang, *why),
        Refusal::BadChoice(why) => tr!(lang, "refusal-bad-choice", why = bad_pick(lang, *why)),
        Refusal::NotPlaying(user) => tr!(lang, "refusal-not-playing", who = mention(*user)),
        Refusal::Unsaved => tr!(lang, "refusal-unsaved"),
        Refusal::Unsure => tr!(lang, "refusal-unsure"),
    }
}

/// Why the moment is wrong, in `lang`.
fn moment(lang: Lang, why: Moment) -> String {
    match why {
        Moment::Started => tr!(lang, "why-started"),
        Moment::OnlyModeratorsEnd => tr!(lang, "why-only-moderators"),
        Moment::HostStays => tr!(lang, "why-host-stays"),
        Moment::OnlyUnseatedModeratorsRemove => tr!(lang, "why-only-unseated-moderators-remove"),
        Moment::AlreadyThrown => tr!(lang, "why-thrown"),
        Moment::NothingMore => tr!(lang, "why-nothing-more"),
        Moment::NothingToUndo => tr!(lang, "why-nothing-to-undo"),
        Moment::NothingChosen => tr!(lang, "why-nothing-chosen"),
        Moment::Incomplete => tr!(lang, "why-incomplete"),
        Moment::NotStarted => tr!(lang, "why-not-started"),
        Moment::NotAway => tr!(lang, "why-not-away"),
        Moment::AlreadyVoted => tr!(lang, "why-already-voted"),
    }
}

/// Why a choice is not possible, in `lang`.
fn bad_pick(lang: Lang, why: BadPick) -> String {
    match why {
        BadPick::NotAnOption => tr!(lang, "why-not-an-option"),
        BadPick::Gone => tr!(lang, "why-gone"),
        BadPick::NoStep => tr!(lang, "why-no-step"),
        BadPick::NoPage => tr!(lang, "why-no-page"),
        BadPick::StaleChoices => tr!(lang, "why-stale-choices"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_is_worded_in_every_language() {
        let words_in = |lang: Lang| -> Vec<String> {
            Moment::ALL
                .iter()
                .map(|&w| moment(lang, w))
                .chain(BadPick::ALL.iter().map(|&w| bad_pick(lang, w)))
                .collect()
        };
        let english = words_in(Lang::EN);
        assert!(english.contains(&"Nothing to undo.".to_string()), "{english:?}");
        for lang in Lang::all() {
            let words = words_in(lang);
            for (i, w) in words.iter().enumerate() {
                assert!(!w.is_empty() && !w.starts_with("why-"), "{}: reason {i} has no words: {w:?}", lang.code());
                assert!(!words[..i].contains(w), "{}: two reasons read the same: {w}", lang.code());
            }
            if lang != Lang::EN {
                assert!(words.iter().all(|w| !english.contains(w)), "{} shows an English reason", lang.code());
            }
        }
    }
}
