//! End-to-end: a tournament's sign-up through the fake Discord. Without
//! Create Public Threads `/thaayam tournament new` names it and sets up
//! nothing; a member without Manage Server is refused; then the sign-up is
//! posted, three players join, one leaves, forged clicks change nothing,
//! check-in opens (the start moved close in the database, as time passing
//! would) and works, `show` lists it, a player leaves before the start
//! and another withdraws after it (round 1 written in the database as the
//! runner would pair it), late joining is over, and only its organiser
//! cancels it (its sign-up then says so and keeps no button).
//! The registered group's shape is the fake's to check (`validate.rs`).

use crate::support::fake_discord::payloads::perms;
use crate::support::fake_discord::{FakeDiscord, FakeUser, GUILD_ID, Opt, StoredMessage, validate};
use crate::support::play::{self, TempDir, WAIT};
use serde_json::json;
use std::path::Path;

const CHANNEL: u64 = 1_300_000_000_000_000_581;
const ELSEWHERE: u64 = CHANNEL + 1;
const MANAGE_GUILD: u64 = 1 << 5;

/// Sends `/thaayam <sub>` in `channel`; the answer's text (content and
/// embeds) and whether it is private (the other tournament tests ask so too).
pub(crate) async fn ask_in(
    fake: &FakeDiscord,
    user: &FakeUser,
    channel: u64,
    sub: &str,
    options: Vec<Opt>,
) -> (String, bool) {
    let i = fake.send_slash(user, channel, "thaayam", sub, options).await;
    fake.wait_response(i, WAIT).await;
    let msg = fake.response_message(i).expect("an answer message");
    (format!("{}\n{}", msg.content(), msg.embed_text()), msg.is_ephemeral())
}

/// [`ask_in`] this test's channel.
async fn ask(fake: &FakeDiscord, user: &FakeUser, sub: &str, options: Vec<Opt>) -> (String, bool) {
    ask_in(fake, user, CHANNEL, sub, options).await
}

/// Clicks `custom_id` on the sign-up as `user`: the answer's kind and the
/// sign-up as it then stands.
async fn click(fake: &FakeDiscord, user: &FakeUser, signup: u64, custom_id: &str) -> (u64, StoredMessage) {
    let i = fake.click(user, CHANNEL, signup, custom_id).await;
    let kind = fake.wait_response(i, WAIT).await.kind;
    (kind, fake.message(signup).expect("the sign-up"))
}

/// The private answer to a forged click.
async fn forged(fake: &FakeDiscord, user: &FakeUser, channel: u64, message: u64, custom_id: &str) -> String {
    let i = fake.forge_click(user, GUILD_ID, channel, message, custom_id).await;
    let (kind, text) = play::answer(fake, i).await;
    assert_eq!(kind, 4, "a forged click is answered privately: {text}");
    text
}

fn tournaments(dir: &Path) -> i64 {
    let conn = rusqlite::Connection::open(dir.join("thaayam.db")).expect("open the database");
    conn.query_row("SELECT count(*) FROM tournaments", [], |r| r.get(0)).expect("count")
}

fn entrants(dir: &Path) -> Vec<(u64, bool)> {
    let conn = rusqlite::Connection::open(dir.join("thaayam.db")).expect("open the database");
    let mut q = conn.prepare("SELECT user_id, checked_in FROM tournament_entrants ORDER BY user_id").expect("a query");
    let rows = q.query_map([], |r| Ok((r.get::<_, i64>(0)? as u64, r.get::<_, i64>(1)? != 0))).expect("rows");
    rows.map(|r| r.expect("a row")).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sign_up_with_joins_check_in_show_withdraw_and_cancel() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("tournament-signup");
    let bot = play::start_bot(&fake, &dir.0).await;
    let mut organiser = FakeUser::new(1, "organiser");
    organiser.permissions |= MANAGE_GUILD;
    let [alice, bob, carol, dave] =
        [(2, "alice"), (3, "bob"), (4, "carol"), (5, "dave")].map(|(n, s)| FakeUser::new(n, s));
    let new = |name: &str, more: Vec<Opt>| [vec![Opt::str("name", name)], more].concat();

    // The registered group: `tournament` holding its four subcommands.
    let group = fake.wait_until(WAIT, |inner| {
        let thaayam = inner.guild_commands.iter().find(|c| c["name"] == "thaayam")?;
        thaayam["options"].as_array()?.iter().find(|o| o["name"] == "tournament").cloned()
    });
    let group = group.await.expect("the tournament group is registered");
    assert_eq!(group["type"], 2);
    let subs: Vec<&str> =
        group["options"].as_array().into_iter().flatten().filter_map(|s| s["name"].as_str()).collect();
    assert_eq!(subs, ["new", "show", "cancel", "withdraw"]);

    // Without Create Public Threads: named, nothing set up or posted.
    fake.restrict_bot(CHANNEL, perms::ALL & !perms::CREATE_PUBLIC_THREADS);
    let (text, private) = ask(&fake, &organiser, "tournament new", new("Friday", vec![])).await;
    assert!(private && text.contains("Create Public Threads"), "{text}");
    assert!(!text.contains("Send Messages in Threads"), "names only what is missing: {text}");
    assert_eq!((tournaments(&dir.0), fake.newest_public(CHANNEL).map(|m| m.id)), (0, None));
    fake.restrict_bot(CHANNEL, perms::ALL);
    // Without Manage Server; with a start that is not one.
    let (text, private) = ask(&fake, &alice, "tournament new", new("Friday", vec![])).await;
    assert!(private && text.contains("Manage Server"), "{text}");
    let soon = vec![Opt::str("start", "soonish")];
    let (text, _) = ask(&fake, &organiser, "tournament new", new("Friday", soon)).await;
    assert!(text.contains("`soonish` is not a start"), "{text}");
    // The format's choices are numbered in their order: swiss 0, arena 1.
    let arena = vec![Opt::int("format", 1), Opt::int("rounds", 3)];
    let (text, _) = ask(&fake, &organiser, "tournament new", new("Friday", arena)).await;
    assert!(text.contains("An arena has no rounds"), "{text}");
    assert_eq!(tournaments(&dir.0), 0, "nothing was set up");

    // Set up: the sign-up is posted with Join and Leave.
    let options = vec![Opt::int("table_size", 3), Opt::int("rounds", 2), Opt::str("start", "20m")];
    let (text, private) = ask(&fake, &organiser, "tournament new", new("Friday night", options)).await;
    assert!(private && text.contains("Tournament #1, **Friday night**, is open for sign-up"), "{text}");
    let signup = fake.newest_public(CHANNEL).expect("the sign-up");
    let shown = signup.embed_text();
    for part in ["Friday night", "Swiss, 2 rounds", "3 players a table", "2 / 1 / 0", "<t:", "Time away does not apply"]
    {
        assert!(shown.contains(part), "{part:?} in {shown}");
    }
    let (join, leave) = ("s1:1:join", "s1:1:leave");
    let ids: Vec<String> = signup.buttons().into_iter().map(|(id, _, _)| id).collect();
    assert_eq!(ids, [join, leave], "no check-in yet");

    // Three join, one leaves: each click answered by the sign-up updated in place.
    for user in [&alice, &bob, &carol] {
        let (kind, _) = click(&fake, user, signup.id, join).await;
        assert_eq!(kind, 7, "{} joined: the sign-up updated", user.name);
    }
    let (_, now) = click(&fake, &bob, signup.id, leave).await;
    let shown = now.embed_text();
    assert!(shown.contains("Entrants (2)") && shown.contains(&alice.mention()) && !shown.contains(&bob.mention()));
    assert_eq!(entrants(&dir.0), [(alice.id, false), (carol.id, false)]);

    // Forged clicks: from another channel, naming another tournament,
    // checking in before check-in opened, joining twice.
    let text = forged(&fake, &dave, ELSEWHERE, signup.id, join).await;
    assert!(text.contains("not the sign-up"), "{text}");
    let text = forged(&fake, &dave, CHANNEL, signup.id, "s1:99:join").await;
    assert!(text.contains("not the sign-up"), "{text}");
    let text = forged(&fake, &alice, CHANNEL, signup.id, "s1:1:in").await;
    assert!(text.contains("Check-in is not open"), "{text}");
    let text = forged(&fake, &alice, CHANNEL, signup.id, join).await;
    assert!(text.contains("an entrant already"), "{text}");
    assert_eq!(entrants(&dir.0), [(alice.id, false), (carol.id, false)], "nothing changed");

    // Time passes: the start is 5 minutes away, check-in is open. The next
    // click shows it; whoever joins now is checked in.
    let conn = rusqlite::Connection::open(dir.0.join("thaayam.db")).expect("open the database");
    conn.execute("UPDATE tournaments SET starts_at = starts_at - 900", []).expect("move the start");
    drop(conn);
    let (_, now) = click(&fake, &dave, signup.id, join).await;
    assert!(now.button("Check in").is_some(), "check-in is open: {:?}", now.buttons());
    let (kind, now) = click(&fake, &alice, signup.id, "s1:1:in").await;
    assert_eq!(kind, 7);
    let shown = now.embed_text();
    assert!(
        shown.contains("Entrants (3, 2 checked in)") && shown.contains(&format!("✅ {}", alice.mention())),
        "{shown}"
    );
    let text = forged(&fake, &alice, CHANNEL, signup.id, "s1:1:in").await;
    assert!(text.contains("checked in already"), "{text}");
    assert_eq!(entrants(&dir.0), [(alice.id, true), (carol.id, false), (dave.id, true)]);

    // Show, withdraw, cancel.
    let (text, private) = ask(&fake, &carol, "tournament show", vec![]).await;
    assert!(private && text.contains("#1 Friday night**: check-in open · 3 entrants"), "{text}");
    assert!(text.contains(&format!("/channels/{GUILD_ID}/{CHANNEL}/{}", signup.id)), "a link to the sign-up: {text}");
    let (text, _) = ask(&fake, &carol, "tournament withdraw", vec![]).await;
    assert!(text.contains("You have left tournament #1"), "{text}");
    let (text, _) = ask(&fake, &bob, "tournament withdraw", vec![]).await;
    assert!(text.contains("not an entrant"), "{text}");
    assert!(fake.message(signup.id).expect("the sign-up").embed_text().contains("Entrants (2, 2 checked in)"));

    // Started, round 1 paired (written as the runner would): leaving is
    // withdrawing, her seat stays; no late joining (none was set up).
    let conn = rusqlite::Connection::open(dir.0.join("thaayam.db")).expect("open the database");
    let paired = "UPDATE tournaments SET state = 'running'; \
         INSERT INTO tournament_rounds (tournament_id, round, started_at, deadline) VALUES (1, 1, 0, 9999999999); \
         INSERT INTO tournament_tables (tournament_id, round, table_no, started_at) VALUES (1, 1, 1, 0);";
    conn.execute_batch(paired).expect("start round 1");
    for (seat, user) in [&alice, &dave].into_iter().enumerate() {
        conn.execute(
            "INSERT INTO tournament_seats (tournament_id, round, table_no, seat, user_id) VALUES (1, 1, 1, ?1, ?2)",
            rusqlite::params![seat as i64, user.id as i64],
        )
        .expect("seat");
    }
    let (text, _) = ask(&fake, &alice, "tournament withdraw", vec![]).await;
    assert!(text.contains("You have withdrawn from tournament #1"), "{text}");
    let withdrawn: Option<i64> = conn
        .query_row("SELECT withdrawn_at FROM tournament_entrants WHERE user_id = ?1", [alice.id as i64], |r| r.get(0))
        .expect("her entry stays");
    assert!(withdrawn.is_some(), "marked withdrawn");
    drop(conn);
    let running = fake.message(signup.id).expect("the sign-up");
    assert!(running.embed_text().contains("round 1 of 2") && running.buttons().is_empty(), "{:?}", running.json);
    let text = forged(&fake, &bob, CHANNEL, signup.id, join).await;
    assert!(text.contains("Late joining is over"), "{text}");
    let (text, _) = ask(&fake, &alice, "tournament cancel", vec![]).await;
    assert!(text.contains("Only the organiser"), "{text}");
    let (text, _) = ask(&fake, &organiser, "tournament cancel", vec![Opt::int("tournament", 7)]).await;
    assert!(text.contains("no tournament #7"), "{text}");
    let (text, _) = ask(&fake, &organiser, "tournament cancel", vec![]).await;
    assert!(text.contains("Tournament #1, **Friday night**, is cancelled"), "{text}");
    let cancelled = fake.message(signup.id).expect("the sign-up");
    assert!(cancelled.embed_text().contains("was cancelled") && cancelled.buttons().is_empty(), "{:?}", cancelled.json);
    let text = forged(&fake, &dave, CHANNEL, signup.id, leave).await;
    assert!(text.contains("is over"), "{text}");
    let (text, _) = ask(&fake, &organiser, "tournament cancel", vec![Opt::int("tournament", 1)]).await;
    assert!(text.contains("over already"), "{text}");

    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}

/// The fake refuses command registrations that nest wrongly, as the API
/// description's option schemas do.
#[test]
fn the_fake_checks_how_subcommands_nest() {
    let option = json!({"type": 3, "name": "name", "description": "a name", "required": true});
    let sub = |options: serde_json::Value| json!({"type": 1, "name": "new", "description": "d", "options": options});
    let group =
        |options: serde_json::Value| json!({"type": 2, "name": "tournament", "description": "d", "options": options});
    let command = |options: serde_json::Value| json!([{"name": "thaayam", "description": "d", "options": options}]);
    assert!(validate::commands(&command(json!([group(json!([sub(json!([option]))]))]))).is_empty());
    let cases = [
        (command(json!([group(json!([option]))])), "not subcommands"),
        (command(json!([sub(json!([group(json!([]))]))])), "holds a subcommand"),
        (command(json!([sub(json!([])), option])), "mixes"),
        (command(json!([{"type": 3, "name": "a", "description": "d"}, option])), "required option after"),
    ];
    for (list, problem) in cases {
        let found = validate::commands(&list);
        assert!(found.iter().any(|p| p.contains(problem)), "{problem}: {found:?}");
    }
    let long = json!([{"name": "x", "description": "d", "name_localizations": {"fr": "y".repeat(33)}}]);
    assert!(validate::commands(&long).iter().any(|p| p.contains("name_localizations[fr]")));
}
