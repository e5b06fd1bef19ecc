//! The words of a practice game's hint (`/thaayam hint`), answered
//! privately: the best move named as the menu names its option, and the
//! chance of winning before and after in whole percent; or why there is
//! no hint.

use super::lang::{Lang, tr};
use super::presenter::menu_options;
use super::words::{choice_words, percent};
use crate::discord::game::hint::{Hint, HintRefusal};

/// The private answer to `/thaayam hint`.
pub(crate) fn hint_text(lang: Lang, hint: &Result<Hint, HintRefusal>) -> String {
    let hint = match hint {
        Ok(hint) => hint,
        Err(refusal) => return refusal_text(lang, *refusal),
    };
    let option = hint
        .pick
        .and_then(|p| menu_options(lang, &hint.menu).into_iter().find(|o| o.value == p.encode()))
        .map(|o| o.label);
    let mut text = match option {
        Some(label) => tr!(lang, "hint-pick", option = label),
        None => tr!(lang, "hint-build", what = choice_words(lang, hint.base.position(), &hint.path).0),
    };
    text.push('\n');
    text.push_str(&tr!(lang, "hint-chances", before = percent(hint.before), after = percent(hint.after)));
    if let Some((low, high)) = hint.others {
        text.push('\n');
        let (low, high) = (percent(low), percent(high));
        text.push_str(&if low == high {
            tr!(lang, "hint-other", chance = low)
        } else {
            tr!(lang, "hint-others", low = low, high = high)
        });
    }
    text
}

fn refusal_text(lang: Lang, refusal: HintRefusal) -> String {
    match refusal {
        HintRefusal::NoGame => tr!(lang, "hint-no-game"),
        HintRefusal::NotPractice => tr!(lang, "hint-not-practice"),
        HintRefusal::NotSeated => tr!(lang, "hint-not-seated"),
        HintRefusal::NotYourTurn => tr!(lang, "hint-not-your-turn"),
        HintRefusal::NoChoice => tr!(lang, "hint-no-choice"),
        HintRefusal::NoNetwork { ruleset, players } => {
            tr!(lang, "hint-no-network", ruleset = ruleset.to_string(), players = players)
        }
    }
}
