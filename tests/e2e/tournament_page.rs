//! End-to-end: a tournament's page (`/t/{key}`) served by the bot, read
//! over HTTP and in a real browser at phone width (headless Chromium;
//! skipped aloud without it, mandatory in CI with
//! `THAAYAM_REQUIRE_CHROMIUM=1`). A running Swiss of three is on the
//! bot's database before it starts (`thaayam::lab::web_flood`): the page
//! shows its standings (three lines, the leader first), its rounds latest
//! first with the table still playing and the table played linked to its
//! game's page, reloads itself while it runs, does not scroll sideways at
//! 360 px; a game's key, a changed key and a server that switched its
//! pages off all get the 404. An arena's page (in another channel) lists
//! its games under one heading, not by rounds, and fits the phone too.
//! The screenshots are `target/web-shots/tournament-360.png` and
//! `tournament-arena-360.png` (look at them).

use crate::support::browser::{Browser, chromium_or_skip};
use crate::support::fake_discord::{FakeDiscord, GUILD_ID};
use crate::support::play::{self, TempDir};
use std::net::SocketAddr;
use thaayam::discord::config::{Shards, Web};

const CHANNEL: u64 = 1_300_000_000_000_005_801;
const ARENA_CHANNEL: u64 = CHANNEL + 1;
const WIDTH: u32 = 360;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournaments_page_shows_standings_and_tables_and_fits_a_phone() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("tournament-page");
    let db = dir.0.join("thaayam.db");
    let (key, game_key) =
        thaayam::lab::web_flood::tournament_with_a_game(&db, GUILD_ID, CHANNEL).expect("a running tournament");
    let arena = thaayam::lab::web_flood::arena_with_a_game(&db, GUILD_ID, ARENA_CHANNEL).expect("a running arena");
    let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
    let base = format!("http://127.0.0.1:{port}");
    let mut config = play::config(&db, Shards::Auto);
    config.web = Some(Web::new(SocketAddr::from(([127, 0, 0, 1], port)), Some(base.clone())));
    let bot = play::start_bot_with(&fake, config).await;

    let url = format!("{base}/t/{key}");
    let page = reqwest::get(&url).await.expect("the page");
    assert_eq!(page.status(), 200, "the tournament's page");
    let text = page.text().await.expect("its text");
    assert!(text.contains("Friday &lt;Cup&gt;"), "its name, escaped: {text}");
    assert!(text.contains(&format!("href=\"{base}/g/{game_key}\"")), "the played table links its game: {text}");
    assert!(text.contains("http-equiv=\"refresh\""), "a running tournament's page reloads itself");
    let round_two = text.find("Round 2").expect("round 2");
    assert!(round_two < text.find("Round 1").expect("round 1"), "the latest round first");
    // A key one character off (its first: never the key itself).
    let changed = format!("{}{}", if key.starts_with('A') { 'B' } else { 'A' }, &key[1..]);
    for wrong in [game_key.clone(), changed, "short".into()] {
        let got = reqwest::get(format!("{base}/t/{wrong}")).await.expect("an answer");
        assert_eq!(got.status(), 404, "/t/{wrong}");
    }
    assert_eq!(reqwest::get(format!("{base}/g/{key}")).await.expect("an answer").status(), 404, "not a game's key");

    if let Some(chromium) = chromium_or_skip("tournament page in a browser") {
        let browser = Browser::start(&chromium, WIDTH, 800).await;
        browser.open(&url).await;
        let lines = browser.eval("document.querySelectorAll('.standings tbody tr').length").await;
        assert_eq!(lines, 3, "three entrants in the standings");
        let leader = browser.eval("document.querySelector('.standings tbody tr td:nth-child(3)').textContent").await;
        assert_eq!(leader, "1", "the leader: a win at a table of two (the bye scores as much but wins nothing)");
        let tables = browser.eval("document.querySelectorAll('.round ol.tables > li').length").await;
        assert_eq!(tables, 3, "round 2's table, round 1's table and bye");
        let width = browser.eval("document.scrollingElement.scrollWidth").await;
        assert!(width.as_u64().is_some_and(|w| w <= u64::from(WIDTH)), "scroll width {width} > {WIDTH}");
        let png = browser.screenshot().await;
        let shots = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target").join("web-shots");
        std::fs::create_dir_all(&shots).expect("screenshot folder");
        std::fs::write(shots.join("tournament-360.png"), png).expect("write the screenshot");

        browser.open(&format!("{base}/t/{arena}")).await;
        let headings = browser.eval("[...document.querySelectorAll('h2')].map(h => h.textContent).join('|')").await;
        let headings = headings.as_str().unwrap_or_default().to_string();
        assert!(headings.contains("The arena's games") && !headings.contains("Round"), "{headings}");
        let ends = browser.eval("document.querySelector('.round p').textContent").await;
        assert!(ends.as_str().is_some_and(|t| t.starts_with("The arena ends")), "{ends}");
        let leader = browser.eval("document.querySelector('.standings tbody tr td:nth-child(3)').textContent").await;
        assert_eq!(leader, "1", "the arena's leader: one win at a table of two");
        let width = browser.eval("document.scrollingElement.scrollWidth").await;
        assert!(width.as_u64().is_some_and(|w| w <= u64::from(WIDTH)), "arena: scroll width {width} > {WIDTH}");
        std::fs::write(shots.join("tournament-arena-360.png"), browser.screenshot().await).expect("write it");
    }

    // The server switches its pages off: the same 404 as a mistyped key
    // (once its settings are read again: the page kept for 5 s at most).
    thaayam::lab::web_flood::pages_off(&db, GUILD_ID).expect("pages off");
    bot.stop().await.expect("clean stop");
    // A port of its own: the stopped bot's listener may linger a moment.
    let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
    let base = format!("http://127.0.0.1:{port}");
    let mut config = play::config(&db, Shards::Auto);
    config.web = Some(Web::new(SocketAddr::from(([127, 0, 0, 1], port)), Some(base.clone())));
    let bot = play::start_bot_with(&fake, config).await;
    let got = reqwest::get(format!("{base}/t/{key}")).await.expect("an answer");
    assert_eq!(got.status(), 404, "pages off: no tournament page");
    bot.stop().await.expect("clean stop");
}
