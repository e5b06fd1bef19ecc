//! The sign-up's rules: every option's range refused with its reason, the
//! start typed in each way, and what each act does in each phase.

use super::*;

const NOW: i64 = 1_800_000_000; // 2027-01-15 08:00:00 UTC

fn asked(name: &str) -> SetupAsked {
    SetupAsked { name: name.into(), ..SetupAsked::default() }
}

fn paris() -> Tz {
    chrono_tz::Europe::Paris
}

#[test]
fn the_defaults_make_a_swiss_of_three_rounds_at_tables_of_two_in_half_an_hour() {
    let s = setup(&asked("  Friday   night "), NOW, Tz::UTC).expect("a setup");
    assert_eq!(
        s,
        Setup {
            name: "Friday night".into(),
            format: Format::Swiss,
            table_size: 2,
            rounds: 3,
            round_secs: 3600,
            turn_secs: 120,
            starts_at: NOW + 1800,
            late_join_rounds: 0,
            streak_bonus: false,
        }
    );
    let arena = SetupAsked { format: Some(Format::Arena), streak_bonus: Some(true), ..asked("Blitz") };
    let a = setup(&arena, NOW, Tz::UTC).expect("an arena");
    assert_eq!((a.format, a.rounds, a.round_secs, a.streak_bonus), (Format::Arena, 1, 3600, true));
}

#[test]
fn every_option_outside_its_range_is_refused_with_its_reason() {
    let long = "x".repeat(81);
    let arena = |a: SetupAsked| SetupAsked { format: Some(Format::Arena), ..a };
    let cases = [
        (asked("   "), SetupRefusal::Name),
        (asked(&long), SetupRefusal::Name),
        (SetupAsked { table_size: Some(1), ..asked("t") }, SetupRefusal::TableSize),
        (SetupAsked { table_size: Some(5), ..asked("t") }, SetupRefusal::TableSize),
        (SetupAsked { rounds: Some(0), ..asked("t") }, SetupRefusal::Rounds),
        (SetupAsked { rounds: Some(13), ..asked("t") }, SetupRefusal::Rounds),
        (arena(SetupAsked { rounds: Some(3), ..asked("t") }), SetupRefusal::RoundsInArena),
        (SetupAsked { length: Some(4), ..asked("t") }, SetupRefusal::Length(Format::Swiss)),
        (SetupAsked { length: Some(721), ..asked("t") }, SetupRefusal::Length(Format::Swiss)),
        (arena(SetupAsked { length: Some(9), ..asked("t") }), SetupRefusal::Length(Format::Arena)),
        (SetupAsked { length: Some(-5), ..asked("t") }, SetupRefusal::Length(Format::Swiss)),
        (SetupAsked { turn_time: Some("soon".into()), ..asked("t") }, SetupRefusal::BadTurnTime("soon".into())),
        (SetupAsked { turn_time: Some("10s".into()), ..asked("t") }, SetupRefusal::TurnTime),
        (SetupAsked { turn_time: Some("2h".into()), ..asked("t") }, SetupRefusal::TurnTime),
        (SetupAsked { start: Some("tomorrow".into()), ..asked("t") }, SetupRefusal::BadStart("tomorrow".into())),
        (SetupAsked { start: Some("0".into()), ..asked("t") }, SetupRefusal::StartRange),
        (SetupAsked { start: Some("31d".into()), ..asked("t") }, SetupRefusal::StartRange),
        (SetupAsked { start: Some(format!("<t:{}:F>", NOW - 60)), ..asked("t") }, SetupRefusal::StartRange),
        (SetupAsked { late_join: Some(3), ..asked("t") }, SetupRefusal::LateJoin { most: 2 }),
        (SetupAsked { late_join: Some(-1), rounds: Some(5), ..asked("t") }, SetupRefusal::LateJoin { most: 4 }),
        (arena(SetupAsked { late_join: Some(1), ..asked("t") }), SetupRefusal::LateJoinInArena),
        (SetupAsked { streak_bonus: Some(false), ..asked("t") }, SetupRefusal::StreakInSwiss),
    ];
    for (a, want) in cases {
        assert_eq!(setup(&a, NOW, Tz::UTC), Err(want.clone()), "{a:?}");
    }
    // The edges of each range are taken.
    let edges = SetupAsked {
        name: "y".repeat(80),
        table_size: Some(4),
        rounds: Some(12),
        length: Some(5),
        turn_time: Some("30s".into()),
        start: Some("1m".into()),
        late_join: Some(11),
        ..SetupAsked::default()
    };
    let s = setup(&edges, NOW, Tz::UTC).expect("the edges");
    assert_eq!((s.table_size, s.rounds, s.round_secs, s.turn_secs, s.starts_at), (4, 12, 300, 30, NOW + 60));
    assert_eq!(s.late_join_rounds, 11);
}

#[test]
fn durations_read_as_people_type_them() {
    assert_eq!(duration_secs("90s"), Some(90));
    assert_eq!(duration_secs("2m"), Some(120));
    assert_eq!(duration_secs("1h 30m"), Some(5400));
    assert_eq!(duration_secs("45"), Some(2700), "a bare number is minutes");
    assert_eq!(duration_secs("1D"), Some(86_400));
    for bad in ["", "m", "5x", "1h30", "-5m", "99999999999999999999s"] {
        assert_eq!(duration_secs(bad), None, "{bad:?}");
    }
}

#[test]
fn a_start_is_minutes_a_duration_a_clock_time_a_date_or_a_discord_timestamp() {
    assert_eq!(start_at("30", NOW, Tz::UTC), Some(NOW + 1800));
    assert_eq!(start_at("2h", NOW, Tz::UTC), Some(NOW + 7200));
    assert_eq!(start_at("<t:1800003600:F>", NOW, Tz::UTC), Some(1_800_003_600));
    assert_eq!(start_at("<t:1800003600>", NOW, Tz::UTC), Some(1_800_003_600));
    assert_eq!(start_at("1800003600", NOW, Tz::UTC), Some(1_800_003_600));
    // 08:00 UTC is 09:00 in Paris: 20:30 there is today, 08:30 tomorrow.
    assert_eq!(start_at("20:30", NOW, paris()), Some(NOW + 11 * 3600 + 30 * 60));
    assert_eq!(start_at("08:30", NOW, paris()), Some(NOW + 23 * 3600 + 30 * 60));
    assert_eq!(start_at("09:30", NOW, Tz::UTC), Some(NOW + 5400));
    assert_eq!(start_at("2027-01-16 20:30", NOW, paris()), Some(NOW + 35 * 3600 + 30 * 60));
    assert_eq!(start_at("2027-01-16T19:30", NOW, Tz::UTC), Some(NOW + 35 * 3600 + 30 * 60));
    for bad in ["tomorrow", "25:00", "2027-13-01 10:00", "<t:abc>", "2027-01-16"] {
        assert_eq!(start_at(bad, NOW, Tz::UTC), None, "{bad:?}");
    }
}

#[test]
fn check_in_opens_ten_minutes_before_the_start() {
    let start = NOW + 3600;
    assert_eq!(Phase::of("signup", start, 0, start - CHECK_IN_SECS - 1), Phase::SignUp { check_in: false });
    assert_eq!(Phase::of("signup", start, 0, start - CHECK_IN_SECS), Phase::SignUp { check_in: true });
    assert_eq!(Phase::of("signup", start, 0, start + 99), Phase::SignUp { check_in: true });
    assert_eq!(Phase::of("running", start, 2, start), Phase::Running { round: 2 });
    assert_eq!(Phase::of("finished", start, 3, start), Phase::Finished);
    assert_eq!(Phase::of("cancelled", start, 0, start), Phase::Cancelled);
}

fn now(phase: Phase, entrant: Option<(bool, bool)>) -> SignupNow {
    SignupNow {
        phase,
        format: Format::Swiss,
        late_join_rounds: 1,
        entrant: entrant.map(|(checked_in, withdrawn)| Entrant { user: UserId(7), checked_in, withdrawn }),
        entrants_in: 5,
    }
}

#[test]
fn each_act_in_each_phase() {
    let open = Phase::SignUp { check_in: false };
    let check_in = Phase::SignUp { check_in: true };
    let (out, fresh, checked, gone) = (None, Some((false, false)), Some((true, false)), Some((true, true)));
    let cases = [
        (Act::Join, now(open, out), Ok(Outcome::Join { check_in: false })),
        (Act::Join, now(check_in, out), Ok(Outcome::Join { check_in: true })),
        (Act::Join, now(open, fresh), Err(Refusal::AlreadyIn)),
        (Act::Join, now(Phase::Running { round: 1 }, out), Ok(Outcome::Join { check_in: true })),
        (Act::Join, now(Phase::Running { round: 1 }, gone), Ok(Outcome::Join { check_in: true })),
        (Act::Join, now(Phase::Running { round: 2 }, out), Err(Refusal::LateJoinOver)),
        (Act::Join, now(Phase::Finished, out), Err(Refusal::Over)),
        (Act::Join, SignupNow { entrants_in: MAX_ENTRANTS, ..now(open, out) }, Err(Refusal::Full)),
        (Act::Leave, now(open, fresh), Ok(Outcome::Leave)),
        (Act::Leave, now(check_in, checked), Ok(Outcome::Leave)),
        (Act::Leave, now(open, out), Err(Refusal::NotIn)),
        (Act::Leave, now(Phase::Running { round: 2 }, checked), Ok(Outcome::Withdraw)),
        (Act::Leave, now(Phase::Running { round: 2 }, gone), Err(Refusal::NotIn)),
        (Act::Leave, now(Phase::Cancelled, checked), Err(Refusal::Over)),
        (Act::CheckIn, now(open, fresh), Err(Refusal::CheckInClosed)),
        (Act::CheckIn, now(check_in, fresh), Ok(Outcome::CheckIn)),
        (Act::CheckIn, now(check_in, checked), Err(Refusal::AlreadyCheckedIn)),
        (Act::CheckIn, now(check_in, out), Err(Refusal::NotIn)),
        (Act::CheckIn, now(Phase::Running { round: 0 }, fresh), Err(Refusal::CheckInClosed)),
    ];
    for (act, t, want) in cases {
        assert_eq!(decide(act, &t), want, "{act:?} {t:?}");
    }
    // An arena takes latecomers until it ends.
    let arena = SignupNow { format: Format::Arena, late_join_rounds: 0, ..now(Phase::Running { round: 1 }, out) };
    assert_eq!(decide(Act::Join, &arena), Ok(Outcome::Join { check_in: true }));
    let swiss = SignupNow { late_join_rounds: 0, ..now(Phase::Running { round: 0 }, out) };
    assert_eq!(decide(Act::Join, &swiss), Ok(Outcome::Join { check_in: true }), "started, not yet paired");
    let swiss = SignupNow { late_join_rounds: 0, ..now(Phase::Running { round: 1 }, out) };
    assert_eq!(decide(Act::Join, &swiss), Err(Refusal::LateJoinOver), "no late joining");
}

#[test]
fn formats_round_trip_through_the_store_word() {
    for f in [Format::Swiss, Format::Arena] {
        assert_eq!(Format::from_code(f.code()), f);
    }
}
