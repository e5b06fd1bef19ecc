//! The slash commands, one top-level `/thaayam` with subcommands. Handlers
//! are thin: they call the session layer and the presenter and answer.
//! What Discord shows of them (their descriptions, written for people who
//! have never heard of Thaayam, and their names in other languages) comes
//! from the `discord.ftl` files, which the texts that name commands use
//! too (`view::names`).

mod analyse;
mod answer;
mod away;
mod busy;
mod game;
mod games;
mod help;
mod hint;
mod notify;
mod options;
mod records;
#[cfg(test)]
mod records_tests;
pub(crate) mod replay;
mod rules;
mod seasons;
pub(crate) mod settings;
mod tournament;
mod tutor;
mod verify;

use super::live::data::Data;
use super::{Context, Error};
use crate::discord::ops::instrument;
use crate::discord::ops::metrics::Outcome;
use crate::discord::view::lang::{Lang, tr};
use answer::{langs, private};
pub(crate) use options::check_options;
use std::collections::HashMap;

// Installed to a server (its channels) or to a user (group DMs, DMs with
// friends), and usable in servers, the bot's DM and private channels: the
// commands that need a server say so when used elsewhere (`GuildOnly`).
#[poise::command(
    slash_command,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel",
    rename = "thaayam",
    subcommands(
        "game::new_game",
        "game::board",
        "game::resign",
        "game::end",
        "game::kick",
        "hint::hint_command",
        "help::help",
        "rules::rules",
        "records::leaderboard",
        "records::stats",
        "records::history",
        "replay::replay",
        "analyse::analyse",
        "verify::verify",
        "settings::settings",
        "games::games",
        "notify::notify",
        "tutor::tutor",
        "away::away",
        "tournament::tournament"
    ),
    subcommand_required
)]
async fn root(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// `/thaayam` and its subcommands, with their descriptions in English and
/// their names and descriptions in the other languages Discord offers,
/// all from the `discord.ftl` files (`slash-<command>[-<option>][-about]`).
pub(crate) fn thaayam() -> poise::Command<Data, Error> {
    let mut root = root();
    let words = |key: &str| -> Vec<(Lang, String)> { Lang::all().map(|l| (l, l.format(key, None))).collect() };
    describe(&mut root.description, &mut root.description_localizations, words("slash-thaayam-about"));
    for command in &mut root.subcommands {
        let key = format!("slash-{}", command.name);
        localize(command, &key, &words);
        // A group's subcommands (`/thaayam tournament new`): `slash-<group>-<command>…`.
        for sub in &mut command.subcommands {
            let key = format!("{key}-{}", sub.name);
            localize(sub, &key, &words);
        }
    }
    root
}

/// A command's (or a group's) names and descriptions and its options',
/// from the words of `key` (`slash-<command>`).
fn localize(command: &mut poise::Command<Data, Error>, key: &str, words: &dyn Fn(&str) -> Vec<(Lang, String)>) {
    name(&mut command.name_localizations, words(key));
    describe(&mut command.description, &mut command.description_localizations, words(&format!("{key}-about")));
    for option in &mut command.parameters {
        let key = format!("{key}-{}", option.name);
        name(&mut option.name_localizations, words(&key));
        describe(&mut option.description, &mut option.description_localizations, words(&format!("{key}-about")));
    }
}

/// Sets a description: English as the default, the other languages Discord
/// offers as localisations.
fn describe(default: &mut Option<String>, localized: &mut HashMap<String, String>, words: Vec<(Lang, String)>) {
    for (lang, text) in words {
        if lang == Lang::EN {
            *default = Some(text);
        } else if lang.on_discord() {
            localized.insert(lang.code().to_string(), text);
        }
    }
}

/// Sets a name's localisations in the languages Discord offers (the
/// English name is the command's own).
fn name(localized: &mut HashMap<String, String>, words: Vec<(Lang, String)>) {
    for (lang, text) in words {
        if lang != Lang::EN && lang.on_discord() {
            localized.insert(lang.code().to_string(), text);
        }
    }
}

/// The one error handler: users get a calm private answer, the log gets
/// the whole error.
pub(crate) async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            instrument::classify(Outcome::Failed);
            tracing::error!("command /{} failed: {error:?}", ctx.command().qualified_name);
            let _ = private(ctx, tr!(langs(ctx).await.1, "error-logged")).await;
        }
        poise::FrameworkError::ArgumentParse { error, ctx, .. } => {
            instrument::classify(Outcome::Refused);
            tracing::info!("bad argument to /{}: {error:?}", ctx.command().qualified_name);
            let _ = private(ctx, tr!(langs(ctx).await.1, "error-argument", error = error.to_string())).await;
        }
        // `check_options` refused an option outside its declaration.
        poise::FrameworkError::CommandCheckFailed { error: Some(error), ctx, .. } => {
            instrument::classify(Outcome::Refused);
            tracing::info!("refused /{}: {error}", ctx.command().qualified_name);
            let _ = private(ctx, error.to_string()).await;
        }
        // An option poise could not read as its type (forged, or a command
        // registered by an older version of the bot).
        poise::FrameworkError::CommandStructureMismatch { description, ctx, .. } => {
            instrument::classify(Outcome::Refused);
            let ctx = poise::Context::Application(ctx);
            tracing::warn!("options of /{} did not fit: {description}", ctx.command().qualified_name);
            let lang = langs(ctx).await.1;
            let text = options::refusal_of(ctx, lang).unwrap_or_else(|| tr!(lang, "error-options"));
            let _ = private(ctx, text).await;
        }
        // A server's command (settings, leaderboards) used outside servers.
        poise::FrameworkError::GuildOnly { ctx, .. } => {
            instrument::classify(Outcome::Refused);
            let text = tr!(langs(ctx).await.1, "only-in-servers");
            let _ = private(ctx, text).await;
        }
        // The app's Entry Point command: answered by the event handler
        // (`live/entry.rs`), not a command of poise's.
        poise::FrameworkError::UnknownInteraction { interaction, .. }
            if interaction.data.kind == poise::serenity_prelude::CommandType::PrimaryEntryPoint => {}
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!("error while handling an error: {e:?}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::discord::view::lang::{LOCALES, Lang, ids};
    use crate::discord::view::names;
    use std::collections::{BTreeSet, HashMap};

    /// Discord's rules for a localised command or option name.
    fn is_command_name(n: &str) -> bool {
        (1..=32).contains(&n.chars().count())
            && n.to_lowercase() == n
            && n.chars().all(|c| c.is_alphanumeric() || c == '-' || c == '_')
    }

    type Cmd = poise::Command<super::Data, super::Error>;

    /// Every command of the tree with its words' key (`slash-<command>`,
    /// `slash-<group>-<command>`): the subcommands, the groups among them,
    /// and each group's subcommands.
    fn all_commands(root: &Cmd) -> Vec<(String, &Cmd)> {
        let mut out = Vec::new();
        for c in &root.subcommands {
            out.push((format!("slash-{}", c.name), c));
            out.extend(c.subcommands.iter().map(|s| (format!("slash-{}-{}", c.name, s.name), s)));
        }
        out
    }

    #[test]
    fn every_command_and_option_has_french_words_within_discord_limits() {
        let root = super::thaayam();
        assert!(root.description_localizations.get("fr").is_some_and(|d| d.chars().count() <= 100));
        let mut levels: Vec<(&Cmd, Vec<&Cmd>)> = vec![(&root, root.subcommands.iter().collect())];
        levels.extend(
            root.subcommands.iter().filter(|c| !c.subcommands.is_empty()).map(|g| (g, g.subcommands.iter().collect())),
        );
        for (parent, commands) in levels {
            let mut names = Vec::new();
            for c in &commands {
                let name = c.name_localizations.get("fr").unwrap_or_else(|| panic!("/{} has no French name", c.name));
                assert!(is_command_name(name), "{name}");
                names.push(name.clone());
                let about = c.description_localizations.get("fr").unwrap_or_else(|| panic!("/{} in French", c.name));
                assert!((1..=100).contains(&about.chars().count()), "{about}");
                let mut options = Vec::new();
                for p in &c.parameters {
                    let name = p.name_localizations.get("fr").unwrap_or_else(|| panic!("{} of /{}", p.name, c.name));
                    assert!(is_command_name(name), "{name}");
                    options.push(name.clone());
                    let about = p.description_localizations.get("fr").unwrap_or_else(|| panic!("{} in French", p.name));
                    assert!((1..=100).contains(&about.chars().count()), "{about}");
                }
                options.sort();
                options.dedup();
                assert_eq!(options.len(), c.parameters.len(), "two French options of /{} alike", c.name);
            }
            names.sort();
            names.dedup();
            assert_eq!(names.len(), commands.len(), "two French names alike under /{}", parent.name);
        }
    }

    /// Every language's `discord.ftl` has the words of every command and
    /// option and no others; the English names are the commands' own.
    #[test]
    fn the_words_discord_shows_are_those_of_the_command_tree() {
        let root = super::thaayam();
        let mut expected = BTreeSet::from(["slash-thaayam-about".to_string()]);
        for (key, c) in all_commands(&root) {
            expected.extend([key.clone(), format!("{key}-about")]);
            for p in &c.parameters {
                expected.extend([format!("{key}-{}", p.name), format!("{key}-{}-about", p.name)]);
            }
        }
        for locale in LOCALES {
            let found: BTreeSet<String> = ids(locale).into_iter().filter(|id| id.starts_with("slash-")).collect();
            assert_eq!(found, expected, "{}", locale.code);
        }
        for (key, c) in all_commands(&root) {
            assert_eq!(Lang::EN.format(&key, None), c.name);
            assert!(c.description.as_ref().is_some_and(|d| (1..=100).contains(&d.chars().count())), "/{}", c.name);
            for p in &c.parameters {
                assert_eq!(Lang::EN.format(&format!("{key}-{}", p.name), None), p.name);
                assert!(p.description.as_ref().is_some_and(|d| (1..=100).contains(&d.chars().count())), "{}", p.name);
            }
        }
        assert!(root.description.is_some() && !root.name_localizations.contains_key("ta"));
    }

    /// The table of names and the command tree name the same commands and
    /// options, the groups' too.
    #[test]
    fn every_command_and_option_is_in_the_table_of_names() {
        /// A command by its name and its options' names.
        type Shape = (String, Vec<String>);
        let root = super::thaayam();
        let shape = |c: &Cmd| -> Shape { (c.name.clone(), c.parameters.iter().map(|p| p.name.clone()).collect()) };
        let listed =
            |c: &names::Command| -> Shape { (c.name.to_string(), c.options.iter().map(|o| o.to_string()).collect()) };
        let tree: Vec<Shape> = root.subcommands.iter().map(shape).collect();
        let table: Vec<Shape> = names::COMMANDS.iter().map(listed).collect();
        assert_eq!(tree, table);
        let groups: Vec<(String, Vec<Shape>)> = root
            .subcommands
            .iter()
            .filter(|c| !c.subcommands.is_empty())
            .map(|g| (g.name.clone(), g.subcommands.iter().map(shape).collect()))
            .collect();
        let table: Vec<(String, Vec<Shape>)> =
            names::GROUPS.iter().map(|g| (g.name.to_string(), g.commands.iter().map(listed).collect())).collect();
        assert_eq!(groups, table);
    }

    /// A name as a client in `locale` shows it (Discord shows the
    /// default, English name where no localised one is given).
    fn shown<'a>(name: &'a str, localized: &'a HashMap<String, String>, locale: &str) -> &'a str {
        localized.get(locale).map_or(name, String::as_str)
    }

    /// The subcommands a text names (`/thaayam <name>`).
    fn commands_named(text: &str) -> Vec<String> {
        let is_name = |c: char| c.is_alphanumeric() || c == '_' || c == '-';
        text.split("/thaayam ").skip(1).map(|rest| rest.chars().take_while(|&c| is_name(c)).collect()).collect()
    }

    /// The options a text names the way a command line writes them
    /// (`game:12`, `practice:true`): a name, a colon, and no space.
    fn options_named(text: &str) -> Vec<String> {
        let is_name = |c: char| c.is_alphanumeric() || c == '_' || c == '-';
        let mut out = Vec::new();
        for (at, _) in text.match_indices(':') {
            let after = text[at + 1..].chars().next();
            if after.is_none_or(|c| c.is_whitespace() || c == '/') {
                continue;
            }
            let before = &text[..at];
            let name: String =
                before.chars().rev().take_while(|&c| is_name(c)).collect::<Vec<_>>().into_iter().rev().collect();
            let preceded = before[..before.len() - name.len()].chars().next_back();
            // `20:30` is a time of day: an option's name starts with a letter.
            let time = name.starts_with(|c: char| c.is_ascii_digit());
            if !name.is_empty() && !time && !preceded.is_some_and(|c| c == '<' || c == '/' || c == ':') {
                out.push(name);
            }
        }
        out
    }

    /// Every text the bot sends that names a command or an option names it
    /// as the reader's client shows it: in French the French names, in
    /// English and Tamil (which Discord does not offer) the English ones.
    /// Likewise the French descriptions of the commands.
    #[test]
    fn every_text_names_commands_as_the_readers_client_shows_them() {
        let root = super::thaayam();
        for (lang, locale) in Lang::all().zip(LOCALES) {
            let code = lang.code();
            let commands: BTreeSet<&str> =
                root.subcommands.iter().map(|c| shown(&c.name, &c.name_localizations, code)).collect();
            let options: BTreeSet<&str> = all_commands(&root)
                .into_iter()
                .flat_map(|(_, c)| &c.parameters)
                .map(|p| shown(&p.name, &p.name_localizations, code))
                .collect();
            let mut texts: Vec<(String, String)> =
                ids(locale).into_iter().map(|id| (lang.format(&id, None), id)).collect();
            for (_, c) in all_commands(&root) {
                texts.extend(c.description_localizations.get(code).map(|d| (d.clone(), format!("/{}", c.name))));
                for p in &c.parameters {
                    let about = p.description_localizations.get(code);
                    texts.extend(about.map(|d| (d.clone(), format!("{} of /{}", p.name, c.name))));
                }
            }
            let mut named = 0;
            for (text, id) in &texts {
                for command in commands_named(text) {
                    assert!(commands.contains(command.as_str()), "{code} {id}: /thaayam {command} is not {commands:?}");
                    named += 1;
                }
                for option in options_named(text) {
                    assert!(options.contains(option.as_str()), "{code} {id}: option {option}: is not {options:?}");
                }
            }
            assert!(named > 10, "{code}: only {named} commands named");
        }
    }
}
