//! Crash evidence at the real write path: the bot runs as its own process
//! (`thaayam-lab sandbox-bot`, see tests/e2e/child_bot.rs) against the fake
//! Discord of this process and is killed with SIGKILL at random moments in
//! the middle of click storms over several games (players clicking as fast
//! as the bot answers, double clicks, clicks out of turn), then started
//! again on the same database, over and over. Checked:
//! - after every kill, every acknowledged click (the fake saw its
//!   interaction answered) is in the database: its game's action counter
//!   and log are at least where the answer showed them, and no log ever
//!   changes what it held at an earlier kill;
//! - after every other restart (players paused), no board is behind its
//!   saved game once the bot has started (the others restart into the
//!   storm, so that clicks on boards still behind are answered too);
//! - at the end every game is played to its end from the boards its
//!   players see, every log replays with throws from the game's seed, the
//!   database passes `PRAGMA integrity_check`, the boards match the
//!   database, and the fake saw nothing Discord would reject.
//!
//! On PostgreSQL (a server of the test's own) the database server itself
//! is also stopped as a crash would (`pg_ctl stop -m immediate`) and
//! started again in the middle of the storms, the bot left running:
//! - every click meanwhile is answered within Discord's 3 s (the fake
//!   counts a late answer as a violation, and every click sent while the
//!   bot ran has an answer), the clicks the bot could not save told so
//!   ("could not be saved", "could not be opened");
//! - every acknowledged click is in the database once it is back;
//! - the bot reconnects by itself: a click made after the server is back
//!   is saved again, within the figures printed.
//!
//! The server is also frozen (SIGSTOP: it takes data and answers nothing,
//! as a hung machine or a cut network) for longer than a click may wait:
//! the same checks hold (saves give up after 2 s).
//!
//! The suite runs a few kills; the long run is opt-in and prints figures:
//! `THAAYAM_KILLS=60 cargo test --test e2e kills::many -- --ignored --nocapture`
//! (`THAAYAM_SEED` picks other kill moments and choices).

use crate::child_bot::ChildBot;
use crate::kills_held::{Due, check_acknowledged, due, game_ids, is_closed};
use crate::support::fake_discord::state::Inner;
use crate::support::fake_discord::{FakeDiscord, FakeUser, Opt, Response, StoredMessage};
use crate::support::play::{self, TempDir, WAIT};
use crate::support::store_check;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use thaayam::dice::verify_throws;
use thaayam::engine::Event;
use thaayam::lab::pg_server::{self, PgServer};
use thaayam::store::{Database, GameId, GameState, Store};

const BASE_CHANNEL: u64 = 1_300_000_000_000_000_600;

/// How long a storm click waits for its answer (longer is a violation anyway).
const STORM_PATIENCE: Duration = Duration::from_secs(4);

/// Discord's limit for the first answer to an interaction.
const RESPONSE_DEADLINE: Duration = Duration::from_secs(3);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_few_kills_in_click_storms() {
    let _serial = crate::support::serial().await;
    run(Plan { kills: 4, channels: 2, seed: 7, restarts: 0, freezes: 0 }, None).await;
}

/// On PostgreSQL: the database server is restarted (immediate shutdown)
/// three times in the middle of the storms, frozen twice for 3.5 s, and
/// the bot killed twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn database_restarts_and_kills_in_click_storms_on_postgres() {
    let _serial = crate::support::serial().await;
    let Some(server) = tokio::task::block_in_place(pg_server::own) else { return };
    run(Plan { kills: 2, channels: 2, seed: 11, restarts: 3, freezes: 2 }, Some(&server)).await;
    tokio::task::block_in_place(|| drop(server));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "long (minutes): THAAYAM_KILLS=60 cargo test --test e2e kills::many -- --ignored --nocapture"]
async fn many_kills_in_click_storms() {
    let _serial = crate::support::serial().await;
    let number = |name: &str, default: u64| std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default);
    let plan = Plan {
        kills: number("THAAYAM_KILLS", 60) as usize,
        channels: 4,
        seed: number("THAAYAM_SEED", 2024),
        restarts: 0,
        freezes: 0,
    };
    run(plan, None).await;
}

struct Plan {
    kills: usize,
    channels: u64,
    seed: u64,
    /// Restarts of the database server (PostgreSQL only), between the kills.
    restarts: usize,
    /// Times the database server is frozen (PostgreSQL only) for longer
    /// than a click may wait.
    freezes: usize,
}

/// What happens next in the loop.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fault {
    KillBot,
    RestartDatabase,
    FreezeDatabase,
}

impl Plan {
    /// The kills, restarts and freezes, taking turns (a restart first).
    fn faults(&self) -> Vec<Fault> {
        let mut left = [
            (Fault::RestartDatabase, self.restarts),
            (Fault::KillBot, self.kills),
            (Fault::FreezeDatabase, self.freezes),
        ];
        let mut out = Vec::new();
        while left.iter().any(|(_, n)| *n > 0) {
            for (fault, n) in &mut left {
                if *n > 0 {
                    *n -= 1;
                    out.push(*fault);
                }
            }
        }
        out
    }
}

/// Blocking store and server calls (PostgreSQL's client runs its own
/// runtime): off the test's runtime threads.
pub(crate) fn blocking<T>(f: impl FnOnce() -> T) -> T {
    tokio::task::block_in_place(f)
}

/// One channel's games: alice hosts, bob joins, and every other channel
/// seats an easy computer as a third player.
#[derive(Clone)]
pub(crate) struct Table {
    channel: u64,
    host: FakeUser,
    guest: FakeUser,
    computer: bool,
}

impl Table {
    pub(crate) fn new(n: u64) -> Table {
        let host = FakeUser::new(10 + 2 * n, &format!("host{n}"));
        let guest = FakeUser::new(11 + 2 * n, &format!("guest{n}"));
        Table { channel: BASE_CHANNEL + n, host, guest, computer: n % 2 == 1 }
    }

    fn players(&self) -> [FakeUser; 2] {
        [self.host.clone(), self.guest.clone()]
    }
}

/// What the players share with the killer.
#[derive(Default)]
pub(crate) struct Control {
    /// Bumped after each kill, once the fake has seen the bot go.
    generation: AtomicU64,
    paused: AtomicBool,
    pub(crate) stop: AtomicBool,
    pub(crate) clicks: AtomicU64,
}

/// What the run found, printed at the end.
#[derive(Debug, Default)]
struct Figures {
    kills: usize,
    /// Boards behind their saved game (or a game's end not shown) found right after a kill.
    behind_at_restart: usize,
    /// Of those, games whose end was saved but not shown.
    ends_behind_at_restart: usize,
    /// The longest time from a restart until no board was behind.
    longest_catch_up: Duration,
    restarts: Vec<DatabaseRestart>,
    freezes: Vec<DatabaseRestart>,
}

/// One restart of the database server.
#[derive(Debug)]
pub(crate) struct DatabaseRestart {
    /// From the stop until the server accepted connections again.
    pub(crate) down: Duration,
    /// Of that, from asking it to start until it accepted (crash recovery).
    pub(crate) recovery: Duration,
    /// From the server accepting connections until the bot saved a click again.
    pub(crate) reconnect: Duration,
    /// Clicks and commands sent from the stop until that save.
    pub(crate) sent: usize,
    /// Of those, the ones answered "could not be saved" or "could not be opened".
    pub(crate) refused_unsaved: usize,
    /// Of those, the ones refused for another reason (out of turn, an old
    /// control: refusals that need no database).
    pub(crate) refused_otherwise: usize,
    /// What those other refusals said (each text once).
    pub(crate) other_reasons: BTreeSet<String>,
    /// Of those, the ones saved (acknowledged) all the same.
    pub(crate) saved: usize,
}

async fn run(plan: Plan, server: Option<&PgServer>) {
    let started = Instant::now();
    let fake = Arc::new(FakeDiscord::start().await);
    let dir = TempDir::new("kills");
    let db = match server {
        Some(server) => blocking(|| server.fresh_database()),
        None => Database::Sqlite(dir.0.join("thaayam.db")),
    };
    let start_bot = |fake: Arc<FakeDiscord>| {
        let (dir, db) = (dir.0.clone(), db.clone());
        async move {
            match db {
                Database::Sqlite(_) => ChildBot::start(&fake, &dir).await,
                // The test server's URL has no password.
                Database::Postgres(_) => {
                    ChildBot::start_on(&fake, &db.to_string(), "auto", dir.join("bot.log"), 1).await
                }
            }
        }
    };
    let mut rng = ChaCha8Rng::seed_from_u64(plan.seed);
    let ctl = Arc::new(Control::default());
    let tables: Vec<Table> = (0..plan.channels).map(Table::new).collect();
    let mut bot = start_bot(fake.clone()).await;
    let storms: Vec<_> = tables
        .iter()
        .map(|t| {
            let (fake, ctl, table, seed) = (fake.clone(), ctl.clone(), t.clone(), rng.random::<u64>());
            tokio::spawn(async move { storm(&fake, &ctl, &table, seed).await })
        })
        .collect();

    let mut figures = Figures::default();
    let mut logs: BTreeMap<i64, Vec<Event>> = BTreeMap::new();
    // While the bot runs (no kill under way): every click sent in these spans must be answered.
    let mut bot_up_since = Instant::now();
    let mut spans: Vec<(Instant, Instant)> = Vec::new();
    let mut k = 0;
    for fault in plan.faults() {
        if fault == Fault::RestartDatabase {
            tokio::time::sleep(Duration::from_millis(rng.random_range(300..1200))).await;
            let Some(server) = server else { panic!("a database restart needs PostgreSQL") };
            let down_for = Duration::from_millis(rng.random_range(200..1500));
            figures.restarts.push(restart_database(&fake, server, down_for).await);
            blocking(|| check_acknowledged(&fake, &db, &mut logs));
            continue;
        }
        if fault == Fault::FreezeDatabase {
            tokio::time::sleep(Duration::from_millis(rng.random_range(300..1200))).await;
            let Some(server) = server else { panic!("freezing the database needs PostgreSQL") };
            figures.freezes.push(freeze_database(&fake, server, FROZEN_FOR).await);
            blocking(|| check_acknowledged(&fake, &db, &mut logs));
            continue;
        }
        // Every fifth kill comes right after a start (while boards are being caught up).
        let ms = if k % 5 == 4 { rng.random_range(0..300) } else { rng.random_range(150..1500) };
        tokio::time::sleep(Duration::from_millis(ms)).await;
        let check_boards = k % 2 == 0;
        ctl.paused.store(check_boards, Ordering::SeqCst);
        spans.push((bot_up_since, Instant::now()));
        bot.kill(&fake).await;
        ctl.generation.fetch_add(1, Ordering::SeqCst);
        figures.kills += 1;
        blocking(|| check_acknowledged(&fake, &db, &mut logs));
        let due = blocking(|| due(&db));
        let behind = |i: &Inner| {
            let behind: Vec<&Due> = due.iter().filter(|d| d.behind(i)).collect();
            Some((behind.len(), behind.iter().filter(|d| d.closed_board.is_some()).count()))
        };
        let (boards, ends) = fake.wait_until(Duration::ZERO, behind).await.unwrap_or_default();
        figures.behind_at_restart += boards;
        figures.ends_behind_at_restart += ends;
        bot = start_bot(fake.clone()).await;
        bot_up_since = Instant::now();
        if check_boards {
            let t = Instant::now();
            let caught_up = fake.wait_until(WAIT, |i| due.iter().all(|d| !d.behind(i)).then_some(())).await;
            if caught_up.is_none() {
                let left: Vec<String> = fake
                    .wait_until(Duration::ZERO, |i| {
                        Some(due.iter().filter(|d| d.behind(i)).map(|d| d.describe(i)).collect())
                    })
                    .await
                    .unwrap_or_default();
                panic!(
                    "after kill {k} boards are still behind their saved games:\n{}\n{}",
                    left.join("\n"),
                    bot.log_tail(20)
                );
            }
            figures.longest_catch_up = figures.longest_catch_up.max(t.elapsed());
            ctl.paused.store(false, Ordering::SeqCst);
        }
        k += 1;
    }
    ctl.stop.store(true, Ordering::SeqCst);
    ctl.paused.store(false, Ordering::SeqCst);
    for s in storms {
        s.await.expect("a storm task failed");
    }

    // Every game to its end, from the boards the players see.
    let finishers: Vec<_> = tables
        .iter()
        .map(|t| {
            let (fake, ctl, table) = (fake.clone(), ctl.clone(), t.clone());
            tokio::spawn(async move { finish(&fake, &ctl, &table).await })
        })
        .collect();
    for f in finishers {
        f.await.expect("a game could not be played to its end");
    }
    fake.assert_no_violations();
    spans.push((bot_up_since, Instant::now()));
    bot.kill(&fake).await;
    // A click sent in the last 3 s before a kill may die with the bot;
    // one sent earlier, while the bot ran, must have had its answer.
    let answerable = |at: Instant| spans.iter().any(|(from, to)| at >= *from && at + RESPONSE_DEADLINE < *to);
    let unanswered: Vec<String> = fake
        .interactions()
        .into_iter()
        .filter(|r| r.response.is_none() && answerable(r.sent_at))
        .map(|r| r.custom_id.unwrap_or_else(|| "/thaayam new".into()))
        .collect();
    assert!(unanswered.is_empty(), "clicks sent while the bot ran were never answered: {unanswered:?}");
    blocking(|| check_acknowledged(&fake, &db, &mut logs));
    blocking(|| report(&fake, &db, &figures, &ctl, started.elapsed()));
}

/// How long the database server stays frozen: longer than a click may wait.
const FROZEN_FOR: Duration = Duration::from_millis(3500);

/// Freezes the database server (it takes data and answers nothing, as a
/// hung machine or a cut network) for `frozen_for`, then lets it go on,
/// and waits until the bot has saved a click made after that. The storms
/// go on throughout; the figures' `down` is the freeze, `recovery` zero.
async fn freeze_database(fake: &FakeDiscord, server: &PgServer, frozen_for: Duration) -> DatabaseRestart {
    let frozen = Instant::now();
    blocking(|| server.freeze()).unwrap_or_else(|e| panic!("freeze the database server: {e}"));
    tokio::time::sleep(frozen_for).await;
    blocking(|| server.thaw()).unwrap_or_else(|e| panic!("thaw the database server: {e}"));
    window_after(fake, frozen, Instant::now(), Duration::ZERO, String::new).await
}

/// Whether an answer tells the player that nothing could be saved.
fn refused_unsaved(answer: &Response) -> bool {
    let text = answer.data["content"].as_str().unwrap_or("");
    answer.kind == 4 && (text.contains("could not be saved") || text.contains("could not be opened"))
}

/// Stops the database server as a crash would, leaves it down for
/// `down_for`, starts it again and waits until the bot has saved a click
/// made after that (it reconnects by itself). The storms go on throughout.
async fn restart_database(fake: &FakeDiscord, server: &PgServer, down_for: Duration) -> DatabaseRestart {
    let stopped = Instant::now();
    blocking(|| server.stop_immediately()).unwrap_or_else(|e| panic!("stop the database server: {e}"));
    tokio::time::sleep(down_for).await;
    let recovery = blocking(|| server.start_again()).unwrap_or_else(|e| panic!("start the database server: {e}"));
    window_after(fake, stopped, Instant::now(), recovery, String::new).await
}

/// The figures of the window from `stopped` until the bot's first saved
/// click made after `up` (waited for).
pub(crate) async fn window_after(
    fake: &FakeDiscord,
    stopped: Instant,
    up: Instant,
    recovery: Duration,
    context: impl Fn() -> String,
) -> DatabaseRestart {
    let saved_after = |i: &Inner| {
        i.interactions
            .values()
            .filter(|r| r.sent_at >= up && r.response.as_ref().is_some_and(|a| a.kind != 4))
            .map(|r| r.sent_at + r.response.as_ref().map_or(Duration::ZERO, |a| a.latency))
            .min()
    };
    let Some(first_save) = fake.wait_until(WAIT, saved_after).await else {
        panic!(
            "the bot saved no click within {WAIT:?} of the database's return; {}\n{}",
            answered_since(fake, up),
            context()
        );
    };
    let window: Vec<_> =
        fake.interactions().into_iter().filter(|r| r.sent_at >= stopped && r.sent_at < first_save).collect();
    let answers = || window.iter().filter_map(|r| r.response.as_ref());
    DatabaseRestart {
        down: up.duration_since(stopped),
        recovery,
        reconnect: first_save.saturating_duration_since(up),
        sent: window.len(),
        refused_unsaved: answers().filter(|a| refused_unsaved(a)).count(),
        refused_otherwise: answers().filter(|a| a.kind == 4 && !refused_unsaved(a)).count(),
        other_reasons: answers()
            .filter(|a| a.kind == 4 && !refused_unsaved(a))
            .filter_map(|a| a.data["content"].as_str().map(String::from))
            .collect(),
        saved: answers().filter(|a| a.kind != 4).count(),
    }
}

/// What the interactions sent since `up` were answered, for a failure's
/// message: how many, how many without an answer, and each answer's kind
/// and words with their count.
pub(crate) fn answered_since(fake: &FakeDiscord, up: Instant) -> String {
    let sent: Vec<_> = fake.interactions().into_iter().filter(|r| r.sent_at >= up).collect();
    let mut answers: BTreeMap<String, usize> = BTreeMap::new();
    for r in &sent {
        let said = match &r.response {
            None => "no answer".to_string(),
            Some(a) => {
                let words: String = a.data["content"].as_str().unwrap_or("").chars().take(90).collect();
                format!("kind {} after {} ms: {words}", a.kind, a.latency.as_millis() / 500 * 500)
            }
        };
        *answers.entry(said).or_default() += 1;
    }
    let lines: Vec<String> = answers.into_iter().map(|(said, n)| format!("  {n} × {said}")).collect();
    format!("{} interactions sent since:\n{}", sent.len(), lines.join("\n"))
}

// ---- the players -------------------------------------------------------

/// A click a player can make on a message.
#[derive(Clone, Debug)]
enum Click {
    Button(String),
    Select(String, Vec<String>),
}

async fn send(fake: &FakeDiscord, user: &FakeUser, channel: u64, message: u64, click: &Click) -> Result<u64, String> {
    match click {
        Click::Button(id) => fake.try_click(user, channel, message, id).await,
        Click::Select(id, values) => {
            let values: Vec<&str> = values.iter().map(String::as_str).collect();
            fake.try_select(user, channel, message, id, &values).await
        }
    }
}

/// The choices of the player on turn, in the order a player tries them:
/// Confirm a picked move; else Throw (a game saved before series were
/// thrown by themselves); else the select's options (fewest first).
fn choices(msg: &StoredMessage) -> Vec<Click> {
    if let Some(id) = msg.button("Confirm").or_else(|| msg.button("Throw")) {
        return vec![Click::Button(id)];
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
        let n = values.len().min(10);
        let max = if multi { n } else { 1 };
        let mut masks: Vec<u32> = (1..1u32 << n).filter(|m| m.count_ones() as usize <= max).collect();
        masks.sort_by_key(|m| m.count_ones());
        return masks
            .into_iter()
            .map(|mask| {
                let chosen = values.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, v)| v.clone());
                Click::Select(id.clone(), chosen.collect())
            })
            .collect();
    }
    Vec::new()
}

fn is_lobby(msg: &StoredMessage) -> bool {
    msg.json["embeds"][0]["title"] == "Thaayam: lobby"
}

/// The lobby's next step: the guest joins, the host seats a computer, the host starts.
fn lobby_click(msg: &StoredMessage, table: &Table) -> Option<(FakeUser, Click)> {
    if let Some(join) = msg.button("Join") {
        if !msg.text().contains(&table.guest.mention()) {
            return Some((table.guest.clone(), Click::Button(join)));
        }
        if table.computer {
            let select = msg.selects().into_iter().next()?;
            let id = select["custom_id"].as_str()?.to_string();
            return Some((table.host.clone(), Click::Select(id, vec!["easy".into()])));
        }
    }
    msg.button("Start").map(|id| (table.host.clone(), Click::Button(id)))
}

/// The answer to an interaction, or `None` when it does not come within
/// `patience` or the bot was killed meanwhile.
async fn answered(fake: &FakeDiscord, ctl: &Control, channel: u64, i: u64, patience: Duration) -> Option<Response> {
    let generation = ctl.generation.load(Ordering::SeqCst);
    let deadline = Instant::now() + patience;
    loop {
        let tick = Duration::from_millis(200);
        let response =
            fake.wait_channel(channel, tick, |inner| inner.interactions.get(&i).and_then(|r| r.response.clone())).await;
        if response.is_some() {
            return response;
        }
        if ctl.generation.load(Ordering::SeqCst) != generation || Instant::now() >= deadline {
            return None;
        }
    }
}

/// How a player plays: in a storm anything may go unanswered (the bot is
/// killed); when finishing, every click must be answered and the game
/// must move on.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Mode {
    Storm,
    Finish,
}

/// Which choice of which board the players are at.
#[derive(Default)]
struct Memo {
    board: (u64, u32),
    tried: usize,
}

#[derive(PartialEq, Eq)]
enum Step {
    Moved,
    Over,
}

/// One step in a table's channel, from its newest public message.
async fn step(
    fake: &FakeDiscord,
    ctl: &Control,
    table: &Table,
    mode: Mode,
    rng: &mut ChaCha8Rng,
    memo: &mut Memo,
) -> Step {
    let channel = table.channel;
    let Some(msg) = fake.newest_public(channel).filter(|m| !is_closed(m)) else {
        if mode == Mode::Finish {
            return Step::Over;
        }
        let i = fake
            .send_slash(
                &table.host,
                channel,
                "thaayam",
                "new",
                vec![Opt::int("players", 2 + i64::from(table.computer))],
            )
            .await;
        ctl.clicks.fetch_add(1, Ordering::Relaxed);
        if answered(fake, ctl, channel, i, STORM_PATIENCE).await.is_some_and(|r| r.kind == 4) {
            // Refused (a lobby saved but not shown yet) or told where it is.
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        return Step::Moved;
    };
    let key = (msg.id, msg.version);
    if memo.board != key {
        *memo = Memo { board: key, tried: 0 };
    }
    let players = table.players();
    let options: Vec<(FakeUser, Click)> = if is_lobby(&msg) {
        lobby_click(&msg, table).into_iter().collect()
    } else {
        match play::to_act(&msg, &players).filter(|_| !msg.components().is_empty()) {
            Some(p) => choices(&msg).into_iter().map(|c| (p.clone(), c)).collect(),
            None => Vec::new(),
        }
    };
    if options.is_empty() {
        let wait = if mode == Mode::Finish { WAIT } else { Duration::from_secs(1) };
        let moved = |i: &Inner| i.newest_public(channel).filter(|m| (m.id, m.version) != key).map(|_| ());
        if fake.wait_channel(channel, wait, moved).await.is_none() && mode == Mode::Finish {
            panic!("a board that does not move on in channel {channel}: {}", msg.text());
        }
        return Step::Moved;
    }
    if mode == Mode::Finish && memo.tried >= options.len() {
        panic!("every choice was refused on the board in channel {channel}: {}", msg.text());
    }
    let (user, click) = options[memo.tried % options.len()].clone();
    let extra = match (mode, rng.random_range(0..4)) {
        // A double click, or the other player clicking the same control.
        (Mode::Storm, 0) => Some(user.clone()),
        (Mode::Storm, 1) => players.iter().find(|p| **p != user).cloned(),
        _ => None,
    };
    let (main, other) = tokio::join!(send(fake, &user, channel, msg.id, &click), async {
        match &extra {
            Some(u) => send(fake, u, channel, msg.id, &click).await.ok(),
            None => None,
        }
    });
    ctl.clicks.fetch_add(1 + u64::from(other.is_some()), Ordering::Relaxed);
    let Ok(i) = main else {
        return Step::Moved; // the board changed under the player's finger: look again
    };
    let patience = if mode == Mode::Finish { WAIT } else { STORM_PATIENCE };
    match answered(fake, ctl, channel, i, patience).await {
        None if mode == Mode::Finish => panic!("a click was not answered in channel {channel}: {}", msg.text()),
        Some(r) if r.kind == 4 => memo.tried += 1,
        _ => {}
    }
    Step::Moved
}

/// A table's players in a storm until told to stop: games one after the other.
pub(crate) async fn storm(fake: &FakeDiscord, ctl: &Control, table: &Table, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut memo = Memo::default();
    while !ctl.stop.load(Ordering::SeqCst) {
        if ctl.paused.load(Ordering::SeqCst) {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        step(fake, ctl, table, Mode::Storm, &mut rng, &mut memo).await;
    }
}

/// Plays the table's current game to its end: every click answered, no refusal of a button.
pub(crate) async fn finish(fake: &FakeDiscord, ctl: &Control, table: &Table) {
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let mut memo = Memo::default();
    for _ in 0..5000 {
        if step(fake, ctl, table, Mode::Finish, &mut rng, &mut memo).await == Step::Over {
            return;
        }
    }
    panic!("the game in channel {} did not end", table.channel);
}

/// The final checks and figures.
fn report(fake: &FakeDiscord, db: &Database, figures: &Figures, ctl: &Control, elapsed: Duration) {
    if let Database::Sqlite(path) = db {
        let integrity: String = rusqlite::Connection::open(path)
            .and_then(|c| c.query_row("PRAGMA integrity_check", [], |r| r.get(0)))
            .expect("integrity check");
        assert_eq!(integrity, "ok", "PRAGMA integrity_check");
    }
    let store = Store::open_database(db).expect("open the database");
    let (mut finished, mut ended, mut events) = (0, 0, 0);
    let mut all = 0;
    for GameId(id) in game_ids(&store) {
        let Some(game) = store.load(GameId(id)).expect("read a game") else { continue };
        game.replay().unwrap_or_else(|e| panic!("game {id}: the log does not replay: {e}"));
        if let Some(seed) = game.info.revealed_seed {
            assert!(
                verify_throws(seed, game.info.dice, game.info.ruleset, &game.events),
                "game {id}: throws follow the seed"
            );
        }
        match game.info.state {
            GameState::Finished => finished += 1,
            GameState::Abandoned => ended += 1,
            GameState::Lobby | GameState::Playing => {}
        }
        events += game.events.len();
        all += 1;
    }
    assert!(store.live_games().expect("open games").is_empty(), "every game was played to its end");
    let unsaved = store.unfinished_games().expect("unfinished").len();
    let check = store_check::compare_database(fake, db).expect("the database matches the boards");
    assert!(finished > 0 && check.finished == finished, "{check:?}, {finished} finished in the database");

    let interactions = fake.interactions();
    let clicks: Vec<_> = interactions.iter().filter(|r| r.custom_id.is_some()).collect();
    let answered: Vec<_> = clicks.iter().filter_map(|r| r.response.as_ref().map(|a| (r, a))).collect();
    let refused = answered.iter().filter(|(_, a)| a.kind == 4).count();
    let caught_up = answered.iter().filter(|(r, a)| a.kind != 4 && !r.followups.is_empty()).count();
    let channels: BTreeSet<u64> = clicks.iter().map(|r| r.channel_id).collect();
    eprintln!(
        "kill loop: {} kills (SIGKILL) over {} channels in {:.1} s; {} interactions sent by players ({} clicks), \
         {} clicks acknowledged ({} applied or shown, {} refused privately, {} brought a board up to date), {} \
         unanswered (lost with a killed bot); {all} games ({finished} finished, {ended} ended early, {unsaved} \
         created but never saved before a kill), {events} events; boards behind their saved game found after the \
         kills: {} (of which {} games' ends); longest catch-up after a restart: {:.0} ms",
        figures.kills,
        channels.len(),
        elapsed.as_secs_f64(),
        ctl.clicks.load(Ordering::Relaxed),
        clicks.len(),
        answered.len(),
        answered.len() - refused,
        refused,
        caught_up,
        clicks.len() - answered.len(),
        figures.behind_at_restart,
        figures.ends_behind_at_restart,
        figures.longest_catch_up.as_secs_f64() * 1e3,
    );
    if figures.restarts.is_empty() {
        return;
    }
    let slowest = answered.iter().map(|(_, a)| a.latency).max().unwrap_or_default();
    // A click that meets the stopped database is answered "could not be
    // saved", or saved once the server is back if that is within its
    // deadline (the store tries to connect again for about a second).
    let met: usize = figures.restarts.iter().map(|r| r.sent).sum();
    assert!(met > 0, "no click met the stopped database: {:?}", figures.restarts);
    for (n, r) in figures.restarts.iter().enumerate() {
        eprintln!(
            "database restart {}: down {:.0} ms (recovery {:.0} ms of it); the bot saved again {:.0} ms after the \
             server was back; {} interactions sent meanwhile: {} answered 'could not be saved/opened', {} refused \
             for another reason, {} saved",
            n + 1,
            r.down.as_secs_f64() * 1e3,
            r.recovery.as_secs_f64() * 1e3,
            r.reconnect.as_secs_f64() * 1e3,
            r.sent,
            r.refused_unsaved,
            r.refused_otherwise,
            r.saved,
        );
    }
    for (n, r) in figures.freezes.iter().enumerate() {
        eprintln!(
            "database frozen {}: for {:.0} ms; the bot saved again {:.0} ms after it went on; {} interactions sent \
             meanwhile: {} answered 'could not be saved/opened', {} refused for another reason, {} saved",
            n + 1,
            r.down.as_secs_f64() * 1e3,
            r.reconnect.as_secs_f64() * 1e3,
            r.sent,
            r.refused_unsaved,
            r.refused_otherwise,
            r.saved,
        );
    }
    let others: BTreeSet<&String> =
        figures.restarts.iter().chain(&figures.freezes).flat_map(|r| &r.other_reasons).collect();
    eprintln!("the other refusals meanwhile said: {others:?}");
    eprintln!("slowest first answer of the whole run: {:.0} ms", slowest.as_secs_f64() * 1e3);
}
