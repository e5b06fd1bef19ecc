//! End-to-end: `thaayam backup` of a running bot's database in the middle
//! of a click storm (several games played as fast as the bot answers)
//! passes `thaayam check`, and a bot started on the restored file resumes
//! every game the backup held: each of their channels is told that its
//! game is already running, and none of them is set aside as a leftover.

use crate::support::fake_discord::{FakeDiscord, FakeUser};
use crate::support::play::{self, Progress, TempDir};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use thaayam::store::{GameState, Store};

const BASE_CHANNEL: u64 = 1_300_000_000_000_000_900;
const CHANNELS: u64 = 3;

fn thaayam(args: &[&str], dir: &Path) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_thaayam")).args(args).current_dir(dir).output().expect("run thaayam");
    let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code(), text)
}

/// One channel's players clicking as fast as the bot answers, game after
/// game, until told to stop.
async fn storm(fake: Arc<FakeDiscord>, n: u64, stop: Arc<AtomicBool>, clicks: Arc<AtomicU64>) {
    let channel = BASE_CHANNEL + n;
    let players = [FakeUser::new(40 + 2 * n, &format!("host{n}")), FakeUser::new(41 + 2 * n, &format!("guest{n}"))];
    while !stop.load(Ordering::Relaxed) {
        play::start_two(&fake, &players[0], &players[1], channel).await;
        while !stop.load(Ordering::Relaxed) {
            match play::advance(&fake, channel, &players).await {
                Progress::Over => break,
                Progress::Clicked => _ = clicks.fetch_add(1, Ordering::Relaxed),
                Progress::Waited => {}
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_in_a_click_storm_checks_and_resumes_every_game() {
    let _serial = crate::support::serial().await;
    let fake = Arc::new(FakeDiscord::start().await);
    let dir = TempDir::new("backup");
    let bot = play::start_bot(&fake, &dir.0).await;
    let stop = Arc::new(AtomicBool::new(false));
    let clicks = Arc::new(AtomicU64::new(0));
    let storms: Vec<_> = (0..CHANNELS)
        .map(|n| tokio::spawn(storm(Arc::clone(&fake), n, Arc::clone(&stop), Arc::clone(&clicks))))
        .collect();
    while clicks.load(Ordering::Relaxed) < 40 {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let at = clicks.load(Ordering::Relaxed);
    let root = dir.0.clone();
    let (code, text) = tokio::task::spawn_blocking(move || {
        thaayam(&["backup", "--database", "thaayam.db", "--out", "backup.db"], &root)
    })
    .await
    .expect("backup task");
    assert_eq!(code, Some(0), "{text}");
    // The storm goes on after the backup, so that the restored file is
    // behind what the players saw.
    while clicks.load(Ordering::Relaxed) < at + 10 {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    stop.store(true, Ordering::Relaxed);
    for s in storms {
        s.await.expect("storm");
    }
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");

    let (code, report) = thaayam(&["check", "backup.db"], &dir.0);
    assert_eq!(code, Some(0), "the backup is sound: {report}");
    let held: BTreeMap<u64, (i64, u64)> = Store::open_copy(dir.0.join("backup.db"))
        .expect("backup")
        .live_games()
        .expect("open games")
        .into_iter()
        .map(|g| (g.info.channel, (g.info.id.0, g.info.seq)))
        .collect();
    // A channel may be between two games at the instant of the backup.
    assert!(!held.is_empty(), "games were open at the backup: {report}");

    // Restore: the backup becomes the database of a new bot.
    let restored = TempDir::new("restored");
    std::fs::copy(dir.0.join("backup.db"), restored.0.join("thaayam.db")).expect("restore");
    let fake = FakeDiscord::start().await;
    let bot = play::start_bot(&fake, &restored.0).await;
    let host = FakeUser::new(40, "host0");
    for &channel in held.keys() {
        let asked = fake.send_slash(&host, channel, "thaayam", "new", vec![]).await;
        let (_, text) = play::answer(&fake, asked).await;
        assert!(text.contains("already running"), "channel {channel} still has its game: {text}");
    }
    bot.stop().await.expect("clean stop");
    let store = Store::open(restored.0.join("thaayam.db")).expect("restored database");
    for (channel, (id, seq)) in held {
        let info = store.game(thaayam::store::GameId(id)).expect("read").expect("kept");
        assert!(
            matches!(info.state, GameState::Lobby | GameState::Playing) && info.seq >= seq,
            "game {id} of channel {channel} resumed as it was: {:?} at {}",
            info.state,
            info.seq
        );
    }
}
