//! `edge`: one level's strength against another, raw and luck-adjusted.
//! Seeded games (the first level's seat rotated every game), each scored
//! by the first level's result (1 for a win) minus its fair share, then
//! again with the luck of the game taken off ([`luck_by_seat`]): her own
//! series' luck minus the mean of her rivals' (with two players exactly
//! the luck on her chance of winning; with more, each rival's luck taken
//! as coming off the others' chances alike). Luck is zero-mean by
//! construction, so the adjusted mean estimates the same edge; its
//! variance is smaller, and the ratio of the variances is the share of
//! the games the adjusted figure needs for the raw interval's width.

use super::cpu::thread_cpu_time;
use crate::ai::analysis::luck_by_seat;
use crate::ai::arena::{mix, play_game};
use crate::ai::{Level, Strategy};
use crate::engine::{Game, Ruleset, Seat, SeatSet, Variant};
use std::fmt::Write as _;
use std::time::Instant;

/// A mean with its 95% interval (normal, from the sample's deviation).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub mean: f64,
    /// The sample's variance.
    pub variance: f64,
    /// Half the 95% interval's width.
    pub half: f64,
}

impl Estimate {
    /// The estimate from a sample (at least two values for an interval).
    pub fn of(xs: &[f64]) -> Estimate {
        let n = xs.len() as f64;
        let mean = xs.iter().sum::<f64>() / n.max(1.0);
        let variance = if xs.len() < 2 { 0.0 } else { xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0) };
        Estimate { mean, variance, half: 1.96 * (variance / n.max(1.0)).sqrt() }
    }

    /// "+4.5 points [+1.2, +7.8]".
    fn points(&self) -> String {
        let p = |x: f64| format!("{:+.1}", 100.0 * x);
        format!("{} points [{}, {}]", p(self.mean), p(self.mean - self.half), p(self.mean + self.half))
    }
}

/// The games played and what each gave the first level.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scores {
    /// Per game: her result minus her fair share.
    pub raw: Vec<f64>,
    /// Per game: the same minus the luck on her chance.
    pub adjusted: Vec<f64>,
    /// Per game: that luck.
    pub luck: Vec<f64>,
}

impl Scores {
    /// Games the adjusted figure needs for the interval the raw one
    /// reaches over all of them (the variance ratio × the games).
    pub fn games_needed(&self) -> f64 {
        let (raw, adj) = (Estimate::of(&self.raw), Estimate::of(&self.adjusted));
        if raw.variance == 0.0 { self.raw.len() as f64 } else { self.raw.len() as f64 * adj.variance / raw.variance }
    }
}

/// The luck on `me`'s chance of winning in a game: her series' luck minus
/// the mean of her rivals'.
pub fn luck_on(me: Seat, seats: SeatSet, luck: &[f64; 4]) -> f64 {
    let rivals: Vec<f64> = seats.iter().filter(|&s| s != me).map(|s| luck[s.index()]).collect();
    let theirs = rivals.iter().sum::<f64>() / rivals.len().max(1) as f64;
    luck[me.index()] - theirs
}

/// Plays `games` games of `levels[0]` (one seat, rotated) against
/// `levels[1]` (every other seat) and scores them.
pub fn play(variant: Variant, players: usize, levels: [Level; 2], games: u64, seed: u64) -> Result<Scores, String> {
    let ruleset = Ruleset::new(variant);
    let seats = SeatSet::for_players(players).ok_or("players must be 2, 3 or 4")?;
    let order: Vec<Seat> = seats.iter().collect();
    let fair = 1.0 / players as f64;
    let mut scores = Scores::default();
    for i in 0..games {
        let me = order[i as usize % order.len()];
        let mut strategies: [Box<dyn Strategy + Send>; 4] =
            std::array::from_fn(|s| if s == me.index() { levels[0].strategy() } else { levels[1].strategy() });
        let played = play_game(ruleset, seats, &mut strategies, mix(seed ^ mix(i + 1))).map_err(|e| e.to_string())?;
        let Some(winner) = played.winner else { return Err(format!("game {i} did not finish")) };
        let luck = luck_by_seat(Game::new(ruleset, seats), &played.events).map_err(|e| e.to_string())?;
        let result = if winner == me { 1.0 } else { 0.0 };
        let on_me = luck_on(me, seats, &luck);
        scores.raw.push(result - fair);
        scores.adjusted.push(result - fair - on_me);
        scores.luck.push(on_me);
    }
    Ok(scores)
}

/// `edge`: the report of [`play`], with the CPU time it took.
pub fn report(variant: Variant, players: usize, levels: [Level; 2], games: u64, seed: u64) -> Result<String, String> {
    let (cpu, wall) = (thread_cpu_time(), Instant::now());
    let scores = play(variant, players, levels, games, seed)?;
    let spent = match (cpu, thread_cpu_time()) {
        (Some(a), Some(b)) => b.saturating_sub(a),
        _ => wall.elapsed(),
    };
    let (raw, adjusted, luck) = (Estimate::of(&scores.raw), Estimate::of(&scores.adjusted), Estimate::of(&scores.luck));
    let needed = scores.games_needed();
    let n = scores.raw.len() as f64;
    let [a, b] = levels;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{variant} {players}p, {a} against {b}: {games} games (seed {seed}), {:.0} s of one core",
        spent.as_secs_f64()
    );
    let _ = writeln!(out, "raw edge of {a}:           {} (sd {:.3})", raw.points(), raw.variance.sqrt());
    let _ = writeln!(out, "luck-adjusted edge of {a}: {} (sd {:.3})", adjusted.points(), adjusted.variance.sqrt());
    let _ = writeln!(out, "luck on {a}'s chance:      {} (zero-mean by construction)", luck.points());
    let _ = writeln!(
        out,
        "variance ratio {:.3}: the adjusted edge reaches the raw interval's width in {needed:.0} games of {games} \
         ({:.0} games, {:.0}% saved)",
        adjusted.variance / raw.variance.max(f64::MIN_POSITIVE),
        n - needed,
        100.0 * (1.0 - needed / n.max(1.0)),
    );
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_estimate_has_the_samples_mean_and_a_normal_interval() {
        let e = Estimate::of(&[0.0, 1.0, 0.0, 1.0]);
        assert_eq!(e.mean, 0.5);
        assert!((e.variance - 1.0 / 3.0).abs() < 1e-12);
        assert!((e.half - 1.96 * (1.0f64 / 12.0).sqrt()).abs() < 1e-12);
        assert_eq!(e.points(), "+50.0 points [-6.6, +106.6]");
        assert_eq!(Estimate::of(&[0.25]).half, 0.0, "one value has no interval");
    }

    #[test]
    fn taking_the_luck_off_saves_games_in_the_ratio_of_the_variances() {
        // Results that are half luck: the adjusted spread is a quarter of it.
        let raw = vec![0.5, -0.5, 0.5, -0.5];
        let luck = vec![0.25, -0.25, 0.25, -0.25];
        let adjusted: Vec<f64> = raw.iter().zip(&luck).map(|(r, l)| r - l).collect();
        let scores = Scores { raw, adjusted, luck };
        assert!((scores.games_needed() - 1.0).abs() < 1e-12, "{}", scores.games_needed());
    }

    #[test]
    fn the_luck_on_a_seat_is_hers_minus_her_rivals_mean() {
        let two = SeatSet::for_players(2).expect("2");
        let luck = [0.1, 0.0, -0.05, 0.0];
        assert!((luck_on(Seat::S, two, &luck) - 0.15).abs() < 1e-12);
        assert!((luck_on(Seat::N, two, &luck) + 0.15).abs() < 1e-12);
        let four = SeatSet::for_players(4).expect("4");
        let luck = [0.3, 0.1, -0.1, 0.0];
        assert!((luck_on(Seat::S, four, &luck) - 0.3).abs() < 1e-12);
    }
}
