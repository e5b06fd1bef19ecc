//! End-to-end: a running game saved in a newer form than this release
//! reads (a newer bot ran on the database, then an older one came back)
//! is kept, never abandoned: `/thaayam new` in its channel is refused with
//! words saying why, the game stays open in the store and its seed stays
//! secret (no message shows it).

use crate::support::fake_discord::{FakeDiscord, FakeUser};
use crate::support::play::{self, TempDir, WAIT};

const CHANNEL: u64 = 1_300_000_000_000_004_001;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_saved_by_a_newer_release_is_refused_in_words_and_never_abandoned() {
    let _serial = crate::support::serial().await;
    let dir = TempDir::new("newer-save");
    let db = dir.0.join("thaayam.db");
    let fake = FakeDiscord::start().await;
    let bot = play::start_bot(&fake, &dir.0).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    play::start_two(&fake, &alice, &bob, CHANNEL).await;
    let _ = play::settled_board(&fake, CHANNEL).await;
    bot.stop().await.expect("clean stop");
    assert!(fake.wait_disconnected(WAIT).await, "the bot left the gateway");

    // A newer release saved the game in a form this one does not read.
    let conn = rusqlite::Connection::open(&db).expect("open the database");
    let changed = conn
        .execute(
            "UPDATE games SET live = json_set(live, '$.v', 99) WHERE channel_id = ?1 AND state = 'playing'",
            [CHANNEL as i64],
        )
        .expect("a newer form");
    assert_eq!(changed, 1, "one game plays in the channel");
    let seed: String = conn
        .query_row("SELECT lower(hex(seed)) FROM games WHERE channel_id = ?1", [CHANNEL as i64], |r| r.get(0))
        .expect("the seed");
    drop(conn);

    let bot = play::start_bot(&fake, &dir.0).await;
    let asked = fake.send_slash(&alice, CHANNEL, "thaayam", "new", vec![]).await;
    let (_, text) = play::answer(&fake, asked).await;
    assert!(text.contains("newer version") && text.contains("untouched"), "says why: {text}");
    bot.stop().await.expect("clean stop");

    let conn = rusqlite::Connection::open(&db).expect("open the database");
    let states: Vec<String> = conn
        .prepare("SELECT state FROM games WHERE channel_id = ?1")
        .expect("prepare")
        .query_map([CHANNEL as i64], |r| r.get(0))
        .expect("query")
        .collect::<Result<_, _>>()
        .expect("rows");
    assert_eq!(states, ["playing"], "the game is kept as it was, and no other was opened");
    for message in fake.all_messages() {
        assert!(!message.text().to_lowercase().contains(&seed), "the seed is not revealed: {}", message.text());
    }
    fake.assert_no_violations();
}
