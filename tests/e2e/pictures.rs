//! End-to-end: the board picture is drawn and uploaded only when it
//! changes. A click that leaves it as it was updates the board without
//! files, and the message keeps its attachment (the same file, the same
//! bytes and description) which its embed still shows; a click that
//! changes it uploads a new one in its place.

use crate::support::fake_discord::{FakeDiscord, FakeUser, GUILD_ID, StoredMessage};
use crate::support::play::{self, TempDir, WAIT};

const CHANNEL: u64 = 1_300_000_000_000_000_801;

/// The one file of a board: its id and bytes.
fn picture(m: &StoredMessage) -> (u64, Vec<u8>) {
    assert_eq!(m.files.len(), 1, "one picture: {}", m.text());
    (m.files[0].id, m.files[0].bytes.to_vec())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_click_that_leaves_the_picture_as_it_was_keeps_its_attachment() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("pictures");
    let bot = play::start_bot(&fake, &dir.0).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    play::start_two(&fake, &alice, &bob, CHANNEL).await;
    let board = play::live_board(&fake, CHANNEL).await;
    let on_turn = play::to_act(&board, &[alice.clone(), bob.clone()]).expect("a human to act").clone();
    let before = picture(&board);

    // The menu's first page asked for again changes the controls, not the
    // picture (forged: page buttons show only under long menus).
    let (game, seq) = (play::game_of(&board).expect("a game"), play::seq_of(&board).expect("a counter"));
    let page = format!("t1:{game}:page:0:{seq}");
    let i = fake.forge_click(&on_turn, GUILD_ID, CHANNEL, board.id, &page).await;
    let answer = fake.wait_response(i, WAIT).await;
    assert_eq!(answer.kind, 7, "the board is updated in place");
    assert_eq!(answer.files, 0, "nothing is uploaded");
    let paged = fake.message(board.id).expect("the board");
    assert_eq!(paged.version, board.version + 1);
    assert_eq!(play::seq_of(&paged), Some(seq + 1), "its controls moved on");
    assert_eq!(picture(&paged), before, "the same file, kept");
    assert_eq!(paged.image_descriptions(), board.image_descriptions());

    // A pick changes the picture: a new file takes the old one's place.
    let (_, moves) = play::move_menu(&paged).expect("the move menu");
    let (kind, text) = play::pick(&fake, &on_turn, &paged, &moves[0]).await;
    assert_eq!(kind, 7, "the pick updates the board: {text}");
    let picked = fake.message(board.id).expect("the board");
    let after = picture(&picked);
    assert_ne!(after.0, before.0, "a new file");
    assert_ne!(after.1, before.1, "another picture");

    // Every embed image named a file its message had (the fake checks).
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}
