//! Tests of time away on running games (`away`), played through the
//! session layer: a turn that waits, the vote for a computer.

use super::away::*;
use super::intent::{Actor, Intent, Moment, Refusal};
use super::notes::Note;
use super::session;
use super::table::{Player, Table, UserId};
use super::table::{Stage, kit};
use crate::engine::Variant;

const DAY: i64 = 86_400;

/// A running game of `humans` (the host first), at time 0, with a
/// human on turn.
fn game(humans: u64) -> Table {
    let mut t = kit::lobby(humans as u8, Variant::Bell);
    for u in 1..humans {
        session::handle(&mut t, Actor { user: UserId(10 + u), moderator: false }, Intent::Join, None, 0).expect("join");
    }
    session::handle(&mut t, Actor { user: kit::HOST, moderator: false }, Intent::Start, None, 0).expect("start");
    assert_eq!(t.stage, Stage::Playing);
    t
}

fn away(t: &mut Table, user: UserId, since: i64, until: i64, at: i64) {
    t.away = Aways { at, periods: vec![(user, Away { since, until })] };
}

#[test]
fn her_turn_waits_while_she_is_away_and_gets_a_full_turn_from_her_return() {
    let mut t = game(2);
    let user = t.human_to_act().expect("a human on turn");
    let d = t.deadline.expect("a deadline");
    let turn = t.turn_timeout as i64;
    assert_eq!(deadline(&t), Some(d), "nobody away");
    away(&mut t, user, 10, 3 * DAY, 20);
    assert_eq!(on_turn_away(&t), Some((user, 3 * DAY)));
    assert_eq!(deadline(&t), Some(3 * DAY + turn), "a full turn after her time away");
    assert_eq!(session::timeout(&mut t, d), None, "no timeout at the old deadline");
    assert_eq!(session::timeout(&mut t, 3 * DAY + turn - 1), None);
    // She comes back early, at 2 days: a full turn from then.
    away(&mut t, user, 10, 2 * DAY, 2 * DAY);
    assert_eq!(on_turn_away(&t), None, "back");
    assert_eq!(deadline(&t), Some(2 * DAY + turn));
    assert_eq!(back_at(&t), Some(2 * DAY));
    assert_eq!(session::timeout(&mut t, 2 * DAY + turn - 1), None, "not an instant timeout");
    let notes = session::timeout(&mut t, 2 * DAY + turn).expect("then the turn runs out");
    assert_eq!(notes.first(), Some(&Note::TimedOut(user)));
}

#[test]
fn a_time_away_before_her_turn_or_of_someone_else_changes_nothing() {
    let mut t = game(2);
    let user = t.human_to_act().expect("on turn");
    let other = t.humans().into_iter().find(|&u| u != user).expect("other");
    let d = t.deadline.expect("deadline");
    let began = d - t.turn_timeout as i64;
    away(&mut t, user, began - 100, began, began);
    assert_eq!(deadline(&t), Some(d), "it ended when her turn began");
    away(&mut t, other, 0, 10 * DAY, 5);
    assert_eq!((deadline(&t), on_turn_away(&t)), (Some(d), None));
    assert!(session::timeout(&mut t, d).is_some(), "the other's time away does not hold her turn");
}

#[test]
fn a_practice_game_ignores_time_away() {
    let mut t = game(2);
    t.practice = true;
    let user = t.human_to_act().expect("on turn");
    let d = t.deadline.expect("deadline");
    away(&mut t, user, 0, 10 * DAY, 5);
    assert_eq!((deadline(&t), on_turn_away(&t)), (Some(d), None));
    assert!(vote(&mut t, Actor { user: UserId(11), moderator: false }).is_err());
}

#[test]
fn the_half_time_reminder_follows_her_return() {
    let mut t = game(2);
    let user = t.human_to_act().expect("on turn");
    let turn = t.turn_timeout as i64;
    away(&mut t, user, 0, 4 * DAY, 5);
    assert_eq!(session::reminder_due(&mut t, 4 * DAY + turn / 2 - 1), None);
    assert_eq!(session::reminder_due(&mut t, 4 * DAY + turn / 2), Some(user));
}

#[test]
fn a_majority_of_the_others_lets_a_computer_play_her_seat() {
    let mut t = game(4);
    let user = t.human_to_act().expect("on turn");
    let others: Vec<UserId> = t.humans().into_iter().filter(|&u| u != user).collect();
    let by = |u: UserId| Actor { user: u, moderator: false };
    assert_eq!(vote(&mut t, by(others[0])), Err(Refusal::WrongMoment(Moment::NotAway)), "she is not away");
    away(&mut t, user, 0, 10 * DAY, 5);
    assert_eq!(votes_needed(&t, user), 2, "two of three");
    assert_eq!(vote(&mut t, by(user)), Err(Refusal::WrongMoment(Moment::NotAway)), "not on herself");
    assert_eq!(vote(&mut t, by(UserId(99))), Err(Refusal::NotSeated));
    let first = vote(&mut t, by(others[0])).expect("a vote");
    assert_eq!(first, vec![Note::VotedStandIn { away: user, by: others[0], votes: 1, needed: 2 }]);
    assert_eq!(vote(&mut t, by(others[0])), Err(Refusal::WrongMoment(Moment::AlreadyVoted)));
    assert_eq!(t.human_to_act(), Some(user), "one vote of three is not enough");
    let second = vote(&mut t, by(others[1])).expect("a second vote");
    assert_eq!(second.last(), Some(&Note::StoodIn(user)));
    let seat = t.to_act().expect("a seat on turn");
    assert_eq!(t.player(seat), Some(Player::Computer(STAND_IN)));
    assert_eq!(t.left_seats[seat.index()], Some(user), "her leaving: the result is hers");
    assert!(t.stand_in_votes.is_empty());
    assert!(t.computer_to_act());
}

/// A voted stand-in is her leaving: in a rated game she is placed last,
/// whatever the computer does with her seat, and rated (the escape of
/// going away from a lost game, closed as it is for resignations).
#[test]
fn a_voted_stand_in_is_rated_last_as_a_player_who_resigned() {
    // Four players: the computer plays on, she is placed last.
    let mut t = game(4);
    let user = t.human_to_act().expect("on turn");
    let others: Vec<UserId> = t.humans().into_iter().filter(|&u| u != user).collect();
    away(&mut t, user, 0, 10 * DAY, 5);
    for &o in &others[..2] {
        vote(&mut t, Actor { user: o, moderator: false }).expect("a vote");
    }
    let seat = t.seats().iter().find(|s| t.left_seats[s.index()] == Some(user)).expect("her seat");
    assert!(t.occupants().contains(&(seat, Player::Human(user))), "the seat's result is hers");
    // However far the computer takes her seat, it places last when the
    // game ends (here ended as it stands).
    assert_eq!(t.stage, Stage::Playing, "with four the computer plays on");
    t.stage = Stage::Finished;
    assert_eq!(t.final_places().expect("places")[seat.index()], 4, "last");
    // Two players: the other wins at once, she is last.
    let mut t = game(2);
    let user = t.human_to_act().expect("on turn");
    let other = t.humans().into_iter().find(|&u| u != user).expect("other");
    away(&mut t, user, 0, 10 * DAY, 5);
    let notes = vote(&mut t, Actor { user: other, moderator: false }).expect("the one vote needed");
    assert_eq!(notes.last(), Some(&Note::StoodIn(user)));
    assert_eq!(t.stage, Stage::Finished, "a game of two ends: the other wins");
    let places = t.final_places().expect("places");
    assert_eq!(places[t.seats().iter().find(|s| t.left_seats[s.index()] == Some(user)).expect("hers").index()], 2);
    // An unrated game (practice ignores time away; outside servers):
    // the seat is the computer's, nobody's result.
    let mut t = game(2);
    t.venue = crate::discord::game::ids::Venue::Outside;
    let user = t.human_to_act().expect("on turn");
    let other = t.humans().into_iter().find(|&u| u != user).expect("other");
    away(&mut t, user, 0, 10 * DAY, 5);
    vote(&mut t, Actor { user: other, moderator: false }).expect("the one vote needed");
    assert_eq!((t.stage, t.left_seats), (Stage::Playing, [None; 4]), "unrated: the computer plays on");
}

#[test]
fn her_own_action_clears_the_votes_against_her() {
    let mut t = game(4);
    let user = t.human_to_act().expect("on turn");
    let other = t.humans().into_iter().find(|&u| u != user).expect("other");
    away(&mut t, user, 0, 10 * DAY, 5);
    vote(&mut t, Actor { user: other, moderator: false }).expect("a vote");
    forget_votes(&mut t, user);
    assert_eq!(votes_for(&t, user), 0);
}
