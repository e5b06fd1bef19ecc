//! Driving the real bot through the fake Discord for end-to-end tests:
//! starting it in sandbox mode, and playing games by reading the controls
//! of the messages the bot actually sent (no back doors into its state).

use super::fake_discord::{FakeDiscord, FakeUser, GUILD_ID, Opt, StoredMessage};
use std::path::Path;
use std::time::Duration;
use thaayam::discord::bot::{self, Endpoint, RunningBot};
use thaayam::discord::config::{Config, Shards};
use thaayam::engine::Variant;

/// How long to wait for any single answer of the bot.
pub const WAIT: Duration = Duration::from_secs(10);

/// Starts the bot against the fake (database under `dir`) and waits until it is ready.
pub async fn start_bot(fake: &FakeDiscord, dir: &Path) -> RunningBot {
    start_bot_on(fake, &dir.join("thaayam.db"), Shards::Auto).await
}

/// Starts a bot running `shards` with the database `database` and waits
/// until it is ready (its first shard connected; the others follow).
pub async fn start_bot_on(fake: &FakeDiscord, database: &Path, shards: Shards) -> RunningBot {
    start_bot_with(fake, config(database, shards)).await
}

/// The configuration of the test bots.
pub fn config(database: &Path, shards: Shards) -> Config {
    config_on(database.to_path_buf().into(), shards)
}

/// The configuration of the test bots on any database (PostgreSQL too).
pub fn config_on(database: thaayam::store::Database, shards: Shards) -> Config {
    Config {
        token: "fake-token".into(),
        database,
        dev_guild: Some(GUILD_ID),
        default_variant: Variant::Bell,
        turn_timeout: 24 * 3600,
        log_level: "warn".into(),
        log_format: Default::default(),
        shards,
        metrics: None,
        web: None,
        notify_after: thaayam::discord::config::NOTIFY_AFTER,
        // The analysis after each game posts a message of its own; only
        // the tests of it ask for it (`analyse.rs`).
        limits: thaayam::discord::limits::Limits { analyses_after_games: false, ..Default::default() },
    }
}

/// Where the test bots connect: the fake, short computer pauses, the test dice.
pub fn sandbox(fake: &FakeDiscord) -> Endpoint {
    Endpoint::Sandbox {
        http_base: fake.http_base(),
        computer_pause: Duration::from_millis(5),
        dice_seed: Some(dice_seed()),
    }
}

/// Starts a bot with `config` against the fake and waits until it is ready.
pub async fn start_bot_with(fake: &FakeDiscord, config: Config) -> RunningBot {
    let running = bot::start(config, sandbox(fake)).await.expect("the bot starts");
    fake.wait_ready(WAIT).await;
    running
}

/// The number the test bots derive their games' dice seeds from: the same
/// throws every run, so a test never depends on luck. 1 unless
/// `THAAYAM_E2E_DICE_SEED` names another (to try the tests on other throws).
pub fn dice_seed() -> u64 {
    std::env::var("THAAYAM_E2E_DICE_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(1)
}

/// The newest public message of a channel (the live board or lobby).
pub fn board(fake: &FakeDiscord, channel: u64) -> StoredMessage {
    fake.newest_public(channel).expect("a public message in the channel")
}

/// The board once it has settled after a click: the newest public message
/// of the channel when it offers controls or shows the end (a change of
/// player turns the clicked board into a record a moment before the new
/// board is posted).
pub async fn settled_board(fake: &FakeDiscord, channel: u64) -> StoredMessage {
    let found = fake
        .wait_channel(channel, WAIT, |i| i.newest_public(channel).filter(|m| m.has_components() || is_over(m)).cloned())
        .await;
    found.unwrap_or_else(|| panic!("no settled board in channel {channel}; {}", fake.summary()))
}

/// The live board once a human has a move to choose: the newest public
/// message of the channel, when it offers the move menu.
pub async fn live_board(fake: &FakeDiscord, channel: u64) -> StoredMessage {
    let found = fake
        .wait_channel(channel, WAIT, |i| i.newest_public(channel).filter(|m| move_menu(m).is_some()).cloned())
        .await;
    found.unwrap_or_else(|| panic!("no board with a move menu in channel {channel}; {}", fake.summary()))
}

/// The user mentioned as the one to act on a board, if a human is to act:
/// the status line names the seat in bold and its player after it,
/// "**South** (<@1>) to move", in every language.
pub fn to_act<'a>(msg: &StoredMessage, players: &'a [FakeUser]) -> Option<&'a FakeUser> {
    let named = |line: &str, p: &FakeUser| line.contains(&format!("** ({})", p.mention()));
    let line = msg.content().lines().rev().find(|l| players.iter().any(|p| named(l, p)))?;
    players.iter().find(|p| named(line, p))
}

/// Whether the message is the result of a finished game, in any
/// language: no control but Rematch (and the link to the game's page),
/// the winner first ("🏆 **…** wins!"), and the places listed.
pub fn is_over(msg: &StoredMessage) -> bool {
    let first = msg.content().lines().next().unwrap_or_default();
    let rematch_only = msg
        .component_refs()
        .filter(|c| c["style"] != 5)
        .all(|c| c["custom_id"].as_str().is_some_and(|id| id.contains(":again:")));
    rematch_only && first.starts_with("🏆") && msg.embed_text().contains("1. ")
}

/// Opens a lobby as `host` and returns its message.
pub async fn open_lobby(fake: &FakeDiscord, host: &FakeUser, channel: u64, options: Vec<Opt>) -> StoredMessage {
    let i = fake.send_slash(host, channel, "thaayam", "new", options).await;
    let reply = fake.wait_response(i, WAIT).await;
    assert_eq!(reply.kind, 4, "/thaayam new is answered");
    let lobby = fake.wait_for_channel_message(channel, |m| m.control("join").is_some(), WAIT).await;
    lobby.unwrap_or_else(|| panic!("no lobby in channel {channel}; {}", fake.summary()))
}

/// Clicks a button by its control (`join`, `start`, `ok`, `throw`…, in any
/// language) and returns the bot's answer kind and the private text, if any.
pub async fn click_control(fake: &FakeDiscord, user: &FakeUser, msg: &StoredMessage, control: &str) -> (u64, String) {
    let id = msg.control(control).unwrap_or_else(|| panic!("no enabled {control:?} button on: {}", msg.text()));
    let i = fake.click(user, msg.channel_id, msg.id, &id).await;
    answer_on(fake, i, msg.channel_id, msg.id, msg.version).await
}

/// Starts a game of two in `channel`: `host` opens the lobby, `guest`
/// joins, `host` starts it.
pub async fn start_two(fake: &FakeDiscord, host: &FakeUser, guest: &FakeUser, channel: u64) {
    let lobby = open_lobby(fake, host, channel, vec![Opt::int("players", 2)]).await;
    click_label(fake, guest, &lobby, "Join").await;
    let lobby = fake.message(lobby.id).expect("lobby");
    click_label(fake, host, &lobby, "Start").await;
}

/// Clicks a button by label and returns the bot's answer kind and the private text, if any.
pub async fn click_label(fake: &FakeDiscord, user: &FakeUser, msg: &StoredMessage, label: &str) -> (u64, String) {
    let id = msg.button(label).unwrap_or_else(|| panic!("no enabled {label:?} button on: {}", msg.text()));
    let i = fake.click(user, msg.channel_id, msg.id, &id).await;
    answer_on(fake, i, msg.channel_id, msg.id, msg.version).await
}

/// The answer to an interaction: its kind, and the text of a private reply.
pub async fn answer(fake: &FakeDiscord, interaction: u64) -> (u64, String) {
    answer_with(fake, interaction).await
}

/// [`answer`] to a click on message `message` (at `version` when clicked):
/// a deferred update (kind 6: the bot acknowledged first, as it does when
/// the board's picture is not drawn within its budget, and edits or
/// re-posts the board a moment later) is waited out until the board
/// changed, so that the next read never sees the board from before the
/// click and taps it again (a stale click, refused). A loaded machine made
/// this race: `languages::a_game_in_english` failed once in five runs.
pub async fn answer_on(
    fake: &FakeDiscord,
    interaction: u64,
    channel: u64,
    message: u64,
    version: u32,
) -> (u64, String) {
    let (kind, text) = answer_with(fake, interaction).await;
    if kind == 6 {
        let moved = |i: &crate::support::fake_discord::state::Inner| {
            let edited = i.message(message).is_some_and(|m| m.version != version || m.deleted);
            let newer = i.newest_public(channel).is_some_and(|m| m.id != message);
            (edited || newer).then_some(())
        };
        // Not every deferred click changes the board: waiting out the
        // budget is enough, never a failure.
        let _ = fake.wait_channel(channel, WAIT, moved).await;
    }
    (kind, text)
}

async fn answer_with(fake: &FakeDiscord, interaction: u64) -> (u64, String) {
    let r = fake.wait_response(interaction, WAIT).await;
    let text = match r.kind {
        4 => fake.response_message(interaction).map(|m| m.content().to_string()).unwrap_or_default(),
        _ => String::new(),
    };
    (r.kind, text)
}

/// The move menu of a board: its custom_id and the values of its options.
pub fn move_menu(msg: &StoredMessage) -> Option<(String, Vec<String>)> {
    let select = msg.selects().into_iter().find(|s| s["custom_id"].as_str().is_some_and(|id| id.contains(":pick:")))?;
    let id = select["custom_id"].as_str()?.to_string();
    let values = select["options"].as_array()?.iter().filter_map(|o| o["value"].as_str().map(String::from)).collect();
    Some((id, values))
}

/// Picks an option of the move menu; returns the answer's kind and private text.
pub async fn pick(fake: &FakeDiscord, user: &FakeUser, msg: &StoredMessage, value: &str) -> (u64, String) {
    let (id, _) = move_menu(msg).unwrap_or_else(|| panic!("no move menu on: {}", msg.text()));
    let i = fake.select(user, msg.channel_id, msg.id, &id, &[value]).await;
    answer_on(fake, i, msg.channel_id, msg.id, msg.version).await
}

/// One tap of the human on turn: Confirm a picked move, else pick the
/// first move of the menu (every offered option must be accepted), else
/// Throw (a game saved before series were thrown by themselves).
enum Tap {
    /// A button: its custom_id and what it is called in a failure.
    Button(String, &'static str),
    /// The move menu's custom_id and the option chosen.
    Pick(String, String),
}

impl Tap {
    /// The tap to make on `msg`; panics if it offers none.
    fn on(msg: &StoredMessage) -> Tap {
        if let Some(id) = msg.control("ok") {
            return Tap::Button(id, "Confirm");
        }
        if let Some((id, values)) = move_menu(msg) {
            let first = values.into_iter().next().unwrap_or_else(|| panic!("an empty menu: {}", msg.text()));
            return Tap::Pick(id, first);
        }
        let id = msg.control("throw").unwrap_or_else(|| panic!("no enabled \"throw\" button on: {}", msg.text()));
        Tap::Button(id, "Throw")
    }

    async fn make(self, fake: &FakeDiscord, channel: u64, (message, version): (u64, u32), player: &FakeUser) {
        match self {
            Tap::Button(id, name) => {
                let i = fake.click(player, channel, message, &id).await;
                let (kind, text) = answer_on(fake, i, channel, message, version).await;
                assert_ne!(kind, 4, "{name} was refused: {text}");
            }
            Tap::Pick(id, value) => {
                let i = fake.select(player, channel, message, &id, &[&value]).await;
                let (kind, text) = answer_on(fake, i, channel, message, version).await;
                assert_ne!(kind, 4, "an offered move was refused: {text}");
            }
        }
    }
}

/// What [`advance`] did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    Over,
    Clicked,
    Waited,
}

/// What the board of a channel asks for now (read in place: cloning the
/// board on every step was a sizeable part of a load test's CPU).
enum Next<'a> {
    Over,
    Tap(Tap, (u64, u32), &'a FakeUser),
    Wait(u64, u32),
}

/// One step of the game in `channel`: the human on turn taps (the first
/// move, then Confirm), or we wait until the bot changes the board.
pub async fn advance(fake: &FakeDiscord, channel: u64, players: &[FakeUser]) -> Progress {
    let next = fake.read_newest_public(channel, |msg| {
        if is_over(msg) {
            return Next::Over;
        }
        match to_act(msg, players).filter(|_| msg.has_components()) {
            Some(p) => Next::Tap(Tap::on(msg), (msg.id, msg.version), p),
            None => Next::Wait(msg.id, msg.version),
        }
    });
    let (id, v) = match next.expect("a public message in the channel") {
        Next::Over => return Progress::Over,
        Next::Tap(tap, message, player) => {
            tap.make(fake, channel, message, player).await;
            return Progress::Clicked;
        }
        Next::Wait(id, v) => (id, v),
    };
    let changed = fake
        .wait_channel(channel, WAIT, |i| i.newest_public(channel).filter(|m| m.id != id || m.version != v).map(|_| ()))
        .await;
    assert!(changed.is_some(), "the board did not move on: {}", board(fake, channel).text());
    Progress::Waited
}

/// Plays the game in `channel` to its end, each human choosing the first
/// move offered; returns the final message and the number of taps.
pub async fn play_to_end(
    fake: &FakeDiscord,
    channel: u64,
    players: &[FakeUser],
    limit: usize,
) -> (StoredMessage, usize) {
    play_to_end_with(fake, channel, players, limit, |_| {}).await
}

/// [`play_to_end`], calling `each` before every step and at the end (to
/// keep a transcript).
pub async fn play_to_end_with(
    fake: &FakeDiscord,
    channel: u64,
    players: &[FakeUser],
    limit: usize,
    mut each: impl FnMut(&FakeDiscord),
) -> (StoredMessage, usize) {
    let mut clicks = 0;
    for _ in 0..limit {
        each(fake);
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
    let ids = msg.component_refs().filter_map(|c| c["custom_id"].as_str().map(String::from));
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
