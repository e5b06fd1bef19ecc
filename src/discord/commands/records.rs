//! `/thaayam leaderboard`, `stats` and `history`: the server's ratings, a
//! player's record and the channel's finished games, read from the store.
//! The handlers are thin; the messages are built by plain functions from
//! store data (unit-tested in `records_tests`). Users appear as mentions
//! that ping no one.

use super::answer::{VariantChoice, occupant, send, store_failed};
use super::settings::effective_settings;
use crate::discord::view::message::{Embed, Message, limits};
use crate::discord::view::words::{COLOUR, fit_lines, mention};
use crate::discord::{Context, Error};
use crate::engine::Variant;
use crate::store::{GameSummary, PlayerRating};
use poise::serenity_prelude as serenity;

/// Rated games a player needs before the leaderboard lists her.
pub(crate) const MIN_GAMES: u32 = 3;
/// Rows of a leaderboard.
pub(crate) const LEADERBOARD_ROWS: u32 = 20;
/// Games listed by `/thaayam history`.
pub(crate) const HISTORY_GAMES: u32 = 10;

/// What the rating number means, in one line.
pub(crate) const RATING_MEANING: &str = "Rating = skill estimate minus three times its uncertainty (Weng-Lin/OpenSkill): \
everyone starts at 0, and it rises with wins and with games played.";

/// A rating as shown to players: the conservative estimate μ − 3σ.
pub(crate) fn rating_text(r: &PlayerRating) -> String {
    format!("{:.1}", r.ordinal())
}

fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The leaderboard of a variant from the store's rows (best first): players
/// with [`MIN_GAMES`] games are ranked; newer players are named on one line
/// below, with their provisional rating, so a first game already shows up.
pub(crate) fn leaderboard_message(variant: Variant, rows: &[PlayerRating]) -> Message {
    let ranked: Vec<&PlayerRating> = rows.iter().filter(|r| r.games >= MIN_GAMES).collect();
    let newcomers: Vec<String> = rows
        .iter()
        .filter(|r| r.games < MIN_GAMES)
        .map(|r| format!("{} {} ({})", mention(r.user), rating_text(r), plural(r.games, "game", "games")))
        .collect();
    let mut lines: Vec<String> = if ranked.is_empty() {
        vec![format!(
            "No one on this server has finished {MIN_GAMES} rated games of {variant} yet. \
             Start one with `/thaayam new`."
        )]
    } else {
        ranked
            .iter()
            .enumerate()
            .map(|(i, r)| {
                format!(
                    "**{}.** {} **{}** · {} · {} · average place {:.2}",
                    i + 1,
                    mention(r.user),
                    rating_text(r),
                    plural(r.games, "game", "games"),
                    plural(r.wins, "win", "wins"),
                    r.average_place()
                )
            })
            .collect()
    };
    if !newcomers.is_empty() {
        lines.push(format!("Not ranked yet (fewer than {MIN_GAMES} games): {}", newcomers.join(", ")));
    }
    let description = fit_lines(&lines, limits::EMBED_DESCRIPTION);
    let footer = format!("{RATING_MEANING} Players are listed after {MIN_GAMES} games.");
    Message {
        embed: Some(Embed {
            title: format!("Leaderboard: {variant}"),
            description,
            footer,
            colour: COLOUR,
            ..Embed::default()
        }),
        ..Message::default()
    }
}

/// A player's record, one field per variant played.
pub(crate) fn stats_message(user: u64, stats: &[PlayerRating]) -> Message {
    let description = if stats.is_empty() {
        format!("{} has not finished a game on this server yet.", mention(user))
    } else {
        let games: u32 = stats.iter().map(|r| r.games).sum();
        let wins: u32 = stats.iter().map(|r| r.wins).sum();
        format!(
            "{}'s record on this server: {} and {} in all.",
            mention(user),
            plural(games, "game", "games"),
            plural(wins, "win", "wins")
        )
    };
    let fields = stats.iter().take(limits::EMBED_FIELDS).map(|r| (r.variant.to_string(), variant_record(r))).collect();
    Message {
        embed: Some(Embed {
            title: "Thaayam record".into(),
            description,
            fields,
            footer: if stats.is_empty() { String::new() } else { RATING_MEANING.into() },
            colour: COLOUR,
        }),
        ..Message::default()
    }
}

fn variant_record(r: &PlayerRating) -> String {
    let percent = if r.games == 0 { 0 } else { (f64::from(r.wins) * 100.0 / f64::from(r.games)).round() as u32 };
    let mut text = format!(
        "Rating **{}** (μ {:.1}, σ {:.1})\n{} · {} ({percent}%)\nAverage place {:.2}\nWin streak {} (best {})",
        rating_text(r),
        r.rating,
        r.uncertainty,
        plural(r.games, "game", "games"),
        plural(r.wins, "win", "wins"),
        r.average_place(),
        r.streak,
        r.best_streak
    );
    if r.games < MIN_GAMES {
        text.push_str(&format!("\nOn the leaderboard after {MIN_GAMES} games"));
    }
    text
}

/// One finished game in a line: id, date, variant, winner, the others.
fn history_line(g: &GameSummary) -> String {
    let winners: Vec<String> = g.winners().map(occupant).collect();
    let others: Vec<String> = g
        .placings
        .iter()
        .filter(|p| p.place != 1)
        .map(|p| match p.place {
            0 => occupant(&p.occupant),
            place => format!("{place}. {}", occupant(&p.occupant)),
        })
        .collect();
    let winner = if winners.is_empty() { "no winner".to_string() } else { format!("won by {}", winners.join(", ")) };
    let mut line = format!("`{}` <t:{}:d> {} — {winner}", g.id, g.finished_at.as_secs(), g.ruleset);
    if !others.is_empty() {
        line.push_str(&format!("; {}", others.join(" · ")));
    }
    line
}

/// The channel's finished games, newest first.
pub(crate) fn history_message(games: &[GameSummary]) -> Message {
    let (description, footer) = if games.is_empty() {
        ("No game has been played to the end in this channel yet. Start one with `/thaayam new`.".into(), String::new())
    } else {
        let lines: Vec<String> = games.iter().map(history_line).collect();
        (
            fit_lines(&lines, limits::EMBED_DESCRIPTION),
            format!("Watch a game again with /thaayam replay, e.g. game:{}", games[0].id.0),
        )
    };
    Message {
        embed: Some(Embed {
            title: "Finished games in this channel".into(),
            description,
            footer,
            colour: COLOUR,
            ..Embed::default()
        }),
        ..Message::default()
    }
}

fn guild_of(ctx: Context<'_>) -> u64 {
    ctx.guild_id().map_or(0, |g| g.get())
}

/// This server's best players of a variant, by rating
#[poise::command(slash_command, guild_only)]
pub(crate) async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Which rules (default: the server's default)"] variant: Option<VariantChoice>,
) -> Result<(), Error> {
    let guild = guild_of(ctx);
    let store = &ctx.data().store;
    let variant = match variant {
        Some(v) => Variant::from(v),
        None => match effective_settings(store, guild, &ctx.data().config).await {
            Ok(s) => s.default_ruleset.variant,
            Err(e) => return store_failed(ctx, "reading the settings", e).await,
        },
    };
    let rows = move |s: &mut crate::store::Store| {
        let mut rows = s.leaderboard(guild, variant, MIN_GAMES, LEADERBOARD_ROWS)?;
        let newcomers = s.leaderboard(guild, variant, 1, 2 * LEADERBOARD_ROWS)?;
        rows.extend(newcomers.into_iter().filter(|r| r.games < MIN_GAMES));
        Ok(rows)
    };
    match store.call(rows).await {
        Ok(rows) => send(ctx, &leaderboard_message(variant, &rows), false).await,
        Err(e) => store_failed(ctx, "reading the leaderboard", e).await,
    }
}

/// A player's Thaayam record on this server: rating, games, wins, streaks
#[poise::command(slash_command, guild_only)]
pub(crate) async fn stats(
    ctx: Context<'_>,
    #[description = "Whose record (default: yours)"] user: Option<serenity::User>,
) -> Result<(), Error> {
    let guild = guild_of(ctx);
    let user = user.map_or(ctx.author().id.get(), |u| u.id.get());
    match ctx.data().store.call(move |s| s.player_stats(guild, user)).await {
        Ok(stats) => send(ctx, &stats_message(user, &stats), false).await,
        Err(e) => store_failed(ctx, "reading a player's stats", e).await,
    }
}

/// The last games played to the end in this channel, with their numbers for replays
#[poise::command(slash_command, guild_only)]
pub(crate) async fn history(ctx: Context<'_>) -> Result<(), Error> {
    let channel = ctx.channel_id().get();
    match ctx.data().store.call(move |s| s.channel_history(channel, HISTORY_GAMES)).await {
        Ok(games) => send(ctx, &history_message(&games), false).await,
        Err(e) => store_failed(ctx, "reading the channel's history", e).await,
    }
}
