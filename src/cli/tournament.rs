//! `thaayam tournament`: computer players against each other over many
//! seeded games on two threads, summarised as one JSON object (wins with a
//! Wilson 95% interval, decision times, speed). With `--paired`, every deal
//! (a seed, so a sequence of throws) is played once per seat, the lineup
//! rotated one seat each game, and each level's edge over its fair share is
//! reported with an interval from the per-deal results: the luck of the
//! throws, the same for every seat over a deal, cancels out of the edge.

use crate::ai::Level;
use crate::ai::arena::{GameResult, mix, play_game};
use crate::engine::{Ruleset, SeatSet};
use serde::Serialize;
use std::time::{Duration, Instant};

/// What to play.
#[derive(Clone, Debug)]
pub struct Options {
    pub ruleset: Ruleset,
    pub players: usize,
    pub games: u64,
    pub seed: u64,
    /// The levels, cycled over the seats (`hard,easy` with 4 players:
    /// hard, easy, hard, easy).
    pub ais: Vec<Level>,
    pub threads: usize,
    /// Play every deal once per seat on the same throws (`games` rounded
    /// up to whole deals of `players` games).
    pub paired: bool,
}

/// The JSON summary.
#[derive(Debug, Serialize)]
pub struct Summary {
    pub variant: String,
    pub players: usize,
    pub games: u64,
    pub seed: u64,
    /// The seats' levels before rotation (game `i` rotates them by `i`).
    pub lineup: Vec<String>,
    pub results: Vec<AiSummary>,
    /// With `--paired`: each level's edge, deal by deal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paired: Option<Paired>,
    pub unfinished: u64,
    pub seconds: f64,
    pub games_per_sec: f64,
}

/// The paired results: deal `d` is games `d·players` to `d·players +
/// players − 1`, all on deal `d`'s throws, game `r` of it with the lineup
/// rotated by `r` seats (2 players: the two levels swap seats).
#[derive(Debug, Serialize)]
pub struct Paired {
    pub deals: u64,
    pub edges: Vec<Edge>,
}

/// One level's edge over the deals.
#[derive(Debug, Serialize)]
pub struct Edge {
    pub ai: String,
    /// Its win rate minus its fair share: the mean over the deals of (games
    /// of the deal it won ÷ players − fair share).
    pub edge: f64,
    /// 95% interval of the edge (normal, from the standard deviation of the
    /// per-deal values: the deals are independent, the games of one are not).
    pub ci95: [f64; 2],
    /// The standard deviation of one deal's value.
    pub sd_per_deal: f64,
    /// `deals_by_wins[k]`: the deals in which it won `k` of the games.
    pub deals_by_wins: Vec<u64>,
}

/// One level's results (all the seats it held, together).
#[derive(Debug, Serialize)]
pub struct AiSummary {
    pub ai: String,
    /// Seats it holds in every game.
    pub seats: usize,
    pub wins: u64,
    pub win_rate: f64,
    /// Wilson 95% interval of the win rate.
    pub ci95: [f64; 2],
    /// The win rate of equal players (seats / players).
    pub fair_share: f64,
    pub decisions: usize,
    pub decision_us_mean: f64,
    pub decision_us_p50: u64,
    pub decision_us_p99: u64,
    pub decision_us_max: u64,
}

/// Parses `hard,easy,...`.
pub fn parse_ais(s: &str) -> Result<Vec<Level>, String> {
    let ais: Vec<Level> = s.split(',').map(|p| p.trim().parse()).collect::<Result<_, _>>()?;
    if ais.is_empty() {
        return Err("--ai needs at least one level".into());
    }
    Ok(ais)
}

/// Plays the tournament.
pub fn run(opts: &Options) -> Result<Summary, String> {
    let seats = SeatSet::for_players(opts.players).ok_or("players must be 2, 3 or 4")?;
    let lineup: Vec<Level> = (0..opts.players).map(|k| opts.ais[k % opts.ais.len()]).collect();
    let start = Instant::now();
    let threads = opts.threads.clamp(1, 16) as u64;
    let total = game_count(opts);
    let chunk = total.div_ceil(threads);
    let results: Vec<Result<Vec<(u64, GameResult)>, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let range = (t * chunk).min(total)..((t + 1) * chunk).min(total);
                let lineup = &lineup;
                scope.spawn(move || range.map(|i| play_one(opts, seats, lineup, i)).collect())
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|_| Err("a game thread panicked".into()))).collect()
    });
    let mut games = Vec::new();
    for r in results {
        games.extend(r?);
    }
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    Ok(summarise(opts, seats, &lineup, &games, seconds))
}

/// How many games are played: `games`, or with `paired` whole deals of
/// `players` games.
fn game_count(opts: &Options) -> u64 {
    let n = opts.players.max(1) as u64;
    if opts.paired { opts.games.div_ceil(n) * n } else { opts.games }
}

/// Game `i`'s seed (its throws and the players' generators): its own, or
/// with `paired` its deal's, `i / players`.
fn game_seed(opts: &Options, i: u64) -> u64 {
    let key = if opts.paired { i / opts.players.max(1) as u64 } else { i };
    mix(opts.seed ^ mix(key))
}

/// The level in each seat of game `i`: the lineup rotated by `i` seats.
fn seat_levels(seats: SeatSet, lineup: &[Level], i: u64) -> [Option<Level>; 4] {
    let mut out = [None; 4];
    for (j, seat) in seats.iter().enumerate() {
        out[seat.index()] = Some(lineup[(j + i as usize) % lineup.len()]);
    }
    out
}

/// Plays game `i`.
fn play_one(opts: &Options, seats: SeatSet, lineup: &[Level], i: u64) -> Result<(u64, GameResult), String> {
    let levels = seat_levels(seats, lineup, i);
    let mut players: [Box<dyn crate::ai::Strategy + Send>; 4] =
        std::array::from_fn(|k| levels[k].unwrap_or(Level::Random).strategy());
    let r = play_game(opts.ruleset, seats, &mut players, game_seed(opts, i)).map_err(|e| format!("game {i}: {e}"))?;
    Ok((i, r))
}

fn summarise(opts: &Options, seats: SeatSet, lineup: &[Level], games: &[(u64, GameResult)], seconds: f64) -> Summary {
    let n = lineup.len();
    let mut levels: Vec<Level> = lineup.to_vec();
    levels.dedup();
    levels.sort_by_key(|l| lineup.iter().position(|x| x == l));
    levels.dedup();
    let mut results = Vec::new();
    for &level in &levels {
        let mut wins = 0;
        let mut times: Vec<Duration> = Vec::new();
        for (i, g) in games {
            let at = seat_levels(seats, lineup, *i);
            for seat in seats.iter().filter(|s| at[s.index()] == Some(level)) {
                wins += u64::from(g.winner == Some(seat));
                times.extend(g.decisions.iter().filter(|(s, _)| *s == seat).map(|(_, d)| *d));
            }
        }
        let count = lineup.iter().filter(|&&l| l == level).count();
        results.push(ai_summary(level, count, n, wins, games.len() as u64, &mut times));
    }
    let paired = opts.paired.then(|| paired_edges(seats, lineup, &levels, games));
    Summary {
        variant: opts.ruleset.to_string(),
        players: opts.players,
        games: games.len() as u64,
        seed: opts.seed,
        lineup: lineup.iter().map(|l| l.to_string()).collect(),
        results,
        paired,
        unfinished: games.iter().filter(|(_, g)| g.winner.is_none()).count() as u64,
        seconds,
        games_per_sec: games.len() as f64 / seconds,
    }
}

fn ai_summary(level: Level, seats: usize, players: usize, wins: u64, games: u64, times: &mut [Duration]) -> AiSummary {
    times.sort();
    let us = |d: Option<&Duration>| d.map_or(0, |d| d.as_micros() as u64);
    let pct = |q: f64| us(times.get(((times.len() as f64 - 1.0) * q).round().max(0.0) as usize));
    let total: f64 = times.iter().map(|d| d.as_secs_f64() * 1e6).sum();
    AiSummary {
        ai: level.to_string(),
        seats,
        wins,
        win_rate: if games == 0 { 0.0 } else { wins as f64 / games as f64 },
        ci95: wilson(wins, games),
        fair_share: seats as f64 / players as f64,
        decisions: times.len(),
        decision_us_mean: if times.is_empty() { 0.0 } else { total / times.len() as f64 },
        decision_us_p50: pct(0.5),
        decision_us_p99: pct(0.99),
        decision_us_max: us(times.last()),
    }
}

/// Each level's edge, deal by deal (deal `d`: games `d·n` to `d·n + n − 1`).
fn paired_edges(seats: SeatSet, lineup: &[Level], levels: &[Level], games: &[(u64, GameResult)]) -> Paired {
    let n = lineup.len();
    let deals = games.iter().map(|(i, _)| i / n as u64 + 1).max().unwrap_or(0);
    let edges = levels
        .iter()
        .map(|&level| {
            let mut wins = vec![0usize; deals as usize];
            for (i, g) in games {
                let at = seat_levels(seats, lineup, *i);
                let won = g.winner.is_some_and(|w| at[w.index()] == Some(level));
                wins[(i / n as u64) as usize] += usize::from(won);
            }
            let fair = lineup.iter().filter(|&&l| l == level).count() as f64 / n as f64;
            let values: Vec<f64> = wins.iter().map(|&w| w as f64 / n as f64 - fair).collect();
            let (edge, ci95, sd_per_deal) = mean_ci95(&values, [-fair, 1.0 - fair]);
            let mut deals_by_wins = vec![0u64; n + 1];
            for &w in &wins {
                deals_by_wins[w.min(n)] += 1;
            }
            Edge { ai: level.to_string(), edge, ci95, sd_per_deal, deals_by_wins }
        })
        .collect();
    Paired { deals, edges }
}

/// The mean of independent `values`, its 95% interval (normal: 1.96
/// standard errors, the standard deviation taken with `len − 1`) kept
/// within `bounds`, and the standard deviation. Fewer than two values
/// give the whole of `bounds`.
fn mean_ci95(values: &[f64], bounds: [f64; 2]) -> (f64, [f64; 2], f64) {
    let len = values.len() as f64;
    let mean = if values.is_empty() { 0.0 } else { values.iter().sum::<f64>() / len };
    if values.len() < 2 {
        return (mean, bounds, 0.0);
    }
    let sd = (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (len - 1.0)).sqrt();
    let half = 1.96 * sd / len.sqrt();
    (mean, [(mean - half).max(bounds[0]), (mean + half).min(bounds[1])], sd)
}

/// The Wilson score interval (95%) of `wins` out of `n`.
pub(crate) fn wilson(wins: u64, n: u64) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    let z = 1.96f64;
    let (w, n) = (wins as f64, n as f64);
    let p = w / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_values() {
        let [lo, hi] = wilson(80, 100);
        assert!((lo - 0.7112).abs() < 1e-3 && (hi - 0.8666).abs() < 1e-3, "{lo} {hi}");
        assert_eq!(wilson(0, 0), [0.0, 1.0]);
    }

    use crate::engine::Seat;

    fn options(players: usize, games: u64, paired: bool) -> Options {
        let ruleset = crate::engine::Ruleset::default();
        Options { ruleset, players, games, seed: 7, ais: vec![Level::Random, Level::Easy], threads: 1, paired }
    }

    /// The two games of a deal draw the same throws, with the levels in
    /// swapped seats; deals differ from each other.
    #[test]
    fn a_paired_deal_swaps_the_seats_on_the_same_throws() {
        let opts = options(2, 6, true);
        let seats = SeatSet::for_players(2).expect("2 seats");
        let lineup = [Level::Random, Level::Easy];
        let mut firsts = Vec::new();
        for deal in 0..3u64 {
            let (a, b) = (2 * deal, 2 * deal + 1);
            assert_eq!(game_seed(&opts, a), game_seed(&opts, b));
            let (at_a, at_b) = (seat_levels(seats, &lineup, a), seat_levels(seats, &lineup, b));
            assert_eq!((at_a[Seat::S.index()], at_a[Seat::N.index()]), (Some(Level::Random), Some(Level::Easy)));
            assert_eq!((at_b[Seat::S.index()], at_b[Seat::N.index()]), (Some(Level::Easy), Some(Level::Random)));
            let (_, ga) = play_one(&opts, seats, &lineup, a).expect("legal");
            let (_, gb) = play_one(&opts, seats, &lineup, b).expect("legal");
            let common = ga.throws.len().min(gb.throws.len());
            assert!(common > 20, "deal {deal}: {common} throws");
            assert_eq!(ga.throws[..common], gb.throws[..common], "deal {deal}: the same throws");
            assert_ne!(ga.decisions.len(), 0);
            firsts.push(ga.throws[..20].to_vec());
        }
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2], "each deal its own throws");
        // Unpaired, every game has its own seed; paired, whole deals.
        assert_ne!(game_seed(&options(2, 6, false), 0), game_seed(&options(2, 6, false), 1));
        assert_eq!(game_count(&options(2, 5, true)), 6);
        assert_eq!(game_count(&options(3, 5, true)), 6);
        assert_eq!(game_count(&options(3, 5, false)), 5);
    }

    /// With 3 players a deal is three games, the lineup in every seat once.
    #[test]
    fn a_paired_deal_of_three_puts_each_level_in_each_seat() {
        let opts = options(3, 6, true);
        let seats = SeatSet::for_players(3).expect("3 seats");
        let lineup = [Level::Hard, Level::Easy, Level::Random];
        for deal in 0..2u64 {
            let games: Vec<u64> = (0..3).map(|r| 3 * deal + r).collect();
            assert!(games.iter().all(|&i| game_seed(&opts, i) == game_seed(&opts, games[0])));
            for seat in seats.iter() {
                let mut held: Vec<Level> =
                    games.iter().filter_map(|&i| seat_levels(seats, &lineup, i)[seat.index()]).collect();
                held.sort_by_key(|l| l.to_string());
                assert_eq!(held, [Level::Easy, Level::Hard, Level::Random], "{seat}");
            }
        }
    }

    #[test]
    fn the_interval_of_a_mean_matches_a_hand_computation() {
        // 2 players, a deal's value is its wins ÷ 2 − ½: mean 1/12, sample
        // standard deviation √(0.7083/5) = 0.37639, half width 1.96 ×
        // 0.37639 / √6 = 0.30117.
        let values = [0.5, 0.0, 0.0, -0.5, 0.5, 0.0];
        let (mean, [lo, hi], sd) = mean_ci95(&values, [-0.5, 0.5]);
        assert!((mean - 1.0 / 12.0).abs() < 1e-12, "{mean}");
        assert!((sd - 0.376_386).abs() < 1e-5, "{sd}");
        assert!((lo + 0.217_84).abs() < 1e-4 && (hi - 0.384_51).abs() < 1e-4, "{lo} {hi}");
        // Kept within the possible values; one deal says nothing of the spread.
        assert_eq!(mean_ci95(&[0.5, 0.5, 0.5, 0.0], [-0.5, 0.5]).1[1], 0.5);
        assert_eq!(mean_ci95(&[0.5], [-0.5, 0.5]), (0.5, [-0.5, 0.5], 0.0));
    }

    /// The same six deals as above, as games: the edge of each level, and
    /// the deals by how many of their games it won.
    #[test]
    fn the_paired_edge_counts_wins_deal_by_deal() {
        let seats = SeatSet::for_players(2).expect("2 seats");
        let lineup = [Level::Hard, Level::Easy];
        let game = |i: u64, winner: Seat| (i, GameResult { winner: Some(winner), ..GameResult::default() });
        // Hard sits in S in a deal's first game, in N in its second.
        let hard_wins = [2, 1, 1, 0, 2, 1];
        let mut games = Vec::new();
        for (d, &k) in hard_wins.iter().enumerate() {
            let (a, b) = (2 * d as u64, 2 * d as u64 + 1);
            let (wa, wb) = match k {
                2 => (Seat::S, Seat::N),
                1 => (Seat::S, Seat::S),
                _ => (Seat::N, Seat::S),
            };
            games.extend([game(a, wa), game(b, wb)]);
        }
        let p = paired_edges(seats, &lineup, &lineup, &games);
        assert_eq!(p.deals, 6);
        let (hard, easy) = (&p.edges[0], &p.edges[1]);
        assert_eq!((hard.ai.as_str(), easy.ai.as_str()), ("hard", "easy"));
        assert!((hard.edge - 1.0 / 12.0).abs() < 1e-12 && (easy.edge + 1.0 / 12.0).abs() < 1e-12);
        assert!((hard.ci95[0] + 0.217_84).abs() < 1e-4 && (hard.ci95[1] - 0.384_51).abs() < 1e-4, "{:?}", hard.ci95);
        assert_eq!(hard.deals_by_wins, [1, 3, 2]);
        assert_eq!(easy.deals_by_wins, [2, 3, 1]);
    }

    #[test]
    fn ai_lists_parse() {
        assert_eq!(parse_ais("hard, easy"), Ok(vec![Level::Hard, Level::Easy]));
        assert!(parse_ais("hard,god").is_err());
    }
}
