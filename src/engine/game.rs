//! The whole turn cycle as a state machine fed by events: the starting
//! throws, series of throws (with rule 7), the move phase, captures and
//! extra series, the end of the game and the placing of all players.
//!
//! A [`Game`] is `Copy`; [`Record`] adds the event log, and replaying a
//! log from the start reproduces the game exactly.

use super::action::Action;
use super::movegen::wins::only_for_the_win;
use super::movegen::{MoveGen, any_usable, only_joining_left};
use super::position::Position;
use super::seat::{Seat, SeatSet};
use super::throw::{SeriesFull, Throw};
use super::unit::Unit;
use super::variant::{CaptureReward, Ruleset};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One entry of the action log: a throw of the dice or a player's action.
/// Who threw or acted follows from the state, so it is not stored.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "e", rename_all = "kebab-case")]
pub enum Event {
    Throw { t: Throw },
    Act { action: Action },
}

/// Where the game is in its turn cycle.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Everyone throws once for the first turn; ties for the highest throw
    /// again among themselves.
    Opening { contenders: SeatSet, thrown: [Option<Throw>; 4] },
    /// The player on turn throws until a series ends. `discarding`: rule 7
    /// is discarding throws until the first 1.
    Throwing { discarding: bool },
    /// The player on turn uses the throws. `captured`: she has captured in
    /// this series and will throw another. `must_win`: she has taken an
    /// action that only a win allowed (it left fewer throws usable than
    /// the most, RULES.md section 4), so the rest of this use must win.
    Moving { captured: bool, must_win: bool },
    /// Game over: `places[seat]` is 1 for the winner, 0 for empty seats.
    Finished { places: [u8; 4] },
}

/// Why an event was refused. The game is unchanged.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// A throw while the player must move, or an action while someone must throw.
    WrongPhase,
    /// The game is over.
    GameOver,
    /// The action is not among the legal ones.
    IllegalAction(Action),
    /// The variant's dice cannot produce that throw.
    ImpossibleThrow(Throw),
    /// The series is longer than the engine holds.
    SeriesTooLong,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::WrongPhase => f.write_str("that is not possible at this point of the turn"),
            PlayError::GameOver => f.write_str("the game is over"),
            PlayError::IllegalAction(a) => write!(f, "the action `{a}` is not legal here"),
            PlayError::ImpossibleThrow(t) => write!(f, "these dice cannot throw {t}"),
            PlayError::SeriesTooLong => f.write_str("the series is longer than the engine holds"),
        }
    }
}

impl std::error::Error for PlayError {}

impl From<SeriesFull> for PlayError {
    fn from(_: SeriesFull) -> Self {
        PlayError::SeriesTooLong
    }
}

/// When the extra series that a capture earns at once (`bell1979`) is
/// thrown, as far as a walk through a series is concerned.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum ExtraSeries {
    /// As the rules say: at once, which ends the use of the throws (the
    /// remaining ones join the new series).
    #[default]
    AtOnce,
    /// After the remaining throws, as in the other variants: `thaayam
    /// moves` lists the uses of the throws it is given, and the extra
    /// throws are not known yet.
    AfterThrows,
}

/// What applying one event did, for presenters and logs.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Enemy pieces captured by this action.
    pub captured: u8,
    /// Throws lost because they could not be used (turn or series ended).
    pub(crate) lost: u8,
    /// The throw was discarded by rule 7.
    pub(crate) discarded: bool,
}

/// A game in progress: a position plus the phase of the turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    pos: Position,
    phase: Phase,
}

impl Game {
    /// A new game: all pieces off the board, everyone to throw for the start.
    pub fn new(ruleset: Ruleset, seats: SeatSet) -> Game {
        Game { pos: Position::start(ruleset, seats), phase: Phase::Opening { contenders: seats, thrown: [None; 4] } }
    }

    /// A game continuing from a position: in the move phase if it has
    /// throws, else with the player on turn about to throw a series.
    pub fn from_position(pos: Position) -> Game {
        let mut g = Game { pos, phase: Phase::Moving { captured: false, must_win: false } };
        if pos.winner().is_some() {
            g.phase = Phase::Finished { places: places(&pos) };
        } else if pos.throws.is_empty() {
            g.phase = g.series_start();
        } else {
            g.settle();
        }
        g
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn is_finished(&self) -> bool {
        matches!(self.phase, Phase::Finished { .. })
    }

    /// The seat expected to throw or act now (`None` when finished).
    pub fn to_act(&self) -> Option<Seat> {
        match self.phase {
            Phase::Opening { contenders, thrown } => contenders.iter().find(|s| thrown[s.index()].is_none()),
            Phase::Throwing { .. } | Phase::Moving { .. } => Some(self.pos.turn),
            Phase::Finished { .. } => None,
        }
    }

    /// Whether the next event must be a throw.
    pub fn wants_throw(&self) -> bool {
        matches!(self.phase, Phase::Opening { .. } | Phase::Throwing { .. })
    }

    /// The legal actions now (empty unless in the move phase).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_with(&mut MoveGen::new(), &mut out);
        out
    }

    /// [`Game::legal_actions`] with reusable scratch space.
    pub fn legal_actions_with(&self, mg: &mut MoveGen, out: &mut Vec<Action>) {
        out.clear();
        out.extend_from_slice(self.legal_actions_ref(mg));
    }

    /// [`Game::legal_actions_with`] without copying the list: valid until
    /// the move generator's next call.
    pub fn legal_actions_ref<'a>(&self, mg: &'a mut MoveGen) -> &'a [Action] {
        let (army, bag, rules) = (self.pos.army(self.pos.turn), self.pos.throws.bag(), self.pos.rules());
        match self.phase {
            Phase::Moving { must_win: false, .. } => mg.legal_ref(army, bag, rules),
            Phase::Moving { must_win: true, .. } => mg.winning_ref(army, bag, rules),
            _ => &[],
        }
    }

    /// A legal action drawn uniformly by `pick(n)` (a uniform draw from
    /// `0..n`), without listing them all where that takes a search
    /// ([`MoveGen::pick_legal`]); `None` outside the move phase or when no
    /// action is legal.
    pub fn pick_legal_action(&self, mg: &mut MoveGen, mut pick: impl FnMut(usize) -> usize) -> Option<Action> {
        match self.phase {
            Phase::Moving { must_win: false, .. } => {
                mg.pick_legal(self.pos.army(self.pos.turn), self.pos.throws.bag(), self.pos.rules(), pick)
            }
            Phase::Moving { must_win: true, .. } => {
                // Near the end of a game only: the list.
                let legal = self.legal_actions_ref(mg);
                (!legal.is_empty()).then(|| legal[pick(legal.len())])
            }
            _ => None,
        }
    }

    /// Applies one event, or explains why not (leaving the game unchanged).
    pub fn apply(&mut self, event: Event) -> Result<Outcome, PlayError> {
        match event {
            Event::Throw { t } => self.throw(t),
            Event::Act { action } => self.act(action, &mut MoveGen::new()),
        }
    }

    /// Applies a throw of the dice.
    pub fn throw(&mut self, t: Throw) -> Result<Outcome, PlayError> {
        if !self.pos.rules().dice.can_produce(t) {
            return Err(PlayError::ImpossibleThrow(t));
        }
        match self.phase {
            Phase::Opening { contenders, mut thrown } => {
                let seat = self.to_act().ok_or(PlayError::WrongPhase)?;
                thrown[seat.index()] = Some(t);
                self.phase = Phase::Opening { contenders, thrown };
                if contenders.iter().all(|s| thrown[s.index()].is_some()) {
                    self.resolve_opening(contenders, thrown);
                }
                Ok(Outcome::default())
            }
            Phase::Throwing { discarding } => {
                let dice = self.pos.rules().dice;
                let discard = discarding && t != Throw::One;
                if !discard {
                    self.pos.throws.push(t)?;
                }
                self.phase = Phase::Throwing { discarding: discard };
                let mut out = Outcome { discarded: discard, ..Outcome::default() };
                if !dice.throws_again(t) {
                    self.phase = Phase::Moving { captured: false, must_win: false };
                    out.lost = self.settle();
                }
                Ok(out)
            }
            Phase::Moving { .. } => Err(PlayError::WrongPhase),
            Phase::Finished { .. } => Err(PlayError::GameOver),
        }
    }

    /// Applies an action of the player on turn, checked against the legal ones.
    pub fn act(&mut self, action: Action, mg: &mut MoveGen) -> Result<Outcome, PlayError> {
        match self.phase {
            Phase::Moving { .. } => {}
            Phase::Finished { .. } => return Err(PlayError::GameOver),
            _ => return Err(PlayError::WrongPhase),
        }
        let mut legal = Vec::new();
        self.legal_actions_with(mg, &mut legal);
        if !legal.contains(&action) {
            return Err(PlayError::IllegalAction(action));
        }
        Ok(self.act_unchecked(action))
    }

    /// Applies an action known to be legal (from [`Game::legal_actions`]).
    #[inline]
    pub fn act_unchecked(&mut self, action: Action) -> Outcome {
        self.play(action, ExtraSeries::AtOnce)
    }

    /// [`Game::act_unchecked`] with an immediate extra series thrown when
    /// `extra` says: the option of a series walk
    /// ([`WalkOptions`](super::WalkOptions)).
    #[inline]
    pub fn act_unchecked_with(&mut self, action: Action, extra: ExtraSeries) -> Outcome {
        self.play(action, extra)
    }

    /// The body of both (one copy: inlining it twice made the hot loop
    /// slower).
    fn play(&mut self, action: Action, extra: ExtraSeries) -> Outcome {
        let Phase::Moving { captured, must_win } = self.phase else {
            return Outcome::default();
        };
        if action == Action::Pass {
            let lost = self.pos.throws.len() as u8;
            self.end_series(captured);
            return Outcome { lost, ..Outcome::default() };
        }
        // Whether only a win allows this action is asked before it changes
        // the position, and only with two throws or more (it matters only
        // while throws are left to use).
        let must_win = must_win || (self.pos.throws.len() >= 2 && self.only_for_the_win(action));
        self.pos.throws.remove_bag(action.throws());
        let got = self.pos.play_pieces(action).unwrap_or(0);
        let mut out = Outcome { captured: got, ..Outcome::default() };
        let may_finish = matches!(action, Action::BearOff | Action::Advance { .. });
        // Only the player on turn can have borne off her last piece.
        if may_finish && self.pos.army(self.pos.turn).borne_off() == 4 {
            // Throws left when the last piece is borne off are of no use.
            out.lost = self.pos.throws.len() as u8;
            self.pos.throws.clear();
            self.pos.armies[self.pos.turn.index()].clear_moved();
            // Nobody acts once the game is won: `turn=` names the seat
            // after the winner in play order (RULES.md section 7).
            self.pos.turn = self.pos.seats.next_after(self.pos.turn);
            self.phase = Phase::Finished { places: places(&self.pos) };
            return out;
        }
        let reward = self.pos.rules().capture_reward;
        let captured = captured || (got > 0 && reward != CaptureReward::Nothing);
        if got > 0 && reward == CaptureReward::Immediate && extra == ExtraSeries::AtOnce {
            // The new series' throws join the remaining ones.
            self.phase = Phase::Throwing { discarding: false };
            return out;
        }
        self.phase = Phase::Moving { captured, must_win };
        out.lost = self.settle();
        out
    }

    /// Whether only a win allows `action` now ([`only_for_the_win`]); kept
    /// out of [`Game::act_unchecked`], which asks it of every action of a
    /// series of several throws.
    #[inline(never)]
    fn only_for_the_win(&self, action: Action) -> bool {
        only_for_the_win(self.pos.army(self.pos.turn), self.pos.throws.bag(), action, self.pos.rules())
    }

    /// In the move phase: if no throw can be used and no twins can be
    /// joined ([`only_joining_left`]), end the series. Returns the number
    /// of throws lost.
    fn settle(&mut self) -> u8 {
        let Phase::Moving { captured, .. } = self.phase else { return 0 };
        let (army, bag, rules) = (self.pos.army(self.pos.turn), self.pos.throws.bag(), self.pos.rules());
        if !any_usable(army, bag, rules) && !only_joining_left(army, bag, rules) {
            let lost = self.pos.throws.len() as u8;
            self.end_series(captured);
            return lost;
        }
        0
    }

    fn end_series(&mut self, captured: bool) {
        let pos = &mut self.pos;
        pos.throws.clear();
        pos.armies[pos.turn.index()].clear_moved();
        if !captured {
            pos.turn = pos.seats.next_after(pos.turn);
        }
        self.phase = self.series_start();
    }

    /// The phase at the start of a series of the player on turn (rule 7).
    fn series_start(&self) -> Phase {
        let rule7 = self.pos.rules().discard_before_first_one;
        let on_board = self.pos.army(self.pos.turn).has_piece_on_board();
        Phase::Throwing { discarding: rule7 && !on_board }
    }

    fn resolve_opening(&mut self, contenders: SeatSet, thrown: [Option<Throw>; 4]) {
        let value = |s: Seat| thrown[s.index()].map_or(0, Throw::value);
        let best = contenders.iter().map(value).max().unwrap_or(0);
        let mut tied = SeatSet::EMPTY;
        for s in contenders.iter().filter(|&s| value(s) == best) {
            tied.insert(s);
        }
        if tied.len() == 1 {
            self.pos.turn = tied.iter().next().unwrap_or(Seat::S);
            self.phase = self.series_start();
        } else {
            self.phase = Phase::Opening { contenders: tied, thrown: [None; 4] };
        }
    }
}

/// The places of all seated players by progress: pieces borne off, then
/// pieces in the keep, then the sum of their pieces' steps (twins count
/// twice), equal progress sharing a place. Empty seats get 0.
pub fn places(pos: &Position) -> [u8; 4] {
    let goal = pos.rules().goal();
    let score = |seat: Seat| -> (u8, u8, u32) {
        let army = pos.army(seat);
        let keep = army.units().filter(|u| u.step() == Some(goal)).map(|u| u.pieces()).sum();
        let steps = army.units().map(|u| u32::from(u.step().unwrap_or(0)) * u32::from(u.pieces())).sum();
        (army.borne_off(), keep, steps)
    };
    let mut out = [0u8; 4];
    for seat in pos.seats.iter() {
        let mine = score(seat);
        let better = pos.seats.iter().filter(|&o| score(o) > mine).count();
        out[seat.index()] = better as u8 + 1;
    }
    out
}

/// A game with its event log. Replaying `events` on `Game::new(ruleset,
/// seats)` reproduces `game` exactly.
#[derive(Clone, Debug)]
pub struct Record {
    pub ruleset: Ruleset,
    pub seats: SeatSet,
    pub events: Vec<Event>,
    game: Game,
}

impl Record {
    pub fn new(ruleset: Ruleset, seats: SeatSet) -> Record {
        Record { ruleset, seats, events: Vec::new(), game: Game::new(ruleset, seats) }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Applies an event and logs it if it was accepted.
    pub fn apply(&mut self, event: Event) -> Result<Outcome, PlayError> {
        let out = self.game.apply(event)?;
        self.events.push(event);
        Ok(out)
    }

    /// Rebuilds a record from a log; fails at the first refused event
    /// (with its index).
    pub fn replay(ruleset: Ruleset, seats: SeatSet, events: &[Event]) -> Result<Record, (usize, PlayError)> {
        let mut r = Record::new(ruleset, seats);
        for (i, &e) in events.iter().enumerate() {
            r.apply(e).map_err(|err| (i, err))?;
        }
        Ok(r)
    }
}

/// The unit an action moves and where it ends, for presenters.
pub fn destination(pos: &Position, action: Action) -> Option<(Unit, u8)> {
    let rules = pos.rules();
    let entry = rules.entry.step;
    match action {
        Action::Enter | Action::EnterWith { .. } | Action::EnterPair { .. } => Some((Unit::Single(entry), entry)),
        Action::EnterTwins => Some((Unit::Twins(entry), entry)),
        Action::Advance { from, twins, throws } => {
            let d = super::position::distance(rules, twins, throws.sum());
            let dest = from + d;
            let unit = if twins { Unit::Twins(from) } else { Unit::Single(from) };
            Some((unit, dest))
        }
        _ => None,
    }
}
