//! Saving a table to the store after every change, and loading the open
//! tables back at start-up: the seats, the new events, the state and the
//! table's own JSON go into one store transaction ([`LiveSave`]); a
//! finished game is rated in that same transaction. The counter its board
//! shows is saved too (also on its own, after a board was shown), so that
//! start-up knows which boards are behind their game. A closed game, whose
//! JSON the store drops, is rebuilt from its record to show its end.

use super::ids;
use super::running::{BoardMessage, Running, Stored};
use super::saved;
use crate::discord::game::ids::{ChannelId, MessageId, UserId, Venue};
use crate::discord::game::table::{NewGame, Origin, Player, Stage, Table};
use crate::discord::view::presenter::Outro;
use crate::engine::{Event, Phase, Record, Seat};
use crate::store::{
    GameState, LiveGame, LiveSave, LoadedGame, Occupant, RatingChange, Store, StoreError, StoreHandle, Timestamp,
};

/// Where new games' dice seeds come from: the operating system's
/// generator, or (test bots only, [`crate::discord::bot::Endpoint::Sandbox`])
/// a fixed number, so that a test's games throw the same every run.
#[derive(Debug, Default)]
pub(crate) struct Seeds {
    fixed: Option<u64>,
    /// Games created so far per channel (fixed seeds only).
    made: std::sync::Mutex<std::collections::HashMap<ChannelId, u32>>,
}

impl Seeds {
    /// Seeds derived from `fixed`: the n-th game this process creates in a
    /// channel gets SHA-256(fixed ‖ channel ‖ n), all big-endian.
    pub(crate) fn fixed(fixed: Option<u64>) -> Seeds {
        Seeds { fixed, made: Default::default() }
    }

    /// The seed of a new game in `channel`.
    pub(crate) fn next(&self, channel: ChannelId) -> [u8; 32] {
        let Some(fixed) = self.fixed else { return crate::dice::new_seed() };
        let n = {
            let mut made = self.made.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let n = made.entry(channel).or_default();
            *n += 1;
            *n
        };
        use sha2::{Digest, Sha256};
        let mut h = Sha256::new();
        h.update(fixed.to_be_bytes());
        h.update(channel.get().to_be_bytes());
        h.update(n.to_be_bytes());
        h.finalize().into()
    }
}

/// Creates the game's row (its id and the dice commitment) and returns a
/// new lobby for it, not saved yet. Fails with
/// [`StoreError::ChannelBusy`] when the channel has an unfinished game.
pub(crate) async fn create(store: &StoreHandle, new: NewGame, seeds: &Seeds) -> Result<Running, StoreError> {
    let seed = seeds.next(new.channel);
    store.call_within(SAVE_DEADLINE, move |s| create_sync(s, new, seed)).await
}

/// [`create`] on a plain store with a given seed (tests and tools).
pub(crate) fn create_sync(store: &mut Store, new: NewGame, seed: [u8; 32]) -> Result<Running, StoreError> {
    let row = crate::store::NewGame {
        guild: new.venue.guild_number(),
        channel: new.channel.get(),
        host: new.host.get(),
        ruleset: new.ruleset,
        max_players: new.players,
        turn_timeout_secs: u32::try_from(new.turn_timeout).unwrap_or(u32::MAX),
        seed: crate::dice::Seed(seed),
        practice: new.practice,
        dice: crate::dice::Derivation::CURRENT,
    };
    let id = store.create_game(&row)?;
    let mut table = Table::new(
        Origin { id: id.into(), venue: new.venue, channel: new.channel, host: new.host },
        new.ruleset,
        new.players,
        seed,
    );
    table.turn_timeout = new.turn_timeout;
    table.moderators_end = new.moderators_end;
    table.practice = new.practice;
    Ok(Running { stored: Some(Stored::default()), ..Running::new(table) })
}

/// How long a save may take before the change is given up ("could not be
/// saved"): the click that made it must still be answered within Discord's
/// 3 s when the database hangs. Longer than the wait for another process's
/// write lock ([`crate::discord::bot::STORE_LOCK_WAIT`]), so a busy database
/// still answers by itself. It bounds the other store calls on a click's
/// path too: loading a game this process does not run, reloading a stale
/// one, a server's first language look-up.
pub(crate) const SAVE_DEADLINE: std::time::Duration = std::time::Duration::from_millis(2000);

/// How long after an interaction (a click, `/thaayam new`) arrived its
/// store calls are over, all of them together: reading the server's
/// settings, waiting for its game behind other clicks, saving (see
/// [`crate::store::answer_by`]). Discord drops answers later than 3 s, and
/// the answer itself takes a round trip; one that waited behind others is
/// answered "could not be saved" rather than late.
pub(crate) const INTERACTION_DEADLINE: std::time::Duration = std::time::Duration::from_millis(2400);

/// Saves whatever changed since the last save (nothing if nothing did);
/// returns the humans' rating changes when this save finished the game.
/// A save that takes longer than [`SAVE_DEADLINE`] fails with
/// [`StoreError::Late`]; if it completes afterwards, the store is ahead of
/// the table and the next save is refused as stale, which reloads the game.
pub(crate) async fn save(store: &StoreHandle, running: &mut Running) -> Result<Vec<RatingChange>, StoreError> {
    let Some((save, stored)) = to_save(running)? else { return Ok(Vec::new()) };
    let id = ids::game(&running.table);
    let started = std::time::Instant::now();
    let saved = store.call_within(SAVE_DEADLINE, move |s| s.save_live(id, &save)).await;
    crate::discord::ops::instrument::record(|m| m.save(started.elapsed(), saved.is_ok()));
    let changes = saved?;
    running.stored = Some(stored);
    Ok(changes)
}

#[cfg(any(test, feature = "lab"))]
/// [`save`] on a plain store (tests and tools).
pub(crate) fn save_sync(store: &mut Store, running: &mut Running) -> Result<Vec<RatingChange>, StoreError> {
    let Some((save, stored)) = to_save(running)? else { return Ok(Vec::new()) };
    let changes = store.save_live(ids::game(&running.table), &save)?;
    running.stored = Some(stored);
    Ok(changes)
}

/// The save to send and what the store will hold after it; `None` when
/// the store is up to date.
fn to_save(running: &Running) -> Result<Option<(LiveSave, Stored)>, StoreError> {
    let Running { table, post, stored } = running;
    let json = saved::to_json(running).map_err(|what| StoreError::Corrupt { game: Some(ids::game(table)), what })?;
    let seats = table.occupants();
    let default = Stored::default();
    let old = stored.as_ref().unwrap_or(&default);
    if old.json == json && old.events == table.events.len() && old.seats == seats && old.shown == post.shown {
        return Ok(None);
    }
    let new_events: Vec<Event> = table.events.get(old.events..).unwrap_or_default().to_vec();
    let save = LiveSave {
        expected_seq: u64::from(old.seq),
        seq: u64::from(table.seq),
        state: state_of(table.stage),
        seats: (old.seats != seats).then(|| occupants(&seats)),
        first_event: old.events as u64,
        events: new_events,
        deadline: table.deadline.map(Timestamp),
        board: post.board.map(|b| (b.message.get(), Timestamp(b.posted_at))),
        board_seq: post.shown.map(u64::from),
        places: table.final_places(),
        rated: table.is_rated(),
        names: closing_names(table),
        left_unplayed: if table.stage == Stage::Finished { table.left_unplayed() } else { Vec::new() },
        live: json.clone(),
    };
    Ok(Some((save, Stored::of(table, post, seats, json))))
}

/// The names the humans of a game that ends with this save went by, kept
/// on their seats for the game's page; none while it runs.
fn closing_names(table: &Table) -> Vec<(Seat, String)> {
    if matches!(table.stage, Stage::Lobby | Stage::Playing) {
        return Vec::new();
    }
    let human = |(seat, player): (Seat, Player)| match player {
        Player::Human(user) => table.names.get(&user).map(|name| (seat, name.clone())),
        Player::Computer(_) => None,
    };
    table.occupants().into_iter().filter_map(human).collect()
}

fn state_of(stage: Stage) -> GameState {
    match stage {
        Stage::Lobby => GameState::Lobby,
        Stage::Playing => GameState::Playing,
        Stage::Finished => GameState::Finished,
        Stage::Ended => GameState::Abandoned,
    }
}

/// The seats as the store records them.
fn occupants(seats: &[(Seat, Player)]) -> Vec<(Seat, Occupant)> {
    let occupant = |p: Player| match p {
        Player::Human(user) => Occupant::Human(user.get()),
        Player::Computer(level) => Occupant::Computer(level.to_string()),
    };
    seats.iter().map(|&(seat, p)| (seat, occupant(p))).collect()
}

/// A running game back from the store, checked against the store's own record.
pub(crate) fn from_live(live: LiveGame) -> Result<Running, String> {
    let id = live.info.id;
    let mut running = saved::from_json(&live.live).map_err(|e| format!("game {id}: unreadable state: {e}"))?;
    let table = &mut running.table;
    if table.id != id.into() || u64::from(table.seq) != live.info.seq {
        return Err(format!("game {id}: state of game {} at action {} does not match", table.id, table.seq));
    }
    // The seed its throws come from must be the one committed to in the
    // lobby (the commitment players were shown is the stored one).
    if crate::dice::commitment(&table.seed) != live.info.commitment {
        return Err(format!("game {id}: its saved seed does not hash to the commitment shown since its lobby"));
    }
    let throws = live.events.iter().filter(|e| matches!(e, Event::Throw { .. })).count();
    if throws != table.drawn as usize {
        return Err(format!("game {id}: {throws} throws in the log, {} drawn", table.drawn));
    }
    // The store's record of the derivation is the truth (older JSON has none).
    table.dice = live.info.dice;
    Record::replay(table.ruleset, table.seats(), &live.events)
        .map_err(|(i, e)| format!("game {id}: the log does not replay at event {i}: {e}"))?;
    let json = saved::to_json(&running).map_err(|e| format!("game {id}: {e}"))?;
    let Running { table, post, stored } = &mut running;
    table.events = live.events;
    // What the board shows, as the last run saved it once Discord took it.
    post.shown = live.board_seq.and_then(|s| u32::try_from(s).ok()).filter(|_| post.board.is_some());
    let seats = table.occupants();
    *stored = Some(Stored::of(table, post, seats, json));
    Ok(running)
}

/// A closed game rebuilt from its record (the store keeps no live state
/// once a game is over), enough to show its end on a board that missed it:
/// the places, the seed, the final position. Rating changes are not shown;
/// a seat counts as left by its player when the stored place is worse than
/// the engine's (players who left are placed after those who stayed).
pub(crate) fn from_closed(loaded: LoadedGame) -> Result<Running, String> {
    let info = loaded.info;
    let id = info.id;
    let stage = match info.state {
        GameState::Finished => Stage::Finished,
        GameState::Abandoned => Stage::Ended,
        GameState::Lobby | GameState::Playing => return Err(format!("game {id} is not over")),
    };
    let seed = info.revealed_seed.ok_or_else(|| format!("game {id}: the seed is not revealed"))?;
    let players = if stage == Stage::Finished { info.seats.len() as u8 } else { info.max_players };
    let mut table = Table::new(
        Origin {
            id: id.into(),
            venue: Venue::from_guild(info.guild),
            channel: ChannelId(info.channel),
            host: UserId(info.host),
        },
        info.ruleset,
        players,
        seed,
    );
    if stage == Stage::Finished && table.seats() != info.seat_set() {
        return Err(format!("game {id}: its seats are not a table's seats"));
    }
    table.lineup = info
        .seats
        .iter()
        .map(|s| match &s.occupant {
            Occupant::Human(user) => Ok(Player::Human(UserId(*user))),
            Occupant::Computer(level) => {
                level.parse().map(Player::Computer).map_err(|_| format!("game {id}: unknown computer level {level}"))
            }
        })
        .collect::<Result<_, _>>()?;
    table.stage = stage;
    table.practice = info.practice;
    table.dice = info.dice;
    table.turn_timeout = u64::from(info.turn_timeout_secs);
    table.events = loaded.events;
    table.drawn = u32::try_from(info.throws_drawn).unwrap_or(u32::MAX);
    table.seq = u32::try_from(info.seq).unwrap_or(u32::MAX);
    let board = info.board_message.map(|message| BoardMessage {
        message: MessageId(message),
        // Saved as the table keeps it (Unix seconds), see `to_save`.
        posted_at: info.board_posted_at.map_or(0, |t| t.0),
    });
    for s in &info.seats {
        if let (Occupant::Human(user), Some(name)) = (&s.occupant, &s.name) {
            table.names.insert(UserId(*user), name.clone());
        }
    }
    if let Phase::Finished { places } = table.game_now().phase() {
        for s in &info.seats {
            if s.place.is_some_and(|p| p > places[s.seat.index()]) {
                table.left_seats[s.seat.index()] = s.occupant.user().map(UserId);
            }
        }
    }
    let mut running = Running::new(table);
    running.post.board = board;
    Ok(running)
}

/// Every unfinished game of the store, for start-up. Games that cannot be
/// loaded are logged and left alone (their channel stays blocked until an
/// admin looks; nothing is deleted).
pub(crate) async fn load_all(store: &StoreHandle) -> Result<Vec<Running>, StoreError> {
    let games = store.call(|s| s.live_games()).await?;
    let mut tables = Vec::with_capacity(games.len());
    for live in games {
        match from_live(live) {
            Ok(table) => tables.push(table),
            Err(e) => tracing::error!("cannot resume: {e}"),
        }
    }
    Ok(tables)
}

/// The rating changes of a finished game as the result message shows
/// them: the conservative skill μ − 3σ before and after, the number the
/// leaderboard sorts by.
pub(crate) fn outro(changes: &[RatingChange]) -> Outro {
    let ratings = changes
        .iter()
        .map(|c| {
            let (before, after) = c.ordinals();
            (UserId(c.user), before, after)
        })
        .collect();
    Outro { ratings, went_back: false }
}
