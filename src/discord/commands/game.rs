//! The commands that open, show and end games: `new`, `board`, `resign`,
//! `end`, `kick`. They read their options and word the answer; the live
//! wing opens, changes and shows the game.

use super::answer::{VariantChoice, is_moderator, langs, private, where_asked};
use crate::discord::config::parse_duration;
use crate::discord::game::ids::{ChannelId, UserId, Venue};
use crate::discord::game::intent::{Actor, Intent};
use crate::discord::game::server::WhoEnds;
use crate::discord::game::session;
use crate::discord::game::table::NewGame;
use crate::discord::live::access::{self, Where};
use crate::discord::live::board::{Change, Command, Via, show};
use crate::discord::live::change::apply_intent;
use crate::discord::live::computer::spawn_computer;
use crate::discord::live::delivery::Place;
use crate::discord::live::guard::{Capped, Counted};
use crate::discord::live::ids;
use crate::discord::live::lang;
use crate::discord::live::opening::{self, Asked, Opened};
use crate::discord::live::persist;
use crate::discord::live::running::Reach;
use crate::discord::live::unix_now;
use crate::discord::view::lang::{Lang, tr};
use crate::discord::view::refusals::refusal_text;
use crate::discord::view::words::{Permission, permission_name};
use crate::discord::{Context, Error};
use crate::engine::{Ruleset, Variant};
use poise::serenity_prelude as serenity;
use std::sync::atomic::Ordering;

#[poise::command(slash_command, rename = "new")]
pub(crate) async fn new_game(
    ctx: Context<'_>,
    variant: Option<VariantChoice>,
    #[min = 2]
    #[max = 4]
    players: Option<u8>,
    timeout: Option<String>,
    practice: Option<bool>,
) -> Result<(), Error> {
    // Its store calls (the server's settings, the game's row, its first
    // save) share one deadline, as a click's do: it is answered in time.
    let due = std::time::Instant::now() + persist::INTERACTION_DEADLINE;
    crate::store::answer_by(due, open_new(ctx, variant, players, timeout, practice)).await
}

async fn open_new(
    ctx: Context<'_>,
    variant: Option<VariantChoice>,
    players: Option<u8>,
    timeout: Option<String>,
    practice: Option<bool>,
) -> Result<(), Error> {
    let (public, mine) = langs(ctx).await;
    let place = where_asked(ctx);
    if place == Where::Foreign {
        return private(ctx, tr!(mine, "new-not-in-server")).await;
    }
    let missing = if place == Where::Server { missing_permissions(ctx) } else { Vec::new() };
    if !missing.is_empty() {
        let text = tr!(mine, "new-missing-permissions", count = missing.len(), list = permission_list(mine, &missing));
        return private(ctx, text).await;
    }
    let venue = if place == Where::Server { ids::venue_of(ctx.guild_id()) } else { Venue::Outside };
    let data = ctx.data();
    let defaults = data.servers.get(&data.store, venue).await.rules;
    let turn_timeout = match timeout.as_deref().map(parse_duration).transpose() {
        Ok(t) => t.unwrap_or(u64::from(defaults.turn_timeout_secs)),
        Err(e) => return private(ctx, tr!(mine, "new-bad-timeout", error = e.to_string())).await,
    };
    let new = NewGame {
        venue,
        channel: ChannelId::from(ctx.channel_id()),
        host: UserId::from(ctx.author().id),
        ruleset: variant.map(|v| Ruleset::new(Variant::from(v))).unwrap_or(defaults.ruleset),
        players: players.unwrap_or(2).clamp(2, 4),
        turn_timeout,
        moderators_end: defaults.who_ends == WhoEnds::Moderators,
        // Nobody else can join a game in the bot's DM: it is practice
        // against the computer, hints included, unless asked otherwise.
        practice: practice.unwrap_or(place == Where::BotDm),
    };
    let counted = match may_open(ctx).await {
        Ok(counted) => counted,
        Err(capped) => return private(ctx, capped.words(mine)).await,
    };
    let name = ctx.author().display_name().to_string();
    let reach = if place == Where::Private { Reach::Interactions } else { Reach::Channel };
    let lang = lang::of_new_game(venue.guild().is_some(), ctx.locale(), public);
    let asked = Asked { reach, via: via(ctx, reach), lang };
    let opened = opening::open(&ctx.serenity_context().http, ctx.data(), new, name, asked).await;
    counted.settle(matches!(opened, Opened::New { .. }));
    if answered(ctx) && matches!(opened, Opened::New { .. }) {
        return Ok(()); // the lobby is the answer
    }
    let text = opened.words(mine);
    private(ctx, text).await
}

/// Whether the command's user may open one more game: fewer than the cap
/// open (hosted or seated, lobbies included), fewer than the hour's cap
/// opened (this one is then counted, until it proves not opened). Counted from the registry, without
/// waiting for any game (a click may hold one while the database is slow,
/// and the command must be answered within Discord's 3 seconds).
async fn may_open(ctx: Context<'_>) -> Result<Counted<'_>, Capped> {
    let user = UserId::from(ctx.author().id);
    let open = ctx.data().hub.open_with(user);
    ctx.data().guard.may_open(user, open)
}

/// The command as the interaction a game reached only by interactions
/// answers with its board.
fn via(ctx: Context<'_>, reach: Reach) -> Option<Via<'_>> {
    match ctx {
        poise::Context::Application(a) if reach == Reach::Interactions => Some(Via::Command(Command {
            http: &a.serenity_context.http,
            command: a.interaction,
            answered: a.has_sent_initial_response,
        })),
        _ => None,
    }
}

/// Whether the command was answered already (with a board).
fn answered(ctx: Context<'_>) -> bool {
    match ctx {
        poise::Context::Application(a) => a.has_sent_initial_response.load(Ordering::Relaxed),
        poise::Context::Prefix(_) => false,
    }
}

/// What the bot lacks to post a board here, as the interaction tells it
/// (`app_permissions`; nothing when Discord did not say): `new` and
/// `board` check it before they post.
fn missing_permissions(ctx: Context<'_>) -> Vec<Permission> {
    let poise::Context::Application(a) = ctx else { return Vec::new() };
    let Some(have) = a.interaction.app_permissions else { return Vec::new() };
    access::missing_for_board(have, access::is_thread(a.interaction.channel.as_ref()))
}

/// The permissions the bot lacks, named as Discord names them in `lang`
/// ("Embed Links and Attach Files").
pub(crate) fn permission_list(lang: Lang, missing: &[Permission]) -> String {
    let names: Vec<String> = missing.iter().map(|&p| permission_name(lang, p)).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {} {last}", rest.join(", "), tr!(lang, "and")),
    }
}

#[poise::command(slash_command)]
pub(crate) async fn board(ctx: Context<'_>) -> Result<(), Error> {
    let (_, mine) = langs(ctx).await;
    let Some(game) = ctx.data().hub.in_channel(ChannelId::from(ctx.channel_id())) else {
        return private(ctx, tr!(mine, "no-game-start-one")).await;
    };
    // Like `new`, check that the bot may post a board here, and say so when
    // Discord refuses the post anyway (the old board stays the live one).
    // Outside servers no permission says whether it may post (a group DM's
    // board is an answer; the bot's DM takes its messages).
    let missing = if where_asked(ctx) == Where::Server { missing_permissions(ctx) } else { Vec::new() };
    if !missing.is_empty() {
        let text =
            tr!(mine, "board-missing-permissions", count = missing.len(), list = permission_list(mine, &missing));
        return private(ctx, text).await;
    }
    let mut running = game.lock().await;
    let change = Change::none(Place::New);
    let via = via(ctx, running.post.reach);
    let shown = show(ctx.http(), ctx.data(), &mut running, change, via).await;
    drop(running);
    if answered(ctx) {
        return Ok(()); // the board is the answer
    }
    private(ctx, if shown.posted { tr!(mine, "board-again") } else { tr!(mine, "board-not-posted") }).await
}

#[poise::command(slash_command)]
pub(crate) async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    apply(ctx, Intent::Resign).await
}

#[poise::command(slash_command)]
pub(crate) async fn end(ctx: Context<'_>) -> Result<(), Error> {
    apply(ctx, Intent::End).await
}

#[poise::command(slash_command)]
pub(crate) async fn kick(ctx: Context<'_>, user: serenity::User) -> Result<(), Error> {
    apply(ctx, Intent::Kick(user.id.into())).await
}

/// Applies a command's intent to the channel's game and shows the result.
async fn apply(ctx: Context<'_>, intent: Intent) -> Result<(), Error> {
    let Some(game) = ctx.data().hub.in_channel(ChannelId::from(ctx.channel_id())) else {
        return private(ctx, tr!(langs(ctx).await.1, "no-game")).await;
    };
    let actor = Actor { user: UserId::from(ctx.author().id), moderator: is_moderator(ctx) };
    let mut running = game.lock().await;
    let now = unix_now();
    let applied = apply_intent(ctx.data(), &mut running, |t| session::handle(t, actor, intent, None, now)).await;
    match applied {
        Err(refusal) => private(ctx, refusal_text(langs(ctx).await.1, &refusal)).await,
        Ok((notes, outro)) => {
            let change = Change { place: Place::New, ..Change::of(&notes, &outro) };
            let via = via(ctx, running.post.reach);
            show(ctx.http(), ctx.data(), &mut running, change, via).await;
            drop(running);
            spawn_computer(ctx.serenity_context().http.clone(), ctx.data().clone(), game);
            if answered(ctx) {
                return Ok(()); // the board is the answer
            }
            private(ctx, tr!(langs(ctx).await.1, "done")).await
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_missing_permissions_are_named_as_discord_names_them_in_the_readers_language() {
        let fr = Lang::from_code("fr").expect("French");
        let missing = [Permission::EmbedLinks, Permission::AttachFiles];
        let text = permission_list(fr, &missing);
        assert_eq!(text, "Intégrer des liens et Joindre des fichiers");
        let text = permission_list(Lang::EN, &missing[..1]);
        assert_eq!(text, "Embed Links");
    }
}
