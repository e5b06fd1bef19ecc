//! `/thaayam verify game:<id>`: anyone checks the fair dice of a game of
//! this server that has ended: its revealed seed hashes to the commitment
//! shown from the lobby on, and every throw of its log is the one the seed
//! gives (`docs/FAIR-DICE.md`). The answer lists the throws by turn and
//! attaches the whole check, with the steps to redo it by hand.

use super::answer::{langs, reply};
use super::replay::load_game;
use crate::dice::{audit, model_name};
use crate::discord::game::ids::Venue;
use crate::discord::view::lang::{Lang, tr};
use crate::discord::view::verify::{file_name, verify_message};
use crate::discord::{Context, Error};
use crate::store::{GameId, GameInfo, GameState};
use poise::serenity_prelude as serenity;

/// Why a game cannot be verified here, if it cannot: another server's (not
/// shown to exist) or one still going on (its seed is secret).
fn refusal(lang: Lang, info: Option<&GameInfo>, venue: Venue, id: GameId) -> Option<String> {
    let Some(info) = info.filter(|i| Venue::from_guild(i.guild) == venue) else {
        return Some(tr!(lang, "replay-no-game", game = id.to_string()));
    };
    match info.state {
        GameState::Lobby | GameState::Playing => Some(tr!(lang, "verify-going-on", game = id.to_string())),
        GameState::Finished | GameState::Abandoned => None,
    }
}

#[poise::command(slash_command)]
pub(crate) async fn verify(ctx: Context<'_>, game: String) -> Result<(), Error> {
    let (server, mine) = langs(ctx).await;
    let Some(loaded) = load_game(ctx, mine, &game, refusal).await? else { return Ok(()) };
    let info = &loaded.info;
    let Some(seed) = info.revealed_seed else {
        tracing::error!("game {} is over but its seed cannot be read", info.id);
        return super::answer::private(ctx, tr!(mine, "store-failed")).await;
    };
    let found = audit(seed, &info.commitment, info.dice, info.ruleset, info.seat_set(), &loaded.events);
    let title = format!("Fair dice of game {} ({}, {} players)", info.id, info.ruleset, info.seats.len());
    let report = found.report(&title, &seed, &info.commitment, model_name(info.ruleset));
    let message = verify_message(server, info.id.0, &hex::encode(seed), &info.commitment, &found);
    let file = serenity::CreateAttachment::bytes(report.into_bytes(), file_name(info.id.into()));
    ctx.send(reply(&message, false).attachment(file)).await?;
    Ok(())
}
