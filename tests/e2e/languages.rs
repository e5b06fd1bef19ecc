//! End-to-end: a whole game in each language of the bot through the fake
//! Discord. An admin sets the server's language with `/thaayam settings`;
//! the lobby, every board and the result then speak it, and private
//! answers speak the clicking user's Discord language when the bot has it
//! (else the server's). The expected words are read from the `.ftl` files.

use crate::support::fake_discord::{FakeDiscord, FakeUser, Opt, StoredMessage};
use crate::support::play::{self, TempDir, WAIT};
use crate::support::transcript::Transcript;

const MANAGE_GUILD: u64 = 1 << 5;

/// A one-line message of a locale file, as written there.
fn ftl(lang: &str, file: &str, key: &str) -> String {
    let path = format!("{}/assets/locales/{lang}/{file}.ftl", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("a locale file");
    let prefix = format!("{key} = ");
    let line = text.lines().find(|l| l.starts_with(&prefix)).unwrap_or_else(|| panic!("{key} in {path}"));
    line[prefix.len()..].to_string()
}

/// What follows the selector of a message that chooses its first words
/// (`key = { $x -> … }: the rest`): the rest, as written there.
fn ftl_after_select(lang: &str, file: &str, key: &str) -> String {
    let path = format!("{}/assets/locales/{lang}/{file}.ftl", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("a locale file");
    let prefix = format!("{key} = ");
    let mut lines = text.lines().skip_while(|l| !l.starts_with(&prefix)).skip(1);
    let close = lines.find(|l| l.trim_start().starts_with('}')).unwrap_or_else(|| panic!("{key} in {path}"));
    close.trim_start()[1..].to_string()
}

/// Plays a game of two in `lang`; `bob` speaks `bob_locale` in Discord and
/// his private answers come in `bob_answers`.
async fn game_in(lang: &str, channel: u64, bob_locale: &str, bob_answers: &str) -> StoredMessage {
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new(&format!("lang-{lang}"));
    let bot = play::start_bot(&fake, &dir.0).await;
    let mut admin = FakeUser::new(1, "admin");
    admin.permissions |= MANAGE_GUILD;
    let bob = FakeUser::new(2, "bob").speaking(bob_locale);

    let i = fake.send_slash(&admin, channel, "thaayam", "settings", vec![Opt::str("language", lang)]).await;
    fake.wait_response(i, WAIT).await;
    let saved = fake.response_message(i).expect("the settings").embed_text();
    assert!(saved.contains("Saved."), "the admin (English) reads the settings in English: {saved}");

    let lobby = play::open_lobby(&fake, &admin, channel, vec![Opt::int("players", 2)]).await;
    let title = ftl_after_select(lang, "game", "lobby-title");
    assert!(title.len() > 3 && lobby.embed_text().contains(&title), "{title}: {}", lobby.text());
    assert!(lobby.button(&ftl(lang, "game", "button-join")).is_some(), "{}", lobby.text());
    play::click_control(&fake, &bob, &lobby, "join").await;
    let lobby = fake.message(lobby.id).expect("lobby");
    play::click_control(&fake, &admin, &lobby, "start").await;

    // The first board a human chooses on, in the server's language.
    let board = play::live_board(&fake, channel).await;
    let players = [admin.clone(), bob.clone()];
    let on_turn = play::to_act(&board, &players).expect("a human to act").clone();
    let options: Vec<String> = board
        .selects()
        .iter()
        .flat_map(|s| {
            let placeholder = format!("[menu] {}", s["placeholder"].as_str().unwrap_or_default());
            let options = s["options"].as_array().cloned().unwrap_or_default();
            let options = options.into_iter().map(|o| {
                format!(
                    "  - {} | {}",
                    o["label"].as_str().unwrap_or_default(),
                    o["description"].as_str().unwrap_or_default()
                )
            });
            std::iter::once(placeholder).chain(options).collect::<Vec<_>>()
        })
        .collect();
    let buttons: Vec<String> = board.buttons().into_iter().map(|(_, label, _)| format!("[{label}]")).collect();
    eprintln!("--- one turn in {lang} ---\n{}\n{}\n{}\n---", board.text(), options.join("\n"), buttons.join(" "));
    assert!(board.button(&ftl(lang, "game", "button-confirm")).is_none(), "nothing picked yet");
    if lang != "en" {
        for english in [" to move", "Throws left", "on the board:", "Your move"] {
            assert!(!board.text().contains(english), "English left in {lang}: {english}\n{}", board.text());
        }
    }
    // Bob clicks out of turn (or, on his turn, the admin does): a private
    // answer in the clicker's language.
    let (other, other_answers) = if on_turn == bob { (&admin, "en") } else { (&bob, bob_answers) };
    let (id, values) = play::move_menu(&board).expect("a move menu");
    let i = fake.select(other, channel, board.id, &id, &[&values[0]]).await;
    let (kind, text) = play::answer(&fake, i).await;
    assert_eq!(kind, 4, "refused privately: {text}");
    assert_eq!(text, ftl(other_answers, "game", "refusal-not-your-turn"));

    let title = format!("A game of Thaayam (bell) of two, server language {lang}, bob's Discord in {bob_locale}");
    let mut transcript = Transcript::new(&format!("transcript-{lang}"), &title, channel);
    let (last, clicks) = play::play_to_end_with(&fake, channel, &players, 4000, |f| transcript.record(f)).await;
    assert!(clicks > 10, "a real game takes many clicks ({clicks})");
    transcript.record(&fake);
    let seen = transcript.finish();
    if lang != "en" {
        // No English words left in any public message of the game.
        for m in &seen {
            for english in [" to move", "Throws left", "on the board:", "Your move", " threw ", " wins", "goes on in"] {
                assert!(!m.text().contains(english), "English left in {lang}: {english}\n{}", m.text());
            }
        }
    }
    let first = last.content().lines().next().unwrap_or_default();
    assert!(first.starts_with("🏆"), "the winner is named first: {}", last.text());
    // The winning move (her last piece borne off) is in the channel's story.
    let finish = match lang {
        "fr" => "sortie d",
        "ta" => "பழமாக்கியது",
        _ => "bore off",
    };
    let public: Vec<StoredMessage> = fake.messages(channel).into_iter().filter(|m| !m.is_ephemeral()).collect();
    crate::support::transcript::assert_the_win_is_told(&public, lang, finish);
    assert!(last.embed_text().contains(&ftl(lang, "game", "result-dice")), "{}", last.embed_text());
    let rematch = ftl(lang, "game", "button-rematch");
    assert!(last.button(&rematch).is_some(), "a rematch in the language: {}", last.text());
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
    last
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_english() {
    game_in("en", 1_300_000_000_000_000_701, "en-US", "en").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_french_with_private_answers_in_french() {
    game_in("fr", 1_300_000_000_000_000_702, "fr", "fr").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_tamil_with_private_answers_in_the_server_language() {
    // Hindi is not a language of the bot: Bob's answers come in Tamil.
    game_in("ta", 1_300_000_000_000_000_703, "hi", "ta").await;
}

/// A game outside servers has no server language: it speaks its host's
/// Discord language, to everyone, after a restart too; private answers
/// still speak each clicker's. Alice (French) opens one in a group DM
/// with Bob (English) and a computer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_dm_game_speaks_its_hosts_language() {
    const GROUP: u64 = 1_300_000_000_000_000_711;
    let _serial = crate::support::serial().await;
    let fake = FakeDiscord::start().await;
    let dir = TempDir::new("lang-group-dm");
    let db = dir.0.join("thaayam.db");
    let mut config = play::config(&db, thaayam::discord::config::Shards::Auto);
    config.dev_guild = None; // outside servers only global commands exist
    let bot = play::start_bot_with(&fake, config.clone()).await;
    let alice = FakeUser::new(41, "alice").speaking("fr");
    let bob = FakeUser::new(42, "bob");
    fake.make_group_dm(GROUP, &[&alice, &bob]);

    let i = fake.send_slash(&alice, GROUP, "thaayam", "new", vec![Opt::int("players", 2)]).await;
    fake.wait_response(i, WAIT).await;
    let lobby = fake.response_message(i).expect("the lobby answers the command");
    let title = ftl_after_select("fr", "game", "lobby-title");
    assert!(lobby.embed_text().contains(&title), "the lobby speaks French: {}", lobby.text());
    assert!(lobby.button(&ftl("fr", "game", "button-join")).is_some(), "{}", lobby.text());
    play::click_control(&fake, &bob, &lobby, "join").await;
    let lobby = fake.message(lobby.id).expect("lobby");
    play::click_control(&fake, &alice, &lobby, "start").await;
    let english = ["Throws left", "on the board:", "Your move"];
    let french = |board: &StoredMessage| {
        assert!(
            english.iter().all(|e| !board.text().contains(e)) && board.text().contains("Partie hors serveur"),
            "the board speaks French: {}",
            board.text()
        );
    };
    let players = [alice.clone(), bob.clone()];
    for _ in 0..3 {
        play::advance(&fake, GROUP, &players).await;
    }
    french(&play::settled_board(&fake, GROUP).await);

    // Bob clicks out of turn (or Alice does): refused in the clicker's language.
    let board = play::settled_board(&fake, GROUP).await;
    let on_turn = play::to_act(&board, &players).expect("a human to act").clone();
    let (other, answers) = if on_turn == bob { (&alice, "fr") } else { (&bob, "en") };
    if let Some((id, values)) = play::move_menu(&board) {
        let i = fake.select(other, GROUP, board.id, &id, &[&values[0]]).await;
        let (kind, text) = play::answer(&fake, i).await;
        assert_eq!(kind, 4, "refused privately: {text}");
        assert_eq!(text, ftl(answers, "game", "refusal-not-your-turn"));
    }

    // The language is saved with the game: after a restart it still speaks French.
    bot.stop().await.expect("clean stop");
    let bot = play::start_bot_with(&fake, config).await;
    for _ in 0..3 {
        play::advance(&fake, GROUP, &players).await;
    }
    french(&play::settled_board(&fake, GROUP).await);
    fake.assert_no_violations();
    bot.stop().await.expect("clean stop");
}
