//! End-to-end: the gateway in shards. The fake recommends two shards and
//! sends each server's clicks over its own shard only, as Discord does:
//! the bot starts both (autosharding) and plays games in servers on both
//! at once; two processes running one shard each over one database play
//! their own servers' games, and one process running both shards later
//! takes up both games where they stood.

use crate::child_bot::ChildBot;
use crate::support::fake_discord::{FakeDiscord, FakeUser, GUILD_ID, StoredMessage};
use crate::support::play::{self, Progress, TempDir, WAIT};
use std::time::Duration;
use thaayam::discord::config::Shards;

/// A server on the other shard of two than [`GUILD_ID`] (the shard is the
/// id's upper bits, from bit 22, modulo the shard count).
const OTHER_SERVER: u64 = GUILD_ID + (1 << 22);
const CHANNEL_HERE: u64 = 1_300_000_000_000_000_901;
const CHANNEL_THERE: u64 = 1_300_000_000_000_000_902;

/// serenity starts shards 5 s apart: two identify within this.
const SHARDS_UP: Duration = Duration::from_secs(15);

/// The shard of a server among `count` (Discord's formula).
fn shard_of(guild: u64, count: u64) -> u32 {
    u32::try_from((guild >> 22) % count).expect("small")
}

/// Opens a two-player game in `channel` and starts it; returns its board.
async fn start_game(fake: &FakeDiscord, channel: u64, players: &[FakeUser; 2]) -> StoredMessage {
    let lobby = play::open_lobby(fake, &players[0], channel, vec![]).await;
    play::click_label(fake, &players[1], &lobby, "Join").await;
    let lobby = fake.message(lobby.id).expect("lobby");
    play::click_label(fake, &players[0], &lobby, "Start").await;
    play::live_board(fake, channel).await
}

/// Plays up to `clicks` clicks of the game in `channel` (fewer if it ends);
/// returns how many were made.
async fn play_some(fake: &FakeDiscord, channel: u64, players: &[FakeUser; 2], clicks: usize) -> usize {
    let mut made = 0;
    while made < clicks {
        match play::advance(fake, channel, players).await {
            Progress::Over => break,
            Progress::Clicked => made += 1,
            Progress::Waited => {}
        }
    }
    made
}

fn players(first: u64) -> [FakeUser; 2] {
    [FakeUser::new(first, &format!("p{first}")), FakeUser::new(first + 1, &format!("p{}", first + 1))]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_starts_the_recommended_shards_and_plays_on_each_at_once() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start_sharded(2).await;
    fake.place_channel(CHANNEL_THERE, OTHER_SERVER);
    assert_ne!(shard_of(GUILD_ID, 2), shard_of(OTHER_SERVER, 2));
    let dir = TempDir::new("shards");
    let bot = play::start_bot(&fake, &dir.0).await;
    fake.wait_sessions(2, SHARDS_UP).await;
    let mut shards = fake.shards();
    shards.sort_unstable();
    assert_eq!(shards, vec![[0, 2], [1, 2]], "as many shards as recommended");

    let (here, there) = (players(1), players(11));
    let (a, b) = tokio::join!(
        async {
            start_game(&fake, CHANNEL_HERE, &here).await;
            play_some(&fake, CHANNEL_HERE, &here, 6).await
        },
        async {
            start_game(&fake, CHANNEL_THERE, &there).await;
            play_some(&fake, CHANNEL_THERE, &there, 6).await
        },
    );
    assert!(a > 0 && b > 0, "both games were played ({a} and {b} clicks)");
    // Each server's interactions (/thaayam new, Join, Start, then its
    // clicks) went over its own shard, and only those.
    let sent = fake.shard_dispatches();
    let over = |g: u64| sent.get(&shard_of(g, 2)).copied().unwrap_or(0);
    assert_eq!(over(GUILD_ID), 3 + a as u64, "{sent:?}");
    assert_eq!(over(OTHER_SERVER), 3 + b as u64, "{sent:?}");
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn processes_running_shard_ranges_share_the_servers_and_one_database() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start_sharded(2).await;
    fake.place_channel(CHANNEL_THERE, OTHER_SERVER);
    let dir = TempDir::new("shard-ranges");
    let database = dir.0.join("thaayam.db");
    let one = |s: u32| Shards::Range { first: s, last: s, total: 2 };
    let here_bot = play::start_bot_on(&fake, &database, one(shard_of(GUILD_ID, 2))).await;
    let there_bot = play::start_bot_on(&fake, &database, one(shard_of(OTHER_SERVER, 2))).await;
    fake.wait_sessions(2, WAIT).await;

    let (here, there) = (players(1), players(11));
    start_game(&fake, CHANNEL_HERE, &here).await;
    start_game(&fake, CHANNEL_THERE, &there).await;
    let (a, b) = tokio::join!(play_some(&fake, CHANNEL_HERE, &here, 3), play_some(&fake, CHANNEL_THERE, &there, 3));
    assert!(a > 0 && b > 0, "both processes played their server's game ({a} and {b} clicks)");

    // One process takes over both shards: it resumes both games.
    here_bot.stop().await.expect("clean stop");
    there_bot.stop().await.expect("clean stop");
    assert!(fake.wait_disconnected(WAIT).await);
    let both = play::start_bot_on(&fake, &database, Shards::Range { first: 0, last: 1, total: 2 }).await;
    fake.wait_sessions(2, SHARDS_UP).await;
    for (channel, players) in [(CHANNEL_HERE, &here), (CHANNEL_THERE, &there)] {
        let seq = play::seq_of(&play::settled_board(&fake, channel).await);
        let made = play_some(&fake, channel, players, 1).await;
        let after = play::settled_board(&fake, channel).await;
        let went_on = made == 1 && play::seq_of(&after) != seq;
        assert!(went_on || play::is_over(&after), "the game in {channel} went on: {}", after.text());
    }
    fake.assert_no_violations();
    both.stop().await.expect("clean stop");
}

/// Two channels in each of the two servers (one server on each shard).
const PG_TABLES: [(u64, u64); 4] = [
    (CHANNEL_HERE, GUILD_ID),
    (CHANNEL_HERE + 10, GUILD_ID),
    (CHANNEL_THERE, OTHER_SERVER),
    (CHANNEL_THERE + 10, OTHER_SERVER),
];

/// Several machines, simulated: two bot processes, each running one shard
/// of two, on one PostgreSQL database play four games at once (two in
/// each process's server); then the process of one server dies (SIGKILL,
/// as a lost machine) while the other plays on, and the survivor takes
/// over the whole range: a bot runs the shards it is started with, so the
/// takeover is the survivor restarted with `0-1/2` (a clean stop: its
/// in-flight clicks finish). Every game goes on from the board the players
/// already have (the dead process's boards included) to its end, and the
/// database matches the boards.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_postgres_and_one_takes_over_the_others_shards() {
    let _serial = crate::support::serial().await;
    let fresh = || thaayam::lab::pg_server::shared().map(|server| server.fresh_database());
    let Some(database) = tokio::task::block_in_place(fresh) else { return };
    let url = database.to_string(); // the test server's URL has no password
    let started = std::time::Instant::now();
    let fake = FakeDiscord::start_sharded(2).await;
    for (channel, guild) in PG_TABLES {
        fake.place_channel(channel, guild);
    }
    let dir = TempDir::new("pg-shards");
    let range = |s: u32| format!("{s}-{s}/2");
    let (here_shard, there_shard) = (shard_of(GUILD_ID, 2), shard_of(OTHER_SERVER, 2));
    let here_bot = ChildBot::start_on(&fake, &url, &range(here_shard), dir.0.join("here.log"), 1).await;
    let there_bot = ChildBot::start_on(&fake, &url, &range(there_shard), dir.0.join("there.log"), 2).await;
    let mut shards = fake.shards();
    shards.sort_unstable();
    assert_eq!(shards, vec![[0, 2], [1, 2]], "one shard in each process");

    let tables: Vec<(u64, [FakeUser; 2])> =
        PG_TABLES.iter().enumerate().map(|(n, &(channel, _))| (channel, players(21 + 2 * n as u64))).collect();
    let opening = |n: usize| {
        let (fake, (channel, players)) = (&fake, &tables[n]);
        async move {
            start_game(fake, *channel, players).await;
            play_some(fake, *channel, players, 4).await
        }
    };
    let (a, b, c, d) = tokio::join!(opening(0), opening(1), opening(2), opening(3));
    assert!([a, b, c, d].iter().all(|&n| n > 0), "all four games were played at once ({a}, {b}, {c}, {d} clicks)");
    let sent = fake.shard_dispatches();
    let over = |g: u64| sent.get(&shard_of(g, 2)).copied().unwrap_or(0);
    assert_eq!(over(GUILD_ID), 6 + (a + b) as u64, "each server's clicks over its own shard: {sent:?}");
    assert_eq!(over(OTHER_SERVER), 6 + (c + d) as u64, "each server's clicks over its own shard: {sent:?}");

    // The first process's machine is lost; the other plays on meanwhile.
    let boards: Vec<StoredMessage> = {
        let mut boards = Vec::new();
        for (channel, _) in &tables[..2] {
            boards.push(play::settled_board(&fake, *channel).await);
        }
        boards
    };
    here_bot.kill_leaving(&fake, 1).await;
    let lost = std::time::Instant::now();
    let (e, f) =
        tokio::join!(play_some(&fake, tables[2].0, &tables[2].1, 2), play_some(&fake, tables[3].0, &tables[3].1, 2));
    assert!(e + f > 0, "the surviving process plays on alone ({e} and {f} clicks)");

    // The survivor takes over the whole range.
    there_bot.stop_leaving(&fake, 0).await;
    let restarted = std::time::Instant::now();
    let whole = ChildBot::start_on(&fake, &url, "0-1/2", dir.0.join("whole.log"), 2).await;
    let (takeover, gap) = (restarted.elapsed(), lost.elapsed());

    // The dead process's games go on from the boards it posted.
    for ((channel, players), before) in tables[..2].iter().zip(&boards) {
        assert_eq!(play::board(&fake, *channel).id, before.id, "no new board was posted in {channel} at the takeover");
        assert!(play::to_act(before, players).is_some(), "a human is to act: {}", before.text());
        assert_eq!(play::advance(&fake, *channel, players).await, Progress::Clicked);
        let after = fake.message(before.id).expect("board");
        assert!(after.version > before.version, "the old board in {channel} went on: {}", after.text());
    }
    let ending = |n: usize| {
        let (fake, (channel, players)) = (&fake, &tables[n]);
        async move { play::play_to_end(fake, *channel, players, 4000).await.1 }
    };
    let ends = tokio::join!(ending(0), ending(1), ending(2), ending(3));
    fake.assert_no_violations();
    whole.stop_leaving(&fake, 0).await;
    let check = tokio::task::block_in_place(|| crate::support::store_check::compare_database(&fake, &database));
    let check = check.expect("the database matches the boards");
    assert_eq!((check.games, check.finished), (4, 4), "{check:?}");
    eprintln!(
        "two processes on PostgreSQL: 4 games ({a}, {b} clicks in the first process, {c}, {d} in the second); the \
         second played {} clicks alone after the first was killed; takeover (survivor stopped, restarted with \
         0-1/2, both shards identified) {:.1} s, the first process's shard unserved {:.1} s; 2 games resumed from \
         the dead process's boards; {:?} clicks to the ends; {:.1} s in all",
        e + f,
        takeover.as_secs_f64(),
        gap.as_secs_f64(),
        ends,
        started.elapsed().as_secs_f64()
    );
}
