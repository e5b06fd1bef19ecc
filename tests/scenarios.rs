//! Scenario tests from RULES.md, kept as data in tests/data/scenarios.txt:
//! a position (and optionally a series to throw) → every end position.

use std::collections::BTreeSet;
use thaayam::engine::{Game, Phase, Throw, format_tpn, parse_tpn, series_outcomes};

struct Scenario {
    name: String,
    position: String,
    series: Vec<Throw>,
    expect: BTreeSet<String>,
}

fn load() -> Vec<Scenario> {
    let text = include_str!("data/scenarios.txt");
    let mut out = Vec::new();
    let mut cur: Option<Scenario> = None;
    let mut in_expect = false;
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        if let Some(name) = line.strip_prefix("name:") {
            cur = Some(Scenario {
                name: name.trim().into(),
                position: String::new(),
                series: vec![],
                expect: BTreeSet::new(),
            });
            in_expect = false;
        } else if let Some(p) = line.strip_prefix("position:") {
            cur.as_mut().expect("position before name").position = p.trim().into();
        } else if let Some(s) = line.strip_prefix("series:") {
            cur.as_mut().expect("series before name").series =
                s.trim().split(',').map(|t| Throw::from_token(t).expect("bad throw")).collect();
        } else if line == "expect:" {
            in_expect = true;
        } else if line == "end" {
            out.push(cur.take().expect("end before name"));
            in_expect = false;
        } else if in_expect {
            cur.as_mut().expect("line before name").expect.insert(line.into());
        } else {
            panic!("unexpected line in scenarios.txt: {line}");
        }
    }
    out
}

fn run(s: &Scenario) -> BTreeSet<String> {
    let pos = parse_tpn(&s.position).unwrap_or_else(|e| panic!("{}: {e}", s.name));
    if s.series.is_empty() {
        return series_outcomes(&pos).into_iter().collect();
    }
    let mut game = Game::from_position(pos);
    for &t in &s.series {
        game.throw(t).unwrap_or_else(|e| panic!("{}: throw {t}: {e}", s.name));
    }
    match game.phase() {
        Phase::Moving { .. } => series_outcomes(game.position()).into_iter().collect(),
        _ => BTreeSet::from([format_tpn(game.position(), false)]),
    }
}

#[test]
fn every_scenario_gives_exactly_the_expected_positions() {
    let scenarios = load();
    assert!(scenarios.len() >= 25, "only {} scenarios loaded", scenarios.len());
    let mut failures = Vec::new();
    for s in &scenarios {
        let got = run(s);
        if got != s.expect {
            failures.push(format!(
                "{}\n  position: {}\n  expected: {:#?}\n  got:      {:#?}",
                s.name, s.position, s.expect, got
            ));
        }
    }
    assert!(failures.is_empty(), "{} scenario(s) failed:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn the_cli_answers_every_scenario_like_the_library() {
    let exe = env!("CARGO_BIN_EXE_thaayam");
    for s in load().iter().filter(|s| s.series.is_empty()) {
        let out = std::process::Command::new(exe).args(["moves", &s.position]).output().expect("run thaayam");
        assert!(out.status.success(), "{}: {}", s.name, String::from_utf8_lossy(&out.stderr));
        let stdout = String::from_utf8(out.stdout).expect("utf-8");
        let lines: Vec<&str> = stdout.lines().collect();
        let mut sorted = lines.clone();
        sorted.sort();
        assert_eq!(lines, sorted, "{}: output not sorted", s.name);
        let got: BTreeSet<String> = lines.iter().map(|l| l.to_string()).collect();
        assert_eq!(got, s.expect, "{}", s.name);
    }
}

#[test]
fn bad_input_is_one_line_on_stderr_with_exit_code_2() {
    let exe = env!("CARGO_BIN_EXE_thaayam");
    for bad in [
        "bell S=1,2,3,4,5 N=o,o,o,o turn=S throws=2",
        "bell S=25,o,o,o N=o,o,o,o turn=S throws=2",
        "bell S=o,o,o,o N=o,o,o,o turn=S",
        "",
        "bell S=o,o,o,o N=o,o,o,o turn=S throws=7",
    ] {
        let out = std::process::Command::new(exe).args(["moves", bad]).output().expect("run thaayam");
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(out.stdout.is_empty(), "{bad}: stdout not empty");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{bad}: {err}");
    }
}
