//! The slash commands, one top-level `/thaayam` with subcommands. Handlers
//! are thin: they call the session layer and the presenter and answer. The
//! doc comments are the descriptions Discord shows, written for people who
//! have never heard of Thaayam. The names in other languages come from
//! `view::names`, which the texts that name commands use too.

mod analyse;
mod answer;
mod game;
mod help;
mod hint;
mod options;
mod records;
#[cfg(test)]
mod records_tests;
pub(crate) mod replay;
mod rules;
pub(crate) mod settings;
mod verify;

use super::{Context, Data, Error};
use crate::discord::live::instrument;
use crate::discord::live::metrics::Outcome;
use crate::discord::view::lang::tr;
use crate::discord::view::names;
use answer::{langs, private};
pub(crate) use options::check_options;

/// Thaayam, a South Indian race game for 2–4 players with cowrie-shell dice
#[poise::command(
    slash_command,
    guild_only,
    rename = "thaayam",
    description_localized(
        "fr",
        "Thaayam, un jeu de course d'Inde du Sud pour 2 à 4 joueurs, avec des cauris pour dés"
    ),
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
        "settings::settings"
    ),
    subcommand_required
)]
async fn root(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// `/thaayam` and its subcommands, with the names of the subcommands and
/// their options in the other languages Discord offers ([`names::COMMANDS`]).
pub(crate) fn thaayam() -> poise::Command<Data, Error> {
    let mut root = root();
    for command in &mut root.subcommands {
        let Some(named) = names::command(&command.name) else { continue };
        command.name_localizations.extend(localized(&named.name));
        for option in &mut command.parameters {
            if let Some(name) = named.option(&option.name) {
                option.name_localizations.extend(localized(name));
            }
        }
    }
    root
}

/// A name's localisations as poise keeps them.
fn localized(name: &names::Name) -> impl Iterator<Item = (String, String)> {
    name.localized().into_iter().map(|(locale, name)| (locale.to_string(), name.to_string()))
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
            let text = match options::refusal_of(ctx) {
                Some(text) => text,
                None => tr!(langs(ctx).await.1, "error-options"),
            };
            let _ = private(ctx, text).await;
        }
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

    #[test]
    fn every_command_and_option_has_french_words_within_discord_limits() {
        let root = super::thaayam();
        assert!(root.description_localizations.get("fr").is_some_and(|d| d.chars().count() <= 100));
        let mut names = Vec::new();
        for c in &root.subcommands {
            let name = c.name_localizations.get("fr").unwrap_or_else(|| panic!("/{} has no French name", c.name));
            assert!(is_command_name(name), "{name}");
            names.push(name.clone());
            let about = c.description_localizations.get("fr").unwrap_or_else(|| panic!("/{} in French", c.name));
            assert!((1..=100).contains(&about.chars().count()), "{about}");
            for p in &c.parameters {
                let name = p.name_localizations.get("fr").unwrap_or_else(|| panic!("{} of /{}", p.name, c.name));
                assert!(is_command_name(name), "{name}");
                let about = p.description_localizations.get("fr").unwrap_or_else(|| panic!("{} in French", p.name));
                assert!((1..=100).contains(&about.chars().count()), "{about}");
            }
        }
        names.sort();
        names.dedup();
        assert_eq!(names.len(), root.subcommands.len(), "two French names alike");
    }

    /// The table of names and the command tree name the same commands and options.
    #[test]
    fn every_command_and_option_is_in_the_table_of_names() {
        let root = super::thaayam();
        let tree: Vec<(String, Vec<String>)> = root
            .subcommands
            .iter()
            .map(|c| (c.name.clone(), c.parameters.iter().map(|p| p.name.clone()).collect()))
            .collect();
        let table: Vec<(String, Vec<String>)> = names::COMMANDS
            .iter()
            .map(|c| (c.name.en.to_string(), c.options.iter().map(|o| o.en.to_string()).collect()))
            .collect();
        assert_eq!(tree, table);
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
            if !name.is_empty() && !preceded.is_some_and(|c| c == '<' || c == '/' || c == ':') {
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
            let options: BTreeSet<&str> = root
                .subcommands
                .iter()
                .flat_map(|c| &c.parameters)
                .map(|p| shown(&p.name, &p.name_localizations, code))
                .collect();
            let mut texts: Vec<(String, String)> =
                ids(locale).into_iter().map(|id| (lang.format(&id, None), id)).collect();
            for c in &root.subcommands {
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
