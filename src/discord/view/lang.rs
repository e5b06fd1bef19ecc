//! The languages the bot speaks: a [`Lang`] is an index into [`LOCALES`],
//! each locale's Fluent files (`assets/locales/<code>/*.ftl`) embedded in
//! the binary and parsed once into a bundle, with the names of the
//! commands as the language's clients show them ([`names`]) as terms;
//! [`tr!`] formats one message.
//! Adding a language is adding its folder of `.ftl` files and one
//! `locale!` line to [`LOCALES`].

use super::names;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use std::sync::LazyLock;

/// One language: its code (Discord's locale code where Discord has it),
/// its own name, and the text of its `.ftl` files.
pub(crate) struct Locale {
    pub(crate) code: &'static str,
    pub(crate) name: &'static str,
    /// Whether Discord offers this locale to its clients (it shows the
    /// commands' names and descriptions of its own `discord.ftl`).
    pub(crate) on_discord: bool,
    pub(crate) files: &'static [(&'static str, &'static str)],
}

/// A locale whose `.ftl` files are
/// `assets/locales/<code>/{game,commands,tournament,signup,discord}.ftl`; one that Discord
/// does not offer takes the `discord.ftl` of the language its readers'
/// clients show instead (`discord = "en"`).
macro_rules! locale {
    ($code:literal, $name:literal) => {
        locale!(@ $code, $name, $code, true)
    };
    ($code:literal, $name:literal, discord = $discord:literal) => {
        locale!(@ $code, $name, $discord, false)
    };
    (@ $code:literal, $name:literal, $discord:literal, $on:literal) => {
        Locale {
            code: $code,
            name: $name,
            on_discord: $on,
            files: &[
                ("game.ftl", include_str!(concat!("../../../assets/locales/", $code, "/game.ftl"))),
                ("commands.ftl", include_str!(concat!("../../../assets/locales/", $code, "/commands.ftl"))),
                ("tournament.ftl", include_str!(concat!("../../../assets/locales/", $code, "/tournament.ftl"))),
                ("signup.ftl", include_str!(concat!("../../../assets/locales/", $code, "/signup.ftl"))),
                ("discord.ftl", include_str!(concat!("../../../assets/locales/", $discord, "/discord.ftl"))),
            ],
        }
    };
}

/// Every language, English first (the fallback).
pub(crate) const LOCALES: &[Locale] = &[
    locale!("en", "English"),
    locale!("fr", "Français"),
    // Discord has no Tamil locale: Tamil readers' clients show English names.
    locale!("ta", "தமிழ்", discord = "en"),
];

/// A language of [`LOCALES`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Lang(u8);

impl Lang {
    /// English, the fallback.
    pub(crate) const EN: Lang = Lang(0);

    /// Every language.
    pub(crate) fn all() -> impl Iterator<Item = Lang> {
        (0..LOCALES.len()).map(|i| Lang(i as u8))
    }

    /// The language with this code ("fr"), or of a Discord locale with a
    /// region ("fr" for "fr-CA" when no "fr-CA" is known).
    pub(crate) fn from_code(code: &str) -> Option<Lang> {
        let base = code.split(['-', '_']).next().unwrap_or(code);
        let exact = Lang::all().find(|l| l.code().eq_ignore_ascii_case(code));
        exact.or_else(|| Lang::all().find(|l| l.code().eq_ignore_ascii_case(base)))
    }

    pub(crate) fn code(self) -> &'static str {
        LOCALES[usize::from(self.0)].code
    }

    /// Whether Discord offers this language to its clients.
    pub(crate) fn on_discord(self) -> bool {
        LOCALES[usize::from(self.0)].on_discord
    }

    /// The language's name in itself ("Français").
    pub(crate) fn name(self) -> &'static str {
        LOCALES[usize::from(self.0)].name
    }

    /// `x` with `places` decimals (`signed`: with its sign), written with
    /// the language's decimal mark (the message `decimal-mark`: "2,5" in
    /// French).
    pub(crate) fn decimal(self, x: f64, places: usize, signed: bool) -> String {
        let text = if signed { format!("{x:+.places$}") } else { format!("{x:.places$}") };
        let mark = self.format("decimal-mark", None);
        if mark == "." { text } else { text.replace('.', &mark) }
    }

    /// The message `key` with `args`; the key itself if the language lacks
    /// it (a test checks that none does).
    pub(crate) fn format(self, key: &str, args: Option<&FluentArgs>) -> String {
        let bundle = &BUNDLES[usize::from(self.0)];
        let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) else {
            return key.to_string();
        };
        let mut errors = Vec::new();
        bundle.format_pattern(pattern, args, &mut errors).into_owned()
    }
}

/// The bundles of [`LOCALES`], in order, built on first use.
static BUNDLES: LazyLock<Vec<FluentBundle<FluentResource>>> = LazyLock::new(|| {
    LOCALES.iter().map(|l| bundle(l).unwrap_or_else(|_| FluentBundle::new_concurrent(Vec::new()))).collect()
});

/// The bundle of a locale, or what is wrong with its files.
pub(crate) fn bundle(locale: &Locale) -> Result<FluentBundle<FluentResource>, Vec<String>> {
    let id = locale.code.parse().map_err(|e| vec![format!("{}: {e}", locale.code)])?;
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Discord shows the text as it is: no Unicode isolation marks around arguments.
    bundle.set_use_isolating(false);
    let mut problems = Vec::new();
    // The names of the commands as a client in this language shows them.
    let names = ("names", names::fluent_terms());
    let files = locale.files.iter().map(|&(file, text)| (file, text.to_string())).chain([names]);
    for (file, text) in files {
        let resource = FluentResource::try_new(text).unwrap_or_else(|(resource, errors)| {
            problems.extend(errors.iter().map(|e| format!("{}/{file}: {e:?}", locale.code)));
            resource
        });
        if let Err(errors) = bundle.add_resource(resource) {
            problems.extend(errors.iter().map(|e| format!("{}/{file}: {e:?}", locale.code)));
        }
    }
    if problems.is_empty() { Ok(bundle) } else { Err(problems) }
}

/// `tr!(lang, "key")` or `tr!(lang, "key", name = value, ...)`: the
/// message `key` in `lang`, with its arguments (numbers select plurals).
macro_rules! tr {
    ($lang:expr, $key:literal) => {
        $crate::discord::view::lang::Lang::format($lang, $key, None)
    };
    ($lang:expr, $key:literal, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = fluent_bundle::FluentArgs::new();
        $(args.set(stringify!($name), $value);)+
        $crate::discord::view::lang::Lang::format($lang, $key, Some(&args))
    }};
}
pub(crate) use tr;

/// A game's number reads as the number it is.
impl From<crate::discord::game::ids::GameId> for fluent_bundle::FluentValue<'_> {
    fn from(id: crate::discord::game::ids::GameId) -> Self {
        id.get().into()
    }
}

/// The message ids of a locale.
#[cfg(test)]
pub(crate) fn ids(locale: &Locale) -> std::collections::BTreeSet<String> {
    let mut out = std::collections::BTreeSet::new();
    for (_, text) in locale.files {
        let resource = FluentResource::try_new((*text).to_string()).unwrap_or_else(|(r, _)| r);
        for entry in resource.entries() {
            if let fluent_syntax::ast::Entry::Message(m) = entry {
                out.insert(m.id.name.to_string());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
    use std::collections::BTreeSet;

    #[test]
    fn every_file_parses_and_every_key_is_in_every_language() {
        for locale in LOCALES {
            if let Err(problems) = bundle(locale) {
                panic!("{}", problems.join("\n"));
            }
        }
        let english = ids(&LOCALES[0]);
        for locale in &LOCALES[1..] {
            let here = ids(locale);
            let missing: Vec<_> = english.difference(&here).collect();
            let extra: Vec<_> = here.difference(&english).collect();
            assert!(missing.is_empty() && extra.is_empty(), "{}: missing {missing:?}, extra {extra:?}", locale.code);
        }
    }

    /// The variables a pattern uses.
    fn variables(pattern: &Pattern<&str>, out: &mut BTreeSet<String>) {
        for element in &pattern.elements {
            if let PatternElement::Placeable { expression } = element {
                expression_variables(expression, out);
            }
        }
    }

    fn expression_variables(e: &Expression<&str>, out: &mut BTreeSet<String>) {
        match e {
            Expression::Select { selector, variants } => {
                inline_variables(selector, out);
                for v in variants {
                    variables(&v.value, out);
                }
            }
            Expression::Inline(i) => inline_variables(i, out),
        }
    }

    fn inline_variables(i: &InlineExpression<&str>, out: &mut BTreeSet<String>) {
        match i {
            InlineExpression::VariableReference { id } => {
                out.insert(id.name.to_string());
            }
            InlineExpression::Placeable { expression } => expression_variables(expression, out),
            InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    inline_variables(a, out);
                }
            }
            _ => {}
        }
    }

    /// Each message's variables, by id.
    fn message_variables(locale: &Locale) -> Vec<(String, BTreeSet<String>)> {
        let mut out = Vec::new();
        for (_, text) in locale.files {
            let resource = FluentResource::try_new((*text).to_string()).unwrap_or_else(|(r, _)| r);
            for entry in resource.entries() {
                if let Entry::Message(m) = entry {
                    let mut vars = BTreeSet::new();
                    if let Some(p) = &m.value {
                        variables(p, &mut vars);
                    }
                    out.push((m.id.name.to_string(), vars));
                }
            }
        }
        out
    }

    #[test]
    fn translations_use_the_variables_of_the_english() {
        let english: std::collections::BTreeMap<_, _> = message_variables(&LOCALES[0]).into_iter().collect();
        for locale in &LOCALES[1..] {
            for (id, vars) in message_variables(locale) {
                let en = english.get(&id).cloned().unwrap_or_default();
                assert!(vars.is_subset(&en), "{}: {id} uses {vars:?}, English has {en:?}", locale.code);
            }
        }
    }

    #[test]
    fn every_key_is_used_by_the_code() {
        let mut code = String::new();
        let mut dirs = vec![std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).expect("src is readable").flatten() {
                let path = entry.path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    code.push_str(&std::fs::read_to_string(&path).expect("a source file"));
                }
            }
        }
        // `slash-…` keys are named after the commands (checked in `commands`).
        let unused: Vec<String> = ids(&LOCALES[0])
            .into_iter()
            .filter(|id| !id.starts_with("slash-") && !code.contains(&format!("\"{id}\"")))
            .collect();
        assert!(unused.is_empty(), "keys no code uses: {unused:?}");
    }

    /// A text names a command as its reader's client shows it, through
    /// the terms of [`names::fluent_terms`].
    #[test]
    fn names_follow_the_readers_locale() {
        let [en, fr, ta] = ["en", "fr", "ta"].map(|c| Lang::from_code(c).expect("a language"));
        let said = |lang| tr!(lang, "history-footer", game = 12);
        assert!(said(fr).contains("/thaayam revoir") && said(fr).contains("partie:12"), "{}", said(fr));
        assert!(said(en).contains("/thaayam replay") && said(ta).contains("/thaayam replay"), "{}", said(ta));
        let terms = names::fluent_terms();
        assert!(terms.contains("-cmd-replay = /thaayam { slash-replay }\n-opt-replay-game = { slash-replay-game }\n"));
    }

    #[test]
    fn codes_are_found_with_or_without_a_region() {
        assert_eq!(Lang::from_code("fr"), Lang::all().find(|l| l.code() == "fr"));
        assert_eq!(Lang::from_code("fr-CA").map(Lang::code), Some("fr"));
        assert_eq!(Lang::from_code("en-US"), Some(Lang::EN));
        assert_eq!(Lang::from_code("ta").map(Lang::name), Some("தமிழ்"));
        assert_eq!(Lang::from_code("de"), None);
        assert_eq!(tr!(Lang::EN, "no-such-key"), "no-such-key");
    }

    /// Words a native speaker would not sign, found by readers of whole
    /// games: each language's files (comments aside) never say them again.
    #[test]
    fn no_locale_says_the_words_its_readers_tripped_on() {
        let bad: &[(&str, &[&str])] = &[
            // "West enter a piece" and the like: a subject and an infinitive.
            ("en", &["{ $seat } { $what }"]),
            (
                "fr",
                &[
                    "échiquier",       // a chessboard: the board is a plateau
                    "depuis le salon", // a salon is a Discord channel, not the lobby
                    "Thaayam : salon",
                    "Cotes",        // betting odds, for ratings
                    "a pris",       // a capture is « éliminer » everywhere
                    "temps écoulé", // "time elapsed" before a relative date
                    "au hasard",    // "a computer, at random"
                    "lancers",      // one throw is a « jet »
                    "(s)",          // plurals by Fluent's rules
                    "{ $seat } { $what }",
                    "} a lancé",            // one throw of the cowries: « a obtenu »
                    "jumeler sur",          // twins are joined « en » a square
                    "À { $name } de",       // « À ordinateur aléatoire de jouer »: no article
                    "ratings = Classement", // a rating is a « note »; the table is the classement
                ],
            ),
            (
                "ta",
                &[
                    "சீரற்றது கணினி", // ungrammatical: சீரற்ற கணினி
                    "வெளியேறின",    // borne off is பழம்
                    "சட்டப்படி",      // sounds like law, for legal moves
                    "{ $seat } { $what }",
                    "ஒருவரைப் பட்டியலிடும்", // "lists one person", for "ranks players"
                ],
            ),
        ];
        for (code, words) in bad {
            let locale = LOCALES.iter().find(|l| l.code == *code).expect("a locale");
            for (file, text) in locale.files.iter().filter(|(file, _)| *file != "discord.ftl") {
                for line in text.lines().filter(|l| !l.trim_start().starts_with('#')) {
                    for word in *words {
                        assert!(!line.contains(word), "{code}/{file} says {word:?}: {line}");
                    }
                }
            }
        }
    }

    /// Plurals come from each language's rules (French counts 0 in the
    /// singular, Tamil's verb agrees with 1), never from an "s" in code.
    #[test]
    fn counts_take_the_languages_plural_forms() {
        let [fr, ta] = ["fr", "ta"].map(|c| Lang::from_code(c).expect("a language"));
        assert!(tr!(fr, "result-progress", borne = 0, pieces = 4).starts_with("0 pion sur 4 sorti"));
        assert!(tr!(fr, "result-progress", borne = 2, pieces = 4).starts_with("2 pions sur 4 sortis"));
        assert!(tr!(fr, "games-lobby", seated = 1, seats = 3).ends_with("place prise"));
        assert_eq!(tr!(ta, "alt-waiting", count = 1), "1 காத்திருக்கிறது");
        assert_eq!(tr!(ta, "alt-waiting", count = 3), "3 காத்திருக்கின்றன");
        assert_eq!(fr.decimal(-1.25, 1, true), "-1,2");
        assert_eq!(Lang::EN.decimal(1.6, 1, true), "+1.6");
    }
}
