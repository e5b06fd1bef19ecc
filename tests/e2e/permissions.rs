//! End-to-end: channels where the bot cannot post its board. The missing
//! permissions (from the interaction's `app_permissions`) are named
//! privately, and a channel is never held for a board that was not posted.

use crate::support::fake_discord::payloads::perms;
use crate::support::fake_discord::{FakeDiscord, FakeUser};
use crate::support::play::{self, TempDir};

const CHANNEL: u64 = 1_300_000_000_000_000_501;

/// The public messages of a channel.
fn public(fake: &FakeDiscord, channel: u64) -> usize {
    fake.messages(channel).iter().filter(|m| !m.is_ephemeral()).count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_where_the_bot_cannot_post_holds_no_game() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("permissions");
    let bot = play::start_bot(&fake, &dir.0).await;
    let alice = FakeUser::new(1, "alice");

    // A text channel without Embed Links and Attach Files.
    let plain = CHANNEL;
    fake.restrict_bot(plain, perms::ALL & !perms::EMBED_LINKS & !perms::ATTACH_FILES);
    let i = fake.send_slash(&alice, plain, "thaayam", "new", vec![]).await;
    let (kind, text) = play::answer(&fake, i).await;
    assert_eq!(kind, 4, "answered privately: {text}");
    assert!(text.contains("Embed Links") && text.contains("Attach Files"), "names what is missing: {text}");
    assert!(!text.contains("Lobby opened"), "no lobby is claimed: {text}");
    assert_eq!(public(&fake, plain), 0, "nothing was posted");

    // A thread without Send Messages in Threads (Send Messages is not enough there).
    let thread = CHANNEL + 1;
    fake.make_thread(thread);
    fake.restrict_bot(thread, perms::ALL & !perms::SEND_MESSAGES_IN_THREADS);
    let i = fake.send_slash(&alice, thread, "thaayam", "new", vec![]).await;
    let (kind, text) = play::answer(&fake, i).await;
    assert_eq!(kind, 4, "answered privately: {text}");
    assert!(text.contains("Send Messages in Threads"), "names what is missing: {text}");
    assert!(!text.contains("Embed Links"), "names only what is missing: {text}");
    assert_eq!(public(&fake, thread), 0, "nothing was posted");
    // Once the permission is granted, a game opens in the thread.
    fake.restrict_bot(thread, perms::ALL & !perms::SEND_MESSAGES);
    play::open_lobby(&fake, &alice, thread, vec![]).await;

    // The interaction says the bot may post, but the post fails anyway.
    let sudden = CHANNEL + 2;
    fake.set_rest_permissions(sudden, perms::ALL & !perms::SEND_MESSAGES);
    let i = fake.send_slash(&alice, sudden, "thaayam", "new", vec![]).await;
    let (kind, text) = play::answer(&fake, i).await;
    assert_eq!(kind, 4, "answered privately: {text}");
    assert!(!text.contains("Lobby opened"), "no lobby is claimed: {text}");
    assert!(text.contains("could not"), "says the board could not be posted: {text}");
    assert_eq!(public(&fake, sudden), 0, "nothing was posted");
    // The channel is free: with the permission back, a game opens at once.
    fake.set_rest_permissions(sudden, perms::ALL);
    play::open_lobby(&fake, &alice, sudden, vec![]).await;
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_command_checks_the_permissions_and_says_when_the_board_was_not_posted() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("board-permissions");
    let bot = play::start_bot(&fake, &dir.0).await;
    let alice = FakeUser::new(1, "alice");
    let claire = FakeUser::new(3, "claire").speaking("fr");
    let channel = CHANNEL + 10;
    play::open_lobby(&fake, &alice, channel, vec![]).await;
    let posted = public(&fake, channel);

    // The bot lost Attach Files here: it says so and posts nothing.
    fake.restrict_bot(channel, perms::ALL & !perms::ATTACH_FILES);
    let (kind, text) = play::answer(&fake, fake.send_slash(&alice, channel, "thaayam", "board", vec![]).await).await;
    assert_eq!(kind, 4, "answered privately: {text}");
    assert!(text.contains("Attach Files"), "names what is missing: {text}");
    assert!(!text.contains("Here is the board again"), "no board is claimed: {text}");
    assert_eq!(public(&fake, channel), posted, "nothing was posted");

    // The interaction says the bot may post, but Discord refuses the post.
    fake.restrict_bot(channel, perms::ALL);
    fake.set_rest_permissions(channel, perms::ALL & !perms::SEND_MESSAGES);
    let (kind, text) = play::answer(&fake, fake.send_slash(&alice, channel, "thaayam", "board", vec![]).await).await;
    assert_eq!(kind, 4, "answered privately: {text}");
    assert!(!text.contains("Here is the board again"), "no board is claimed: {text}");
    assert!(text.contains("could not post the board"), "says the board was not posted: {text}");
    let (kind, text) = play::answer(&fake, fake.send_slash(&claire, channel, "thaayam", "board", vec![]).await).await;
    assert_eq!(kind, 4, "answered privately: {text}");
    assert!(text.contains("pas pu publier le plateau"), "says it in French: {text}");
    assert_eq!(public(&fake, channel), posted, "nothing was posted");

    // With the permission back, the board is posted again.
    fake.set_rest_permissions(channel, perms::ALL);
    let (kind, text) = play::answer(&fake, fake.send_slash(&alice, channel, "thaayam", "board", vec![]).await).await;
    assert_eq!((kind, text.as_str()), (4, "Here is the board again."));
    assert_eq!(public(&fake, channel), posted + 1, "the board was posted anew");
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}
