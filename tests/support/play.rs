//! Driving the real bot through the fake Discord for end-to-end tests:
//! starting it in sandbox mode, and playing games by reading the controls
//! of the messages the bot actually sent (no back doors into its state).

use super::fake_discord::{FakeDiscord, FakeUser, GUILD_ID, Opt, StoredMessage};
use std::path::Path;
use std::time::Duration;
use thaayam::discord::bot::{self, Endpoint, RunningBot};
use thaayam::discord::config::Config;
use thaayam::engine::Variant;

/// How long to wait for any single answer of the bot.
pub const WAIT: Duration = Duration::from_secs(10);

/// Starts the bot against the fake (database under `dir`) and waits until it is ready.
pub async fn start_bot(fake: &FakeDiscord, dir: &Path) -> RunningBot {
    let config = Config {
        token: "fake-token".into(),
        database: dir.join("thaayam.db"),
        dev_guild: Some(GUILD_ID),
        default_variant: Variant::Bell,
        turn_timeout: 24 * 3600,
        log_level: "warn".into(),
    };
    let endpoint = Endpoint::Sandbox { http_base: fake.http_base(), computer_pause: Duration::from_millis(5) };
    let running = bot::start(config, endpoint).await.expect("the bot starts");
    fake.wait_ready(WAIT).await;
    running
}

/// The newest public message of a channel (the live board or lobby).
pub fn board(fake: &FakeDiscord, channel: u64) -> StoredMessage {
    fake.newest_public(channel).expect("a public message in the channel")
}

/// The user mentioned as the one to act on a board, if a human is to act.
pub fn to_act<'a>(msg: &StoredMessage, players: &'a [FakeUser]) -> Option<&'a FakeUser> {
    let line = msg.content().lines().rev().find(|l| l.contains(" to throw") || l.contains(" to move"))?;
    players.iter().find(|p| line.contains(&p.mention()))
}

/// Whether the message is the final one of a finished game.
pub fn is_over(msg: &StoredMessage) -> bool {
    msg.content().contains("The game is over")
}

/// Opens a lobby as `host` and returns its message.
pub async fn open_lobby(fake: &FakeDiscord, host: &FakeUser, channel: u64, options: Vec<Opt>) -> StoredMessage {
    let i = fake.send_slash(host, channel, "thaayam", "new", options).await;
    let reply = fake.wait_response(i, WAIT).await;
    assert_eq!(reply.kind, 4, "/thaayam new is answered");
    let lobby = fake.wait_for_channel_message(channel, |m| m.button("Join").is_some(), WAIT).await;
    let lobby = lobby.unwrap_or_else(|| panic!("no lobby in channel {channel}; {}", fake.summary()));
    assert!(lobby.text().contains("lobby"), "the lobby message: {}", lobby.text());
    lobby
}

/// Clicks a button by label and returns the bot's answer kind and the private text, if any.
pub async fn click_label(fake: &FakeDiscord, user: &FakeUser, msg: &StoredMessage, label: &str) -> (u64, String) {
    let id = msg.button(label).unwrap_or_else(|| panic!("no enabled {label:?} button on: {}", msg.text()));
    let i = fake.click(user, msg.channel_id, msg.id, &id).await;
    answer(fake, i).await
}

/// The answer to an interaction: its kind, and the text of a private reply.
pub async fn answer(fake: &FakeDiscord, interaction: u64) -> (u64, String) {
    let r = fake.wait_response(interaction, WAIT).await;
    let text = match r.kind {
        4 => fake.response_message(interaction).map(|m| m.content().to_string()).unwrap_or_default(),
        _ => String::new(),
    };
    (r.kind, text)
}

/// One move of the human on turn, by the first accepted choice.
async fn step(fake: &FakeDiscord, msg: &StoredMessage, player: &FakeUser) {
    if msg.button("Throw").is_some() {
        let (kind, text) = click_label(fake, player, msg, "Throw").await;
        assert_ne!(kind, 4, "Throw was refused: {text}");
        return;
    }
    if let Some(select) = msg.selects().first() {
        let id = select["custom_id"].as_str().unwrap_or("").to_string();
        let values: Vec<String> = select["options"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|o| o["value"].as_str().map(String::from))
            .collect();
        let multi = select["max_values"].as_u64().unwrap_or(1) > 1;
        let max = if multi { values.len().min(10) } else { 1 };
        let mut masks: Vec<u32> =
            (1..1u32 << values.len().min(10)).filter(|m| m.count_ones() as usize <= max).collect();
        masks.sort_by_key(|m| m.count_ones());
        let mut refusal = String::new();
        for mask in masks {
            let choice: Vec<&str> =
                values.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, v)| v.as_str()).collect();
            let i = fake.select(player, msg.channel_id, msg.id, &id, &choice).await;
            let (kind, text) = answer(fake, i).await;
            if kind != 4 {
                return;
            }
            refusal = text;
        }
        panic!("no choice of select {id} was accepted ({refusal}): {}", msg.text());
    }
    let (kind, text) = click_label(fake, player, msg, "Confirm").await;
    assert_ne!(kind, 4, "Confirm was refused: {text}");
}

/// What [`advance`] did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    Over,
    Clicked,
    Waited,
}

/// One step of the game in `channel`: the human on turn makes the first
/// accepted choice, or we wait until the bot changes the board.
pub async fn advance(fake: &FakeDiscord, channel: u64, players: &[FakeUser]) -> Progress {
    let msg = board(fake, channel);
    if is_over(&msg) {
        return Progress::Over;
    }
    if let Some(p) = to_act(&msg, players).filter(|_| !msg.components().is_empty()) {
        step(fake, &msg, p).await;
        return Progress::Clicked;
    }
    let (id, v) = (msg.id, msg.version);
    let changed = fake
        .wait_channel(channel, WAIT, |i| i.newest_public(channel).filter(|m| m.id != id || m.version != v).map(|_| ()))
        .await;
    assert!(changed.is_some(), "the board did not move on: {}", msg.text());
    Progress::Waited
}

/// Plays the game in `channel` to its end, each human choosing the first
/// accepted option; returns the final message and the number of steps.
pub async fn play_to_end(
    fake: &FakeDiscord,
    channel: u64,
    players: &[FakeUser],
    limit: usize,
) -> (StoredMessage, usize) {
    let mut clicks = 0;
    for _ in 0..limit {
        match advance(fake, channel, players).await {
            Progress::Over => return (board(fake, channel), clicks),
            Progress::Clicked => clicks += 1,
            Progress::Waited => {}
        }
    }
    panic!("the game did not end within {limit} steps: {}", board(fake, channel).text());
}

/// A temporary directory removed on drop.
pub struct TempDir(pub std::path::PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        let n = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
        let dir = std::env::temp_dir().join(format!("thaayam-e2e-{tag}-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    /// Removes the directory, unless a test failed (then it is kept, with
    /// the database and any bot log, and its path printed).
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("kept for inspection: {}", self.0.display());
            return;
        }
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The custom_ids of a message's controls, as `(game, action counter)`
/// (`t1:<game>:<control>:<arg>:<seq>`).
fn control_ids(msg: &StoredMessage) -> Vec<(i64, u32)> {
    let ids = msg.components().into_iter().filter_map(|c| c["custom_id"].as_str().map(String::from));
    ids.filter_map(|id| {
        let parts: Vec<&str> = id.split(':').collect();
        Some((parts.get(1)?.parse().ok()?, parts.last()?.parse().ok()?))
    })
    .collect()
}

/// The action counter a message's controls carry (`None` without controls).
pub fn seq_of(msg: &StoredMessage) -> Option<u32> {
    control_ids(msg).into_iter().map(|(_, seq)| seq).max()
}

/// The game a message's controls belong to.
pub fn game_of(msg: &StoredMessage) -> Option<i64> {
    control_ids(msg).first().map(|&(game, _)| game)
}
