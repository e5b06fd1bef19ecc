//! Post-game analysis: every seat's estimated chance of winning after each
//! series of throws and each use of them, over a whole game, and its
//! biggest swings told apart as luck (a series of throws moved the
//! chances) or choice (the player's use of her throws ended worth clearly
//! less to her than the best use found among her plans, [`super::plans`]).
//!
//! Beside the chart, the review ([`super::review`]): every series' luck
//! ([`super::luck`]) and every decision's loss against the reference
//! ([`super::skill`]), and each player's totals.
//!
//! Chances come from the learned evaluation ([`super::value::win_chances`]);
//! a table without a network cannot be analysed. Pure but for an optional
//! deadline: the same game gives the same analysis (the luck's one sampled
//! long series comes from a generator seeded by the series' number).

use super::luck::LuckJudge;
use super::review::{PlayerReview, Review, Step, players};
use super::skill::{Label, SkillJudge};
use super::value::{stored_net, win_chances};
use crate::engine::{Action, Event, Game, Phase, PlayError, Ruleset, Seat, SeatSet, Throw, format_tpn};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Instant;

/// Bumped whenever the analysis or its chart changes, so that cached
/// analyses of an older version are computed again.
pub const ANALYSIS_VERSION: u32 = 2;

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
    /// Every series' luck and every decision judged, in order.
    pub steps: Vec<Step>,
    /// Each seated player's totals, in seat order.
    pub players: Vec<PlayerReview>,
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

impl Analysis {
    /// The review as it is kept ([`Review`]).
    pub fn review(&self) -> Review {
        Review { players: self.players.clone(), steps: self.steps.clone() }
    }
}

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

/// The series each event of the log from `start` belongs to, numbered as
/// the analysis numbers them ([`Step`]'s `series`): 0 for the opening's
/// throws, then 1, 2, … (a series' throws and the use of them share one).
pub fn event_series(start: Game, events: &[Event]) -> Result<Vec<u32>, AnalysisError> {
    let runs = runs(start, events)?;
    let opening = events.len() - runs.iter().map(|r| r.events.len()).sum::<usize>();
    let mut out = vec![0; opening];
    let mut series = 0u32;
    for run in &runs {
        if let Event::Throw { .. } = run.events[0] {
            series += 1;
        }
        out.extend(std::iter::repeat_n(series, run.events.len()));
    }
    Ok(out)
}

/// Analyses the game played by `events` from `start` (usually
/// `Game::new`); fails with [`AnalysisError::OutOfTime`] once `deadline`
/// has passed.
pub fn analyse(start: Game, events: &[Event], deadline: Option<Instant>) -> Result<Analysis, AnalysisError> {
    let seats = start.position().seats();
    let net = stored_net(start.position().ruleset(), seats.len()).ok_or(AnalysisError::NoNetwork)?;
    let chances = |g: &Game| win_chances(g).ok_or(AnalysisError::NoNetwork);
    let runs = runs(start, events)?;
    let first = runs.first().map_or(start, |r| r.start);
    let mut points = vec![Point { x: 0.0, chances: chances(&first)? }];
    let (mut swings, mut steps) = (Vec::new(), Vec::new());
    let mut series = 0u32;
    let (mut luck, mut skill) = (LuckJudge::new(net), SkillJudge::new(net));
    for run in &runs {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(AnalysisError::OutOfTime);
        }
        let seat = run.start.position().turn();
        let before = points.last().map_or([0.0; 4], |p| p.chances);
        let after = chances(&run.end)?;
        let x = if let Event::Throw { .. } = run.events[0] {
            series += 1;
            let x = f64::from(series) - 0.5;
            let throws: Vec<Throw> = run.events.iter().filter_map(throw_of).collect();
            series_steps(&mut luck, run, series, x, &mut steps);
            let cause = Cause::Luck { throws };
            let (before, after) = (before[seat.index()], after[seat.index()]);
            swings.push(Swing { series, x, seat, before, after, cause });
            x
        } else {
            let x = f64::from(series);
            if let Some((step, swing)) = decision(&mut skill, run, (before[seat.index()], after[seat.index()]), series)
            {
                steps.push(step);
                swings.extend(swing);
            }
            x
        };
        points.push(Point { x, chances: after });
    }
    swings.retain(|s| s.size() > 0.0);
    swings.sort_by(|a, b| b.size().total_cmp(&a.size()).then(a.x.total_cmp(&b.x)));
    swings.truncate(SWINGS);
    let players = players(seats, &steps);
    Ok(Analysis { seats, points, swings, series, steps, players })
}

/// Every seat's luck total (by seat index) over the game played by
/// `events` from `start`: the sum of its series' luck as [`analyse`] finds
/// it, without judging the decisions (what the strength tests take off
/// a result, `thaayam-lab edge`).
pub fn luck_by_seat(start: Game, events: &[Event]) -> Result<[f64; 4], AnalysisError> {
    let seats = start.position().seats();
    let net = stored_net(start.position().ruleset(), seats.len()).ok_or(AnalysisError::NoNetwork)?;
    let mut judge = LuckJudge::new(net);
    let (mut steps, mut series) = (Vec::new(), 0u32);
    for run in runs(start, events)?.iter().filter(|r| matches!(r.events[0], Event::Throw { .. })) {
        series += 1;
        series_steps(&mut judge, run, series, f64::from(series) - 0.5, &mut steps);
    }
    let mut out = [0.0; 4];
    for step in &steps {
        if let Step::Series { seat, luck, .. } = step {
            out[seat.index()] += luck;
        }
    }
    Ok(out)
}

fn throw_of(e: &Event) -> Option<Throw> {
    if let Event::Throw { t } = e { Some(*t) } else { None }
}

/// The luck of each series in a run of throws (usually one; two when a
/// series ended without a move and the same player throws again).
fn series_steps(judge: &mut LuckJudge<'_>, run: &Run, series: u32, x: f64, steps: &mut Vec<Step>) {
    let dice = run.start.position().rules().dice;
    let mut rng = ChaCha8Rng::seed_from_u64(0x6c75_636b ^ u64::from(series));
    let (mut g, mut from, mut throws) = (run.start, run.start, Vec::new());
    for t in run.events.iter().filter_map(throw_of) {
        if g.throw(t).is_err() {
            return;
        }
        throws.push(t);
        if !dice.throws_again(t) {
            let seat = from.position().turn();
            let (luck, _, _) = judge.luck(&from, &g, &mut rng);
            steps.push(Step::Series { series, x, seat, throws: std::mem::take(&mut throws), luck });
            from = g;
        }
    }
}

/// The judgement of one use of the throws, if it was a decision, and its
/// swing if it gave away more than [`CHOICE_MIN`]. `chart`: the seat's
/// chance before and after on the chart.
fn decision(
    judge: &mut SkillJudge<'_>,
    run: &Run,
    (before, after): (f64, f64),
    series: u32,
) -> Option<(Step, Option<Swing>)> {
    let seat = run.start.position().turn();
    let judged = judge.judge(&run.start, &run.end)?;
    let loss = judged.loss();
    let played: Vec<Action> =
        run.events.iter().filter_map(|e| if let Event::Act { action } = e { Some(*action) } else { None }).collect();
    let tpn = format_tpn(run.start.position(), true);
    let x = f64::from(series);
    let swing = (loss > CHOICE_MIN && !judged.best.is_empty()).then(|| {
        let cause = Cause::Choice {
            tpn: tpn.clone(),
            played: played.clone(),
            best: judged.best.clone(),
            best_chance: after + loss,
        };
        Swing { series, x, seat, before, after, cause }
    });
    let step = Step::Decision {
        series,
        x,
        seat,
        tpn,
        played,
        best: judged.best,
        played_end: format_tpn(run.end.position(), true),
        best_end: format_tpn(judged.best_end.position(), true),
        chance: judged.played_chance,
        best_chance: judged.best_chance,
        loss,
        label: Label::of(loss),
    };
    Some((step, swing))
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
        assert!(!a.steps.iter().any(|s| matches!(s, Step::Decision { .. })), "a forced move is no decision");
        let series: Vec<f64> =
            a.steps.iter().filter_map(|s| if let Step::Series { luck, .. } = s { Some(*luck) } else { None }).collect();
        assert!(series.len() == 2 && series[0] < 0.0 && series[1] > 0.0, "a lone 2 is bad luck, a 1 good: {series:?}");
        let n = &a.players[1];
        assert_eq!((n.seat, n.decisions, n.accuracy), (Seat::N, 0, None));
        assert!((n.luck - series[1]).abs() < 1e-12);
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
        let Some(Step::Decision { loss, label, best_end, played_end, .. }) = a.steps.first() else {
            panic!("{:?}", a.steps)
        };
        assert_eq!(*label, Some(Label::Blunder), "loss {loss}");
        assert!(best_end.contains("N=x,x,x,o"), "the capture sends North's piece home: {best_end} vs {played_end}");
        let s = &a.players[0];
        assert_eq!((s.decisions, s.labels), (1, [0, 0, 1]));
        assert!(s.accuracy.is_some_and(|acc| acc < 80.0), "{s:?}");
    }

    #[test]
    fn the_best_use_is_no_loss() {
        let start = from("bell S=x,x,16,3 N=x,x,x,22 turn=S throws=2");
        let capture = Action::Advance { from: 16, twins: false, throws: crate::engine::ThrowBag::of(&[Throw::Two]) };
        let a = analyse(start, &[Event::Act { action: capture }], None).expect("analysed");
        let Some(Step::Decision { loss, label, best, .. }) = a.steps.first() else { panic!("{:?}", a.steps) };
        assert_eq!((*loss, *label, best.is_empty()), (0.0, None, true));
        assert_eq!(a.players[0].accuracy.map(f64::round), Some(100.0));
    }

    #[test]
    fn each_event_is_numbered_with_the_series_the_analysis_gives_it() {
        let rec = random(Variant::Bell, 2, 11);
        let start = Game::new(rec.ruleset, rec.seats);
        let numbers = event_series(start, &rec.events).expect("numbered");
        assert_eq!(numbers.len(), rec.events.len());
        assert_eq!(numbers[0], 0, "the opening");
        assert!(numbers.windows(2).all(|w| w[1] == w[0] || w[1] == w[0] + 1), "one series after another");
        let a = analyse(start, &rec.events, None).expect("analysed");
        assert_eq!(numbers.last().copied(), Some(a.series));
        // Every decision's series has actions, every series step's throws.
        for step in &a.steps {
            let (series, throw) = match step {
                Step::Series { series, .. } => (*series, true),
                Step::Decision { series, .. } => (*series, false),
            };
            let found =
                rec.events.iter().zip(&numbers).any(|(e, &n)| n == series && matches!(e, Event::Throw { .. }) == throw);
            assert!(found, "{step:?}");
        }
        // The luck alone is the analysis's.
        let luck = luck_by_seat(start, &rec.events).expect("luck");
        for p in &a.players {
            assert!((luck[p.seat.index()] - p.luck).abs() < 1e-12, "{luck:?} {p:?}");
        }
    }
}
