//! `/thaayam analyse game:<id>`: a finished game's chart of every
//! player's chance of winning (the throws' luck and the decisions' losses
//! marked), its three biggest swings, every player's luck, losses and
//! accuracy and the five costliest decisions, posted in the channel. Computed after deferring (the evaluation of a long game takes
//! seconds), one at a time (a few more wait; anyone more, or a user who
//! asked a moment ago, is told to try again later), with a deadline well
//! inside Discord's 15 minutes for follow-ups, then cached in the store
//! per analysis version.

use super::answer::{langs, occupant};
use super::busy::admit;
use super::replay::load_game;
use crate::ai::analysis::{Swing, cache_version};
use crate::ai::review::Review;
use crate::ai::value::win_chances;
use crate::discord::game::ids::Venue;
use crate::discord::live::guard::{Heavy, Ticket};
use crate::discord::live::review::compute;
use crate::discord::view::analysis::analysis_message;
use crate::discord::view::lang::{Lang, tr};
use crate::discord::{Context, Error};
use crate::engine::Game;
use crate::store::{CachedAnalysis, GameId, GameInfo, GameState, LoadedGame};
use poise::serenity_prelude as serenity;
use std::time::{Duration, Instant};

/// How long an analysis may take (Discord accepts follow-ups for 15 min).
const DEADLINE: Duration = Duration::from_secs(8 * 60);

/// Why a game cannot be analysed here, if it cannot.
pub(crate) fn refusal(lang: Lang, info: Option<&GameInfo>, venue: Venue, id: GameId) -> Option<String> {
    let Some(info) = info.filter(|i| Venue::from_guild(i.guild) == venue) else {
        return Some(tr!(lang, "replay-no-game", game = id.to_string()));
    };
    if info.state != GameState::Finished {
        return Some(tr!(lang, "analyse-unfinished", game = id.to_string()));
    }
    let start = Game::new(info.ruleset, info.seat_set());
    if win_chances(&start).is_none() {
        let players = info.seats.len();
        return Some(tr!(
            lang,
            "analyse-no-network",
            game = id.to_string(),
            ruleset = info.ruleset.to_string(),
            players = players
        ));
    }
    None
}

/// The attachment's file name.
pub(crate) fn file_name(id: GameId) -> String {
    format!("thaayam-analysis-{}.png", id.0)
}

/// The cached analysis of a game, or a new one (then cached).
async fn analysis(
    ctx: Context<'_>,
    (loaded, lang): (LoadedGame, Lang),
    ticket: Ticket,
) -> Result<CachedAnalysis, String> {
    let id = loaded.info.id;
    let version = cache_version(loaded.info.ruleset, loaded.info.seats.len())
        .ok_or_else(|| format!("no network for {} with {} players", loaded.info.ruleset, loaded.info.seats.len()))?;
    let store = ctx.data().store.clone();
    match store.call(move |s| s.cached_analysis(id, version)).await {
        Ok(Some(cached)) => {
            tracing::info!("analysis of game {id}: from the cache");
            return Ok(cached);
        }
        Ok(None) => {}
        Err(e) => tracing::warn!("reading the cached analysis of game {id} failed: {e}"),
    }
    // The deadline counts from the deferral: the wait for a worker is in it.
    let deadline = Instant::now() + DEADLINE;
    let made = ticket.run(move || compute(&loaded, lang, deadline)).await.map_err(|e| e.to_string())??;
    tracing::info!("analysis of game {id}: computed");
    let keep = made.clone();
    match store.call(move |s| s.cache_analysis(id, version, &keep)).await {
        // The game's page, which may have found none, asks again.
        Ok(()) => ctx.data().reviews.note_stored(),
        Err(e) => tracing::warn!("caching the analysis of game {id} failed: {e}"),
    }
    Ok(made)
}

#[poise::command(slash_command)]
pub(crate) async fn analyse(ctx: Context<'_>, game: String) -> Result<(), Error> {
    let (server, mine) = langs(ctx).await;
    let Some(loaded) = load_game(ctx, mine, &game, refusal).await? else { return Ok(()) };
    let id = loaded.info.id;
    let Some(ticket) = admit(ctx, Heavy::Analyse).await? else { return Ok(()) };
    super::answer::defer(ctx, false).await?;
    let seats: Vec<_> = loaded.info.seats.iter().map(|s| (s.seat, occupant(server, &s.occupant))).collect();
    let ruleset = loaded.info.ruleset.to_string();
    let reply = match analysis(ctx, (loaded, server), ticket).await {
        Ok(done) => {
            let swings: Vec<Swing> = serde_json::from_str(&done.swings).unwrap_or_else(|e| {
                tracing::error!("the cached swings of game {id} do not read: {e}");
                Vec::new()
            });
            let review = done.review.as_deref().and_then(|r| {
                serde_json::from_str::<Review>(r)
                    .map_err(|e| tracing::error!("the cached review of game {id} does not read: {e}"))
                    .ok()
            });
            let message = analysis_message(server, &id.to_string(), &ruleset, &seats, &swings, review.as_ref());
            super::answer::reply(&message, false).attachment(serenity::CreateAttachment::bytes(done.png, file_name(id)))
        }
        Err(e) => {
            tracing::error!("analysing game {id} failed: {e}");
            poise::CreateReply::default().content(tr!(server, "analyse-failed", game = id.to_string()))
        }
    };
    ctx.send(reply).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::game::ids::{ChannelId, GuildId, UserId};
    use crate::engine::{Ruleset, Seat, Variant};
    use crate::store::{Occupant, SeatRecord, Timestamp};

    fn server(guild: u64) -> Venue {
        Venue::Server(GuildId(guild))
    }

    fn info(state: GameState, guild: u64) -> GameInfo {
        let seat =
            |seat| SeatRecord { seat, occupant: Occupant::Human(5), joined_at: Timestamp(0), place: None, name: None };
        GameInfo {
            id: GameId(3),
            guild,
            channel: 9,
            board_message: None,
            board_posted_at: None,
            host: 5,
            ruleset: Ruleset::new(Variant::Bell),
            max_players: 2,
            state,
            created_at: Timestamp(0),
            updated_at: Timestamp(0),
            finished_at: None,
            turn_timeout_secs: 60,
            practice: false,
            dice: crate::dice::Derivation::CURRENT,
            seq: 0,
            commitment: String::new(),
            revealed_seed: None,
            throws_drawn: 0,
            deadline: None,
            events: 0,
            seats: vec![seat(Seat::S), seat(Seat::N)],
        }
    }

    #[test]
    fn only_finished_games_of_this_server_are_analysed() {
        let en = Lang::EN;
        assert!(refusal(en, None, server(1), GameId(3)).is_some_and(|t| t.contains("no game")));
        assert!(
            refusal(en, Some(&info(GameState::Finished, 2)), server(1), GameId(3))
                .is_some_and(|t| t.contains("no game"))
        );
        for state in [GameState::Lobby, GameState::Playing, GameState::Abandoned] {
            assert!(
                refusal(en, Some(&info(state, 1)), server(1), GameId(3)).is_some_and(|t| t.contains("finished games"))
            );
        }
        assert_eq!(refusal(en, Some(&info(GameState::Finished, 1)), server(1), GameId(3)), None);
    }

    #[test]
    fn in_a_server_only_this_channels_games_are_seen_and_elsewhere_also_ones_players() {
        use super::super::replay::visible;
        let i = info(GameState::Finished, 1);
        assert!(visible(&i, server(1), ChannelId(9), UserId(77)), "its own channel");
        assert!(!visible(&i, server(1), ChannelId(8), UserId(5)), "another channel of the server, even to a player");
        assert!(!visible(&i, server(2), ChannelId(9), UserId(5)), "another server");
        let outside = info(GameState::Finished, 0);
        assert!(visible(&outside, Venue::Outside, ChannelId(8), UserId(5)), "a player, from anywhere outside servers");
        assert!(!visible(&outside, Venue::Outside, ChannelId(8), UserId(77)), "anyone else only from its channel");
    }

    #[test]
    fn a_finished_game_gives_a_chart_and_swings_that_read_back() {
        use crate::dice::{ThrowSource, random_game};
        let i = info(GameState::Finished, 1);
        let mut src = ThrowSource::from_u64(4, i.ruleset.rules().dice);
        let (rec, _) = random_game(i.ruleset, i.seat_set(), &mut src, &mut crate::engine::MoveGen::new());
        let loaded = LoadedGame { info: i, events: rec.events };
        let done = compute(&loaded, Lang::EN, Instant::now() + DEADLINE).expect("analysed");
        assert!(done.png.starts_with(b"\x89PNG"));
        let swings: Vec<Swing> = serde_json::from_str(&done.swings).expect("swings read back");
        assert!(!swings.is_empty() && swings.len() <= 3);
        let review: Review = serde_json::from_str(done.review.as_deref().expect("a review")).expect("reads back");
        assert_eq!(review.players.len(), 2);
        assert!(review.players.iter().all(|p| p.decisions > 0 && p.accuracy.is_some()), "{:?}", review.players);
        assert!(compute(&loaded, Lang::EN, Instant::now()).is_err(), "out of time");
        assert_eq!(file_name(GameId(7)), "thaayam-analysis-7.png");
    }
}
