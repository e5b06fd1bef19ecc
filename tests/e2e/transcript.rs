//! A whole game of two humans and a computer through the fake Discord: only
//! the live board shows the game (every board left behind became a record
//! without picture or controls). With `THAAYAM_TRANSCRIPT=dir cargo test
//! --test e2e transcript` it is also written out as the players see it
//! (every version of every public message: text, buttons, menu options, alt
//! text) in `dir/transcript.md`, with the pictures beside it.

use crate::support::fake_discord::{FakeDiscord, FakeUser, Opt, StoredMessage};
use crate::support::play::{self, Progress, TempDir};
use std::collections::HashSet;
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

/// Writes the newest versions of the channel's public messages not yet written.
fn record(fake: &FakeDiscord, seen: &mut HashSet<(u64, u32)>, out: &mut String, dir: &Path) {
    for msg in fake.messages(CHANNEL) {
        if !seen.insert((msg.id, msg.version)) {
            continue;
        }
        out.push_str(&describe(&msg));
        for (i, f) in msg.files.iter().enumerate() {
            let name = format!("{}-v{}-{i}-{}", msg.id, msg.version, f.filename);
            if std::fs::write(dir.join(&name), f.bytes.as_slice()).is_ok() {
                let _ = writeln!(out, "- file: {name} ({} bytes)", f.bytes.len());
            }
        }
        out.push('\n');
    }
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
    let (mut seen, mut out) = (HashSet::new(), String::from("# A game as the players read it\n\n"));
    for _ in 0..4000 {
        if let Some(t) = &target {
            record(&fake, &mut seen, &mut out, t);
        }
        if play::advance(&fake, CHANNEL, &players).await == Progress::Over {
            break;
        }
    }
    if let Some(t) = &target {
        record(&fake, &mut seen, &mut out, t);
        std::fs::write(t.join("transcript.md"), &out).expect("the transcript");
    }
    let last = play::board(&fake, CHANNEL);
    assert!(play::is_over(&last), "the game ended: {}", last.text());
    // The board above the result becomes a record just after the result is posted.
    let settled = |i: &crate::support::fake_discord::state::Inner| {
        let mut older = i
            .channel_messages(CHANNEL)
            .filter(|m| m.id != last.id && !m.is_ephemeral() && !m.content().starts_with("Lobby opened"));
        older.all(|m| !m.has_components() && m.content().contains("goes on in the board below")).then_some(())
    };
    assert!(fake.wait_channel(CHANNEL, play::WAIT, settled).await.is_some(), "the last board became a record");
    if let Some(t) = &target {
        record(&fake, &mut seen, &mut out, t);
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
        assert!(old.content().contains("goes on in the board below"), "an old board does not point on: {}", old.text());
    }
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}
