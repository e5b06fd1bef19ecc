//! The monthly podium, at the ticker's look: in the days after a month
//! ends in a server's time zone (`game::season::podium_due`), its final
//! tables are kept and, where the server's admins asked for it
//! (`/thaayam settings podium:on`), one message names each variant's
//! podium in the channel they chose. The posting is claimed in the store
//! first, so it happens once whatever the restarts and the number of bots.

use super::data::Data;
use super::ids;
use super::lang::server_lang;
use super::outgoing;
use super::unix_now;
use crate::discord::game::ids::{ChannelId, UserId, Venue};
use crate::discord::game::season::{self, SEASON_MIN_GAMES, Season};
use crate::discord::ops::instrument;
use crate::discord::ops::metrics::Route;
use crate::discord::view::lang::{Lang, tr};
use crate::discord::view::message::{Embed, Message};
use crate::discord::view::words::{COLOUR, mention};
use crate::engine::Variant;
use crate::store::{SeasonRule, SeasonSpan, SeasonStanding, Timestamp};
use poise::serenity_prelude::Http;

/// A season's span as the store counts it (milliseconds).
pub(crate) fn span_of(s: &Season) -> SeasonSpan {
    SeasonSpan { name: s.name.clone(), starts: Timestamp(s.starts * 1000), ends: Timestamp(s.ends * 1000) }
}

/// The rule every table is counted under now: points from play between
/// people, with the configured cap on one pair's games in 7 days.
pub(crate) fn rule_now(data: &Data) -> SeasonRule {
    SeasonRule::People { pair_games: data.guard.limits().season_pair_games }
}

const MEDALS: [&str; 3] = ["🥇", "🥈", "🥉"];

/// The podium message of month `season`: per variant played, its first
/// three ranked players (with [`SEASON_MIN_GAMES`] games); `None` when no
/// variant has a ranked player (nothing is posted).
pub(crate) fn podium_message(lang: Lang, season: &str, tables: &[(Variant, Vec<SeasonStanding>)]) -> Option<Message> {
    let lines: Vec<String> = tables
        .iter()
        .filter_map(|(variant, standings)| {
            let places: Vec<String> = standings
                .iter()
                .filter(|s| s.games >= SEASON_MIN_GAMES)
                .zip(MEDALS)
                .map(|(s, medal)| {
                    let points = tr!(lang, "season-points", count = s.points);
                    tr!(lang, "podium-place", medal = medal, who = mention(UserId(s.user)), points = points)
                })
                .collect();
            (!places.is_empty()).then(|| format!("**{}**: {}", variant.name(), places.join(" · ")))
        })
        .collect();
    if lines.is_empty() {
        return None;
    }
    let description = format!("{}\n{}", tr!(lang, "podium-intro", season = season), lines.join("\n"));
    Some(Message {
        embed: Some(Embed {
            title: tr!(lang, "podium-title", season = season),
            description,
            footer: tr!(lang, "podium-footer", season = season),
            colour: COLOUR,
            ..Embed::default()
        }),
        ..Message::default()
    })
}

/// Posts the podiums due now; failures are logged and tried again at the
/// next look (until the podium is claimed).
pub(crate) async fn post_due(http: &Http, data: &Data) {
    let servers = match data.store.call(|s| s.podium_servers()).await {
        Ok(servers) => servers,
        Err(e) => return tracing::debug!("could not read the servers with a podium: {e}"),
    };
    let now = unix_now();
    for (guild, zone, channel) in servers {
        let venue = Venue::from_guild(guild);
        if !data.config.shards.runs(venue) {
            continue; // another process's server
        }
        let Some(month) = season::podium_due(season::saved_zone(&zone), now) else { continue };
        let name = month.name.clone();
        let span = span_of(&month);
        let rule = rule_now(data);
        let claimed = data
            .store
            .call(move |s| {
                if s.podium_claimed(guild, &span.name)? {
                    return Ok(None);
                }
                let mut tables = Vec::new();
                for variant in s.season_variants(guild, &span)? {
                    tables.push((variant, s.keep_season(guild, variant, &span, &zone, rule)?.standings));
                }
                Ok(s.claim_podium(guild, &span.name)?.then_some(tables))
            })
            .await;
        let tables = match claimed {
            Ok(Some(tables)) => tables,
            Ok(None) => continue,
            Err(e) => {
                tracing::warn!("could not keep the tables of {name} for guild {guild}: {e}");
                continue;
            }
        };
        let lang = server_lang(data, venue, None).await;
        let Some(msg) = podium_message(lang, &name, &tables) else { continue };
        let create = outgoing::create(&msg, None);
        let sent = ids::channel(ChannelId(channel)).send_message(http, create).await;
        instrument::request(Route::CreateMessage, &sent);
        match sent {
            Ok(_) => tracing::info!("guild {guild}: the podium of {name} is posted"),
            Err(e) => tracing::warn!("could not post the podium of {name} in guild {guild}: {e:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::view::message::check;

    fn standing(user: u64, games: u32, points: u32) -> SeasonStanding {
        SeasonStanding { user, games, points, wins: 0 }
    }

    #[test]
    fn the_podium_names_three_ranked_players_a_variant_and_pings_no_one() {
        let bell = vec![standing(1, 5, 9), standing(2, 1, 8), standing(3, 4, 6), standing(4, 3, 2), standing(5, 3, 1)];
        let sonalu = vec![standing(6, 2, 4)];
        for lang in Lang::all() {
            let m = podium_message(
                lang,
                "2026-11",
                &[(Variant::Bell, bell.clone()), (Variant::TayamSonalu, sonalu.clone())],
            )
            .expect("a podium");
            assert_eq!(check(&m), Ok(()), "{lang:?}");
            assert!(m.mentions.is_empty());
            let e = m.embed.expect("an embed");
            assert!(e.title.contains("2026-11") && e.footer.contains("2026-11"), "{e:?}");
            let (first, second, third) =
                (e.description.find("<@1>"), e.description.find("<@3>"), e.description.find("<@4>"));
            assert!(first.is_some() && first < second && second < third, "{}", e.description);
            assert!(!e.description.contains("<@2>") && !e.description.contains("<@5>"), "unranked, fourth");
            assert!(
                !e.description.contains("<@6>") && !e.description.contains(Variant::TayamSonalu.name()),
                "no one ranked"
            );
        }
        assert_eq!(podium_message(Lang::EN, "2026-11", &[(Variant::Bell, vec![standing(1, 2, 3)])]), None);
    }
}
