//! The commands that open, show and end games: `new`, `board`, `resign`,
//! `end`, `kick`.

use super::answer::{VariantChoice, is_moderator, langs, private};
use super::settings::guild_defaults;
use crate::discord::config::parse_duration;
use crate::discord::game::intent::{Actor, Intent};
use crate::discord::game::session;
use crate::discord::game::table::{NewGame, Stage, Table};
use crate::discord::live::access;
use crate::discord::live::board::show;
use crate::discord::live::change::apply_intent;
use crate::discord::live::computer::spawn_computer;
use crate::discord::live::hub::{Shared, Taken};
use crate::discord::live::persist;
use crate::discord::live::unix_now;
use crate::discord::view::lang::{Lang, tr};
use crate::discord::view::presenter::Outro;
use crate::discord::view::refusals::refusal_text;
use crate::discord::view::words::{Permission, permission_name};
use crate::discord::{Context, Data, Error};
use crate::engine::{Ruleset, Variant};
use crate::store::{EndPermission, GameId, StoreError};
use poise::serenity_prelude as serenity;

#[poise::command(slash_command, guild_only, rename = "new")]
pub(crate) async fn new_game(
    ctx: Context<'_>,
    variant: Option<VariantChoice>,
    #[min = 2]
    #[max = 4]
    players: Option<u8>,
    timeout: Option<String>,
    practice: Option<bool>,
) -> Result<(), Error> {
    let (_, mine) = langs(ctx).await;
    let missing = missing_permissions(ctx);
    if !missing.is_empty() {
        let text = tr!(mine, "new-missing-permissions", count = missing.len(), list = permission_list(mine, &missing));
        return private(ctx, text).await;
    }
    let guild = ctx.guild_id().map(|g| g.get()).unwrap_or(0);
    let defaults = guild_defaults(&ctx.data().store, guild, &ctx.data().config).await;
    let turn_timeout = match timeout.as_deref().map(parse_duration).transpose() {
        Ok(t) => t.unwrap_or(u64::from(defaults.turn_timeout_secs)),
        Err(e) => return private(ctx, tr!(mine, "new-bad-timeout", error = e.to_string())).await,
    };
    let new = NewGame {
        guild,
        channel: ctx.channel_id().get(),
        host: ctx.author().id.get(),
        ruleset: variant.map(|v| Ruleset::new(Variant::from(v))).unwrap_or(defaults.default_ruleset),
        players: players.unwrap_or(2).clamp(2, 4),
        turn_timeout,
        moderators_end: defaults.end_permission == EndPermission::Moderators,
        practice: practice.unwrap_or(false),
    };
    let data = ctx.data();
    // The channel is held from here until its lobby is posted (or given
    // up), so that a second `/thaayam new` waits for nothing and is told.
    let reservation = match data.hub.reserve(new.channel) {
        Ok(reservation) => reservation,
        Err(Taken::Running(existing)) => return already_running(ctx, mine, &existing).await,
        // Another `/thaayam new` is opening a lobby in the channel.
        Err(Taken::Opening) => return private(ctx, tr!(mine, "new-setting-up")).await,
    };
    let mut table = match open_lobby(data, new).await {
        Ok(Opened::New(table)) => table,
        Ok(Opened::Resumed(table)) => return resumed(ctx, reservation.fill(table)).await,
        Err(e) => {
            tracing::error!("could not open a game in channel {}: {e}", new.channel);
            return private(ctx, tr!(mine, "new-store-failed")).await;
        }
    };
    table.names.insert(ctx.author().id.get(), ctx.author().display_name().to_string());
    let game = reservation.fill(table);
    let mut table = game.lock().await;
    show(ctx.http(), data, &mut table, &[], &Outro::default(), true).await;
    if table.board.is_none() {
        give_up(data, &mut table).await;
        // Discord refused the lobby although the interaction said the bot may post.
        return private(ctx, tr!(mine, "new-not-posted")).await;
    }
    let text = tr!(mine, "new-opened", game = table.id, link = link_of(&table));
    drop(table);
    private(ctx, text).await
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
fn permission_list(lang: Lang, missing: &[Permission]) -> String {
    let names: Vec<String> = missing.iter().map(|&p| permission_name(lang, p)).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {} {last}", rest.join(", "), tr!(lang, "and")),
    }
}

async fn already_running(ctx: Context<'_>, lang: Lang, existing: &Shared) -> Result<(), Error> {
    let link = link_of(&*existing.lock().await);
    let text = if link.is_empty() { tr!(lang, "new-running") } else { tr!(lang, "new-running-here", link = link) };
    private(ctx, text).await
}

/// What `/thaayam new` got from the store.
enum Opened {
    /// A new lobby, saved.
    New(Table),
    /// An unfinished game of this channel that the bot was not running but
    /// can: it runs again instead of a new one.
    Resumed(Table),
}

/// Creates the game in the store and saves its first state. The caller
/// holds the channel's reservation, so a game the store still has open in
/// this channel is none the bot runs or is opening: it is resumed if it
/// can run; only one that cannot be loaded (the bot stopped between two
/// writes, or its state is unreadable) is abandoned, logged, and the lobby
/// opened.
async fn open_lobby(data: &Data, new: NewGame) -> Result<Opened, StoreError> {
    let mut table = match persist::create(&data.store, new, &data.seeds).await {
        Err(StoreError::ChannelBusy { game, .. }) => {
            if let Some(table) = resumable(data, game).await? {
                return Ok(Opened::Resumed(table));
            }
            tracing::warn!("channel {} had game {game}, which cannot run; abandoning it", new.channel);
            data.store.call(move |s| s.abandon(game, None)).await?;
            persist::create(&data.store, new, &data.seeds).await?
        }
        other => other?,
    };
    if let Err(e) = persist::save(&data.store, &mut table).await {
        let id = GameId(table.id);
        let _ = data.store.call(move |s| s.abandon(id, None)).await;
        return Err(e);
    }
    Ok(Opened::New(table))
}

/// A stored unfinished game as a table, if it can run.
async fn resumable(data: &Data, game: GameId) -> Result<Option<Table>, StoreError> {
    let Some(live) = data.store.call(move |s| s.live_game(game)).await? else { return Ok(None) };
    match persist::from_live(live) {
        Ok(table) => Ok(Some(table).filter(Table::is_open)),
        Err(e) => {
            tracing::warn!("cannot resume: {e}");
            Ok(None)
        }
    }
}

/// A stored game of this channel runs again: its board is posted if it
/// has none, its computers play on, and the caller is told where it is.
async fn resumed(ctx: Context<'_>, game: Shared) -> Result<(), Error> {
    let data = ctx.data();
    let mut table = game.lock().await;
    tracing::warn!("game {} of channel {} was not running; resumed it", table.id, table.channel);
    if table.board.is_none() {
        show(ctx.http(), data, &mut table, &[], &Outro::default(), true).await;
    }
    drop(table);
    spawn_computer(ctx.serenity_context().http.clone(), data.clone(), game.clone());
    already_running(ctx, langs(ctx).await.1, &game).await
}

/// A lobby whose message could not be posted must not hold the channel:
/// it is abandoned in the store and leaves the hub.
async fn give_up(data: &Data, table: &mut Table) {
    let id = GameId(table.id);
    tracing::warn!("the lobby of game {id} could not be posted in channel {}; abandoning it", table.channel);
    if let Err(e) = data.store.call(move |s| s.abandon(id, None)).await {
        tracing::error!("could not abandon game {id}: {e}");
    }
    table.stage = Stage::Ended;
    data.hub.saved(table);
}

fn link(guild: u64, channel: u64, message: u64) -> String {
    format!("https://discord.com/channels/{guild}/{channel}/{message}")
}

fn link_of(t: &Table) -> String {
    t.board.map(|b| link(t.guild, t.channel, b.message)).unwrap_or_default()
}

#[poise::command(slash_command, guild_only)]
pub(crate) async fn board(ctx: Context<'_>) -> Result<(), Error> {
    let (_, mine) = langs(ctx).await;
    let Some(game) = ctx.data().hub.in_channel(ctx.channel_id().get()) else {
        return private(ctx, tr!(mine, "no-game-start-one")).await;
    };
    // Like `new`, check that the bot may post a board here, and say so when
    // Discord refuses the post anyway (the old board stays the live one).
    let missing = missing_permissions(ctx);
    if !missing.is_empty() {
        let text =
            tr!(mine, "board-missing-permissions", count = missing.len(), list = permission_list(mine, &missing));
        return private(ctx, text).await;
    }
    let mut table = game.lock().await;
    let posted = show(ctx.http(), ctx.data(), &mut table, &[], &Outro::default(), true).await;
    drop(table);
    private(ctx, if posted { tr!(mine, "board-again") } else { tr!(mine, "board-not-posted") }).await
}

#[poise::command(slash_command, guild_only)]
pub(crate) async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    apply(ctx, Intent::Resign).await
}

#[poise::command(slash_command, guild_only)]
pub(crate) async fn end(ctx: Context<'_>) -> Result<(), Error> {
    apply(ctx, Intent::End).await
}

#[poise::command(slash_command, guild_only)]
pub(crate) async fn kick(ctx: Context<'_>, user: serenity::User) -> Result<(), Error> {
    apply(ctx, Intent::Kick(user.id.get())).await
}

/// Applies a command's intent to the channel's game and shows the result.
async fn apply(ctx: Context<'_>, intent: Intent) -> Result<(), Error> {
    let Some(game) = ctx.data().hub.in_channel(ctx.channel_id().get()) else {
        return private(ctx, tr!(langs(ctx).await.1, "no-game")).await;
    };
    let actor = Actor { user: ctx.author().id.get(), moderator: is_moderator(ctx) };
    let mut table = game.lock().await;
    let now = unix_now();
    let applied = apply_intent(ctx.data(), &mut table, |t| session::handle(t, actor, intent, None, now)).await;
    match applied {
        Err(refusal) => private(ctx, refusal_text(langs(ctx).await.1, &refusal)).await,
        Ok((notes, outro)) => {
            show(ctx.http(), ctx.data(), &mut table, &notes, &outro, true).await;
            drop(table);
            spawn_computer(ctx.serenity_context().http.clone(), ctx.data().clone(), game);
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
