//! End-to-end: the record and settings commands against the real bot
//! through the fake Discord: empty leaderboard, stats and history, replay
//! refusals, and settings changed only by a member with Manage Server.

mod support;

use support::fake_discord::{FakeDiscord, FakeUser, Opt};
use support::play::{self, TempDir, WAIT};

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
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("records");
    let bot = play::start_bot(&fake, &dir.0).await;
    let bob = FakeUser::new(2, "bob");
    let mut admin = FakeUser::new(3, "admin");
    admin.permissions |= MANAGE_GUILD;

    let (kind, text, _) = ask(&fake, &bob, "leaderboard", vec![]).await;
    assert_eq!(kind, 4);
    assert!(text.contains("Leaderboard: bell") && text.contains("No one on this server"), "{text}");
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
