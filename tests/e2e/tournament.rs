//! End-to-end: a Swiss the bot runs itself. Seven entrants at tables of
//! three over three rounds (tables of 3, 2 and 2, then 3 and 3), each
//! table a game of the bot in a thread of its own under the tournament's
//! channel; one entrant never plays: a computer takes her seat at her
//! first table (she scores it last) and her second no-show withdraws her.
//! The bot restarts in the middle of round 2: its tables play on with
//! their old boards and nothing is paired twice. The standings message is
//! edited after every game, and the podium is posted once, pinging the
//! entrants. (The tournament and its check-ins are written in the store
//! directly, until `/thaayam tournament new` is in.)

use crate::support::fake_discord::{FakeDiscord, FakeUser, GUILD_ID, StoredMessage};
use crate::support::play::{self, Progress, TempDir, WAIT};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use thaayam::discord::config::Shards;
use thaayam::engine::{Ruleset, Variant};
use thaayam::store::{NewTournament, Store};

const CHANNEL: u64 = 1_300_000_000_000_000_581;
const NAME: &str = "Friday Swiss";
/// The entrant who never plays.
const NO_SHOW: u64 = 7;
/// The tournament's turn time: her first turn runs out within it.
const TURN_SECS: i64 = 4;

fn user(n: u64) -> FakeUser {
    FakeUser::new(n, &format!("player{n}"))
}

/// The Swiss of this test (the arena's test starts from it too).
pub(crate) fn setup(now: i64) -> NewTournament {
    NewTournament {
        guild: GUILD_ID,
        channel: CHANNEL,
        organiser: user(1).id,
        name: NAME.to_string(),
        variant: "bell".to_string(),
        ruleset: serde_json::to_string(&Ruleset::new(Variant::Bell)).expect("json"),
        format: "swiss".to_string(),
        table_size: 3,
        rounds: 3,
        round_secs: 3600,
        turn_timeout_secs: TURN_SECS,
        starts_at: now,
        late_join_rounds: 0,
        streak_bonus: false,
        created_at: now,
    }
}

/// The tables' threads of round `round`, once all `count` are open.
async fn threads(fake: &FakeDiscord, round: u32, count: usize) -> Vec<u64> {
    let tag = format!("· round {round} ·");
    let deadline = Instant::now() + WAIT;
    loop {
        let found: Vec<u64> = fake.threads().into_iter().filter(|t| t.name.contains(&tag)).map(|t| t.id).collect();
        let boards = found.iter().filter(|&&t| fake.messages(t).len() >= 2).count();
        if found.len() >= count && boards >= count {
            assert_eq!(found.len(), count, "round {round} has {count} tables: {:?}", fake.threads());
            return found;
        }
        assert!(Instant::now() < deadline, "round {round}'s tables did not open: {}", fake.summary());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The standings message of the tournament's channel.
fn standings(fake: &FakeDiscord) -> Option<StoredMessage> {
    fake.messages(CHANNEL).into_iter().find(|m| m.embed_text().contains(&format!("{NAME}: standings")))
}

/// The games counted in the standings (the sum of every line's games).
fn games_counted(m: &StoredMessage) -> usize {
    let text = m.embed_text();
    // "1 game", "2 games": the number before each.
    text.split(" game").filter_map(|before| before.rsplit(' ').next()?.parse::<usize>().ok()).sum()
}

/// Waits until the standings message shows `what`.
async fn wait_standings(fake: &FakeDiscord, what: &str, pred: impl Fn(&StoredMessage) -> bool) -> StoredMessage {
    let deadline = Instant::now() + WAIT;
    loop {
        if let Some(m) = standings(fake).filter(|m| pred(m)) {
            return m;
        }
        assert!(Instant::now() < deadline, "the standings do not show {what}: {:?}", standings(fake).map(|m| m.text()));
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits until the standings count at least `seats` seats of games played.
async fn standings_count(fake: &FakeDiscord, seats: usize) -> StoredMessage {
    wait_standings(fake, &format!("{seats} seats played"), |m| games_counted(m) >= seats).await
}

/// The players a table's opening message pinged.
fn seated(fake: &FakeDiscord, thread: u64) -> usize {
    fake.messages(thread).first().map_or(0, |m| m.notified.len())
}

/// Plays the tables of `threads` at once, each for `steps` steps or to
/// its end (`None`); after each game the standings must count it.
async fn play(
    fake: &FakeDiscord,
    threads: &[u64],
    players: &[FakeUser],
    steps: Option<usize>,
    done: &Arc<AtomicUsize>,
) {
    let tables = threads.iter().map(|&thread| {
        let done = done.clone();
        async move {
            for _ in 0..steps.unwrap_or(5000) {
                if play::advance(fake, thread, players).await == Progress::Over {
                    let seats = done.fetch_add(seated(fake, thread), Ordering::SeqCst) + seated(fake, thread);
                    standings_count(fake, seats).await;
                    return;
                }
            }
            assert!(steps.is_some(), "the game of thread {thread} did not end");
        }
    });
    futures_util::future::join_all(tables).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_of_seven_at_tables_of_three_plays_to_its_podium() {
    let _serial = crate::support::serial().await;
    let started = Instant::now();
    let dir = TempDir::new("tournament");
    let db = dir.0.join("thaayam.db");
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("clock").as_secs() as i64;
    let id = {
        let mut store = Store::open(&db).expect("store");
        let id = store.create_tournament(&setup(now)).expect("tournament");
        for n in 1..=7 {
            assert!(store.join_tournament(id, user(n).id, 1500 - n as i64, now).expect("join"));
            assert!(store.check_in(id, user(n).id).expect("check in"));
        }
        id
    };
    let fake = FakeDiscord::start().await;
    let mut config = play::config(&db, Shards::Auto);
    config.notify_after = 2; // the ticker looks every second
    let bot = play::start_bot_with(&fake, config.clone()).await;
    let players: Vec<FakeUser> = (1..=6).map(user).collect();
    let done = Arc::new(AtomicUsize::new(0));

    let round1 = threads(&fake, 1, 3).await;
    play(&fake, &round1, &players, None, &done).await;
    assert_eq!(done.load(Ordering::SeqCst), 7, "every entrant played round 1");
    wait_standings(&fake, "round 1 closed", |m| m.embed_text().contains("After round 1 of 3")).await;

    // Round 2: a few steps, a restart, then on with the old boards.
    let round2 = threads(&fake, 2, 3).await;
    play(&fake, &round2, &players, Some(4), &done).await;
    bot.stop().await.expect("clean stop");
    assert!(fake.wait_disconnected(WAIT).await, "the old bot left");
    let bot = play::start_bot_with(&fake, config).await;
    play(&fake, &round2, &players, None, &done).await;
    assert_eq!(done.load(Ordering::SeqCst), 14);

    // Round 3: the no-show withdrawn after her second, six play.
    let round3 = threads(&fake, 3, 2).await;
    play(&fake, &round3, &players, None, &done).await;
    assert_eq!(done.load(Ordering::SeqCst), 20);

    let podium = fake
        .wait_for_channel_message(CHANNEL, |m| m.content().contains("is over. The podium"), WAIT)
        .await
        .expect("the podium");
    assert!(podium.content().contains("🥇"), "{}", podium.content());
    let mut pinged = podium.notified.clone();
    pinged.sort_unstable();
    pinged.dedup();
    assert_eq!(pinged, (1..=7).map(|n| user(n).id).collect::<Vec<_>>(), "the podium pings every entrant");
    let last = wait_standings(&fake, "the final", |m| m.embed_text().contains("Final, after 3 rounds")).await;
    let no_show = format!("<@{}>", user(NO_SHOW).id);
    let her_line = last.embed_text().lines().find(|l| l.contains(&no_show)).map(str::to_string).unwrap_or_default();
    assert!(her_line.contains("withdrawn") && her_line.contains("**0** points"), "{her_line}");
    tokio::time::sleep(Duration::from_secs(3)).await; // the runner looks again
    let podiums = fake.messages(CHANNEL).iter().filter(|m| m.content().contains("The podium")).count();
    assert_eq!(podiums, 1, "the podium is posted once");
    assert_eq!(fake.threads().len(), 8, "3 + 3 + 2 tables, none paired twice");
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");

    let store = Store::open(&db).expect("store");
    let t = store.tournament(id).expect("read").expect("there");
    assert_eq!(t.state, "finished");
    let entrants = store.tournament_entrants(id).expect("entrants");
    let her = entrants.iter().find(|e| e.user == user(NO_SHOW).id).expect("her");
    assert_eq!((her.no_shows, her.withdrawn_at.is_some()), (2, true), "{her:?}");
    let tables = store.tournament_tables(id).expect("tables");
    assert!(tables.iter().all(|t| t.finished_at.is_some() && t.game.is_some()), "{tables:?}");
    assert!(store.tournament_problems().expect("check").is_empty());
    eprintln!("tournament e2e: {:?}", started.elapsed());
}
