//! Small pieces shared by the commands: the variant choices, where a
//! command was used, the moderator check, private answers, a plain
//! [`Message`] as a poise reply, the friendly answer to a store failure,
//! and how a stored seat is named.

use crate::discord::game::ids::UserId;
use crate::discord::live::lang::{self, server_lang};
use crate::discord::live::{access, outgoing};
use crate::discord::ops::instrument;
use crate::discord::ops::metrics::Route;
use crate::discord::view::lang::{Lang, tr};
use crate::discord::view::message::Message;
use crate::discord::view::words::{computer_name, mention};
use crate::discord::{Context, Error};
use crate::engine::Variant;
use crate::store::{Occupant, StoreError};
use poise::serenity_prelude as serenity;
use std::sync::atomic::Ordering;

/// A variant as a slash-command option: its choices are the engine's
/// variant table ([`Variant::ALL`]), labelled "name: summary".
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct VariantChoice(pub(crate) Variant);

impl VariantChoice {
    /// The label Discord shows for a variant.
    pub(crate) fn label(v: Variant) -> String {
        format!("{}: {}", v.name(), v.summary())
    }
}

impl From<VariantChoice> for Variant {
    fn from(v: VariantChoice) -> Variant {
        v.0
    }
}

impl poise::ChoiceParameter for VariantChoice {
    fn list() -> Vec<poise::CommandParameterChoice> {
        Variant::ALL
            .iter()
            .map(|&v| poise::CommandParameterChoice {
                name: VariantChoice::label(v),
                localizations: Default::default(),
                __non_exhaustive: (),
            })
            .collect()
    }

    fn from_index(index: usize) -> Option<Self> {
        Variant::ALL.get(index).copied().map(VariantChoice)
    }

    fn from_name(name: &str) -> Option<Self> {
        let name = name.split(':').next().unwrap_or(name).trim();
        name.parse().ok().map(VariantChoice)
    }

    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn localized_name(&self, _locale: &str) -> Option<&'static str> {
        None
    }
}

/// Where the command was used.
pub(crate) fn where_asked(ctx: Context<'_>) -> access::Where {
    match ctx {
        poise::Context::Application(a) => access::where_commanded(a.interaction),
        poise::Context::Prefix(_) => access::Where::Server,
    }
}

/// Whether the user may moderate the channel (Manage Messages).
pub(crate) fn is_moderator(ctx: Context<'_>) -> bool {
    match ctx {
        poise::Context::Application(a) => access::is_moderator(a.interaction.member.as_deref()),
        poise::Context::Prefix(_) => false,
    }
}

/// The languages of a command: the server's (for public messages) and
/// the user's (for private answers, when the bot speaks it).
pub(crate) async fn langs(ctx: Context<'_>) -> (Lang, Lang) {
    let venue = crate::discord::live::ids::venue_of(ctx.guild_id());
    let guild_locale = match ctx {
        poise::Context::Application(a) => a.interaction.guild_locale.as_deref(),
        poise::Context::Prefix(_) => None,
    };
    let server = server_lang(ctx.data(), venue, guild_locale).await;
    (server, lang::private(ctx.locale(), server))
}

/// A private answer to the user of a command.
pub(crate) async fn private(ctx: Context<'_>, text: impl Into<String>) -> Result<(), Error> {
    let reply = poise::CreateReply::default()
        .content(text)
        .ephemeral(true)
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    let route = route_of(ctx);
    let sent = ctx.send(reply).await;
    counted(route, &sent);
    sent?;
    Ok(())
}

/// A [`Message`] as a poise reply (no attachment; only its mentions ping).
pub(crate) fn reply(m: &Message, ephemeral: bool) -> poise::CreateReply {
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
pub(crate) async fn send(ctx: Context<'_>, m: &Message, ephemeral: bool) -> Result<(), Error> {
    let route = route_of(ctx);
    let sent = ctx.send(reply(m, ephemeral)).await;
    counted(route, &sent);
    sent?;
    Ok(())
}

/// Defers the answer (Discord shows "thinking…", privately when
/// `ephemeral`): the interaction's first answer, counted as such.
pub(crate) async fn defer(ctx: Context<'_>, ephemeral: bool) -> Result<(), Error> {
    let route = route_of(ctx);
    let deferred = if ephemeral { ctx.defer_ephemeral().await } else { ctx.defer().await };
    counted(route, &deferred);
    deferred?;
    Ok(())
}

/// The request a reply about to be sent makes: the interaction's answer,
/// or a follow-up once it is answered.
fn route_of(ctx: Context<'_>) -> Route {
    match ctx {
        poise::Context::Application(a) if a.has_sent_initial_response.load(Ordering::Relaxed) => {
            Route::InteractionFollowup
        }
        _ => Route::InteractionCallback,
    }
}

/// Counts a reply sent by `route` (see [`instrument`]).
fn counted<T>(route: Route, sent: &Result<T, serenity::Error>) {
    instrument::answered(sent.is_ok());
    instrument::request(route, sent);
}

/// The user sees a short private apology, the log gets the cause.
pub(crate) async fn store_failed(ctx: Context<'_>, what: &str, e: StoreError) -> Result<(), Error> {
    tracing::error!("/thaayam {}: {what} failed: {e}", ctx.command().name);
    private(ctx, tr!(langs(ctx).await.1, "store-failed")).await
}

/// How a stored seat is named: a mention (that pings no one when sent
/// with empty `allowed_mentions`) or the computer.
pub(crate) fn occupant(lang: Lang, o: &Occupant) -> String {
    match o {
        Occupant::Human(u) => mention(UserId(*u)),
        Occupant::Computer(level) => computer_name(lang, level),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use poise::ChoiceParameter;

    /// Discord's limit on the name of a slash-command option choice.
    const CHOICE_NAME: usize = 100;

    #[test]
    fn variant_choices_are_the_engine_table_and_fit_discord() {
        let list = VariantChoice::list();
        assert_eq!(list.len(), Variant::ALL.len());
        for (i, v) in Variant::ALL.into_iter().enumerate() {
            assert_eq!(VariantChoice::from_index(i), Some(VariantChoice(v)));
            assert_eq!(VariantChoice::from_name(&list[i].name), Some(VariantChoice(v)));
            assert!(list[i].name.starts_with(v.name()));
            assert!(list[i].name.chars().count() <= CHOICE_NAME, "{}", list[i].name);
        }
        assert_eq!(VariantChoice::from_index(Variant::ALL.len()), None);
    }
}
