//! End-to-end: a server's tournament organisers' role through the fake
//! Discord. Before one is named, a member with a role but without Manage
//! Server is refused as before; a member cannot name it; an admin names it
//! with `/thaayam settings organiser_role:` (a role option, its object in
//! the interaction's `resolved.roles`) and the settings show it; a member
//! holding it (her member's `roles`) opens a tournament and another
//! cancels it; a member with neither is refused with the role named; once
//! cleared, the role opens nothing.

use crate::support::fake_discord::payloads::FakeRole;
use crate::support::fake_discord::{FakeDiscord, FakeUser, Opt};
use crate::support::play::{self, TempDir};
use std::path::Path;

const CHANNEL: u64 = 1_300_000_000_000_000_583;
const MANAGE_GUILD: u64 = 1 << 5;

/// Sends `/thaayam <sub>` here: the answer's text and whether it is private.
async fn ask(fake: &FakeDiscord, user: &FakeUser, sub: &str, options: Vec<Opt>) -> (String, bool) {
    crate::tournament_signup::ask_in(fake, user, CHANNEL, sub, options).await
}

/// The tournaments in the database: (name, state), oldest first.
fn tournaments(dir: &Path) -> Vec<(String, String)> {
    let conn = rusqlite::Connection::open(dir.join("thaayam.db")).expect("open the database");
    let mut q = conn.prepare("SELECT name, state FROM tournaments ORDER BY id").expect("a query");
    let rows = q.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).expect("rows");
    rows.map(|r| r.expect("a row")).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_organisers_role_lets_its_members_run_tournaments_and_the_refusal_names_it() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("tournament-organisers");
    let bot = play::start_bot(&fake, &dir.0).await;
    let crew = FakeRole::new(1, "Tournament crew");
    let other = FakeRole::new(2, "Regulars");
    let mut admin = FakeUser::new(1, "admin");
    admin.permissions |= MANAGE_GUILD;
    let clara = FakeUser::new(2, "clara").holding(&other).holding(&crew);
    let dora = FakeUser::new(3, "dora").holding(&crew);
    let bob = FakeUser::new(4, "bob").holding(&other);
    let new = |name: &str| vec![Opt::str("name", name)];

    // No role named yet: holding one is not enough, and only an admin names it.
    let (text, private) = ask(&fake, &clara, "tournament new", new("Early")).await;
    assert!(private && text.contains("needs Manage Server.") && !text.contains("<@&"), "{text}");
    let (text, _) = ask(&fake, &bob, "settings", vec![Opt::role("organiser_role", &other)]).await;
    assert!(text.contains("Only members with the **Manage Server** permission"), "{text}");
    let (text, _) = ask(&fake, &admin, "settings", vec![]).await;
    assert!(text.contains("Tournament organisers") && text.contains("members with Manage Server"), "{text}");
    assert!(!text.contains("<@&"), "{text}");

    // Named (and both at once refused).
    let both = vec![Opt::role("organiser_role", &crew), Opt::bool("clear_organiser_role", true)];
    let (text, _) = ask(&fake, &admin, "settings", both).await;
    assert!(text.contains("not both"), "{text}");
    let (text, _) = ask(&fake, &admin, "settings", vec![Opt::role("organiser_role", &crew)]).await;
    assert!(text.contains("Saved.") && text.contains(&format!("or the role {}", crew.mention())), "{text}");

    // A holder opens one; a member with neither is refused with the role
    // named, for `new` and `cancel`; another holder cancels it.
    let (text, private) = ask(&fake, &clara, "tournament new", new("Crew cup")).await;
    assert!(private && text.contains("Tournament #1, **Crew cup**, is open for sign-up"), "{text}");
    let (text, private) = ask(&fake, &bob, "tournament new", new("Bob's cup")).await;
    assert!(private && text.contains(&format!("needs Manage Server or the role {}", crew.mention())), "{text}");
    let (text, _) = ask(&fake, &bob, "tournament cancel", vec![]).await;
    assert!(text.contains("Only the organiser") && text.contains(&crew.mention()), "{text}");
    assert_eq!(tournaments(&dir.0), [("Crew cup".to_string(), "signup".to_string())]);
    let (text, _) = ask(&fake, &dora, "tournament cancel", vec![]).await;
    assert!(text.contains("Tournament #1, **Crew cup**, is cancelled"), "{text}");

    // Cleared: Manage Server only again.
    let (text, _) = ask(&fake, &admin, "settings", vec![Opt::bool("clear_organiser_role", true)]).await;
    assert!(text.contains("Saved.") && !text.contains(&crew.mention()), "{text}");
    let (text, _) = ask(&fake, &dora, "tournament new", new("Late")).await;
    assert!(text.contains("needs Manage Server.") && !text.contains("<@&"), "{text}");
    assert_eq!(tournaments(&dir.0).len(), 1, "only the crew's cup was set up");

    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}
