//! The sign-up message in each phase and language, its buttons' ids, and
//! the refusals' words.

use super::*;
use crate::discord::game::ids::UserId;
use crate::discord::game::signup::{SetupRefusal, ranges};
use crate::discord::view::message::check;

fn setup(format: Format, size: u32) -> Setup {
    Setup {
        name: "Friday night".into(),
        format,
        table_size: size,
        rounds: if format == Format::Swiss { 3 } else { 1 },
        round_secs: 45 * 60,
        turn_secs: 90,
        starts_at: 1_800_000_000,
        late_join_rounds: 1,
        streak_bonus: true,
    }
}

fn entrants() -> Vec<Entrant> {
    vec![
        Entrant { user: UserId(11), checked_in: true, withdrawn: false },
        Entrant { user: UserId(12), checked_in: false, withdrawn: false },
        Entrant { user: UserId(13), checked_in: true, withdrawn: true },
    ]
}

fn labels(m: &Message) -> Vec<(String, String)> {
    m.rows
        .iter()
        .flat_map(|r| match r {
            Row::Buttons(b) => b.iter().map(|b| (b.label.clone(), b.id.clone())).collect(),
            _ => Vec::new(),
        })
        .collect()
}

fn text(m: &Message) -> String {
    let e = m.embed.as_ref().expect("an embed");
    let fields: Vec<String> = e.fields.iter().map(|(n, v)| format!("{n}: {v}")).collect();
    format!("{}\n{}\n{}\n{}", e.title, e.description, fields.join("\n"), e.footer)
}

#[test]
fn the_sign_up_states_its_rules_points_tie_break_start_and_entrants() {
    let s = setup(Format::Swiss, 4);
    let list = entrants();
    let shown = Shown {
        id: 9,
        setup: &s,
        rules: "bell".into(),
        phase: Phase::SignUp { check_in: false },
        entrants: &list,
        page: None,
    };
    let m = signup_message(Lang::EN, &shown);
    assert_eq!(check(&m), Ok(()));
    assert!(m.mentions.is_empty(), "the sign-up pings no one");
    let t = text(&m);
    for part in [
        "Friday night",
        "bell",
        "Swiss, 3 rounds of up to 45 minutes",
        "4 players a table",
        "3 / 2 / 1 / 0",
        "a bye scores 3",
        "opponents' points, then wins",
        "<t:1800000000:F> (<t:1800000000:R>)",
        "<t:1799999400:R>",
        "until round 2",
        "Entrants (2)",
        "<@11> · <@12>",
        "Time away does not apply",
        "#9",
    ] {
        assert!(t.contains(part), "{part:?} in {t}");
    }
    assert!(!t.contains("<@13>"), "a withdrawn entrant is not listed");
    assert!(!t.contains('✅'), "no check-in marks before check-in");
    assert_eq!(labels(&m), vec![("Join".to_string(), "s1:9:join".to_string()), ("Leave".into(), "s1:9:leave".into())]);
}

#[test]
fn check_in_adds_its_button_and_marks_who_checked_in() {
    let s = setup(Format::Swiss, 2);
    let list = entrants();
    let shown = Shown {
        id: 9,
        setup: &s,
        rules: "bell".into(),
        phase: Phase::SignUp { check_in: true },
        entrants: &list,
        page: None,
    };
    let m = signup_message(Lang::EN, &shown);
    assert_eq!(check(&m), Ok(()));
    let t = text(&m);
    assert!(t.contains("Check-in is open") && t.contains("✅ <@11> · <@12>"), "{t}");
    assert!(t.contains("Entrants (2, 1 checked in)") && t.contains("1 / 0"), "{t}");
    let ids: Vec<String> = labels(&m).into_iter().map(|(_, id)| id).collect();
    assert_eq!(ids, ["s1:9:join", "s1:9:leave", "s1:9:in"]);
}

#[test]
fn a_running_finished_or_cancelled_tournament_says_so_and_keeps_only_what_still_works() {
    let s = setup(Format::Swiss, 3);
    let list = entrants();
    let at = |phase| {
        signup_message(Lang::EN, &Shown { id: 4, setup: &s, rules: "bell".into(), phase, entrants: &list, page: None })
    };
    let round1 = at(Phase::Running { round: 1 });
    assert!(text(&round1).contains("round 1 of 3"), "{}", text(&round1));
    assert_eq!(labels(&round1).len(), 2, "late joining until round 2: Join and Leave stay");
    let round2 = at(Phase::Running { round: 2 });
    assert!(round2.rows.is_empty(), "late joining is over: no buttons");
    let finished = at(Phase::Finished);
    assert!(finished.rows.is_empty() && text(&finished).contains("finished"), "{}", text(&finished));
    let cancelled = at(Phase::Cancelled);
    assert!(cancelled.rows.is_empty() && text(&cancelled).contains("cancelled"), "{}", text(&cancelled));
    let arena = setup(Format::Arena, 2);
    let m = signup_message(
        Lang::EN,
        &Shown {
            id: 5,
            setup: &arena,
            rules: "bell".into(),
            phase: Phase::Running { round: 1 },
            entrants: &list,
            page: None,
        },
    );
    let t = text(&m);
    assert!(t.contains("Arena, 45 minutes") && t.contains("double") && !t.contains("bye"), "{t}");
    assert_eq!(labels(&m).len(), 2, "an arena takes latecomers until it ends");
}

#[test]
fn every_language_builds_every_phase_within_discords_limits() {
    let many: Vec<Entrant> =
        (0..100).map(|i| Entrant { user: UserId(u64::MAX - i), checked_in: i % 2 == 0, withdrawn: false }).collect();
    let long = Setup { name: "N".repeat(ranges::NAME.1), ..setup(Format::Swiss, 4) };
    let phases = [
        Phase::SignUp { check_in: false },
        Phase::SignUp { check_in: true },
        Phase::Running { round: 0 },
        Phase::Running { round: 2 },
        Phase::Finished,
        Phase::Cancelled,
    ];
    for lang in Lang::all() {
        let running = Phase::Running { round: 1 };
        assert_ne!(phase_name(lang, running, Format::Arena), phase_name(lang, running, Format::Swiss), "{lang:?}");
        for phase in phases {
            let shown =
                Shown { id: i64::MAX, setup: &long, rules: "tayam-sonalu".into(), phase, entrants: &many, page: None };
            let m = signup_message(lang, &shown);
            assert_eq!(check(&m), Ok(()), "{} {phase:?}", lang.code());
            assert_eq!(text(&m).matches("<@").count(), LISTED, "the rest are counted: {}", text(&m));
            assert!(text(&m).contains("70"), "the rest are counted: {}", text(&m));
            assert!(!phase_name(lang, phase, Format::Swiss).is_empty());
            assert!(!phase_name(lang, phase, Format::Arena).is_empty());
        }
    }
}

#[test]
fn the_page_is_linked_where_it_is_served() {
    let s = setup(Format::Swiss, 2);
    let page = Some("https://thaayam.example.org/t/abc".to_string());
    let shown = Shown { id: 1, setup: &s, rules: "bell".into(), phase: Phase::Finished, entrants: &[], page };
    let m = signup_message(Lang::EN, &shown);
    assert_eq!(check(&m), Ok(()));
    match m.rows.as_slice() {
        [Row::Links(links)] => assert_eq!(links[0].url, "https://thaayam.example.org/t/abc"),
        rows => panic!("one row of one link: {rows:?}"),
    }
}

#[test]
fn button_ids_round_trip_and_anything_else_is_not_one() {
    for act in [Act::Join, Act::Leave, Act::CheckIn] {
        let id = SignupId { tournament: i64::MAX, act };
        assert!(id.encode().len() <= 100);
        assert_eq!(SignupId::parse(&id.encode()), Some(id));
    }
    for forged in ["", "s1", "s1:1", "s1::join", "s1:-1:join", "s1:1:fly", "s1:1:join:2", "s2:1:join", "t1:1:join::1"] {
        assert_eq!(SignupId::parse(forged), None, "{forged:?}");
    }
    assert_eq!(SignupId::parse("s1:99999999999999999999:join"), None, "too big a number");
}

#[test]
fn every_refusal_has_words_in_every_language() {
    let setups = [
        SetupRefusal::Name,
        SetupRefusal::TableSize,
        SetupRefusal::Rounds,
        SetupRefusal::RoundsInArena,
        SetupRefusal::Length(Format::Swiss),
        SetupRefusal::Length(Format::Arena),
        SetupRefusal::BadTurnTime("soon".into()),
        SetupRefusal::TurnTime,
        SetupRefusal::BadStart("soon".into()),
        SetupRefusal::StartRange,
        SetupRefusal::LateJoin { most: 2 },
        SetupRefusal::LateJoinInArena,
        SetupRefusal::StreakInSwiss,
    ];
    let acts = [
        Refusal::Over,
        Refusal::LateJoinOver,
        Refusal::AlreadyIn,
        Refusal::Full,
        Refusal::NotIn,
        Refusal::CheckInClosed,
        Refusal::AlreadyCheckedIn,
    ];
    for lang in Lang::all() {
        let mut seen = std::collections::BTreeSet::new();
        for r in &setups {
            let t = setup_refusal_text(lang, r);
            assert!(!t.starts_with("tournament-") && seen.insert(t.clone()), "{}: {t}", lang.code());
        }
        for r in acts {
            let t = refusal_text(lang, r);
            assert!(!t.starts_with("signup-") && seen.insert(t.clone()), "{}: {t}", lang.code());
        }
    }
    assert!(setup_refusal_text(Lang::EN, &SetupRefusal::TableSize).contains("2 to 4"));
    assert!(setup_refusal_text(Lang::EN, &SetupRefusal::Rounds).contains("1 to 12"));
    assert!(setup_refusal_text(Lang::EN, &SetupRefusal::TurnTime).contains("30 seconds"));
    assert!(setup_refusal_text(Lang::EN, &SetupRefusal::BadStart("soon".into())).contains("soon"));
}
