//! The turn cycle through the public API: opening throws with ties,
//! series and rule 7, extra series, bell1979's immediate series, the end of
//! the game and the places, and refused events leaving the game unchanged.

use thaayam::engine::{
    Action, Event, Game, MoveGen, Phase, PlayError, Record, Ruleset, Seat, SeatSet, Throw, ThrowBag, Variant,
    parse_tpn, places,
};

fn seats(n: usize) -> SeatSet {
    SeatSet::for_players(n).expect("2-4 players")
}

#[test]
fn highest_opening_throw_starts_and_eight_is_highest() {
    let mut g = Game::new(Ruleset::default(), seats(4));
    for t in [Throw::Four, Throw::Eight, Throw::Two, Throw::One] {
        assert!(g.wants_throw());
        g.throw(t).unwrap();
    }
    assert_eq!(g.to_act(), Some(Seat::W));
    assert_eq!(g.phase(), Phase::Throwing { discarding: true });
}

#[test]
fn tied_players_throw_again_among_themselves() {
    let mut g = Game::new(Ruleset::default(), seats(3));
    // S 4, W 8, N 8: W and N tie and throw again; S does not.
    for t in [Throw::Four, Throw::Eight, Throw::Eight] {
        g.throw(t).unwrap();
    }
    assert_eq!(g.to_act(), Some(Seat::W));
    g.throw(Throw::Two).unwrap();
    assert_eq!(g.to_act(), Some(Seat::N));
    g.throw(Throw::Three).unwrap();
    assert_eq!(g.phase(), Phase::Throwing { discarding: true });
    assert_eq!(g.to_act(), Some(Seat::N));
}

#[test]
fn a_series_runs_until_a_two_or_three() {
    let pos = parse_tpn("bell S=5,o,o,o N=o,o,o,o turn=S").unwrap();
    let mut g = Game::from_position(pos);
    for t in [Throw::One, Throw::Four, Throw::Eight] {
        g.throw(t).unwrap();
        assert!(g.wants_throw(), "{t} throws again");
    }
    g.throw(Throw::Three).unwrap();
    assert_eq!(g.phase(), Phase::Moving { captured: false, must_win: false });
    assert_eq!(g.position().throws().as_slice(), &[Throw::One, Throw::Four, Throw::Eight, Throw::Three]);
}

#[test]
fn a_capture_in_bell_gives_another_series_after_the_throws_are_used() {
    let pos = parse_tpn("bell S=1,10,o,o N=11,o,o,o turn=S throws=2,3").unwrap();
    let mut g = Game::from_position(pos);
    let mut mg = MoveGen::new();
    let capture = Action::Advance { from: 1, twins: false, throws: ThrowBag::of(&[Throw::Two]) };
    let out = g.act(capture, &mut mg).unwrap();
    assert_eq!(out.captured, 1);
    assert_eq!(g.phase(), Phase::Moving { captured: true, must_win: false });
    g.act(Action::Advance { from: 10, twins: false, throws: ThrowBag::of(&[Throw::Three]) }, &mut mg).unwrap();
    assert_eq!(g.to_act(), Some(Seat::S), "S throws another series");
    assert_eq!(g.phase(), Phase::Throwing { discarding: false });
}

#[test]
fn a_capture_in_bell1979_throws_at_once_and_the_new_throws_join() {
    let pos = parse_tpn("bell1979 S=1,10,o,o N=11,o,o,o turn=S throws=2,3").unwrap();
    let mut g = Game::from_position(pos);
    let mut mg = MoveGen::new();
    g.act(Action::Advance { from: 1, twins: false, throws: ThrowBag::of(&[Throw::Two]) }, &mut mg).unwrap();
    assert!(g.wants_throw(), "the new series comes at once");
    g.throw(Throw::Four).unwrap();
    g.throw(Throw::Two).unwrap();
    assert_eq!(g.phase(), Phase::Moving { captured: false, must_win: false });
    assert_eq!(g.position().throws().as_slice(), &[Throw::Three, Throw::Four, Throw::Two]);
}

#[test]
fn bearing_off_the_last_piece_ends_the_game_and_places_everyone() {
    let pos = parse_tpn("bell S=x,x,x,24 W=x,24,24,24 N=20,20,o,o E=t22,24,24 turn=S throws=1,2").unwrap();
    let mut g = Game::from_position(pos);
    g.act(Action::BearOff, &mut MoveGen::new()).unwrap();
    let Phase::Finished { places } = g.phase() else { panic!("not finished: {:?}", g.phase()) };
    // S won; W has 1 off; E has 2 in the keep + twins on 22; N least.
    assert_eq!(places, [1, 2, 4, 3]);
    assert_eq!(g.throw(Throw::Two), Err(PlayError::GameOver));
}

#[test]
fn equal_progress_shares_a_place() {
    let pos = parse_tpn("bell S=x,x,x,x W=10,o,o,o N=10,o,o,o turn=S").unwrap();
    assert_eq!(places(&pos), [1, 2, 2, 0]);
}

#[test]
fn refused_events_leave_the_game_unchanged() {
    let pos = parse_tpn("bell S=5,o,o,o N=o,o,o,o turn=S throws=2").unwrap();
    let mut g = Game::from_position(pos);
    let before = g;
    assert_eq!(g.throw(Throw::Two), Err(PlayError::WrongPhase));
    let bogus = Action::Advance { from: 5, twins: false, throws: ThrowBag::of(&[Throw::Eight]) };
    assert_eq!(g.act(bogus, &mut MoveGen::new()), Err(PlayError::IllegalAction(bogus)));
    assert_eq!(g.act(Action::Pass, &mut MoveGen::new()), Err(PlayError::IllegalAction(Action::Pass)));
    assert_eq!(g, before);
    let mut fresh = Game::new(Ruleset::new(Variant::Bell), seats(2));
    assert_eq!(fresh.act(Action::Enter, &mut MoveGen::new()), Err(PlayError::WrongPhase));
    assert_eq!(fresh.throw(Throw::Five), Err(PlayError::ImpossibleThrow(Throw::Five)));
}

#[test]
fn events_serialise_and_a_record_replays_them() {
    let mut rec = Record::new(Ruleset::default(), seats(2));
    for t in [Throw::Four, Throw::Two, Throw::One, Throw::Two] {
        rec.apply(Event::Throw { t }).unwrap();
    }
    let legal = rec.game().legal_actions();
    rec.apply(Event::Act { action: legal[0] }).unwrap();
    let json = serde_json::to_string(&rec.events).unwrap();
    let back: Vec<Event> = serde_json::from_str(&json).unwrap();
    let replayed = Record::replay(rec.ruleset, rec.seats, &back).unwrap();
    assert_eq!(replayed.game(), rec.game());
    let mut bad = back.clone();
    bad.push(Event::Act { action: Action::BearOff });
    assert!(matches!(Record::replay(rec.ruleset, rec.seats, &bad), Err((i, _)) if i == back.len()));
}
