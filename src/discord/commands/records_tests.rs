//! Tests of the record commands' messages (leaderboard, stats, history,
//! replay) built from an in-memory store filled through its public API
//! (games saved with `save_live`, as the bot saves them): what they show,
//! that they ping no one, empty results, and Discord's limits with many
//! rows.

use super::records::{
    HISTORY_GAMES, LAST_MEETINGS, LEADERBOARD_ROWS, MIN_GAMES, RIVAL_MIN_GAMES, RIVALS, history_message,
    leaderboard_message, rating_meaning, stats_message, versus_message,
};
use super::replay::{MAX_GIF_BYTES, draw, file_name, parse_game_id, refusal, replay_message};
use crate::dice::{ThrowSource, random_game};
use crate::discord::game::ids::{GuildId, UserId, Venue};
use crate::discord::view::lang::Lang;
use crate::discord::view::message::{Message, check};
use crate::engine::{Event, MoveGen, Phase, Record, Ruleset, SeatSet, Variant};
use crate::store::{GameId, GameState, LiveSave, NewGame, Occupant, PlayerRating, Store, Timestamp};
use std::sync::atomic::{AtomicI64, Ordering};

pub(crate) const GUILD: u64 = 7;
const START_MS: i64 = 1_700_000_000_000;

/// A store whose clock advances a minute per reading.
pub(crate) fn store() -> Store {
    let now = AtomicI64::new(START_MS);
    Store::open_in_memory().expect("open").with_clock(move || Timestamp(now.fetch_add(60_000, Ordering::Relaxed)))
}

fn humans(users: &[u64]) -> Vec<Occupant> {
    users.iter().map(|&u| Occupant::Human(u)).collect()
}

/// The change after action `seq`, appending `events` to the `first`
/// stored ones (the front end's JSON is opaque to the store).
fn change(seq: u64, first: u64, events: &[Event]) -> LiveSave {
    LiveSave {
        expected_seq: seq,
        seq: seq + 1,
        state: GameState::Playing,
        seats: None,
        first_event: first,
        events: events.to_vec(),
        deadline: None,
        board: None,
        board_seq: None,
        places: None,
        rated: true,
        names: Vec::new(),
        left_unplayed: Vec::new(),
        live: "{}".into(),
    }
}

/// A started game of `variant` in `channel` of `guild`; returns id, seq, seats.
fn started(store: &mut Store, guild: u64, channel: u64, variant: Variant, who: &[Occupant]) -> (GameId, u64, SeatSet) {
    let new = NewGame {
        guild,
        channel,
        host: who.iter().find_map(Occupant::user).unwrap_or(1),
        ruleset: Ruleset::new(variant),
        max_players: who.len() as u8,
        turn_timeout_secs: 120,
        seed: crate::dice::Seed([3; 32]),
        practice: false,
        dice: crate::dice::Derivation::CURRENT,
    };
    let id = store.create_game(&new).expect("create");
    let seats = SeatSet::for_players(who.len()).expect("2 to 4 players");
    let seated = seats.iter().zip(who.iter().cloned()).collect();
    store.save_live(id, &LiveSave { seats: Some(seated), ..change(0, 0, &[]) }).expect("start");
    (id, 1, seats)
}

/// A finished game without events, places by seat index (S, W, N, E).
fn finished(store: &mut Store, channel: u64, variant: Variant, who: &[Occupant], places: [u8; 4]) -> GameId {
    let (id, seq, _) = started(store, GUILD, channel, variant, who);
    store
        .save_live(id, &LiveSave { state: GameState::Finished, places: Some(places), ..change(seq, 0, &[]) })
        .expect("finish");
    id
}

fn random_log(seats: SeatSet, seed: u64) -> Record {
    let ruleset = Ruleset::new(Variant::Bell);
    let mut src = ThrowSource::from_u64(seed, ruleset.rules().dice);
    random_game(ruleset, seats, &mut src, &mut MoveGen::new()).0
}

/// A 2-player bell game played to the end by random moves.
fn played(store: &mut Store, channel: u64, who: &[Occupant], seed: u64) -> GameId {
    let (id, seq, seats) = started(store, GUILD, channel, Variant::Bell, who);
    let record = random_log(seats, seed);
    let Phase::Finished { places } = record.game().phase() else { panic!("random games finish") };
    let end = LiveSave { state: GameState::Finished, places: Some(places), ..change(seq, 0, &record.events) };
    store.save_live(id, &end).expect("finish");
    id
}

fn description(m: &Message) -> &str {
    &m.embed.as_ref().expect("an embed").description
}

fn assert_sendable(m: &Message) {
    assert_eq!(check(m), Ok(()), "{m:#?}");
    assert!(m.mentions.is_empty(), "record messages ping no one");
}

#[test]
fn the_leaderboard_ranks_rated_humans_and_explains_the_number() {
    let mut s = store();
    // 100 beats 101 three times; 102 plays once; computers never show.
    for _ in 0..MIN_GAMES {
        finished(&mut s, 1, Variant::Bell, &humans(&[100, 101]), [1, 0, 2, 0]);
    }
    finished(&mut s, 1, Variant::Bell, &[Occupant::Human(102), Occupant::Computer("easy".into())], [1, 0, 2, 0]);
    let rows = s.leaderboard(GUILD, Variant::Bell, MIN_GAMES, LEADERBOARD_ROWS).expect("leaderboard");
    let m = leaderboard_message(Lang::EN, Variant::Bell, &rows);
    assert_sendable(&m);
    let text = description(&m);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].starts_with("**1.** <@100>") && lines[0].contains("3 games · 3 wins · average place 1.00"));
    assert!(lines[1].starts_with("**2.** <@101>") && lines[1].contains("0 wins · average place 2.00"));
    assert!(!text.contains("102") && !text.contains("computer"), "{text}");
    let embed = m.embed.as_ref().expect("embed");
    assert_eq!(embed.title, "Leaderboard: bell");
    assert!(embed.footer.contains(&rating_meaning(Lang::EN)));
    // Another variant has its own table.
    let other = s.leaderboard(GUILD, Variant::Francais, MIN_GAMES, LEADERBOARD_ROWS).expect("leaderboard");
    let empty = leaderboard_message(Lang::EN, Variant::Francais, &other);
    assert_sendable(&empty);
    assert!(description(&empty).starts_with("No one on this server"), "{}", description(&empty));
}

fn rating(user: u64) -> PlayerRating {
    PlayerRating {
        user: u64::MAX - user,
        variant: Variant::TayamSonalu,
        rating: 30.0 - user as f64 / 100.0,
        uncertainty: 1.5,
        games: 1000 + user as u32,
        wins: 999,
        place_sum: 1999,
        streak: 3,
        best_streak: 12,
    }
}

#[test]
fn a_long_leaderboard_stays_within_discords_limits() {
    let rows: Vec<PlayerRating> = (0..200).map(rating).collect();
    let m = leaderboard_message(Lang::EN, Variant::TayamSonalu, &rows);
    assert_sendable(&m);
    let text = description(&m);
    assert!(text.lines().count() > 20, "as many rows as fit");
    assert!(text.ends_with("more"), "the cut is said: {}", text.lines().last().unwrap_or_default());
    // Through the store the table is cut at LEADERBOARD_ROWS.
    let mut s = store();
    for k in 0..(LEADERBOARD_ROWS as u64 + 5) {
        for _ in 0..MIN_GAMES {
            finished(&mut s, 1, Variant::Bell, &humans(&[1000 + k, 2000 + k]), [1, 0, 2, 0]);
        }
    }
    let rows = s.leaderboard(GUILD, Variant::Bell, MIN_GAMES, LEADERBOARD_ROWS).expect("leaderboard");
    let m = leaderboard_message(Lang::EN, Variant::Bell, &rows);
    assert_sendable(&m);
    assert_eq!(description(&m).lines().count(), LEADERBOARD_ROWS as usize);
}

#[test]
fn stats_show_each_variant_with_streaks() {
    let mut s = store();
    finished(&mut s, 1, Variant::Bell, &humans(&[100, 101]), [2, 0, 1, 0]);
    finished(&mut s, 1, Variant::Bell, &humans(&[100, 101]), [1, 0, 2, 0]);
    finished(&mut s, 1, Variant::Bell, &humans(&[100, 101]), [1, 0, 2, 0]);
    finished(&mut s, 2, Variant::Francais, &humans(&[100, 101]), [2, 0, 1, 0]);
    let stats = s.player_stats(GUILD, 100).expect("stats");
    let rivals = s.rivals(GUILD, 100, RIVAL_MIN_GAMES, RIVALS).expect("rivals");
    let m = stats_message(Lang::EN, UserId(100), &stats, &rivals);
    assert_sendable(&m);
    let embed = m.embed.as_ref().expect("embed");
    assert!(embed.description.contains("<@100>'s record on this server: 4 games and 2 wins"), "{}", embed.description);
    let names: Vec<&str> = embed.fields.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["bell", "francais", "Frequent opponents"]);
    assert_eq!(embed.fields[2].1, "<@101>: 4 games · ahead in 2 · behind in 2 · 2 wins");
    let bell = &embed.fields[0].1;
    assert!(bell.contains("3 games · 2 wins (67%)") && bell.contains("Average place 1.33"), "{bell}");
    assert!(bell.contains("Win streak 2 (best 2)") && !bell.contains("leaderboard after"), "{bell}");
    assert!(embed.fields[1].1.contains("On the leaderboard after 3 games"), "{}", embed.fields[1].1);
    // Nobody else's games leak in, and a newcomer gets a plain sentence.
    let none = stats_message(Lang::EN, UserId(555), &s.player_stats(GUILD, 555).expect("stats"), &[]);
    assert_sendable(&none);
    assert!(description(&none).contains("<@555> has not finished a game"));
    let other_guild = s.player_stats(GUILD + 1, 100).expect("stats");
    assert!(other_guild.is_empty());
    let many: Vec<PlayerRating> = (0..40).map(rating).collect();
    assert_sendable(&stats_message(Lang::EN, UserId(1), &many, &[]));
}

#[test]
fn rivals_and_the_head_to_head_count_the_servers_rated_games_only() {
    let mut s = store();
    let mut together = Vec::new();
    for places in [[1, 0, 2, 0], [2, 0, 1, 0], [1, 0, 2, 0]] {
        together.push(finished(&mut s, 1, Variant::Bell, &humans(&[100, 101]), places));
    }
    // Not counted: one game with 102 (fewer than RIVAL_MIN_GAMES), games
    // with a computer, a game of another server, an unfinished game.
    finished(&mut s, 1, Variant::Bell, &humans(&[100, 102]), [1, 0, 2, 0]);
    for _ in 0..RIVAL_MIN_GAMES {
        finished(&mut s, 1, Variant::Bell, &[Occupant::Human(100), Occupant::Computer("easy".into())], [1, 0, 2, 0]);
    }
    let (elsewhere, seq, _) = started(&mut s, GUILD + 1, 2, Variant::Bell, &humans(&[101, 100]));
    let end = LiveSave { state: GameState::Finished, places: Some([1, 0, 2, 0]), ..change(seq, 0, &[]) };
    s.save_live(elsewhere, &end).expect("finish");
    started(&mut s, GUILD, 3, Variant::Bell, &humans(&[100, 101]));
    // Three-player games (seats S, W, N): 103 wins, 100 second, 101 third;
    // then 101 wins, 103 second, 100 third.
    let three = finished(&mut s, 4, Variant::Francais, &humans(&[103, 100, 101]), [1, 2, 3, 0]);
    together.push(finished(&mut s, 4, Variant::Francais, &humans(&[101, 103, 100]), [1, 2, 3, 0]));

    let rivals = s.rivals(GUILD, 100, RIVAL_MIN_GAMES, RIVALS).expect("rivals");
    let opponents: Vec<(u64, u32, u32, u32, u32)> =
        rivals.iter().map(|r| (r.opponent, r.games, r.ahead, r.behind, r.wins)).collect();
    assert_eq!(opponents, [(101, 5, 3, 2, 2), (103, 2, 0, 2, 0)]);

    let h = s.head_to_head(GUILD, 100, 101, LAST_MEETINGS, None).expect("head to head");
    assert_eq!((h.record.games, h.record.ahead, h.record.behind), (5, 3, 2));
    let ids: Vec<GameId> = h.last.iter().map(|m| m.game).collect();
    assert_eq!(ids, [together[3], three, together[2], together[1], together[0]], "newest first");
    assert_eq!((h.last[0].variant, h.last[0].places), (Variant::Francais, (3, 1)));
    let m = versus_message(Lang::EN, (UserId(100), UserId(101)), &h);
    assert_sendable(&m);
    let text = description(&m);
    assert!(text.starts_with("<@100> against <@101>: 5 games together on this server."), "{text}");
    assert!(
        text.contains("<@100> finished ahead in 3, <@101> in 2.")
            && text.contains("Their last 5 games in this channel:"),
        "{text}"
    );
    let first = format!("`#{}` <t:", ids[0].0);
    assert!(text.lines().nth(2).is_some_and(|l| l.starts_with(&first) && l.ends_with("francais: <@100> 3, <@101> 1")));
    // Seen from the other side, and for two who never met.
    let theirs = s.head_to_head(GUILD, 101, 100, LAST_MEETINGS, None).expect("head to head");
    assert_eq!((theirs.record.ahead, theirs.record.behind, theirs.last.len()), (2, 3, 5));
    let never = s.head_to_head(GUILD, 100, 555, LAST_MEETINGS, None).expect("head to head");
    assert!(never.last.is_empty());
    // Asked in channel 4: the totals are the server's, the games listed
    // only channel 4's (the asker may not see channel 1); in a channel
    // where they never met, totals only, without a game number.
    let here = s.head_to_head(GUILD, 100, 101, LAST_MEETINGS, Some(4)).expect("head to head");
    assert_eq!(here.record, h.record);
    assert_eq!(here.last.iter().map(|m| m.game).collect::<Vec<_>>(), [together[3], three]);
    let none_here = s.head_to_head(GUILD, 100, 101, LAST_MEETINGS, Some(77)).expect("head to head");
    let shown = versus_message(Lang::EN, (UserId(100), UserId(101)), &none_here);
    let text = description(&shown);
    assert!(text.contains("5 games together") && !text.contains('#') && !text.contains("<t:"), "{text}");
    let m = versus_message(Lang::EN, (UserId(100), UserId(555)), &never);
    assert_sendable(&m);
    assert!(description(&m).contains("have not finished a rated game together"), "{}", description(&m));
    for lang in Lang::all() {
        assert_sendable(&versus_message(lang, (UserId(100), UserId(101)), &h));
    }
}

#[test]
fn history_lists_the_channels_finished_games_newest_first() {
    let mut s = store();
    let mut ids = Vec::new();
    for k in 0..(HISTORY_GAMES as u64 + 2) {
        let who = [Occupant::Human(100 + k), Occupant::Computer("random".into())];
        ids.push(finished(&mut s, 1, Variant::Bell, &who, [2, 0, 1, 0]));
    }
    let (abandoned, _, _) = started(&mut s, GUILD, 1, Variant::Bell, &humans(&[300, 301]));
    s.abandon(abandoned, None).expect("abandon");
    finished(&mut s, 9, Variant::Bell, &humans(&[400, 401]), [1, 0, 2, 0]);
    let games = s.channel_history(1, HISTORY_GAMES).expect("history");
    let m = history_message(Lang::EN, &games);
    assert_sendable(&m);
    let lines: Vec<&str> = description(&m).lines().collect();
    assert_eq!(lines.len(), HISTORY_GAMES as usize);
    let newest = ids[ids.len() - 1];
    assert!(lines[0].starts_with(&format!("`{newest}` <t:")), "{}", lines[0]);
    assert!(lines[0].contains(":d> bell — won by random computer; 2. <@111>"), "{}", lines[0]);
    let all = description(&m);
    assert!(!all.contains("<@300>") && !all.contains("<@400>"), "abandoned and other channels' games: {all}");
    assert!(m.embed.as_ref().expect("embed").footer.contains(&format!("game:{}", newest.0)));
    let empty = history_message(Lang::EN, &s.channel_history(5, HISTORY_GAMES).expect("history"));
    assert_sendable(&empty);
    assert!(description(&empty).starts_with("No game has been played to the end"));
}

#[test]
fn game_numbers_parse_with_or_without_hash() {
    assert_eq!(parse_game_id(Lang::EN, "12"), Ok(GameId(12)));
    assert_eq!(parse_game_id(Lang::EN, " #7 "), Ok(GameId(7)));
    for bad in ["", "0", "-3", "twelve", "#", "99999999999999999999"] {
        let e = parse_game_id(Lang::EN, bad).expect_err(bad);
        assert!(e.contains("/thaayam history"), "{e}");
    }
    let long = parse_game_id(Lang::EN, &"x".repeat(500)).expect_err("long");
    assert!(long.chars().count() < 200, "{long}");
    assert_eq!(file_name(GameId(12)), "thaayam-game-12.gif");
}

#[test]
fn running_and_foreign_games_are_not_replayed() {
    let mut s = store();
    let (running, seq, seats) = started(&mut s, GUILD, 1, Variant::Bell, &humans(&[100, 101]));
    let info = |s: &Store, id| s.game(id).expect("read");
    let no = refusal(Lang::EN, info(&s, running).as_ref(), Venue::Server(GuildId(GUILD)), running).expect("refused");
    assert!(no.contains("still going on"), "{no}");
    // A game of another server is not shown to exist.
    let foreign =
        refusal(Lang::EN, info(&s, running).as_ref(), Venue::Server(GuildId(GUILD + 1)), running).expect("refused");
    let missing = refusal(Lang::EN, None, Venue::Server(GuildId(GUILD)), GameId(999)).expect("refused");
    assert!(foreign.starts_with("There is no game") && missing.starts_with("There is no game #999"));
    // An abandoned game is over: replayable if anything was played.
    let record = random_log(seats, 1);
    s.save_live(running, &change(seq, 0, &record.events[..20])).expect("save");
    s.abandon(running, None).expect("abandon");
    assert_eq!(refusal(Lang::EN, info(&s, running).as_ref(), Venue::Server(GuildId(GUILD)), running), None);
    let (empty, _, _) = started(&mut s, GUILD, 1, Variant::Bell, &humans(&[100, 101]));
    s.abandon(empty, None).expect("abandon");
    let nothing = refusal(Lang::EN, info(&s, empty).as_ref(), Venue::Server(GuildId(GUILD)), empty).expect("refused");
    assert!(nothing.contains("nothing to replay"), "{nothing}");
    let done = played(&mut s, 1, &humans(&[100, 101]), 5);
    assert_eq!(refusal(Lang::EN, info(&s, done).as_ref(), Venue::Server(GuildId(GUILD)), done), None);
    // The early end shows in the text, and a short GIF fits any limit
    // that can hold a frame; an impossible one is an error, not a panic.
    let loaded = s.load(running).expect("load").expect("exists");
    assert!(replay_message(Lang::EN, &loaded.info).content.contains("ended early <t:"));
    let gif = draw(&loaded, Lang::EN, Default::default(), MAX_GIF_BYTES).expect("drawn");
    assert!(gif.starts_with(b"GIF89a") && gif.len() <= MAX_GIF_BYTES);
    assert!(draw(&loaded, Lang::EN, Default::default(), 500).is_err());
}

#[test]
fn a_finished_game_replays_as_a_gif_with_its_places() {
    let mut s = store();
    let id = played(&mut s, 1, &[Occupant::Human(100), Occupant::Computer("easy".into())], 9);
    let loaded = s.load(id).expect("load").expect("exists");
    let m = replay_message(Lang::EN, &loaded.info);
    assert_sendable(&m);
    assert!(m.content.starts_with(&format!("Replay of game {id} (bell, 2 players, finished <t:")), "{}", m.content);
    let first = if loaded.info.seats[0].place == Some(1) { "1. <@100> · 2. easy computer" } else { "1. computer" };
    assert!(m.content.contains(first), "{}", m.content);
    let names = ["Meena".to_string(), String::new(), "easy computer".into(), String::new()];
    let gif = draw(&loaded, Lang::EN, names, MAX_GIF_BYTES).expect("drawn");
    assert!(gif.starts_with(b"GIF89a") && gif.len() <= MAX_GIF_BYTES, "{} bytes", gif.len());
}

#[test]
fn players_after_one_game_are_named_below_the_ranking() {
    let mut s = store();
    finished(&mut s, 1, Variant::Bell, &humans(&[100, 101]), [1, 0, 2, 0]);
    let mut rows = s.leaderboard(GUILD, Variant::Bell, 1, LEADERBOARD_ROWS).expect("leaderboard");
    rows.retain(|r| r.games < MIN_GAMES);
    let m = leaderboard_message(Lang::EN, Variant::Bell, &rows);
    assert_sendable(&m);
    let text = description(&m);
    assert!(text.starts_with("No one on this server"), "nobody is ranked after one game: {text}");
    let last = text.lines().last().unwrap_or_default();
    assert!(last.starts_with("Not ranked yet (fewer than 3 games): "), "{text}");
    assert!(last.contains("<@100>") && last.contains("<@101>") && last.contains("(1 game)"), "{last}");
}
