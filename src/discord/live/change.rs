//! One change of a game under its lock: apply it through the session
//! layer, save it in the store, and put the table back exactly as it was
//! if the save fails, so what players see is always what is saved. A game
//! that the store has moved on (another process) or closed is reloaded.

use super::data::Data;
use super::ids;
use super::persist;
use super::running::{Reach, Running};
use crate::discord::game::intent::{Actor, Intent, Refusal};
use crate::discord::game::notes::Notes;
use crate::discord::game::session;
use crate::discord::game::table::{Stage, Table};
use crate::discord::view::presenter::Outro;
use crate::store::{StoreError, Timestamp};

/// Runs `f` on the game's table and saves what it changed (nothing is
/// written if nothing changed). A finished game comes back with its rating
/// lines.
pub(crate) async fn change<T>(
    data: &Data,
    running: &mut Running,
    f: impl FnOnce(&mut Table) -> T,
) -> Result<(T, Outro), Refusal> {
    // Time away does not apply inside a tournament.
    let tournament = data.tournaments.holds(running.table.id);
    let days = if tournament { 0 } else { data.servers.get(&data.store, running.table.venue).await.away_days() };
    super::away::fill(&data.aways, days, &mut running.table, super::unix_now());
    let before = running.table.clone();
    let out = f(&mut running.table);
    match persist::save(&data.store, running).await {
        Ok(changes) => {
            let table = &running.table;
            data.hub.saved(table);
            if table.stage == Stage::Finished && before.stage != Stage::Finished {
                data.metrics.game_finished(table.ruleset.variant);
            }
            if tournament && !table.is_open() && before.is_open() {
                // The runner writes the table's result and the standings.
                data.tournaments.ring();
            }
            Ok((out, persist::outro(&changes)))
        }
        Err(StoreError::Stale { current }) => {
            tracing::warn!("game {} moved on to action {current} elsewhere; reloading it", before.id);
            running.table = before;
            reload(data, running).await;
            Err(Refusal::Stale)
        }
        Err(e @ (StoreError::WrongState { .. } | StoreError::NoSuchGame(_))) => {
            tracing::warn!("game {} is over in the store ({e}); closing it here", before.id);
            running.table = before;
            reload(data, running).await;
            Err(Refusal::Closed)
        }
        Err(e) => {
            tracing::error!("could not save game {}: {e}", before.id);
            running.table = before;
            // A save still under way may yet be written: then the next
            // save is refused as stale and reloads the game.
            let unsure = matches!(e, StoreError::Late { under_way: true, .. } | StoreError::InDoubt { .. });
            Err(if unsure { Refusal::Unsure } else { Refusal::Unsaved })
        }
    }
}

/// [`change`] for a session intent: a refusal and a failed save are one error.
pub(crate) async fn apply_intent(
    data: &Data,
    running: &mut Running,
    f: impl FnOnce(&mut Table) -> Result<Notes, Refusal>,
) -> Result<(Notes, Outro), Refusal> {
    let (notes, outro) = change(data, running, f).await?;
    Ok((notes?, outro))
}

/// A player's use of a control of the board: what a click on the board's
/// menu or buttons, or a move sent by the Activity, asks of the game.
pub(crate) struct BoardMove {
    pub(crate) actor: Actor,
    /// Her name in Discord now, kept by the table for the story and pages.
    pub(crate) name: String,
    pub(crate) intent: Intent,
    /// The counter of the board she used (a stale one is refused).
    pub(crate) seq: u32,
    pub(crate) now: i64,
}

/// The one path of a move made on the board, by a click or by the
/// Activity: the session's `handle_click` (computers played within it
/// where the bot is reached by clicks only), her name kept, the change
/// saved, or why nothing changed.
pub(crate) async fn apply_click(data: &Data, running: &mut Running, m: BoardMove) -> Result<(Notes, Outro), Refusal> {
    let by_clicks = running.post.reach == Reach::Interactions;
    let BoardMove { actor, name, intent, seq, now } = m;
    apply_intent(data, running, |t| {
        let notes = session::handle_click(t, actor, intent, seq, now, by_clicks, &think)?;
        if t.humans().contains(&actor.user) {
            t.names.insert(actor.user, name);
        }
        Ok(notes)
    })
    .await
}

/// Runs a computer's search: harder levels search for a while, and the
/// runtime's other tasks move on meanwhile (only a multi-threaded runtime
/// can hand them over).
pub(crate) fn think(step: &mut dyn FnMut() -> Option<Notes>) -> Option<Notes> {
    let multi = tokio::runtime::Handle::try_current()
        .is_ok_and(|h| h.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread);
    if multi { tokio::task::block_in_place(step) } else { step() }
}

/// Saves a change that is not an action (the board message moved, a
/// reminder was sent); a failure is only logged.
///
/// Returns whether the table is saved (false: the save failed, and the
/// caller's computer task retries it).
pub(crate) async fn remember(data: &Data, running: &mut Running) -> bool {
    // A closed game was saved for the last time with its final change;
    // only where its end is shown may still move (the result is a new
    // message).
    if !running.table.is_open() {
        return remember_closed(data, running).await;
    }
    match persist::save(&data.store, running).await {
        Ok(_) => true,
        Err(e) => {
            tracing::warn!("could not save the board message of game {}: {e}", running.table.id);
            false
        }
    }
}

/// Saves where a closed game's end is shown, once it moved: a failure is
/// only logged (start-up then reads the old board, as before).
async fn remember_closed(data: &Data, running: &mut Running) -> bool {
    let Some(board) = running.post.board else { return true };
    if running.stored.as_ref().is_some_and(|s| s.closed_board == Some(board.message)) {
        return true;
    }
    let id = ids::game(&running.table);
    let noted = data
        .store
        .call_within(persist::SAVE_DEADLINE, move |s| {
            s.set_closed_board(id, board.message.get(), Timestamp(board.posted_at))
        })
        .await;
    match noted {
        Ok(()) => {
            running.stored.get_or_insert_with(Default::default).closed_board = Some(board.message);
            true
        }
        Err(e) => {
            tracing::warn!("could not save where the end of game {id} is shown: {e}");
            false
        }
    }
}

/// Replaces the game by the store's version (another process changed it).
async fn reload(data: &Data, running: &mut Running) {
    let id = ids::game(&running.table);
    match data.store.call_within(persist::SAVE_DEADLINE, move |s| s.live_game(id)).await {
        Ok(Some(live)) => match persist::from_live(live) {
            Ok(fresh) => *running = fresh,
            Err(e) => tracing::error!("cannot reload: {e}"),
        },
        // Closed in the store: by another process, or by a save of ours
        // whose answer was lost (the database went away after writing it).
        // Its end, as stored, replaces the table (where its board is
        // stays), so that the caller can show it; the registry lets it go.
        Ok(None) => {
            match super::lookup::closed(data, id.into(), persist::SAVE_DEADLINE).await {
                Ok(Some(closed)) => running.table = closed.table,
                Ok(None) => {}
                Err(e) => tracing::error!("cannot read the end of game {id}: {e}"),
            }
            if running.table.is_open() {
                running.table.stage = Stage::Ended;
            }
            data.hub.saved(&running.table);
        }
        Err(e) => tracing::error!("cannot reload game {id}: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::game::ids::UserId;
    use crate::discord::game::intent::{Actor, Intent};
    use crate::discord::game::session;
    use crate::discord::live::testing::{data, lobby};
    use crate::store::Store;

    fn join(user: UserId) -> impl FnOnce(&mut Table) -> Result<Notes, Refusal> {
        move |t| session::handle(t, Actor { user, moderator: false }, Intent::Join, None, 0)
    }

    #[tokio::test]
    async fn a_change_is_saved_before_it_counts() {
        let data = data(Store::open_in_memory().expect("store"));
        let mut r = lobby(&data).await;
        let (notes, _) = change(&data, &mut r, join(UserId(11))).await.expect("saved");
        assert!(notes.is_ok());
        let id: crate::store::GameId = r.table.id.into();
        let live = data.store.call(move |s| s.live_game(id)).await.expect("read").expect("live");
        assert_eq!(persist::from_live(live).expect("loads").table.lineup, r.table.lineup);
    }

    #[tokio::test]
    async fn a_game_ended_behind_the_bots_back_is_closed_not_saved() {
        let data = data(Store::open_in_memory().expect("store"));
        let mut r = lobby(&data).await;
        let id: crate::store::GameId = r.table.id.into();
        // The database ends the game behind the bot's back: the save fails.
        data.store.call(move |s| s.abandon(id, None)).await.expect("abandon");
        let lineup = r.table.lineup.clone();
        let err = change(&data, &mut r, join(UserId(11))).await.expect_err("not saved");
        assert_eq!(err, Refusal::Closed);
        assert_eq!(r.table.lineup, lineup, "what players see is what is saved");
        assert!(!r.table.is_open(), "the game is over here too");
    }

    #[tokio::test]
    async fn a_change_made_elsewhere_reloads_the_table_and_answers_stale() {
        let data = data(Store::open_in_memory().expect("store"));
        let mut r = lobby(&data).await;
        let mut elsewhere = r.clone();
        let actor = Actor { user: UserId(12), moderator: false };
        session::handle(&mut elsewhere.table, actor, Intent::Join, None, 0).expect("join");
        data.store.call(move |s| persist::save_sync(s, &mut elsewhere)).await.expect("other process saves");
        let err = change(&data, &mut r, join(UserId(11))).await.expect_err("stale");
        assert_eq!(err, Refusal::Stale);
        assert!(r.table.humans().contains(&UserId(12)), "the other process's change is loaded");
        assert!(!r.table.humans().contains(&UserId(11)));
    }

    /// A lobby on an SQLite file (in a new folder named `name`) whose
    /// store waits `busy` for a lock, and a second connection holding the
    /// write lock, as another process would.
    async fn locked(
        name: &str,
        busy: std::time::Duration,
    ) -> (Data, Running, rusqlite::Connection, std::path::PathBuf) {
        let dir = std::env::temp_dir().join(format!("thaayam-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("game.db");
        let store = Store::open(&path).expect("open").with_busy_timeout(busy);
        let data = data(store.expect("busy timeout"));
        let r = lobby(&data).await;
        let other = rusqlite::Connection::open(&path).expect("second connection");
        other.execute_batch("BEGIN IMMEDIATE").expect("the other process holds the write lock");
        (data, r, other, dir)
    }

    #[tokio::test]
    async fn a_database_locked_by_another_process_answers_within_the_wait() {
        let (data, mut r, other, dir) = locked("lock", std::time::Duration::from_millis(200)).await;
        let started = std::time::Instant::now();
        let err = change(&data, &mut r, join(UserId(11))).await.expect_err("locked");
        assert_eq!(err, Refusal::Unsaved);
        assert!(r.table.humans() == vec![UserId(10)], "nothing changed");
        other.execute_batch("ROLLBACK").expect("release");
        assert!(started.elapsed() < std::time::Duration::from_secs(3), "answered in time");
        change(&data, &mut r, join(UserId(11))).await.expect("saved once the lock is gone").0.expect("joined");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A save that waits for another process's lock past its deadline and
    /// the grace is answered "may or may not have been saved"; once the
    /// lock is gone it is written after all, and the next change finds
    /// the game moved on and reloads it.
    #[tokio::test]
    async fn a_save_under_way_past_its_deadline_is_answered_unsure_and_found_later() {
        let (data, mut r, other, dir) = locked("unsure", std::time::Duration::from_secs(10)).await;
        let started = std::time::Instant::now();
        let err = change(&data, &mut r, join(UserId(11))).await.expect_err("not in time");
        let waited = started.elapsed();
        assert_eq!(err, Refusal::Unsure);
        assert!(waited < std::time::Duration::from_secs(3), "answered inside Discord's 3 s: {waited:?}");
        assert_eq!(r.table.humans(), vec![UserId(10)], "the table here is as before");
        other.execute_batch("ROLLBACK").expect("release");
        data.store.call(|_| Ok(())).await.expect("the slow save is over");
        let err = change(&data, &mut r, join(UserId(12))).await.expect_err("the join was written after all");
        assert_eq!(err, Refusal::Stale);
        assert!(r.table.humans().contains(&UserId(11)), "reloaded with the late save: {:?}", r.table.humans());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
