//! A server's row: saved whole and read back, defaults where none was
//! saved, and a database of the previous release (five tables) opening
//! with every server's settings; one of the release before the
//! organisers' role reading none.

use super::*;
use crate::engine::{Ruleset, Variant};
use crate::store::EndPermission;
use crate::store::schema::{APPLICATION_ID, MIGRATIONS};

fn kolkata() -> SavedServer {
    SavedServer {
        rules: Some(GuildSettings {
            default_ruleset: Ruleset::new(Variant::Francais),
            turn_timeout_secs: 90,
            end_permission: EndPermission::Moderators,
        }),
        language: Some("ta".into()),
        pages_off: true,
        time_zone: "Asia/Kolkata".into(),
        podium_channel: Some(42),
        away_days: Some(0),
        organiser_role: None,
    }
}

#[test]
fn a_server_is_saved_whole_and_read_back_and_others_keep_the_defaults() {
    let mut store = Store::open_in_memory().expect("open");
    assert_eq!(store.server(7).expect("read"), SavedServer::default());
    assert!(store.podium_servers().expect("none").is_empty());
    store.save_server(7, &kolkata()).expect("save");
    assert_eq!(store.server(7).expect("read"), kolkata());
    assert_eq!(store.server(8).expect("read"), SavedServer::default(), "other servers keep theirs");
    assert_eq!(store.podium_servers().expect("one"), [(7, "Asia/Kolkata".to_string(), 42)]);
    let back = SavedServer { language: None, podium_channel: None, pages_off: false, ..kolkata() };
    store.save_server(7, &back).expect("save again (an update)");
    assert_eq!(store.server(7).expect("read"), back, "a cleared setting reads as cleared");
    assert!(store.podium_servers().expect("none").is_empty());
    let unset = SavedServer { rules: None, away_days: None, ..back };
    store.save_server(7, &unset).expect("back to the defaults");
    assert_eq!(store.server(7).expect("read"), unset);
    assert!(store.save_server(9, &SavedServer { away_days: Some(31), ..kolkata() }).is_err(), "at most 30 days");
}

/// A database of the previous release (schema 15) with each of the five
/// tables of server settings filled for some server: it opens with every
/// server's settings, in one row each.
#[test]
fn a_database_of_the_previous_release_opens_with_its_servers_settings() {
    let dir = std::env::temp_dir().join(format!("thaayam-servers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp");
    let path = dir.join("previous.db");
    let _ = std::fs::remove_file(&path);
    let conn = rusqlite::Connection::open(&path).expect("file");
    for sql in &MIGRATIONS[..15] {
        conn.execute_batch(sql).expect("the previous release's schema");
    }
    let ruleset = serde_json::to_string(&Ruleset::new(Variant::Francais)).expect("json");
    conn.execute_batch(&format!(
        "PRAGMA user_version = 15; PRAGMA application_id = {APPLICATION_ID};
         INSERT INTO guild_settings VALUES (7, '{ruleset}', 90, 'moderators');
         INSERT INTO guild_languages VALUES (7, 'ta');
         INSERT INTO pages_off VALUES (7);
         INSERT INTO guild_seasons VALUES (7, 'Asia/Kolkata', 42);
         INSERT INTO away_limits VALUES (7, 0);
         INSERT INTO guild_languages VALUES (8, 'fr');
         INSERT INTO pages_off VALUES (9);
         INSERT INTO guild_seasons VALUES (10, 'Europe/Paris', NULL);
         INSERT INTO away_limits VALUES (11, 3);"
    ))
    .expect("the previous release's settings");
    drop(conn);
    let store = Store::open(&path).expect("the previous release's file opens");
    assert_eq!(store.server(7).expect("read"), kolkata(), "every table's setting in one row");
    let only = |f: fn(&mut SavedServer)| {
        let mut s = SavedServer::default();
        f(&mut s);
        s
    };
    assert_eq!(store.server(8).expect("read"), only(|s| s.language = Some("fr".into())));
    assert_eq!(store.server(9).expect("read"), only(|s| s.pages_off = true));
    assert_eq!(store.server(10).expect("read"), only(|s| s.time_zone = "Europe/Paris".into()));
    assert_eq!(store.server(11).expect("read"), only(|s| s.away_days = Some(3)));
    assert_eq!(store.server(12).expect("read"), SavedServer::default(), "a server with no row");
    assert_eq!(store.table_counts().expect("counts").of("servers"), 5);
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A database of the previous release (schema 20, before the organisers'
/// role): its servers open with their settings and no organisers' role;
/// one is named, then cleared, the rest kept.
#[test]
fn a_database_of_the_previous_release_reads_no_organisers_role() {
    let dir = std::env::temp_dir().join(format!("thaayam-organisers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp");
    let path = dir.join("v20.db");
    let _ = std::fs::remove_file(&path);
    let conn = rusqlite::Connection::open(&path).expect("file");
    for sql in &MIGRATIONS[..20] {
        conn.execute_batch(sql).expect("the previous release's schema");
    }
    conn.execute_batch(&format!(
        "PRAGMA user_version = 20; PRAGMA application_id = {APPLICATION_ID};
         INSERT INTO servers (guild_id, language, pages_off, time_zone, podium_channel, away_days)
         VALUES (7, 'ta', 1, 'Asia/Kolkata', 42, 0);"
    ))
    .expect("a server of the previous release");
    drop(conn);
    let mut store = Store::open(&path).expect("the previous release's file opens");
    let seven = SavedServer { rules: None, ..kolkata() };
    assert_eq!(store.server(7).expect("read"), seven, "its settings, and no organisers' role");
    let named = SavedServer { organiser_role: Some(1_300_000_000_000_000_123), ..seven.clone() };
    store.save_server(7, &named).expect("a role named");
    assert_eq!(store.server(7).expect("read"), named);
    store.save_server(7, &seven).expect("cleared");
    assert_eq!(store.server(7).expect("read"), seven);
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}
