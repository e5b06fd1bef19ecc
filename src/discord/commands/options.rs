//! Slash-command options checked against what each command declares (its
//! choices, number ranges and text lengths) before the command runs. A
//! real client sends nothing else, but anyone can forge an interaction:
//! poise would turn a value outside its type into an error that no one
//! answers ("This interaction failed"), and pass a value inside its type
//! but outside the declared range on silently. Such a command gets a
//! private answer naming the option and what it allows, in the reader's
//! language and with the option's name as her client shows it.

use super::answer::langs;
use crate::discord::view::lang::{Lang, tr};
use crate::discord::{Context, Error};
use poise::serenity_prelude::ResolvedValue;
use serde_json::{Value, json};
use std::fmt;

/// An option outside its declaration; the text says which and what is allowed.
#[derive(Debug)]
pub(crate) struct BadOption(String);

impl fmt::Display for BadOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadOption {}

/// The framework's command check: a command whose options fall outside
/// their declaration fails with a [`BadOption`] (answered by `on_error`).
pub(crate) async fn check_options(ctx: Context<'_>) -> Result<bool, Error> {
    let lang = langs(ctx).await.1;
    match refusal_of(ctx, lang) {
        Some(text) => Err(Box::new(BadOption(text))),
        None => Ok(true),
    }
}

/// The first option of the command outside its declaration, in words
/// of `lang`.
pub(crate) fn refusal_of(ctx: Context<'_>, lang: Lang) -> Option<String> {
    let poise::Context::Application(a) = ctx else { return None };
    ctx.command().parameters.iter().find_map(|param| {
        let given = a.args.iter().find(|o| o.name == param.name)?;
        let declared = serde_json::to_value(param.create_as_slash_command_option()?).ok()?;
        refusal(lang, &declared, Given::of(&given.value))
    })
}

/// A declared name (of an option or a choice) as a client in `lang`
/// shows it: its localisation when it has one.
fn shown_name(lang: Lang, declared: &Value) -> String {
    let own = declared["name_localizations"][lang.code()].as_str();
    own.or_else(|| declared["name"].as_str()).unwrap_or("?").to_string()
}

/// An option's value, as far as a declaration constrains it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Given<'a> {
    Integer(i64),
    Number(f64),
    Text(&'a str),
    Other,
}

impl<'a> Given<'a> {
    fn of(value: &ResolvedValue<'a>) -> Given<'a> {
        match value {
            ResolvedValue::Integer(i) => Given::Integer(*i),
            ResolvedValue::Number(x) => Given::Number(*x),
            ResolvedValue::String(s) => Given::Text(s),
            _ => Given::Other,
        }
    }

    fn json(self) -> Value {
        match self {
            Given::Integer(i) => json!(i),
            Given::Number(x) => json!(x),
            Given::Text(s) => json!(s),
            Given::Other => Value::Null,
        }
    }
}

/// A number as people write it (`2`, not `2.0`).
fn number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 { format!("{}", x as i64) } else { format!("{x}") }
}

/// "from 2 to 4", "at least 1", "at most 9".
fn range(lang: Lang, min: Option<f64>, max: Option<f64>) -> String {
    match (min, max) {
        (Some(a), Some(b)) => tr!(lang, "range-between", min = number(a), max = number(b)),
        (Some(a), None) => tr!(lang, "range-min", min = number(a)),
        (None, Some(b)) => tr!(lang, "range-max", max = number(b)),
        (None, None) => String::new(),
    }
}

/// Why `given` does not fit the option declared as `declared` (the
/// option's JSON as registered with Discord), if it does not.
fn refusal(lang: Lang, declared: &Value, given: Given<'_>) -> Option<String> {
    let name = shown_name(lang, declared);
    if let Some(choices) = declared["choices"].as_array().filter(|c| !c.is_empty()) {
        if choices.iter().any(|c| c["value"] == given.json()) {
            return None;
        }
        let names: Vec<String> = choices
            .iter()
            .map(|c| shown_name(lang, c))
            .map(|n| n.split(':').next().unwrap_or(&n).trim().to_string())
            .collect();
        return Some(tr!(lang, "option-choices", name = name, choices = names.join(", ")));
    }
    let number_given = match given {
        Given::Integer(i) => Some(i as f64),
        Given::Number(x) => Some(x),
        Given::Text(_) | Given::Other => None,
    };
    if let Some(x) = number_given {
        let (min, max) = (declared["min_value"].as_f64(), declared["max_value"].as_f64());
        if min.is_some_and(|m| x < m) || max.is_some_and(|m| x > m) || x.is_nan() {
            let whole = if declared["type"] == 4 { "yes" } else { "no" };
            let allowed = range(lang, min, max);
            return Some(tr!(lang, "option-number", name = name, whole = whole, range = allowed, given = number(x)));
        }
    }
    if let Given::Text(s) = given {
        let n = s.chars().count() as f64;
        let (min, max) = (declared["min_length"].as_f64(), declared["max_length"].as_f64());
        if min.is_some_and(|m| n < m) || max.is_some_and(|m| n > m) {
            return Some(tr!(lang, "option-length", name = name, range = range(lang, min, max)));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn players() -> Value {
        json!({"type": 4, "name": "players", "min_value": 2, "max_value": 4})
    }

    #[test]
    fn numbers_outside_their_range_are_named_with_the_range() {
        assert_eq!(refusal(Lang::EN, &players(), Given::Integer(3)), None);
        for bad in [256, -1, 5, 1, i64::MIN] {
            let text = refusal(Lang::EN, &players(), Given::Integer(bad)).expect("refused");
            assert!(text.contains("`players`") && text.contains("from 2 to 4"), "{text}");
        }
        let low = json!({"type": 10, "name": "x", "min_value": 0.5});
        assert!(refusal(Lang::EN, &low, Given::Number(0.25)).expect("refused").contains("at least 0.5"));
        assert!(refusal(Lang::EN, &low, Given::Number(f64::NAN)).is_some());
    }

    #[test]
    fn values_outside_their_choices_list_the_choices() {
        let variant = json!({"type": 4, "name": "variant", "choices": [
            {"name": "bell: Bell's record", "value": 0}, {"name": "cross: a cross", "value": 1}]});
        assert_eq!(refusal(Lang::EN, &variant, Given::Integer(1)), None);
        let text = refusal(Lang::EN, &variant, Given::Integer(99)).expect("refused");
        assert!(text.contains("`variant`") && text.contains("bell, cross"), "{text}");
        assert!(refusal(Lang::EN, &variant, Given::Text("bell")).is_some(), "a choice is matched by value and type");
    }

    #[test]
    fn texts_outside_their_length_are_named() {
        let timeout = json!({"type": 3, "name": "timeout", "min_length": 1, "max_length": 3});
        assert_eq!(refusal(Lang::EN, &timeout, Given::Text("12h")), None);
        let text = refusal(Lang::EN, &timeout, Given::Text("forever")).expect("refused");
        assert!(text.contains("`timeout`") && text.contains("from 1 to 3 characters"), "{text}");
        assert_eq!(refusal(Lang::EN, &timeout, Given::Other), None);
    }

    #[test]
    fn a_refusal_speaks_the_readers_language_and_her_clients_names() {
        let fr = Lang::from_code("fr").expect("French");
        let players = json!({"type": 4, "name": "players", "name_localizations": {"fr": "joueurs"},
            "min_value": 2, "max_value": 4});
        let text = refusal(fr, &players, Given::Integer(9)).expect("refused");
        assert!(text.contains("`joueurs`") && text.contains("de 2 à 4") && text.contains("entier"), "{text}");
        let variant = json!({"type": 4, "name": "variant", "choices": [
            {"name": "bell", "name_localizations": {"fr": "cloche"}, "value": 0}]});
        let text = refusal(fr, &variant, Given::Integer(9)).expect("refused");
        assert!(text.contains("cloche") && !text.contains("must"), "{text}");
    }
}
