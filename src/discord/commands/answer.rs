//! Small pieces shared by the commands: the variant choices, the moderator
//! check, private answers, a plain [`Message`] as a poise reply, the
//! friendly answer to a store failure, and how a stored seat is named.

use crate::discord::live::outgoing;
use crate::discord::view::message::Message;
use crate::discord::view::words::{computer_name, mention};
use crate::discord::{Context, Error};
use crate::engine::Variant;
use crate::store::{Occupant, StoreError};
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

/// A [`Message`] as a poise reply (no attachment; only its mentions ping).
pub fn reply(m: &Message, ephemeral: bool) -> poise::CreateReply {
    let mut r = poise::CreateReply::default()
        .components(outgoing::rows(m))
        .allowed_mentions(outgoing::mentions(m))
        .ephemeral(ephemeral);
    if !m.content.is_empty() {
        r = r.content(m.content.clone());
    }
    outgoing::embeds(m, None).into_iter().fold(r, poise::CreateReply::embed)
}

/// Sends a built message.
pub async fn send(ctx: Context<'_>, m: &Message, ephemeral: bool) -> Result<(), Error> {
    ctx.send(reply(m, ephemeral)).await?;
    Ok(())
}

/// The user sees a short private apology, the log gets the cause.
pub async fn store_failed(ctx: Context<'_>, what: &str, e: StoreError) -> Result<(), Error> {
    tracing::error!("/thaayam {}: {what} failed: {e}", ctx.command().name);
    private(ctx, "Sorry, I could not read the game records just now; please try again in a moment.").await
}

/// How a stored seat is named: a mention (that pings no one when sent
/// with empty `allowed_mentions`) or the computer.
pub fn occupant(o: &Occupant) -> String {
    match o {
        Occupant::Human(u) => mention(*u),
        Occupant::Computer(level) => computer_name(level),
    }
}
