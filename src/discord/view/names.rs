//! The names of `/thaayam`'s subcommands and their options as each
//! language's Discord client shows them. Discord shows a command under the
//! name it has for the client's locale, else under its own (English) name;
//! it has French names here, and no Tamil locale at all.
//!
//! This one table feeds both sides, so a text names a command as its
//! reader's client shows it: the registration (`commands::thaayam` fills
//! poise's `name_localizations` from it) and the texts (each language's
//! Fluent bundle gets one term per name, see [`fluent_terms`]: a text
//! writes `{ -cmd-new }` for "/thaayam nouvelle" in French and "/thaayam
//! new" in English and Tamil, and `{ -opt-new-practice }:true` for an
//! option).

/// A name and its French one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Name {
    /// The command's own name, shown where Discord has no other.
    pub(crate) en: &'static str,
    pub(crate) fr: &'static str,
}

impl Name {
    /// The name as a client in `locale` (a Discord locale such as `fr` or
    /// `en-US`, or a language code of the bot) shows it.
    pub(crate) fn shown_in(&self, locale: &str) -> &'static str {
        match locale.split(['-', '_']).next() {
            Some("fr") => self.fr,
            _ => self.en,
        }
    }

    /// The names for other Discord locales than the default, by locale.
    pub(crate) fn localized(&self) -> [(&'static str, &'static str); 1] {
        [("fr", self.fr)]
    }
}

/// A subcommand of `/thaayam` with its options.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Command {
    pub(crate) name: Name,
    pub(crate) options: &'static [Name],
}

const fn name(en: &'static str, fr: &'static str) -> Name {
    Name { en, fr }
}

const VARIANT: Name = name("variant", "variante");

/// Every subcommand, with every option, in the order of the help.
pub(crate) const COMMANDS: &[Command] = &[
    Command {
        name: name("new", "nouvelle"),
        options: &[VARIANT, name("players", "joueurs"), name("timeout", "délai"), name("practice", "entraînement")],
    },
    Command { name: name("board", "plateau"), options: &[] },
    Command { name: name("resign", "abandonner"), options: &[] },
    Command { name: name("end", "arrêter"), options: &[] },
    Command { name: name("kick", "exclure"), options: &[name("user", "joueur")] },
    Command { name: name("hint", "conseil"), options: &[] },
    Command { name: name("help", "aide"), options: &[] },
    Command { name: name("rules", "règles"), options: &[VARIANT] },
    Command { name: name("leaderboard", "classement"), options: &[VARIANT] },
    Command { name: name("stats", "fiche"), options: &[name("user", "joueur")] },
    Command { name: name("history", "historique"), options: &[] },
    Command { name: name("replay", "revoir"), options: &[name("game", "partie")] },
    Command { name: name("analyse", "analyser"), options: &[name("game", "partie")] },
    Command { name: name("verify", "vérifier"), options: &[name("game", "partie")] },
    Command {
        name: name("settings", "réglages"),
        options: &[
            VARIANT,
            name("turn_timeout", "délai_par_tour"),
            name("end_permission", "qui_peut_arrêter"),
            name("language", "langue"),
        ],
    },
];

/// The subcommand with this (English) name.
pub(crate) fn command(en: &str) -> Option<&'static Command> {
    COMMANDS.iter().find(|c| c.name.en == en)
}

impl Command {
    /// The option with this (English) name.
    pub(crate) fn option(&self, en: &str) -> Option<&'static Name> {
        self.options.iter().find(|o| o.en == en)
    }
}

/// The Fluent terms of the names as a client in `locale` shows them:
/// `-cmd-<command>` is the whole command ("/thaayam nouvelle"),
/// `-opt-<command>-<option>` an option's name ("entraînement"). (Terms
/// and messages share one namespace in a bundle: the prefixes keep them
/// apart from the messages' ids.)
pub(crate) fn fluent_terms(locale: &str) -> String {
    let mut out = String::new();
    for c in COMMANDS {
        out.push_str(&format!("-cmd-{} = /thaayam {}\n", c.name.en, c.name.shown_in(locale)));
        for o in c.options {
            out.push_str(&format!("-opt-{}-{} = {}\n", c.name.en, o.en, o.shown_in(locale)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_readers_locale() {
        let new = command("new").expect("new");
        assert_eq!(
            (new.name.shown_in("fr"), new.name.shown_in("en-US"), new.name.shown_in("ta")),
            ("nouvelle", "new", "new")
        );
        assert_eq!(new.option("practice").map(|o| o.shown_in("fr")), Some("entraînement"));
        let terms = fluent_terms("fr");
        assert!(terms.contains("-cmd-replay = /thaayam revoir\n-opt-replay-game = partie\n"), "{terms}");
        assert!(fluent_terms("ta").contains("-cmd-replay = /thaayam replay\n"));
    }
}
