//! Ratings per guild and variant: Weng-Lin (OpenSkill) for 2–4 players
//! ranked by place, plus games, wins, average place and win streaks.
//!
//! Computer seats take part under a pseudo-player per level (a negative
//! player id, from the `computers` table), so beating a strong computer is
//! worth more than beating a random one; they never appear on leaderboards.
//! Leaderboards sort by the conservative estimate μ − 3σ, so a player must
//! play a few games before a lucky start can put her on top.

use super::Store;
use super::error::{SqlContext, StoreError};
use super::types::{GameId, Timestamp};
use crate::engine::Variant;
use rusqlite::{Connection, OptionalExtension, Row, params};
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

/// The Weng-Lin constants: the library's defaults (μ 25, σ 25/3, β 25/6).
pub const RATING_CONFIG: WengLinConfig = WengLinConfig { beta: 25.0 / 6.0, uncertainty_tolerance: 0.000_001 };

/// A player's rating and record in one guild and variant.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRating {
    pub user: u64,
    pub variant: Variant,
    /// μ: the estimated skill.
    pub rating: f64,
    /// σ: how unsure the estimate is.
    pub uncertainty: f64,
    pub games: u32,
    pub wins: u32,
    pub place_sum: u32,
    /// Wins in a row up to the last game.
    pub streak: u32,
    pub best_streak: u32,
}

impl PlayerRating {
    /// The conservative estimate μ − 3σ that leaderboards sort by.
    pub fn ordinal(&self) -> f64 {
        self.rating - 3.0 * self.uncertainty
    }

    pub fn average_place(&self) -> f64 {
        if self.games == 0 { 0.0 } else { f64::from(self.place_sum) / f64::from(self.games) }
    }
}

const RATING_COLUMNS: &str = "player, variant, rating, uncertainty, games, wins, place_sum, streak, best_streak";

impl Store {
    /// The guild's leaderboard for a variant: humans with at least
    /// `min_games` games, best first, at most `limit` rows.
    pub fn leaderboard(
        &self,
        guild: u64,
        variant: Variant,
        min_games: u32,
        limit: u32,
    ) -> Result<Vec<PlayerRating>, StoreError> {
        let sql = format!(
            "SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = ?1 AND variant = ?2 AND player > 0 \
             AND games >= ?3 ORDER BY rating - 3 * uncertainty DESC, games DESC LIMIT ?4"
        );
        let mut st = self.conn.prepare_cached(&sql).ctx("select leaderboard")?;
        let rows = st
            .query_map(params![guild as i64, variant.name(), min_games, limit], rating_from_row)
            .ctx("select leaderboard")?;
        rows.map(|r| r.ctx("select leaderboard")?).collect()
    }

    /// A player's ratings in a guild, one per variant played.
    pub fn player_stats(&self, guild: u64, user: u64) -> Result<Vec<PlayerRating>, StoreError> {
        let sql = format!("SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = ?1 AND player = ?2 ORDER BY variant");
        let mut st = self.conn.prepare_cached(&sql).ctx("select player stats")?;
        let rows = st.query_map(params![guild as i64, user as i64], rating_from_row).ctx("select player stats")?;
        rows.map(|r| r.ctx("select player stats")?).collect()
    }
}

fn rating_from_row(r: &Row<'_>) -> rusqlite::Result<Result<PlayerRating, StoreError>> {
    let variant: String = r.get(1)?;
    let Ok(variant) = variant.parse::<Variant>() else {
        return Ok(Err(StoreError::Corrupt { game: None, what: format!("unknown variant `{variant}` in ratings") }));
    };
    Ok(Ok(PlayerRating {
        user: r.get::<_, i64>(0)? as u64,
        variant,
        rating: r.get(2)?,
        uncertainty: r.get(3)?,
        games: r.get(4)?,
        wins: r.get(5)?,
        place_sum: r.get(6)?,
        streak: r.get(7)?,
        best_streak: r.get(8)?,
    }))
}

/// One rated participant: rating-table key, place, and current record.
struct Entry {
    player: i64,
    place: u8,
    old: Option<(WengLinRating, [u32; 5])>,
}

/// How a human's rating moved with one game.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct RatingChange {
    pub user: u64,
    pub place: u8,
    /// μ and σ before the game (the defaults for a first game).
    pub(crate) before: (f64, f64),
    pub(crate) after: (f64, f64),
}

impl RatingChange {
    /// The conservative estimate μ − 3σ before and after.
    pub(crate) fn ordinals(&self) -> (f64, f64) {
        (self.before.0 - 3.0 * self.before.1, self.after.0 - 3.0 * self.after.1)
    }
}

/// Rates a game that has just been marked finished (places set); returns
/// the humans' changes in seat order. A practice game changes nothing.
pub(crate) fn record_game(tx: &Connection, id: GameId, now: Timestamp) -> Result<Vec<RatingChange>, StoreError> {
    let (guild, variant, practice): (i64, String, bool) = tx
        .query_row("SELECT guild_id, variant, practice FROM games WHERE id = ?1", [id], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })
        .ctx("select game for rating")?;
    if practice {
        return Ok(Vec::new());
    }
    let mut entries = participants(tx, id)?;
    if entries.len() < 2 {
        return Ok(Vec::new());
    }
    for e in &mut entries {
        e.old = load_rating(tx, guild, &variant, e.player)?;
    }
    let teams: Vec<[WengLinRating; 1]> =
        entries.iter().map(|e| [e.old.map_or_else(WengLinRating::new, |o| o.0)]).collect();
    let ranked: Vec<_> =
        teams.iter().zip(&entries).map(|(t, e)| (&t[..], MultiTeamOutcome::new(usize::from(e.place)))).collect();
    let new = weng_lin_multi_team(&ranked, &RATING_CONFIG);
    let mut changes = Vec::new();
    for ((e, team), old) in entries.iter().zip(new).zip(&teams) {
        let rating = team.first().copied().unwrap_or_default();
        save_rating(tx, guild, &variant, e, rating, now)?;
        if e.player > 0 {
            changes.push(RatingChange {
                user: e.player as u64,
                place: e.place,
                before: (old[0].rating, old[0].uncertainty),
                after: (rating.rating, rating.uncertainty),
            });
        }
    }
    Ok(changes)
}

/// The placed seats, computers mapped to their pseudo-player ids.
fn participants(tx: &Connection, id: GameId) -> Result<Vec<Entry>, StoreError> {
    let mut st = tx
        .prepare_cached("SELECT user_id, computer, place FROM seats WHERE game_id = ?1 AND place > 0 ORDER BY seat")
        .ctx("select placed seats")?;
    let rows: Vec<(Option<i64>, Option<String>, u8)> = st
        .query_map([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .ctx("select placed seats")?
        .collect::<Result<_, _>>()
        .ctx("select placed seats")?;
    let mut out = Vec::with_capacity(rows.len());
    for (user, computer, place) in rows {
        let player = match (user, computer) {
            (Some(u), _) => u,
            (None, level) => -computer_id(tx, level.as_deref().unwrap_or(""))?,
        };
        out.push(Entry { player, place, old: None });
    }
    Ok(out)
}

fn computer_id(tx: &Connection, level: &str) -> Result<i64, StoreError> {
    tx.prepare_cached("INSERT OR IGNORE INTO computers (level) VALUES (?1)")
        .and_then(|mut st| st.execute([level]))
        .ctx("insert computer")?;
    tx.prepare_cached("SELECT id FROM computers WHERE level = ?1")
        .and_then(|mut st| st.query_row([level], |r| r.get(0)))
        .ctx("select computer")
}

fn load_rating(
    tx: &Connection,
    guild: i64,
    variant: &str,
    player: i64,
) -> Result<Option<(WengLinRating, [u32; 5])>, StoreError> {
    tx.prepare_cached(
        "SELECT rating, uncertainty, games, wins, place_sum, streak, best_streak FROM ratings \
         WHERE guild_id = ?1 AND variant = ?2 AND player = ?3",
    )
    .and_then(|mut st| {
        st.query_row(params![guild, variant, player], |r| {
            let rating = WengLinRating { rating: r.get(0)?, uncertainty: r.get(1)? };
            Ok((rating, [r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?]))
        })
        .optional()
    })
    .ctx("select rating")
}

fn save_rating(
    tx: &Connection,
    guild: i64,
    variant: &str,
    e: &Entry,
    rating: WengLinRating,
    now: Timestamp,
) -> Result<(), StoreError> {
    let [games, wins, place_sum, streak, best] = e.old.map_or([0; 5], |o| o.1);
    let won = e.place == 1;
    let streak = if won { streak + 1 } else { 0 };
    tx.prepare_cached(
        "INSERT OR REPLACE INTO ratings (guild_id, variant, player, rating, uncertainty, games, wins, place_sum, \
         streak, best_streak, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
    )
    .and_then(|mut st| {
        st.execute(params![
            guild,
            variant,
            e.player,
            rating.rating,
            rating.uncertainty,
            games + 1,
            wins + u32::from(won),
            place_sum + u32::from(e.place),
            streak,
            best.max(streak),
            now
        ])
    })
    .ctx("save rating")?;
    Ok(())
}
