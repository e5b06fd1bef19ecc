//! The servers' cache: saved settings else the configuration's, another
//! process's change seen once what was read is [`FRESH_FOR`] old, this
//! process's own at once, the language rule, and a store that fails or
//! hangs answered within the click's deadline.

use super::*;
use crate::discord::live::testing;
use crate::engine::Variant;
use crate::store::Store;
use std::path::PathBuf;

const SEVEN: Venue = Venue::Server(GuildId(7));

fn servers() -> Servers {
    Servers::new(&testing::config())
}

fn handle() -> StoreHandle {
    StoreHandle::spawn(Store::open_in_memory().expect("open")).expect("store thread")
}

fn bell_rules(turn_timeout_secs: u32) -> GameRules {
    GameRules { ruleset: Ruleset::new(Variant::Bell), turn_timeout_secs, who_ends: WhoEnds::Host }
}

fn lang(code: &str) -> Lang {
    Lang::from_code(code).expect("a language of ours")
}

#[tokio::test]
async fn new_games_use_saved_settings_else_the_config_and_a_save_holds_at_once() {
    let store = handle();
    let (here, elsewhere) = (servers(), servers());
    assert_eq!(here.get(&store, SEVEN).await, here.defaults(), "never saved: the configuration's");
    assert_eq!(here.defaults().rules, bell_rules(60));
    let mine =
        ServerSettings { rules: bell_rules(300), away_limit: Some(3), organisers: Some(RoleId(9)), ..here.defaults() };
    elsewhere.save(&store, SEVEN, &mine).await.expect("saved by another process");
    assert_eq!(elsewhere.get(&store, SEVEN).await, mine, "the saving process holds it at once");
    assert_eq!(here.get(&store, SEVEN).await, here.defaults(), "believed for 30 s here");
    assert_eq!(here.fresh(&store, SEVEN).await.expect("read"), mine, "read fresh to change them");
    assert_eq!(here.get(&store, SEVEN).await, mine, "and remembered");
    assert_eq!(here.get(&store, Venue::Server(GuildId(8))).await, here.defaults(), "other servers keep theirs");
    assert_eq!(here.get(&store, Venue::Outside).await, here.defaults(), "outside servers: the defaults");
}

#[tokio::test]
async fn another_processs_change_is_seen_once_what_was_read_is_too_old() {
    let store = handle();
    let (mut here, elsewhere) = (servers(), servers());
    here.fresh_for = Duration::from_millis(50);
    assert!(here.get(&store, SEVEN).await.pages_on);
    let off = ServerSettings { pages_on: false, ..elsewhere.defaults() };
    elsewhere.save(&store, SEVEN, &off).await.expect("switched off elsewhere");
    assert!(here.get(&store, SEVEN).await.pages_on, "still believed");
    tokio::time::sleep(Duration::from_millis(60)).await;
    assert!(!here.get(&store, SEVEN).await.pages_on, "read again: off");
}

#[tokio::test]
async fn the_setting_wins_then_the_server_locale_then_english() {
    let store = handle();
    let at = |g| Venue::Server(GuildId(g));
    let s = servers();
    let tamil = ServerSettings { language: Some("ta".into()), ..s.defaults() };
    servers().save(&store, at(1), &tamil).await.expect("saved");
    assert_eq!(s.lang(&store, at(1), Some("fr")).await, lang("ta"), "the setting wins");
    assert_eq!(s.lang(&store, at(2), None).await, Lang::EN, "nothing known: English");
    assert_eq!(s.lang(&store, at(2), Some("fr")).await, lang("fr"), "the server's locale");
    assert_eq!(s.lang(&store, at(2), None).await, lang("fr"), "remembered without an interaction");
    assert_eq!(s.lang(&store, at(3), Some("de")).await, Lang::EN, "a locale we lack: English");
    let set = ServerSettings { language: Some("ta".into()), ..s.get(&store, at(2)).await };
    s.save(&store, at(2), &set).await.expect("chosen");
    assert_eq!(s.lang(&store, at(2), Some("fr")).await, lang("ta"));
    s.save(&store, at(2), &ServerSettings { language: None, ..set }).await.expect("auto");
    assert_eq!(s.lang(&store, at(2), None).await, lang("fr"), "auto: the locale remembered");
    assert_eq!(s.lang(&store, Venue::Outside, Some("fr")).await, lang("fr"), "outside servers: the locale");
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("thaayam-live-servers-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp");
    dir.join("bot.db")
}

#[tokio::test]
async fn a_failing_store_gives_what_was_read_else_the_defaults_with_the_pages_off() {
    let path = scratch("failing");
    let _ = std::fs::remove_file(&path);
    let store = StoreHandle::spawn(Store::open(&path).expect("open")).expect("store thread");
    let mut s = servers();
    s.fresh_for = Duration::ZERO;
    let mine = ServerSettings { rules: bell_rules(300), ..s.defaults() };
    s.save(&store, SEVEN, &mine).await.expect("saved");
    let conn = rusqlite::Connection::open(&path).expect("the same file");
    conn.execute_batch("DROP TABLE servers").expect("the store breaks");
    assert_eq!(s.get(&store, SEVEN).await, mine, "what was last read");
    let unknown = s.get(&store, Venue::Server(GuildId(8))).await;
    assert_eq!(unknown, ServerSettings { pages_on: false, ..s.defaults() }, "the defaults, pages off");
    assert!(s.fresh(&store, SEVEN).await.is_err(), "a change is refused, not made on a guess");
    drop(store);
    let _ = std::fs::remove_dir_all(path.parent().expect("dir"));
}

#[tokio::test]
async fn a_hung_store_is_given_the_clicks_deadline_only() {
    let store = handle();
    let mut s = servers();
    s.fresh_for = Duration::ZERO;
    let mine = ServerSettings { away_limit: Some(0), ..s.defaults() };
    s.save(&store, SEVEN, &mine).await.expect("saved");
    let held = store.clone();
    let hung = |_: &mut Store| {
        std::thread::sleep(Duration::from_secs(4));
        Ok(())
    };
    let hold = tokio::spawn(async move { held.call(hung).await });
    tokio::time::sleep(Duration::from_millis(50)).await;
    let asked = Instant::now();
    assert_eq!(s.get(&store, SEVEN).await, mine, "what was last read");
    assert!(asked.elapsed() < Duration::from_millis(2900), "answered within 3 s: {:?}", asked.elapsed());
    hold.await.expect("joined").expect("held");
}
