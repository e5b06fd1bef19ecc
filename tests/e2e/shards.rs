//! End-to-end: the gateway in shards. The fake recommends two shards and
//! sends each server's clicks over its own shard only, as Discord does:
//! the bot starts both (autosharding) and plays games in servers on both
//! at once; two processes running one shard each over one database play
//! their own servers' games, and one process running both shards later
//! takes up both games where they stood.

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
