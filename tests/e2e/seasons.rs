//! End-to-end: the seasons of the leaderboard against the real bot
//! through the fake Discord: a finished game shows in this month's and
//! this week's tables with their reset dates; moved into last month (its
//! `finished_at` rewritten in the file, as time passing would), it shows
//! in last month's final table, which is then kept; `thaayam check`
//! recounts the kept table with 0 differences, and finds the difference
//! once the game is moved out of that month; bad season names, and months
//! before the server's first rated game, are refused.

use crate::support::fake_discord::{FakeDiscord, FakeUser, Opt};
use crate::support::play::{self, TempDir, WAIT};
use chrono::{Datelike, Duration, NaiveDate, Utc};
use std::path::Path;
use std::process::Command;

const CHANNEL: u64 = 1_300_000_000_000_000_311;
const MANAGE_GUILD: u64 = 1 << 5;
/// The period choices, in the order the command offers them.
const MONTH: i64 = 0;
const WEEK: i64 = 1;
const ALL: i64 = 2;

/// Sends `/thaayam <sub>`; returns the answer's text (content and embeds)
/// and whether it is private.
async fn ask(fake: &FakeDiscord, user: &FakeUser, sub: &str, options: Vec<Opt>) -> (String, bool) {
    let i = fake.send_slash(user, CHANNEL, "thaayam", sub, options).await;
    fake.wait_response(i, WAIT).await;
    let msg = fake.response_message(i).expect("an answer message");
    (format!("{}\n{}", msg.content(), msg.embed_text()), msg.is_ephemeral())
}

fn check(dir: &Path) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_thaayam"))
        .args(["check", "thaayam.db"])
        .current_dir(dir)
        .output()
        .expect("run thaayam check");
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr))
}

/// Moves every finished game to `at` (unix milliseconds).
fn finish_games_at(dir: &Path, at: i64) {
    let conn = rusqlite::Connection::open(dir.join("thaayam.db")).expect("open the database");
    let moved = conn
        .execute("UPDATE games SET finished_at = ?1 WHERE state = 'finished'", [at])
        .expect("move the finished games");
    assert_eq!(moved, 1, "one finished game");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_weeks_and_a_months_table_with_their_reset_dates_and_last_months_kept_table() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("seasons");
    let bot = play::start_bot(&fake, &dir.0).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    let mut admin = FakeUser::new(3, "admin");
    admin.permissions |= MANAGE_GUILD;
    play::start_two(&fake, &alice, &bob, CHANNEL).await;
    play::play_to_end(&fake, CHANNEL, &[alice.clone(), bob.clone()], 4000).await;

    // The server's time zone is UTC unless its admins choose another.
    let (text, private) = ask(&fake, &bob, "settings", vec![]).await;
    assert!(private && text.contains("UTC"), "{text}");
    let (text, private) = ask(&fake, &admin, "settings", vec![Opt::str("time_zone", "Mars/Olympus")]).await;
    assert!(private && text.contains("is not a time zone"), "{text}");
    let (text, _) = ask(&fake, &admin, "settings", vec![Opt::str("time_zone", "etc/utc")]).await;
    assert!(text.contains("Saved.") && text.contains("Etc/UTC"), "{text}");

    // This month (the default) and this week, with when they reset.
    let today = Utc::now().date_naive();
    let first = NaiveDate::from_ymd_opt(today.year(), today.month(), 1).expect("a date");
    let next = (first + Duration::days(32)).with_day(1).expect("a date");
    let midnight = |d: NaiveDate| d.and_hms_opt(0, 0, 0).expect("midnight").and_utc().timestamp();
    let (month, private) = ask(&fake, &bob, "leaderboard", vec![]).await;
    assert!(!private, "{month}");
    assert!(month.contains(&format!("Leaderboard: bell, {}", first.format("%Y-%m"))), "{month}");
    assert!(month.contains(&format!("<t:{}:f>", midnight(first))), "began: {month}");
    assert!(month.contains(&format!("resets <t:{}:f>", midnight(next))), "resets: {month}");
    assert!(month.contains("Not ranked yet") && month.contains(&alice.mention()) && month.contains(&bob.mention()));
    let (same, _) = ask(&fake, &bob, "leaderboard", vec![Opt::int("period", MONTH)]).await;
    assert_eq!(same, month, "the month is the default");
    let monday = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
    let (week, _) = ask(&fake, &bob, "leaderboard", vec![Opt::int("period", WEEK)]).await;
    let iso = today.iso_week();
    assert!(week.contains(&format!("week {}-W{:02}", iso.year(), iso.week())), "{week}");
    assert!(week.contains(&format!("resets <t:{}:f>", midnight(monday + Duration::days(7)))), "{week}");
    let (all, _) = ask(&fake, &bob, "leaderboard", vec![Opt::int("period", ALL)]).await;
    assert!(all.contains("No one on this server has finished 3 rated games of bell"), "the rating table: {all}");
    assert!(!all.contains("resets"), "all time never resets: {all}");

    // The game moved into last month: last month's final table, kept.
    let last_month = first - Duration::days(1);
    let name = last_month.format("%Y-%m").to_string();
    finish_games_at(&dir.0, midnight(last_month) * 1000 + 12 * 3600 * 1000);
    let (kept, private) = ask(&fake, &bob, "leaderboard", vec![Opt::str("season", &name)]).await;
    assert!(!private && kept.contains(&format!("Leaderboard: bell, {name} (final)")), "{kept}");
    assert!(kept.contains(&format!(
        "from <t:{}:f> to <t:{}:f>",
        midnight(last_month.with_day(1).expect("a date")),
        midnight(first)
    )));
    assert!(kept.contains(&alice.mention()) && kept.contains(&bob.mention()), "{kept}");
    assert!(kept.contains("1 point") && kept.contains("0 points"), "the winner's point, the other's none: {kept}");
    assert!(
        kept.contains("A point for each person you finish ahead of") && kept.contains("more than 5 games"),
        "{kept}"
    );
    let (month, _) = ask(&fake, &bob, "leaderboard", vec![]).await;
    assert!(!month.contains(&alice.mention()), "this month is empty now: {month}");

    // Bad names are refused privately.
    let (text, private) = ask(&fake, &bob, "leaderboard", vec![Opt::str("season", "November")]).await;
    assert!(private && text.contains("is not a month"), "{text}");
    let this = first.format("%Y-%m").to_string();
    let (text, private) = ask(&fake, &bob, "leaderboard", vec![Opt::str("season", &this)]).await;
    assert!(private && text.contains("is not over yet"), "{text}");
    // A month before the server's first rated game has no table, and
    // nothing is kept for it.
    let (text, private) = ask(&fake, &bob, "leaderboard", vec![Opt::str("season", "0000-01")]).await;
    assert!(private && text.contains("ended before this server's first rated game"), "{text}");

    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");

    // `thaayam check` recounts the kept table from the games.
    let (code, report) = check(&dir.0);
    assert_eq!(code, Some(0), "{report}");
    assert!(report.contains("1 kept season tables recount the same"), "{report}");
    finish_games_at(&dir.0, midnight(first) * 1000 + 1000);
    let (code, report) = check(&dir.0);
    assert_ne!(code, Some(0), "{report}");
    assert!(report.contains(&format!("season {name} of bell")), "the game left the kept month: {report}");
}
