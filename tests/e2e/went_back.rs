//! End-to-end: a backup restored under a running game, found by a click.
//! Where start-up cannot read the channel's boards (a group DM, whose
//! boards only a click shows; a server channel where the bot may not read
//! the history), the first click on the newest board, whose counter is
//! ahead of the restored database, ends the game as gone back in time;
//! that click is answered exactly once (Discord refuses a second answer
//! with 40060, which the fake records as a violation).

use crate::support::fake_discord::payloads::perms;
use crate::support::fake_discord::{FakeDiscord, FakeUser, StoredMessage};
use crate::support::play::{self, Progress, TempDir, WAIT};
use std::path::Path;
use std::process::Command;

const GROUP: u64 = 1_300_000_000_000_006_001;
const CHANNEL: u64 = 1_300_000_000_000_006_002;

fn thaayam(args: &[&str], dir: &Path) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_thaayam")).args(args).current_dir(dir).output().expect("run thaayam");
    let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code(), text)
}

/// The test bots' configuration on `db`, with commands registered
/// globally (outside servers Discord offers only those).
fn config(db: &Path) -> thaayam::discord::config::Config {
    let mut config = play::config(db, thaayam::discord::config::Shards::Auto);
    config.dev_guild = None;
    config
}

/// Plays `n` clicks of the game in `channel`.
async fn clicks(fake: &FakeDiscord, channel: u64, players: &[FakeUser], n: usize) {
    let mut made = 0;
    while made < n {
        match play::advance(fake, channel, players).await {
            Progress::Over => panic!("the game ended too soon"),
            Progress::Clicked => made += 1,
            Progress::Waited => {}
        }
    }
}

/// Plays a game of two in `channel` past a backup, then restores the
/// backup under it (the bot stopped and started on the restored file, in
/// a folder of its own) and clicks the newest board: the game ends as gone
/// back in time, and that click gets one answer.
async fn restored_under_the_game(fake: &FakeDiscord, channel: u64, name: &str, before_restart: impl Fn()) {
    let dir = TempDir::new(name);
    let bot = play::start_bot_with(fake, config(&dir.0.join("thaayam.db"))).await;
    let (alice, bob) = (FakeUser::new(61, "alice"), FakeUser::new(62, "bob"));
    if channel == GROUP {
        fake.make_group_dm(GROUP, &[&alice, &bob]);
    }
    let players = [alice.clone(), bob.clone()];
    play::start_two(fake, &alice, &bob, channel).await;
    clicks(fake, channel, &players, 3).await;
    let root = dir.0.clone();
    let backup = move || thaayam(&["backup", "--database", "thaayam.db", "--out", "backup.db"], &root);
    let (code, text) = tokio::task::spawn_blocking(backup).await.expect("backup task");
    assert_eq!(code, Some(0), "{text}");
    clicks(fake, channel, &players, 4).await;
    let ahead: StoredMessage = play::live_board(fake, channel).await;
    let shown = play::seq_of(&ahead).expect("the board's counter");
    bot.stop().await.expect("clean stop");

    let restored = TempDir::new(&format!("{name}-restored"));
    let db = restored.0.join("thaayam.db");
    std::fs::copy(dir.0.join("backup.db"), &db).expect("restore");
    let game = {
        let store = thaayam::store::Store::open_copy(&db).expect("restored");
        store.live_games().expect("live").first().expect("the game is open in the backup").info.clone()
    };
    assert!(u64::from(shown) > game.seq, "the board ({shown}) is ahead of the backup ({})", game.seq);
    before_restart();
    let bot = play::start_bot_with(fake, config(&db)).await;
    let messages_before = fake.messages(channel).len();

    // The player on turn picks a move on the newest board.
    let (menu, moves) = play::move_menu(&ahead).expect("the move menu");
    let on_turn = play::to_act(&ahead, &players).expect("a human on turn");
    let i = fake.select(on_turn, channel, ahead.id, &menu, &[&moves[0]]).await;
    let reply = fake.wait_response(i, WAIT).await;
    assert_ne!(reply.kind, 4, "the click is not refused as if the game did not run");
    let said = |m: &StoredMessage| m.channel_id == channel && m.text().contains("went back in time");
    let end = fake.wait_for_message(said, WAIT).await;
    assert!(end.text().contains("not rated"), "{}", end.text());
    // The handler has finished once the bot has stopped: only then is a
    // second answer ruled out.
    bot.stop().await.expect("clean stop");
    let store = thaayam::store::Store::open_copy(&db).expect("database");
    let info = store.game(game.id).expect("read").expect("the game");
    assert_eq!(info.state, thaayam::store::GameState::Abandoned, "ended, unrated");
    assert_eq!(info.throws_drawn, game.throws_drawn, "no throw drawn again");
    assert!(fake.messages(channel).len() > messages_before, "the end is told in the channel");
    let rec = fake.interaction(i).expect("the click");
    assert!(rec.response.is_some(), "the click is answered");
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_group_dm_a_click_on_a_board_ahead_of_the_restored_game_ends_it_answered_once() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    restored_under_the_game(&fake, GROUP, "went-back-group", || {}).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_server_channel_a_click_on_a_board_ahead_of_the_restored_game_ends_it_answered_once() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    // Start-up cannot read the channel's boards: only the click tells.
    let unread = || fake.set_rest_permissions(CHANNEL, perms::ALL & !perms::READ_MESSAGE_HISTORY);
    restored_under_the_game(&fake, CHANNEL, "went-back-channel", unread).await;
}
