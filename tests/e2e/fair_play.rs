//! End-to-end: no rated result is decided by anything but play. A host
//! cannot remove her opponent from a rated game (only a moderator with no
//! seat may, and then nobody wins by it), a host who ends a game she is
//! losing resigns it, a rematch seats nobody unasked, and a game whose
//! database went back in time (a backup restored under it) ends unrated
//! instead of dealing again throws its players have seen.

use crate::support::fake_discord::{FakeDiscord, FakeUser, Opt, StoredMessage};
use crate::support::play::{self, Progress, TempDir, WAIT};
use std::path::Path;
use std::process::Command;

const CHANNEL: u64 = 1_300_000_000_000_004_001;

async fn started(fake: &FakeDiscord, alice: &FakeUser, bob: &FakeUser) -> StoredMessage {
    play::start_two(fake, alice, bob, CHANNEL).await;
    play::live_board(fake, CHANNEL).await
}

async fn slash(fake: &FakeDiscord, user: &FakeUser, command: &str, options: Vec<Opt>) -> (u64, String) {
    let i = fake.send_slash(user, CHANNEL, "thaayam", command, options).await;
    play::answer(fake, i).await
}

/// The newest message of the channel that says `text`.
async fn said(fake: &FakeDiscord, text: &str) -> StoredMessage {
    let found = fake.wait_channel(CHANNEL, WAIT, |i| {
        i.messages.iter().rev().find(|m| m.channel_id == CHANNEL && m.text().contains(text)).cloned()
    });
    found.await.unwrap_or_else(|| panic!("nobody was told {text:?}: {}", fake.summary()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_host_cannot_remove_her_opponent_and_a_removal_hands_nobody_a_win() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("fair-kick");
    let bot = play::start_bot(&fake, &dir.0).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    let moderator = FakeUser::new(3, "mod").moderator();
    started(&fake, &alice, &bob).await;

    let (kind, text) = slash(&fake, &alice, "kick", vec![Opt::user("user", &bob)]).await;
    assert_eq!(kind, 4, "refused privately: {text}");
    assert!(text.contains("only a moderator"), "{text}");
    // A seated moderator may not either: she resigns if she wants out.
    let alice_mod = alice.clone().moderator();
    let (kind, text) = slash(&fake, &alice_mod, "kick", vec![Opt::user("user", &bob)]).await;
    assert_eq!(kind, 4, "refused privately: {text}");
    assert!(text.contains("resign"), "{text}");
    assert!(!play::board(&fake, CHANNEL).text().contains("removed"), "nothing changed");

    // A moderator with no seat removes bob: the game of two ends, unrated.
    let (_, text) = slash(&fake, &moderator, "kick", vec![Opt::user("user", &bob)]).await;
    assert_eq!(text, "Done.", "not refused");
    let removed = said(&fake, &format!("{} was removed; the game ends and is not rated.", bob.mention())).await;
    let over = said(&fake, "ended before its end; it is not rated").await;
    assert!(!over.text().contains('🏆'), "nobody wins: {}", over.text());
    assert!(!over.embed_text().contains("Ratings"), "no rating moves: {}", over.text());
    assert!(removed.id <= over.id);
    let (_, board) = slash(&fake, &alice, "leaderboard", vec![]).await;
    assert!(!board.contains(&alice.mention()), "alice won nothing: {board}");
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_host_who_ends_a_rated_game_resigns_it_and_a_rematch_seats_nobody_unasked() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("fair-end");
    let bot = play::start_bot(&fake, &dir.0).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    started(&fake, &alice, &bob).await;

    // The host ends the game (she is losing, say): she resigns, bob wins, rated.
    let (_, text) = slash(&fake, &alice, "end", vec![]).await;
    assert_eq!(text, "Done.", "not refused");
    said(&fake, &format!("{} resigned; the other player wins.", alice.mention())).await;
    let over = fake.wait_for_message(|m| m.channel_id == CHANNEL && play::is_over(m), WAIT).await;
    assert!(over.content().starts_with(&format!("🏆 **{}**", bob.mention())), "bob wins: {}", over.text());
    assert!(over.embed_text().contains("Ratings"), "the game is rated: {}", over.text());

    // Rematch by bob: only he sits; alice is called and must press Join.
    let (kind, _) = play::click_control(&fake, &bob, &over, "again").await;
    assert_ne!(kind, 4, "the rematch opens");
    let lobby =
        fake.wait_for_message(|m| m.channel_id == CHANNEL && m.id > over.id && m.control("join").is_some(), WAIT);
    let lobby = lobby.await;
    assert_eq!(lobby.notified, vec![alice.id], "alice is called: {}", lobby.text());
    assert!(lobby.content().contains("press Join"), "{}", lobby.text());
    assert!(lobby.embed_text().contains(&bob.mention()), "bob sits: {}", lobby.embed_text());
    assert!(!lobby.embed_text().contains(&alice.mention()), "alice does not sit unasked: {}", lobby.embed_text());
    assert!(lobby.control("start").is_none(), "Start waits for a second player: {}", lobby.text());
    let (kind, text) = play::click_label(&fake, &alice, &lobby, "Join").await;
    assert_ne!(kind, 4, "alice joins: {text}");
    let lobby = fake.message(lobby.id).expect("lobby");
    assert!(lobby.embed_text().contains(&alice.mention()), "alice sits now: {}", lobby.embed_text());
    play::click_label(&fake, &bob, &lobby, "Start").await;
    play::live_board(&fake, CHANNEL).await;
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}

fn thaayam(args: &[&str], dir: &Path) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_thaayam")).args(args).current_dir(dir).output().expect("run thaayam");
    let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code(), text)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_restored_under_a_running_game_ends_it_unrated_rather_than_deal_again() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("fair-restore");
    let bot = play::start_bot(&fake, &dir.0).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    let players = [alice.clone(), bob.clone()];
    started(&fake, &alice, &bob).await;
    for _ in 0..3 {
        assert!(!matches!(play::advance(&fake, CHANNEL, &players).await, Progress::Over));
    }
    let root = dir.0.clone();
    let (code, text) = tokio::task::spawn_blocking(move || {
        thaayam(&["backup", "--database", "thaayam.db", "--out", "backup.db"], &root)
    })
    .await
    .expect("backup task");
    assert_eq!(code, Some(0), "{text}");
    // The game goes on after the backup: the channel shows more than it holds.
    let mut clicks = 0;
    while clicks < 4 {
        match play::advance(&fake, CHANNEL, &players).await {
            Progress::Over => panic!("the game ended too soon"),
            Progress::Clicked => clicks += 1,
            Progress::Waited => {}
        }
    }
    let ahead = play::settled_board(&fake, CHANNEL).await;
    let shown = play::seq_of(&ahead).expect("the board's counter");
    bot.stop().await.expect("clean stop");

    // The admin restores the backup and starts the bot (in a folder of its
    // own: this process may still hold the old file).
    let restored = TempDir::new("fair-restored");
    std::fs::copy(dir.0.join("backup.db"), restored.0.join("thaayam.db")).expect("restore");
    let game = {
        let restored = thaayam::store::Store::open_copy(restored.0.join("thaayam.db")).expect("restored");
        let held = restored.live_games().expect("live");
        held.first().expect("the game is open in the backup").info.clone()
    };
    assert!(u64::from(shown) > game.seq, "the board ({shown}) is ahead of the backup ({})", game.seq);
    let bot = play::start_bot(&fake, &restored.0).await;
    let end = said(&fake, "went back in time").await;
    assert!(end.id > ahead.id, "a new message says why");
    assert!(end.text().contains("not rated"), "{}", end.text());
    let store = thaayam::store::Store::open_copy(restored.0.join("thaayam.db")).expect("database");
    let info = store.game(game.id).expect("read").expect("the game");
    assert_eq!(info.state, thaayam::store::GameState::Abandoned, "ended, unrated");
    let seed = info.revealed_seed.expect("its seed is revealed");
    let hex: String = seed.iter().map(|b| format!("{b:02x}")).collect();
    assert!(end.text().contains(&hex), "the seed is shown: {}", end.text());
    // Nothing plays on: a click on the newest board draws nothing (that
    // board, the game's last in the store, shows the end instead).
    // (It may already be a record without controls: then nobody can click.)
    if let Some((menu, moves)) = play::move_menu(&ahead) {
        let on_turn = play::to_act(&ahead, &players).expect("on turn");
        if let Ok(i) = fake.try_select(on_turn, CHANNEL, ahead.id, &menu, &[&moves[0]]).await {
            play::answer(&fake, i).await;
        }
        let clicked = fake.message(ahead.id).expect("the board");
        assert!(play::move_menu(&clicked).is_none(), "no move offered any more: {}", clicked.text());
    }
    let store = thaayam::store::Store::open_copy(restored.0.join("thaayam.db")).expect("database");
    let after = store.game(game.id).expect("read").expect("the game");
    assert_eq!(after.throws_drawn, info.throws_drawn, "no throw drawn again");
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}
