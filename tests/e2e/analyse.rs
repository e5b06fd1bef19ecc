//! End-to-end: a game played to the end through the fake Discord gains,
//! once its analysis is ready, a line per player (luck, choices,
//! accuracy); `/thaayam analyse` on it posts a PNG chart with the swings, and answers a second
//! time from the store's cache; a running game, an unknown number and a
//! malformed one are refused privately.

use crate::support::fake_discord::{FakeDiscord, FakeUser, Opt, StoredMessage};
use crate::support::play::{self, TempDir, WAIT};
use thaayam::store::{CachedAnalysis, GameId, Store};

const CHANNEL: u64 = 1_300_000_000_000_000_351;

fn png(m: &StoredMessage) -> Option<Vec<u8>> {
    m.files.iter().find(|f| f.filename.starts_with("thaayam-analysis-")).map(|f| f.bytes.to_vec())
}

/// Asks for the analysis of game `id`; returns the chart's bytes, the
/// text posted with it and the message's id (not `before`).
async fn analyse(fake: &FakeDiscord, user: &FakeUser, id: &str, before: u64) -> (Vec<u8>, String, u64) {
    let i = fake.send_slash(user, CHANNEL, "thaayam", "analyse", vec![Opt::str("game", id)]).await;
    assert_eq!(fake.wait_response(i, WAIT).await.kind, 5, "deferred while it is computed");
    let chart = |m: &StoredMessage| m.channel_id == CHANNEL && m.id != before && png(m).is_some();
    let posted = fake.wait_for_message(chart, WAIT * 6).await;
    (png(&posted).expect("a PNG"), posted.content().to_string(), posted.id)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_analysed_then_answered_from_the_cache() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("analyse");
    let mut config = play::config(&dir.0.join("thaayam.db"), thaayam::discord::config::Shards::Auto);
    config.limits.analyses_after_games = true;
    let bot = play::start_bot_with(&fake, config).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    play::start_two(&fake, &alice, &bob, CHANNEL).await;

    play::play_to_end(&fake, CHANNEL, &[alice.clone(), bob.clone()], 4000).await;
    // Once the analysis is ready, the result gains its line per player.
    let line = |m: &StoredMessage| m.channel_id == CHANNEL && m.content().starts_with("Game #1, analysed");
    let review = fake.wait_for_message(line, WAIT * 6).await;
    let text = review.content().to_string();
    for who in [&alice, &bob] {
        let mine = text.lines().find(|l| l.starts_with(&who.mention())).unwrap_or_else(|| panic!("{text}"));
        assert!(mine.contains(": dice ") && mine.contains(", choices "), "{mine}");
    }
    assert!(text.contains("accuracy "), "someone had a choice in a whole game: {text}");
    let (chart, text, first) = analyse(&fake, &bob, "1", 0).await;
    assert!(chart.starts_with(b"\x89PNG"), "a PNG chart");
    assert!(text.starts_with("**Game #1** (bell)") && text.contains(&alice.mention()), "{text}");
    assert!(text.contains("**1.** Series"), "{text}");

    // The cache holds it; a marked copy put there is what comes back.
    let db = dir.0.join("thaayam.db");
    let mut store = Store::open(&db).expect("open the bot's file");
    // Cached under the analysis's version and the bell 2p network's fingerprint.
    let bell = thaayam::engine::Ruleset::new(thaayam::engine::Variant::Bell);
    let version = thaayam::ai::analysis::cache_version(bell, 2).expect("a network");
    let cached = store.cached_analysis(GameId(1), version).expect("read").expect("cached after the first answer");
    assert_eq!(cached.png, chart);
    let mut marked = chart.clone();
    marked.extend_from_slice(b"cached");
    store.cache_analysis(GameId(1), version, &CachedAnalysis { png: marked.clone(), ..cached }).expect("mark");
    drop(store);
    let (again, text_again, _) = analyse(&fake, &alice, "#1", first).await;
    assert_eq!(again, marked, "the second answer comes from the cache");
    assert_eq!(text_again, text);

    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}

/// The private answer to `/thaayam analyse game:<id>` (a refusal comes at
/// once, not deferred).
async fn refused(fake: &FakeDiscord, user: &FakeUser, id: &str) -> String {
    let i = fake.send_slash(user, CHANNEL, "thaayam", "analyse", vec![Opt::str("game", id)]).await;
    let r = fake.wait_response(i, WAIT).await;
    assert_eq!(r.kind, 4, "answered at once: {:?}", r.data);
    assert_eq!(r.data["flags"].as_u64().map(|f| f & 64), Some(64), "privately: {:?}", r.data);
    r.data["content"].as_str().unwrap_or_default().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_game_an_unknown_and_a_malformed_number_are_refused_privately() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("analyse-refused");
    let bot = play::start_bot(&fake, &dir.0).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    play::start_two(&fake, &alice, &bob, CHANNEL).await;
    let board = play::live_board(&fake, CHANNEL).await;
    let public_before = fake.messages(CHANNEL).iter().filter(|m| !m.is_ephemeral()).count();

    let text = refused(&fake, &bob, "1").await;
    assert!(text.contains("has not been played to the end"), "{text}");
    let text = refused(&fake, &alice, "99").await;
    assert!(text.contains("There is no game #99"), "{text}");
    let text = refused(&fake, &alice, "twelve").await;
    assert!(text.contains("`twelve` is not a game number"), "{text}");

    let public_after = fake.messages(CHANNEL).iter().filter(|m| !m.is_ephemeral()).count();
    assert_eq!(public_before, public_after, "nothing public was posted");
    let after = fake.message(board.id).expect("board");
    assert_eq!(after.version, board.version, "the running game's board is untouched");
    let analysing = fake.messages(CHANNEL).into_iter().any(|m| png(&m).is_some());
    assert!(!analysing, "no chart was posted");

    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}
