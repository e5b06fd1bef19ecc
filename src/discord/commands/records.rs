//! `/thaayam leaderboard`, `stats` and `history`: the server's ratings
//! (its seasons' tables are in `seasons`), a
//! player's record with her frequent opponents (or, with `against:`, the
//! head-to-head of two players) and the channel's finished games, read
//! from the store.
//! The handlers are thin; the messages are built by plain functions from
//! store data (unit-tested in `records_tests`). Users appear as mentions
//! that ping no one.

use super::answer::{VariantChoice, langs, occupant, send, store_failed};
use super::seasons::{PeriodChoice, season_leaderboard};
use crate::discord::game::ids::{ChannelId, UserId, Venue};
use crate::discord::game::season::Period;
use crate::discord::view::lang::{Lang, tr};
use crate::discord::view::message::{Embed, Message, limits};
use crate::discord::view::words::{COLOUR, fit_lines, mention};
use crate::discord::{Context, Error};
use crate::engine::Variant;
use crate::store::{GameSummary, HeadToHead, PlayerRating, Rival};
use poise::serenity_prelude as serenity;

/// Rated games a player needs before the leaderboard lists her.
pub(crate) const MIN_GAMES: u32 = crate::discord::view::presenter::LEADERBOARD_MIN_GAMES;
/// Rows of a leaderboard.
pub(crate) const LEADERBOARD_ROWS: u32 = 20;
/// Games listed by `/thaayam history`.
pub(crate) const HISTORY_GAMES: u32 = 10;
/// Rated games two players must have finished together before one is
/// listed among the other's frequent opponents.
pub(crate) const RIVAL_MIN_GAMES: u32 = 2;
/// Frequent opponents listed by `/thaayam stats`.
pub(crate) const RIVALS: u32 = 5;
/// Meetings listed by `/thaayam stats against:`.
pub(crate) const LAST_MEETINGS: u32 = 5;

/// What the rating number means, in one line.
pub(crate) fn rating_meaning(lang: Lang) -> String {
    tr!(lang, "rating-meaning")
}

/// A rating as shown to players: the conservative estimate μ − 3σ.
pub(crate) fn rating_text(lang: Lang, r: &PlayerRating) -> String {
    lang.decimal(r.ordinal(), 1, false)
}

fn games(lang: Lang, n: u32) -> String {
    tr!(lang, "n-games", count = n)
}

fn wins(lang: Lang, n: u32) -> String {
    tr!(lang, "n-wins", count = n)
}

/// The leaderboard of a variant from the store's rows (best first): players
/// with [`MIN_GAMES`] games are ranked; newer players are named on one line
/// below, with their provisional rating, so a first game already shows up.
pub(crate) fn leaderboard_message(lang: Lang, variant: Variant, rows: &[PlayerRating]) -> Message {
    let ranked: Vec<&PlayerRating> = rows.iter().filter(|r| r.games >= MIN_GAMES).collect();
    let newcomers: Vec<String> = rows
        .iter()
        .filter(|r| r.games < MIN_GAMES)
        .map(|r| format!("{} {} ({})", mention(UserId(r.user)), rating_text(lang, r), games(lang, r.games)))
        .collect();
    let mut lines: Vec<String> = if ranked.is_empty() {
        vec![tr!(lang, "leaderboard-empty", count = MIN_GAMES, variant = variant.name())]
    } else {
        ranked
            .iter()
            .enumerate()
            .map(|(i, r)| {
                tr!(
                    lang,
                    "leaderboard-line",
                    rank = i + 1,
                    who = mention(UserId(r.user)),
                    rating = rating_text(lang, r),
                    games = games(lang, r.games),
                    wins = wins(lang, r.wins),
                    place = lang.decimal(r.average_place(), 2, false),
                )
            })
            .collect()
    };
    if !newcomers.is_empty() {
        lines.push(tr!(lang, "leaderboard-newcomers", count = MIN_GAMES, names = newcomers.join(", ")));
    }
    let description = fit_lines(lang, &lines, limits::EMBED_DESCRIPTION);
    let footer = tr!(lang, "leaderboard-footer", meaning = rating_meaning(lang), count = MIN_GAMES);
    Message {
        embed: Some(Embed {
            title: tr!(lang, "leaderboard-title", variant = variant.name()),
            description,
            footer,
            colour: COLOUR,
            ..Embed::default()
        }),
        ..Message::default()
    }
}

/// A player's record, one field per variant played, then her frequent
/// opponents.
pub(crate) fn stats_message(lang: Lang, user: UserId, stats: &[PlayerRating], rivals: &[Rival]) -> Message {
    let description = if stats.is_empty() {
        tr!(lang, "stats-none", who = mention(user))
    } else {
        let played: u32 = stats.iter().map(|r| r.games).sum();
        let won: u32 = stats.iter().map(|r| r.wins).sum();
        tr!(lang, "stats-all", who = mention(user), games = games(lang, played), wins = wins(lang, won))
    };
    let mut fields: Vec<(String, String)> =
        stats.iter().take(limits::EMBED_FIELDS - 1).map(|r| (r.variant.to_string(), variant_record(lang, r))).collect();
    if !rivals.is_empty() {
        let lines: Vec<String> = rivals.iter().map(|r| rival_line(lang, r)).collect();
        fields.push((tr!(lang, "stats-rivals"), fit_lines(lang, &lines, limits::FIELD_VALUE)));
    }
    Message {
        embed: Some(Embed {
            title: tr!(lang, "stats-title"),
            description,
            fields,
            footer: if stats.is_empty() { String::new() } else { rating_meaning(lang) },
            colour: COLOUR,
        }),
        ..Message::default()
    }
}

/// "<@2>: 7 games · ahead in 4 · behind in 3 · 3 wins".
fn rival_line(lang: Lang, r: &Rival) -> String {
    tr!(
        lang,
        "stats-rival",
        who = mention(UserId(r.opponent)),
        games = games(lang, r.games),
        ahead = r.ahead,
        behind = r.behind,
        wins = wins(lang, r.wins),
    )
}

/// The head-to-head of `user` against `other`: who placed ahead how often,
/// and their last games together, newest first.
pub(crate) fn versus_message(lang: Lang, (user, other): (UserId, UserId), h: &HeadToHead) -> Message {
    let (who, them) = (mention(user), mention(other));
    let r = &h.record;
    let description = if r.games == 0 {
        tr!(lang, "versus-none", who = who.clone(), other = them.clone())
    } else {
        let mut lines = vec![tr!(
            lang,
            "versus-summary",
            who = who.clone(),
            other = them.clone(),
            games = games(lang, r.games),
            ahead = r.ahead,
            behind = r.behind,
        )];
        if !h.last.is_empty() {
            lines.push(tr!(lang, "versus-last", count = h.last.len()));
        }
        lines.extend(h.last.iter().map(|m| {
            tr!(
                lang,
                "versus-meeting",
                game = m.game.0,
                date = format!("<t:{}:d>", m.finished_at.as_secs()),
                variant = m.variant.name(),
                who = who.clone(),
                place = m.places.0,
                other = them.clone(),
                their_place = m.places.1,
            )
        }));
        fit_lines(lang, &lines, limits::EMBED_DESCRIPTION)
    };
    Message {
        embed: Some(Embed {
            title: tr!(lang, "versus-title"),
            description,
            footer: if r.games == 0 { String::new() } else { tr!(lang, "versus-footer") },
            colour: COLOUR,
            ..Embed::default()
        }),
        ..Message::default()
    }
}

fn variant_record(lang: Lang, r: &PlayerRating) -> String {
    let percent = if r.games == 0 { 0 } else { (f64::from(r.wins) * 100.0 / f64::from(r.games)).round() as u32 };
    let mut text = tr!(
        lang,
        "stats-variant",
        rating = rating_text(lang, r),
        mu = lang.decimal(r.rating, 1, false),
        sigma = lang.decimal(r.uncertainty, 1, false),
        games = games(lang, r.games),
        wins = wins(lang, r.wins),
        percent = percent,
        place = lang.decimal(r.average_place(), 2, false),
        streak = r.streak,
        best = r.best_streak,
    );
    if r.games < MIN_GAMES {
        text.push('\n');
        text.push_str(&tr!(lang, "stats-listed-after", count = MIN_GAMES));
    }
    text
}

/// One finished game in a line: id, date, variant, winner, the others.
fn history_line(lang: Lang, g: &GameSummary) -> String {
    let winners: Vec<String> = g.winners().map(|o| occupant(lang, o)).collect();
    let others: Vec<String> = g
        .placings
        .iter()
        .filter(|p| p.place != 1)
        .map(|p| match p.place {
            0 => occupant(lang, &p.occupant),
            place => format!("{place}. {}", occupant(lang, &p.occupant)),
        })
        .collect();
    let winner = if winners.is_empty() {
        tr!(lang, "history-no-winner")
    } else {
        tr!(lang, "history-won-by", names = winners.join(", "))
    };
    let practice = if g.practice { format!(" ({})", tr!(lang, "history-practice")) } else { String::new() };
    let mut line = format!("`{}` <t:{}:d> {}{practice} — {winner}", g.id, g.finished_at.as_secs(), g.ruleset);
    if !others.is_empty() {
        line.push_str(&format!("; {}", others.join(" · ")));
    }
    line
}

/// The channel's finished games, newest first.
pub(crate) fn history_message(lang: Lang, games: &[GameSummary]) -> Message {
    let (description, footer) = if games.is_empty() {
        (tr!(lang, "history-none"), String::new())
    } else {
        let lines: Vec<String> = games.iter().map(|g| history_line(lang, g)).collect();
        (fit_lines(lang, &lines, limits::EMBED_DESCRIPTION), tr!(lang, "history-footer", game = games[0].id.0))
    };
    Message {
        embed: Some(Embed {
            title: tr!(lang, "history-title"),
            description,
            footer,
            colour: COLOUR,
            ..Embed::default()
        }),
        ..Message::default()
    }
}

fn venue_of(ctx: Context<'_>) -> Venue {
    crate::discord::live::ids::venue_of(ctx.guild_id())
}

#[poise::command(slash_command, guild_only)]
pub(crate) async fn leaderboard(
    ctx: Context<'_>,
    variant: Option<VariantChoice>,
    period: Option<PeriodChoice>,
    season: Option<String>,
) -> Result<(), Error> {
    let venue = venue_of(ctx);
    let guild = venue.guild_number();
    let store = &ctx.data().store;
    let variant = match variant {
        Some(v) => Variant::from(v),
        None => ctx.data().servers.get(store, venue).await.rules.ruleset.variant,
    };
    let period = period.map_or(Period::Month, Period::from);
    if season.is_some() || period != Period::AllTime {
        return season_leaderboard(ctx, guild, variant, period, season).await;
    }
    let rows = move |s: &mut crate::store::Store| {
        let mut rows = s.leaderboard(guild, variant, MIN_GAMES, LEADERBOARD_ROWS)?;
        let newcomers = s.leaderboard(guild, variant, 1, 2 * LEADERBOARD_ROWS)?;
        rows.extend(newcomers.into_iter().filter(|r| r.games < MIN_GAMES));
        Ok(rows)
    };
    match store.call(rows).await {
        Ok(rows) => send(ctx, &leaderboard_message(langs(ctx).await.0, variant, &rows), false).await,
        Err(e) => store_failed(ctx, "reading the leaderboard", e).await,
    }
}

#[poise::command(slash_command, guild_only)]
pub(crate) async fn stats(
    ctx: Context<'_>,
    user: Option<serenity::User>,
    against: Option<serenity::User>,
) -> Result<(), Error> {
    let guild = venue_of(ctx).guild_number();
    let user = UserId::from(user.map_or(ctx.author().id, |u| u.id));
    let store = &ctx.data().store;
    let message = match against.map(|u| UserId::from(u.id)) {
        Some(other) => {
            // The totals are the server's; the games listed, this channel's
            // (the bot cannot tell which others the asker may see).
            let here = Some(ctx.channel_id().get());
            let read =
                move |s: &mut crate::store::Store| s.head_to_head(guild, user.get(), other.get(), LAST_MEETINGS, here);
            match store.call(read).await {
                Ok(h) => versus_message(langs(ctx).await.0, (user, other), &h),
                Err(e) => return store_failed(ctx, "reading a head-to-head", e).await,
            }
        }
        None => {
            let read = move |s: &mut crate::store::Store| {
                Ok((s.player_stats(guild, user.get())?, s.rivals(guild, user.get(), RIVAL_MIN_GAMES, RIVALS)?))
            };
            match store.call(read).await {
                Ok((stats, rivals)) => stats_message(langs(ctx).await.0, user, &stats, &rivals),
                Err(e) => return store_failed(ctx, "reading a player's stats", e).await,
            }
        }
    };
    send(ctx, &message, false).await
}

#[poise::command(slash_command, guild_only)]
pub(crate) async fn history(ctx: Context<'_>) -> Result<(), Error> {
    let channel = ChannelId::from(ctx.channel_id());
    match ctx.data().store.call(move |s| s.channel_history(channel.get(), HISTORY_GAMES)).await {
        Ok(games) => send(ctx, &history_message(langs(ctx).await.0, &games), false).await,
        Err(e) => store_failed(ctx, "reading the channel's history", e).await,
    }
}
