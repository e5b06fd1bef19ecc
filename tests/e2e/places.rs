//! End-to-end: games outside servers, and finding and following games.
//! A three-seat game (two friends and a computer) in a group DM, where
//! the bot is not in the channel: played to its end by clicks alone, with
//! no channel request (the fake refuses them all), tokens that expire in
//! the middle, a restart, and a turn that ran out settled at the next
//! click. A practice game in the bot's own DM, hints included.
//! `/thaayam games` lists exactly the running games with working links;
//! `/thaayam notify` sends one direct message per waiting turn, none when
//! off. Commands and clicks used where they cannot work are refused
//! privately and change nothing.

use crate::support::fake_discord::{FakeDiscord, FakeUser, Opt, StoredMessage};
use crate::support::play::{self, TempDir, WAIT};
use std::time::Duration;

const GROUP: u64 = 1_300_000_000_000_003_001;
const ELSEWHERE: u64 = 1_300_000_000_000_003_002;
const SERVER_CHANNEL: u64 = 1_300_000_000_000_003_003;
const SECOND_CHANNEL: u64 = 1_300_000_000_000_003_004;
const FRIENDS: u64 = 1_300_000_000_000_003_005;

/// The test bots' configuration with commands registered globally, as
/// Discord offers only global commands outside servers (a test bot
/// registers them in the test server).
fn global(db: &std::path::Path) -> thaayam::discord::config::Config {
    let mut config = play::config(db, thaayam::discord::config::Shards::Auto);
    config.dev_guild = None;
    config
}

/// Seats a computer of the first level on the lobby (as `host`).
async fn add_computer(fake: &FakeDiscord, host: &FakeUser, lobby: &StoredMessage) {
    let select = lobby.selects().into_iter().next().expect("the add-computer menu");
    let id = select["custom_id"].as_str().expect("custom_id").to_string();
    let level = select["options"][0]["value"].as_str().expect("a level").to_string();
    let i = fake.select(host, lobby.channel_id, lobby.id, &id, &[&level]).await;
    let (kind, text) = play::answer(fake, i).await;
    assert_eq!(kind, 7, "adding a computer updates the lobby: {text}");
}

/// `user` taps the board: Confirm, else the first move of its menu, else
/// Join; returns the interaction.
async fn tap(fake: &FakeDiscord, user: &FakeUser, board: &StoredMessage) -> u64 {
    if let Some(id) = board.control("ok") {
        return fake.click(user, board.channel_id, board.id, &id).await;
    }
    if let Some((id, values)) = play::move_menu(board) {
        return fake.select(user, board.channel_id, board.id, &id, &[&values[0]]).await;
    }
    let id = board.control("join").unwrap_or_else(|| panic!("nothing to tap: {}", board.text()));
    fake.click(user, board.channel_id, board.id, &id).await
}

/// Plays `steps` steps of the game in `channel` (or to its end).
async fn play_some(fake: &FakeDiscord, channel: u64, players: &[FakeUser], steps: usize) -> bool {
    for _ in 0..steps {
        if play::advance(fake, channel, players).await == play::Progress::Over {
            return true;
        }
    }
    false
}

/// Sets the deadline of game `channel`'s open game in the database to the
/// past (the bot is stopped): its turn ran out while nobody clicked.
fn expire_turn(db: &std::path::Path, channel: u64) {
    let conn = rusqlite::Connection::open(db).expect("open the database");
    let n = conn
        .execute(
            "UPDATE games SET deadline = 1, live = json_set(live, '$.deadline', 1) \
             WHERE channel_id = ?1 AND state = 'playing'",
            [channel as i64],
        )
        .expect("set the deadline");
    assert_eq!(n, 1, "one game plays in the channel");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_dm_game_of_two_friends_and_a_computer_is_played_by_clicks_alone() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("group-dm");
    let db = dir.0.join("thaayam.db");
    let bot = play::start_bot_with(&fake, global(&db)).await;
    let (alice, bob, carol) = (FakeUser::new(31, "alice"), FakeUser::new(32, "bob"), FakeUser::new(33, "carol"));
    fake.make_group_dm(GROUP, &[&alice, &bob, &carol]);
    let players = [alice.clone(), bob.clone()];

    // The lobby is the answer to /thaayam new.
    let i = fake.send_slash(&alice, GROUP, "thaayam", "new", vec![Opt::int("players", 3)]).await;
    let reply = fake.wait_response(i, WAIT).await;
    assert_eq!(reply.kind, 4, "the lobby answers the command");
    let lobby = fake.response_message(i).expect("the lobby");
    assert!(!lobby.is_ephemeral() && lobby.control("join").is_some(), "a public lobby: {}", lobby.text());
    assert!(lobby.embed_text().contains("Played outside a server · not rated"), "{}", lobby.text());
    play::click_label(&fake, &bob, &lobby, "Join").await;
    add_computer(&fake, &alice, &fake.message(lobby.id).expect("lobby")).await;
    let lobby = fake.message(lobby.id).expect("lobby");
    play::click_label(&fake, &alice, &lobby, "Start").await;

    // Someone who is not seated is refused privately; nothing changes.
    let board = play::settled_board(&fake, GROUP).await;
    let i = tap(&fake, &carol, &board).await;
    let (kind, text) = play::answer(&fake, i).await;
    assert_eq!(kind, 4, "carol is answered privately: {text}");
    assert_eq!(fake.message(board.id).expect("board").version, board.version, "the board is unchanged");

    // A while of play, then every token so far expires: the game goes on
    // at the next click with that click's token.
    assert!(!play_some(&fake, GROUP, &players, 12).await, "the game lasts longer than 12 steps");
    fake.expire_tokens();
    assert!(!play_some(&fake, GROUP, &players, 6).await, "the game goes on after the tokens expired");

    // A restart in the middle, and a turn that ran out while it was down:
    // the next click of a player settles it, as the clock would have.
    let before = play::settled_board(&fake, GROUP).await;
    bot.stop().await.expect("clean stop");
    expire_turn(&db, GROUP);
    let bot = play::start_bot_with(&fake, global(&db)).await;
    let on_turn = play::to_act(&before, &players).expect("a human on turn").clone();
    let other = players.iter().find(|p| p.id != on_turn.id).expect("the other").clone();
    let i = tap(&fake, &other, &before).await;
    let (kind, _) = play::answer_on(&fake, i, GROUP, before.id, before.version).await;
    assert_ne!(kind, 4, "the click of a seated player settles the turn that ran out");
    let settled = poll(WAIT, || fake.messages(GROUP).iter().any(|m| m.text().contains("ran out"))).await;
    assert!(settled, "the timeout is told: {}", fake.summary());

    let (last, _) = play::play_to_end(&fake, GROUP, &players, 4000).await;
    assert!(play::is_over(&last), "the game ended: {}", last.text());
    assert!(last.notified.contains(&alice.id) && last.notified.contains(&bob.id), "the result notifies both");
    assert!(last.text().contains("Played outside a server · not rated"), "{}", last.text());
    assert_eq!(fake.channel_requests_to(GROUP), 0, "no channel request in a group DM");
    fake.assert_no_violations();

    // Rematch: the lobby follows the click, and calls bob.
    let again = last.control("again").expect("a Rematch button");
    let i = fake.click(&alice, GROUP, last.id, &again).await;
    let (kind, text) = play::answer(&fake, i).await;
    assert_ne!(kind, 4, "the rematch is not refused: {text}");
    let lobby = fake.wait_for_channel_message(GROUP, |m| m.id > last.id && m.has_components(), WAIT).await;
    let lobby = lobby.unwrap_or_else(|| panic!("no rematch lobby: {}", fake.summary()));
    assert!(lobby.notified.contains(&bob.id), "the rematch calls bob: {}", lobby.text());
    assert_eq!(fake.channel_requests_to(GROUP), 0, "no channel request for the rematch either");

    // The game counts in no server's leaderboard.
    let i = fake.send_slash(&alice, GROUP, "thaayam", "leaderboard", vec![]).await;
    let (kind, text) = play::answer(&fake, i).await;
    assert_eq!(kind, 4);
    assert!(text.contains("works in a server's channels only"), "{text}");
    // A click claiming the group DM's game from another channel is refused.
    let forged = last.component_refs().next().and_then(|c| c["custom_id"].as_str().map(String::from));
    if let Some(id) = forged {
        fake.make_group_dm(ELSEWHERE, &[&carol]);
        let i = fake.forge_click(&carol, 0, ELSEWHERE, last.id, &id).await;
        let (kind, _) = play::answer(&fake, i).await;
        assert_eq!(kind, 4, "refused privately");
    }
    bot.stop().await.expect("clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_friends_play_in_their_own_dm_without_the_bot_in_it() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("friends-dm");
    let bot = play::start_bot_with(&fake, global(&dir.0.join("thaayam.db"))).await;
    let (alice, bob) = (FakeUser::new(61, "alice"), FakeUser::new(62, "bob"));
    fake.make_private_dm(FRIENDS, &alice, &bob);
    let players = [alice.clone(), bob.clone()];
    let i = fake.send_slash(&alice, FRIENDS, "thaayam", "new", vec![]).await;
    assert_eq!(fake.wait_response(i, WAIT).await.kind, 4, "the lobby answers the command");
    let lobby = fake.response_message(i).expect("the lobby");
    play::click_label(&fake, &bob, &lobby, "Join").await;
    play::click_label(&fake, &alice, &fake.message(lobby.id).expect("lobby"), "Start").await;
    let (last, _) = play::play_to_end(&fake, FRIENDS, &players, 4000).await;
    assert!(play::is_over(&last), "{}", last.text());
    assert_eq!(fake.channel_requests_to(FRIENDS), 0, "no channel request in a DM the bot is not in");
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_practice_game_in_the_bots_dm_is_played_to_its_end_with_hints() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("bot-dm");
    let bot = play::start_bot_with(&fake, global(&dir.0.join("thaayam.db"))).await;
    let alice = FakeUser::new(41, "alice");
    let dm = fake.bot_dm(&alice);
    let lobby = play::open_lobby(&fake, &alice, dm, vec![]).await;
    assert!(lobby.embed_text().contains("Practice game · not rated"), "practice by default: {}", lobby.text());
    add_computer(&fake, &alice, &lobby).await;
    let lobby = fake.message(lobby.id).expect("lobby");
    play::click_label(&fake, &alice, &lobby, "Start").await;
    let board = play::live_board(&fake, dm).await;
    assert!(play::to_act(&board, std::slice::from_ref(&alice)).is_some(), "alice's turn: {}", board.text());
    let i = fake.send_slash(&alice, dm, "thaayam", "hint", vec![]).await;
    fake.wait_response(i, WAIT).await;
    let hint = poll(WAIT, || fake.messages(dm).iter().any(|m| m.is_ephemeral() && m.content().contains('%'))).await;
    assert!(hint, "a private hint with her chances: {}", fake.summary());
    let (last, _) = play::play_to_end(&fake, dm, std::slice::from_ref(&alice), 4000).await;
    assert!(play::is_over(&last), "{}", last.text());
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_lists_the_running_games_and_notify_sends_one_message_per_waiting_turn() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("games-notify");
    let mut config = global(&dir.0.join("thaayam.db"));
    config.notify_after = 2;
    let bot = play::start_bot_with(&fake, config).await;
    let (alice, bob) = (FakeUser::new(51, "alice"), FakeUser::new(52, "bob"));
    let players = [alice.clone(), bob.clone()];
    for user in [&alice, &bob] {
        let switch = if user.id == alice.id { 0 } else { 1 };
        let i = fake.send_slash(user, SERVER_CHANNEL, "thaayam", "notify", vec![Opt::int("switch", switch)]).await;
        let (kind, text) = play::answer(&fake, i).await;
        assert_eq!(kind, 4, "{text}");
        assert!(text.contains("direct message"), "{text}");
    }
    play::start_two(&fake, &alice, &bob, SERVER_CHANNEL).await;
    let lobby = play::open_lobby(&fake, &bob, SECOND_CHANNEL, vec![]).await;

    // In a server, the game of the channel asked from only (the bot cannot
    // tell which other channels the caller sees), with a link to its board.
    let i = fake.send_slash(&alice, SERVER_CHANNEL, "thaayam", "games", vec![]).await;
    let (kind, text) = play::answer(&fake, i).await;
    assert_eq!(kind, 4, "{text}");
    let board = play::settled_board(&fake, SERVER_CHANNEL).await;
    assert!(text.starts_with("1 game runs in this channel"), "{text}");
    assert!(text.contains(&format!("/{SERVER_CHANNEL}/{}", board.id)), "a link to the board: {text}");
    assert!(!text.contains(&format!("/{SECOND_CHANNEL}/")), "not the other channel's lobby: {text}");
    let i = fake.send_slash(&bob, SECOND_CHANNEL, "thaayam", "games", vec![]).await;
    let (_, text) = play::answer(&fake, i).await;
    assert!(text.contains(&format!("/{SECOND_CHANNEL}/{}", lobby.id)), "a link to the lobby: {text}");

    // Whoever is on turn waits: alice gets one direct message per waiting
    // turn (a turn is told by its deadline on the board), bob (off) none.
    let (mut waited_for_alice, mut last_turn) = (0, String::new());
    for _ in 0..200 {
        let board = play::settled_board(&fake, SERVER_CHANNEL).await;
        if play::is_over(&board) || waited_for_alice >= 2 {
            break;
        }
        let deadline = board.content().split("time runs out <t:").nth(1).unwrap_or_default();
        let turn = deadline.split(':').next().unwrap_or_default().to_string();
        let alices = play::to_act(&board, &players).is_some_and(|p| p.id == alice.id);
        if alices && turn != last_turn {
            let expected = waited_for_alice + 1;
            let got = poll(Duration::from_secs(8), || fake.dms_to(alice.id).len() >= expected).await;
            assert!(got, "alice is told her turn waits: {}", fake.summary());
            tokio::time::sleep(Duration::from_secs(3)).await;
            assert_eq!(fake.dms_to(alice.id).len(), expected, "one message a turn");
            let dm = fake.dms_to(alice.id).pop().expect("the message");
            assert!(dm.content().contains(&format!("/{SERVER_CHANNEL}/")), "it links the board: {}", dm.content());
            waited_for_alice += 1;
            last_turn = turn;
        }
        if play::advance(&fake, SERVER_CHANNEL, &players).await == play::Progress::Over {
            break;
        }
    }
    assert_eq!(waited_for_alice, 2, "alice's turn came twice");
    assert!(fake.dms_to(bob.id).is_empty(), "bob switched them off");
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}

/// Whether `check` holds within `timeout` (asked every 50 ms).
async fn poll(timeout: Duration, mut check: impl FnMut() -> bool) -> bool {
    let until = std::time::Instant::now() + timeout;
    while std::time::Instant::now() < until {
        if check() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    check()
}
