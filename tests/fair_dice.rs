//! The fair-dice derivations against their committed test vectors
//! (`tests/data/fair-dice.txt`): a change to how a seed becomes throws,
//! by our code or by a dependency's upgrade, fails here. The `sha256-v2`
//! lines were written by the reference program in `docs/FAIR-DICE.md`
//! (Python), the `chacha8-rand-0.10` lines by the release that threw the
//! games before it.

use thaayam::dice::{Derivation, throws_from_seed};
use thaayam::engine::{Ruleset, Throw, Variant};

const VECTORS: &str = include_str!("data/fair-dice.txt");

fn derivation(name: &str) -> Derivation {
    [Derivation::ChaCha8, Derivation::Sha256]
        .into_iter()
        .find(|d| d.name() == name)
        .unwrap_or_else(|| panic!("unknown derivation {name}"))
}

fn ruleset(model: &str) -> Ruleset {
    match model {
        "cowries" => Ruleset::new(Variant::Bell),
        "long-dice" => Ruleset::new(Variant::TayamSonalu),
        _ => panic!("unknown dice model {model}"),
    }
}

#[test]
fn every_vector_gives_its_throws() {
    let mut checked = [0; 2];
    for line in VECTORS.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let mut words = line.split_whitespace();
        let (Some(d), Some(model), Some(seed)) = (words.next(), words.next(), words.next()) else {
            panic!("a short line: {line}");
        };
        let d = derivation(d);
        let seed: [u8; 32] = hex::decode(seed).ok().and_then(|s| s.try_into().ok()).expect("a 32-byte seed");
        let expected: Vec<Throw> = words.map(|w| Throw::from_token(w).expect("a throw")).collect();
        let got = throws_from_seed(seed, d, ruleset(model), expected.len());
        assert_eq!(got, expected, "{line}");
        checked[usize::from(d.number() - 1)] += 1;
    }
    assert_eq!(checked, [8, 8], "both derivations, 4 seeds x 2 dice models each");
}

/// The Python program of `docs/FAIR-DICE.md`, run on every `sha256-v2`
/// vector: the document's words and our code cannot drift apart. Skipped
/// (and said so) where no `python3` is installed.
#[test]
fn the_documented_program_gives_the_vectors() {
    let doc = include_str!("../docs/FAIR-DICE.md");
    let program = doc
        .split("```python\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("a python program in docs/FAIR-DICE.md");
    let dir = std::env::temp_dir().join(format!("thaayam-fair-dice-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("fair_dice.py");
    std::fs::write(&path, program).expect("write the program");
    let mut ran = 0;
    for line in VECTORS.lines().filter(|l| l.starts_with("sha256-v2 ")) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let (model, seed, expected) = (words[1], words[2], words[3..].join(" "));
        let seed_bytes = hex::decode(seed).expect("hex");
        let commitment = thaayam::dice::commitment(&seed_bytes.try_into().expect("32 bytes"));
        let out = match std::process::Command::new("python3")
            .arg(&path)
            .args([seed, &commitment, model, &(words.len() - 3).to_string()])
            .output()
        {
            Ok(out) => out,
            Err(e) => {
                eprintln!("skipped: python3 cannot be run here ({e})");
                let _ = std::fs::remove_dir_all(&dir);
                return;
            }
        };
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), expected, "{line}");
        ran += 1;
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(ran, 8);
}
