//! The slash commands, one top-level `/thaayam` with subcommands. Handlers
//! are thin: they call the session layer and the presenter and answer. The
//! doc comments are the descriptions Discord shows, written for people who
//! have never heard of Thaayam.

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
use crate::discord::view::lang::tr;
use answer::{langs, private};
pub(crate) use options::check_options;

/// Thaayam, a South Indian race game for 2–4 players with cowrie-shell dice
#[poise::command(
    slash_command,
    guild_only,
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
pub(crate) async fn thaayam(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// The one error handler: users get a calm private answer, the log gets
/// the whole error.
pub(crate) async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!("command /{} failed: {error:?}", ctx.command().qualified_name);
            let _ = private(ctx, tr!(langs(ctx).await.1, "error-logged")).await;
        }
        poise::FrameworkError::ArgumentParse { error, ctx, .. } => {
            tracing::info!("bad argument to /{}: {error:?}", ctx.command().qualified_name);
            let _ = private(ctx, tr!(langs(ctx).await.1, "error-argument", error = error.to_string())).await;
        }
        // `check_options` refused an option outside its declaration.
        poise::FrameworkError::CommandCheckFailed { error: Some(error), ctx, .. } => {
            tracing::info!("refused /{}: {error}", ctx.command().qualified_name);
            let _ = private(ctx, error.to_string()).await;
        }
        // An option poise could not read as its type (forged, or a command
        // registered by an older version of the bot).
        poise::FrameworkError::CommandStructureMismatch { description, ctx, .. } => {
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
}
