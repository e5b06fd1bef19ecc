//! End-to-end: time away (issue 46). A player who said she is away
//! (`/thaayam away length:1h`) is not timed out: her board says until
//! when and the game waits past her turn time; `off` brings her back with
//! a full turn, and she plays on. Away again, the other player votes to
//! let a computer play her seat (the button says she then places last),
//! and in this rated game of two that is her leaving: he wins; his
//! Rematch is under the caps of `/thaayam new`. Bad
//! lengths and votes by the wrong people are refused privately.

use crate::support::fake_discord::{FakeDiscord, FakeUser, GUILD_ID, Opt, StoredMessage};
use crate::support::play::{self, TempDir};
use std::time::Duration;
use thaayam::discord::config::Shards;

const CHANNEL: u64 = 1_300_000_000_000_004_601;
const OTHER: u64 = 1_300_000_000_000_004_602;

/// `/thaayam away length:<length>`: the answer's kind and text.
async fn away(fake: &FakeDiscord, user: &FakeUser, length: &str) -> (u64, String) {
    let i = fake.send_slash(user, CHANNEL, "thaayam", "away", vec![Opt::str("length", length)]).await;
    play::answer(fake, i).await
}

/// The board once `user` is on turn with her controls, the other players
/// playing their turns meanwhile.
async fn turn_of(fake: &FakeDiscord, user: &FakeUser, players: &[FakeUser]) -> StoredMessage {
    for _ in 0..400 {
        let board = play::settled_board(fake, CHANNEL).await;
        assert!(!play::is_over(&board), "the game ended first: {}", board.text());
        if play::to_act(&board, players).is_some_and(|p| p.id == user.id) && board.has_components() {
            return board;
        }
        play::advance(fake, CHANNEL, players).await;
    }
    panic!("{} never came on turn: {}", user.mention(), fake.summary());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_waits_for_an_away_player_goes_on_when_she_returns_and_the_others_may_vote_a_computer_in() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("away");
    let mut config = play::config(&dir.0.join("thaayam.db"), Shards::Auto);
    // Turns of 4 s; the ticker looks every second.
    config.turn_timeout = 4;
    config.notify_after = 2;
    config.limits.open_games_per_user = 1;
    let bot = play::start_bot_with(&fake, config).await;
    let (alice, bob, carol) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"), FakeUser::new(3, "carol"));
    let players = [alice.clone(), bob.clone()];
    let timed_out = |fake: &FakeDiscord| {
        let told = format!("{} ran out of time", alice.mention());
        fake.messages(CHANNEL).iter().any(|m| m.text().contains(&told))
    };

    let (kind, text) = away(&fake, &alice, "3 days").await;
    assert_eq!(kind, 4);
    assert!(text.contains("is not a length"), "{text}");
    let (kind, text) = away(&fake, &alice, "5w").await;
    assert!(kind == 4 && text.contains("from 1 hour to 30 days"), "{text}");
    let (_, text) = away(&fake, &alice, "1h").await;
    assert!(text.contains("You are away until <t:"), "{text}");

    // Her turn waits past its time, and says until when.
    play::start_two(&fake, &alice, &bob, CHANNEL).await;
    let board = turn_of(&fake, &alice, &players).await;
    assert!(board.content().contains("away until <t:"), "{}", board.content());
    assert!(board.control("standin").is_some(), "the others may vote: {}", board.text());
    tokio::time::sleep(Duration::from_secs(6)).await;
    assert!(!timed_out(&fake), "no timeout while she is away: {}", fake.summary());
    let still = play::settled_board(&fake, CHANNEL).await;
    assert!(play::to_act(&still, &players).is_some_and(|p| p.id == alice.id), "{}", still.text());
    // Only the others may vote.
    for who in [&carol, &alice] {
        let (kind, text) = play::click_control(&fake, who, &still, "standin").await;
        assert_eq!(kind, 4, "{} is refused: {text}", who.mention());
    }

    // She comes back: a full turn from now, and she plays.
    let (_, text) = away(&fake, &alice, "off").await;
    assert!(text.contains("Welcome back"), "{text}");
    let back = fake
        .wait_channel(CHANNEL, play::WAIT, |i| {
            i.newest_public(CHANNEL).filter(|m| m.content().contains("time runs out <t:")).cloned()
        })
        .await
        .unwrap_or_else(|| panic!("her board says her turn counts again: {}", fake.summary()));
    assert!(!back.content().contains("away until"), "{}", back.content());
    for _ in 0..20 {
        let board = play::settled_board(&fake, CHANNEL).await;
        if play::to_act(&board, &players).is_none_or(|p| p.id != alice.id) {
            break;
        }
        play::advance(&fake, CHANNEL, &players).await;
    }
    assert!(!timed_out(&fake), "she played her turn herself: {}", fake.summary());

    // Away again: bob votes, and a computer plays her seat from then on.
    let (_, text) = away(&fake, &alice, "2h").await;
    assert!(text.contains("You are away until <t:"), "{text}");
    let board = turn_of(&fake, &alice, &players).await;
    // Before anyone votes, the button says what it does to her result.
    let buttons = board.buttons();
    let label = buttons.iter().find(|(id, ..)| id.contains(":standin:")).map(|(_, l, _)| l.as_str());
    assert!(label.is_some_and(|l| l.contains("they place last")), "{buttons:?}");
    let (kind, text) = play::click_control(&fake, &bob, &board, "standin").await;
    assert_ne!(kind, 4, "bob's vote is taken: {text}");
    let told = format!("a computer plays the seat of {}", alice.mention());
    let voted = fake
        .wait_channel(CHANNEL, play::WAIT, |i| i.newest_public(CHANNEL).filter(|m| m.text().contains(&told)).cloned())
        .await;
    assert!(voted.is_some(), "the vote is told: {}", fake.summary());
    // A rated game of two: her seat handed over is her leaving, so bob
    // wins at once and she is rated last (no escape from a loss).
    let after = play::settled_board(&fake, CHANNEL).await;
    assert!(play::is_over(&after), "the game of two ends: {}", after.text());
    assert!(play::to_act(&after, &players).is_none(), "alice is out: {}", after.text());
    assert!(after.control("standin").is_none());
    // The old board's vote, clicked again (forged: Discord no longer
    // shows it), changes nothing: the game is over (its end is shown in
    // place, or the click refused privately).
    let old = board.control("standin").expect("the vote of the old board");
    let i = fake.forge_click(&bob, GUILD_ID, CHANNEL, after.id, &old).await;
    let (kind, text) = play::answer(&fake, i).await;
    assert!(kind == 4 || kind == 7, "{kind}: {text}");
    assert!(play::is_over(&play::settled_board(&fake, CHANNEL).await), "still over");
    // Rematch opens a lobby as `/thaayam new` does: under the same caps
    // (here one open game a user).
    play::open_lobby(&fake, &bob, OTHER, vec![]).await;
    let (kind, text) = play::click_control(&fake, &bob, &after, "again").await;
    assert_eq!(kind, 4, "refused privately: {text}");
    assert!(text.contains("You already have 1 games open"), "{text}");
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}
