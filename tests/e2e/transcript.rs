//! A whole game of two humans and a computer through the fake Discord: only
//! the live board shows the game (every board left behind became a record
//! without picture or controls). With `THAAYAM_TRANSCRIPT=dir cargo test
//! --test e2e transcript` it is also written out as the players see it
//! (every version of every public message: text, buttons, menu options, alt
//! text) in `dir/transcript.md`, with the pictures beside it.

use crate::support::fake_discord::{FakeDiscord, FakeUser, Opt, StoredMessage};
use crate::support::play::{self, Progress, TempDir};
use std::collections::HashSet;

/// Every line of the messages, as the channel shows them at the end.
fn fake_lines(messages: &[StoredMessage]) -> HashSet<&str> {
    messages.iter().flat_map(|m| m.content().lines()).collect()
}
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

const CHANNEL: u64 = 1_300_000_000_000_000_901;

/// One message version as a player reads it.
fn describe(msg: &StoredMessage) -> String {
    let mut out = format!("### message {} v{}\n\n", msg.id, msg.version);
    for line in msg.content().lines() {
        let _ = writeln!(out, "> {line}");
    }
    let embeds = msg.embed_text();
    if !embeds.trim().is_empty() {
        let _ = writeln!(out, "\nembed:");
        for line in embeds.lines().filter(|l| !l.is_empty()) {
            let _ = writeln!(out, "> {line}");
        }
    }
    for (_, label, disabled) in msg.buttons() {
        let _ = writeln!(out, "- button [{label}]{}", if disabled { " (disabled)" } else { "" });
    }
    for select in msg.selects() {
        let _ = writeln!(out, "- menu \"{}\"", select["placeholder"].as_str().unwrap_or(""));
        for o in select["options"].as_array().cloned().unwrap_or_default() {
            let label = o["label"].as_str().unwrap_or("");
            let _ = writeln!(out, "  - {label} — {}", o["description"].as_str().unwrap_or(""));
        }
    }
    for (i, d) in msg.image_descriptions().into_iter().enumerate() {
        let _ = writeln!(out, "- picture {i}, alt text: {}", d.unwrap_or_else(|| "(none)".into()));
    }
    let _ = writeln!(out, "- notified: {:?}", msg.notified);
    out
}

/// Keeps the newest versions of the channel's public messages not yet
/// kept, and writes them out when a transcript is asked for (`dir`).
fn record(fake: &FakeDiscord, seen: &mut Vec<StoredMessage>, out: &mut String, dir: Option<&Path>) {
    for msg in fake.messages(CHANNEL) {
        if msg.is_ephemeral() || seen.iter().any(|m| (m.id, m.version) == (msg.id, msg.version)) {
            continue;
        }
        if let Some(dir) = dir {
            out.push_str(&describe(&msg));
            for (i, f) in msg.files.iter().enumerate() {
                let name = format!("{}-v{}-{i}-{}", msg.id, msg.version, f.filename);
                if std::fs::write(dir.join(&name), f.bytes.as_slice()).is_ok() {
                    let _ = writeln!(out, "- file: {name} ({} bytes)", f.bytes.len());
                }
            }
            out.push('\n');
        }
        seen.push(msg);
    }
}

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
    let target = std::env::var_os("THAAYAM_TRANSCRIPT").map(PathBuf::from);
    if let Some(t) = &target {
        std::fs::create_dir_all(t).expect("the transcript directory");
    }
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
    let (mut seen, mut out) = (Vec::new(), String::from("# A game as the players read it\n\n"));
    for _ in 0..4000 {
        record(&fake, &mut seen, &mut out, target.as_deref());
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
    record(&fake, &mut seen, &mut out, target.as_deref());
    if let Some(t) = &target {
        std::fs::write(t.join("transcript.md"), &out).expect("the transcript");
    }
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
