//! End-to-end: the bot is stopped in the middle of a game and a new bot is
//! started on the same database against the same fake Discord; the players
//! go on clicking the buttons of the board message the old bot posted, to
//! the end of the game, and the database matches what the boards showed,
//! on an SQLite file and on PostgreSQL.

use crate::support::fake_discord::{FakeDiscord, FakeUser, Hold};
use crate::support::play::{self, Progress, TempDir, WAIT};
use crate::support::store_check;
use thaayam::discord::config::Shards;
use thaayam::store::Database;

const CHANNEL: u64 = 1_300_000_000_000_000_301;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_goes_on_after_a_restart_with_the_old_buttons() {
    let dir = TempDir::new("restart");
    restart_in_a_game(Database::Sqlite(dir.0.join("thaayam.db"))).await;
}

/// The same on PostgreSQL: the bot does not know which database it runs on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_goes_on_after_a_restart_on_postgres() {
    // The server's and the store's clients block: not on a runtime thread.
    let fresh = || thaayam::lab::pg_server::shared().map(|server| server.fresh_database());
    let Some(database) = tokio::task::block_in_place(fresh) else { return };
    restart_in_a_game(database).await;
}

async fn restart_in_a_game(database: Database) {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let start = |fake| play::start_bot_with(fake, play::config_on(database.clone(), Shards::Auto));
    let bot = start(&fake).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    let lobby = play::open_lobby(&fake, &alice, CHANNEL, vec![]).await;
    play::click_label(&fake, &bob, &lobby, "Join").await;
    let lobby = fake.message(lobby.id).expect("lobby");
    play::click_label(&fake, &alice, &lobby, "Start").await;
    let players = [alice.clone(), bob.clone()];
    let mut clicks = 0;
    while clicks < 12 {
        match play::advance(&fake, CHANNEL, &players).await {
            Progress::Over => panic!("the game ended before the restart"),
            Progress::Clicked => clicks += 1,
            Progress::Waited => {}
        }
    }
    let before = play::settled_board(&fake, CHANNEL).await;
    assert!(!before.components().is_empty(), "the board has controls: {}", before.text());

    bot.stop().await.expect("clean stop");
    assert!(fake.wait_disconnected(WAIT).await, "the old bot left the gateway");
    let bot = start(&fake).await;
    assert_eq!(fake.gateway_counts().0, 2, "the new bot identified afresh");

    // The first click after the restart uses the old bot's board message.
    assert_eq!(play::board(&fake, CHANNEL).id, before.id, "no new board was posted at start-up");
    assert!(play::to_act(&before, &players).is_some(), "a human is to act: {}", before.text());
    assert_eq!(play::advance(&fake, CHANNEL, &players).await, Progress::Clicked);
    let after = fake.message(before.id).expect("board");
    assert!(after.version > before.version, "the new bot updated the old message: {}", after.text());
    assert_eq!(play::board(&fake, CHANNEL).id, before.id, "updated in place, not re-posted");

    let (last, _) = play::play_to_end(&fake, CHANNEL, &players, 4000).await;
    assert!(last.embed_text().contains("1. "), "places are listed: {}", last.embed_text());
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
    let check = tokio::task::block_in_place(|| store_check::compare_database(&fake, &database));
    let check = check.expect("the database matches the boards");
    assert_eq!((check.games, check.finished), (1, 1), "{check:?}");
}

/// Start-up reads only the boards that may be behind their games: after a
/// clean stop every open game's board shows its game, and the store knows
/// it, so the first board the new bot reads is that of the game that ended
/// just before the stop (checked after the open games).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_reads_no_board_that_shows_its_game() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("restart-reads");
    let bot = play::start_bot(&fake, &dir.0).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    let players = [alice.clone(), bob.clone()];
    let playing = [CHANNEL + 1, CHANNEL + 2];
    for channel in playing {
        play::start_two(&fake, &alice, &bob, channel).await;
        for _ in 0..3 {
            play::advance(&fake, channel, &players).await;
        }
    }
    let lobby = CHANNEL + 3;
    play::open_lobby(&fake, &alice, lobby, vec![]).await;
    let ended = CHANNEL + 4;
    play::start_two(&fake, &alice, &bob, ended).await;
    let (kind, text) = play::answer(&fake, fake.send_slash(&alice, ended, "thaayam", "end", vec![]).await).await;
    assert_eq!(kind, 4, "the host ends the game: {text}");
    let mut open_boards = Vec::new();
    for channel in [playing[0], playing[1], lobby] {
        open_boards.push(play::settled_board(&fake, channel).await.id);
    }
    bot.stop().await.expect("clean stop");
    assert!(fake.wait_disconnected(WAIT).await, "the old bot left the gateway");

    fake.hold(Hold::MessageReads);
    let bot = play::start_bot(&fake, &dir.0).await;
    let first = fake.wait_nth_held(Hold::MessageReads, 1, WAIT).await.expect("start-up reads the ended game's board");
    let read = first["message"].as_u64().expect("a message id");
    assert!(!open_boards.contains(&read), "start-up read board {read} of an open game that it showed before the stop");
    fake.release(Hold::MessageReads);

    // The games go on from the boards the old bot posted.
    assert_eq!(play::advance(&fake, playing[0], &players).await, Progress::Clicked);
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}

/// After `/thaayam end`, a restart within the minutes start-up looks back
/// leaves the channel as it was: the result is shown once, no record or
/// old board becomes a second copy of it, and nothing is posted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_after_an_end_leaves_the_result_shown_once() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("restart-after-end");
    let bot = play::start_bot(&fake, &dir.0).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    let players = [alice.clone(), bob.clone()];
    let channel = CHANNEL + 5;
    play::start_two(&fake, &alice, &bob, channel).await;
    for _ in 0..4 {
        play::advance(&fake, channel, &players).await;
    }
    let (kind, text) = play::answer(&fake, fake.send_slash(&alice, channel, "thaayam", "end", vec![]).await).await;
    assert_eq!(kind, 4, "the host ends the game: {text}");
    let shown = |fake: &FakeDiscord| -> Vec<(u64, u32, String)> {
        fake.messages(channel).iter().map(|m| (m.id, m.version, m.text())).collect()
    };
    let ended = |fake: &FakeDiscord| shown(fake).iter().filter(|(_, _, t)| t.contains("ended")).count();
    let before = shown(&fake);
    assert_eq!(ended(&fake), 1, "one message tells the end: {}", fake.summary());
    bot.stop().await.expect("clean stop");
    assert!(fake.wait_disconnected(WAIT).await, "the old bot left the gateway");

    fake.hold(Hold::MessageReads);
    let bot = play::start_bot(&fake, &dir.0).await;
    fake.wait_nth_held(Hold::MessageReads, 1, WAIT).await.expect("start-up reads the ended game's board");
    fake.release(Hold::MessageReads);
    // Start-up is done with the closed game once a new lobby elsewhere is
    // answered after it (the reconciliation runs before the bot is ready).
    play::open_lobby(&fake, &alice, CHANNEL + 6, vec![]).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let after = shown(&fake);
    let changed: Vec<_> = after.iter().filter(|m| !before.contains(m)).collect();
    let gone: Vec<_> = before.iter().filter(|m| !after.contains(m)).collect();
    assert!(changed.is_empty() && gone.is_empty(), "the restart changed the channel: {changed:#?}, gone: {gone:#?}");
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}
