//! End-to-end: a turn as the players see it. Nothing waits for a tap
//! without a choice; a move is one pick and a Confirm; at every step the
//! picture's header names the player who acts (read through the board
//! attachment's description, which is drawn from the same view); the next
//! human is notified by a new message and the old board becomes a line
//! of what happened; resigning a game of two ends it; `/thaayam help`
//! explains a turn; a control of an older board brings that board up to
//! date.

use crate::support::fake_discord::{FakeDiscord, FakeUser, GUILD_ID, StoredMessage};
use crate::support::play::{self, TempDir, WAIT};

const CHANNEL: u64 = 1_300_000_000_000_000_701;

/// A started two-player game of alice (host) and bob; returns the first board with a choice.
async fn started(fake: &FakeDiscord, alice: &FakeUser, bob: &FakeUser) -> StoredMessage {
    play::start_two(fake, alice, bob, CHANNEL).await;
    play::live_board(fake, CHANNEL).await
}

/// The newest board once it offers a choice, or the final message.
async fn next_board(fake: &FakeDiscord) -> StoredMessage {
    let ready = |m: &StoredMessage| play::move_menu(m).is_some() || play::is_over(m);
    let found = fake.wait_channel(CHANNEL, WAIT, |i| i.newest_public(CHANNEL).filter(|m| ready(m)).cloned()).await;
    found.unwrap_or_else(|| panic!("the game did not go on: {}", fake.summary()))
}

/// The seat named on the board's "to move" line ("**South** (<@…>) to move").
fn seat_to_move(board: &StoredMessage) -> String {
    let line = board.content().lines().rev().find(|l| l.contains(" to move")).expect("a line of who moves");
    line.split("**").nth(1).expect("the seat in bold").to_string()
}

/// Asserts that the picture's header, as its description reads it, names
/// the player who acts (by her display name, or her seat before the bot
/// has seen her name).
fn assert_header_names(board: &StoredMessage, who: &FakeUser, when: &str) {
    let alt = board.image_descriptions().into_iter().next().flatten();
    let alt = alt.unwrap_or_else(|| panic!("{when}: the board picture has a description: {}", board.text()));
    let seat = seat_to_move(board);
    let named = alt.contains(&format!(" {} to play", who.name)) || alt.contains(&format!(" {seat} to play"));
    assert!(named, "{when}: the header names {} ({seat}): {alt}", who.name);
    assert!(alt.chars().count() <= 1024, "{when}: alt text within Discord's limit");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_header_names_who_acts_and_the_next_human_is_notified() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("turns");
    let bot = play::start_bot(&fake, &dir.0).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    let players = [alice.clone(), bob.clone()];
    let mut board = started(&fake, &alice, &bob).await;
    let (mut changes, mut turns) = (0, 0);
    while changes < 6 && turns < 100 && !play::is_over(&board) {
        turns += 1;
        let on_turn = play::to_act(&board, &players).expect("a human to act").clone();
        assert!(board.button("Throw").is_none(), "nobody throws by hand: {}", board.text());
        assert!(board.notified.contains(&on_turn.id) || board.version > 0, "a new board notifies her");
        assert_header_names(&board, &on_turn, "before her pick");
        let (_, moves) = play::move_menu(&board).expect("the move menu");
        assert!(moves.len() >= 2, "she is asked only when there is a choice: {moves:?}");

        // One pick: the board is updated in place, the header still names her.
        // The first option is a whole move, or, when a series has over 25
        // ends, one piece's move: then the menu offers the rest, picked
        // the same way until the move is whole.
        let (kind, text) = play::pick(&fake, &on_turn, &board, &moves[0]).await;
        assert_eq!(kind, 7, "the pick updates the board: {text}");
        let mut picked = fake.message(board.id).expect("board");
        for _ in 0..8 {
            if !picked.content().contains("is building **") {
                break;
            }
            let (_, rest) = play::move_menu(&picked).expect("the rest of the move");
            let (kind, text) = play::pick(&fake, &on_turn, &picked, &rest[0]).await;
            assert_eq!(kind, 7, "the next pick updates the board: {text}");
            picked = fake.message(board.id).expect("board");
        }
        assert!(picked.content().contains("is choosing **"), "the pick is named as a preview: {}", picked.content());
        assert_header_names(&picked, &on_turn, "after her pick, before Confirm");

        // Confirm: the next human is told by a new message, never by an edit.
        let public = fake.messages(CHANNEL).iter().filter(|m| !m.is_ephemeral()).count();
        let (kind, text) = play::click_label(&fake, &on_turn, &picked, "Confirm").await;
        assert_ne!(kind, 4, "Confirm is accepted: {text}");
        let next = next_board(&fake).await;
        let posted = fake.messages(CHANNEL).iter().filter(|m| !m.is_ephemeral()).count() - public;
        match play::to_act(&next, &players) {
            Some(who) if *who != on_turn => {
                changes += 1;
                assert_ne!(next.id, board.id, "a new board for a new player");
                assert_eq!(posted, 1, "one new message per change of player");
                assert!(next.notified.contains(&who.id), "{} is notified: {}", who.name, next.content());
                assert!(!next.notified.contains(&on_turn.id), "the player who just moved is not");
                let old = fake.message(board.id).expect("old board");
                assert!(old.components().is_empty() && old.files.is_empty(), "the old board is a record");
                assert!(old.content().contains(&format!("{}:", seat_to_move(&board))), "{}", old.content());
            }
            _ => {
                assert_eq!((next.id, posted), (board.id, 0), "the same player goes on in place");
            }
        }
        board = next;
    }
    assert!(changes >= 6 || play::is_over(&board), "{changes} changes of player in {turns} turns");
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resigning_a_game_of_two_ends_it_and_the_other_player_wins() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("resign");
    let bot = play::start_bot(&fake, &dir.0).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    started(&fake, &alice, &bob).await;

    let r = fake.send_slash(&bob, CHANNEL, "thaayam", "resign", vec![]).await;
    play::answer(&fake, r).await;
    let over = fake.wait_for_message(|m| m.channel_id == CHANNEL && play::is_over(m), WAIT).await;
    // What ended it stays on the record of the board above the result.
    let resigned = format!("{} resigned; the other player wins", bob.mention());
    let record = fake.wait_for_message(|m| m.channel_id == CHANNEL && m.content().contains(&resigned), WAIT).await;
    assert!(record.id < over.id && !record.has_components(), "a record above the result: {}", record.text());
    assert!(over.content().starts_with(&format!("🏆 **{}**", alice.mention())), "alice wins: {}", over.text());
    let places = over.embed_text();
    assert!(places.contains(&format!("1. {}", alice.mention())), "alice wins: {places}");
    assert!(places.contains("Ratings"), "the game is rated: {places}");
    let mut notified = over.notified.clone();
    notified.sort();
    assert_eq!(notified, vec![alice.id, bob.id], "the result notifies both players");
    assert_eq!(over.components().len(), 1, "no controls after the end but Rematch");
    // Nothing is left to play or to end in the channel.
    let e = fake.send_slash(&alice, CHANNEL, "thaayam", "end", vec![]).await;
    let (kind, text) = play::answer(&fake, e).await;
    assert_eq!(kind, 4, "answered privately: {text}");
    assert!(text.contains("No game"), "{text}");

    // Rematch: a stranger is refused privately; bob opens a lobby where
    // he sits, and alice is called to it (she sits once she presses Join).
    let carol = FakeUser::new(3, "carol");
    let (kind, text) = play::click_control(&fake, &carol, &over, "again").await;
    assert_eq!(kind, 4, "refused privately: {text}");
    assert!(text.contains("Only the players of game"), "{text}");
    let (kind, _) = play::click_control(&fake, &bob, &over, "again").await;
    assert_eq!(kind, 6, "acknowledged, then told privately");
    let lobby =
        fake.wait_for_message(|m| m.channel_id == CHANNEL && m.id > over.id && m.control("join").is_some(), WAIT);
    let lobby = lobby.await;
    assert!(lobby.content().contains("Rematch of game"), "{}", lobby.text());
    assert_eq!(lobby.notified, vec![alice.id], "alice is called to the rematch: {}", lobby.text());
    assert!(lobby.embed_text().contains(&bob.mention()), "bob is seated: {}", lobby.embed_text());
    play::click_label(&fake, &alice, &lobby, "Join").await;
    let lobby = fake.message(lobby.id).expect("lobby");
    for p in [&alice, &bob] {
        assert!(lobby.embed_text().contains(&p.mention()), "{} is seated: {}", p.name, lobby.embed_text());
    }
    let e = fake.send_slash(&alice, CHANNEL, "thaayam", "end", vec![]).await;
    play::answer(&fake, e).await;

    // /thaayam help explains a turn with the real labels and a described picture.
    let h = fake.send_slash(&bob, CHANNEL, "thaayam", "help", vec![]).await;
    fake.wait_response(h, WAIT).await;
    let help = fake.wait_for_message(|m| m.interaction_id == Some(h) && !m.files.is_empty(), WAIT).await;
    assert!(help.content().contains("**Confirm**") && help.is_ephemeral(), "{}", help.content());
    let alt = help.image_descriptions().into_iter().next().flatten().expect("the picture is described");
    assert!(alt.contains("takes North"), "{alt}");
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_control_of_an_older_board_is_refused_privately_and_changes_nothing() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("retired");
    let bot = play::start_bot(&fake, &dir.0).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    let board = started(&fake, &alice, &bob).await;
    let (menu, _) = play::move_menu(&board).expect("the move menu");
    let parts: Vec<&str> = menu.split(':').collect();
    // The piece menu of the boards before whole moves, as a restart would find it.
    let retired = format!("t1:{}:unit::{}", parts[1], parts[4]);

    // Anyone can send it: it must not redraw the board (a picture each
    // time, and the board's lines wiped). Start-up redraws such boards.
    let i = fake.forge_click(&alice, GUILD_ID, CHANNEL, board.id, &retired).await;
    let (kind, text) = play::answer(&fake, i).await;
    assert_eq!(kind, 4, "on the game's own board: a private answer");
    assert!(text.contains("older board"), "{text}");
    assert_eq!(fake.message(board.id).expect("board").version, board.version, "the board is untouched");

    let note = fake.send_slash(&alice, CHANNEL, "thaayam", "rules", vec![]).await;
    play::answer(&fake, note).await;
    let elsewhere = fake.all_messages().into_iter().find(|m| m.channel_id == CHANNEL && m.id != board.id);
    let elsewhere = elsewhere.expect("another message in the channel");
    let i = fake.forge_click(&alice, GUILD_ID, CHANNEL, elsewhere.id, &retired).await;
    let (kind, text) = play::answer(&fake, i).await;
    assert_eq!(kind, 4, "elsewhere: a private answer");
    assert!(text.contains("older board"), "{text}");
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}
