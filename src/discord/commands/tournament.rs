//! `/thaayam tournament`: `new` (Manage Server, or the server's
//! organisers' role) sets a tournament up in this channel and posts its
//! sign-up; `show` lists this channel's tournaments (or the server's
//! latest); `cancel` (its organiser, Manage Server or the organisers'
//! role) cancels one; `withdraw` takes the player out of one
//! (leaving before the start, withdrawing after it). They read their
//! options and word the answer; `game::signup` decides, the live wing
//! (`live/signup.rs`) saves and shows the sign-up.

use super::answer::{VariantChoice, langs, private, send, where_asked};
use super::game::permission_list;
use super::settings::{may_manage, member_permissions, member_roles, role_mention};
use crate::discord::game::season;
use crate::discord::game::server::ServerSettings;
use crate::discord::game::signup::{self, Act, Format, Outcome, SetupAsked};
use crate::discord::live::access::{self, Where};
use crate::discord::live::persist;
use crate::discord::live::signup::{self as live_signup, Opened, Read, Unchanged};
use crate::discord::live::{ids, unix_now};
use crate::discord::view::lang::{Lang, tr};
use crate::discord::view::message::{Embed, Message};
use crate::discord::view::signup::{phase_name, refusal_text, setup_refusal_text, when};
use crate::discord::view::words::COLOUR;
use crate::discord::{Context, Error};
use crate::engine::Ruleset;
use crate::store::NewTournament;

/// Tournaments listed by `show` at most.
const SHOWN: usize = 5;

#[poise::command(slash_command, subcommands("tournament_new", "show", "cancel", "withdraw"), subcommand_required)]
pub(crate) async fn tournament(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// A tournament's format, as offered.
#[derive(Copy, Clone, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub(crate) enum FormatChoice {
    #[name = "swiss"]
    Swiss,
    #[name = "arena"]
    Arena,
}

impl From<FormatChoice> for Format {
    fn from(c: FormatChoice) -> Format {
        match c {
            FormatChoice::Swiss => Format::Swiss,
            FormatChoice::Arena => Format::Arena,
        }
    }
}

// A slash command's options are its arguments (poise): one per setting.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, rename = "new", guild_only)]
pub(crate) async fn tournament_new(
    ctx: Context<'_>,
    #[max_length = 80] name: String,
    variant: Option<VariantChoice>,
    format: Option<FormatChoice>,
    #[min = 2]
    #[max = 4]
    table_size: Option<i64>,
    #[min = 1]
    #[max = 12]
    rounds: Option<i64>,
    #[min = 5]
    #[max = 720]
    length: Option<i64>,
    #[max_length = 20] turn_time: Option<String>,
    #[max_length = 40] start: Option<String>,
    #[min = 0]
    #[max = 11]
    late_join: Option<i64>,
    streak_bonus: Option<bool>,
) -> Result<(), Error> {
    let format = format.map(Format::from);
    let asked = SetupAsked { name, format, table_size, rounds, length, turn_time, start, late_join, streak_bonus };
    // Its store calls and the sign-up's post share one deadline: it is
    // answered within Discord's 3 s.
    let due = std::time::Instant::now() + persist::INTERACTION_DEADLINE;
    crate::store::answer_by(due, open_new(ctx, asked, variant)).await
}

/// Whether the member asking may organise the server's tournaments
/// (`ServerSettings::may_organise`: Manage Server, or its organisers' role).
fn organises(ctx: Context<'_>, server: &ServerSettings) -> bool {
    server.may_organise(may_manage(member_permissions(ctx)), &member_roles(ctx))
}

/// Why the bot may not set a tournament up here, in words (`None`: it
/// may), on a server with these settings.
fn not_here(ctx: Context<'_>, mine: Lang, server: &ServerSettings) -> Option<String> {
    if where_asked(ctx) != Where::Server {
        return Some(tr!(mine, "tournament-not-in-server"));
    }
    if !organises(ctx, server) {
        return Some(match server.organisers {
            Some(role) => tr!(mine, "tournament-not-manager-nor-role", role = role_mention(role)),
            None => tr!(mine, "tournament-not-manager"),
        });
    }
    let poise::Context::Application(a) = ctx else { return None };
    if access::is_thread(a.interaction.channel.as_ref()) {
        return Some(tr!(mine, "tournament-in-thread"));
    }
    let missing = a.interaction.app_permissions.map(access::missing_for_tournament).unwrap_or_default();
    (!missing.is_empty()).then(|| {
        tr!(mine, "tournament-missing-permissions", count = missing.len(), list = permission_list(mine, &missing))
    })
}

async fn open_new(ctx: Context<'_>, asked: SetupAsked, variant: Option<VariantChoice>) -> Result<(), Error> {
    let (public, mine) = langs(ctx).await;
    let data = ctx.data();
    let venue = ids::venue_of(ctx.guild_id());
    let server = data.servers.get(&data.store, venue).await;
    if let Some(refusal) = not_here(ctx, mine, &server) {
        return private(ctx, refusal).await;
    }
    let now = unix_now();
    let setup = match signup::setup(&asked, now, season::saved_zone(&server.time_zone)) {
        Ok(setup) => setup,
        Err(refusal) => return private(ctx, setup_refusal_text(mine, &refusal)).await,
    };
    let ruleset = variant.map(|v| Ruleset::new(v.into())).unwrap_or(server.rules.ruleset);
    let new = NewTournament {
        guild: venue.guild_number(),
        channel: ctx.channel_id().get(),
        organiser: ctx.author().id.get(),
        name: setup.name.clone(),
        variant: ruleset.variant.name().to_string(),
        ruleset: serde_json::to_string(&ruleset)?,
        format: setup.format.code().to_string(),
        table_size: setup.table_size,
        rounds: setup.rounds,
        round_secs: setup.round_secs,
        turn_timeout_secs: setup.turn_secs,
        starts_at: setup.starts_at,
        late_join_rounds: setup.late_join_rounds,
        streak_bonus: setup.streak_bonus,
        created_at: now,
    };
    let text = match live_signup::open(ctx.http(), data, new, public).await {
        Opened::Posted { id, link } => tr!(
            mine,
            "tournament-created",
            id = id,
            name = setup.name.as_str(),
            link = link,
            start = when(setup.starts_at)
        ),
        Opened::NotPosted => tr!(mine, "tournament-not-posted"),
        Opened::StoreFailed => tr!(mine, "tournament-store-failed"),
    };
    private(ctx, text).await
}

/// The channel a command came from, and its parent when it is a thread
/// (a table's thread belongs to its tournament's channel).
fn channels_here(ctx: Context<'_>) -> [u64; 2] {
    let here = ctx.channel_id().get();
    let parent = match ctx {
        poise::Context::Application(a) => a.interaction.channel.as_ref().and_then(|c| c.parent_id),
        poise::Context::Prefix(_) => None,
    };
    [here, parent.map_or(here, |p| p.get())]
}

/// A tournament a command names (by number, on this server), or this
/// channel's open one; else why not, in words.
async fn target(ctx: Context<'_>, number: Option<i64>, mine: Lang) -> Result<Read, String> {
    let guild = ids::venue_of(ctx.guild_id()).guild_number();
    let reads = live_signup::latest(ctx.data(), guild, 50).await.map_err(|e| {
        tracing::warn!("could not read the tournaments of guild {guild}: {e}");
        tr!(mine, "tournament-store-failed")
    })?;
    let here = channels_here(ctx);
    let found = match number {
        Some(id) => reads.into_iter().find(|r| r.saved.id == id),
        None => reads
            .into_iter()
            .find(|r| here.contains(&r.saved.setup.channel) && matches!(r.saved.state.as_str(), "signup" | "running")),
    };
    found.ok_or_else(|| match number {
        Some(id) => tr!(mine, "tournament-no-such", id = id),
        None => tr!(mine, "tournament-none-open"),
    })
}

/// One tournament's line in `show` (with its page, if it has one).
fn show_line(lang: Lang, r: &Read, now: i64, page: Option<String>) -> String {
    let links: Vec<String> = r.link().into_iter().chain(page).collect();
    tr!(
        lang,
        "tournament-show-line",
        id = r.saved.id,
        name = r.saved.setup.name.as_str(),
        phase = phase_name(lang, r.phase(now), Format::from_code(&r.saved.setup.format)),
        entrants = tr!(lang, "tournament-n-entrants", count = r.still_in()),
        start = when(r.saved.setup.starts_at),
        link = links.join(" · ")
    )
}

/// The tournaments `show` lists: this channel's, else the server's
/// latest; `page` gives a tournament's page, if any.
pub(crate) fn show_message(
    lang: Lang,
    reads: &[Read],
    here: [u64; 2],
    now: i64,
    page: &dyn Fn(i64) -> Option<String>,
) -> Message {
    let mine: Vec<&Read> = reads.iter().filter(|r| here.contains(&r.saved.setup.channel)).collect();
    let listed: Vec<&Read> = if mine.is_empty() { reads.iter().collect() } else { mine };
    let lines: Vec<String> = listed.iter().take(SHOWN).map(|r| show_line(lang, r, now, page(r.saved.id))).collect();
    let description = if lines.is_empty() { tr!(lang, "tournament-none") } else { lines.join("\n") };
    let embed = Embed { title: tr!(lang, "tournament-show-title"), description, colour: COLOUR, ..Embed::default() };
    Message { embed: Some(embed), ..Message::default() }
}

#[poise::command(slash_command, guild_only)]
pub(crate) async fn show(ctx: Context<'_>) -> Result<(), Error> {
    let mine = langs(ctx).await.1;
    let guild = ids::venue_of(ctx.guild_id()).guild_number();
    let reads = match live_signup::latest(ctx.data(), guild, 25).await {
        Ok(reads) => reads,
        Err(e) => {
            tracing::warn!("could not read the tournaments of guild {guild}: {e}");
            return private(ctx, tr!(mine, "tournament-store-failed")).await;
        }
    };
    let data = ctx.data();
    let pages_on = data.servers.get(&data.store, ids::venue_of(ctx.guild_id())).await.pages_on;
    let page = |id: i64| pages_on.then(|| data.pages.tournament_link(id)).flatten();
    send(ctx, &show_message(mine, &reads, channels_here(ctx), unix_now(), &page), true).await
}

#[poise::command(slash_command, guild_only)]
pub(crate) async fn cancel(ctx: Context<'_>, #[min = 1] tournament: Option<i64>) -> Result<(), Error> {
    let mine = langs(ctx).await.1;
    let read = match target(ctx, tournament, mine).await {
        Ok(read) => read,
        Err(text) => return private(ctx, text).await,
    };
    let id = read.saved.id;
    if read.saved.setup.organiser != ctx.author().id.get() {
        let data = ctx.data();
        let server = data.servers.get(&data.store, ids::venue_of(ctx.guild_id())).await;
        if !organises(ctx, &server) {
            let refusal = match server.organisers {
                Some(role) => tr!(mine, "tournament-not-organiser-nor-role", id = id, role = role_mention(role)),
                None => tr!(mine, "tournament-not-organiser", id = id),
            };
            return private(ctx, refusal).await;
        }
    }
    let now = unix_now();
    if read.phase(now).is_over() {
        return private(ctx, tr!(mine, "tournament-cancel-over", id = id)).await;
    }
    let text = match live_signup::cancel(ctx.http(), ctx.data(), &read, now).await {
        Ok(true) => tr!(mine, "tournament-cancelled", id = id, name = read.saved.setup.name.as_str()),
        Ok(false) => tr!(mine, "tournament-cancel-over", id = id),
        Err(e) => {
            tracing::warn!("could not cancel tournament {id}: {e}");
            tr!(mine, "tournament-store-failed")
        }
    };
    private(ctx, text).await
}

#[poise::command(slash_command, guild_only)]
pub(crate) async fn withdraw(ctx: Context<'_>, #[min = 1] tournament: Option<i64>) -> Result<(), Error> {
    let mine = langs(ctx).await.1;
    let read = match target(ctx, tournament, mine).await {
        Ok(read) => read,
        Err(text) => return private(ctx, text).await,
    };
    let id = read.saved.id;
    let user = ctx.author().id.get();
    let text = match live_signup::act(ctx.data(), &read, user, Act::Leave, unix_now()).await {
        Ok((outcome, _)) => {
            live_signup::redraw_logged(ctx.http(), ctx.data(), id).await;
            match outcome {
                Outcome::Withdraw => tr!(mine, "tournament-withdrawn", id = id),
                _ => tr!(mine, "tournament-left", id = id),
            }
        }
        Err(Unchanged::Refused(refusal)) => refusal_text(mine, refusal),
        Err(Unchanged::Store(e)) => {
            tracing::warn!("could not withdraw from tournament {id}: {e}");
            tr!(mine, "tournament-store-failed")
        }
    };
    private(ctx, text).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::SavedTournament;

    fn read(id: i64, channel: u64, state: &str) -> Read {
        let setup = NewTournament {
            guild: 1,
            channel,
            organiser: 2,
            name: format!("Cup {id}"),
            variant: "bell".into(),
            ruleset: String::new(),
            format: "swiss".into(),
            table_size: 2,
            rounds: 3,
            round_secs: 3600,
            turn_timeout_secs: 120,
            starts_at: 5000,
            late_join_rounds: 0,
            streak_bonus: false,
            created_at: 0,
        };
        let saved = SavedTournament {
            id,
            setup,
            state: state.into(),
            signup_message: Some(900 + id as u64),
            standings_message: None,
            podium_posted_at: None,
            finished_at: None,
        };
        Read { saved, entrants: Vec::new(), round: if state == "running" { 2 } else { 0 } }
    }

    fn description(m: &Message) -> String {
        m.embed.as_ref().map(|e| e.description.clone()).unwrap_or_default()
    }

    #[test]
    fn show_lists_this_channels_tournaments_else_the_servers_latest() {
        let reads = [read(3, 20, "running"), read(2, 10, "signup"), read(1, 10, "cancelled")];
        let page = |id: i64| Some(format!("https://thaayam.example.org/t/{id}"));
        let none = |_: i64| None;
        let here = description(&show_message(Lang::EN, &reads, [10, 10], 4000, &page));
        assert!(here.contains("#2 Cup 2**: sign-up open · 0 entrants"), "{here}");
        assert!(here.contains("#1 Cup 1**: cancelled") && !here.contains("Cup 3"), "{here}");
        assert!(here.contains("https://discord.com/channels/1/10/902") && here.contains("<t:5000:F>"), "{here}");
        assert!(here.contains("/902 · https://thaayam.example.org/t/2"), "the page beside the sign-up: {here}");
        // From a table's thread (parent 20), its tournament; from elsewhere, the latest.
        let thread = description(&show_message(Lang::EN, &reads, [77, 20], 4000, &none));
        assert!(thread.contains("#3 Cup 3**: round 2") && !thread.contains("Cup 2"), "{thread}");
        let elsewhere = description(&show_message(Lang::EN, &reads, [55, 55], 4500, &none));
        assert!(elsewhere.contains("Cup 3") && elsewhere.contains("check-in open"), "{elsewhere}");
        let none = description(&show_message(Lang::EN, &[], [55, 55], 0, &none));
        assert!(none.contains("/thaayam tournament new"), "{none}");
        for lang in Lang::all() {
            let m = show_message(lang, &reads, [10, 10], 4000, &page);
            assert_eq!(crate::discord::view::message::check(&m), Ok(()));
        }
    }
}
