//! End-to-end: an arena the bot runs itself. Four entrants at tables of
//! two for a few seconds, with the streak bonus: whoever finishes a game
//! is seated again as soon as another waits, each table a game of the
//! bot in a thread of its own; the bot restarts in the middle and the
//! arena goes on; the test stops playing just before the end, and the
//! games still running then are decided by expected points; the podium
//! is posted once. The store then shows every table ended, nobody at two
//! tables at once, no table opened after the end, and each winner's
//! points with the streak bonus where she had two wins in a row. First,
//! `/thaayam tournament new` sets an arena up (elsewhere), as an
//! organiser would. (The arena that plays is written in the store
//! directly: an organiser's arena lasts ten minutes at least.)

use crate::support::fake_discord::{FakeDiscord, FakeUser, Opt, StoredMessage};
use crate::support::play::{self, Progress, TempDir, WAIT};
use std::collections::HashSet;
use std::time::{Duration, Instant};
use thaayam::discord::config::Shards;
use thaayam::store::{NewTournament, Store};

const CHANNEL: u64 = 1_300_000_000_000_000_681;
const ELSEWHERE: u64 = CHANNEL + 1;
const NAME: &str = "Blitz arena";
/// The arena's length in seconds.
const LENGTH: i64 = 10;
/// The test stops playing this long before the end.
const STOP_BEFORE: i64 = 2;
const MANAGE_GUILD: u64 = 1 << 5;

fn user(n: u64) -> FakeUser {
    FakeUser::new(n, &format!("player{n}"))
}

fn unix_now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("clock").as_secs() as i64
}

fn setup(now: i64) -> NewTournament {
    NewTournament {
        channel: CHANNEL,
        name: NAME.to_string(),
        format: "arena".to_string(),
        table_size: 2,
        rounds: 1,
        round_secs: LENGTH,
        turn_timeout_secs: 6,
        streak_bonus: true,
        ..crate::tournament::setup(now)
    }
}

/// The arena's tables' threads so far.
fn tables(fake: &FakeDiscord) -> Vec<u64> {
    fake.threads().into_iter().filter(|t| t.parent == CHANNEL && t.name.contains("· game ")).map(|t| t.id).collect()
}

/// The standings message of the arena's channel.
fn standings(fake: &FakeDiscord) -> Option<StoredMessage> {
    fake.messages(CHANNEL).into_iter().find(|m| m.embed_text().contains(&format!("{NAME}: standings")))
}

/// Plays every table whose board is up, a step each, until `until`
/// (unix seconds); the tables seen to end; `ends_shown` once the
/// standings said when the arena ends.
async fn play_until(
    fake: &FakeDiscord,
    players: &[FakeUser],
    (over, ends_shown): (&mut HashSet<u64>, &mut bool),
    until: i64,
) {
    while unix_now() < until {
        *ends_shown |= standings(fake).is_some_and(|m| m.embed_text().contains("The arena ends <t:"));
        let mut stepped = false;
        for thread in tables(fake) {
            // The opening comes first, then the board.
            if over.contains(&thread) || fake.messages(thread).len() < 2 {
                continue;
            }
            if play::advance(fake, thread, players).await == Progress::Over {
                over.insert(thread);
            }
            stepped = true;
        }
        if !stepped {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_of_four_seats_players_again_until_its_end_and_decides_what_still_plays() {
    let _serial = crate::support::serial().await;
    let started = Instant::now();
    let dir = TempDir::new("tournament-arena");
    let db = dir.0.join("thaayam.db");
    let fake = FakeDiscord::start().await;
    let mut config = play::config(&db, Shards::Auto);
    config.notify_after = 2; // the ticker looks every second
    let bot = play::start_bot_with(&fake, config.clone()).await;

    // An organiser sets an arena up with the command.
    let mut organiser = FakeUser::new(90, "organiser");
    organiser.permissions |= MANAGE_GUILD;
    let options = vec![
        Opt::str("name", "Sunday arena"),
        Opt::int("format", 1),
        Opt::int("length", 10),
        Opt::bool("streak_bonus", true),
    ];
    let (answer, _) = crate::tournament_signup::ask_in(&fake, &organiser, ELSEWHERE, "tournament new", options).await;
    assert!(answer.contains("**Sunday arena**, is open for sign-up"), "{answer}");
    let signup = fake.newest_public(ELSEWHERE).expect("the sign-up").embed_text();
    assert!(signup.contains("Arena, 10 minutes") && signup.contains("streak"), "{signup}");

    // The arena that plays: four checked in, starting now.
    let now = unix_now();
    let ends = now + LENGTH;
    let id = {
        let mut store = Store::open(&db).expect("store");
        let id = store.create_tournament(&setup(now)).expect("tournament");
        for n in 1..=4 {
            assert!(store.join_tournament(id, user(n).id, 1500 - n as i64, now).expect("join"));
            assert!(store.check_in(id, user(n).id).expect("check in"));
        }
        id
    };
    let opened = fake
        .wait_for_channel_message(CHANNEL, |m| m.content().contains("the arena is open until"), WAIT)
        .await
        .expect("the arena's opening");
    assert!(opened.content().contains(&format!("<t:{ends}:R>")), "{}", opened.content());
    let players: Vec<FakeUser> = (1..=4).map(user).collect();
    let (mut over, mut ends_shown) = (HashSet::new(), false);

    // Half of it, a restart, the rest but the last seconds.
    play_until(&fake, &players, (&mut over, &mut ends_shown), now + LENGTH / 2).await;
    bot.stop().await.expect("clean stop");
    assert!(fake.wait_disconnected(WAIT).await, "the old bot left");
    let bot = play::start_bot_with(&fake, config).await;
    play_until(&fake, &players, (&mut over, &mut ends_shown), ends - STOP_BEFORE).await;
    assert!(ends_shown, "the standings said when the arena ends while it ran");

    let podium = fake
        .wait_for_channel_message(CHANNEL, |m| m.content().contains("is over. The podium"), WAIT)
        .await
        .expect("the podium");
    let mut pinged = podium.notified.clone();
    pinged.sort_unstable();
    pinged.dedup();
    assert_eq!(pinged, (1..=4).map(|n| user(n).id).collect::<Vec<_>>(), "the podium pings every entrant");
    let deadline = Instant::now() + WAIT;
    while !standings(&fake).is_some_and(|m| m.embed_text().contains("Final: the arena is over")) {
        assert!(Instant::now() < deadline, "no final standings: {:?}", standings(&fake).map(|m| m.embed_text()));
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_secs(3)).await; // the runner looks again
    let podiums = fake.messages(CHANNEL).iter().filter(|m| m.content().contains("The podium")).count();
    assert_eq!(podiums, 1, "the podium is posted once");
    let threads = tables(&fake);
    let decided_shown = threads
        .iter()
        .filter(|&&t| fake.messages(t).iter().any(|m| m.content().contains("The arena ended before this game did")))
        .count();
    if std::env::var_os("THAAYAM_ARENA_SHOW").is_some() {
        for m in fake.messages(CHANNEL) {
            eprintln!("--- channel\n{}\n{}", m.content(), m.embed_text());
        }
        for m in threads.first().map(|&t| fake.messages(t)).unwrap_or_default().iter().take(2) {
            eprintln!("--- first table\n{}\n{}", m.content(), m.embed_text());
        }
    }
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");

    let store = Store::open(&db).expect("store");
    assert_eq!(store.tournament(id).expect("read").expect("there").state, "finished");
    let mut saved = store.tournament_tables(id).expect("tables");
    saved.sort_by_key(|t| t.table);
    assert_eq!(saved.len(), threads.len(), "a thread per table: {saved:?}");
    assert!(saved.len() >= 3, "players were seated again: {} tables", saved.len());
    let by = |d: &str| saved.iter().filter(|t| t.decided.as_deref() == Some(d)).count();
    let (played, at_end) = (by("played"), by("deadline"));
    assert_eq!(played + at_end, saved.len(), "every table ended, played or at the end: {saved:?}");
    assert!(played >= 2 && at_end >= 1, "{played} played, {at_end} decided at the end");
    assert_eq!(decided_shown, at_end, "each table the end decided says so in its thread");
    for t in &saved {
        assert_eq!(t.seats.len(), 2, "tables of two: {t:?}");
        assert!(t.started_at <= ends && t.game.is_some(), "no table opened after the end: {t:?}");
    }
    // Nobody at two tables at once; the streak bonus where it was earned.
    let mut doubled = 0;
    for n in 1..=4 {
        let me = user(n).id;
        let hers: Vec<_> = saved.iter().filter(|t| t.seats.iter().any(|s| s.user == me)).collect();
        let mut wins_in_a_row = 0;
        for (k, t) in hers.iter().enumerate() {
            if let Some(next) = hers.get(k + 1) {
                let ended = t.finished_at.expect("ended");
                assert!(ended <= next.started_at, "player {n} seated at table {} before {} ended", next.table, t.table);
            }
            let seat = t.seats.iter().find(|s| s.user == me).expect("her seat");
            if t.decided.as_deref() == Some("played") && seat.won {
                let expected = if wins_in_a_row >= 2 { 200 } else { 100 };
                doubled += usize::from(expected == 200);
                assert_eq!(seat.points, Some(expected), "player {n}'s win at table {} after {wins_in_a_row}", t.table);
            }
            wins_in_a_row = if seat.won { wins_in_a_row + 1 } else { 0 };
        }
    }
    assert!(store.tournament_problems().expect("check").is_empty());
    eprintln!(
        "arena e2e: {} tables ({played} played, {at_end} at the end, {doubled} wins doubled) in {:?}",
        saved.len(),
        started.elapsed()
    );
}
