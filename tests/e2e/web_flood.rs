//! End-to-end: a flood of requests for a finished game's page and pictures
//! (cycling the replay's steps, out-of-range ones too, from many loopback
//! addresses) while another game plays 20 clicks through the fake Discord:
//! every click is answered within Discord's 3 s and saved. Prints the
//! page's requests per second for the finished game (the flood alone) and
//! the clicks' p50 and p99 under the flood. Bounded: 8 flooding tasks, 2 s
//! alone, then as long as the 20 clicks take; loopback only.

use crate::support::fake_discord::{FakeDiscord, FakeUser, GUILD_ID};
use crate::support::play::{self, Progress, TempDir};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use thaayam::discord::config::{Shards, Web};
use thaayam::store::{GameId, Store};

const FINISHED: u64 = 1_300_000_000_000_005_401;
const CHANNEL: u64 = 1_300_000_000_000_005_402;
/// The tasks sending requests at once.
const FLOODERS: usize = 8;
/// Requests sent from one address before the next (each its own
/// 127.x.y.z: all of 127/8 is the loopback).
const PER_ADDRESS: usize = 16;
const CLICKS: usize = 20;
/// Discord's deadline for the first answer to an interaction.
const DEADLINE: Duration = Duration::from_secs(3);

/// What the flood got: answers by kind.
#[derive(Default)]
struct Tally {
    ok: AtomicUsize,
    refused: AtomicUsize,
    busy: AtomicUsize,
    failed: AtomicUsize,
}

/// One flooding task: the finished game's page, its board and its analysis
/// at steps 0, 1, 2, … (past the last move too), until `stop`.
async fn flood(base: String, key: String, n: usize, stop: Arc<AtomicBool>, tally: Arc<Tally>) {
    let mut sent = 0usize;
    let mut client = None;
    while !stop.load(Ordering::Relaxed) {
        if sent.is_multiple_of(PER_ADDRESS) {
            let k = sent / PER_ADDRESS * FLOODERS + n;
            let ip =
                IpAddr::V4(Ipv4Addr::new(127, 1 + (k / 65_536 % 200) as u8, (k / 256 % 256) as u8, (k % 256) as u8));
            client = reqwest::Client::builder().local_address(ip).timeout(Duration::from_secs(5)).build().ok();
        }
        let Some(c) = client.as_ref() else { return };
        let step = sent / 3 % 400;
        let path = match sent % 3 {
            0 => format!("/g/{key}?step={step}"),
            1 => format!("/g/{key}/board.png?step={step}"),
            _ => format!("/g/{key}/analysis.png"),
        };
        sent += 1;
        let got = match c.get(format!("{base}{path}")).send().await {
            Ok(r) => {
                let status = r.status().as_u16();
                let _ = r.bytes().await;
                status
            }
            Err(_) => 0,
        };
        let counter = match got {
            200 | 404 => &tally.ok,
            429 => &tally.refused,
            503 => &tally.busy,
            _ => &tally.failed,
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }
}

fn percentile(sorted: &[Duration], p: usize) -> Duration {
    sorted.get((sorted.len() * p / 100).min(sorted.len().saturating_sub(1))).copied().unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_a_finished_games_page_leaves_every_click_answered_and_saved_in_time() {
    let _serial = crate::support::serial().await;
    let fake = Arc::new(FakeDiscord::start().await);
    let dir = TempDir::new("web-flood");
    let db = dir.0.join("thaayam.db");
    let key = thaayam::lab::web_flood::finished_game(&db, GUILD_ID, FINISHED).expect("a finished game");
    let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
    let base = format!("http://127.0.0.1:{port}");
    let mut config = play::config(&db, Shards::Auto);
    config.web = Some(Web::new(SocketAddr::from(([127, 0, 0, 1], port)), Some(base.clone())));
    let bot = play::start_bot_with(&fake, config).await;
    let page = reqwest::get(format!("{base}/g/{key}?step=1")).await.expect("the page");
    assert_eq!(page.status(), 200, "the finished game's page");
    assert!(page.text().await.expect("its text").contains("board.png?step=1"));

    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    let players = [alice.clone(), bob.clone()];
    play::start_two(&fake, &alice, &bob, CHANNEL).await;
    play::settled_board(&fake, CHANNEL).await;

    // The flood alone: the page's requests per second.
    let stop = Arc::new(AtomicBool::new(false));
    let tally = Arc::new(Tally::default());
    let flooders: Vec<_> =
        (0..FLOODERS).map(|n| tokio::spawn(flood(base.clone(), key.clone(), n, stop.clone(), tally.clone()))).collect();
    let alone = Duration::from_secs(2);
    tokio::time::sleep(alone).await;
    let served = tally.ok.load(Ordering::Relaxed);
    let per_second = served as f64 / alone.as_secs_f64();

    // The clicks under the flood, in a task: a click that fails still
    // lets the figures be printed.
    let since = Instant::now();
    let clicking = {
        let fake = fake.clone();
        tokio::spawn(async move {
            let mut clicks = 0;
            for _ in 0..CLICKS * 20 {
                match play::advance(&fake, CHANNEL, &players).await {
                    Progress::Clicked => clicks += 1,
                    Progress::Over => break,
                    Progress::Waited => {}
                }
                if clicks == CLICKS {
                    break;
                }
            }
            clicks
        })
    };
    let clicked = clicking.await;
    stop.store(true, Ordering::Relaxed);
    for f in flooders {
        let _ = f.await;
    }
    let mut answers: Vec<Duration> = fake
        .interactions()
        .iter()
        .filter(|i| i.channel_id == CHANNEL && i.sent_at >= since)
        .filter_map(|i| i.response.as_ref().map(|r| r.latency))
        .collect();
    answers.sort();
    let (p50, p99) = (percentile(&answers, 50), percentile(&answers, 99));
    let refused = tally.refused.load(Ordering::Relaxed);
    let busy = tally.busy.load(Ordering::Relaxed);
    let failed = tally.failed.load(Ordering::Relaxed);
    eprintln!(
        "web flood: finished game's page {per_second:.0} requests/s alone ({served} in {alone:?}); \
         {} clicks under the flood: p50 {p50:?}, p99 {p99:?}, max {:?}; flood answers: {} served, \
         {refused} refused (429), {busy} busy (503), {failed} failed",
        answers.len(),
        answers.last().copied().unwrap_or_default(),
        tally.ok.load(Ordering::Relaxed)
    );
    let clicked = clicked.expect("every click answered and accepted");
    assert_eq!(clicked, CLICKS, "the game went on for {CLICKS} clicks");
    assert!(answers.len() >= CLICKS, "every click answered: {}", answers.len());
    assert!(answers.iter().all(|a| *a < DEADLINE), "every answer within {DEADLINE:?}: {answers:?}");
    assert_eq!(failed, 0, "the flood's requests are answered (served, or refused with 429/503)");

    // Saved: the store holds the counter the board shows.
    let board = play::settled_board(&fake, CHANNEL).await;
    let (game, seq) = (play::game_of(&board).expect("a game"), play::seq_of(&board).expect("a counter"));
    bot.stop().await.expect("the bot stops");
    let store = Store::open(&db).expect("the database");
    let saved = store.live_game(GameId(game)).expect("read").expect("the game");
    assert_eq!(saved.info.seq, u64::from(seq), "the board's last click is saved");
}
