//! End-to-end: whole games of the real bot through the fake Discord, every
//! choice read from the messages the bot sent.

use crate::support::fake_discord::{FakeDiscord, FakeUser, Opt};
use crate::support::play::{self, TempDir, WAIT};

const CHANNEL: u64 = 1_300_000_000_000_000_101;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_bell_to_the_end() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("bell");
    let bot = play::start_bot(&fake, &dir.0).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));

    let lobby = play::open_lobby(&fake, &alice, CHANNEL, vec![Opt::int("players", 2)]).await;
    assert!(lobby.text().contains(&alice.mention()), "the host is seated: {}", lobby.text());
    let (kind, text) = play::click_label(&fake, &bob, &lobby, "Join").await;
    assert_eq!(kind, 7, "Join updates the lobby in place: {text}");
    let lobby = fake.message(lobby.id).expect("lobby");
    assert!(lobby.text().contains(&bob.mention()), "bob is seated: {}", lobby.text());
    let (kind, text) = play::click_label(&fake, &alice, &lobby, "Start").await;
    assert_eq!(kind, 7, "Start answers on the lobby: {text}");
    let board = play::live_board(&fake, CHANNEL).await;
    assert!(board.button("Throw").is_none(), "nobody throws by hand: {}", board.text());

    let players = [alice.clone(), bob.clone()];
    let (last, clicks) = play::play_to_end(&fake, CHANNEL, &players, 4000).await;
    assert!(clicks > 10, "a real game takes many clicks ({clicks})");
    let places = last.embed_text();
    let first = places
        .lines()
        .find(|l| l.trim_start_matches("Places: ").starts_with("1. "))
        .unwrap_or_else(|| panic!("no winner in: {places}"));
    assert!(
        first.contains(&alice.mention()) || first.contains(&bob.mention()),
        "the final message names the winner: {first}"
    );
    assert_eq!(last.components().len(), 1, "no controls after the end but Rematch");
    assert!(last.control("again").is_some(), "Rematch is offered: {}", last.text());
    assert!(last.embed_text().contains("Ratings"), "rating changes are shown: {}", last.embed_text());

    // The leaderboard then shows both players' ratings.
    let i = fake.send_slash(&bob, CHANNEL, "thaayam", "leaderboard", vec![]).await;
    fake.wait_response(i, WAIT).await;
    let board = fake.response_message(i).expect("the leaderboard");
    let text = board.embed_text();
    assert!(text.contains("Not ranked yet"), "after one game both are provisional: {text}");
    assert!(text.contains(&alice.mention()) && text.contains(&bob.mention()), "{text}");
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computer_seat_moves_by_itself() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("computer");
    let bot = play::start_bot(&fake, &dir.0).await;
    let alice = FakeUser::new(1, "alice");

    let lobby = play::open_lobby(&fake, &alice, CHANNEL, vec![]).await;
    let select = lobby.selects().into_iter().next().expect("the add-computer menu");
    let id = select["custom_id"].as_str().expect("custom_id").to_string();
    let level = select["options"][0]["value"].as_str().expect("a level").to_string();
    let i = fake.select(&alice, CHANNEL, lobby.id, &id, &[&level]).await;
    let (kind, text) = play::answer(&fake, i).await;
    assert_eq!(kind, 7, "adding a computer updates the lobby: {text}");
    let lobby = fake.message(lobby.id).expect("lobby");
    assert!(lobby.text().contains("computer"), "the computer is seated: {}", lobby.text());
    play::click_label(&fake, &alice, &lobby, "Start").await;

    let (last, _) = play::play_to_end(&fake, CHANNEL, std::slice::from_ref(&alice), 4000).await;
    assert!(last.embed_text().contains("1. "), "places are listed: {}", last.embed_text());
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
    let _ = WAIT;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_watches_a_game_of_computers_play_itself_to_the_end() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("computers");
    let bot = play::start_bot(&fake, &dir.0).await;
    let alice = FakeUser::new(1, "alice");

    let lobby = play::open_lobby(&fake, &alice, CHANNEL, vec![Opt::int("players", 2)]).await;
    let (kind, text) = play::click_label(&fake, &alice, &lobby, "Leave").await;
    assert_eq!(kind, 7, "the host leaves her seat: {text}");
    for _ in 0..2 {
        let lobby = fake.message(lobby.id).expect("lobby");
        let select = lobby.selects().into_iter().next().expect("the add-computer menu");
        let id = select["custom_id"].as_str().expect("custom_id").to_string();
        let i = fake.select(&alice, CHANNEL, lobby.id, &id, &["random"]).await;
        let (kind, text) = play::answer(&fake, i).await;
        assert_eq!(kind, 7, "a computer joins: {text}");
    }
    let lobby = fake.message(lobby.id).expect("lobby");
    assert!(!lobby.text().contains(&alice.mention()), "the host is not seated: {}", lobby.text());
    play::click_label(&fake, &alice, &lobby, "Start").await;

    let (last, clicks) = play::play_to_end(&fake, CHANNEL, &[], 20_000).await;
    assert_eq!(clicks, 0, "nobody clicked");
    assert!(last.embed_text().contains("1. "), "places are listed: {}", last.embed_text());
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}
