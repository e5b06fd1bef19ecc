//! Small shared pieces of the record commands (leaderboard, stats,
//! history, replay, settings): a plain [`Message`] as a poise reply, the
//! friendly answer to a store failure, and how a stored seat is named.

use crate::discord::live::outgoing;
use crate::discord::view::message::Message;
use crate::discord::view::words::{computer_name, mention};
use crate::discord::{Context, Error};
use crate::store::{Occupant, StoreError};

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
    super::private(ctx, "Sorry, I could not read the game records just now; please try again in a moment.").await
}

/// How a stored seat is named: a mention (that pings no one when sent
/// with empty `allowed_mentions`) or the computer.
pub fn occupant(o: &Occupant) -> String {
    match o {
        Occupant::Human(u) => mention(*u),
        Occupant::Computer(level) => computer_name(level),
    }
}
