//! Ratings per guild and variant: Weng-Lin (OpenSkill) for 2–4 players
//! ranked by place, plus games, wins, average place and win streaks.
//!
//! Computer seats take part under a pseudo-player per level (a negative
//! player id, from the `computers` table), so beating a strong computer is
//! worth more than beating a random one; they never appear on leaderboards.
//! Leaderboards sort by the conservative estimate μ − 3σ, so a player must
//! play a few games before a lucky start can put her on top.

use super::Store;
use super::error::StoreError;
use super::sql::{Db, Row, args};
use super::types::{GameId, Timestamp};
use crate::engine::Variant;
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
        let rows =
            self.read(|db| db.query("select leaderboard", &sql, args![guild, variant.name(), min_games, limit]))?;
        rows.iter().map(rating_from_row).collect()
    }

    /// A player's ratings in a guild, one per variant played.
    pub fn player_stats(&self, guild: u64, user: u64) -> Result<Vec<PlayerRating>, StoreError> {
        let sql = format!("SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = ?1 AND player = ?2 ORDER BY variant");
        let rows = self.read(|db| db.query("select player stats", &sql, args![guild, user]))?;
        rows.iter().map(rating_from_row).collect()
    }
}

fn rating_from_row(r: &Row) -> Result<PlayerRating, StoreError> {
    let variant: String = r.named("variant")?;
    let Ok(variant) = variant.parse::<Variant>() else {
        return Err(StoreError::Corrupt { game: None, what: format!("unknown variant `{variant}` in ratings") });
    };
    Ok(PlayerRating {
        user: r.named("player")?,
        variant,
        rating: r.named("rating")?,
        uncertainty: r.named("uncertainty")?,
        games: r.named("games")?,
        wins: r.named("wins")?,
        place_sum: r.named("place_sum")?,
        streak: r.named("streak")?,
        best_streak: r.named("best_streak")?,
    })
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

/// Rates a game that has just been marked finished (places set, and
/// whether it counts: `games.rated`, as the finishing save said); returns
/// the humans' changes in seat order. An unrated game (practice, outside
/// servers) changes nothing.
pub(crate) fn record_game(tx: &dyn Db, id: GameId, now: Timestamp) -> Result<Vec<RatingChange>, StoreError> {
    let row =
        tx.query_one("select game for rating", "SELECT guild_id, variant, rated FROM games WHERE id = ?1", args![id])?;
    let (guild, variant, rated): (i64, String, bool) = (row.get(0)?, row.get(1)?, row.get(2)?);
    if !rated {
        return Ok(Vec::new());
    }
    let mut entries = participants(tx, id, Lookup::Insert)?;
    if entries.len() < 2 {
        return Ok(Vec::new());
    }
    tx.number_the_rating(id, guild, &variant)?;
    for e in &mut entries {
        e.old = load_rating(tx, guild, &variant, e.player)?;
    }
    let mut changes = Vec::new();
    for (e, (rating, record)) in entries.iter().zip(rate(&entries)) {
        save_rating(tx, guild, &variant, e.player, rating, record, now)?;
        if e.player > 0 {
            let old = e.old.map_or_else(WengLinRating::new, |o| o.0);
            changes.push(RatingChange {
                user: e.player as u64,
                place: e.place,
                before: (old.rating, old.uncertainty),
                after: (rating.rating, rating.uncertainty),
            });
        }
    }
    Ok(changes)
}

/// The new rating and record (games, wins, place sum, streak, best streak)
/// of each participant of one game, in the order given: the one
/// computation the bot's saves and `thaayam check`'s recount share.
fn rate(entries: &[Entry]) -> Vec<(WengLinRating, [u32; 5])> {
    let teams: Vec<[WengLinRating; 1]> =
        entries.iter().map(|e| [e.old.map_or_else(WengLinRating::new, |o| o.0)]).collect();
    let ranked: Vec<_> =
        teams.iter().zip(entries).map(|(t, e)| (&t[..], MultiTeamOutcome::new(usize::from(e.place)))).collect();
    let new = weng_lin_multi_team(&ranked, &RATING_CONFIG);
    entries
        .iter()
        .zip(new)
        .map(|(e, team)| {
            let [games, wins, place_sum, streak, best] = e.old.map_or([0; 5], |o| o.1);
            let won = e.place == 1;
            let streak = if won { streak + 1 } else { 0 };
            let record = [games + 1, wins + u32::from(won), place_sum + u32::from(e.place), streak, best.max(streak)];
            (team.first().copied().unwrap_or_default(), record)
        })
        .collect()
}

impl Store {
    /// `thaayam check`: every rating recomputed from the finished games'
    /// places, in the order the bot rated them (`rated_seq`), and compared
    /// with the stored one; one line per difference. Games rated before
    /// that order was saved come first, in the order they finished.
    pub fn rating_problems(&self) -> Result<Vec<String>, StoreError> {
        self.read(|db| rating_problems_in(db))
    }
}

fn rating_problems_in(db: &dyn Db) -> Result<Vec<String>, StoreError> {
    let games: Vec<(GameId, i64, String)> = db
        .query(
            "select rated games",
            "SELECT id, guild_id, variant FROM games WHERE state = 'finished' AND rated = 1 \
                 ORDER BY rated_seq IS NOT NULL, rated_seq, finished_at, id",
            args![],
        )?
        .iter()
        .map(|r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .collect::<Result<_, StoreError>>()?;
    type Key = (i64, String, i64);
    let mut recount: std::collections::BTreeMap<Key, (WengLinRating, [u32; 5])> = Default::default();
    for (id, guild, variant) in games {
        let mut entries = participants(db, id, Lookup::ReadOnly)?;
        if entries.len() < 2 {
            continue;
        }
        for e in &mut entries {
            e.old = recount.get(&(guild, variant.clone(), e.player)).copied();
        }
        for (e, new) in entries.iter().zip(rate(&entries)) {
            recount.insert((guild, variant.clone(), e.player), new);
        }
    }
    let stored: Vec<(Key, WengLinRating, [u32; 5])> = db
        .query(
            "select ratings",
            "SELECT guild_id, variant, player, rating, uncertainty, games, wins, place_sum, streak, best_streak \
                 FROM ratings ORDER BY guild_id, variant, player",
            args![],
        )?
        .iter()
        .map(|r| {
            let rating = WengLinRating { rating: r.get(3)?, uncertainty: r.get(4)? };
            Ok(((r.get(0)?, r.get(1)?, r.get(2)?), rating, [r.get(5)?, r.get(6)?, r.get(7)?, r.get(8)?, r.get(9)?]))
        })
        .collect::<Result<_, StoreError>>()?;
    let mut problems = Vec::new();
    let name = |(guild, variant, player): &Key| format!("guild {guild}, {variant}, player {player}");
    for (key, rating, record) in &stored {
        match recount.remove(key) {
            None => problems.push(format!("{}: a stored rating that no finished game explains", name(key))),
            Some((r, rec))
                if !close(r.rating, rating.rating) || !close(r.uncertainty, rating.uncertainty) || rec != *record =>
            {
                problems.push(format!(
                    "{}: stored μ {:.6} σ {:.6} record {record:?}, the results give μ {:.6} σ {:.6} record {rec:?}",
                    name(key),
                    rating.rating,
                    rating.uncertainty,
                    r.rating,
                    r.uncertainty
                ));
            }
            Some(_) => {}
        }
    }
    for key in recount.keys() {
        problems.push(format!("{}: finished games give a rating that is not stored", name(key)));
    }
    Ok(problems)
}

/// Equal up to rounding (the bot and the recount do the same arithmetic).
fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// Whether reading the participants may add a computer level it has not met.
#[derive(Copy, Clone, PartialEq)]
enum Lookup {
    Insert,
    ReadOnly,
}

/// The placed seats, computers mapped to their pseudo-player ids.
fn participants(tx: &dyn Db, id: GameId, lookup: Lookup) -> Result<Vec<Entry>, StoreError> {
    let rows = tx.query(
        "select placed seats",
        "SELECT user_id, computer, place FROM seats WHERE game_id = ?1 AND place > 0 ORDER BY seat",
        args![id],
    )?;
    let mut out = Vec::with_capacity(rows.len());
    for r in rows {
        let (user, computer, place): (Option<i64>, Option<String>, u8) = (r.get(0)?, r.get(1)?, r.get(2)?);
        let player = match (user, computer) {
            (Some(u), _) => u,
            (None, level) => -computer_id(tx, level.as_deref().unwrap_or(""), lookup)?,
        };
        out.push(Entry { player, place, old: None });
    }
    Ok(out)
}

fn computer_id(tx: &dyn Db, level: &str, lookup: Lookup) -> Result<i64, StoreError> {
    if lookup == Lookup::Insert {
        tx.execute(
            "insert computer",
            "INSERT INTO computers (level) VALUES (?1) ON CONFLICT (level) DO NOTHING",
            args![level],
        )?;
    }
    tx.query_one("select computer", "SELECT id FROM computers WHERE level = ?1", args![level])?.get(0)
}

fn load_rating(
    tx: &dyn Db,
    guild: i64,
    variant: &str,
    player: i64,
) -> Result<Option<(WengLinRating, [u32; 5])>, StoreError> {
    let row = tx.query_opt(
        "select rating",
        "SELECT rating, uncertainty, games, wins, place_sum, streak, best_streak FROM ratings \
         WHERE guild_id = ?1 AND variant = ?2 AND player = ?3",
        args![guild, variant, player],
    )?;
    let Some(r) = row else { return Ok(None) };
    let rating = WengLinRating { rating: r.named("rating")?, uncertainty: r.named("uncertainty")? };
    let record = ["games", "wins", "place_sum", "streak", "best_streak"].map(|c| r.named(c));
    let [games, wins, place_sum, streak, best] = record;
    Ok(Some((rating, [games?, wins?, place_sum?, streak?, best?])))
}

fn save_rating(
    tx: &dyn Db,
    guild: i64,
    variant: &str,
    player: i64,
    rating: WengLinRating,
    [games, wins, place_sum, streak, best_streak]: [u32; 5],
    now: Timestamp,
) -> Result<(), StoreError> {
    tx.execute(
        "save rating",
        "INSERT INTO ratings (guild_id, variant, player, rating, uncertainty, games, wins, place_sum, \
         streak, best_streak, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) \
         ON CONFLICT (guild_id, variant, player) DO UPDATE SET rating = excluded.rating, \
         uncertainty = excluded.uncertainty, games = excluded.games, wins = excluded.wins, \
         place_sum = excluded.place_sum, streak = excluded.streak, best_streak = excluded.best_streak, \
         updated_at = excluded.updated_at",
        args![
            guild,
            variant,
            player,
            rating.rating,
            rating.uncertainty,
            games,
            wins,
            place_sum,
            streak,
            best_streak,
            now
        ],
    )?;
    Ok(())
}
