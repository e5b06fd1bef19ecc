//! The allocation of a series' throws as the player sees it: first a unit
//! (a piece, twins, "enter", "bear off"...), then the throws it uses. Pure
//! functions over the engine: the choices offered are always derived from
//! `Game::legal_actions()`, so only moves that keep the best use of all the
//! throws reachable are ever shown, and every submitted choice is checked
//! against that same list. Their words are the view's (`view::words`).

use crate::engine::{Action, Game, Throw, ThrowBag};
use serde::{Deserialize, Serialize};

/// What the player picks in the first select: one entry per unit that has
/// at least one legal action.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub(crate) enum UnitKey {
    Enter,
    EnterTwins,
    /// Enter with a throw other than 1 (Tayam Sonalu's 5 or Sonal).
    EnterWith(Throw),
    /// Bring a captured pair back with one entering throw (Tayam Sonalu).
    EnterPair(Throw),
    Piece {
        from: u8,
        twins: bool,
    },
    Twins,
    BearOff,
    Pass,
}

impl UnitKey {
    pub(crate) fn of(action: Action) -> UnitKey {
        match action {
            Action::Enter => UnitKey::Enter,
            Action::EnterTwins => UnitKey::EnterTwins,
            Action::EnterWith { throw } => UnitKey::EnterWith(throw),
            Action::EnterPair { throw } => UnitKey::EnterPair(throw),
            Action::Advance { from, twins, .. } => UnitKey::Piece { from, twins },
            Action::Twins => UnitKey::Twins,
            Action::BearOff => UnitKey::BearOff,
            Action::Pass => UnitKey::Pass,
        }
    }

    /// The select option value (short, unique per unit).
    pub(crate) fn encode(self) -> String {
        match self {
            UnitKey::Enter => "enter".into(),
            UnitKey::EnterTwins => "enter2".into(),
            UnitKey::EnterWith(t) => format!("e{}", t.token()),
            UnitKey::EnterPair(t) => format!("ep{}", t.token()),
            UnitKey::Piece { from, twins: false } => format!("p{from}"),
            UnitKey::Piece { from, twins: true } => format!("t{from}"),
            UnitKey::Twins => "twins".into(),
            UnitKey::BearOff => "off".into(),
            UnitKey::Pass => "pass".into(),
        }
    }

    pub(crate) fn parse(s: &str) -> Option<UnitKey> {
        let step = |rest: &str| rest.parse::<u8>().ok().filter(|_| rest.bytes().all(|b| b.is_ascii_digit()));
        Some(match s {
            "enter" => UnitKey::Enter,
            "enter2" => UnitKey::EnterTwins,
            "twins" => UnitKey::Twins,
            "off" => UnitKey::BearOff,
            "pass" => UnitKey::Pass,
            _ if s.starts_with("ep") => UnitKey::EnterPair(Throw::from_token(&s[2..])?),
            _ if s.starts_with('e') => UnitKey::EnterWith(Throw::from_token(&s[1..])?),
            _ if s.starts_with('p') => UnitKey::Piece { from: step(&s[1..])?, twins: false },
            _ if s.starts_with('t') => UnitKey::Piece { from: step(&s[1..])?, twins: true },
            _ => return None,
        })
    }
}

/// One option of the unit select.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct UnitChoice {
    pub(crate) key: UnitKey,
    /// Its legal actions (where it can go).
    pub(crate) actions: Vec<Action>,
}

/// One option of the throws multi-select: a single remaining throw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ThrowChoice {
    /// Index into the remaining throws of the series (the option value).
    pub(crate) index: usize,
    pub(crate) throw: Throw,
    /// The unit's legal actions that use this throw.
    pub(crate) actions: Vec<Action>,
}

/// The game as it would be with the turn's uncommitted actions applied.
pub(crate) fn scratch(game: &Game, pending: &[Action]) -> Game {
    let mut g = *game;
    for &a in pending {
        g.act_unchecked(a, false);
    }
    g
}

/// The units the player can move now, in the engine's order.
pub(crate) fn unit_choices(game: &Game) -> Vec<UnitChoice> {
    let legal = game.legal_actions();
    let mut keys: Vec<UnitKey> = legal.iter().map(|&a| UnitKey::of(a)).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .map(|key| {
            let actions: Vec<Action> = legal.iter().copied().filter(|&a| UnitKey::of(a) == key).collect();
            UnitChoice { key, actions }
        })
        .collect()
}

/// The legal actions of one unit.
pub(crate) fn actions_of(game: &Game, key: UnitKey) -> Vec<Action> {
    game.legal_actions().into_iter().filter(|&a| UnitKey::of(a) == key).collect()
}

/// The remaining throws that appear in some legal action of the unit.
pub(crate) fn throw_choices(game: &Game, key: UnitKey) -> Vec<ThrowChoice> {
    let actions = actions_of(game, key);
    let pos = game.position();
    let mut out = Vec::new();
    let mut used = ThrowBag::EMPTY;
    for (index, &t) in pos.throws().as_slice().iter().enumerate() {
        let max_needed = actions.iter().map(|a| a.throws().count(t)).max().unwrap_or(0);
        if used.count(t) >= max_needed {
            continue;
        }
        used.add(t);
        let with: Vec<Action> = actions.iter().copied().filter(|a| a.throws().count(t) > 0).collect();
        out.push(ThrowChoice { index, throw: t, actions: with });
    }
    out
}

/// The action for a unit and a set of chosen throw indices, if legal.
pub(crate) fn action_for(game: &Game, key: UnitKey, indices: &[usize]) -> Option<Action> {
    let throws = game.position().throws().as_slice();
    let mut seen = Vec::new();
    let mut bag = ThrowBag::EMPTY;
    for &i in indices {
        if seen.contains(&i) {
            return None;
        }
        seen.push(i);
        bag.add(*throws.get(i)?);
    }
    actions_of(game, key).into_iter().find(|a| a.throws() == bag)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::parse_tpn;

    fn game(tpn: &str) -> Game {
        Game::from_position(parse_tpn(tpn).expect("valid TPN"))
    }

    #[test]
    fn unit_keys_round_trip_and_reject_junk() {
        let keys = [
            UnitKey::Enter,
            UnitKey::EnterTwins,
            UnitKey::EnterWith(Throw::Sonal),
            UnitKey::EnterWith(Throw::Five),
            UnitKey::EnterPair(Throw::One),
            UnitKey::Piece { from: 0, twins: false },
            UnitKey::Piece { from: 23, twins: true },
            UnitKey::Twins,
            UnitKey::BearOff,
            UnitKey::Pass,
        ];
        for k in keys {
            assert_eq!(UnitKey::parse(&k.encode()), Some(k));
        }
        for junk in ["", "p", "t-1", "p+3", "p300", "x", "enterx"] {
            assert_eq!(UnitKey::parse(junk), None, "{junk}");
        }
    }

    #[test]
    fn choices_cover_exactly_the_legal_actions() {
        let g = game("bell S=5,o,o,o N=3,o,o,o turn=S throws=1,4,2");
        let legal = g.legal_actions();
        let units = unit_choices(&g);
        assert!(!units.is_empty());
        for u in &units {
            let actions = actions_of(&g, u.key);
            assert!(!actions.is_empty());
            for a in actions {
                if let Action::Advance { throws, .. } = a {
                    let choices = throw_choices(&g, u.key);
                    let mut indices = Vec::new();
                    let mut need = throws;
                    for c in &choices {
                        if need.take(c.throw) {
                            indices.push(c.index);
                        }
                    }
                    assert_eq!(action_for(&g, u.key, &indices), Some(a));
                }
            }
        }
        let covered: usize = units.iter().map(|u| actions_of(&g, u.key).len()).sum();
        assert_eq!(covered, legal.len());
    }

    #[test]
    fn illegal_combinations_and_repeated_indices_are_refused() {
        let g = game("bell S=5,o,o,o N=3,o,o,o turn=S throws=1,4,2");
        let key = UnitKey::Piece { from: 5, twins: false };
        assert_eq!(action_for(&g, key, &[0, 0]), None);
        assert_eq!(action_for(&g, key, &[9]), None);
    }
}
