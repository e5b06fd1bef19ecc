//! A whole game of two humans and a computer through the fake Discord: only
//! the live board shows the game (every board left behind became a record
//! without picture or controls). With `THAAYAM_TRANSCRIPT=dir cargo test
//! --test e2e transcript` it is also written out as the players see it
//! (every version of every public message: text, buttons, menu options, alt
//! text) in `dir/transcript.md`, with the pictures beside it.

use crate::support::fake_discord::{FakeDiscord, FakeUser, Opt, StoredMessage};
use crate::support::play::{self, Progress, TempDir};
use crate::support::transcript::{Transcript, assert_the_win_is_told};
use std::collections::HashSet;

/// Every line of the messages, as the channel shows them at the end.
fn fake_lines(messages: &[StoredMessage]) -> HashSet<&str> {
    messages.iter().flat_map(|m| m.content().lines()).collect()
}

const CHANNEL: u64 = 1_300_000_000_000_000_901;

/// Whether a record points on: to the board below, or (the last one of a
/// game) to its result below.
fn points_on(text: &str) -> bool {
    text.contains("goes on in the board below") || text.contains("its result is below")
}

/// Whether a line says what a seat chose or captured (a line of the
/// story, as the notes word it in English).
fn tells_a_move(line: &str) -> bool {
    let seat = ["South: ", "West: ", "North: ", "East: "].iter().any(|s| line.starts_with(s));
    seat || line.contains(" captured ")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_live_board_shows_the_game() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("transcript");
    let bot = play::start_bot(&fake, &dir.0).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    let lobby = play::open_lobby(&fake, &alice, CHANNEL, vec![Opt::int("players", 3)]).await;
    play::click_label(&fake, &bob, &lobby, "Join").await;
    let lobby = fake.message(lobby.id).expect("lobby");
    let select = lobby.selects().into_iter().next().expect("the add-computer menu");
    let id = select["custom_id"].as_str().expect("custom_id").to_string();
    let level = select["options"][0]["value"].as_str().expect("a level").to_string();
    let i = fake.select(&alice, CHANNEL, lobby.id, &id, &[&level]).await;
    play::answer(&fake, i).await;
    let lobby = fake.message(lobby.id).expect("lobby");
    play::click_label(&fake, &alice, &lobby, "Start").await;

    let players = [alice, bob];
    let mut transcript = Transcript::new("transcript", "A game of Thaayam (bell) of three, in English", CHANNEL);
    for _ in 0..4000 {
        transcript.record(&fake);
        if play::advance(&fake, CHANNEL, &players).await == Progress::Over {
            break;
        }
    }
    let last = play::board(&fake, CHANNEL);
    assert!(play::is_over(&last), "the game ended: {}", last.text());
    // The board above the result becomes a record just after the result is posted.
    let settled = |i: &crate::support::fake_discord::state::Inner| {
        let mut older = i
            .channel_messages(CHANNEL)
            .filter(|m| m.id != last.id && !m.is_ephemeral() && !m.content().starts_with("Lobby opened"));
        older.all(|m| !m.has_components() && points_on(m.content())).then_some(())
    };
    assert!(fake.wait_channel(CHANNEL, play::WAIT, settled).await.is_some(), "the last board became a record");
    transcript.record(&fake);
    let seen = transcript.finish();
    let boards: Vec<StoredMessage> = fake
        .messages(CHANNEL)
        .into_iter()
        .filter(|m| m.id != last.id && !m.content().starts_with("Lobby opened"))
        .collect();
    assert!(boards.len() > 3, "the board was posted anew for each change of human: {} records", boards.len());
    for old in &boards {
        assert!(
            old.files.is_empty() && old.components().is_empty(),
            "an old board still shows the game: {}",
            old.text()
        );
        assert!(points_on(old.content()), "an old board does not point on: {}", old.text());
    }

    // The channel, read from the top, tells the whole game: every move and
    // capture shown while it was played is still there.
    let final_lines: HashSet<&str> = fake_lines(&boards);
    let shown: Vec<&str> = seen.iter().flat_map(|m| m.content().lines()).filter(|l| tells_a_move(l)).collect();
    assert!(shown.len() > 20, "a game shows many moves: {}", shown.len());
    for line in &shown {
        assert!(final_lines.contains(line), "shown during the game, gone at its end: {line}");
    }
    // No record is a copy of the message after it.
    for pair in fake.messages(CHANNEL).windows(2) {
        let (record, next) = (&pair[0], &pair[1]);
        if !points_on(record.content()) {
            continue;
        }
        let own: Vec<&str> = record.content().lines().filter(|l| !points_on(l)).collect();
        let next_lines: HashSet<&str> = next.content().lines().collect();
        assert!(
            own.is_empty() || own.iter().any(|l| !next_lines.contains(l)),
            "a record copies the board after it:\n{}\n---\n{}",
            record.content(),
            next.content()
        );
    }
    // The winning move is in the story, and no seat is named twice.
    let public: Vec<StoredMessage> = fake.messages(CHANNEL).into_iter().filter(|m| !m.is_ephemeral()).collect();
    assert_the_win_is_told(&public, "en", "bore off");
    // The result is a new message that notifies every human.
    assert!(boards.iter().all(|b| b.id < last.id), "the result comes last, as a new message");
    let mut notified = last.notified.clone();
    notified.sort();
    assert_eq!(notified, vec![players[0].id, players[1].id], "the result notifies both players");
    // Each ping's first line is the ping.
    for m in seen.iter().filter(|m| m.version == 0 && !m.notified.is_empty() && m.id != last.id) {
        let first = m.content().lines().next().unwrap_or_default();
        let pinged = m.notified.iter().all(|u| first.contains(&format!("<@{u}>")));
        assert!(pinged && first.contains(" to "), "a ping that does not lead: {}", m.content());
    }
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}

/// A game of Tayam Sonalu of four (two humans, two computers) to its end:
/// the variant speaks its own words (its name in every title, pieces go
/// home, never "borne off"), its two computers have distinct names, and
/// every board left behind points on. Written out as
/// `transcript-tayam-sonalu.md` with `THAAYAM_TRANSCRIPT=dir`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tayam_sonalu_game_of_four_speaks_its_own_words() {
    let title = "A game of Tayam Sonalu of four (two humans, two computers), in English";
    table_game(SONALU, 4, CHANNEL + 1, "transcript-tayam-sonalu", title).await;
}

/// A game of Tayam Sonalu of two (a human and a computer) to its end, its
/// winning move in the channel's story like the game of four's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tayam_sonalu_game_of_two_tells_its_winning_move() {
    let title = "A game of Tayam Sonalu of two (a human, a computer), in English";
    table_game(SONALU, 2, CHANNEL + 2, "transcript-tayam-sonalu-2", title).await;
}

/// A game of Thaayam (bell) of four (two humans, two computers) to its
/// end, its winning move in the channel's story, no seat named twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bell_game_of_four_tells_its_winning_move() {
    let title = "A game of Thaayam (bell) of four (two humans, two computers), in English";
    table_game(BELL, 4, CHANNEL + 3, "transcript-bell-4", title).await;
}

/// The `variant` option of Thaayam (bell) and Tayam Sonalu (`Variant::ALL[0]`, `[3]`).
const BELL: i64 = 0;
const SONALU: i64 = 3;

/// A game of `variant` of `seats` seats in `channel`: alice, bob when
/// there are four, and computers in the other seats.
async fn table_game(variant: i64, seats: i64, channel: u64, name: &str, title: &str) {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new(name);
    let bot = play::start_bot(&fake, &dir.0).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    let options = vec![Opt::int("variant", variant), Opt::int("players", seats)];
    let lobby = play::open_lobby(&fake, &alice, channel, options).await;
    let humans = if seats == 4 { vec![alice.clone(), bob.clone()] } else { vec![alice.clone()] };
    if seats == 4 {
        play::click_label(&fake, &bob, &lobby, "Join").await;
    }
    for _ in 0..(seats as usize - humans.len()) {
        let lobby = fake.message(lobby.id).expect("lobby");
        let select = lobby.selects().into_iter().next().expect("the add-computer menu");
        let id = select["custom_id"].as_str().expect("custom_id").to_string();
        let level = select["options"][0]["value"].as_str().expect("a level").to_string();
        let i = fake.select(&alice, channel, lobby.id, &id, &[&level]).await;
        play::answer(&fake, i).await;
    }
    let lobby = fake.message(lobby.id).expect("lobby");
    play::click_label(&fake, &alice, &lobby, "Start").await;

    let humans_at_table = humans.len();
    let players = humans;
    let mut transcript = Transcript::new(name, title, channel);
    let (last, clicks) = play::play_to_end_with(&fake, channel, &players, 6000, |f| transcript.record(f)).await;
    assert!(clicks > 10, "a real game takes many clicks ({clicks})");
    let settled = |i: &crate::support::fake_discord::state::Inner| {
        let mut older = i
            .channel_messages(channel)
            .filter(|m| m.id != last.id && !m.is_ephemeral() && !m.content().starts_with("Lobby opened"));
        older.all(|m| !m.has_components() && points_on(m.content())).then_some(())
    };
    let pointed = fake.wait_channel(channel, play::WAIT, settled).await.is_some();
    transcript.record(&fake);
    let seen = transcript.finish();
    assert!(pointed, "every board left behind points on: {}", fake.summary());
    if variant == SONALU {
        for m in &seen {
            let text = m.text();
            assert!(
                !text.contains("borne off") && !text.contains("bear off"),
                "pieces go home in Tayam Sonalu: {text}"
            );
            assert!(!text.contains("(tayam-sonalu)"), "the game's own name, not its code: {text}");
        }
        assert!(seen.iter().any(|m| m.text().contains("Tayam Sonalu")), "the game is named");
    }
    let result = last.text();
    let computers: Vec<&str> = result.lines().filter(|l| l.contains("computer")).collect();
    assert!(computers.len() + humans_at_table >= seats as usize, "every computer is in the result: {result}");
    let unique: HashSet<&&str> = computers.iter().collect();
    assert_eq!(unique.len(), computers.len(), "two computers with one name: {result}");
    // The winning move is in the story (the last record or the result).
    let public: Vec<StoredMessage> = fake.messages(channel).into_iter().filter(|m| !m.is_ephemeral()).collect();
    assert_the_win_is_told(&public, "en", if variant == SONALU { "home" } else { "bore off" });
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}
