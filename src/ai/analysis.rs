//! Post-game analysis: every seat's estimated chance of winning after each
//! series of throws and each use of them, over a whole game, and its
//! biggest swings told apart as luck (a series of throws moved the
//! chances) or choice (the player's use of her throws ended worth clearly
//! less to her than the best use found among her plans, [`super::plans`]).
//!
//! Chances come from the learned evaluation ([`super::value::win_chances`]);
//! a table without a network cannot be analysed. Pure but for an optional
//! deadline: the same game gives the same analysis.

use super::plans::plans;
use super::value::win_chances;
use crate::engine::{Action, Event, Game, Phase, PlayError, Ruleset, Seat, SeatSet, SeriesWalk, Throw, format_tpn};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Instant;

/// Bumped whenever the analysis or its chart changes, so that cached
/// analyses of an older version are computed again.
pub const ANALYSIS_VERSION: u32 = 1;

/// The version an analysis of a table is cached under: [`ANALYSIS_VERSION`]
/// and the fingerprint of the table's network, so that retraining a network
/// makes the bot compute its games' analyses again (`None` without a
/// network: such a table is not analysed).
pub fn cache_version(ruleset: Ruleset, players: usize) -> Option<u32> {
    let net = super::value::network_fingerprint(ruleset, players)?;
    Some((net ^ ANALYSIS_VERSION.wrapping_mul(0x9e37_79b9)) & 0x7fff_ffff)
}

/// A use of the throws worth at least this much less to the player than
/// the best use found is a choice that swung the game (4 points).
pub const CHOICE_MIN: f64 = 0.04;

/// States visited when looking for the best use of a series (as `expert`).
const PLAN_BUDGET: usize = 20_000;

/// How many swings an analysis names.
pub const SWINGS: usize = 3;

/// Every seat's chance (by seat index) at one point of the game; `x` is
/// the game's progress in series: the throws of series `k` end at
/// `k - 0.5`, its moves at `k`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub x: f64,
    pub chances: [f64; 4],
}

/// What swung the chances.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Cause {
    /// The series thrown (in order, rule 7's discards included).
    Luck { throws: Vec<Throw> },
    /// The position with the throws to use (TPN), the actions played, and
    /// the best use of the same throws found, worth `best_chance` to her.
    Choice { tpn: String, played: Vec<Action>, best: Vec<Action>, best_chance: f64 },
}

/// One swing: whose chance moved, from what to what, in which series.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Swing {
    pub series: u32,
    pub x: f64,
    pub seat: Seat,
    /// The seat's chance before the throws or the moves, and after them.
    pub before: f64,
    pub after: f64,
    pub cause: Cause,
}

impl Swing {
    /// How big the swing is: the change for luck, what was given away
    /// (best use minus the use played) for a choice.
    pub fn size(&self) -> f64 {
        match &self.cause {
            Cause::Luck { .. } => (self.after - self.before).abs(),
            Cause::Choice { best_chance, .. } => best_chance - self.after,
        }
    }
}

/// A whole game analysed.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    pub seats: SeatSet,
    /// From the end of the opening throws to the end of the game.
    pub points: Vec<Point>,
    /// The biggest swings (at most [`SWINGS`]), biggest first.
    pub swings: Vec<Swing>,
    /// Series thrown after the opening.
    pub series: u32,
}

/// Why a game could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisError {
    /// No learned evaluation for this variant and number of players.
    NoNetwork,
    /// The event log does not replay: the index of the refused event.
    Replay(usize, PlayError),
    /// The deadline passed before the analysis was done.
    OutOfTime,
}

impl fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalysisError::NoNetwork => f.write_str("there is no trained evaluation for this table"),
            AnalysisError::Replay(i, e) => write!(f, "event {i} does not replay: {e}"),
            AnalysisError::OutOfTime => f.write_str("the analysis ran out of time"),
        }
    }
}

impl std::error::Error for AnalysisError {}

/// A run of events of one kind: throws, or the actions of one use of them.
struct Run {
    start: Game,
    end: Game,
    events: Vec<Event>,
}

/// Splits the log from `start`, after the opening, into runs of throws
/// (one series, or the throws that follow a capture) and of actions.
fn runs(start: Game, events: &[Event]) -> Result<Vec<Run>, AnalysisError> {
    let mut g = start;
    let mut out: Vec<Run> = Vec::new();
    for (i, &e) in events.iter().enumerate() {
        let opening = matches!(g.phase(), Phase::Opening { .. });
        let before = g;
        g.apply(e).map_err(|err| AnalysisError::Replay(i, err))?;
        if opening {
            continue;
        }
        let same_kind = |r: &Run| {
            matches!(
                (r.events[0], e),
                (Event::Throw { .. }, Event::Throw { .. }) | (Event::Act { .. }, Event::Act { .. })
            )
        };
        match out.last_mut() {
            // A throw of another seat (rule 7 discarded a whole series, or
            // nothing could be used) starts a new run.
            Some(r) if same_kind(r) && r.start.position().turn() == before.position().turn() => {
                r.events.push(e);
                r.end = g;
            }
            _ => out.push(Run { start: before, end: g, events: vec![e] }),
        }
    }
    Ok(out)
}

/// Analyses the game played by `events` from `start` (usually
/// `Game::new`); fails with [`AnalysisError::OutOfTime`] once `deadline`
/// has passed.
pub fn analyse(start: Game, events: &[Event], deadline: Option<Instant>) -> Result<Analysis, AnalysisError> {
    let seats = start.position().seats();
    let chances = |g: &Game| win_chances(g).ok_or(AnalysisError::NoNetwork);
    let runs = runs(start, events)?;
    let first = runs.first().map_or(start, |r| r.start);
    let mut points = vec![Point { x: 0.0, chances: chances(&first)? }];
    let mut swings = Vec::new();
    let mut series = 0u32;
    let mut walk = SeriesWalk::new();
    for run in &runs {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(AnalysisError::OutOfTime);
        }
        let seat = run.start.position().turn();
        let before = points.last().map_or([0.0; 4], |p| p.chances);
        let after = chances(&run.end)?;
        let x = if let Event::Throw { .. } = run.events[0] {
            series += 1;
            let throws = run.events.iter().filter_map(|e| if let Event::Throw { t } = e { Some(*t) } else { None });
            let cause = Cause::Luck { throws: throws.collect() };
            let x = f64::from(series) - 0.5;
            let (before, after) = (before[seat.index()], after[seat.index()]);
            swings.push(Swing { series, x, seat, before, after, cause });
            x
        } else {
            let x = f64::from(series);
            if let Some(s) = choice(run, seat, before[seat.index()], after[seat.index()], series, &mut walk)? {
                swings.push(s);
            }
            x
        };
        points.push(Point { x, chances: after });
    }
    swings.retain(|s| s.size() > 0.0);
    swings.sort_by(|a, b| b.size().total_cmp(&a.size()).then(a.x.total_cmp(&b.x)));
    swings.truncate(SWINGS);
    Ok(Analysis { seats, points, swings, series })
}

/// The swing of one use of the throws, if it gave away more than
/// [`CHOICE_MIN`] against the best of the player's plans.
fn choice(
    run: &Run,
    seat: Seat,
    before: f64,
    after: f64,
    series: u32,
    walk: &mut SeriesWalk,
) -> Result<Option<Swing>, AnalysisError> {
    let mut best: Option<(f64, Vec<Action>)> = None;
    for p in plans(&run.start, walk, PLAN_BUDGET) {
        let c = win_chances(&p.end).ok_or(AnalysisError::NoNetwork)?[seat.index()];
        if best.as_ref().is_none_or(|(b, _)| c > *b) {
            best = Some((c, p.path));
        }
    }
    let Some((best_chance, best)) = best.filter(|(b, _)| b - after > CHOICE_MIN) else {
        return Ok(None);
    };
    let played = run.events.iter().filter_map(|e| if let Event::Act { action } = e { Some(*action) } else { None });
    let tpn = format_tpn(run.start.position(), true);
    let cause = Cause::Choice { tpn, played: played.collect(), best, best_chance };
    Ok(Some(Swing { series, x: f64::from(series), seat, before, after, cause }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{ThrowSource, random_game};
    use crate::engine::{Record, Ruleset, Variant, parse_tpn};

    fn from(tpn: &str) -> Game {
        Game::from_position(parse_tpn(tpn).expect("valid tpn"))
    }

    fn throws(ts: &[Throw]) -> impl Iterator<Item = Event> + '_ {
        ts.iter().map(|&t| Event::Throw { t })
    }

    fn random(variant: Variant, players: usize, seed: u64) -> Record {
        let seats = SeatSet::for_players(players).expect("players");
        let ruleset = Ruleset::new(variant);
        let mut src = ThrowSource::from_u64(seed, ruleset.rules().dice);
        random_game(ruleset, seats, &mut src, &mut crate::engine::MoveGen::new()).0
    }

    #[test]
    fn chances_add_up_to_one_at_every_point_and_end_certain() {
        let rec = random(Variant::Bell, 3, 7);
        assert!(rec.game().is_finished());
        let a = analyse(Game::new(rec.ruleset, rec.seats), &rec.events, None).expect("analysed");
        assert!(a.points.len() > 10 && a.series > 5, "{} points, {} series", a.points.len(), a.series);
        for p in &a.points {
            let sum: f64 = p.chances.iter().sum();
            assert!((sum - 1.0).abs() < 0.02, "{p:?}");
            assert_eq!(p.chances[Seat::E.index()], 0.0, "an empty seat has no chance");
        }
        let last = a.points.last().expect("points");
        let winner = rec.game().position().winner().expect("winner");
        assert_eq!(last.chances[winner.index()], 1.0);
        assert!(a.points.windows(2).all(|w| w[0].x <= w[1].x), "progress only goes forward");
        assert!(a.swings.len() <= SWINGS && !a.swings.is_empty());
        assert!(a.swings.windows(2).all(|w| w[0].size() >= w[1].size()));
    }

    #[test]
    fn a_log_that_does_not_replay_is_refused_with_its_place() {
        let rec = random(Variant::Bell, 2, 3);
        let mut events = rec.events.clone();
        events.insert(3, Event::Act { action: Action::BearOff });
        assert!(matches!(analyse(Game::new(rec.ruleset, rec.seats), &events, None), Err(AnalysisError::Replay(3, _))));
        let past = Instant::now();
        assert_eq!(analyse(Game::new(rec.ruleset, rec.seats), &rec.events, Some(past)), Err(AnalysisError::OutOfTime));
    }

    #[test]
    fn a_decisive_throw_is_luck() {
        // Both need one 1 to win; South throws a lone 2, North then a 1.
        let start = from("bell S=x,x,x,24 N=x,x,x,24 turn=S");
        let mut events: Vec<Event> = throws(&[Throw::Two, Throw::One, Throw::Two]).collect();
        events.push(Event::Act { action: Action::BearOff });
        let a = analyse(start, &events, None).expect("analysed");
        assert_eq!(a.series, 2);
        assert_eq!(a.points.last().map(|p| p.chances[Seat::N.index()]), Some(1.0));
        let top = &a.swings[0];
        assert!(matches!(top.cause, Cause::Luck { .. }), "{top:?}");
        assert!(top.size() > 0.1, "{top:?}");
        assert!(a.swings.iter().all(|s| matches!(s.cause, Cause::Luck { .. })), "a forced move is no choice");
    }

    #[test]
    fn declining_a_capture_that_saves_the_game_is_a_choice() {
        // North's last piece is two squares from the keep; South's 16 can
        // hit it with the 2 (her step 18 is North's 22); she moves her 3
        // instead (the network: 20% for her against 27% after the capture).
        let start = from("bell S=x,x,16,3 N=x,x,x,22 turn=S throws=2");
        let played = Action::Advance { from: 3, twins: false, throws: crate::engine::ThrowBag::of(&[Throw::Two]) };
        let a = analyse(start, &[Event::Act { action: played }], None).expect("analysed");
        let top = &a.swings[0];
        let Cause::Choice { tpn, played: p, best, best_chance } = &top.cause else { panic!("not a choice: {top:?}") };
        assert_eq!((top.seat, p.as_slice()), (Seat::S, &[played][..]));
        assert_eq!(tpn, "bell S=x,x,16,3 N=x,x,x,22 turn=S throws=2");
        assert_eq!(
            best[0],
            Action::Advance { from: 16, twins: false, throws: crate::engine::ThrowBag::of(&[Throw::Two]) }
        );
        assert!(top.size() > 0.05 && *best_chance > top.after, "{top:?}");
    }
}
