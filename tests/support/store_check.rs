//! Checking the bot's database against what the fake saw it do: for every
//! game whose board the bot showed, the stored event log replays with the
//! engine, and its length is the move number the newest board shows (no
//! lost and no duplicated action); a result message means a finished game
//! with that many throws drawn. Run after the bot has stopped.

use super::fake_discord::{FakeDiscord, StoredMessage};
use std::collections::BTreeMap;
use std::path::Path;
use thaayam::engine::Event;
use thaayam::store::{GameId, GameState, Store};

/// What was checked.
#[derive(Clone, Debug, Default)]
pub struct StoreCheck {
    pub games: usize,
    pub events: u64,
    pub finished: usize,
}

/// The game id and what the board says: `Some(moves)` on a board, `None` on a result.
fn board_facts(msg: &StoredMessage) -> Option<(i64, Option<u64>, Option<u64>)> {
    let embed = msg.json["embeds"].as_array()?.first()?;
    let title = embed["title"].as_str()?;
    let id = title.rsplit_once("game ")?.1.split(':').next()?.trim().parse().ok()?;
    let footer = embed["footer"]["text"].as_str().unwrap_or("");
    let moves = footer.split_once(" throws and moves").and_then(|(n, _)| n.trim().parse().ok());
    // The seed reveal: in a field of the result, or (before 2026-11-26's
    // afternoon) in its description.
    let fields = embed["fields"].as_array().map(Vec::as_slice).unwrap_or_default();
    let mut texts = vec![embed["description"].as_str().unwrap_or("")];
    texts.extend(fields.iter().filter_map(|f| f["value"].as_str()));
    let revealed = texts.into_iter().find(|t| t.contains("throws drawn")).unwrap_or("");
    let drawn = revealed
        .split_once("throws drawn")
        .and_then(|(before, _)| before.rsplit_once('(').and_then(|(_, n)| n.trim().parse().ok()));
    Some((id, moves, if title.ends_with(": result") { drawn } else { None }))
}

/// Compares the database at `db` with the newest board of every game the fake saw.
pub fn compare(fake: &FakeDiscord, db: &Path) -> Result<StoreCheck, String> {
    compare_database(fake, &thaayam::store::Database::Sqlite(db.to_path_buf()))
}

/// [`compare`] on any database (a PostgreSQL one too).
pub fn compare_database(fake: &FakeDiscord, db: &thaayam::store::Database) -> Result<StoreCheck, String> {
    let store = Store::open_database(db).map_err(|e| format!("cannot open {db}: {e}"))?;
    let mut newest: BTreeMap<i64, StoredMessage> = BTreeMap::new();
    for m in fake.all_messages().into_iter().filter(|m| !m.is_ephemeral() && !m.deleted) {
        if let Some((id, ..)) = board_facts(&m) {
            newest.insert(id, m);
        }
    }
    let mut out = StoreCheck::default();
    for (id, msg) in &newest {
        let Some((_, moves, drawn)) = board_facts(msg) else { continue };
        let loaded = store.load(GameId(*id)).map_err(|e| format!("game {id}: {e}"))?;
        let loaded = loaded.ok_or_else(|| format!("game {id} is shown on a board but not in the database"))?;
        loaded.replay().map_err(|e| format!("game {id}: the stored log does not replay: {e}"))?;
        let events = loaded.events.len() as u64;
        if let Some(moves) = moves.filter(|&m| m != events) {
            return Err(format!("game {id}: the board shows move {moves}, the database holds {events} events"));
        }
        let throws = loaded.events.iter().filter(|e| matches!(e, Event::Throw { .. })).count() as u64;
        if let Some(drawn) = drawn {
            if loaded.info.state != GameState::Finished || drawn != throws {
                return Err(format!(
                    "game {id}: result shows {drawn} throws drawn; database: {:?} with {throws}",
                    loaded.info.state
                ));
            }
            out.finished += 1;
        }
        out.games += 1;
        out.events += events;
    }
    let unfinished = store.unfinished_games().map_err(|e| format!("unfinished games: {e}"))?;
    if let Some(g) = unfinished.iter().find(|g| !newest.contains_key(&g.info.id.0)) {
        return Err(format!("game {} is in the database but the bot never showed it", g.info.id.0));
    }
    Ok(out)
}
