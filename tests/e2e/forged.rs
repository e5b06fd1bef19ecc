//! End-to-end: forged interactions, which no real client sends but anyone
//! can. Clicks naming a game from another channel or server change
//! nothing and reveal nothing; refused clicks leave every message but the
//! game's own board untouched; slash-command options outside their
//! declared choices or ranges get a private answer naming the option.

use crate::support::fake_discord::payloads::OTHER_GUILD_ID;
use crate::support::fake_discord::{FakeDiscord, FakeUser, GUILD_ID, Opt, StoredMessage};
use crate::support::play::{self, TempDir};

const CHANNEL: u64 = 1_300_000_000_000_000_601;

/// A custom_id naming a game no one ever played.
const UNKNOWN_GAME: &str = "t1:999999:join::0";

/// The game id in a board's custom_id (`t1:<game>:…`).
fn game_of(custom_id: &str) -> i64 {
    custom_id.split(':').nth(1).and_then(|g| g.parse().ok()).unwrap_or_else(|| panic!("not ours: {custom_id}"))
}

/// A started two-player game of `host` and `guest` in `channel`; returns the board.
async fn started(fake: &FakeDiscord, host: &FakeUser, guest: &FakeUser, channel: u64) -> StoredMessage {
    let lobby = play::open_lobby(fake, host, channel, vec![]).await;
    play::click_label(fake, guest, &lobby, "Join").await;
    let lobby = fake.message(lobby.id).expect("lobby");
    play::click_label(fake, host, &lobby, "Start").await;
    play::live_board(fake, channel).await
}

/// Asserts that a message was not touched since `before`.
fn untouched(fake: &FakeDiscord, before: &StoredMessage, what: &str) {
    let now = fake.message(before.id).expect("message");
    assert_eq!(now.version, before.version, "{what}: the message was edited: {}", now.text());
    assert_eq!(now.components().len(), before.components().len(), "{what}: its controls changed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clicks_from_another_channel_or_server_change_nothing_and_reveal_nothing() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("foreign");
    let bot = play::start_bot(&fake, &dir.0).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    // A moderator elsewhere: Manage Messages in her own channels.
    let mallory = FakeUser::new(66, "mallory").moderator();
    let (home, elsewhere, abroad) = (CHANNEL, CHANNEL + 1, CHANNEL + 2);

    let lobby = play::open_lobby(&fake, &alice, home, vec![]).await;
    let (cancel, join) = (lobby.button("Cancel").expect("cancel"), lobby.button("Join").expect("join"));
    let theirs = play::open_lobby(&fake, &mallory, elsewhere, vec![]).await;
    let i = fake.forge_click(&mallory, GUILD_ID, elsewhere, theirs.id, UNKNOWN_GAME).await;
    let (kind, unknown) = play::answer(&fake, i).await;
    assert_eq!(kind, 4, "an unknown game is refused privately: {unknown}");

    let forgeries = [
        ("Cancel from another channel", &mallory, GUILD_ID, elsewhere, theirs.id, &cancel),
        ("Join from another channel", &bob, GUILD_ID, elsewhere, theirs.id, &join),
        ("Cancel from another server", &mallory, OTHER_GUILD_ID, abroad, theirs.id, &cancel),
        ("Cancel from the game's channel id in another server", &mallory, OTHER_GUILD_ID, home, lobby.id, &cancel),
    ];
    let public = |channel: u64| fake.messages(channel).iter().filter(|m| !m.is_ephemeral()).count();
    let home_messages = public(home);
    for (what, user, guild, channel, message, custom_id) in forgeries {
        let i = fake.forge_click(user, guild, channel, message, custom_id).await;
        let (kind, text) = play::answer(&fake, i).await;
        assert_eq!(kind, 4, "{what}: refused privately: {text}");
        assert_eq!(text, unknown, "{what}: the same answer as an unknown game");
        untouched(&fake, &lobby, what);
        untouched(&fake, &theirs, what);
        assert_eq!(public(home), home_messages, "{what}: nothing was posted in the game's channel");
    }

    // The game was not touched: its own players go on.
    let (kind, text) = play::click_label(&fake, &bob, &lobby, "Join").await;
    assert_eq!(kind, 7, "bob joins from the game's channel: {text}");
    let lobby = fake.message(lobby.id).expect("lobby");
    assert!(lobby.text().contains(&bob.mention()), "{}", lobby.text());
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_clicks_leave_other_messages_untouched() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("strip");
    let bot = play::start_bot(&fake, &dir.0).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));

    // A cancelled lobby stays in the channel (no controls), then a game runs there.
    let old = play::open_lobby(&fake, &alice, CHANNEL, vec![]).await;
    let old_game = game_of(&old.button("Join").expect("join"));
    let (kind, text) = play::click_label(&fake, &alice, &old, "Cancel").await;
    assert_eq!(kind, 7, "the host cancels: {text}");
    let old = fake.message(old.id).expect("cancelled lobby");
    let board = started(&fake, &alice, &bob, CHANNEL).await;
    let (menu, moves) = play::move_menu(&board).expect("the move menu");
    let game = game_of(&menu);

    let forgeries = [
        "not-ours".to_string(),
        "t1:1:throw:".to_string(),
        UNKNOWN_GAME.to_string(),
        format!("t1:{game}:throw::0"),
        format!("t1:{game}:cancel::0"),
        format!("t1:{old_game}:join::0"),
    ];
    for custom_id in &forgeries {
        for target in [&old, &board] {
            let i = fake.forge_click(&alice, GUILD_ID, CHANNEL, target.id, custom_id).await;
            let (kind, text) = play::answer(&fake, i).await;
            let what = format!("{custom_id} on message {}", target.id);
            assert_eq!(kind, 4, "{what}: refused privately: {text}");
            untouched(&fake, &old, &what);
            untouched(&fake, &board, &what);
        }
    }

    // The board still works.
    let on_turn = play::to_act(&board, &[alice.clone(), bob.clone()]).expect("a human to act").clone();
    let (kind, text) = play::pick(&fake, &on_turn, &board, &moves[0]).await;
    assert_ne!(kind, 4, "the player on turn picks a move: {text}");

    // A finished game's id on another message: refused, nothing stripped.
    let e = fake.send_slash(&alice, CHANNEL, "thaayam", "end", vec![]).await;
    play::answer(&fake, e).await;
    let other = started(&fake, &alice, &bob, CHANNEL).await;
    let i = fake.forge_click(&alice, GUILD_ID, CHANNEL, other.id, &menu).await;
    let (kind, text) = play::answer(&fake, i).await;
    assert_eq!(kind, 4, "an ended game's button is refused privately: {text}");
    untouched(&fake, &other, "an ended game's button on the new board");
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn options_outside_their_choices_or_ranges_are_answered() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("options");
    let bot = play::start_bot(&fake, &dir.0).await;
    let alice = FakeUser::new(1, "alice");

    // A real client cannot send these.
    for opt in [Opt::int("variant", 99), Opt::int("players", 5)] {
        let send = std::panic::AssertUnwindSafe(fake.send_slash(&alice, CHANNEL, "thaayam", "new", vec![opt]));
        assert!(futures_util::FutureExt::catch_unwind(send).await.is_err(), "a client refuses it");
    }
    let cases = [
        ("new", Opt::int("variant", 99), "variant", &["bell"][..]),
        ("new", Opt::int("players", 256), "players", &["2", "4"][..]),
        ("new", Opt::int("players", -1), "players", &["2", "4"][..]),
        ("new", Opt::int("players", 5), "players", &["2", "4"][..]),
        ("leaderboard", Opt::int("variant", -3), "variant", &["bell"][..]),
    ];
    for (sub, opt, name, allowed) in cases {
        let what = format!("/thaayam {sub} {opt:?}");
        let i = fake.send_forged_slash(&alice, CHANNEL, "thaayam", sub, vec![opt]).await;
        let (kind, text) = play::answer(&fake, i).await;
        assert_eq!(kind, 4, "{what}: answered privately: {text}");
        assert!(text.contains(name), "{what}: names the option: {text}");
        for a in allowed {
            assert!(text.contains(a), "{what}: says what is allowed ({a}): {text}");
        }
    }
    assert!(fake.messages(CHANNEL).iter().all(|m| m.is_ephemeral()), "no lobby was opened");
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn retired_controls_and_pages_the_menu_lacks_change_nothing() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("retired");
    let bot = play::start_bot(&fake, &dir.0).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    let mallory = FakeUser::new(66, "mallory");
    let channel = CHANNEL + 5;
    let board = started(&fake, &alice, &bob, channel).await;
    let (menu, moves) = play::move_menu(&board).expect("the move menu");
    let (game, seq) = (game_of(&menu), play::seq_of(&board).expect("the board's counter"));
    let on_turn = play::to_act(&board, &[alice.clone(), bob.clone()]).expect("a human to act").clone();
    assert!(board.control("page").is_none(), "the menu has one page: {}", board.text());
    let posted = fake.messages(channel).iter().filter(|m| !m.is_ephemeral()).count();

    let forgeries = [
        ("a retired control from someone not seated", &mallory, format!("t1:{game}:throws::{seq}")),
        ("a retired control from someone not seated", &mallory, format!("t1:{game}:unit::{seq}")),
        ("a retired control from the player on turn", &on_turn, format!("t1:{game}:throws::{seq}")),
        ("a page the menu lacks", &on_turn, format!("t1:{game}:page:1:{seq}")),
        ("a page the menu lacks", &on_turn, format!("t1:{game}:page:3:{seq}")),
    ];
    for (what, user, custom_id) in &forgeries {
        let i = fake.forge_click(user, GUILD_ID, channel, board.id, custom_id).await;
        let (kind, text) = play::answer(&fake, i).await;
        let what = format!("{what} ({custom_id})");
        assert_eq!(kind, 4, "{what}: refused privately: {text}");
        assert!(!text.is_empty(), "{what}: the refusal says why");
        untouched(&fake, &board, &what);
    }
    let now = fake.messages(channel).iter().filter(|m| !m.is_ephemeral()).count();
    assert_eq!(now, posted, "nothing was posted");

    // The game's counter did not move: the board's own menu still works.
    let (kind, text) = play::pick(&fake, &on_turn, &board, &moves[0]).await;
    assert_ne!(kind, 4, "the player on turn picks a move on the board: {text}");
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}
