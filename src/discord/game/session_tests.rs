//! Tests of the session layer: whole games driven through `handle` as
//! players would click, and the clicks that must change nothing.

use super::computer::Level;
use super::ids::{ChannelId, GameId, GuildId, UserId, Venue};
use super::intent::{Actor, Intent, Moment, Refusal};
use super::notes::{Note, Notes, Vacated};
pub(crate) use super::script::next_intent;
use super::session;
use super::table::{Origin, Player, Stage, Table};
use crate::engine::{Phase, Ruleset, Variant};

pub(crate) const HOST: UserId = UserId(101);
pub(crate) const GUEST: UserId = UserId(202);
const STRANGER: UserId = UserId(303);

fn actor(user: UserId) -> Actor {
    Actor { user, moderator: false }
}

pub(crate) fn lobby(players: u8, variant: Variant) -> Table {
    Table::new(
        Origin { id: GameId(7), venue: Venue::Server(GuildId(1)), channel: ChannelId(2), host: HOST },
        Ruleset::new(variant),
        players,
        [9; 32],
    )
}

pub(crate) fn act(t: &mut Table, user: UserId, intent: Intent) -> Result<Notes, Refusal> {
    let seq = t.seq;
    session::handle(t, actor(user), intent, Some(seq), 1_000)
}

/// Plays until the game ends (or a step limit), every seat clicking.
pub(crate) fn play_out(t: &mut Table) -> usize {
    let mut clicks = 0;
    while t.stage == Stage::Playing && clicks < 20_000 {
        if session::computer_step(t, 1_000).is_some() {
            continue;
        }
        let user = t.human_to_act().expect("a human is to act");
        let intent = next_intent(t);
        act(t, user, intent.clone()).unwrap_or_else(|e| panic!("{intent:?} refused: {e:?}"));
        clicks += 1;
    }
    clicks
}

pub(crate) fn started(players: u8, variant: Variant) -> Table {
    let mut t = lobby(players, variant);
    act(&mut t, GUEST, Intent::Join).expect("join");
    act(&mut t, HOST, Intent::Start).expect("start");
    t
}

#[test]
fn a_two_player_game_is_played_to_the_end_by_clicks() {
    for variant in Variant::ALL {
        let mut t = started(2, variant);
        let clicks = play_out(&mut t);
        assert_eq!(t.stage, Stage::Finished, "{variant}: {clicks} clicks");
        assert!(t.game().is_finished());
        assert!(t.deadline.is_none());
        // The log replays from the seed alone: same throws, same order,
        // under the derivation of new games.
        assert_eq!(t.dice, crate::dice::Derivation::Sha256);
        assert_eq!(crate::dice::first_wrong_throw(t.seed.0, t.dice, t.ruleset, &t.events), None);
    }
}

#[test]
fn a_game_with_a_computer_finishes() {
    let mut t = lobby(3, Variant::Bell);
    act(&mut t, GUEST, Intent::Join).expect("join");
    act(&mut t, HOST, Intent::AddComputer(Level::Random)).expect("computer");
    act(&mut t, HOST, Intent::Start).expect("start");
    play_out(&mut t);
    assert_eq!(t.stage, Stage::Finished);
}

#[test]
fn stale_clicks_change_nothing() {
    let mut t = started(2, Variant::Bell);
    let user = t.human_to_act().expect("someone to throw");
    let old = t.seq.wrapping_sub(1);
    let events = t.events.len();
    let err = session::handle(&mut t, actor(user), Intent::Throw, Some(old), 1_000);
    assert_eq!(err, Err(Refusal::Stale));
    assert_eq!(t.events.len(), events);
}

#[test]
fn a_page_the_menu_has_no_button_for_changes_nothing() {
    let mut t = started(2, Variant::Bell);
    let user = t.human_to_act().expect("a human to act");
    let pages = super::turn::menu_of(&t).pages();
    let (seq, draft) = (t.seq, t.draft.clone());
    assert_eq!(pages, 1, "the first menu of the game fits one select");
    for page in [1, 4, 5, 255] {
        let refused = act(&mut t, user, Intent::Page(page));
        assert!(matches!(refused, Err(Refusal::BadChoice(_))), "page {page} of {pages}: {refused:?}");
    }
    assert_eq!((t.seq, &t.draft), (seq, &draft), "the counter and the menu did not move");
}

#[test]
fn clicks_by_others_are_refused_without_change() {
    let mut t = started(2, Variant::Bell);
    let on_turn = t.human_to_act().expect("someone to throw");
    let other = if on_turn == HOST { GUEST } else { HOST };
    let seq = t.seq;
    assert_eq!(act(&mut t, other, Intent::Throw), Err(Refusal::NotYourTurn));
    assert_eq!(act(&mut t, STRANGER, Intent::Throw), Err(Refusal::NotSeated));
    assert_eq!(act(&mut t, STRANGER, Intent::End), Err(Refusal::NotHost));
    assert_eq!(t.seq, seq);
    let moderator = Actor { user: STRANGER, moderator: true };
    assert!(session::handle(&mut t, moderator, Intent::End, None, 1_000).is_ok());
    assert_eq!(t.stage, Stage::Ended);
    assert_eq!(act(&mut t, on_turn, Intent::Throw), Err(Refusal::Closed));
}

#[test]
fn forged_choices_are_refused() {
    let mut t = started(2, Variant::Bell);
    let mut guard = 0;
    while !matches!(t.draft_game().phase(), Phase::Moving { .. }) || t.human_to_act().is_none() {
        let user = t.human_to_act().expect("human");
        let intent = next_intent(&t);
        act(&mut t, user, intent).expect("scripted click");
        guard += 1;
        assert!(guard < 500);
    }
    let user = t.human_to_act().expect("human");
    let seq = t.seq;
    for forged in ["e99", "s0", "<script>", "", "e-1"] {
        let refused = act(&mut t, user, Intent::Choose(forged.into()));
        assert!(matches!(refused, Err(Refusal::BadChoice(_))), "{forged:?}: {refused:?}");
    }
    assert!(matches!(act(&mut t, user, Intent::Confirm), Err(Refusal::WrongMoment(_))));
    assert_eq!(t.seq, seq);
}

#[test]
fn undo_takes_back_an_uncommitted_choice() {
    let mut t = started(2, Variant::Bell);
    let mut guard = 0;
    while t.draft.actions.is_empty() {
        let user = t.human_to_act().expect("human");
        let intent = next_intent(&t);
        act(&mut t, user, intent).expect("scripted click");
        guard += 1;
        assert!(guard < 500);
    }
    let user = t.human_to_act().expect("human");
    let events = t.events.len();
    act(&mut t, user, Intent::Undo).expect("undo");
    assert!(t.draft.actions.is_empty());
    assert_eq!(t.events.len(), events, "nothing was committed");
}

#[test]
fn timeouts_play_for_the_absent_and_three_forfeit() {
    let mut t = started(2, Variant::Bell);
    let absent = t.human_to_act().expect("human");
    let mut now = 1_000;
    let mut timeouts = 0;
    while t.lineup.contains(&Player::Human(absent)) && t.stage == Stage::Playing {
        now += 100_000;
        if t.human_to_act() == Some(absent) {
            assert!(session::timeout(&mut t, now).is_some());
            timeouts += 1;
        } else if session::computer_step(&mut t, now).is_none() {
            let user = t.human_to_act().expect("human");
            let (intent, seq) = (next_intent(&t), t.seq);
            session::handle(&mut t, actor(user), intent, Some(seq), now).expect("click");
        }
    }
    assert!(t.stage != Stage::Playing || timeouts == 3, "{timeouts} timeouts");
    if t.stage == Stage::Playing {
        assert!(t.left_seats.contains(&Some(absent)), "the absent player left her seat");
    }
}

#[test]
fn no_timeout_before_the_deadline_and_one_reminder() {
    let mut t = started(2, Variant::Bell);
    let deadline = t.deadline.expect("a deadline");
    assert!(session::timeout(&mut t, deadline - 1).is_none());
    let start = deadline - t.turn_timeout as i64;
    assert!(session::reminder_due(&mut t, start).is_none());
    assert!(session::reminder_due(&mut t, deadline - 10).is_some());
    assert!(session::reminder_due(&mut t, deadline - 5).is_none());
}

#[test]
fn lobby_rules() {
    let mut t = lobby(2, Variant::Bell);
    assert_eq!(act(&mut t, HOST, Intent::Start), Err(Refusal::TooFewPlayers));
    assert_eq!(act(&mut t, HOST, Intent::Join), Err(Refusal::AlreadySeated));
    act(&mut t, GUEST, Intent::Join).expect("join");
    assert_eq!(act(&mut t, STRANGER, Intent::Join), Err(Refusal::LobbyFull));
    assert_eq!(act(&mut t, GUEST, Intent::Start), Err(Refusal::NotHost));
    act(&mut t, GUEST, Intent::Leave).expect("leave");
    assert_eq!(t.lineup.len(), 1);
    act(&mut t, HOST, Intent::Cancel).expect("cancel");
    assert_eq!(t.stage, Stage::Ended);
}

#[test]
fn lobby_clicks_do_not_go_out_of_date_but_turn_clicks_do() {
    let mut t = lobby(4, Variant::Bell);
    let shown = t.seq;
    let click =
        |t: &mut Table, user: UserId, intent: Intent| session::handle(t, actor(user), intent, Some(shown), 1_000);
    // Everyone clicks the lobby as it was first shown: the seats fill up.
    for user in [GUEST, STRANGER, UserId(404)] {
        click(&mut t, user, Intent::Join).expect("a seat is free");
    }
    assert_eq!(click(&mut t, UserId(505), Intent::Join), Err(Refusal::LobbyFull));
    click(&mut t, UserId(404), Intent::Leave).expect("leave from the old lobby");
    click(&mut t, HOST, Intent::AddComputer(Level::Easy)).expect("a computer from the old lobby");
    click(&mut t, HOST, Intent::Start).expect("start from the old lobby");
    assert_eq!(t.stage, Stage::Playing);
    // The lobby's Cancel never ends a running game; its Start does nothing more.
    assert!(matches!(click(&mut t, HOST, Intent::Cancel), Err(Refusal::WrongMoment(_))));
    assert!(matches!(click(&mut t, HOST, Intent::Start), Err(Refusal::WrongMoment(_))));
    assert_eq!(t.stage, Stage::Playing);
    // A turn click carrying the lobby's counter is stale, whoever is to act.
    assert_eq!(click(&mut t, HOST, Intent::Throw), Err(Refusal::Stale));
}

#[test]
fn a_server_can_reserve_ending_a_running_game_to_moderators() {
    // The host watches (no seat): ending is hers unless the server says otherwise.
    let mut t = lobby(2, Variant::Bell);
    t.moderators_end = true;
    act(&mut t, HOST, Intent::Leave).expect("the host leaves her seat");
    act(&mut t, GUEST, Intent::Join).expect("join");
    act(&mut t, HOST, Intent::AddComputer(Level::Easy)).expect("computer");
    act(&mut t, HOST, Intent::Start).expect("start");
    let refused = act(&mut t, HOST, Intent::End).expect_err("the host alone may not end it");
    assert!(matches!(refused, Refusal::WrongMoment(Moment::OnlyModeratorsEnd)), "{refused:?}");
    assert_eq!(t.stage, Stage::Playing);
    let seq = t.seq;
    session::handle(&mut t, Actor { user: STRANGER, moderator: true }, Intent::End, Some(seq), 1_000)
        .expect("a moderator may");
    assert_eq!(t.stage, Stage::Ended);
    assert_eq!(t.final_places(), None, "ended: no result to rate");
}

fn moderator(user: UserId) -> Actor {
    Actor { user, moderator: true }
}

#[test]
fn in_a_running_game_only_a_moderator_without_a_seat_removes_a_player_and_nobody_wins_by_it() {
    let mut t = started(2, Variant::Bell);
    let kick = |t: &mut Table, who: Actor| session::handle(t, who, Intent::Kick(GUEST), None, 1_000);
    let only = Refusal::WrongMoment(Moment::OnlyUnseatedModeratorsRemove);
    assert_eq!(kick(&mut t, actor(HOST)), Err(only.clone()), "the host may not remove her opponent");
    assert_eq!(kick(&mut t, moderator(HOST)), Err(only.clone()), "nor may a seated moderator");
    assert_eq!(kick(&mut t, actor(STRANGER)), Err(only), "nor anyone else");
    assert_eq!(t.stage, Stage::Playing, "nothing changed");
    let notes = kick(&mut t, moderator(STRANGER)).expect("a moderator with no seat may");
    assert_eq!(notes, vec![Note::Removed { user: GUEST, then: Vacated::EndsUnrated }]);
    assert_eq!(t.stage, Stage::Ended, "a game of two ends, unrated");
    assert_eq!(t.final_places(), None, "no places: nobody is rated");

    // With more players the seat plays on; the removed player is placed last.
    let mut t = lobby(3, Variant::Bell);
    act(&mut t, GUEST, Intent::Join).expect("join");
    act(&mut t, STRANGER, Intent::Join).expect("join");
    act(&mut t, HOST, Intent::Start).expect("start");
    let notes = session::handle(&mut t, moderator(UserId(404)), Intent::Kick(GUEST), None, 1_000).expect("removed");
    assert_eq!(notes.first(), Some(&Note::Removed { user: GUEST, then: Vacated::Computer }));
    assert_eq!(t.stage, Stage::Playing, "the game goes on with a computer in that seat");
    play_out(&mut t);
    let places = t.final_places().expect("played to the end");
    let seat = t.seats().iter().find(|s| t.left_seats[s.index()] == Some(GUEST)).expect("her seat");
    assert_eq!(places[seat.index()], 3, "the removed player is placed last");

    // In the lobby the host still removes whom she likes.
    let mut t = lobby(3, Variant::Bell);
    act(&mut t, GUEST, Intent::Join).expect("join");
    let notes = session::handle(&mut t, actor(HOST), Intent::Kick(GUEST), None, 1_000).expect("the host may");
    assert_eq!(notes, vec![Note::Removed { user: GUEST, then: Vacated::Free }]);
    assert_eq!(t.lineup, vec![Player::Human(HOST)]);
}

#[test]
fn a_seated_player_who_ends_a_rated_game_resigns_it() {
    // A game of two: the other player wins, rated.
    let mut t = started(2, Variant::Bell);
    let notes = session::handle(&mut t, actor(HOST), Intent::End, None, 1_000).expect("ending is resigning");
    assert_eq!(notes, vec![Note::Resigned { user: HOST, then: Vacated::OtherWins }]);
    assert_eq!(t.stage, Stage::Finished);
    let places = t.final_places().expect("rated for the others");
    let host = t.seat_of(HOST).map(|s| s.index());
    assert_eq!(host, None, "her seat is the computer's now");
    let seat = t.seats().iter().find(|s| t.left_seats[s.index()] == Some(HOST)).expect("her seat");
    assert_eq!(places[seat.index()], 2, "she is placed last");

    // A seated moderator too; with more players the game goes on without her.
    let mut t = lobby(3, Variant::Bell);
    act(&mut t, GUEST, Intent::Join).expect("join");
    act(&mut t, STRANGER, Intent::Join).expect("join");
    act(&mut t, HOST, Intent::Start).expect("start");
    let refused = session::handle(&mut t, actor(GUEST), Intent::End, None, 1_000);
    assert_eq!(refused, Err(Refusal::NotHost), "a player without the right to end is refused, not resigned");
    let notes = session::handle(&mut t, moderator(GUEST), Intent::End, None, 1_000).expect("resigns");
    assert_eq!(notes.first(), Some(&Note::Resigned { user: GUEST, then: Vacated::Computer }));
    assert_eq!(t.stage, Stage::Playing);

    // A practice game, or one outside servers, is ended as before: nothing is rated.
    for (practice, venue) in [(true, Venue::Server(GuildId(1))), (false, Venue::Outside)] {
        let mut t = lobby(2, Variant::Bell);
        (t.practice, t.venue) = (practice, venue);
        act(&mut t, GUEST, Intent::Join).expect("join");
        act(&mut t, HOST, Intent::Start).expect("start");
        let notes = session::handle(&mut t, actor(HOST), Intent::End, None, 1_000).expect("ended");
        assert_eq!(notes, vec![Note::EndedBy(HOST)]);
        assert_eq!(t.stage, Stage::Ended);
    }
}

#[test]
fn the_last_human_to_leave_a_rated_game_of_computers_is_placed_last_not_let_off() {
    let mut t = lobby(3, Variant::Bell);
    act(&mut t, HOST, Intent::AddComputer(Level::Easy)).expect("computer");
    act(&mut t, HOST, Intent::AddComputer(Level::Random)).expect("computer");
    act(&mut t, HOST, Intent::Start).expect("start");
    let notes = session::handle(&mut t, actor(HOST), Intent::Resign, None, 1_000).expect("resigns");
    assert_eq!(notes.first(), Some(&Note::Resigned { user: HOST, then: Vacated::Last }));
    assert_eq!(t.stage, Stage::Finished, "rated: the game ends with her last");
    let places = t.final_places().expect("places");
    let seat = t.seats().iter().find(|s| t.left_seats[s.index()] == Some(HOST)).expect("her seat");
    assert_eq!(places[seat.index()], 3);
    // Unrated, it is simply ended.
    let mut t = lobby(3, Variant::Bell);
    t.practice = true;
    act(&mut t, HOST, Intent::AddComputer(Level::Easy)).expect("computer");
    act(&mut t, HOST, Intent::AddComputer(Level::Random)).expect("computer");
    act(&mut t, HOST, Intent::Start).expect("start");
    session::handle(&mut t, actor(HOST), Intent::Resign, None, 1_000).expect("resigns");
    assert_eq!(t.stage, Stage::Ended);
}

#[test]
fn the_host_can_leave_the_lobby_and_watch_computers_play_to_the_end() {
    let mut t = lobby(2, Variant::Bell);
    act(&mut t, HOST, Intent::Leave).expect("the host leaves her seat");
    assert!(t.lineup.is_empty());
    assert_eq!(act(&mut t, GUEST, Intent::AddComputer(Level::Easy)), Err(Refusal::NotHost), "still her lobby");
    act(&mut t, HOST, Intent::AddComputer(Level::Easy)).expect("computer");
    act(&mut t, HOST, Intent::AddComputer(Level::Random)).expect("computer");
    act(&mut t, HOST, Intent::Start).expect("start");
    let mut steps = 0;
    while session::computer_step(&mut t, 1_000).is_some() {
        steps += 1;
        assert!(t.deadline.is_none(), "no clock runs without humans");
    }
    assert_eq!(t.stage, Stage::Finished, "the computers finished the game alone in {steps} steps");
    assert!(t.final_places().is_some());
}

#[test]
fn nothing_waits_for_a_tap_without_a_choice() {
    for variant in Variant::ALL {
        let mut t = started(2, variant);
        for _ in 0..200 {
            if t.stage != Stage::Playing {
                break;
            }
            assert!(!t.game_now().wants_throw(), "{variant}: a human never throws by hand");
            let menu = super::turn::menu_of(&t);
            if t.draft.actions.is_empty() {
                assert!(menu.picks().len() >= 2, "{variant}: a human is asked only when there is a choice");
            }
            let user = t.human_to_act().expect("a human");
            let intent = next_intent(&t);
            act(&mut t, user, intent).expect("an offered option");
        }
    }
}

#[test]
fn a_move_is_one_pick_and_a_confirm_and_undo_takes_the_pick_back() {
    let mut t = started(2, Variant::Bell);
    let user = t.human_to_act().expect("a human");
    let (seat, events) = (t.to_act(), t.events.len());
    let picks = super::turn::menu_of(&t).picks();
    act(&mut t, user, Intent::Choose(picks[0].encode())).expect("pick");
    assert!(t.draft_is_whole() && t.to_act() == seat && t.events.len() == events);
    act(&mut t, user, Intent::Choose(picks[1].encode())).expect("another pick replaces it");
    assert_eq!(super::turn::menu_of(&t).picks(), picks, "the menu stays the same");
    act(&mut t, user, Intent::Undo).expect("undo");
    assert!(t.draft.actions.is_empty());
    act(&mut t, user, Intent::Choose(picks[0].encode())).expect("pick");
    act(&mut t, user, Intent::Confirm).expect("confirm");
    assert!(t.events.len() > events, "committed");
}

#[test]
fn a_move_with_more_ends_than_a_select_holds_is_built_one_piece_at_a_time() {
    use crate::engine::{Game, parse_tpn};
    let pos = parse_tpn("bell S=5,3,1,o N=7,o,o,o turn=S throws=1,4,4,8,1,2").expect("tpn");
    let game = Game::from_position(pos);
    let menu = super::choices::menu(&game, Some(crate::engine::Seat::S), &Default::default(), &Default::default());
    let super::choices::Menu::Steps { .. } = menu else { panic!("{menu:?}") };
    // One piece's move at a time: every offered step is accepted until
    // the rest fits a menu of whole moves, whose pick makes the move whole.
    let mut draft = super::table::TurnDraft::default();
    let mut guard = 0;
    loop {
        let menu = super::choices::menu(&game, Some(crate::engine::Seat::S), &draft, &Default::default());
        match menu {
            super::choices::Menu::Steps { steps, .. } => draft.actions.push(steps[steps.len() - 1]),
            super::choices::Menu::Ends { offered, ends, .. } => {
                let end = &ends.list[offered[0]];
                draft.chosen = end.path.len() as u8;
                draft.actions.extend(end.path.iter().copied());
            }
            super::choices::Menu::Nothing => break,
        }
        guard += 1;
        assert!(guard < 20);
    }
    let mut g = game;
    for &a in &draft.actions {
        g.act(a, &mut crate::engine::MoveGen::new()).expect("every step is legal");
    }
    assert!(!crate::engine::in_series(&g, crate::engine::Seat::S), "a whole move");
}

#[test]
fn resigning_a_game_of_two_lets_the_other_win_at_once() {
    let mut t = started(2, Variant::Bell);
    let notes = session::handle(&mut t, actor(GUEST), Intent::Resign, None, 1_000).expect("resign");
    assert_eq!(t.stage, Stage::Finished, "{notes:?}");
    let places = t.final_places().expect("rated: places");
    let seat = |u| t.seats().iter().find(|&s| t.occupants().iter().any(|&(o, p)| o == s && p == Player::Human(u)));
    assert_eq!(places[seat(HOST).expect("host").index()], 1, "the other player wins");
    assert_eq!(places[seat(GUEST).expect("guest").index()], 2);
    assert!(t.deadline.is_none());
}

#[test]
fn resigning_a_game_of_three_gives_the_seat_to_a_computer() {
    let mut t = lobby(3, Variant::Bell);
    act(&mut t, GUEST, Intent::Join).expect("join");
    act(&mut t, STRANGER, Intent::Join).expect("join");
    act(&mut t, HOST, Intent::Start).expect("start");
    session::handle(&mut t, actor(GUEST), Intent::Resign, None, 1_000).expect("resign");
    assert_eq!(t.stage, Stage::Playing);
    assert_eq!(t.humans().len(), 2);
}

#[test]
fn the_last_move_kept_while_playing_is_the_one_the_log_replays_to() {
    for variant in Variant::ALL {
        let mut t = started(2, variant);
        let mut checked = 0;
        while t.stage == Stage::Playing && checked < 400 {
            if session::computer_step(&mut t, 1_000).is_none() {
                let user = t.human_to_act().expect("a human is to act");
                let intent = next_intent(&t);
                act(&mut t, user, intent).expect("scripted click");
            }
            // A table loaded with the same log knows nothing kept: it replays.
            let mut loaded = lobby(2, variant);
            loaded.events = t.events.clone();
            assert_eq!(t.last_act(), loaded.last_act(), "{variant} after {} events", t.events.len());
            checked += 1;
        }
        assert!(t.last_act().is_some(), "{variant}: some action was played");
    }
}

#[test]
fn a_tables_debug_never_shows_its_seed() {
    let t = Table::new(
        Origin { id: GameId(7), venue: Venue::Server(GuildId(1)), channel: ChannelId(2), host: HOST },
        Ruleset::new(Variant::Bell),
        2,
        [171; 32],
    );
    let shown = format!("{t:?} {:?}", t.seed);
    assert!(shown.contains("Seed([redacted])"), "{shown}");
    assert!(!shown.contains("171, 171") && !shown.contains(&t.seed_hex()), "the seed leaks: {shown}");
}

/// Runs a computer's search where it stands (the live wing hands it to the
/// runtime).
fn directly(step: &mut dyn FnMut() -> Option<Notes>) -> Option<Notes> {
    step()
}

#[test]
fn by_clicks_a_lapsed_turn_is_settled_and_the_click_changes_nothing_more() {
    let mut t = started(2, Variant::Bell);
    let absent = t.human_to_act().expect("a human on turn");
    let late = t.deadline.expect("a deadline") + 1;
    let mut other = t.clone();
    let (intent, seq) = (next_intent(&t), t.seq);
    let notes =
        session::handle_click(&mut t, actor(absent), intent.clone(), seq, late, true, &directly).expect("settled");
    assert_eq!(notes.first(), Some(&Note::TimedOut(absent)), "{notes:?}");
    assert_eq!(t.absences[t.seat_of(absent).expect("seated").index()], 1, "counted as the clock would");
    let notes = session::handle_click(&mut other, actor(absent), intent, seq, late, false, &directly).expect("click");
    assert!(!notes.contains(&Note::TimedOut(absent)), "in a channel the clock settles turns, not clicks");
    let mut t = started(2, Variant::Bell);
    let (intent, seq) = (next_intent(&t), t.seq);
    let stranger = session::handle_click(&mut t, actor(STRANGER), intent, seq, late, true, &directly);
    assert!(stranger.is_err(), "a stranger's click settles nothing: {stranger:?}");
    assert!(t.absences.iter().all(|&a| a == 0));
}

#[test]
fn by_clicks_computers_left_to_act_play_before_the_click_and_after_every_click() {
    let mut t = lobby(2, Variant::Bell);
    act(&mut t, HOST, Intent::AddComputer(Level::Easy)).expect("computer");
    act(&mut t, HOST, Intent::Start).expect("start");
    // Played as in a channel until a computer is to act (nobody plays it).
    while !t.computer_to_act() {
        let intent = next_intent(&t);
        act(&mut t, HOST, intent).expect("click");
    }
    // The host's click (on an older board: its counter is stale) plays the
    // computer's turn and changes nothing more.
    let (seq, stale) = (t.seq, t.seq.wrapping_sub(1));
    let notes =
        session::handle_click(&mut t, actor(HOST), Intent::Undo, stale, 1_000, true, &directly).expect("caught up");
    assert!(!notes.is_empty() && t.seq != seq, "the computer played: {notes:?}");
    assert!(!t.computer_to_act());
    let mut clicks = 0;
    while t.stage == Stage::Playing && clicks < 5_000 {
        let (intent, seq) = (next_intent(&t), t.seq);
        session::handle_click(&mut t, actor(HOST), intent, seq, 1_000, true, &directly).expect("click");
        assert!(!t.computer_to_act(), "after a click by clicks no computer is left to act");
        clicks += 1;
    }
    assert_eq!(t.stage, Stage::Finished, "{clicks} clicks");
}

#[test]
fn a_seated_player_stands_in_for_a_gone_host_only_to_cancel_a_lobby() {
    let mut t = lobby(2, Variant::Bell);
    act(&mut t, GUEST, Intent::Join).expect("join");
    assert!(session::stands_in_for_host(&t, GUEST, &Intent::Cancel, true));
    assert!(!session::stands_in_for_host(&t, GUEST, &Intent::Cancel, false), "the host is still here");
    assert!(!session::stands_in_for_host(&t, STRANGER, &Intent::Cancel, true), "not seated");
    assert!(!session::stands_in_for_host(&t, GUEST, &Intent::Start, true), "only to cancel");
    act(&mut t, HOST, Intent::Start).expect("start");
    assert!(!session::stands_in_for_host(&t, GUEST, &Intent::Cancel, true), "only a lobby");
}
