//! End-to-end: a game's page in a real browser (headless Chromium over
//! the DevTools protocol; skipped aloud without it, mandatory in CI with
//! `THAAYAM_REQUIRE_CHROMIUM=1`). A game is played through the fake
//! Discord while the page, opened from the board's link button, is open at
//! phone width: the board and the story follow each click within 2 s; a
//! reload resumes the stream; after the end the page checks every throw
//! with the browser's SHA-256 and shows a mismatch for a tampered seed;
//! the replay steps with the arrow keys; no page scrolls sideways at
//! 360 px; once the game is analysed, a costly step of the replay shows
//! its marks (the series' luck, the label) and the expert's better end
//! position drawn beside the one played; the console shows no error.
//! Screenshots are written to
//! `target/web-shots/` (look at them).

use crate::support::browser::{Browser, chromium_or_skip};
use crate::support::fake_discord::interactions::link_urls;
use crate::support::fake_discord::{FakeDiscord, FakeUser, Opt};
use crate::support::play::{self, Progress, TempDir};
use std::net::SocketAddr;
use std::time::Duration;
use thaayam::discord::config::{Shards, Web};

const CHANNEL: u64 = 1_300_000_000_000_000_971;
/// How soon the page must show a change.
const FOLLOW: Duration = Duration::from_secs(2);
const WIDTH: u32 = 360;

/// A free port on loopback (bound and let go: the bot binds it next).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("a free port")
}

fn shots() -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target").join("web-shots");
    std::fs::create_dir_all(&dir).expect("screenshot folder");
    dir
}

/// No sideways scrolling at phone width.
async fn fits(browser: &Browser, what: &str) {
    let width = browser.eval("document.scrollingElement.scrollWidth").await;
    assert!(width.as_u64().is_some_and(|w| w <= u64::from(WIDTH)), "{what}: scroll width {width} > {WIDTH}");
}

async fn shot(browser: &Browser, name: &str) {
    let png = browser.screenshot().await;
    assert!(png.starts_with(b"\x89PNG"), "a screenshot");
    std::fs::write(shots().join(name), png).expect("write the screenshot");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_games_page_follows_it_live_then_replays_it_and_checks_its_dice_in_a_browser() {
    let Some(chromium) = chromium_or_skip("web page in a browser") else { return };
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("web-browser");
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let mut config = play::config(&dir.0.join("thaayam.db"), Shards::Auto);
    config.web = Some(Web::new(SocketAddr::from(([127, 0, 0, 1], port)), Some(base.clone())));
    config.limits.analyses_after_games = true;
    let bot = play::start_bot_with(&fake, config).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    let players = [alice.clone(), bob.clone()];
    let lobby = play::open_lobby(&fake, &alice, CHANNEL, vec![Opt::int("players", 2)]).await;
    assert!(link_urls(&lobby).is_empty(), "a lobby has no page link");
    play::click_label(&fake, &bob, &lobby, "Join").await;
    let lobby = fake.message(lobby.id).expect("lobby");
    play::click_label(&fake, &alice, &lobby, "Start").await;
    let board = play::settled_board(&fake, CHANNEL).await;
    let links = link_urls(&board);
    assert_eq!(links.len(), 1, "the board links to its page: {}", board.json);
    let url = links[0].clone();
    assert!(url.starts_with(&format!("{base}/g/")) && url.len() == base.len() + 3 + 22, "{url}");

    let browser = Browser::start(&chromium, WIDTH, 800).await;
    browser.open(&url).await;
    assert_eq!(browser.eval("document.documentElement.lang").await, "en");
    assert_eq!(browser.eval("document.getElementById('dice-data') === null").await, true, "no dice before the end");
    fits(&browser, "the live page").await;
    shot(&browser, "live-360.png").await;

    // Each click shows on the page within 2 s: its counter, its board, its story.
    let mut followed = 0;
    let mut slowest = Duration::ZERO;
    let mut reloaded = false;
    loop {
        let progress = play::advance(&fake, CHANNEL, &players).await;
        let now = fake.read_newest_public(CHANNEL, play::seq_of).flatten();
        if matches!(progress, Progress::Over) {
            break;
        }
        let Some(seq) = now else { continue };
        let took = browser
            .wait_for(
                &format!(
                    "document.body.getAttribute('data-seq') >= {seq} && \
                     document.getElementById('board-img').src.indexOf('v=') > 0 && \
                     +document.getElementById('board-img').src.split('v=')[1] >= {seq}"
                ),
                FOLLOW,
            )
            .await;
        slowest = slowest.max(took);
        followed += 1;
        if followed == 8 && !reloaded {
            // A reload: the page comes back at the game's counter and follows on.
            browser.call("Page.reload", serde_json::json!({})).await;
            browser.wait_for("document.readyState === 'complete'", Duration::from_secs(10)).await;
            reloaded = true;
        }
        if followed > 12 {
            break;
        }
    }
    assert!(followed >= 10, "the page followed {followed} changes");
    let told = browser.eval("document.querySelectorAll('#story li').length").await.as_u64().unwrap_or(0);
    assert!(told >= 3, "the story grew on the page: {told} moves");
    eprintln!("the page followed {followed} clicks, the slowest in {slowest:?}");

    // The end: the page reloads itself and checks the dice.
    let (last, _) = play::play_to_end(&fake, CHANNEL, &players, 4000).await;
    assert!(play::is_over(&last));
    // The result (not the analysis's reply, which may follow it at once).
    let result = fake.message(last.id).expect("the result");
    assert_eq!(link_urls(&result), vec![url.clone()], "the result links to the same page");
    browser.wait_for("document.body.getAttribute('data-checked') === '1'", Duration::from_secs(20)).await;
    assert_eq!(browser.eval("document.getElementById('throws-verdict').dataset.bad").await, "0");
    let verdict = browser.eval("document.getElementById('verdict').innerText").await;
    let verdict = verdict.as_str().unwrap_or_default().to_string();
    assert!(verdict.contains("is the commitment") && verdict.contains("throws of the game are the ones"), "{verdict}");
    let hash = browser.eval("document.getElementById('seed-hash').textContent").await;
    assert_eq!(hash, browser.eval("document.getElementById('commitment').textContent").await);
    fits(&browser, "the finished page").await;
    shot(&browser, "finished-360.png").await;

    // A tampered seed: the page says so.
    browser
        .eval(
            "(function(){var i=document.getElementById('seed');var v=i.value;\
             i.value=(v[0]==='0'?'1':'0')+v.slice(1);document.body.removeAttribute('data-checked');\
             document.getElementById('check-button').click();return true;})()",
        )
        .await;
    browser.wait_for("document.body.getAttribute('data-checked') === '1'", Duration::from_secs(20)).await;
    let bad = browser.eval("+document.getElementById('throws-verdict').dataset.bad").await;
    assert!(bad.as_u64().is_some_and(|b| b > 0), "throws that do not match: {bad}");
    assert_eq!(browser.eval("document.getElementById('seed-verdict').className").await, "bad");
    shot(&browser, "tampered-360.png").await;

    // The replay steps with the keys.
    browser.open(&format!("{url}?step=0")).await;
    browser.key("ArrowRight").await;
    browser.wait_for("location.search === '?step=1'", Duration::from_secs(5)).await;
    browser.wait_for("document.readyState === 'complete'", Duration::from_secs(5)).await;
    browser.key("ArrowRight").await;
    browser.wait_for("location.search === '?step=2'", Duration::from_secs(5)).await;
    browser.wait_for("document.readyState === 'complete'", Duration::from_secs(5)).await;
    let shown = browser.eval("document.getElementById('board-img').naturalWidth").await;
    assert!(shown.as_u64().is_some_and(|w| w > 0), "the step's board is drawn");
    let text = browser.eval("document.getElementById('where').textContent").await;
    assert!(text.as_str().is_some_and(|t| t.starts_with("Move 2 of")), "{text}");
    fits(&browser, "a replay step").await;
    shot(&browser, "replay-360.png").await;

    // Once analysed, the story labels the costly decisions, and such a
    // step shows its marks and the better end position beside the played.
    let analysed =
        |m: &crate::support::fake_discord::StoredMessage| m.channel_id == CHANNEL && m.content().contains(", analysed");
    fake.wait_for_message(analysed, Duration::from_secs(30)).await;
    browser.open(&url).await;
    let costly = "(function(){var m=document.querySelector('#story .mark.blunder, #story .mark.mistake');\
                  return m ? +m.closest('li').id.slice(1) : 0;})()";
    let step = browser.eval(costly).await.as_u64().unwrap_or(0);
    assert!(step > 0, "a mistake or a blunder is labelled in the story");
    browser.open(&format!("{url}?step={step}")).await;
    browser.wait_for("document.readyState === 'complete'", Duration::from_secs(5)).await;
    let marks = browser.eval("document.getElementById('marks').innerText").await;
    let marks = marks.as_str().unwrap_or_default().to_string();
    assert!(marks.contains("points of chance given away") && marks.contains("The expert prefers: "), "{marks}");
    browser.wait_for("document.getElementById('best-img').complete", Duration::from_secs(5)).await;
    let best = browser.eval("document.getElementById('best-img').naturalWidth").await;
    assert!(best.as_u64().is_some_and(|w| w > 0), "the better end position is drawn");
    browser.eval("document.getElementById('marks').scrollIntoView()").await;
    fits(&browser, "a marked replay step").await;
    shot(&browser, "marks-360.png").await;

    let errors = browser.errors.lock().expect("lock").clone();
    assert!(errors.is_empty(), "the console shows errors: {errors:?}");
    browser.stop().await;
    bot.stop().await.expect("the bot stops");
}
