//! `/thaayam replay game:<id>`: an animated GIF of a game of this server
//! that has ended. Running games are refused (no spoilers), and so are
//! other servers' games (they are not shown to exist). The GIF is drawn off
//! the async workers, one at a time (a few more wait; anyone more is told
//! to try again later, as is a user who asked a moment ago), after
//! deferring the answer, and kept under Discord's attachment limits by
//! drawing fewer and smaller frames. An ended game never changes: its GIF
//! is kept once drawn (the bot keeps a bounded number of them).

use super::answer::{langs, occupant, private, store_failed};
use super::busy::admit;
use crate::discord::game::ids::{ChannelId, UserId, Venue};
use crate::discord::live::guard::Heavy;
use crate::discord::view::lang::{Lang, tr};
use crate::discord::view::message::{Message, limits};
use crate::discord::view::picture::replay_words;
use crate::discord::view::words::{clip, computer_name};
use crate::discord::{Context, Error};
use crate::render::{ReplayOptions, replay_gif};
use crate::store::{GameId, GameInfo, GameState, LoadedGame, Occupant, SeatRecord};
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Duration;

/// The largest GIF sent: under Discord's default 10 MiB per file (and far
/// under 25 MiB per request), so it also fits servers without boosts.
pub(crate) const MAX_GIF_BYTES: usize = 8_000_000;
/// Frame size and frame count tried in turn until the GIF fits.
const ATTEMPTS: [(u32, usize); 3] = [(600, 300), (480, 150), (360, 60)];

/// A game number as typed: `12` or `#12`.
pub(crate) fn parse_game_id(lang: Lang, s: &str) -> Result<GameId, String> {
    let t = s.trim();
    let digits = t.strip_prefix('#').unwrap_or(t).trim();
    match digits.parse::<i64>() {
        Ok(n) if n > 0 => Ok(GameId(n)),
        _ => Err(tr!(lang, "replay-not-a-number", typed = clip(t, 40))),
    }
}

/// Why a game cannot be replayed here, if it cannot.
pub(crate) fn refusal(lang: Lang, info: Option<&GameInfo>, venue: Venue, id: GameId) -> Option<String> {
    let Some(info) = info.filter(|i| Venue::from_guild(i.guild) == venue) else {
        return Some(tr!(lang, "replay-no-game", game = id.to_string()));
    };
    match info.state {
        GameState::Lobby | GameState::Playing => Some(tr!(lang, "replay-going-on", game = id.to_string())),
        GameState::Abandoned if info.events == 0 => Some(tr!(lang, "replay-nothing", game = id.to_string())),
        GameState::Finished | GameState::Abandoned => None,
    }
}

/// Why a command refuses a game of this server (`refusal` here, or the
/// analysis's), if it does.
pub(crate) type Refusal = fn(Lang, Option<&GameInfo>, Venue, GameId) -> Option<String>;

/// The game the `game:` option names, loaded, when this server may see it
/// and `refuse` lets it through; otherwise the refusal (or the store's
/// failure) is answered privately and there is no game.
pub(crate) async fn load_game(
    ctx: Context<'_>,
    mine: Lang,
    game: &str,
    refuse: Refusal,
) -> Result<Option<LoadedGame>, Error> {
    let id = match parse_game_id(mine, game) {
        Ok(id) => id,
        Err(e) => return private(ctx, e).await.map(|()| None),
    };
    let venue = crate::discord::live::ids::venue_of(ctx.guild_id());
    // The cheap row first: a game the caller may not see, or that the
    // command refuses, is never loaded.
    let info = match ctx.data().store.call(move |s| s.game(id)).await {
        Ok(i) => i,
        Err(e) => return store_failed(ctx, "looking up a game", e).await.map(|()| None),
    };
    let (user, channel) = (UserId::from(ctx.author().id), ChannelId::from(ctx.channel_id()));
    let visible = |i: &&GameInfo| visible(i, venue, channel, user);
    if let Some(no) = refuse(mine, info.as_ref().filter(visible), venue, id) {
        return private(ctx, no).await.map(|()| None);
    }
    let loaded = match ctx.data().store.call(move |s| s.load(id)).await {
        Ok(l) => l,
        Err(e) => return store_failed(ctx, "loading a game", e).await.map(|()| None),
    };
    // Gone or changed between the two looks: refused as the row would be.
    if let Some(no) = refuse(mine, loaded.as_ref().map(|l| &l.info).filter(visible), venue, id) {
        return private(ctx, no).await.map(|()| None);
    }
    Ok(loaded)
}

/// Whether a game may be shown to `user` asking in `channel` of `venue`. Game numbers are easy to guess: outside servers
/// a game is seen only from its own channel or by one of its players; in
/// a server, only from its own channel, since the bot cannot tell which
/// other channels the caller may see (it is not told members' roles).
pub(crate) fn visible(info: &GameInfo, venue: Venue, channel: ChannelId, user: UserId) -> bool {
    let here = info.channel == channel.get();
    match venue {
        Venue::Server(_) => Venue::from_guild(info.guild) == venue && here,
        Venue::Outside => here || info.seats.iter().any(|s| s.occupant == Occupant::Human(user.get())),
    }
}

/// The seats best place first (unplaced seats last).
fn by_place(seats: &[SeatRecord]) -> Vec<&SeatRecord> {
    let mut sorted: Vec<&SeatRecord> = seats.iter().collect();
    sorted.sort_by_key(|s| (s.place.filter(|&p| p > 0).unwrap_or(u8::MAX), s.seat));
    sorted
}

/// The text sent with the GIF: the game, when it ended, who placed where.
pub(crate) fn replay_message(lang: Lang, info: &GameInfo) -> Message {
    let players: Vec<String> = by_place(&info.seats)
        .into_iter()
        .map(|s| match s.place.filter(|&p| p > 0) {
            Some(p) => format!("{p}. {}", occupant(lang, &s.occupant)),
            None => occupant(lang, &s.occupant),
        })
        .collect();
    let when = match (info.state, info.finished_at) {
        (GameState::Abandoned, Some(t)) => tr!(lang, "replay-ended-early", time = t.as_secs()),
        (_, Some(t)) => tr!(lang, "replay-finished", time = t.as_secs()),
        _ => String::new(),
    };
    let content = tr!(
        lang,
        "replay-caption",
        game = info.id.to_string(),
        ruleset = info.ruleset.to_string(),
        players = info.seats.len(),
        when = when,
        names = players.join(" · "),
    );
    Message { content: clip(&content, limits::CONTENT), ..Message::default() }
}

/// The attachment's file name.
pub(crate) fn file_name(id: GameId) -> String {
    format!("thaayam-game-{}.gif", id.0)
}

/// Draws the GIF (blocking, CPU-bound), with fewer and smaller frames
/// until it is at most `max_bytes`; `names` by seat index.
pub(crate) fn draw(game: &LoadedGame, lang: Lang, names: [String; 4], max_bytes: usize) -> Result<Vec<u8>, String> {
    let seats = game.info.seat_set();
    let mut sizes = Vec::new();
    for (size, max_frames) in ATTEMPTS {
        let words = Some(replay_words(lang));
        let opts =
            ReplayOptions { size, max_bytes, max_frames, names: names.clone(), words, ..ReplayOptions::default() };
        let gif = replay_gif(game.info.ruleset, seats, &game.events, &opts).map_err(|e| e.to_string())?;
        if gif.len() <= max_bytes {
            return Ok(gif);
        }
        sizes.push(gif.len());
    }
    Err(format!("every attempt was over {max_bytes} bytes: {sizes:?}"))
}

/// The names drawn in the GIF: display names of the players (fetched
/// from Discord at the same time, at most 3 s; the seat's name for those
/// that fail), computers by level.
async fn names(ctx: Context<'_>, lang: Lang, info: &GameInfo) -> [String; 4] {
    let mut names: [String; 4] = Default::default();
    let mut fetches = tokio::task::JoinSet::new();
    for s in &info.seats {
        match &s.occupant {
            Occupant::Computer(level) => names[s.seat.index()] = computer_name(lang, level),
            Occupant::Human(u) => {
                let (http, user, seat) =
                    (ctx.serenity_context().http.clone(), crate::discord::live::ids::user(UserId(*u)), s.seat);
                fetches.spawn(async move { (seat, http.get_user(user).await) });
            }
        }
    }
    let collect = async {
        while let Some(done) = fetches.join_next().await {
            match done {
                Ok((seat, Ok(user))) => names[seat.index()] = user.global_name.unwrap_or(user.name),
                Ok((seat, Err(e))) => tracing::debug!("no name for seat {seat:?} of a replay: {e}"),
                Err(e) => tracing::debug!("a name lookup failed: {e}"),
            }
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(3), collect).await;
    names
}

#[poise::command(slash_command, description_localized("fr", "Revoir une partie terminée en image animée"))]
pub(crate) async fn replay(ctx: Context<'_>, game: String) -> Result<(), Error> {
    let (server, mine) = langs(ctx).await;
    let Some(loaded) = load_game(ctx, mine, &game, refusal).await? else { return Ok(()) };
    let id = loaded.info.id;
    let Some(ticket) = admit(ctx, Heavy::Replay).await? else { return Ok(()) };
    // Drawing a long game takes seconds: answer Discord within 3 s first.
    super::answer::defer(ctx, false).await?;
    let names = names(ctx, server, &loaded.info).await;
    let message = replay_message(server, &loaded.info);
    let guard = ctx.data().guard.clone();
    let key = (id, server.code(), names.clone());
    let gif = match guard.replay(&key) {
        Some(kept) => Ok(kept),
        None => {
            let drawn = ticket.run(move || draw(&loaded, server, names, MAX_GIF_BYTES)).await?.map(Arc::new);
            if let Ok(gif) = &drawn {
                guard.keep_replay(key, gif.clone());
            }
            drawn
        }
    };
    let reply = match gif {
        Ok(gif) => {
            let file = serenity::CreateAttachment::bytes(gif.as_slice(), file_name(id));
            super::answer::reply(&message, false).attachment(file)
        }
        Err(e) => {
            tracing::error!("drawing the replay of game {id} failed: {e}");
            poise::CreateReply::default().content(tr!(server, "replay-failed", game = id.to_string()))
        }
    };
    ctx.send(reply).await?;
    Ok(())
}
