//! The allocation of a series' throws as the player sees it: first a unit
//! (a piece, twins, "enter", "bear off"...), then the throws it uses. Pure
//! functions over the engine: the choices offered are always derived from
//! `Game::legal_actions()`, so only moves that keep the best use of all the
//! throws reachable are ever shown, and every submitted choice is checked
//! against that same list.

use crate::engine::{Action, Game, MoveGen, Position, Seat, Throw, ThrowBag, Unit, destination, square_name};
use serde::{Deserialize, Serialize};

/// What the player picks in the first select: one entry per unit that has
/// at least one legal action.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum UnitKey {
    Enter,
    EnterTwins,
    Piece { from: u8, twins: bool },
    Twins,
    BearOff,
    Pass,
}

impl UnitKey {
    pub fn of(action: Action) -> UnitKey {
        match action {
            Action::Enter => UnitKey::Enter,
            Action::EnterTwins => UnitKey::EnterTwins,
            Action::Advance { from, twins, .. } => UnitKey::Piece { from, twins },
            Action::Twins => UnitKey::Twins,
            Action::BearOff => UnitKey::BearOff,
            Action::Pass => UnitKey::Pass,
        }
    }

    /// The select option value (short, unique per unit).
    pub fn encode(self) -> String {
        match self {
            UnitKey::Enter => "enter".into(),
            UnitKey::EnterTwins => "enter2".into(),
            UnitKey::Piece { from, twins: false } => format!("p{from}"),
            UnitKey::Piece { from, twins: true } => format!("t{from}"),
            UnitKey::Twins => "twins".into(),
            UnitKey::BearOff => "off".into(),
            UnitKey::Pass => "pass".into(),
        }
    }

    pub fn parse(s: &str) -> Option<UnitKey> {
        let step = |rest: &str| rest.parse::<u8>().ok().filter(|_| rest.bytes().all(|b| b.is_ascii_digit()));
        Some(match s {
            "enter" => UnitKey::Enter,
            "enter2" => UnitKey::EnterTwins,
            "twins" => UnitKey::Twins,
            "off" => UnitKey::BearOff,
            "pass" => UnitKey::Pass,
            _ if s.starts_with('p') => UnitKey::Piece { from: step(&s[1..])?, twins: false },
            _ if s.starts_with('t') => UnitKey::Piece { from: step(&s[1..])?, twins: true },
            _ => return None,
        })
    }
}

/// One option of the unit select.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitChoice {
    pub key: UnitKey,
    pub label: String,
    /// Where it can go: the destination preview.
    pub description: String,
}

/// One option of the throws multi-select: a single remaining throw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThrowChoice {
    /// Index into the remaining throws of the series (the option value).
    pub index: usize,
    pub throw: Throw,
    pub description: String,
}

/// The game as it would be with the turn's uncommitted actions applied.
pub fn scratch(game: &Game, pending: &[Action]) -> Game {
    let mut g = *game;
    for &a in pending {
        g.act_unchecked(a, false);
    }
    g
}

/// Whether the pending actions are all legal in sequence (checked on load).
pub fn pending_is_legal(game: &Game, pending: &[Action]) -> bool {
    let mut g = *game;
    let mut mg = MoveGen::new();
    pending.iter().all(|&a| g.act(a, &mut mg).is_ok())
}

/// The units the player can move now, in the engine's order.
pub fn unit_choices(game: &Game) -> Vec<UnitChoice> {
    let legal = game.legal_actions();
    let mut keys: Vec<UnitKey> = legal.iter().map(|&a| UnitKey::of(a)).collect();
    keys.sort();
    keys.dedup();
    let pos = game.position();
    keys.into_iter()
        .map(|key| {
            let actions: Vec<Action> = legal.iter().copied().filter(|&a| UnitKey::of(a) == key).collect();
            UnitChoice { key, label: unit_label(key), description: clip(&previews(pos, &actions), 100) }
        })
        .collect()
}

/// The legal actions of one unit.
pub fn actions_of(game: &Game, key: UnitKey) -> Vec<Action> {
    game.legal_actions().into_iter().filter(|&a| UnitKey::of(a) == key).collect()
}

/// The remaining throws that appear in some legal action of the unit.
pub fn throw_choices(game: &Game, key: UnitKey) -> Vec<ThrowChoice> {
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
        out.push(ThrowChoice { index, throw: t, description: clip(&previews(pos, &with), 100) });
    }
    out
}

/// The action for a unit and a set of chosen throw indices, if legal.
pub fn action_for(game: &Game, key: UnitKey, indices: &[usize]) -> Option<Action> {
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

/// A short label for a unit option.
pub fn unit_label(key: UnitKey) -> String {
    match key {
        UnitKey::Enter => "Enter a new piece".into(),
        UnitKey::EnterTwins => "Bring the twins back in".into(),
        UnitKey::Piece { from, twins: false } => format!("Piece on step {from}"),
        UnitKey::Piece { from, twins: true } => format!("Twins on step {from}"),
        UnitKey::Twins => "Make twins".into(),
        UnitKey::BearOff => "Bear a piece off".into(),
        UnitKey::Pass => "Stop here (pass)".into(),
    }
}

/// What an action does, in words: "8+1 → c4 (captures)".
pub fn describe(pos: &Position, action: Action) -> String {
    let seat = pos.turn();
    match action {
        Action::Advance { throws, .. } => {
            let to = destination(pos, action).map(|(_, step)| place(pos, seat, step)).unwrap_or_default();
            let hit = if captures(pos, action) { " (captures)" } else { "" };
            format!("{} → {to}{hit}", plus(throws))
        }
        Action::Enter | Action::EnterTwins => format!("1 → {}", place(pos, seat, 0)),
        Action::Twins => "join two pieces into twins".into(),
        Action::BearOff => "1 → off the board".into(),
        Action::Pass => "leave the other throws unused".into(),
    }
}

fn previews(pos: &Position, actions: &[Action]) -> String {
    actions.iter().map(|&a| describe(pos, a)).collect::<Vec<_>>().join("; ")
}

/// The throws of a bag joined with `+`, largest first.
pub fn plus(bag: ThrowBag) -> String {
    bag.iter_desc().map(Throw::token).collect::<Vec<_>>().join("+")
}

/// A square name for a step of a seat's track, "the keep" for the goal.
pub fn place(pos: &Position, seat: Seat, step: u8) -> String {
    let rules = pos.rules();
    let track = rules.board.tracks[seat.index()];
    match track.get(usize::from(step)) {
        Some(&cell) if step == rules.goal() => format!("the keep ({})", square_name(cell)),
        Some(&cell) => square_name(cell),
        None => format!("step {step}"),
    }
}

/// Whether an advance lands on an enemy unit on an unmarked square.
fn captures(pos: &Position, action: Action) -> bool {
    let Some((_, step)) = destination(pos, action) else { return false };
    let rules = pos.rules();
    let Some(&cell) = rules.board.tracks[pos.turn().index()].get(usize::from(step)) else { return false };
    if rules.board.is_safe(cell) {
        return false;
    }
    let cell_of =
        |seat: Seat, unit: Unit| unit.step().and_then(|s| rules.board.tracks[seat.index()].get(usize::from(s)));
    pos.seats().iter().filter(|&s| s != pos.turn()).any(|s| pos.army(s).units().any(|u| cell_of(s, u) == Some(&cell)))
}

/// Cuts a text to at most `max` characters (Discord counts characters).
pub fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut out: String = s.chars().take(max - 1).collect();
    out.push('…');
    out
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

    #[test]
    fn clip_counts_characters() {
        assert_eq!(clip("abc", 3), "abc");
        assert_eq!(clip("ééééé", 3).chars().count(), 3);
    }
}
