//! `/thaayam away length:` — a time away (`3d`, `12h`, `1w`), up to the
//! limit of the server she asks in (days away in any 30), or `off` to
//! come back early. It covers all her running games: their turns wait for
//! her (not in practice games) and the others may vote to let a computer
//! play her seat (`game::away`). The parsing and the words are plain
//! functions, tested without Discord.

use super::answer::{langs, private};
use super::settings::duration_text;
use crate::discord::game::away::{self, Used, WINDOW};
use crate::discord::game::ids::{UserId, Venue};
use crate::discord::live::board::{Change, show};
use crate::discord::live::data::Data;
use crate::discord::live::delivery::Place;
use crate::discord::live::{away as live_away, ids, unix_now};
use crate::discord::view::lang::{Lang, tr};
use crate::discord::{Context, Error};
use poise::serenity_prelude::Http;

/// What she asked for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Ask {
    /// Away for this many seconds, from now.
    For(i64),
    /// Back now.
    Off,
}

/// The shortest and the longest time away, in seconds.
const SHORTEST: i64 = 3600;
const LONGEST: i64 = 30 * 86_400;

/// A length as typed: a whole number and a unit (`h`, `d` or `w`), or
/// `off`; refused in words of `lang` otherwise.
pub(crate) fn parse_length(lang: Lang, typed: &str) -> Result<Ask, String> {
    let text = typed.trim().to_lowercase();
    if text == "off" {
        return Ok(Ask::Off);
    }
    let bad = || tr!(lang, "away-bad-length", typed = typed.trim());
    let split = text.find(|c: char| !c.is_ascii_digit()).ok_or_else(bad)?;
    let (number, unit) = text.split_at(split);
    let n: i64 = number.parse().map_err(|_| bad())?;
    let scale = match unit.trim() {
        "h" => 3600,
        "d" => 86_400,
        "w" => 7 * 86_400,
        _ => return Err(bad()),
    };
    let secs = n.saturating_mul(scale);
    if !(SHORTEST..=LONGEST).contains(&secs) {
        return Err(tr!(lang, "away-bad-range", typed = typed.trim()));
    }
    Ok(Ask::For(secs))
}

/// Why a time away was refused, in words.
pub(crate) fn refusal(lang: Lang, used: Used) -> String {
    if used.days == 0 {
        return tr!(lang, "away-not-allowed");
    }
    let shown = u32::try_from(used.used_secs).unwrap_or(u32::MAX);
    tr!(lang, "away-over-limit", days = used.days, used = duration_text(shown))
}

#[poise::command(slash_command)]
pub(crate) async fn away(ctx: Context<'_>, length: String) -> Result<(), Error> {
    let (_, mine) = langs(ctx).await;
    let user = UserId::from(ctx.author().id);
    let ask = match parse_length(mine, &length) {
        Ok(ask) => ask,
        Err(text) => return private(ctx, text).await,
    };
    // In a server the bot was not added to, the limit outside servers.
    let foreign = super::answer::where_asked(ctx) == crate::discord::live::access::Where::Foreign;
    let venue = if foreign { Venue::Outside } else { ids::venue_of(ctx.guild_id()) };
    let guild = venue.guild_number();
    let now = unix_now();
    let data = ctx.data();
    let answer = match ask {
        Ask::Off => {
            let ended = data
                .store
                .call(move |s| Ok((s.end_away(user.get(), now)?, s.user_away(user.get(), now - live_away::KEPT)?)));
            match ended.await {
                Ok((was, periods)) => {
                    data.aways.set_user(user, &periods);
                    if was { tr!(mine, "away-back") } else { tr!(mine, "away-was-not") }
                }
                Err(e) => {
                    tracing::warn!("could not end the time away of user {user}: {e}");
                    return private(ctx, tr!(mine, "away-failed")).await;
                }
            }
        }
        Ask::For(length) => {
            let after = now.saturating_add(length).saturating_sub(WINDOW);
            let days = data.servers.get(&data.store, venue).await.away_days();
            let read = data.store.call(move |s| s.user_away(user.get(), after));
            let past = match read.await {
                Ok(read) => read,
                Err(e) => {
                    tracing::warn!("could not read the time away of user {user}: {e}");
                    return private(ctx, tr!(mine, "away-failed")).await;
                }
            };
            let past: Vec<away::Away> =
                past.iter().map(|p| away::Away { since: p.starts, until: p.ends.min(now) }).collect();
            let new = match away::allowed(&past, now, length, days) {
                Ok(new) => new,
                Err(used) => return private(ctx, refusal(mine, used)).await,
            };
            let saved = data.store.call(move |s| {
                s.set_away(user.get(), guild, new.since, new.until)?;
                s.user_away(user.get(), now - live_away::KEPT)
            });
            match saved.await {
                Ok(periods) => {
                    data.aways.set_user(user, &periods);
                    tracing::info!("user {user} is away until {}", new.until);
                    tr!(mine, "away-set", until = new.until, days = days)
                }
                Err(e) => {
                    tracing::warn!("could not save the time away of user {user}: {e}");
                    return private(ctx, tr!(mine, "away-failed")).await;
                }
            }
        }
    };
    private(ctx, answer).await?;
    show_changed(ctx.http(), data, user).await;
    Ok(())
}

/// Shows again the boards of `user`'s open games where she is on turn
/// (she went away or came back: the board says until when, and the vote).
async fn show_changed(http: &Http, data: &Data, user: UserId) {
    for game in data.hub.open_games() {
        let mut running = game.lock().await;
        if running.table.human_to_act() != Some(user) {
            continue;
        }
        let days = data.servers.get(&data.store, running.table.venue).await.away_days();
        live_away::fill(&data.aways, days, &mut running.table, unix_now());
        show(http, data, &mut running, Change::none(Place::Same), None).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_are_a_number_and_a_unit_or_off() {
        let en = Lang::EN;
        assert_eq!(parse_length(en, "3d"), Ok(Ask::For(3 * 86_400)));
        assert_eq!(parse_length(en, " 12H "), Ok(Ask::For(12 * 3600)));
        assert_eq!(parse_length(en, "1w"), Ok(Ask::For(7 * 86_400)));
        assert_eq!(parse_length(en, "OFF"), Ok(Ask::Off));
        for bad in ["", "3", "d", "3x", "-1d", "1.5d", "3 days", "99999999999999999999d"] {
            let refused = parse_length(en, bad).expect_err(bad);
            assert!(refused.contains("12h"), "{bad}: {refused}");
        }
        for out in ["0h", "31d", "5w"] {
            let refused = parse_length(en, out).expect_err(out);
            assert!(refused.contains("30 days") && !refused.contains("12h"), "{out}: {refused}");
        }
    }

    #[test]
    fn a_refusal_says_the_limit_and_the_days_used_in_every_language() {
        for lang in Lang::all() {
            let over = refusal(lang, Used { used_secs: 3 * 86_400 + 3600, days: 14 });
            assert!(over.contains("14") && over.contains("3d 1h"), "{lang:?}: {over}");
            assert_ne!(refusal(lang, Used { used_secs: 0, days: 0 }), over);
        }
    }
}
