//! End-to-end: many people at the same instant. A crowd pressing Join
//! fills the lobby's seats (a lobby's buttons do not go out of date when
//! someone joins: only turn actions carry the board's action counter).

use crate::support::fake_discord::{FakeDiscord, FakeUser, Opt};
use crate::support::play::{self, TempDir};

const CHANNEL: u64 = 1_300_000_000_000_000_401;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_people_press_join_at_once_on_a_four_seat_lobby() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("crowd");
    let bot = play::start_bot(&fake, &dir.0).await;
    let alice = FakeUser::new(1, "alice");
    let crowd: Vec<FakeUser> = (10..30).map(|n| FakeUser::new(n, &format!("player{n}"))).collect();

    let lobby = play::open_lobby(&fake, &alice, CHANNEL, vec![Opt::int("players", 4)]).await;
    let join = lobby.button("Join").expect("join");
    let clicks = fake.click_together(&crowd, CHANNEL, lobby.id, &join).await;
    let mut seated = Vec::new();
    let mut refusals = Vec::new();
    for (user, click) in crowd.iter().zip(clicks) {
        match play::answer(&fake, click).await {
            (7, _) => seated.push(user.clone()),
            (4, text) => refusals.push(text),
            other => panic!("unexpected answer to {}: {other:?}", user.name),
        }
    }
    assert_eq!(seated.len(), 3, "the three free seats are taken; refusals: {refusals:?}");
    for text in &refusals {
        assert!(text.contains("All seats are taken"), "the others hear that the lobby is full: {text}");
    }
    let lobby = fake.message(lobby.id).expect("lobby");
    for user in seated.iter().chain([&alice]) {
        assert!(lobby.text().contains(&user.mention()), "{} is seated: {}", user.name, lobby.text());
    }
    let (kind, text) = play::click_label(&fake, &alice, &lobby, "Start").await;
    assert_eq!(kind, 7, "the host starts the full lobby: {text}");
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}
