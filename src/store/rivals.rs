//! Rivals: how a player does against each frequent opponent, and the
//! head-to-head of two players, counted from a server's rated finished
//! games (the seats' places), so there is no second record to keep true.
//! Only rated games count (`games.rated`, written when a game finishes);
//! computers are nobody's rivals.

use super::Store;
use super::error::StoreError;
use super::sql::{Row, args};
use super::types::{GameId, Timestamp};
use crate::engine::Variant;

/// How a player did against one opponent, over the games both finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rival {
    pub opponent: u64,
    pub games: u32,
    /// Games the player placed ahead of the opponent, and behind her.
    pub ahead: u32,
    pub behind: u32,
    /// Games of these the player won.
    pub wins: u32,
}

/// One rated game two players finished together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meeting {
    pub game: GameId,
    pub variant: Variant,
    pub finished_at: Timestamp,
    /// The first player's place, then the second's.
    pub places: (u8, u8),
}

/// The head-to-head of two players: their record as the first player's
/// against the second, and their last meetings, newest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeadToHead {
    pub record: Rival,
    pub last: Vec<Meeting>,
}

/// The rated finished games of server `?1` where player `?2` sat with
/// another human, a row per opponent and game with both places.
const MEETINGS: &str = "FROM seats m \
     JOIN seats o ON o.game_id = m.game_id AND o.user_id IS NOT NULL AND o.user_id <> m.user_id \
     JOIN games g ON g.id = m.game_id \
     WHERE m.user_id = ?2 AND g.guild_id = ?1 AND g.state = 'finished' AND g.rated = 1 \
     AND m.place IS NOT NULL AND o.place IS NOT NULL";

const RECORD: &str = "SELECT o.user_id AS opponent, count(*) AS games, \
     sum(CASE WHEN m.place < o.place THEN 1 ELSE 0 END) AS ahead, \
     sum(CASE WHEN m.place > o.place THEN 1 ELSE 0 END) AS behind, \
     sum(CASE WHEN m.place = 1 THEN 1 ELSE 0 END) AS wins";

impl Store {
    /// Player `user`'s record against each human she finished at least
    /// `min_games` rated games with in server `guild`, most games first
    /// (then the opponent's id), at most `limit`.
    pub fn rivals(&self, guild: u64, user: u64, min_games: u32, limit: u32) -> Result<Vec<Rival>, StoreError> {
        let sql = format!(
            "{RECORD} {MEETINGS} GROUP BY o.user_id HAVING count(*) >= ?3 ORDER BY games DESC, opponent LIMIT ?4"
        );
        let rows = self.read(|db| db.query("select rivals", &sql, args![guild, user, min_games, limit]))?;
        rows.iter().map(rival_from_row).collect()
    }

    /// The head-to-head of `user` against `opponent` in server `guild`:
    /// her record (the totals, over the whole server) and their `last`
    /// meetings, newest first: only those of channel `channel` when one is
    /// given (who asks may not see the server's other channels, and a
    /// meeting names its game, date and place).
    pub fn head_to_head(
        &self,
        guild: u64,
        user: u64,
        opponent: u64,
        last: u32,
        channel: Option<u64>,
    ) -> Result<HeadToHead, StoreError> {
        self.read(|db| {
            let sql = format!("{RECORD} {MEETINGS} AND o.user_id = ?3 GROUP BY o.user_id");
            let record = match db.query_opt("select head to head", &sql, args![guild, user, opponent])? {
                Some(row) => rival_from_row(&row)?,
                None => Rival { opponent, games: 0, ahead: 0, behind: 0, wins: 0 },
            };
            let here = if channel.is_some() { "AND g.channel_id = ?5" } else { "AND ?5 = 0" };
            let sql = format!(
                "SELECT g.id, g.variant, g.finished_at, m.place AS mine, o.place AS theirs {MEETINGS} \
                 AND o.user_id = ?3 {here} ORDER BY g.finished_at DESC, g.id DESC LIMIT ?4"
            );
            let rows = db.query("select meetings", &sql, args![guild, user, opponent, last, channel.unwrap_or(0)])?;
            let last = rows.iter().map(meeting_from_row).collect::<Result<_, _>>()?;
            Ok(HeadToHead { record, last })
        })
    }
}

fn rival_from_row(r: &Row) -> Result<Rival, StoreError> {
    Ok(Rival {
        opponent: r.named("opponent")?,
        games: r.named("games")?,
        ahead: r.named("ahead")?,
        behind: r.named("behind")?,
        wins: r.named("wins")?,
    })
}

fn meeting_from_row(r: &Row) -> Result<Meeting, StoreError> {
    let game: GameId = r.get(0)?;
    let variant: String = r.get(1)?;
    let variant = variant
        .parse::<Variant>()
        .map_err(|_| StoreError::Corrupt { game: Some(game), what: format!("unknown variant `{variant}`") })?;
    Ok(Meeting { game, variant, finished_at: r.get(2)?, places: (r.named("mine")?, r.named("theirs")?) })
}
