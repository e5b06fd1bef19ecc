//! End-to-end: the tutor (`/thaayam tutor on`) through the fake Discord.
//! In a practice game against a computer, a pick that gives away a
//! mistake's worth is said on the board's preview before Confirm, with a
//! button that picks the expert's better move (the preview then shows
//! that one, ready to confirm); in a rated game between two people who
//! both asked for it, no pick is ever warned of.

use crate::support::fake_discord::{FakeDiscord, FakeUser, Opt, StoredMessage};
use crate::support::play::{self, TempDir, WAIT};
use crate::support::transcript::Transcript;

const PRACTICE: u64 = 1_300_000_000_000_005_701;
const RATED: u64 = 1_300_000_000_000_005_702;

/// The tutor's line on a board, if any (English).
fn warning(board: &StoredMessage) -> Option<String> {
    board.content().lines().find(|l| l.starts_with("**Tutor**:")).map(String::from)
}

/// `/thaayam tutor` for `user` (`switch`: 0 on, 1 off, none: asks); the private answer.
async fn tutor(fake: &FakeDiscord, user: &FakeUser, channel: u64, switch: Option<i64>) -> String {
    let options = switch.map(|s| vec![Opt::int("switch", s)]).unwrap_or_default();
    let i = fake.send_slash(user, channel, "thaayam", "tutor", options).await;
    let (kind, text) = play::answer(fake, i).await;
    assert_eq!(kind, 4, "answered at once: {text}");
    text
}

/// The board once `user` has her move menu.
async fn her_menu(fake: &FakeDiscord, channel: u64, user: &FakeUser) -> StoredMessage {
    let players = std::slice::from_ref(user);
    let found = fake
        .wait_channel(channel, WAIT, |i| {
            i.newest_public(channel)
                .filter(|m| play::move_menu(m).is_some() && play::to_act(m, players).is_some())
                .cloned()
        })
        .await;
    found.unwrap_or_else(|| panic!("no menu for {}: {}", user.name, fake.summary()))
}

/// Picks each option of her menu in turn; the board of the first pick
/// the tutor warns of, if any (the board after the last pick otherwise).
async fn try_every_pick(fake: &FakeDiscord, channel: u64, user: &FakeUser) -> (StoredMessage, bool) {
    let mut board = her_menu(fake, channel, user).await;
    let (_, values) = play::move_menu(&board).expect("a menu");
    // A menu of one piece's move first (more ways than a menu holds) is
    // not judged: it changes with each pick.
    if !values.iter().all(|v| v.starts_with('e')) {
        return (board, false);
    }
    for value in values {
        let (kind, text) = play::pick(fake, user, &board, &value).await;
        assert_ne!(kind, 4, "an offered move was refused: {text}");
        board = play::board(fake, channel);
        if warning(&board).is_some() {
            return (board, true);
        }
        assert_eq!(board.control("prefer"), None, "no better move offered without a warning");
    }
    (board, false)
}

/// Ends her turn: Confirm once the move is whole, else the first option.
async fn finish_turn(fake: &FakeDiscord, channel: u64, user: &FakeUser) {
    for _ in 0..20 {
        let board = play::board(fake, channel);
        if board.control("ok").is_some() {
            play::click_control(fake, user, &board, "ok").await;
            return;
        }
        play::advance(fake, channel, std::slice::from_ref(user)).await;
    }
    panic!("her move did not end: {}", play::board(fake, channel).text());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_practice_game_warns_before_confirm_and_the_better_move_is_one_tap_away() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("tutor");
    let bot = play::start_bot(&fake, &dir.0).await;
    let alice = FakeUser::new(1, "alice");
    let mut transcript = Transcript::new("tutor", "A practice game against a computer, the tutor on", PRACTICE);
    assert!(tutor(&fake, &alice, PRACTICE, None).await.contains("The tutor is off for you"));
    assert!(tutor(&fake, &alice, PRACTICE, Some(0)).await.starts_with("Tutor on"));
    assert!(tutor(&fake, &alice, PRACTICE, None).await.contains("The tutor is on for you"));

    let options = vec![Opt::int("players", 2), Opt::bool("practice", true)];
    let lobby = play::open_lobby(&fake, &alice, PRACTICE, options).await;
    let select = lobby.selects().into_iter().next().expect("the add-computer menu");
    let id = select["custom_id"].as_str().expect("custom_id").to_string();
    let i = fake.select(&alice, PRACTICE, lobby.id, &id, &["easy"]).await;
    play::answer(&fake, i).await;
    let lobby = fake.message(lobby.id).expect("lobby");
    play::click_label(&fake, &alice, &lobby, "Start").await;

    let mut warned = None;
    for _ in 0..30 {
        transcript.record(&fake);
        let (board, found) = try_every_pick(&fake, PRACTICE, &alice).await;
        transcript.record(&fake);
        if found {
            warned = Some(board);
            break;
        }
        finish_turn(&fake, PRACTICE, &alice).await;
        drop(board);
    }
    let board = warned.expect("a costly pick was warned of within 30 turns");
    let line = warning(&board).expect("the warning");
    assert!(line.contains("% — the expert prefers **"), "{line}");
    let best = line.split("prefers **").nth(1).and_then(|r| r.strip_suffix("**.")).expect("the move").to_string();
    assert!(board.content().contains("Preview:"), "the warning is on the preview: {}", board.content());
    assert!(board.control("ok").is_some(), "the costly move may still be confirmed");

    play::click_control(&fake, &alice, &board, "prefer").await;
    let board = play::board(&fake, PRACTICE);
    transcript.record(&fake);
    assert_eq!(warning(&board), None, "the expert's move is no mistake: {}", board.content());
    assert!(board.content().contains(&format!("is choosing **{best}**")), "{best}: {}", board.content());
    assert_eq!(board.control("prefer"), None);
    play::click_control(&fake, &alice, &board, "ok").await;
    transcript.record(&fake);
    transcript.finish();
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_between_people_is_never_tutored() {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("tutor-rated");
    let bot = play::start_bot(&fake, &dir.0).await;
    let (alice, bob) = (FakeUser::new(1, "alice"), FakeUser::new(2, "bob"));
    let players = [alice.clone(), bob.clone()];
    for p in &players {
        assert!(tutor(&fake, p, RATED, Some(0)).await.starts_with("Tutor on"));
    }
    play::start_two(&fake, &alice, &bob, RATED).await;
    for _ in 0..6 {
        let board = play::live_board(&fake, RATED).await;
        assert!(!board.content().contains("not rated"), "a rated game: {}", board.content());
        let on_turn = play::to_act(&board, &players).expect("a human on turn").clone();
        let (board, warned) = try_every_pick(&fake, RATED, &on_turn).await;
        assert!(!warned, "no warning in a rated game between people: {}", board.content());
        finish_turn(&fake, RATED, &on_turn).await;
    }
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}
