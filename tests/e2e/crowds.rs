//! End-to-end: many people at the same instant. Two `/thaayam new` in one
//! channel open exactly one lobby (a stored game is abandoned as a
//! leftover only when it cannot run), and a crowd pressing Join fills the
//! lobby's seats (a lobby's buttons do not go out of date when someone
//! joins: only turn actions carry the board's action counter).

use crate::support::fake_discord::{FakeDiscord, FakeUser, GUILD_ID, Opt, StoredMessage};
use crate::support::play::{self, TempDir};
use thaayam::engine::{Ruleset, Variant};
use thaayam::store::{GameState, NewGame, Store};

const CHANNEL: u64 = 1_300_000_000_000_000_401;

/// The lobbies (public messages with a Join button) of a channel.
fn lobbies(fake: &FakeDiscord, channel: u64) -> Vec<StoredMessage> {
    let msgs = fake.messages(channel).into_iter();
    msgs.filter(|m| !m.is_ephemeral() && m.button("Join").is_some()).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_new_games_at_the_same_instant_open_one_lobby() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("two-new");
    let bot = play::start_bot(&fake, &dir.0).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));

    // Three channels, so that any interleaving of the two commands shows.
    for channel in [CHANNEL, CHANNEL + 1, CHANNEL + 2] {
        let a = fake.send_slash(&alice, channel, "thaayam", "new", vec![]).await;
        let b = fake.send_slash(&bob, channel, "thaayam", "new", vec![]).await;
        let (ka, ta) = play::answer(&fake, a).await;
        let (kb, tb) = play::answer(&fake, b).await;
        assert_eq!((ka, kb), (4, 4), "both are answered privately: {ta:?} {tb:?}");
        // Every message the bot posts settles before we look.
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        let found = lobbies(&fake, channel);
        assert_eq!(found.len(), 1, "exactly one lobby: {ta:?} {tb:?}; {}", fake.summary());
        let lobby = found.into_iter().next().expect("one lobby");
        let (host, guest, host_text, guest_text) =
            if lobby.text().contains(&alice.mention()) { (&alice, &bob, &ta, &tb) } else { (&bob, &alice, &tb, &ta) };
        assert!(host_text.starts_with("Lobby opened"), "the winner is told: {host_text}");
        assert!(
            guest_text.contains("being set up") || guest_text.contains("already running"),
            "the other caller is told privately that a game is there: {guest_text}"
        );
        // The lobby is the stored game: the other player joins, the host starts.
        let (kind, text) = play::click_label(&fake, guest, &lobby, "Join").await;
        assert_eq!(kind, 7, "joining the lobby works: {text}");
        let lobby = fake.message(lobby.id).expect("lobby");
        let (kind, text) = play::click_label(&fake, host, &lobby, "Start").await;
        assert_eq!(kind, 7, "starting works: {text}");
        play::live_board(&fake, channel).await;
    }
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stored_game_that_cannot_run_does_not_hold_the_channel() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("leftover");
    // The bot stopped between creating a game and saving its first state:
    // the store has it open in the channel, but it cannot be resumed.
    let db = dir.0.join("thaayam.db");
    let leftover = {
        let mut store = Store::open(&db).expect("store");
        let new = NewGame {
            guild: GUILD_ID,
            channel: CHANNEL,
            host: 1,
            ruleset: Ruleset::new(Variant::Bell),
            max_players: 2,
            turn_timeout_secs: 3600,
            seed: thaayam::dice::Seed([7; 32]),
            practice: false,
            dice: thaayam::dice::Derivation::CURRENT,
        };
        store.create_game(&new).expect("a game that never got a state")
    };
    let bot = play::start_bot(&fake, &dir.0).await;
    let alice = FakeUser::new(1, "alice");
    let lobby = play::open_lobby(&fake, &alice, CHANNEL, vec![]).await;
    assert!(lobby.button("Join").is_some(), "a new lobby opens");
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
    let store = Store::open(&db).expect("store");
    let state = store.game(leftover).expect("read").expect("kept").state;
    assert_eq!(state, GameState::Abandoned, "the leftover was abandoned");
}
