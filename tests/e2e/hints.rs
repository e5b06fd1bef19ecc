//! End-to-end: a practice game (`/thaayam new practice:true`) through the
//! fake Discord: marked on the board, `/thaayam hint` answers the player
//! on turn privately with an option of her menu and refuses the other
//! player, the board is left as it was, and the finished game changes no
//! rating (stats and leaderboard stay empty; history says "practice").

use crate::support::fake_discord::{FakeDiscord, FakeUser, Opt, StoredMessage};
use crate::support::play::{self, TempDir, WAIT};

const CHANNEL: u64 = 1_300_000_000_000_000_901;

/// Sends `/thaayam <sub>` and returns the text of its answer and whether it is private.
/// A deferred answer comes as a follow-up: the newest message with words
/// that was not there before.
async fn ask(fake: &FakeDiscord, user: &FakeUser, sub: &str) -> (String, bool) {
    let before: Vec<u64> = fake.messages(CHANNEL).iter().map(|m| m.id).collect();
    let i = fake.send_slash(user, CHANNEL, "thaayam", sub, vec![]).await;
    fake.wait_response(i, WAIT).await;
    let answered = |m: &StoredMessage| !m.content().is_empty() || !m.embed_text().is_empty();
    let new = |m: &StoredMessage| !before.contains(&m.id) && answered(m);
    let mut found = None;
    for _ in 0..300 {
        found = fake.messages(CHANNEL).into_iter().rev().find(|m| new(m));
        if found.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let msg = found.unwrap_or_else(|| panic!("no answer to /thaayam {sub}: {}", fake.summary()));
    (format!("{}\n{}", msg.content(), msg.embed_text()), msg.is_ephemeral())
}

/// The labels of the move menu's options.
fn option_labels(board: &StoredMessage) -> Vec<String> {
    let select = board.selects().into_iter().find(|s| s["custom_id"].as_str().is_some_and(|id| id.contains(":pick:")));
    let options = select.and_then(|s| s["options"].as_array().cloned()).unwrap_or_default();
    options.iter().filter_map(|o| o["label"].as_str().map(String::from)).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_practice_game_gives_private_hints_and_changes_no_rating() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("hints");
    let bot = play::start_bot(&fake, &dir.0).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    let players = [alice.clone(), bob.clone()];
    let options = vec![Opt::int("players", 2), Opt::bool("practice", true)];
    let lobby = play::open_lobby(&fake, &alice, CHANNEL, options).await;
    assert!(lobby.embed_text().contains("Practice game · not rated"), "{}", lobby.text());
    play::click_label(&fake, &bob, &lobby, "Join").await;
    let lobby = fake.message(lobby.id).expect("lobby");
    play::click_label(&fake, &alice, &lobby, "Start").await;

    let board = play::live_board(&fake, CHANNEL).await;
    assert!(board.content().contains("Practice game · not rated"), "{}", board.text());
    let on_turn = play::to_act(&board, &players).expect("a human on turn").clone();
    let other = players.iter().find(|p| p.id != on_turn.id).expect("the other player");
    let (text, private) = ask(&fake, other, "hint").await;
    assert!(private && text.contains("It is not your turn"), "{text}");

    let public_before = fake.messages(CHANNEL).iter().filter(|m| !m.is_ephemeral()).count();
    let (text, private) = ask(&fake, &on_turn, "hint").await;
    assert!(private, "the hint is private: {text}");
    // The hint names a menu option: the best move's, or (when the first
    // throws allow more moves than the menu lists) the step-by-step builder.
    let named = text.split("pick **").nth(1).and_then(|rest| rest.split("** in the menu").next());
    let builder = text.split("not among the menu's options: choose **").nth(1).and_then(|rest| rest.split("**").next());
    let named = named.or(builder).unwrap_or_else(|| panic!("an option is named: {text}"));
    assert!(option_labels(&board).iter().any(|l| l == named), "{named:?} is an option of {:?}", option_labels(&board));
    assert!(text.contains("% now, ") && text.contains("% after this move"), "{text}");
    let after = fake.message(board.id).expect("board");
    assert_eq!(after.version, board.version, "the hint changes no board");
    let public_after = fake.messages(CHANNEL).iter().filter(|m| !m.is_ephemeral()).count();
    assert_eq!(public_before, public_after, "nothing public was posted");

    play::play_to_end(&fake, CHANNEL, &players, 4000).await;
    for p in &players {
        let (text, _) = ask(&fake, p, "stats").await;
        assert!(text.contains("has not finished a game"), "no rating for a practice game: {text}");
    }
    let (text, _) = ask(&fake, &alice, "leaderboard").await;
    assert!(text.contains("No one has finished") && !text.contains(&alice.mention()), "not in the season: {text}");
    let (text, _) = ask(&fake, &alice, "history").await;
    assert!(text.contains("(practice)"), "{text}");
    let (text, private) = ask(&fake, &alice, "hint").await;
    assert!(private && text.contains("No game is running"), "{text}");
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}
