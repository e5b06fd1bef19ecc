//! Self-test of the fake Discord's threads (tests/support/fake_discord/threads.rs),
//! through serenity's own HTTP client as the bot will call it: a thread
//! opened from a message and one without, each a channel the bot can post
//! in and read back with its parent; and Discord's refusals for what a
//! tournament's code could get wrong (a name over 100 characters, an
//! auto-archive duration Discord does not take, a second thread from one
//! message, a thread in a thread, a missing Create Public Threads, a
//! missing Send Messages in Threads), none of them a violation.

use crate::support::fake_discord::payloads::{APP_ID, perms};
use crate::support::fake_discord::threads::Thread;
use crate::support::fake_discord::{FakeDiscord, GUILD_ID};
use poise::serenity_prelude as sy;

const CHANNEL: u64 = 1_300_000_000_000_000_101;
const BARE: u64 = 1_300_000_000_000_000_102;

fn http(fake: &FakeDiscord) -> sy::Http {
    sy::HttpBuilder::new("fake-token")
        .proxy(fake.http_base())
        .ratelimiter_disabled(true)
        .application_id(sy::ApplicationId::new(APP_ID))
        .build()
}

/// Discord's JSON error code of a refused request.
fn code<T: std::fmt::Debug>(result: Result<T, sy::Error>) -> isize {
    match result {
        Err(sy::Error::Http(sy::HttpError::UnsuccessfulRequest(r))) => r.error.code,
        other => panic!("expected Discord's refusal, got {other:?}"),
    }
}

fn table(name: &str) -> sy::CreateThread<'_> {
    sy::CreateThread::new(name)
        .kind(sy::ChannelType::PublicThread)
        .auto_archive_duration(sy::AutoArchiveDuration::OneDay)
}

#[tokio::test]
async fn threads_open_from_a_message_or_without_one_and_discord_s_refusals_are_modelled() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let channel = sy::ChannelId::new(CHANNEL);
    let signup = channel.say(&http, "Tournament: sign up").await.expect("posted");

    // From a message: public, the message's id, under the channel.
    let from = channel.create_thread_from_message(&http, signup.id, table("Round 1 · table 1")).await.expect("opened");
    assert_eq!((from.id.get(), from.parent_id.map(|p| p.get())), (signup.id.get(), Some(CHANNEL)));
    assert_eq!((from.kind, from.guild_id.get()), (sy::ChannelType::PublicThread, GUILD_ID));
    let again = channel.create_thread_from_message(&http, signup.id, table("Round 1 · table 1 again")).await;
    assert_eq!(code(again), 160004, "one thread per message");

    // Without a message: what the bot asks for; no type is a private thread.
    let public = channel.create_thread(&http, table("Round 1 · table 2")).await.expect("opened");
    assert_eq!(public.kind, sy::ChannelType::PublicThread);
    let private = channel.create_thread(&http, sy::CreateThread::new("no type said")).await.expect("opened");
    assert_eq!(private.kind, sy::ChannelType::PrivateThread, "API v10: `type` absent is a private thread");

    // A thread is a channel: posting there, its object naming its parent.
    let posted = public.id.say(&http, "the board").await.expect("posted in the thread");
    assert_eq!(posted.channel_id, public.id);
    let read = public.id.to_channel(&http).await.expect("its channel object");
    let read = read.guild().expect("a server's channel");
    assert_eq!((read.kind, read.parent_id.map(|p| p.get())), (sy::ChannelType::PublicThread, Some(CHANNEL)));

    // Discord's refusals.
    let long = "x".repeat(101);
    assert_eq!(code(channel.create_thread(&http, table(&long)).await), 50035, "name over 100 characters");
    let odd = table("odd archive").auto_archive_duration(sy::AutoArchiveDuration::Unknown(30));
    assert_eq!(code(channel.create_thread(&http, odd).await), 50035, "30 minutes is no auto-archive duration");
    assert_eq!(code(public.id.create_thread(&http, table("nested")).await), 50024, "no thread in a thread");
    fake.restrict_bot(BARE, perms::ALL & !perms::CREATE_PUBLIC_THREADS);
    let bare = sy::ChannelId::new(BARE);
    assert_eq!(code(bare.create_thread(&http, table("not allowed")).await), 50013, "Create Public Threads missing");
    fake.set_rest_permissions(public.id.get(), perms::ALL & !perms::SEND_MESSAGES_IN_THREADS);
    assert_eq!(code(public.id.say(&http, "not allowed").await), 50013, "Send Messages in Threads missing");

    let names: Vec<(String, u64, Option<u64>)> =
        fake.threads().into_iter().map(|t: Thread| (t.name, t.kind, t.starter)).collect();
    let expected = [
        ("Round 1 · table 1".to_string(), 11, Some(signup.id.get())),
        ("Round 1 · table 2".to_string(), 11, None),
        ("no type said".to_string(), 12, None),
    ];
    assert_eq!(names, expected, "only the threads Discord opened");
    assert!(
        fake.threads().iter().all(|t| (t.parent, t.auto_archive_minutes) == (CHANNEL, 1440)),
        "a day, as asked or by default"
    );
    fake.assert_no_violations();
}
