//! A finished game's dice checked against its revealed seed: does the
//! seed hash to the commitment shown from the start, is every throw of the
//! log the one the seed gives, and who threw what, turn by turn. Shared by
//! `/thaayam verify` and `thaayam verify`.

use super::fair::{Derivation, GameDice, verify_seed};
use crate::engine::{Event, Game, Ruleset, Seat, SeatSet, Throw};

/// The first throw of a log that its seed does not give.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct WrongThrow {
    /// Its index among the game's throws (0 for the first).
    pub index: usize,
    /// The throw the log holds.
    pub logged: Throw,
    /// The throw the seed gives there.
    pub derived: Throw,
}

/// What [`audit`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Audit {
    pub derivation: Derivation,
    /// SHA-256 of the seed is the commitment.
    pub seed_matches: bool,
    /// Throws in the log.
    pub throws: usize,
    /// The first throw the seed does not give, if any.
    pub wrong: Option<WrongThrow>,
    /// The throws by turn: consecutive throws of the same seat together
    /// (each seat's opening throw is a turn of its own).
    pub turns: Vec<(Seat, Vec<Throw>)>,
}

impl Audit {
    /// Both checks pass.
    pub fn passed(&self) -> bool {
        self.seed_matches && self.wrong.is_none()
    }

    /// The throws by turn, one line each: `1. S: 2 4 1` (seat letters;
    /// the first turns are the opening throws).
    pub fn turn_lines(&self) -> Vec<String> {
        self.turns
            .iter()
            .enumerate()
            .map(|(i, (seat, throws))| {
                let throws: Vec<&str> = throws.iter().map(|t| t.token()).collect();
                format!("{}. {seat}: {}", i + 1, throws.join(" "))
            })
            .collect()
    }

    /// The whole check as plain English text: the seed, the commitment,
    /// both verdicts, every throw by turn, and how to check by hand.
    pub fn report(&self, title: &str, seed: &[u8; 32], commitment: &str, model: &str) -> String {
        let mark = |ok: bool| if ok { "PASS" } else { "FAIL" };
        let mut out = vec![
            title.to_string(),
            String::new(),
            format!("Seed:       {}", hex::encode(seed)),
            format!("Commitment: {commitment}"),
            format!("Derivation: {} (dice: {model})", self.derivation.name()),
            String::new(),
            format!("[{}] SHA-256 of the seed is the commitment shown since the lobby", mark(self.seed_matches)),
        ];
        out.push(match self.wrong {
            None => format!("[PASS] all {} throws of the game are the ones the seed gives", self.throws),
            Some(w) => format!(
                "[FAIL] throw {} of {} is {} in the game, but the seed gives {}",
                w.index + 1,
                self.throws,
                w.logged.token(),
                w.derived.token()
            ),
        });
        out.push(String::new());
        out.push("Throws by turn (S, W, N, E: the seats; s: Sonal):".into());
        out.extend(self.turn_lines());
        out.push(String::new());
        out.push("To check by hand:".into());
        out.push(format!("1. SHA-256 of the seed's 32 bytes must be {commitment}:"));
        out.push(format!("   echo {} | xxd -r -p | sha256sum", hex::encode(seed)));
        out.extend(match self.derivation {
            Derivation::Sha256 => [
                "2. Throw k (k = 0 for the first throw of the game): SHA-256 of the seed's 32 bytes, then k as"
                    .to_string(),
                "   8 bytes big-endian, then 0 as 4 bytes big-endian; its first 4 bytes as a big-endian number,".into(),
                "   modulo 16, pick the throw in the dice's table (rejection and tables: docs/FAIR-DICE.md, with"
                    .into(),
                "   a 30-line program). `thaayam verify --seed SEED --variant V --throws LIST` does it too.".into(),
            ],
            Derivation::ChaCha8 => [
                "2. This game is older than the SHA-256 derivation: its throws are rand 0.10's".to_string(),
                "   random_range(0..16) over a ChaCha8 stream keyed with the seed (docs/FAIR-DICE.md).".into(),
                "   `thaayam verify --seed SEED --variant V --derivation chacha8-rand-0.10 --throws LIST`".into(),
                "   re-derives them.".into(),
            ],
        });
        out.join("\n") + "\n"
    }
}

/// Checks a game's throws (`events`, its whole log) against `seed`.
pub fn audit(
    seed: [u8; 32],
    commitment: &str,
    derivation: Derivation,
    ruleset: Ruleset,
    seats: SeatSet,
    events: &[Event],
) -> Audit {
    let mut dice = GameDice::resumed(seed, derivation, ruleset.rules().dice, 0);
    let mut game = Some(Game::new(ruleset, seats));
    let mut turns: Vec<(Seat, Vec<Throw>)> = Vec::new();
    let mut wrong = None;
    let mut throws = 0;
    let mut opening = true;
    for &event in events {
        let seat = game.as_ref().and_then(Game::to_act);
        if let Event::Throw { t } = event {
            let derived = dice.next_throw();
            if wrong.is_none() && derived != t {
                wrong = Some(WrongThrow { index: throws, logged: t, derived });
            }
            throws += 1;
            if let Some(seat) = seat {
                match turns.last_mut() {
                    Some((last, list)) if *last == seat && !opening => list.push(t),
                    _ => turns.push((seat, vec![t])),
                }
            }
        }
        // A log that does not replay keeps its throws checked but no
        // longer says who threw them.
        if let Some(g) = game.as_mut() {
            if g.apply(event).is_err() {
                game = None;
            } else {
                opening = matches!(g.phase(), crate::engine::Phase::Opening { .. });
            }
        }
    }
    Audit { derivation, seed_matches: verify_seed(&seed, commitment), throws, wrong, turns }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{ThrowSource, commitment};
    use crate::engine::{Action, MoveGen, Variant};
    use rand::RngExt;

    /// A random game of three whose throws come from `seed`.
    fn game(variant: Variant, seed: [u8; 32]) -> (Ruleset, SeatSet, Vec<Event>) {
        let rs = Ruleset::new(variant);
        let seats = SeatSet::for_players(3).expect("3 players");
        let mut dice = GameDice::resumed(seed, Derivation::Sha256, rs.rules().dice, 0);
        let mut choices = ThrowSource::from_u64(7, rs.rules().dice);
        let (mut game, mut mg, mut events) = (Game::new(rs, seats), MoveGen::new(), Vec::new());
        while !game.is_finished() && events.len() < 20_000 {
            let event = if game.wants_throw() {
                Event::Throw { t: dice.next_throw() }
            } else {
                let rng = choices.rng();
                Event::Act {
                    action: game.pick_legal_action(&mut mg, |n| rng.random_range(0..n)).unwrap_or(Action::Pass),
                }
            };
            game.apply(event).expect("a legal event");
            events.push(event);
        }
        (rs, seats, events)
    }

    #[test]
    fn an_honest_game_passes_and_every_throw_is_in_a_turn() {
        for variant in Variant::ALL {
            let (rs, seats, events) = game(variant, [4; 32]);
            let a = audit([4; 32], &commitment(&[4; 32]), Derivation::Sha256, rs, seats, &events);
            assert!(a.passed(), "{variant}: {a:?}");
            let logged = events.iter().filter(|e| matches!(e, Event::Throw { .. })).count();
            assert_eq!(a.throws, logged);
            assert_eq!(a.turns.iter().map(|(_, t)| t.len()).sum::<usize>(), logged, "{variant}");
            // The opening: one throw a turn; later turns alternate seats.
            assert_eq!(a.turns[0].1.len(), 1);
            assert!(a.turns.windows(2).skip(3).all(|w| w[0].0 != w[1].0), "{variant}: {:?}", &a.turns[..6]);
        }
    }

    #[test]
    fn a_forged_throw_and_a_wrong_seed_are_named() {
        let (rs, seats, mut events) = game(Variant::Bell, [4; 32]);
        let k = events.iter().position(|e| matches!(e, Event::Throw { .. })).expect("a throw");
        let Event::Throw { t } = events[k] else { unreachable!() };
        let forged = if t == Throw::Eight { Throw::One } else { Throw::Eight };
        events[k] = Event::Throw { t: forged };
        let a = audit([4; 32], &commitment(&[4; 32]), Derivation::Sha256, rs, seats, &events);
        assert_eq!(a.wrong, Some(WrongThrow { index: 0, logged: forged, derived: t }));
        assert!(!a.passed());
        let b = audit([4; 32], &commitment(&[5; 32]), Derivation::Sha256, rs, seats, &events);
        assert!(!b.seed_matches);
    }
}
