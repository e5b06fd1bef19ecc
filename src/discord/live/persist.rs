//! Saving a table to the store after every change, and loading the open
//! tables back at start-up: the seats, the new events, the state and the
//! table's own JSON go into one store transaction ([`LiveSave`]); a
//! finished game is rated in that same transaction.

use crate::discord::game::table::{NewGame, Player, Stage, Stored, Table};
use crate::discord::view::presenter::Outro;
use crate::engine::{Event, Record, Seat};
use crate::store::{
    GameId, GameState, LiveGame, LiveSave, Occupant, RatingChange, Store, StoreError, StoreHandle, Timestamp,
};

/// Creates the game's row (its id and the dice commitment) and returns a
/// new lobby table for it, not saved yet. Fails with
/// [`StoreError::ChannelBusy`] when the channel has an unfinished game.
pub(crate) async fn create(store: &StoreHandle, new: NewGame) -> Result<Table, StoreError> {
    let seed = crate::dice::new_seed();
    store.call(move |s| create_sync(s, new, seed)).await
}

/// [`create`] on a plain store with a given seed (tests and tools).
pub(crate) fn create_sync(store: &mut Store, new: NewGame, seed: [u8; 32]) -> Result<Table, StoreError> {
    let row = crate::store::NewGame {
        guild: new.guild,
        channel: new.channel,
        host: new.host,
        ruleset: new.ruleset,
        max_players: new.players,
        turn_timeout_secs: u32::try_from(new.turn_timeout).unwrap_or(u32::MAX),
        seed,
    };
    let id = store.create_game(&row)?;
    let mut table = Table::new(id.0, new.guild, new.channel, new.host, new.ruleset, new.players, seed);
    table.turn_timeout = new.turn_timeout;
    table.moderators_end = new.moderators_end;
    table.stored = Some(Stored::default());
    Ok(table)
}

/// Saves whatever changed since the last save (nothing if nothing did);
/// returns the humans' rating changes when this save finished the game.
pub(crate) async fn save(store: &StoreHandle, table: &mut Table) -> Result<Vec<RatingChange>, StoreError> {
    let Some((save, stored)) = to_save(table)? else { return Ok(Vec::new()) };
    let id = GameId(table.id);
    let changes = store.call(move |s| s.save_live(id, &save)).await?;
    table.stored = Some(stored);
    Ok(changes)
}

/// [`save`] on a plain store (tests and tools).
pub(crate) fn save_sync(store: &mut Store, table: &mut Table) -> Result<Vec<RatingChange>, StoreError> {
    let Some((save, stored)) = to_save(table)? else { return Ok(Vec::new()) };
    let changes = store.save_live(GameId(table.id), &save)?;
    table.stored = Some(stored);
    Ok(changes)
}

/// The save to send and what the store will hold after it; `None` when
/// the store is up to date.
fn to_save(table: &Table) -> Result<Option<(LiveSave, Stored)>, StoreError> {
    let json = serde_json::to_string(table)
        .map_err(|e| StoreError::Corrupt { game: Some(GameId(table.id)), what: e.to_string() })?;
    let seats = table.occupants();
    let old = table.stored.clone().unwrap_or_default();
    if old.json == json && old.events == table.events.len() && old.seats == seats {
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
        board: table.board.map(|b| (b.message, Timestamp(b.posted_at))),
        places: table.final_places(),
        live: json.clone(),
    };
    Ok(Some((save, Stored { seq: table.seq, events: table.events.len(), seats, json })))
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
        Player::Human(user) => Occupant::Human(user),
        Player::Computer(level) => Occupant::Computer(level.to_string()),
    };
    seats.iter().map(|&(seat, p)| (seat, occupant(p))).collect()
}

/// A table back from the store, checked against the store's own record.
pub(crate) fn from_live(live: LiveGame) -> Result<Table, String> {
    let id = live.info.id;
    let mut table: Table = serde_json::from_str(&live.live).map_err(|e| format!("game {id}: unreadable state: {e}"))?;
    if table.id != id.0 || u64::from(table.seq) != live.info.seq {
        return Err(format!("game {id}: state of game {} at action {} does not match", table.id, table.seq));
    }
    let throws = live.events.iter().filter(|e| matches!(e, Event::Throw { .. })).count();
    if throws != table.drawn as usize {
        return Err(format!("game {id}: {throws} throws in the log, {} drawn", table.drawn));
    }
    Record::replay(table.ruleset, table.seats(), &live.events)
        .map_err(|(i, e)| format!("game {id}: the log does not replay at event {i}: {e}"))?;
    let json = serde_json::to_string(&table).map_err(|e| format!("game {id}: {e}"))?;
    table.events = live.events;
    let seats = table.occupants();
    table.stored = Some(Stored { seq: table.seq, events: table.events.len(), seats, json });
    Ok(table)
}

/// Every unfinished game of the store, for start-up. Games that cannot be
/// loaded are logged and left alone (their channel stays blocked until an
/// admin looks; nothing is deleted).
pub(crate) async fn load_all(store: &StoreHandle) -> Result<Vec<Table>, StoreError> {
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
            (c.user, before, after)
        })
        .collect();
    Outro { ratings }
}
