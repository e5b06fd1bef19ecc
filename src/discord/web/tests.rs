//! The pages' routes tested over HTTP on loopback, without a browser: a
//! running game's page tells its story and never its seed, an unknown key
//! and a switched-off server are a 404, a stream resumes from
//! `Last-Event-ID`, the ninth stream of one address is refused, a
//! finished game's page has its replay and its dice, and is served from
//! what was kept while the store is held (a page the store must be asked
//! for then is a 503), every step past its end is its end, one address
//! gets its budget of requests, and the pages' scripts and style sheets
//! come from files of their own, under a policy without inline scripts.

use super::assets::Asset;
use super::listener::start;
use super::site::Site;
use crate::discord::game::ids::UserId;
use crate::discord::game::intent::{Actor, Intent};
use crate::discord::game::script::random_intent;
use crate::discord::game::session;
use crate::discord::game::table::Stage;
use crate::discord::live::data::Data;
use crate::discord::live::hub::Shared;
use crate::discord::live::persist;
use crate::discord::live::testing::{data, lobby};
use crate::store::Store;
use rand::SeedableRng;
use std::time::Duration;

struct Served {
    data: Data,
    site: Site,
    base: String,
    game: Shared,
    key: String,
}

/// A bot's data with the pages served on loopback, and a running game of
/// two humans (10 and 11) in the hub, `moves` clicks in.
async fn served(clicks: usize) -> Served {
    let data = data(Store::open_in_memory().expect("store"));
    let mut running = lobby(&data).await;
    let t = &mut running.table;
    session::handle(t, Actor { user: UserId(11), moderator: false }, Intent::Join, None, 0).expect("join");
    session::handle(t, Actor { user: UserId(10), moderator: false }, Intent::Start, None, 0).expect("start");
    t.names.insert(UserId(10), "Asha".into());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    for _ in 0..clicks {
        click(&mut running, &mut rng);
    }
    persist::save(&data.store, &mut running).await.expect("saved");
    let game = data.hub.insert(running).expect("in the hub");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("addr"));
    let site = start(listener, data.clone()).await.expect("served");
    let key = data.pages.keys().expect("keys").key(game.lock().await.table.id.get());
    Served { data, site, base, game, key }
}

/// One click of whoever is on turn (a random choice among the buttons).
fn click(r: &mut crate::discord::live::running::Running, rng: &mut rand_chacha::ChaCha8Rng) {
    let t = &mut r.table;
    let Some(user) = t.human_to_act() else { return };
    let intent = random_intent(t, rng);
    let seq = t.seq;
    let _ = session::handle(t, Actor { user, moderator: false }, intent, Some(seq), 0);
}

/// Plays `n` clicks on the hub's game and saves each, as the live wing does.
async fn play(s: &Served, n: usize, rng: &mut rand_chacha::ChaCha8Rng) {
    for _ in 0..n {
        let mut r = s.game.lock().await;
        let seq = r.table.seq;
        while r.table.seq == seq && r.table.stage == Stage::Playing {
            click(&mut r, rng);
        }
        persist::save(&s.data.store, &mut r).await.expect("saved");
        s.data.hub.saved(&r.table);
    }
}

async fn get(url: &str) -> (u16, String) {
    let r = reqwest::get(url).await.expect("answered");
    let status = r.status().as_u16();
    (status, r.text().await.expect("body"))
}

#[tokio::test]
async fn a_running_games_page_tells_its_story_and_never_its_seed() {
    let s = served(30).await;
    let (status, body) = get(&format!("{}/g/{}", s.base, s.key)).await;
    assert_eq!(status, 200, "{body}");
    let t = s.game.lock().await.table.clone();
    assert!(body.starts_with("<!doctype html>\n<html lang=\"en\">"), "{}", &body[..80]);
    assert!(body.contains(&t.commitment()), "the commitment is shown");
    assert!(!body.contains(&t.seed_hex()), "never the seed while the game runs");
    assert!(!body.contains("dice-data"), "no throws to check before the end");
    assert!(body.contains("threw"), "the story is told");
    let moves = super::story::moves(crate::discord::view::lang::Lang::EN, &t);
    assert!(moves.len() > 3);
    assert_eq!(body.matches("<li id=\"m").count(), moves.len(), "every move, numbered by the list");
    assert!(body.contains("Asha"), "players by their names");
    assert!(body.contains(&format!("/g/{}/board.png?v={}", s.key, t.seq)));
    assert!(body.contains(" alt=\"Board of"), "the board has a text alternative");
    let picture = reqwest::get(format!("{}/g/{}/board.png", s.base, s.key)).await.expect("png");
    assert_eq!(picture.headers()["content-type"], "image/png");
    assert!(picture.bytes().await.expect("bytes").starts_with(b"\x89PNG"));
    let (status, _) = get(&format!("{}/g/{}/board.png?step=1", s.base, s.key)).await;
    assert_eq!(status, 200, "a running game's picture is its board now, whatever the step asked");
}

#[tokio::test]
async fn an_unknown_key_or_a_switched_off_server_is_not_found() {
    let s = served(0).await;
    for path in ["/g/nothing", "/g/AAAAAAAAAAAAAAAAAAAAAA", "/g/AAAAAAAAAAAAAAAAAAAAAA/events", "/", "/g/1"] {
        let (status, body) = get(&format!("{}{path}", s.base)).await;
        assert_eq!(status, 404, "{path}");
        assert!(body.contains("No such game"), "{path}: {body}");
    }
    let (status, _) = get(&format!("{}/g/{}", s.base, s.key)).await;
    assert_eq!(status, 200);
    let venue = crate::discord::game::ids::Venue::Server(crate::discord::game::ids::GuildId(1));
    let off = crate::discord::game::server::ServerSettings { pages_on: false, ..s.data.servers.defaults() };
    s.data.servers.save(&s.data.store, venue, &off).await.expect("off");
    let (status, body) = get(&format!("{}/g/{}", s.base, s.key)).await;
    assert_eq!(status, 404, "a server that switched its pages off");
    assert!(body.contains("No such game"));
}

/// Reads a stream's events until `want` of them came (or 5 s passed).
async fn read_events(r: &mut reqwest::Response, want: usize) -> Vec<String> {
    let mut text = String::new();
    let until = tokio::time::Instant::now() + Duration::from_secs(5);
    while text.matches("\n\n").filter(|_| true).count() < want {
        match tokio::time::timeout_at(until, r.chunk()).await {
            Ok(Ok(Some(c))) => text.push_str(&String::from_utf8_lossy(&c)),
            _ => break,
        }
    }
    text.split("\n\n").filter(|e| e.contains("event:")).map(str::to_string).collect()
}

fn id_of(event: &str) -> Option<u32> {
    event.lines().find_map(|l| l.strip_prefix("id:")).and_then(|v| v.trim().parse().ok())
}

#[tokio::test]
async fn a_stream_follows_the_game_and_resumes_from_the_last_event_id() {
    let s = served(10).await;
    let seq = s.game.lock().await.table.seq;
    let client = reqwest::Client::new();
    let url = format!("{}/g/{}/events?since={seq}", s.base, s.key);
    let mut first = client.get(&url).send().await.expect("stream");
    assert_eq!(first.status(), 200);
    assert_eq!(first.headers()["content-type"], "text/event-stream");
    // Wait until the stream is watched before playing.
    for _ in 0..100 {
        if s.site.viewers.watched() == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
    play(&s, 1, &mut rng).await;
    let one = read_events(&mut first, 1).await;
    let first_id = id_of(&one[0]).expect("an id");
    assert!(first_id > seq, "{one:?}");
    assert!(one[0].contains("event: change") && one[0].contains("\"lines\""), "{one:?}");
    let t = s.game.lock().await.table.clone();
    assert!(!one[0].contains(&t.seed_hex()), "no seed in the events");
    drop(first);
    // Two changes while the page is away, then it comes back.
    play(&s, 2, &mut rng).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let now = s.game.lock().await.table.seq;
    let mut back = client.get(&url).header("Last-Event-ID", first_id.to_string()).send().await.expect("stream again");
    let missed = read_events(&mut back, 2).await;
    let ids: Vec<Option<u32>> = missed.iter().map(|e| id_of(e)).collect();
    assert_eq!(ids.last().copied().flatten(), Some(now), "up to now: {missed:?}");
    assert!(ids.iter().all(|i| i.is_some_and(|i| i > first_id)), "only what it missed: {missed:?}");
    // A page from long ago reloads.
    let mut old = client.get(&url).header("Last-Event-ID", "1").send().await.expect("stream");
    let events = read_events(&mut old, 1).await;
    assert!(events[0].contains("event: refresh"), "{events:?}");
}

#[tokio::test]
async fn the_ninth_stream_of_one_address_is_refused() {
    let s = served(0).await;
    let url = format!("{}/g/{}/events", s.base, s.key);
    let client = reqwest::Client::new();
    let mut open = Vec::new();
    for i in 0..super::limits::PER_ADDRESS {
        let r = client.get(&url).send().await.expect("stream");
        assert_eq!(r.status(), 200, "stream {i}");
        open.push(r);
    }
    let ninth = client.get(&url).send().await.expect("answered");
    assert_eq!(ninth.status(), 429);
    // Another address behind the local proxy is still served.
    let other = client.get(&url).header("X-Forwarded-For", "198.51.100.7").send().await.expect("answered");
    assert_eq!(other.status(), 200);
    drop(open);
    for _ in 0..100 {
        if s.site.streams.count() <= 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(client.get(&url).send().await.expect("answered").status(), 200, "closed streams give their place back");
}

#[tokio::test]
async fn a_finished_games_page_has_its_replay_and_its_dice() {
    let s = served(0).await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    for _ in 0..2_000 {
        if s.game.lock().await.table.stage != Stage::Playing {
            break;
        }
        play(&s, 1, &mut rng).await;
    }
    let t = s.game.lock().await.table.clone();
    assert_eq!(t.stage, Stage::Finished);
    let (status, body) = get(&format!("{}/g/{}", s.base, s.key)).await;
    assert_eq!(status, 200);
    assert!(body.contains(&t.seed_hex()), "the seed is revealed at the end");
    assert!(body.contains("id=\"dice-data\"") && body.contains(&Asset::DiceJs.href()));
    let (status, script) = get(&format!("{}{}", s.base, Asset::DiceJs.href())).await;
    assert_eq!(status, 200);
    assert!(script.contains("crypto.subtle.digest('SHA-256'"), "the check's script");
    let throws = t.events.iter().filter(|e| matches!(e, crate::engine::Event::Throw { .. })).count();
    assert!(body.contains(&format!("All {throws} throws")), "the check's words");
    assert!(body.contains("?step=0#board"), "the replay starts from the page");
    let (status, step) = get(&format!("{}/g/{}?step=3", s.base, s.key)).await;
    assert_eq!(status, 200);
    assert!(step.contains("?step=2#board") && step.contains("?step=4#board"), "previous and next work without JS");
    assert!(step.contains("board.png?step=3"));
    let picture = reqwest::get(format!("{}/g/{}/board.png?step=3", s.base, s.key)).await.expect("png");
    assert!(picture.bytes().await.expect("bytes").starts_with(b"\x89PNG"));
    let (status, _) = get(&format!("{}/g/{}/events", s.base, s.key)).await;
    assert_eq!(status, 204, "a finished game's stream is over");
    let (status, overlay) = get(&format!("{}/g/{}?overlay=1", s.base, s.key)).await;
    assert_eq!(status, 200);
    assert!(overlay.contains("<html lang=\"en\" class=\"overlay\">") && !overlay.contains("id=\"story\""));
}

/// Plays the hub's game to its end.
async fn finish(s: &Served) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    for _ in 0..2_000 {
        if s.game.lock().await.table.stage != Stage::Playing {
            break;
        }
        play(s, 1, &mut rng).await;
    }
    assert_eq!(s.game.lock().await.table.stage, Stage::Finished);
}

#[tokio::test]
async fn a_finished_game_is_served_from_what_was_kept_and_its_steps_past_the_end_are_its_end() {
    let s = served(0).await;
    finish(&s).await;
    let moves = super::story::moves(crate::discord::view::lang::Lang::EN, &s.game.lock().await.table).len();
    let (status, page) = get(&format!("{}/g/{}?step=2", s.base, s.key)).await;
    assert_eq!(status, 200);
    let end = reqwest::get(format!("{}/g/{}/board.png?step={moves}", s.base, s.key)).await.expect("png");
    let end = end.bytes().await.expect("bytes");
    let held = s.site.closed.held();
    for step in [moves + 1, moves + 1_000, usize::MAX] {
        let past = reqwest::get(format!("{}/g/{}/board.png?step={step}", s.base, s.key)).await.expect("png");
        assert_eq!(past.bytes().await.expect("bytes"), end, "step {step} is the end");
        let (status, _) = get(&format!("{}/g/{}?step={step}", s.base, s.key)).await;
        assert_eq!(status, 200);
    }
    let (_, at_end) = get(&format!("{}/g/{}?step={moves}", s.base, s.key)).await;
    assert!(s.site.closed.held() <= held + at_end.len() + 256, "steps past the end kept nothing new");

    // The store held longer than a page waits: what was kept is served,
    // what needs the store is a 503, at once.
    let store = s.data.store.clone();
    let holding = tokio::spawn(async move {
        store
            .call(|_| {
                std::thread::sleep(Duration::from_millis(1_500));
                Ok(())
            })
            .await
    });
    tokio::time::sleep(Duration::from_millis(50)).await;
    let started = std::time::Instant::now();
    let (status, again) = get(&format!("{}/g/{}?step=2", s.base, s.key)).await;
    assert_eq!((status, again), (200, page), "the kept page");
    let (status, _) = get(&format!("{}/g/{}/board.png?step=2", s.base, s.key)).await;
    assert_eq!(status, 200, "a kept game's board is drawn without the store");
    assert!(started.elapsed() < Duration::from_millis(1_000), "{:?}", started.elapsed());
    let other = s.data.pages.keys().expect("keys").key(4_242);
    let (status, _) = get(&format!("{}/g/{other}", s.base)).await;
    assert_eq!(status, 503, "a game the store must be asked for");
    assert!(started.elapsed() < Duration::from_millis(1_400), "answered before the store was free");
    holding.await.expect("joined").expect("held");
    let (status, _) = get(&format!("{}/g/{other}", s.base)).await;
    assert_eq!(status, 404, "asked again once the store is free: no such game");
}

#[tokio::test]
async fn one_address_gets_its_budget_of_requests_then_a_429() {
    let s = served(0).await;
    let from =
        |ip: [u8; 4]| reqwest::Client::builder().local_address(std::net::IpAddr::from(ip)).build().expect("a client");
    let (one, other) = (from([127, 0, 54, 1]), from([127, 0, 54, 2]));
    let url = format!("{}/g/{}", s.base, s.key);
    let (started, mut served, mut refused) = (std::time::Instant::now(), 0, 0);
    for _ in 0..200 {
        match one.get(&url).send().await.expect("answered").status().as_u16() {
            200 => served += 1,
            429 => refused += 1,
            other => panic!("answered {other}"),
        }
    }
    let refilled = started.elapsed().as_secs_f64() * super::site::PAGE_BUDGET.per_second;
    let burst = super::site::PAGE_BUDGET.burst as usize;
    assert!(
        served >= burst && served as f64 <= burst as f64 + refilled + 2.0,
        "{served} served, {refilled:.1} refilled"
    );
    assert!(refused > 0, "then refused");
    assert_eq!(other.get(&url).send().await.expect("answered").status(), 200, "another address has its own");
}

#[tokio::test]
async fn the_pages_scripts_and_styles_are_files_named_by_their_hash_under_a_policy_without_inline_scripts() {
    let s = served(3).await;
    let r = reqwest::get(format!("{}/g/{}", s.base, s.key)).await.expect("page");
    let csp = r.headers()["content-security-policy"].to_str().expect("text").to_string();
    assert!(!csp.contains("unsafe-inline") && csp.contains("script-src 'self'"), "{csp}");
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    let body = r.text().await.expect("body");
    assert!(!body.contains("<script>") && !body.contains("<style>"), "no script nor style written into the page");
    assert!([" onsubmit=", " onclick=", " onload=", " style="].iter().all(|a| !body.contains(a)), "no inline handler");
    for asset in [Asset::PageCss, Asset::LiveJs] {
        assert!(body.contains(&asset.href()), "{}", asset.href());
        let r = reqwest::get(format!("{}{}", s.base, asset.href())).await.expect("asset");
        assert_eq!(r.status(), 200);
        assert_eq!(r.headers()["cache-control"], "public, max-age=31536000, immutable");
        assert_eq!(r.text().await.expect("text"), asset.text());
    }
    let (status, _) = get(&format!("{}/assets/live.0000000000000000.js", s.base)).await;
    assert_eq!(status, 404, "an old or made-up name");
}

/// A review of `t`'s game as the analysis stores it, made up: its first
/// use of throws with a choice is a blunder (the best a legal action other
/// than the one played), its series thrown was lucky (+5 points). Returns
/// it with that decision's step (a move of the story, from 1).
fn made_up_review(t: &crate::discord::game::table::Table) -> (crate::ai::review::Review, usize) {
    use crate::ai::review::{Review, Step};
    use crate::engine::{Event, Game, format_tpn};
    let series = crate::ai::analysis::event_series(Game::new(t.ruleset, t.seats()), &t.events).expect("numbered");
    let moves = super::story::moves(crate::discord::view::lang::Lang::EN, t);
    let mut game = Game::new(t.ruleset, t.seats());
    for (i, &e) in t.events.iter().enumerate() {
        let starts_a_use = i > 0 && matches!(t.events[i - 1], Event::Throw { .. }) && series[i] > 0;
        let legal = game.legal_actions();
        if let (Event::Act { action }, true) = (e, starts_a_use && legal.len() >= 2) {
            let k = series[i];
            let played: Vec<_> = (i..t.events.len())
                .take_while(|&j| series[j] == k)
                .filter_map(|j| if let Event::Act { action } = t.events[j] { Some(action) } else { None })
                .collect();
            let best = legal.into_iter().find(|&a| a != action).expect("another action");
            let seat = game.position().turn();
            let step = moves.iter().position(|m| m.end > i).expect("a move") + 1;
            let steps = vec![
                Step::Series { series: k, x: f64::from(k) - 0.5, seat, throws: Vec::new(), luck: 0.05 },
                Step::Decision {
                    series: k,
                    x: f64::from(k),
                    seat,
                    tpn: format_tpn(game.position(), true),
                    played,
                    best: vec![best],
                    played_end: String::new(),
                    best_end: String::new(),
                    chance: 0.3,
                    best_chance: 0.393,
                    loss: 0.093,
                    label: crate::ai::skill::Label::of(0.093),
                },
            ];
            return (Review { players: Vec::new(), steps }, step);
        }
        game.apply(e).expect("replays");
    }
    panic!("no choice in the whole game")
}

/// Stores a made-up analysis of game `id` with `review`, as the analysis
/// after a game does.
async fn store_analysis(
    s: &Served,
    id: i64,
    t: &crate::discord::game::table::Table,
    review: &crate::ai::review::Review,
) {
    let version = crate::ai::analysis::cache_version(t.ruleset, 2).expect("bell 2p has a network");
    let a = crate::store::CachedAnalysis {
        png: b"\x89PNG chart".to_vec(),
        swings: "[]".into(),
        review: Some(serde_json::to_string(review).expect("json")),
    };
    let id = crate::store::GameId(id);
    s.data.store.call(move |st| st.cache_analysis(id, version, &a)).await.expect("stored");
    s.data.reviews.note_stored();
}

#[tokio::test]
async fn an_analysed_games_replay_marks_its_steps_and_draws_the_better_move_an_unanalysed_or_running_one_none() {
    let running = served(12).await;
    let t = running.game.lock().await.table.clone();
    let (review, _) = made_up_review(&t);
    store_analysis(&running, t.id.get(), &t, &review).await;
    let (status, page) = get(&format!("{}/g/{}", running.base, running.key)).await;
    assert_eq!(status, 200);
    assert!(!page.contains("class=\"mark") && !page.contains("id=\"marks\""), "no analysis during play: {page}");
    let (status, _) = get(&format!("{}/g/{}/best.png?step=1", running.base, running.key)).await;
    assert_eq!(status, 404, "nor its pictures");

    let s = served(0).await;
    finish(&s).await;
    let t = s.game.lock().await.table.clone();
    let (review, step) = made_up_review(&t);
    let (_, unanalysed) = get(&format!("{}/g/{}?step={step}", s.base, s.key)).await;
    assert!(unanalysed.contains("id=\"step-lines\"") && !unanalysed.contains("id=\"marks\""), "no analysis yet");
    store_analysis(&s, t.id.get(), &t, &review).await;
    let (status, marked) = get(&format!("{}/g/{}?step={step}", s.base, s.key)).await;
    assert_eq!(status, 200);
    assert!(marked.contains("id=\"marks\"") && marked.contains("Dice for "), "{marked}");
    let thrower = review.steps[0].seat();
    let name = super::page::names(crate::discord::view::lang::Lang::EN, &t)[thrower.index()].clone();
    assert!(marked.contains(&format!("Dice for {name}: ")), "the thrower by her name: {marked}");
    assert!(marked.contains("+5.0 points of chance"), "the series' luck, signed: {marked}");
    assert!(
        marked.contains("<span class=\"mark blunder\">Blunder</span> 9.3 points of chance given away."),
        "{marked}"
    );
    assert!(marked.contains("Played: ") && marked.contains("The expert prefers: "), "both moves named: {marked}");
    assert!(marked.contains(&format!("/g/{}/best.png?step={step}", s.key)), "the better end drawn: {marked}");
    assert_eq!(marked.matches("class=\"mark blunder\"").count(), 2, "in the step's marks and the story's list");
    for other in [step - 1, step + 1] {
        let (_, plain) = get(&format!("{}/g/{}?step={other}", s.base, s.key)).await;
        assert!(!plain.contains("id=\"marks\""), "step {other} has no mark");
    }
    let best = reqwest::get(format!("{}/g/{}/best.png?step={step}", s.base, s.key)).await.expect("png");
    assert_eq!(best.headers()["content-type"], "image/png");
    let best = best.bytes().await.expect("bytes");
    assert!(best.starts_with(b"\x89PNG"));
    let played = reqwest::get(format!("{}/g/{}/board.png?step={step}", s.base, s.key)).await.expect("png");
    assert_ne!(best, played.bytes().await.expect("bytes"), "another position than the one played");
    for other in [0, step + 1, usize::MAX] {
        let (status, _) = get(&format!("{}/g/{}/best.png?step={other}", s.base, s.key)).await;
        assert_eq!(status, 404, "step {other} has no better move to draw");
    }
    let fr = crate::discord::view::lang::Lang::from_code("fr").expect("French");
    let fr_marks = super::marks::marks(&t, &super::story::moves(fr, &t), &review);
    let html = super::marks::marks_html(fr, &s.key, step, &fr_marks[step - 1], ("", &Default::default())).into_string();
    assert!(html.contains("Gaffe") && html.contains("L'expert préfère"), "{html}");
}
