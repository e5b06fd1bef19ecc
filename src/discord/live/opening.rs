//! Opening a game in a channel (`/thaayam new`, or Rematch on a result
//! with the seats as they were): the channel is reserved,
//! the game created and saved in the store, its lobby posted; a game the
//! store still has open there is resumed instead, and a lobby Discord
//! would not take is given up so that it does not hold the channel.

use super::board::{Change, Via, show};
use super::change::change;
use super::computer::spawn_computer;
use super::data::Data;
use super::delivery::Place;
use super::hub::{Shared, Taken};
use super::ids;
use super::persist;
use super::running::{Reach, Running};
use super::saved;
use crate::discord::game::ids::GameId;
use crate::discord::game::intent::{Actor, Intent};
use crate::discord::game::notes::Note;
use crate::discord::game::rematch;
use crate::discord::game::server::WhoEnds;
use crate::discord::game::session;
use crate::discord::game::table::{NewGame, Player, Stage, Table, UserId};
use crate::discord::view::lang::{Lang, tr};
use crate::discord::view::presenter::Outro;
use crate::store::{self, StoreError};
use poise::serenity_prelude::Http;
use std::sync::Arc;

/// What became of a `/thaayam new`.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Opened {
    /// A new lobby, saved and posted: its game and the link to its board.
    New { game: GameId, link: String },
    /// The channel's game runs (it was running, or was resumed from the
    /// store): the link to its board (empty when it has none).
    Running { link: String },
    /// Another `/thaayam new` is opening a lobby in the channel right now.
    Opening,
    /// The store could not create the game.
    Unsaved,
    /// Discord did not take the lobby (it is given up).
    NotPosted,
    /// The channel's unfinished game was saved by a newer release of the
    /// bot: it is left as it is (never abandoned, its seed kept secret)
    /// and the operator is told in the log.
    Newer { game: GameId },
}

impl Opened {
    /// What the one who asked is told, privately, in `lang`.
    pub(crate) fn words(&self, lang: Lang) -> String {
        match self {
            Opened::New { game, link } => tr!(lang, "new-opened", game = *game, link = link.as_str()),
            Opened::Running { link } if link.is_empty() => tr!(lang, "new-running"),
            Opened::Running { link } => tr!(lang, "new-running-here", link = link.as_str()),
            Opened::Opening => tr!(lang, "new-setting-up"),
            Opened::Unsaved => tr!(lang, "new-store-failed"),
            // Discord refused the lobby although the interaction said the bot may post.
            Opened::NotPosted => tr!(lang, "new-not-posted"),
            Opened::Newer { game } => tr!(lang, "new-newer-game", game = *game),
        }
    }
}

/// Where and how a lobby is opened: how the bot reaches the channel, and
/// the interaction that asked for it (where the bot reaches the channel
/// only by interactions, the lobby is that interaction's answer).
pub(crate) struct Asked<'a> {
    pub(crate) reach: Reach,
    pub(crate) via: Option<Via<'a>>,
    /// The language of a game outside servers (`Post::lang`: its host's,
    /// see `lang::of_new_game`); `None` in a server.
    pub(crate) lang: Option<Lang>,
}

/// Opens a lobby for `new`, its host named `host_name` on the board.
pub(crate) async fn open(http: &Arc<Http>, data: &Data, new: NewGame, host_name: String, asked: Asked<'_>) -> Opened {
    open_seated(http, data, new, host_name, None, asked).await
}

/// Opens a rematch of the closed game `old` in its channel, asked by `host`
/// (one of its players, named `host_name`): the same rules, turn time and
/// practice mark, its computers seated, and of its humans only the one who
/// asked: the others (those who left too) are called once and sit only if
/// they press Join, so nobody is started into a rated game unasked.
pub(crate) async fn rematch(
    http: &Arc<Http>,
    data: &Data,
    old: &Table,
    host: UserId,
    host_name: String,
    asked: Asked<'_>,
) -> Opened {
    let defaults = data.servers.get(&data.store, old.venue).await.rules;
    let new = NewGame {
        venue: old.venue,
        channel: old.channel,
        host,
        ruleset: old.ruleset,
        players: old.players,
        turn_timeout: old.turn_timeout,
        moderators_end: defaults.who_ends == WhoEnds::Moderators,
        practice: old.practice,
    };
    let seats = Seats { of: old.id, lineup: rematch::lineup(old, host), called: rematch::called(old, host) };
    open_seated(http, data, new, host_name, Some(seats), asked).await
}

/// The seats of a rematch of game `of`: who sits at first, and who is called.
struct Seats {
    of: GameId,
    lineup: Vec<Player>,
    called: Vec<UserId>,
}

async fn open_seated(
    http: &Arc<Http>,
    data: &Data,
    new: NewGame,
    host_name: String,
    seats: Option<Seats>,
    asked: Asked<'_>,
) -> Opened {
    // The channel is held from here until its lobby is posted (or given
    // up), so that a second `/thaayam new` waits for nothing and is told.
    let reservation = match data.hub.reserve(new.channel) {
        Ok(reservation) => reservation,
        Err(Taken::Running(existing)) => return Opened::Running { link: link_of(&*existing.lock().await) },
        Err(Taken::Opening) => return Opened::Opening,
    };
    let lineup = seats.as_ref().map(|s| s.lineup.clone());
    let mut running = match create(data, new, lineup, (asked.reach, asked.lang)).await {
        Ok(Created::New(running)) => running,
        Ok(Created::Resumed(running)) => return resumed(http, data, reservation.fill(running), asked.via).await,
        Ok(Created::Newer(game)) => return Opened::Newer { game: game.into() },

        Err(e) => {
            tracing::error!("could not open a game in channel {}: {e}", new.channel);
            return Opened::Unsaved;
        }
    };
    running.table.names.insert(new.host, host_name);
    let game = reservation.fill(running);
    let mut running = game.lock().await;
    let notes: Vec<Note> = seats.map(|s| Note::Rematch { game: s.of, players: s.called }).into_iter().collect();
    let outro = Outro::default();
    let change = Change { place: Place::New, ..Change::of(&notes, &outro) };
    show(http, data, &mut running, change, asked.via).await;
    if running.post.board.is_none() {
        give_up(data, &mut running.table).await;
        return Opened::NotPosted;
    }
    Opened::New { game: running.table.id, link: link_of(&running) }
}

/// Opens a game already started with `lineup` seated (a tournament's
/// table, in its thread; the first in the lineup is its host): created and
/// saved as any game, started at once, its board posted and its computers
/// playing. `None` when it could not be (the channel holds a game, the
/// store or Discord refused; logged).
pub(crate) async fn open_started(
    http: &Arc<Http>,
    data: &Data,
    new: NewGame,
    lineup: Vec<Player>,
    now: i64,
) -> Option<GameId> {
    let Ok(reservation) = data.hub.reserve(new.channel) else {
        tracing::warn!("channel {} holds a game already: no table opened there", new.channel);
        return None;
    };
    let running = match create(data, new, Some(lineup), (Reach::Channel, None)).await {
        Ok(Created::New(running)) => running,
        Ok(_) => return None,
        Err(e) => {
            tracing::error!("could not open a table's game in channel {}: {e}", new.channel);
            return None;
        }
    };
    let game = reservation.fill(running);
    let mut running = game.lock().await;
    let host = Actor { user: new.host, moderator: false };
    let started = change(data, &mut running, |t| session::handle(t, host, Intent::Start, None, now)).await;
    let (notes, outro) = match started {
        Ok((Ok(notes), outro)) => (notes, outro),
        other => {
            tracing::error!("a table's game {} did not start: {:?}", running.table.id, other.err());
            give_up(data, &mut running.table).await;
            return None;
        }
    };
    let change = Change { place: Place::New, ..Change::of(&notes, &outro) };
    show(http, data, &mut running, change, None).await;
    let id = running.table.id;
    drop(running);
    spawn_computer(http.clone(), data.clone(), game);
    Some(id)
}

/// The link to a game's board message (empty when it has none).
pub(crate) fn link_of(running: &Running) -> String {
    let t = &running.table;
    running.post.board.map(|b| ids::link(t.venue, t.channel, b.message)).unwrap_or_default()
}

/// What [`create`] got from the store.
enum Created {
    /// A new lobby, saved.
    New(Running),
    /// An unfinished game of this channel that the bot was not running but
    /// can: it runs again instead of a new one.
    Resumed(Running),
    /// An unfinished game of this channel saved by a newer release: kept.
    Newer(store::GameId),
}

/// Creates the game in the store and saves its first state. The caller
/// holds the channel's reservation, so a game the store still has open in
/// this channel is none the bot runs or is opening: it is resumed if it
/// can run; one saved by a newer release is kept as it is (the operator
/// is told in the log, the one who asked in words); only one that cannot
/// be loaded (the bot stopped between two writes, or its state is
/// unreadable) is abandoned, logged, and the lobby opened.
async fn create(
    data: &Data,
    new: NewGame,
    lineup: Option<Vec<Player>>,
    (reach, lang): (Reach, Option<Lang>),
) -> Result<Created, StoreError> {
    let mut running = match persist::create(&data.store, new, &data.seeds).await {
        Err(StoreError::ChannelBusy { game, .. }) => {
            match resumable(data, game).await? {
                Held::Runs(running) => return Ok(Created::Resumed(*running)),
                Held::Newer(form) => {
                    tracing::error!(
                        "channel {} has game {game}, saved in form {form} by a newer release of the bot than this \
                         one: it is kept as it is, not abandoned; run that release (or newer) to go on with it",
                        new.channel
                    );
                    return Ok(Created::Newer(game));
                }
                Held::Cannot => {}
            }
            tracing::warn!("channel {} had game {game}, which cannot run; abandoning it", new.channel);
            data.store.call(move |s| s.abandon(game, None)).await?;
            persist::create(&data.store, new, &data.seeds).await?
        }
        other => other?,
    };
    running.post.reach = reach;
    running.post.lang = lang;
    if let Some(lineup) = rematch::seats(lineup, new.host) {
        running.table.lineup = lineup;
    }
    if let Err(e) = persist::save(&data.store, &mut running).await {
        let id = ids::game(&running.table);
        let _ = data.store.call(move |s| s.abandon(id, None)).await;
        return Err(e);
    }
    Ok(Created::New(running))
}

/// What a stored unfinished game is to this bot.
enum Held {
    /// It can run: here it is.
    Runs(Box<Running>),
    /// A newer release saved it (in this form): not this bot's to touch.
    Newer(u32),
    /// It cannot run (closed, or its state damaged).
    Cannot,
}

/// A stored unfinished game as a running one, if it can run.
async fn resumable(data: &Data, game: store::GameId) -> Result<Held, StoreError> {
    let Some(live) = data.store.call(move |s| s.live_game(game)).await? else { return Ok(Held::Cannot) };
    if let Some(form) = saved::newer_form(&live.live) {
        return Ok(Held::Newer(form));
    }
    match persist::from_live(live) {
        Ok(running) if running.table.is_open() => Ok(Held::Runs(Box::new(running))),
        Ok(_) => Ok(Held::Cannot),
        Err(e) => {
            tracing::warn!("cannot resume: {e}");
            Ok(Held::Cannot)
        }
    }
}

/// A stored game of this channel runs again: its board is posted if it
/// has none, and its computers play on.
async fn resumed(http: &Arc<Http>, data: &Data, game: Shared, via: Option<Via<'_>>) -> Opened {
    let mut running = game.lock().await;
    tracing::warn!("game {} of channel {} was not running; resumed it", running.table.id, running.table.channel);
    if running.post.board.is_none() {
        let change = Change::none(Place::New);
        show(http, data, &mut running, change, via).await;
    }
    let link = link_of(&running);
    drop(running);
    spawn_computer(http.clone(), data.clone(), game);
    Opened::Running { link }
}

/// A lobby whose message could not be posted must not hold the channel:
/// it is abandoned in the store and leaves the hub.
async fn give_up(data: &Data, table: &mut Table) {
    let id = ids::game(table);
    tracing::warn!("the lobby of game {id} could not be posted in channel {}; abandoning it", table.channel);
    if let Err(e) = data.store.call(move |s| s.abandon(id, None)).await {
        tracing::error!("could not abandon game {id}: {e}");
    }
    table.stage = Stage::Ended;
    data.hub.saved(table);
}
