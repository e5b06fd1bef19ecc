//! How a season's points are counted, by the rule a table is counted
//! under: the standings of a server's rated finished games in a span.
//!
//! Points come from play between people ([`SeasonRule::People`], the rule
//! of every table counted now): a point for each human finished ahead of,
//! so that neither computers nor friends who give up hand points over:
//! - a game without another human who played scores nothing (it still
//!   counts in the all-time rating, where computers have ratings);
//! - a human who left before her first series of her own (resigned,
//!   removed or forfeited: the seat's `left_unplayed`) is nobody's
//!   opponent, so a game whose opponents all left so scores nothing for
//!   anybody;
//! - the same two players count for at most `pair_games` games in any 7
//!   days of the span: a later game adds nothing for them (nor for either
//!   of them, when she had no other opponent in it).
//!
//! Tables kept before that rule ([`SeasonRule::EverySeat`]: a point for
//! every seat finished ahead of, computers included) keep their count, and
//! are recounted under it.

use super::error::StoreError;
use super::sql::{Db, args};
use super::types::Timestamp;
use std::collections::{BTreeMap, HashMap};

/// A player's season: the rated games of it that count for her, her
/// points (one for each player she finished ahead of, as the table's
/// [`SeasonRule`] counts them) and her wins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonStanding {
    pub user: u64,
    pub games: u32,
    pub points: u32,
    pub wins: u32,
}

/// A season's bounds, `[starts, ends)`, and its name (`2026-11`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonSpan {
    pub name: String,
    pub starts: Timestamp,
    pub ends: Timestamp,
}

/// The rule a season's table is counted under.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SeasonRule {
    /// The first release's: a point for every seat finished ahead of,
    /// computers included (tables kept before schema 15).
    EverySeat,
    /// A point for each human finished ahead of who played, at most
    /// `pair_games` games of the same two players in any 7 days.
    People { pair_games: u32 },
}

impl SeasonRule {
    /// How the rule is stored: its number and its pair cap.
    pub(crate) fn stored(self) -> (u32, Option<u32>) {
        match self {
            SeasonRule::EverySeat => (1, None),
            SeasonRule::People { pair_games } => (2, Some(pair_games)),
        }
    }

    /// The rule stored as `number` (with its pair cap).
    pub(crate) fn from_stored(number: u32, pair_games: Option<u32>) -> Result<SeasonRule, StoreError> {
        match (number, pair_games) {
            (1, _) => Ok(SeasonRule::EverySeat),
            (2, Some(pair_games)) => Ok(SeasonRule::People { pair_games }),
            _ => Err(StoreError::Corrupt { game: None, what: format!("unknown season rule {number}") }),
        }
    }
}

/// The window of the pair cap, in the store's milliseconds.
const PAIR_WINDOW_MS: i64 = 7 * 86_400 * 1000;

const EVERY_SEAT: &str = "SELECT m.user_id AS user_id, count(*) AS games, \
     sum(CAST((SELECT count(*) FROM seats o WHERE o.game_id = m.game_id AND o.place > m.place) AS INTEGER)) AS points, \
     sum(CASE WHEN m.place = 1 THEN 1 ELSE 0 END) AS wins \
     FROM seats m JOIN games g ON g.id = m.game_id \
     WHERE g.guild_id = ?1 AND g.variant = ?2 AND g.state = 'finished' AND g.rated = 1 \
     AND g.finished_at >= ?3 AND g.finished_at < ?4 AND m.user_id IS NOT NULL AND m.place IS NOT NULL \
     GROUP BY m.user_id ORDER BY points DESC, wins DESC, games ASC, user_id ASC";

const HUMAN_SEATS: &str = "SELECT g.id AS game, g.finished_at AS at, s.user_id AS user_id, s.place AS place, \
     s.left_unplayed AS unplayed \
     FROM seats s JOIN games g ON g.id = s.game_id \
     WHERE g.guild_id = ?1 AND g.variant = ?2 AND g.state = 'finished' AND g.rated = 1 \
     AND g.finished_at >= ?3 AND g.finished_at < ?4 AND s.user_id IS NOT NULL AND s.place IS NOT NULL \
     ORDER BY g.finished_at, g.id, s.place";

/// One human seat of a finished game: (game, finished at, user, place, left unplayed).
type Seat = (i64, i64, u64, u8, bool);

/// The standings of server `guild`'s rated `variant` games finished in
/// `span`, counted under `rule`, best first.
pub(crate) fn standings(
    db: &dyn Db,
    guild: u64,
    variant: &str,
    span: &SeasonSpan,
    rule: SeasonRule,
) -> Result<Vec<SeasonStanding>, StoreError> {
    let pair_games = match rule {
        SeasonRule::EverySeat => {
            let rows =
                db.query("select season standings", EVERY_SEAT, args![guild, variant, span.starts, span.ends])?;
            return rows
                .iter()
                .map(|r| {
                    Ok(SeasonStanding {
                        user: r.named("user_id")?,
                        games: r.named("games")?,
                        points: r.named("points")?,
                        wins: r.named("wins")?,
                    })
                })
                .collect();
        }
        SeasonRule::People { pair_games } => pair_games,
    };
    let rows = db.query("select season seats", HUMAN_SEATS, args![guild, variant, span.starts, span.ends])?;
    let seats: Vec<Seat> = rows
        .iter()
        .map(|r| {
            let unplayed: i64 = r.named("unplayed")?;
            Ok((r.named("game")?, r.named("at")?, r.named("user_id")?, r.named("place")?, unplayed != 0))
        })
        .collect::<Result<_, StoreError>>()?;
    Ok(count_people(&seats, pair_games))
}

/// [`SeasonRule::People`] over the human seats of the span's games, in
/// the order they finished.
fn count_people(seats: &[Seat], pair_games: u32) -> Vec<SeasonStanding> {
    let mut table: BTreeMap<u64, SeasonStanding> = BTreeMap::new();
    // Each pair's counted games, by when they finished.
    let mut counted: HashMap<(u64, u64), Vec<i64>> = HashMap::new();
    for game in seats.chunk_by(|a, b| a.0 == b.0) {
        let at = game[0].1;
        let played: Vec<(u64, u8)> = game.iter().filter(|s| !s.4).map(|s| (s.2, s.3)).collect();
        let pair = |a: u64, b: u64| (a.min(b), a.max(b));
        let mut open = Vec::new();
        for (i, &(a, _)) in played.iter().enumerate() {
            for &(b, _) in &played[i + 1..] {
                let before =
                    counted.get(&pair(a, b)).map_or(0, |t| t.iter().filter(|&&t| t > at - PAIR_WINDOW_MS).count());
                if before < pair_games as usize {
                    open.push(pair(a, b));
                }
            }
        }
        for &(user, place) in &played {
            let opponents: Vec<u8> = played
                .iter()
                .filter(|&&(other, _)| other != user && open.contains(&pair(user, other)))
                .map(|&(_, p)| p)
                .collect();
            if opponents.is_empty() {
                continue;
            }
            let s = table.entry(user).or_insert(SeasonStanding { user, games: 0, points: 0, wins: 0 });
            s.games += 1;
            s.points += opponents.iter().filter(|&&p| p > place).count() as u32;
            s.wins += u32::from(place == 1);
        }
        for p in open {
            counted.entry(p).or_default().push(at);
        }
    }
    let mut out: Vec<SeasonStanding> = table.into_values().collect();
    out.sort_by(|a, b| {
        b.points.cmp(&a.points).then(b.wins.cmp(&a.wins)).then(a.games.cmp(&b.games)).then(a.user.cmp(&b.user))
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: i64 = 86_400_000;

    fn standing(user: u64, games: u32, points: u32, wins: u32) -> SeasonStanding {
        SeasonStanding { user, games, points, wins }
    }

    #[test]
    fn the_sixth_game_of_a_pair_in_seven_days_adds_nothing_and_the_eighth_day_counts_again() {
        // Six games a day between 1 and 2, 1 winning them all, on day 0;
        // one more on day 6, and one on day 7 (a week after the first).
        let mut seats = Vec::new();
        let mut game = |id: i64, at: i64| seats.extend([(id, at, 1, 1, false), (id, at, 2, 2, false)]);
        for i in 0..6 {
            game(i, i * 1000);
        }
        game(10, 6 * DAY);
        game(11, 7 * DAY);
        assert_eq!(
            count_people(&seats[..12], 5),
            [standing(1, 5, 5, 5), standing(2, 5, 0, 0)],
            "the sixth adds nothing"
        );
        assert_eq!(count_people(&seats[..14], 5), [standing(1, 5, 5, 5), standing(2, 5, 0, 0)], "still in the week");
        assert_eq!(count_people(&seats, 5), [standing(1, 6, 6, 6), standing(2, 6, 0, 0)], "a week after the first");
        // The cap is the config's.
        assert_eq!(count_people(&seats[..12], 2)[0], standing(1, 2, 2, 2));
    }

    #[test]
    fn an_opponent_who_left_without_playing_is_nobodys_and_a_third_keeps_the_game() {
        // 1 beats 2, who left at once; in a game of three, 3 played too.
        let alone = [(1, 0, 1, 1, false), (1, 0, 2, 2, true)];
        assert_eq!(count_people(&alone, 5), []);
        let three = [(1, 0, 1, 1, false), (1, 0, 3, 2, false), (1, 0, 2, 3, true)];
        assert_eq!(count_people(&three, 5), [standing(1, 1, 1, 1), standing(3, 1, 0, 0)]);
    }
}
