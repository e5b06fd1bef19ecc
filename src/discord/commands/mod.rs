//! The slash commands, one top-level `/thaayam` with subcommands. Handlers
//! are thin: they call the session layer and the presenter and answer. The
//! doc comments are the descriptions Discord shows, written for people who
//! have never heard of Thaayam.

mod answer;
mod game;
mod records;
#[cfg(test)]
mod records_tests;
mod replay;
mod rules;
pub mod settings;

pub use settings::guild_defaults;

use super::{Context, Data, Error};
use crate::engine::Variant;
use poise::serenity_prelude as serenity;

/// The variant choices of the commands.
#[derive(Copy, Clone, Debug, poise::ChoiceParameter)]
pub enum VariantChoice {
    #[name = "bell: R. C. Bell's rules (sum the throws)"]
    Bell,
    #[name = "bell1979: each throw moves on its own"]
    Bell1979,
    #[name = "francais: using throws is optional"]
    Francais,
    #[name = "tayam-sonalu: the Sri Lankan cross-board relative"]
    TayamSonalu,
}

impl From<VariantChoice> for Variant {
    fn from(v: VariantChoice) -> Variant {
        match v {
            VariantChoice::Bell => Variant::Bell,
            VariantChoice::Bell1979 => Variant::Bell1979,
            VariantChoice::Francais => Variant::Francais,
            VariantChoice::TayamSonalu => Variant::TayamSonalu,
        }
    }
}

/// Thaayam, a South Indian race game for 2–4 players with cowrie-shell dice
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "game::new_game",
        "game::board",
        "game::resign",
        "game::end",
        "game::kick",
        "rules::rules",
        "records::leaderboard",
        "records::stats",
        "records::history",
        "replay::replay",
        "settings::settings"
    ),
    subcommand_required
)]
pub async fn thaayam(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Whether the user may moderate the channel (Manage Messages).
pub fn is_moderator(ctx: Context<'_>) -> bool {
    match ctx {
        poise::Context::Application(a) => {
            a.interaction.member.as_ref().and_then(|m| m.permissions).is_some_and(|p| p.manage_messages())
        }
        poise::Context::Prefix(_) => false,
    }
}

/// A private answer to the user of a command.
pub async fn private(ctx: Context<'_>, text: impl Into<String>) -> Result<(), Error> {
    let reply = poise::CreateReply::default()
        .content(text)
        .ephemeral(true)
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    ctx.send(reply).await?;
    Ok(())
}

/// The one error handler: users get a calm private answer, the log gets
/// the whole error.
pub async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!("command /{} failed: {error:?}", ctx.command().qualified_name);
            let _ = private(ctx, "Sorry, something went wrong; it has been logged.").await;
        }
        poise::FrameworkError::ArgumentParse { error, ctx, .. } => {
            tracing::info!("bad argument to /{}: {error:?}", ctx.command().qualified_name);
            let _ = private(ctx, format!("That argument did not work: {error}")).await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!("error while handling an error: {e:?}");
            }
        }
    }
}
