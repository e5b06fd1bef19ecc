//! End-to-end: awkward clicks and every command against the real bot
//! through the fake Discord: non-players, players out of turn, double and
//! simultaneous clicks, outdated boards, and the commands' error paths.

use crate::support::fake_discord::{FakeDiscord, FakeUser, Opt, StoredMessage};
use crate::support::play::{self, TempDir, WAIT};

const CHANNEL: u64 = 1_300_000_000_000_000_201;

/// A started two-player game of alice (host) and bob; returns the board.
async fn started(fake: &FakeDiscord, alice: &FakeUser, bob: &FakeUser, channel: u64) -> StoredMessage {
    let lobby = play::open_lobby(fake, alice, channel, vec![]).await;
    play::click_label(fake, bob, &lobby, "Join").await;
    let lobby = fake.message(lobby.id).expect("lobby");
    play::click_label(fake, alice, &lobby, "Start").await;
    play::live_board(fake, channel).await
}

fn assert_private(kind: u64, text: &str, what: &str) {
    assert_eq!(kind, 4, "{what}: answered with a private message");
    assert!(!text.is_empty(), "{what}: the private answer explains");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_players_double_and_simultaneous_clicks() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("clicks");
    let bot = play::start_bot(&fake, &dir.0).await;
    let (alice, bob, carol) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"), FakeUser::new(3, "carol"));

    // Two users take the last seat at the same instant: exactly one gets it.
    let lobby = play::open_lobby(&fake, &alice, CHANNEL, vec![]).await;
    let join = lobby.button("Join").expect("join");
    let (a, b) = tokio::join!(fake.click(&bob, CHANNEL, lobby.id, &join), fake.click(&carol, CHANNEL, lobby.id, &join));
    let (ka, _) = play::answer(&fake, a).await;
    let (kb, _) = play::answer(&fake, b).await;
    let mut kinds = [ka, kb];
    kinds.sort();
    assert_eq!(kinds, [4, 7], "one join updates the lobby, the other is refused privately");
    let lobby = fake.message(lobby.id).expect("lobby");
    let (second, outsider) = if ka == 7 { (&bob, &carol) } else { (&carol, &bob) };
    assert!(lobby.text().contains(&second.mention()) && !lobby.text().contains(&outsider.mention()));
    play::click_label(&fake, &alice, &lobby, "Start").await;
    let board = play::live_board(&fake, CHANNEL).await;
    let players = [alice.clone(), second.clone()];
    let on_turn = play::to_act(&board, &players).expect("a human is to act").clone();
    let other = players.iter().find(|p| **p != on_turn).expect("two players").clone();
    let (menu, moves) = play::move_menu(&board).expect("the move menu");

    // A non-player and the player out of turn are refused; nothing changes.
    for (who, what) in [(outsider, "non-player"), (&other, "out of turn")] {
        let (kind, text) = play::pick(&fake, who, &board, &moves[0]).await;
        assert_private(kind, &text, what);
        assert_eq!(fake.message(board.id).expect("board").version, board.version, "{what}: no change");
    }

    // A double click: both clicks carry the same choice; one is applied.
    let first = fake.select(&on_turn, CHANNEL, board.id, &menu, &[&moves[0]]).await;
    let again = fake.select(&on_turn, CHANNEL, board.id, &menu, &[&moves[0]]).await;
    let (k1, t1) = play::answer(&fake, first).await;
    let (k2, t2) = play::answer(&fake, again).await;
    let mut kinds = [k1, k2];
    kinds.sort();
    assert_eq!(kinds, [4, 7], "one click is applied, the other refused privately: {t1:?} {t2:?}");
    assert_eq!(fake.message(board.id).expect("board").version, board.version + 1, "applied once");
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_and_their_error_paths() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("commands");
    let bot = play::start_bot(&fake, &dir.0).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    let moderator = FakeUser::new(4, "mod").moderator();

    let rules = fake.send_slash(&bob, CHANNEL, "thaayam", "rules", vec![]).await;
    let r = fake.wait_response(rules, WAIT).await;
    assert!(r.kind == 4 || r.kind == 5, "rules are answered");

    let board = started(&fake, &alice, &bob, CHANNEL).await;
    // A second game in the same channel is refused privately.
    let again = fake.send_slash(&bob, CHANNEL, "thaayam", "new", vec![]).await;
    let (kind, text) = play::answer(&fake, again).await;
    assert_private(kind, &text, "second new");
    assert!(text.contains("already"), "says a game is running: {text}");

    // `board` posts the board again; the old message's controls are then outdated.
    let b = fake.send_slash(&alice, CHANNEL, "thaayam", "board", vec![]).await;
    fake.wait_response(b, WAIT).await;
    let fresh = fake.wait_for_message(|m| m.channel_id == CHANNEL && !m.is_ephemeral() && m.id != board.id, WAIT).await;
    assert!(play::move_menu(&fresh).is_some(), "the new board has the controls: {}", fresh.text());
    let old = fake.message(board.id).expect("old board");
    if let Some((_, moves)) = play::move_menu(&old) {
        let on_turn = play::to_act(&fresh, &[alice.clone(), bob.clone()]).expect("on turn").clone();
        let (kind, text) = play::pick(&fake, &on_turn, &old, &moves[0]).await;
        assert_private(kind, &text, "click on an outdated board");
    }

    // `end` without permission is refused; a moderator may end it.
    let e = fake.send_slash(&bob, CHANNEL, "thaayam", "end", vec![]).await;
    let (kind, text) = play::answer(&fake, e).await;
    assert_private(kind, &text, "end by a player who is not host");
    let e = fake.send_slash(&moderator, CHANNEL, "thaayam", "end", vec![]).await;
    fake.wait_response(e, WAIT).await;
    let ended =
        fake.wait_for_message(|m| m.channel_id == CHANNEL && m.text().contains("ended before its end"), WAIT).await;
    let controls: Vec<String> = ended.buttons().into_iter().map(|(id, ..)| id).collect();
    assert!(
        controls.len() == 1 && controls[0].contains(":again:"),
        "an ended game offers only a rematch: {controls:?}"
    );
    let over_id = ended.id;

    // kick by a non-host is refused; the host who ends a rated game she
    // plays resigns it (tests/e2e/fair_play.rs shows the rest).
    started(&fake, &alice, &bob, CHANNEL).await;
    let k = fake.send_slash(&bob, CHANNEL, "thaayam", "kick", vec![Opt::user("user", &alice)]).await;
    let (kind, text) = play::answer(&fake, k).await;
    assert_private(kind, &text, "kick by a non-host");
    let e = fake.send_slash(&alice, CHANNEL, "thaayam", "end", vec![]).await;
    fake.wait_response(e, WAIT).await;
    let over = |m: &StoredMessage| m.channel_id == CHANNEL && play::is_over(m) && m.id > over_id;
    let over = fake.wait_for_message(over, WAIT).await;
    assert!(over.content().starts_with(&format!("🏆 **{}**", bob.mention())), "bob wins: {}", over.text());
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}
