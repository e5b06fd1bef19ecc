//! `thaayam-lab fuzz`: feeds every parser of outside input random bytes and
//! near-valid strings and checks that none panics. The parsers are the
//! ones a stranger reaches: component `custom_id`s and select values
//! (anyone can forge a click), TPN (the command line), the config file, and
//! the slash commands' typed options (durations, game numbers, variants).
//! The test suite runs a short round; the command runs long ones and
//! prints the figures.

use crate::ai::Level;
use crate::discord::commands::replay::parse_game_id;
use crate::discord::config::{parse as parse_config, parse_duration};
use crate::discord::game::choices::Pick;
use crate::discord::view::components::ComponentId;
use crate::engine::{Variant, parse_tpn};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::time::Instant;

/// One parser under test: its name, valid examples to mutate, and the call.
struct Target {
    name: &'static str,
    seeds: &'static [&'static str],
    parse: fn(&str),
}

const CONFIG: &str = "token = \"abc\"\ndatabase = \"thaayam.db\"\ndev_guild = 123456789012345678\n\
default_variant = \"bell\"\nturn_timeout = \"24h\"\nlog_level = \"info\"\n";

fn targets() -> Vec<Target> {
    vec![
        Target {
            name: "custom_id",
            seeds: &["t1:12:join::3", "t1:9:page:2:40", "t1:123456789:ok::4294967295", "t1:1:cpu::0", "t1:7:pick::12"],
            parse: |s| {
                let _ = ComponentId::parse(s);
            },
        },
        Target {
            name: "select value",
            seeds: &["e0", "e24", "step", "s3", "s12", "easy", "3", "0"],
            parse: |s| {
                let _ = Pick::parse(s);
                let _ = s.parse::<Level>();
                let _ = s.parse::<usize>();
            },
        },
        Target {
            name: "TPN",
            seeds: &[
                "bell S=t8,3,o N=x,24,o,o turn=S throws=1,4,2",
                "francais twins-return=singles S=to,3,o,o N=x,x,x,24 turn=N",
                "tayam-sonalu S+=40,3,o,o N=o,o,o,o turn=S throws=s,8,0",
                "bell1979 S=5,o,o,o W=o,o,o,o N=3,o,o,o E=x,x,x,t23 turn=E throws=8,8,4,4,1,1,1,4,8,2",
            ],
            parse: |s| {
                let _ = parse_tpn(s);
            },
        },
        Target {
            name: "config file",
            seeds: &[CONFIG, "database = \"/tmp/x.db\"\n", "turn_timeout = \"30m\"\nlog_level = \"debug\"\n"],
            parse: |s| {
                let _ = parse_config(s, Some("token".into()), Path::new("dir"));
                let _ = parse_config(s, None, Path::new(""));
            },
        },
        Target {
            name: "command options",
            seeds: &["24h", "30m", "2d", "90s", "#12", "12", "bell", "tayam-sonalu", "game 7"],
            parse: |s| {
                let _ = parse_duration(s);
                let _ = parse_game_id(crate::discord::view::lang::Lang::EN, s);
                let _ = s.parse::<Variant>();
            },
        },
    ]
}

/// What one parser went through.
pub(crate) struct Figures {
    pub(crate) name: &'static str,
    pub(crate) cases: u64,
    pub(crate) seconds: f64,
    /// The first input that panicked, if any.
    pub(crate) panicked: Option<String>,
}

/// Characters that mean something to one of the grammars, and some that
/// mean nothing to any (multi-byte, control, invisible).
const ALPHABET: &[char] = &[
    't', '1', ':', '0', '9', '-', '+', '=', ',', ' ', 'S', 'N', 'W', 'E', 'x', 'o', 'p', 'e', 's', 'd', 'h', 'm', '"',
    '[', ']', '{', '}', '\n', '#', '.', 'é', 'த', '\u{0}', '\u{200d}', '🐚', '\\',
];

/// A random input: raw bytes, text from the alphabet, or a mutated seed.
fn input(rng: &mut ChaCha8Rng, seeds: &[&str]) -> String {
    match rng.random_range(0..4) {
        0 => {
            let n = rng.random_range(0..64);
            let bytes: Vec<u8> = (0..n).map(|_| rng.random()).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        }
        1 => {
            let n = rng.random_range(0..48);
            (0..n).map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())]).collect()
        }
        _ => {
            let mut s: Vec<char> = seeds[rng.random_range(0..seeds.len())].chars().collect();
            for _ in 0..rng.random_range(1..5) {
                mutate(rng, &mut s);
            }
            s.into_iter().collect()
        }
    }
}

/// One small change: drop, insert, repeat or replace a character, cut,
/// or swap a number for an extreme one.
fn mutate(rng: &mut ChaCha8Rng, s: &mut Vec<char>) {
    let at = if s.is_empty() { 0 } else { rng.random_range(0..s.len()) };
    match rng.random_range(0..6) {
        0 if !s.is_empty() => {
            s.remove(at);
        }
        1 => s.insert(at, ALPHABET[rng.random_range(0..ALPHABET.len())]),
        2 if !s.is_empty() => {
            let end = (at + rng.random_range(1..8)).min(s.len());
            let copy: Vec<char> = s[at..end].to_vec();
            s.splice(at..at, copy);
        }
        3 if !s.is_empty() => s[at] = char::from(rng.random_range(32u8..127)),
        4 => s.truncate(at),
        _ => {
            let extreme = ["99999999999999999999999", "-1", "4294967296", "18446744073709551616", "255", "0"];
            s.splice(at..at, extreme[rng.random_range(0..extreme.len())].chars());
        }
    }
}

/// Feeds each parser `cases` inputs from `seed`.
pub(crate) fn run(cases: u64, seed: u64) -> Vec<Figures> {
    targets()
        .into_iter()
        .map(|t| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed ^ t.name.len() as u64);
            let start = Instant::now();
            let mut panicked = None;
            for _ in 0..cases {
                let text = input(&mut rng, t.seeds);
                if catch_unwind(AssertUnwindSafe(|| (t.parse)(&text))).is_err() {
                    panicked = Some(text);
                    break;
                }
            }
            Figures { name: t.name, cases, seconds: start.elapsed().as_secs_f64(), panicked }
        })
        .collect()
}

/// The command: figures per parser; an error if any panicked.
pub fn report(cases: u64, seed: u64) -> Result<String, String> {
    let figures = run(cases, seed);
    let mut out = String::new();
    for f in &figures {
        out.push_str(&format!(
            "{:<16} {:>9} cases in {:>6.2} s ({:>9.0}/s): {}\n",
            f.name,
            f.cases,
            f.seconds,
            f.cases as f64 / f.seconds.max(1e-9),
            match &f.panicked {
                None => "no panic".to_string(),
                Some(input) => format!("PANICKED on {input:?}"),
            }
        ));
    }
    if figures.iter().any(|f| f.panicked.is_some()) {
        return Err(out);
    }
    Ok(out.trim_end().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_parser_of_outside_input_panics() {
        for f in run(3_000, 7) {
            assert!(f.panicked.is_none(), "{} panicked on {:?}", f.name, f.panicked);
        }
    }

    #[test]
    fn the_inputs_reach_past_the_first_check() {
        // Near-valid inputs must often still parse: else the fuzzer only
        // tests the first `if`.
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let seeds = ["t1:12:join::3"];
        let parsed = (0..2_000).filter(|_| ComponentId::parse(&input(&mut rng, &seeds)).is_ok()).count();
        assert!(parsed > 20, "{parsed} of 2000 near-valid ids parsed");
    }
}
