//! `thaayam-lab store-crash-worker --db PATH|URL`: plays games through the
//! bot's own code and write path until killed, so that a test can kill it
//! at random moments and check that every acknowledged save survived.
//!
//! Every change is one the bot makes: clicks of scripted humans
//! (`script::next_intent`) and lobby clicks through `session::handle`,
//! computer steps, turn timeouts, half-time reminders, a re-posted board
//! message, the host ending a game, a player resigning. Each is saved with
//! `persist::save_sync` (the same `Store::save_live` as the bot's
//! `persist::save`); games are opened as `/thaayam new` opens them. On
//! start the worker resumes the open games as the bot's start-up does
//! (`Store::live_games`, `persist::from_live`), but fails where the bot
//! would log and skip a game.
//!
//! Lines on stdout, each flushed at once: before a save,
//! `save <game> <seq> <state> <events> <table sha> <log sha>` (what the
//! store holds if the save commits: the state as the store names it, the
//! number of events, the SHA-256 hex of the table's JSON, `-` once the game
//! is over and the store drops it, and of the log's JSON); after the save
//! returned, `ok`.

use super::tables;
use crate::dice::new_seed;
use crate::discord::game::computer::Level;
use crate::discord::game::ids::{ChannelId, GuildId, MessageId, UserId, Venue};
use crate::discord::game::intent::Intent;
use crate::discord::game::session;
use crate::discord::game::table::NewGame;
use crate::discord::game::table::{Player, Stage, Table};
use crate::discord::live::persist;
use crate::discord::live::running::{BoardMessage, Running};
use crate::engine::{Ruleset, Variant};
use crate::store::{Store, Timestamp};
use rand::RngExt;
use sha2::{Digest, Sha256};
use std::io::Write;
use std::path::Path;

/// Games played at once.
const POOL: usize = 8;
/// Channels games open in: few more than the pool, so that a game a killed
/// run created but never saved blocks a channel a later run opens a game in.
const CHANNELS: u64 = 12;
const TURN_TIMEOUT: u64 = 60;

/// Runs until killed (or until `max_saves` saves, if given).
pub fn run(db: &Path, max_saves: Option<u64>) -> Result<(), String> {
    // A path is an SQLite file; a postgres:// URL a PostgreSQL database.
    let database = crate::store::Database::parse(&db.to_string_lossy())?;
    let mut store = Store::open_database(&database).map_err(|e| e.to_string())?;
    let mut pool = resume(&store)?;
    let mut rng = rand::rng();
    let mut out = std::io::stdout().lock();
    let mut saves = 0u64;
    while max_saves.is_none_or(|m| saves < m) {
        if pool.len() < POOL {
            let mut table = open(&mut store, &pool, &mut rng)?;
            save(&mut store, &mut table, &mut out)?;
            pool.push(table);
        } else {
            let i = rng.random_range(0..pool.len());
            if !change(&mut pool[i], &mut rng)? {
                continue;
            }
            save(&mut store, &mut pool[i], &mut out)?;
            if !pool[i].table.is_open() {
                pool.swap_remove(i);
            }
        }
        saves += 1;
    }
    Ok(())
}

/// The open games, as the bot's start-up loads them.
fn resume(store: &Store) -> Result<Vec<Running>, String> {
    let games = store.live_games().map_err(|e| e.to_string())?;
    games.into_iter().map(persist::from_live).collect()
}

/// A new lobby in a channel none of the pool's games is in.
fn open(store: &mut Store, pool: &[Running], rng: &mut impl rand::Rng) -> Result<Running, String> {
    let free: Vec<ChannelId> =
        (1..=CHANNELS).map(ChannelId).filter(|c| pool.iter().all(|r| r.table.channel != *c)).collect();
    let channel = free.get(rng.random_range(0..free.len().max(1))).copied().ok_or("no free channel")?;
    let new = NewGame {
        venue: Venue::Server(GuildId(1)),
        channel,
        host: UserId(1000 + rng.random_range(0..20)),
        ruleset: Ruleset::new(Variant::ALL[rng.random_range(0..Variant::ALL.len())]),
        players: rng.random_range(2..=4),
        turn_timeout: TURN_TIMEOUT,
        moderators_end: false,
        practice: false,
    };
    tables::create(store, new, new_seed()).map_err(|e| format!("create a game in channel {channel}: {e}"))
}

/// One change of an open game; `false` when nothing changed.
fn change(r: &mut Running, rng: &mut impl rand::Rng) -> Result<bool, String> {
    let now = Timestamp::now().as_secs();
    let t = &mut r.table;
    match t.stage {
        Stage::Lobby => lobby_click(t, rng, now).map(|_| true),
        Stage::Playing => {
            let Some(user) = t.human_to_act() else { return tables::play(t, now).map(|_| true) };
            let deadline = t.deadline.ok_or_else(|| format!("game {}: a human to act without deadline", t.id))?;
            match rng.random_range(0..400) {
                0..8 => Ok(session::timeout(t, deadline).is_some()),
                8..16 => Ok(session::reminder_due(t, deadline).is_some()),
                16..24 => {
                    r.post.board =
                        Some(BoardMessage { message: MessageId(rng.random_range(1..1u64 << 62)), posted_at: now });
                    Ok(true)
                }
                24 => tables::click(t, t.host, Intent::End, now).map(|_| true),
                25 => tables::click(t, user, Intent::Resign, now).map(|_| true),
                _ => tables::play(t, now).map(|_| true),
            }
        }
        Stage::Finished | Stage::Ended => Err(format!("game {} is over but still in the pool", t.id)),
    }
}

/// Fills the lobby with humans and computers, a player sometimes leaving
/// again, and starts it; now and then the host cancels it instead.
fn lobby_click(t: &mut Table, rng: &mut impl rand::Rng, now: i64) -> Result<(), String> {
    let seated: Vec<UserId> = t.humans();
    let r = rng.random_range(0..100);
    if r < 2 {
        return tables::click(t, t.host, Intent::Cancel, now).map(drop);
    }
    if r < 10
        && let Some(&user) = seated.get(rng.random_range(0..seated.len().max(1)))
    {
        return tables::click(t, user, Intent::Leave, now).map(drop);
    }
    if t.lineup.len() >= usize::from(t.players) {
        return tables::click(t, t.host, Intent::Start, now).map(drop);
    }
    if r < 40 {
        let user = (2000..2020).map(UserId).find(|u| !t.lineup.contains(&Player::Human(*u))).unwrap_or(UserId(2020));

        tables::click(t, user, Intent::Join, now).map(drop)
    } else {
        let level = if r < 70 { Level::Random } else { Level::Easy };
        tables::click(t, t.host, Intent::AddComputer(level), now).map(drop)
    }
}

/// Announces the save, makes it as the bot does, and acknowledges it.
fn save(store: &mut Store, r: &mut Running, out: &mut impl Write) -> Result<(), String> {
    let json = crate::discord::live::saved::to_json(r)?;
    let t = &r.table;
    let log = serde_json::to_string(&t.events).map_err(|e| e.to_string())?;
    let (state, kept) = match t.stage {
        Stage::Lobby => ("lobby", true),
        Stage::Playing => ("playing", true),
        Stage::Finished => ("finished", false),
        Stage::Ended => ("abandoned", false),
    };
    let table_sha = if kept { sha(&json) } else { "-".to_string() };
    let line = format!("save {} {} {state} {} {table_sha} {}", t.id, t.seq, t.events.len(), sha(&log));
    writeln!(out, "{line}").and_then(|()| out.flush()).map_err(|e| e.to_string())?;
    let id = t.id;
    persist::save_sync(store, r).map_err(|e| format!("game {id}: {e}"))?;
    if r.stored.as_ref().map(|s| s.json.as_str()) != Some(json.as_str()) {
        return Err(format!("game {id}: the store got another JSON than announced"));
    }
    writeln!(out, "ok").and_then(|()| out.flush()).map_err(|e| e.to_string())
}

fn sha(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}
