//! What the database must hold in the kill tests (tests/e2e/kills.rs):
//! every answered click saved, no log changing what it held at an earlier
//! kill, and after a restart no board behind its saved game.

use crate::support::fake_discord::state::Inner;
use crate::support::fake_discord::{FakeDiscord, StoredMessage};
use crate::support::play::{self, game_of, seq_of};
use serde_json::Value;
use std::collections::BTreeMap;
use thaayam::engine::Event;
use thaayam::store::{Database, GameId, Store};

/// Whether a message shows a game that is over or ended early.
pub(crate) fn is_closed(msg: &StoredMessage) -> bool {
    play::is_over(msg) || msg.content().contains("ended before its end")
}

/// Every game of the database: its action counter and log.
fn games(db: &Database) -> BTreeMap<i64, (u64, Vec<Event>)> {
    let store = Store::open_database(db).expect("open the database");
    let mut out = BTreeMap::new();
    for id in game_ids(&store) {
        let Some(game) = store.load(id).expect("read a game") else { continue };
        out.insert(id.0, (game.info.seq, game.events));
    }
    out
}

/// The ids of every game, oldest first. Not 1 to N: PostgreSQL's identity
/// column does not give back a number whose insert rolled back (a refused
/// or failed `/thaayam new`). The open games first: with the bot still
/// playing, a game that ends between the two reads is then in the second
/// (a closed game stays closed), where read the other way round it would
/// be in neither.
pub(crate) fn game_ids(store: &Store) -> Vec<GameId> {
    let mut ids: Vec<GameId> = store.unfinished_games().expect("open games").into_iter().map(|g| g.info.id).collect();
    ids.extend(store.closed_game_ids().expect("closed games"));
    ids.sort_unstable_by_key(|id| id.0);
    ids.dedup();
    ids
}

/// A number in a message's controls or embed: (game, action counter shown, moves shown).
fn shown(custom_id: &str, data: &Value) -> Option<(i64, u64, u64)> {
    let parts: Vec<&str> = custom_id.split(':').collect();
    let game = parts.get(1)?.parse().ok()?;
    let clicked: u64 = parts.last()?.parse().ok()?;
    let rows = data["components"].as_array().cloned().unwrap_or_default();
    let ids = rows.iter().flat_map(|r| r["components"].as_array().cloned().unwrap_or_default());
    let seqs = ids.filter_map(|c| c["custom_id"].as_str()?.rsplit(':').next()?.parse::<u64>().ok());
    let seq = seqs.max().unwrap_or(clicked + 1);
    let footer = data["embeds"][0]["footer"]["text"].as_str().unwrap_or("");
    let moves = footer.split_once(" throws and moves").and_then(|(n, _)| n.trim().parse().ok()).unwrap_or(0);
    Some((game, seq, moves))
}

/// After a kill: every answered click is in the database (its game's
/// counter and log at least where the answer showed them), and no log
/// lost or changed what it held at the previous kill.
pub(crate) fn check_acknowledged(fake: &FakeDiscord, db: &Database, logs: &mut BTreeMap<i64, Vec<Event>>) {
    // The answers first, then the database: with the bot running (a
    // database restart) a click saved and answered in between is not
    // taken for a lost one.
    let interactions = fake.interactions();
    let games = games(db);
    for r in interactions {
        let (Some(custom_id), Some(answer)) = (&r.custom_id, &r.response) else { continue };
        if answer.kind == 4 {
            continue; // refused privately: nothing changed
        }
        let Some((game, seq, moves)) = shown(custom_id, &answer.data) else { continue };
        let (saved, log) = games.get(&game).unwrap_or_else(|| panic!("game {game} of an answered click is not saved"));
        assert!(
            *saved >= seq && log.len() as u64 >= moves,
            "an acknowledged click ({custom_id}, answered with action {seq}, move {moves}) is not in the database: \
             game {game} is at action {saved} with {} events",
            log.len()
        );
    }
    for (game, (_, log)) in games {
        if let Some(before) = logs.get(&game) {
            assert!(log.starts_with(before), "game {game}: the log changed what it held at an earlier kill");
        }
        logs.insert(game, log);
    }
}

/// What a board must show after a restart: an open game's saved state, or
/// the end of a game that closed just before the kill.
pub(crate) struct Due {
    game: i64,
    channel: u64,
    seq: u32,
    events: usize,
    /// A closed game's board (it must show the end).
    pub(crate) closed_board: Option<u64>,
}

/// Every board's due after a kill (read with the bot dead).
pub(crate) fn due(db: &Database) -> Vec<Due> {
    let store = Store::open_database(db).expect("open the database");
    let mut out = Vec::new();
    for live in store.live_games().expect("open games") {
        let info = live.info;
        let (game, channel, seq, events) = (info.id.0, info.channel, info.seq as u32, info.events as usize);
        out.push(Due { game, channel, seq, events, closed_board: None });
    }
    for id in store.closed_near_last_write(600).expect("closed games") {
        let info = store.game(id).expect("read").expect("game");
        out.push(Due { game: id.0, channel: info.channel, seq: 0, events: 0, closed_board: info.board_message });
    }
    out
}

/// The game a message shows, from its controls or its embed title ("…, game N").
fn game_shown(m: &StoredMessage) -> Option<i64> {
    game_of(m).or_else(|| {
        let title = m.json["embeds"][0]["title"].as_str()?;
        title.rsplit_once("game ")?.1.split(':').next()?.trim().parse().ok()
    })
}

fn moves_shown(m: &StoredMessage) -> Option<usize> {
    let footer = m.json["embeds"][0]["footer"]["text"].as_str()?;
    footer.split_once(" throws and moves")?.0.trim().parse().ok()
}

impl Due {
    /// Whether what the players see is behind the saved game.
    pub(crate) fn behind(&self, inner: &Inner) -> bool {
        if let Some(board) = self.closed_board {
            // (A board of a computer's turn has no controls either.)
            return inner.message(board).is_some_and(|m| !m.deleted && !is_closed(m));
        }
        let Some(m) = inner.newest_public(self.channel) else { return true };
        if game_shown(m) != Some(self.game) {
            return true;
        }
        match seq_of(m) {
            Some(seq) => seq < self.seq,
            None => moves_shown(m).is_some_and(|n| n < self.events),
        }
    }

    pub(crate) fn describe(&self, inner: &Inner) -> String {
        let seen = match self.closed_board {
            Some(b) => inner.message(b),
            None => inner.newest_public(self.channel),
        };
        let text = seen.map(|m| m.text()).unwrap_or_else(|| "(no message)".into());
        format!("game {} (saved at action {}, {} events): {text}", self.game, self.seq, self.events)
    }
}
