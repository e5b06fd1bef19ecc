//! End-to-end: the record and settings commands against the real bot
//! through the fake Discord: empty leaderboard, stats and history, replay
//! refusals, and settings changed only by a member with Manage Server.

use crate::support::fake_discord::{FakeDiscord, FakeUser, Opt};
use crate::support::play::{self, TempDir, WAIT};

const CHANNEL: u64 = 1_300_000_000_000_000_301;
const MANAGE_GUILD: u64 = 1 << 5;

/// Sends `/thaayam <sub>` and returns (response kind, text of content and
/// embeds, ephemeral).
async fn ask(fake: &FakeDiscord, user: &FakeUser, sub: &str, options: Vec<Opt>) -> (u64, String, bool) {
    let i = fake.send_slash(user, CHANNEL, "thaayam", sub, options).await;
    let r = fake.wait_response(i, WAIT).await;
    let msg = fake.response_message(i).expect("an answer message");
    (r.kind, format!("{}\n{}", msg.content(), msg.embed_text()), msg.is_ephemeral())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn records_and_settings_commands() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("records");
    let bot = play::start_bot(&fake, &dir.0).await;
    let bob = FakeUser::new(2, "bob");
    let mut admin = FakeUser::new(3, "admin");
    admin.permissions |= MANAGE_GUILD;

    let (kind, text, _) = ask(&fake, &bob, "leaderboard", vec![]).await;
    assert_eq!(kind, 4);
    assert!(text.contains("Leaderboard: bell, ") && text.contains("No one has finished 3 rated games"), "{text}");
    let (_, text, _) = ask(&fake, &bob, "leaderboard", vec![Opt::int("period", 2)]).await;
    assert!(text.contains("Leaderboard: bell") && text.contains("No one on this server"), "all time: {text}");
    let (_, text, _) = ask(&fake, &bob, "stats", vec![]).await;
    assert!(text.contains(&format!("{} has not finished a game", bob.mention())), "{text}");
    let (_, text, _) = ask(&fake, &bob, "history", vec![]).await;
    assert!(text.contains("No game has been played to the end"), "{text}");

    let (_, text, private) = ask(&fake, &bob, "replay", vec![Opt::str("game", "twelve")]).await;
    assert!(private && text.contains("is not a game number"), "{text}");
    let (_, text, private) = ask(&fake, &bob, "replay", vec![Opt::str("game", "#999")]).await;
    assert!(private && text.contains("There is no game #999"), "{text}");

    let (_, text, private) = ask(&fake, &bob, "settings", vec![Opt::str("turn_timeout", "2h")]).await;
    assert!(private && text.contains("Manage Server"), "a member cannot change settings: {text}");
    let (_, text, private) = ask(&fake, &admin, "settings", vec![Opt::str("turn_timeout", "10s")]).await;
    assert!(private && text.contains("between 1 minute and 30 days"), "{text}");
    let (_, text, _) = ask(&fake, &admin, "settings", vec![Opt::str("turn_timeout", "90m")]).await;
    assert!(text.contains("Saved.") && text.contains("1h 30m"), "{text}");
    let (_, text, private) = ask(&fake, &bob, "settings", vec![]).await;
    assert!(private && text.contains("1h 30m") && !text.contains("Saved."), "anyone may look: {text}");

    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_shows_in_history_stats_and_replay() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("replay");
    let bot = play::start_bot(&fake, &dir.0).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    play::start_two(&fake, &alice, &bob, CHANNEL).await;
    let board = play::live_board(&fake, CHANNEL).await;
    let running: String = board
        .embed_text()
        .split("), game ")
        .nth(1)
        .expect("the game's number")
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let (_, text, private) = ask(&fake, &bob, "verify", vec![Opt::str("game", &running)]).await;
    assert!(private && text.contains("is still going on"), "a running game's seed is secret: {text}");
    let (last, _) = play::play_to_end(&fake, CHANNEL, &[alice.clone(), bob.clone()], 4000).await;

    let (_, text, private) = ask(&fake, &bob, "history", vec![]).await;
    assert!(!private && text.contains("won by"), "{text}");
    assert!(text.contains(&alice.mention()) && text.contains(&bob.mention()), "{text}");
    let id: String = text.split("`#").nth(1).expect("a game number").chars().take_while(char::is_ascii_digit).collect();
    let (_, text, _) = ask(&fake, &alice, "stats", vec![]).await;
    assert!(text.contains("1 game") && text.contains("bell"), "{text}");
    assert!(!text.contains("Frequent opponents"), "one game together is not yet a rivalry: {text}");
    assert_eq!(id, running);
    // The head-to-head of the two, from either side.
    let (_, text, private) = ask(&fake, &alice, "stats", vec![Opt::user("against", &bob)]).await;
    let (a, b) = (alice.mention(), bob.mention());
    assert!(!private && text.contains(&format!("{a} against {b}: 1 game together")), "{text}");
    assert!(text.contains("Their last game in this channel:") && text.contains(&format!("`#{id}`")), "{text}");
    let bob_vs = ask(&fake, &alice, "stats", vec![Opt::user("user", &bob), Opt::user("against", &alice)]).await.1;
    assert!(bob_vs.contains(&format!("{b} against {a}: 1 game together")), "{bob_vs}");

    // The result reveals the seed beside its full commitment, which every
    // board showed in short; /thaayam verify checks both, for anyone.
    let result = last.embed_text();
    let seed = result.split("Dice seed: `").nth(1).and_then(|r| r.get(..64)).expect("the seed").to_string();
    let seed_bytes: [u8; 32] = hex::decode(&seed).ok().and_then(|b| b.try_into().ok()).expect("32 bytes");
    let commitment = thaayam::dice::commitment(&seed_bytes);
    assert!(result.contains(&commitment), "the full commitment beside the seed: {result}");
    assert!(board.embed_text().contains(&format!("SHA-256 {}…", &commitment[..16])), "{}", board.embed_text());
    let carol = FakeUser::new(9, "carol");
    let i = fake.send_slash(&carol, CHANNEL, "thaayam", "verify", vec![Opt::str("game", &id)]).await;
    assert_eq!(fake.wait_response(i, WAIT).await.kind, 4);
    let answer = fake.response_message(i).expect("the verification");
    let text = answer.embed_text();
    assert!(!answer.is_ephemeral(), "anyone may show the check to the channel");
    assert!(text.contains(&seed) && text.contains(&commitment), "{text}");
    assert_eq!(text.matches('✅').count(), 2, "{text}");
    assert!(text.contains("1. South:") || text.contains("1. North:"), "the throws by turn: {text}");
    let file = answer.files.iter().find(|f| f.filename.ends_with("-dice.txt")).expect("the whole check attached");
    let report = String::from_utf8_lossy(&file.bytes);
    assert_eq!(report.matches("[PASS]").count(), 2, "{report}");
    assert!(report.contains("sha256-v2") && report.contains("xxd -r -p | sha256sum"), "{report}");
    // Every throw the report lists is the seed's, by the documented derivation.
    let listed: Vec<&str> = report
        .lines()
        .filter(|l| {
            l.split_once(". ")
                .is_some_and(|(n, rest)| n.parse::<u32>().is_ok() && rest.len() > 2 && rest.as_bytes()[1] == b':')
        })
        .flat_map(|l| l.split(": ").nth(1).unwrap_or_default().split(' '))
        .collect();
    let derived = thaayam::dice::throws_from_seed(
        seed_bytes,
        thaayam::dice::Derivation::Sha256,
        thaayam::engine::Ruleset::default(),
        listed.len(),
    );
    assert!(listed.len() > 20, "{report}");
    assert_eq!(listed, derived.iter().map(|t| t.to_string()).collect::<Vec<_>>());

    let i = fake.send_slash(&bob, CHANNEL, "thaayam", "replay", vec![Opt::str("game", &id)]).await;
    assert_eq!(fake.wait_response(i, WAIT).await.kind, 5, "the replay is deferred while it is drawn");
    let gif = |m: &crate::support::fake_discord::StoredMessage| m.files.iter().any(|f| f.filename.ends_with(".gif"));
    let posted = fake.wait_for_message(|m| m.channel_id == CHANNEL && gif(m), WAIT * 3).await;
    assert!(posted.content().starts_with(&format!("Replay of game #{id} (bell, 2 players, finished <t:")));
    let file = posted.files.iter().find(|f| f.filename.ends_with(".gif")).expect("the GIF");
    assert!(file.bytes.starts_with(b"GIF89a") && file.bytes.len() < 8_000_000);
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}
