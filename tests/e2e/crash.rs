//! End-to-end: the bot process is killed (SIGKILL) between saving a change
//! and showing it. The fake holds the bot's answer, so the change is in the
//! database while the board message still shows the state before it. After
//! a restart no board may be older than its saved game: the new bot shows
//! the saved state on each board at start-up (open games, and games that
//! ended just before the crash, by a command or by a computer's last
//! move), and a click on such an older board is answered with the current
//! board, in place, plus a private note.

use crate::child_bot::ChildBot;
use crate::support::fake_discord::{FakeDiscord, FakeUser, Hold, Opt, StoredMessage};
use crate::support::play::{self, TempDir, WAIT, seq_of};
use crate::support::store_check;
use std::path::Path;
use thaayam::store::{GameId, Store};

const CHANNEL: u64 = 1_300_000_000_000_000_501;
const OTHER_CHANNEL: u64 = 1_300_000_000_000_000_502;

fn players() -> [FakeUser; 2] {
    [FakeUser::new(1, "alice"), FakeUser::new(2, "bob")]
}

/// A started game of alice (host) and bob in `channel`; returns its board.
async fn started(fake: &FakeDiscord, channel: u64) -> StoredMessage {
    let [alice, bob] = players();
    let lobby = play::open_lobby(fake, &alice, channel, vec![]).await;
    play::click_label(fake, &bob, &lobby, "Join").await;
    let lobby = fake.message(lobby.id).expect("lobby");
    play::click_label(fake, &alice, &lobby, "Start").await;
    play::live_board(fake, channel).await
}

/// The action counter the database holds for a game (read with the bot dead or alive).
fn saved_seq(dir: &Path, game: i64) -> u32 {
    let store = Store::open(dir.join("thaayam.db")).expect("open the database");
    let info = store.game(GameId(game)).expect("read").expect("the game is in the database");
    info.seq as u32
}

/// What a crash left: the board as the players still see it, and the click
/// (a move picked in the menu) the bot saved but never answered.
struct Crash {
    board: StoredMessage,
    game: i64,
    player: FakeUser,
    menu: String,
    choice: String,
}

/// Starts a bot and a game; the player on turn picks a move; the bot saves
/// the pick and is killed while its answer is held.
async fn crash_between_saving_and_answering(fake: &FakeDiscord, dir: &Path) -> Crash {
    let bot = ChildBot::start(fake, dir).await;
    let board = started(fake, CHANNEL).await;
    let game = play::game_of(&board).expect("the board has controls");
    let player = play::to_act(&board, &players()).expect("a human is to act").clone();
    let (menu, moves) = play::move_menu(&board).expect("the board offers its move menu");
    let choice = moves[0].clone();
    fake.hold(Hold::Callbacks);
    let click = fake.select(&player, CHANNEL, board.id, &menu, &[&choice]).await;
    assert!(fake.wait_held(Hold::Callbacks, 1, WAIT).await, "the bot answers the click");
    bot.kill(fake).await;
    fake.drop_held();
    fake.release(Hold::Callbacks);
    assert!(fake.interaction(click).and_then(|r| r.response).is_none(), "the click was never answered");
    let seen = fake.message(board.id).expect("board");
    assert_eq!(seen.version, board.version, "the board still shows the turn before the click");
    let shown = seq_of(&board).expect("the board's action counter");
    assert_eq!(saved_seq(dir, game), shown + 1, "the click is saved in the database");
    Crash { board, game, player, menu, choice }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_behind_its_saved_game_is_brought_up_to_date_at_start_up() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("crash-start");
    let crash = crash_between_saving_and_answering(&fake, &dir.0).await;
    let (shown, saved) = (seq_of(&crash.board).unwrap_or(0), saved_seq(&dir.0, crash.game));

    let bot = ChildBot::start(&fake, &dir.0).await;
    let id = crash.board.id;
    let up_to_date = |i: &crate::support::fake_discord::state::Inner| {
        i.message(id).filter(|m| seq_of(m).is_some_and(|s| s >= saved)).map(|_| ())
    };
    let caught_up = fake.wait_channel(CHANNEL, WAIT, up_to_date).await;
    let now = fake.message(id).expect("board");
    assert!(
        caught_up.is_some(),
        "after the restart the board of game {} still shows action {:?} (it showed {shown} before the crash); \
         the database holds action {saved}: {}",
        crash.game,
        seq_of(&now),
        now.text()
    );
    assert_eq!(play::board(&fake, CHANNEL).id, id, "the board is edited in place, not re-posted");

    let (last, _) = play::play_to_end(&fake, CHANNEL, &players(), 4000).await;
    assert!(play::is_over(&last), "the game goes on to its end: {}", last.text());
    fake.assert_no_violations();
    bot.kill(&fake).await;
    let check = store_check::compare(&fake, &dir.0.join("thaayam.db")).expect("the database matches the boards");
    assert_eq!((check.games, check.finished), (1, 1), "{check:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_click_on_a_board_behind_its_game_gets_the_current_board_in_place() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("crash-click");
    let crash = crash_between_saving_and_answering(&fake, &dir.0).await;
    let saved = saved_seq(&dir.0, crash.game);

    // The new bot cannot read its boards at start-up (held): the click comes first.
    fake.hold(Hold::MessageReads);
    let bot = ChildBot::start(&fake, &dir.0).await;
    let click = fake.select(&crash.player, CHANNEL, crash.board.id, &crash.menu, &[&crash.choice]).await;
    let (kind, text) = play::answer(&fake, click).await;
    assert_eq!(kind, 7, "a click on the game's own older board updates it to the current state; got: {text:?}");
    let now = fake.message(crash.board.id).expect("board");
    assert_eq!(seq_of(&now), Some(saved), "the board shows the saved game: {}", now.text());
    let note = fake.wait_until(WAIT, |i| i.interactions.get(&click).and_then(|r| r.followups.first().copied())).await;
    let note = fake.message(note.expect("a private note explains")).expect("note");
    assert!(note.is_ephemeral() && note.content().contains("changed nothing"), "{}", note.content());
    fake.release(Hold::MessageReads);

    // The game goes on from that board.
    for _ in 0..6 {
        assert_ne!(play::advance(&fake, CHANNEL, &players()).await, play::Progress::Over);
    }
    // (A change of player posts the board anew, to notify her.)
    let board = play::live_board(&fake, CHANNEL).await;
    assert_eq!(play::game_of(&board), Some(crash.game), "the same game goes on: {}", board.text());
    fake.assert_no_violations();
    bot.kill(&fake).await;
    store_check::compare(&fake, &dir.0.join("thaayam.db")).expect("the database matches the boards");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_ended_but_not_shown_before_a_crash_show_their_end_after_it() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("crash-end");
    // A moderator with no seat ends them (a seated host would resign).
    let moderator = FakeUser::new(9, "moderator").moderator();
    let bot = ChildBot::start(&fake, &dir.0).await;
    let first = started(&fake, CHANNEL).await;
    let second = started(&fake, OTHER_CHANNEL).await;

    // A moderator ends both games; the bot saves each end, then dies before posting it.
    fake.hold(Hold::MessagePosts);
    for channel in [CHANNEL, OTHER_CHANNEL] {
        fake.send_slash(&moderator, channel, "thaayam", "end", vec![]).await;
    }
    assert!(fake.wait_held(Hold::MessagePosts, 2, WAIT).await, "the bot posts both ends");
    bot.kill(&fake).await;
    fake.drop_held();
    fake.release(Hold::MessagePosts);
    for board in [&first, &second] {
        let seen = fake.message(board.id).expect("board");
        assert!(play::move_menu(&seen).is_some(), "the board still offers its menu: {}", seen.text());
    }

    // Start-up cannot read the boards yet (held): a click on the first one comes first.
    fake.hold(Hold::MessageReads);
    let bot = ChildBot::start(&fake, &dir.0).await;
    let player = play::to_act(&first, &players()).expect("a human is to act").clone();
    let (menu, moves) = play::move_menu(&first).expect("the move menu");
    let click = fake.select(&player, CHANNEL, first.id, &menu, &[&moves[0]]).await;
    let (kind, text) = play::answer(&fake, click).await;
    assert_eq!(kind, 7, "a click on the board of a game that ended shows its end in place; got: {text:?}");
    let now = fake.message(first.id).expect("board");
    assert!(now.text().contains("ended before its end") && now.components().is_empty(), "{}", now.text());

    // Start-up then shows the end of the other game on its board.
    fake.release(Hold::MessageReads);
    let ended = |m: &StoredMessage| m.text().contains("ended before its end") && m.components().is_empty();
    let id = second.id;
    let shown = fake.wait_channel(OTHER_CHANNEL, WAIT, |i| i.message(id).filter(|m| ended(m)).map(|_| ())).await;
    let now = fake.message(second.id).expect("board");
    assert!(shown.is_some(), "the board of the other ended game still shows it running: {}", now.text());
    fake.assert_no_violations();
    bot.kill(&fake).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_a_computer_ended_but_not_shown_shows_its_end_after_a_crash() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("crash-computer-end");
    let bot = ChildBot::start(&fake, &dir.0).await;
    let [alice, _] = players();

    // Two computers play; the host watches.
    let lobby = play::open_lobby(&fake, &alice, CHANNEL, vec![Opt::int("players", 2)]).await;
    play::click_label(&fake, &alice, &lobby, "Leave").await;
    for _ in 0..2 {
        let lobby = fake.message(lobby.id).expect("lobby");
        let select = lobby.selects().into_iter().next().expect("the add-computer menu");
        let id = select["custom_id"].as_str().expect("custom_id").to_string();
        let i = fake.select(&alice, CHANNEL, lobby.id, &id, &["random"]).await;
        play::answer(&fake, i).await;
    }
    let lobby = fake.message(lobby.id).expect("lobby");
    fake.hold(Hold::MessageEdits);
    fake.hold(Hold::MessagePosts);
    play::click_label(&fake, &alice, &lobby, "Start").await;

    // The computers' boards go through one by one (a full board is posted
    // anew) until the result (a new message), which the bot has saved: it
    // dies before showing it.
    let (mut n, mut posts) = (1, 1);
    loop {
        tokio::select! {
            post = fake.wait_nth_held(Hold::MessagePosts, posts, WAIT) => {
                let post = post.expect("a post");
                if post["content"].as_str().unwrap_or("").starts_with("🏆") {
                    break;
                }
                fake.pass_one(Hold::MessagePosts);
                posts += 1;
            }
            edit = fake.wait_nth_held(Hold::MessageEdits, n, WAIT) => {
                edit.expect("the bot shows each computer move");
                fake.pass_one(Hold::MessageEdits);
                n += 1;
            }
        }
    }
    bot.kill(&fake).await;
    fake.drop_held();
    fake.release(Hold::MessageEdits);
    fake.release(Hold::MessagePosts);
    let seen = play::board(&fake, CHANNEL);
    assert!(!play::is_over(&seen) && seen.components().is_empty(), "a computer's turn: {}", seen.text());

    let bot = ChildBot::start(&fake, &dir.0).await;
    let id = seen.id;
    let shown = fake.wait_channel(CHANNEL, WAIT, |i| i.message(id).filter(|m| play::is_over(m)).map(|_| ())).await;
    let now = fake.message(id).expect("board");
    assert!(shown.is_some(), "after the restart the board still shows the game running: {}", now.text());
    fake.assert_no_violations();
    bot.kill(&fake).await;
    let check = store_check::compare(&fake, &dir.0.join("thaayam.db")).expect("the database matches the boards");
    assert_eq!((check.games, check.finished), (1, 1), "{check:?}");
}
