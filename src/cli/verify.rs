//! `thaayam verify`: checks a finished game's fair dice from a database
//! file (the seed hashes to the commitment, every throw is the seed's), or
//! a seed against a list of throws, or prints the throws a seed gives.
//! The derivations are in `docs/FAIR-DICE.md`.

use crate::dice::{Audit, Derivation, audit, commitment, model_name, throws_from_seed};
use crate::engine::{Event, Ruleset, Throw};
use crate::store::{GameId, GameState, Store};
use std::path::PathBuf;

/// What to check.
#[derive(Clone, Debug)]
pub enum Check {
    /// A game of a database file.
    Game { database: PathBuf, game: i64 },
    /// A seed against throws (`None`: print the first `count` throws).
    Seed { seed: String, ruleset: Ruleset, derivation: Derivation, throws: Option<String>, count: usize },
}

/// The verdict: the text to print and whether every check passed.
pub struct Verdict {
    pub text: String,
    pub passed: bool,
}

/// A derivation by its name in `docs/FAIR-DICE.md`.
pub fn parse_derivation(name: &str) -> Result<Derivation, String> {
    [Derivation::Sha256, Derivation::ChaCha8].into_iter().find(|d| d.name() == name.trim()).ok_or_else(|| {
        format!("unknown derivation {name:?}: {} or {}", Derivation::Sha256.name(), Derivation::ChaCha8.name())
    })
}

/// Runs the check; bad input is an error (exit code 2), a failed check a
/// verdict that did not pass (exit code 1).
pub fn run(check: &Check) -> Result<Verdict, String> {
    match check {
        Check::Game { database, game } => game_verdict(database, GameId(*game)),
        Check::Seed { seed, ruleset, derivation, throws, count } => {
            let seed = parse_seed(seed)?;
            match throws {
                None => {
                    let list = throws_from_seed(seed, *derivation, *ruleset, *count);
                    Ok(Verdict { text: tokens(&list) + "\n", passed: true })
                }
                Some(list) => seed_verdict(seed, *ruleset, *derivation, list),
            }
        }
    }
}

fn game_verdict(database: &std::path::Path, id: GameId) -> Result<Verdict, String> {
    let store = Store::open_copy(database).map_err(|e| e.to_string())?;
    let loaded = store
        .load(id)
        .map_err(|e| format!("game {id}: {e}"))?
        .ok_or_else(|| format!("there is no game {id} in {}", database.display()))?;
    let info = &loaded.info;
    if matches!(info.state, GameState::Lobby | GameState::Playing) {
        return Err(format!("game {id} is still going on: its seed is revealed when it ends"));
    }
    let seed = info.revealed_seed.ok_or_else(|| format!("game {id}: the stored seed is damaged"))?;
    let found = audit(seed, &info.commitment, info.dice, info.ruleset, info.seat_set(), &loaded.events);
    let title = format!("Fair dice of game {id} ({}, {} players)", info.ruleset, info.seats.len());
    let text = found.report(&title, &seed, &info.commitment, model_name(info.ruleset));
    Ok(Verdict { passed: found.passed(), text })
}

fn seed_verdict(seed: [u8; 32], ruleset: Ruleset, derivation: Derivation, list: &str) -> Result<Verdict, String> {
    let throws: Vec<Throw> = list
        .split([',', ' '])
        .filter(|w| !w.is_empty())
        .map(|w| Throw::from_token(w).ok_or_else(|| format!("{w:?} is not a throw (1, 2, 3, 4, 8; 0, 5, 6, s)")))
        .collect::<Result<_, _>>()?;
    let events: Vec<Event> = throws.iter().map(|&t| Event::Throw { t }).collect();
    let committed = commitment(&seed);
    let found: Audit = audit(seed, &committed, derivation, ruleset, crate::engine::SeatSet::EMPTY, &events);
    let text = match found.wrong {
        None => format!(
            "PASS: the {} throws are the first {} the seed gives ({}, {}); its SHA-256 is {committed}\n",
            throws.len(),
            throws.len(),
            derivation.name(),
            model_name(ruleset)
        ),
        Some(w) => format!(
            "FAIL: throw {} is {}, but the seed gives {} there ({}, {})\n",
            w.index + 1,
            w.logged.token(),
            w.derived.token(),
            derivation.name(),
            model_name(ruleset)
        ),
    };
    Ok(Verdict { passed: found.wrong.is_none(), text })
}

fn parse_seed(hex_seed: &str) -> Result<[u8; 32], String> {
    hex::decode(hex_seed.trim())
        .ok()
        .and_then(|b| <[u8; 32]>::try_from(b).ok())
        .ok_or_else(|| "the seed is 64 hexadecimal digits (32 bytes), as the result shows it".to_string())
}

fn tokens(list: &[Throw]) -> String {
    list.iter().map(|t| t.token()).collect::<Vec<_>>().join(" ")
}
