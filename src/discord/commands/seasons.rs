//! The seasons of `/thaayam leaderboard`: this week's or this month's
//! table by points for places (`period:`, the month by default), a past
//! month's final table (`season:2026-11`, kept when first shown), and the
//! season settings of `/thaayam settings` (the server's time zone, the
//! monthly podium). The messages are plain functions of store data,
//! tested below; the spans come from `game::season`.

use super::answer::{langs, private, send, store_failed};
use crate::discord::Context;
use crate::discord::Error;
use crate::discord::game::ids::UserId;
use crate::discord::game::season::{self, BadSeason, Period, SEASON_MIN_GAMES, Season};
use crate::discord::live::podium::{rule_now, span_of};
use crate::discord::live::unix_now;
use crate::discord::view::lang::{Lang, tr};
use crate::discord::view::message::{Embed, Message, limits};
use crate::discord::view::words::{COLOUR, fit_lines, mention};
use crate::engine::Variant;
use crate::store::{KeptSeason, SeasonRule, SeasonStanding, Timestamp};

/// What a leaderboard covers, as offered to players.
#[derive(Copy, Clone, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub(crate) enum PeriodChoice {
    #[name = "month: this month's season, by points (the default)"]
    Month,
    #[name = "week: this week, by points"]
    Week,
    #[name = "all: all time, by rating"]
    All,
}

impl From<PeriodChoice> for Period {
    fn from(c: PeriodChoice) -> Period {
        match c {
            PeriodChoice::Month => Period::Month,
            PeriodChoice::Week => Period::Week,
            PeriodChoice::All => Period::AllTime,
        }
    }
}

/// When a season table was counted: the running week or month (in the
/// server's zone), or a month that ended, as kept.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Shown<'a> {
    Running { period: Period, season: &'a Season, zone: &'a str, rule: SeasonRule },
    Kept(&'a KeptSeason),
}

fn secs(t: Timestamp) -> i64 {
    t.0.div_euclid(1000)
}

/// A season's table: the ranked players (with [`SEASON_MIN_GAMES`] games),
/// best first as the store orders them, then the others on one line, and
/// when the season began and resets (or, kept, its bounds).
pub(crate) fn season_message(lang: Lang, variant: Variant, shown: Shown<'_>, standings: &[SeasonStanding]) -> Message {
    let v = variant.name();
    let (title, when) = match shown {
        Shown::Running { period, season, zone, .. } => {
            let title = match period {
                Period::Week => tr!(lang, "season-title-week", variant = v, season = season.name.as_str()),
                _ => tr!(lang, "season-title-month", variant = v, season = season.name.as_str()),
            };
            (title, tr!(lang, "season-running", starts = season.starts, ends = season.ends, zone = zone))
        }
        Shown::Kept(k) => {
            let name = k.span.name.as_str();
            let when = tr!(
                lang,
                "season-kept",
                season = name,
                starts = secs(k.span.starts),
                ends = secs(k.span.ends),
                zone = k.time_zone.as_str()
            );
            (tr!(lang, "season-title-kept", variant = v, season = name), when)
        }
    };
    let ranked: Vec<&SeasonStanding> = standings.iter().filter(|s| s.games >= SEASON_MIN_GAMES).collect();
    let newcomers: Vec<String> = standings
        .iter()
        .filter(|s| s.games < SEASON_MIN_GAMES)
        .map(|s| format!("{} {}", mention(UserId(s.user)), tr!(lang, "season-points", count = s.points)))
        .collect();
    let rule = match shown {
        Shown::Running { rule, .. } => rule,
        Shown::Kept(k) => k.rule,
    };
    let mut lines = vec![when, rule_line(lang, rule)];
    if ranked.is_empty() {
        lines.push(tr!(lang, "season-empty", count = SEASON_MIN_GAMES, variant = v));
    }
    lines.extend(ranked.iter().enumerate().map(|(i, s)| {
        tr!(
            lang,
            "season-line",
            rank = i + 1,
            who = mention(UserId(s.user)),
            points = tr!(lang, "season-points", count = s.points),
            games = tr!(lang, "n-games", count = s.games),
            wins = tr!(lang, "n-wins", count = s.wins),
        )
    }));
    if !newcomers.is_empty() {
        lines.push(tr!(lang, "leaderboard-newcomers", count = SEASON_MIN_GAMES, names = newcomers.join(", ")));
    }
    Message {
        embed: Some(Embed {
            title,
            description: fit_lines(lang, &lines, limits::EMBED_DESCRIPTION),
            footer: tr!(lang, "season-footer", count = SEASON_MIN_GAMES),
            colour: COLOUR,
            ..Embed::default()
        }),
        ..Message::default()
    }
}

/// How the table's points are counted, in one line: by the rule of now,
/// or, for a table kept before it, the rule it keeps.
pub(crate) fn rule_line(lang: Lang, rule: SeasonRule) -> String {
    match rule {
        SeasonRule::People { pair_games } => tr!(lang, "season-rule-people", count = pair_games),
        SeasonRule::EverySeat => tr!(lang, "season-rule-every-seat"),
    }
}

/// The refusal of a typed season that is not a past month.
pub(crate) fn bad_season(lang: Lang, typed: &str, why: BadSeason) -> String {
    match why {
        BadSeason::Unreadable => tr!(lang, "season-bad", typed = typed),
        BadSeason::NotOver => tr!(lang, "season-not-over", typed = typed),
        BadSeason::BeforeFirstGame => tr!(lang, "season-before-first", typed = typed),
    }
}

/// `/thaayam leaderboard` for a season: the running week or month, or
/// the past month `season` (kept when first shown, so that its table
/// stays as it was, whatever the server's zone becomes).
pub(crate) async fn season_leaderboard(
    ctx: Context<'_>,
    guild: u64,
    variant: Variant,
    period: Period,
    typed: Option<String>,
) -> Result<(), Error> {
    let store = &ctx.data().store;
    let settings = ctx.data().servers.get(store, crate::discord::game::ids::Venue::from_guild(guild)).await;
    let zone = season::saved_zone(&settings.time_zone);
    let (public, mine) = langs(ctx).await;
    let now = unix_now();
    let rule = rule_now(ctx.data());
    if let Some(typed) = typed {
        let first = match store.call(move |s| s.first_rated_game(guild)).await {
            Ok(first) => first.map(secs),
            Err(e) => return store_failed(ctx, "reading the server's first game", e).await,
        };
        let month = match season::past_month(&typed, zone, now).and_then(|m| season::since_first(m, first)) {
            Ok(month) => month,
            Err(why) => return private(ctx, bad_season(mine, &typed, why)).await,
        };
        let (span, tz) = (span_of(&month), zone.name().to_string());
        return match store.call(move |s| s.keep_season(guild, variant, &span, &tz, rule)).await {
            Ok(kept) => send(ctx, &season_message(public, variant, Shown::Kept(&kept), &kept.standings), false).await,
            Err(e) => store_failed(ctx, "keeping a season's table", e).await,
        };
    }
    let Some(running) = season::containing(period, zone, now) else {
        return private(ctx, tr!(mine, "season-bad", typed = "all")).await;
    };
    let span = span_of(&running);
    match store.call(move |s| s.season_standings(guild, variant, &span, rule)).await {
        Ok(rows) => {
            let shown = Shown::Running { period, season: &running, zone: zone.name(), rule };
            send(ctx, &season_message(public, variant, shown, &rows), false).await
        }
        Err(e) => store_failed(ctx, "reading the season's table", e).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::view::message::check;
    use crate::store::SeasonSpan;
    use chrono_tz::Tz;

    fn standing(user: u64, games: u32, points: u32, wins: u32) -> SeasonStanding {
        SeasonStanding { user, games, points, wins }
    }

    const PEOPLE: SeasonRule = SeasonRule::People { pair_games: 5 };

    fn text(m: &Message) -> String {
        let e = m.embed.as_ref().expect("an embed");
        format!("{}\n{}\n{}", e.title, e.description, e.footer)
    }

    #[test]
    fn a_running_season_says_when_it_resets_and_ranks_only_who_played_enough() {
        // Friday 27 November 2026, noon UTC.
        let now = 1_795_780_800;
        let week = season::containing(Period::Week, Tz::UTC, now).expect("a week");
        let rows = [standing(1, 4, 7, 2), standing(2, 3, 3, 1), standing(3, 1, 3, 1)];
        for lang in Lang::all() {
            let shown = Shown::Running { period: Period::Week, season: &week, zone: "UTC", rule: PEOPLE };
            let m = season_message(lang, Variant::Bell, shown, &rows);
            assert_eq!(check(&m), Ok(()), "{lang:?}");
            assert!(m.mentions.is_empty(), "a table pings no one");
            let t = text(&m);
            assert!(t.contains("2026-W48"), "{t}");
            assert!(
                t.contains(&format!("<t:{}:f>", week.starts)) && t.contains(&format!("<t:{}:R>", week.ends)),
                "{t}"
            );
            let (first, second, newcomer) = (t.find("<@1>"), t.find("<@2>"), t.find("<@3>"));
            assert!(first < second && second < newcomer, "ranked in the store's order, the newcomer last: {t}");
            assert!(t.contains("**1.**") && t.contains("**2.**") && !t.contains("**3.**"), "two ranked: {t}");
        }
        let en = text(&season_message(
            Lang::EN,
            Variant::Bell,
            Shown::Running { period: Period::Month, season: &week, zone: "UTC", rule: PEOPLE },
            &[],
        ));
        assert!(en.contains("No one has finished 3 rated games"), "{en}");
    }

    #[test]
    fn a_kept_month_shows_its_bounds_and_zone() {
        let kept = KeptSeason {
            span: SeasonSpan { name: "2026-11".into(), starts: Timestamp(1_000_000), ends: Timestamp(2_000_000) },
            time_zone: "Europe/Paris".into(),
            kept_at: Timestamp(2_500_000),
            rule: SeasonRule::EverySeat,
            standings: vec![standing(5, 3, 6, 3)],
        };
        for lang in Lang::all() {
            let m = season_message(lang, Variant::TayamSonalu, Shown::Kept(&kept), &kept.standings);
            let t = text(&m);
            assert!(t.contains("2026-11") && t.contains("Europe/Paris") && t.contains("<t:1000:f>"), "{t}");
            assert!(t.contains("<t:2000:f>") && t.contains("<@5>"), "{t}");
            // A table kept before the rule of people says it keeps the
            // earlier count; one kept now says the rule, with its cap.
            assert!(t.contains(&rule_line(lang, SeasonRule::EverySeat)), "{t}");
            let now = KeptSeason { rule: PEOPLE, ..kept.clone() };
            let t = text(&season_message(lang, Variant::TayamSonalu, Shown::Kept(&now), &now.standings));
            assert!(t.contains(&rule_line(lang, PEOPLE)) && t.contains('5'), "{t}");
            assert_ne!(rule_line(lang, PEOPLE), rule_line(lang, SeasonRule::EverySeat));
        }
    }
}
