//! A game written out as its players read it, when asked for: with
//! `THAAYAM_TRANSCRIPT=dir`, every version of every public message of the
//! game's channel (text, buttons, menu options, alt text, who was
//! notified) goes to `dir/<name>.md`, its pictures beside it. Without it
//! the messages are only kept, for the test's own checks.

use super::fake_discord::{FakeDiscord, StoredMessage};
use std::fmt::Write as _;
use std::path::PathBuf;

/// The messages of one channel as they were seen, version by version.
pub struct Transcript {
    name: String,
    channel: u64,
    dir: Option<PathBuf>,
    seen: Vec<StoredMessage>,
    out: String,
}

impl Transcript {
    /// A transcript of `channel` written to `name`.md (when asked for),
    /// under the heading `title`.
    pub fn new(name: &str, title: &str, channel: u64) -> Transcript {
        let dir = std::env::var_os("THAAYAM_TRANSCRIPT").map(PathBuf::from);
        if let Some(d) = &dir {
            std::fs::create_dir_all(d).expect("the transcript directory");
        }
        Transcript { name: name.into(), channel, dir, seen: Vec::new(), out: format!("# {title}\n\n") }
    }

    /// Keeps the newest versions of the channel's public messages not yet
    /// kept (and writes them out when a transcript is asked for).
    pub fn record(&mut self, fake: &FakeDiscord) {
        for msg in fake.messages(self.channel) {
            if msg.is_ephemeral() || self.seen.iter().any(|m| (m.id, m.version) == (msg.id, msg.version)) {
                continue;
            }
            if let Some(dir) = &self.dir {
                self.out.push_str(&describe(&msg));
                for (i, f) in msg.files.iter().enumerate() {
                    let file = format!("{}-{}-v{}-{i}-{}", self.name, msg.id, msg.version, f.filename);
                    if std::fs::write(dir.join(&file), f.bytes.as_slice()).is_ok() {
                        let _ = writeln!(self.out, "- file: {file} ({} bytes)", f.bytes.len());
                    }
                }
                self.out.push('\n');
            }
            self.seen.push(msg);
        }
    }

    /// Writes the transcript out (when asked for); returns every message
    /// version seen.
    pub fn finish(self) -> Vec<StoredMessage> {
        if let Some(dir) = &self.dir {
            std::fs::write(dir.join(format!("{}.md", self.name)), &self.out).expect("the transcript");
        }
        self.seen
    }
}

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

/// The seats' names of a language as the bot writes them (en, fr, ta).
pub fn seat_names(lang: &str) -> [&'static str; 4] {
    match lang {
        "fr" => ["Sud", "Ouest", "Nord", "Est"],
        "ta" => ["தெற்கு", "மேற்கு", "வடக்கு", "கிழக்கு"],
        _ => ["South", "West", "North", "East"],
    }
}

/// Asserts that the channel, read from the top when the game is over
/// (`messages`: its public messages, the result last), tells the winning
/// move: the last line that says what a seat played is the winner's (the
/// seat the result's first line names), and it takes her last piece to
/// the goal (`finish`: the words of that, "home" or "bore off"); and that
/// no line of the result names a seat twice ("(North) (North)").
pub fn assert_the_win_is_told(messages: &[StoredMessage], lang: &str, finish: &str) {
    let seats = seat_names(lang);
    let result = messages.last().expect("the result");
    let first = result.content().lines().next().unwrap_or_default();
    let winner = seats
        .iter()
        .find(|s| first.contains(&format!("({s})")))
        .unwrap_or_else(|| panic!("the result names the winner's seat: {first}"));
    let said =
        |line: &str| seats.iter().find(|s| line.starts_with(&format!("{s}:")) || line.starts_with(&format!("{s} :")));
    let story: Vec<&str> = messages.iter().flat_map(|m| m.content().lines()).collect();
    let last = story.iter().rev().find(|l| said(l).is_some()).expect("moves in the story");
    assert_eq!(said(last), Some(winner), "the last move told is the winner's ({winner}): {last}\n{}", story.join("\n"));
    assert!(last.contains(finish), "the last move told takes a piece to the goal ({finish}): {last}");
    let alt = result.image_descriptions().into_iter().flatten().collect::<Vec<_>>().join("\n");
    for line in result.text().lines().chain(alt.lines()) {
        for s in seats {
            let twice = format!("({s}) ({s})");
            assert!(!line.contains(&twice), "a seat named twice: {line}");
        }
    }
}
