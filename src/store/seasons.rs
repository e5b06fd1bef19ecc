//! Seasons of a server's leaderboards: each player's points for places
//! over a span of time, counted from the server's rated finished games
//! (under the rule of `season_count`);
//! the tables of months that ended, kept as first counted (with the
//! bounds, time zone and counting rule they were counted with; an empty
//! one is not kept) and recounted by `thaayam check` under their rule; and which
//! months' podiums were posted, claimed once whatever the number of bots.
//!
//! The standings are ordered as the table ranks them: most points, then
//! most wins, then the fewest games (the same points in fewer games),
//! then the user's id (a stable order).

use super::Store;
use super::error::StoreError;
use super::season_count::{self, SeasonRule, SeasonSpan, SeasonStanding};
use super::sql::{Db, Row, args};
use super::types::Timestamp;
use crate::engine::Variant;

/// The table of a month that ended, as it was kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptSeason {
    pub span: SeasonSpan,
    /// The time zone its bounds were counted in.
    pub time_zone: String,
    pub kept_at: Timestamp,
    /// The rule it was counted under (and is recounted under).
    pub rule: SeasonRule,
    pub standings: Vec<SeasonStanding>,
}

/// A kept table whose recount from the games differs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonDifference {
    pub guild: u64,
    pub variant: String,
    pub season: String,
    pub kept: Vec<SeasonStanding>,
    pub recounted: Vec<SeasonStanding>,
}

fn standing_from_row(r: &Row) -> Result<SeasonStanding, StoreError> {
    Ok(SeasonStanding {
        user: r.named("user_id")?,
        games: r.named("games")?,
        points: r.named("points")?,
        wins: r.named("wins")?,
    })
}

fn kept_in(db: &dyn Db, guild: u64, variant: &str, season: &str) -> Result<Option<KeptSeason>, StoreError> {
    let head = db.query_opt(
        "select kept season",
        "SELECT starts_at, ends_at, time_zone, kept_at, rule, pair_games FROM seasons \
         WHERE guild_id = ?1 AND variant = ?2 AND season = ?3",
        args![guild, variant, season],
    )?;
    let Some(head) = head else { return Ok(None) };
    let rows = db.query(
        "select kept standings",
        "SELECT user_id, games, points, wins FROM season_standings WHERE guild_id = ?1 AND variant = ?2 \
         AND season = ?3 ORDER BY points DESC, wins DESC, games ASC, user_id ASC",
        args![guild, variant, season],
    )?;
    Ok(Some(KeptSeason {
        span: SeasonSpan { name: season.to_string(), starts: head.get(0)?, ends: head.get(1)? },
        time_zone: head.get(2)?,
        kept_at: head.get(3)?,
        rule: SeasonRule::from_stored(head.get(4)?, head.get(5)?)?,
        standings: rows.iter().map(standing_from_row).collect::<Result<_, _>>()?,
    }))
}

impl Store {
    /// The standings of server `guild`'s rated `variant` games finished in
    /// `span`, counted under `rule`, best first.
    pub fn season_standings(
        &self,
        guild: u64,
        variant: Variant,
        span: &SeasonSpan,
        rule: SeasonRule,
    ) -> Result<Vec<SeasonStanding>, StoreError> {
        self.read(|db| season_count::standings(db, guild, variant.name(), span, rule))
    }

    /// When server `guild`'s first rated game finished (`None`: none yet).
    pub fn first_rated_game(&self, guild: u64) -> Result<Option<Timestamp>, StoreError> {
        let row = self.read(|db| {
            db.query_opt(
                "select first rated game",
                "SELECT min(finished_at) FROM games WHERE guild_id = ?1 AND state = 'finished' AND rated = 1",
                args![guild],
            )
        })?;
        Ok(row.map(|r| r.get::<Option<Timestamp>>(0)).transpose()?.flatten())
    }

    /// The kept table of a month that ended, if it was kept.
    pub fn kept_season(&self, guild: u64, variant: Variant, season: &str) -> Result<Option<KeptSeason>, StoreError> {
        self.snapshot(|db| kept_in(db, guild, variant.name(), season))
    }

    /// Keeps the table of a month that ended, counted now over `span` in
    /// `time_zone` under `rule`, unless it was kept already (then the kept
    /// one is returned unchanged, whoever kept it: a second bot, an
    /// earlier look, an earlier release under its rule). An empty table is
    /// returned but not kept: nothing is stored for a month without games.
    /// The caller makes sure the month is over.
    pub fn keep_season(
        &mut self,
        guild: u64,
        variant: Variant,
        span: &SeasonSpan,
        time_zone: &str,
        rule: SeasonRule,
    ) -> Result<KeptSeason, StoreError> {
        let now = self.now();
        let v = variant.name();
        self.write(|tx| {
            if let Some(kept) = kept_in(tx, guild, v, &span.name)? {
                return Ok(kept);
            }
            let standings = season_count::standings(tx, guild, v, span, rule)?;
            let shown = KeptSeason { span: span.clone(), time_zone: time_zone.to_string(), kept_at: now, rule, standings };
            if shown.standings.is_empty() {
                return Ok(shown);
            }
            let (number, pair_games) = rule.stored();
            let inserted = tx.execute(
                "keep season",
                "INSERT INTO seasons (guild_id, variant, season, starts_at, ends_at, time_zone, kept_at, rule, pair_games) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) ON CONFLICT DO NOTHING",
                args![guild, v, span.name.as_str(), span.starts, span.ends, time_zone, now, number, pair_games],
            )?;
            if inserted == 0 {
                // Kept meanwhile by another bot on the same database.
                return kept_in(tx, guild, v, &span.name)?.ok_or_else(|| StoreError::Corrupt {
                    game: None,
                    what: format!("season {} of guild {guild} vanished while being kept", span.name),
                });
            }
            for s in &shown.standings {
                tx.execute(
                    "keep season standing",
                    "INSERT INTO season_standings (guild_id, variant, season, user_id, games, points, wins) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                    args![guild, v, span.name.as_str(), s.user, s.games, s.points, s.wins],
                )?;
            }
            Ok(shown)
        })
    }

    /// The variants of server `guild`'s rated games finished in `span`,
    /// by name order.
    pub fn season_variants(&self, guild: u64, span: &SeasonSpan) -> Result<Vec<Variant>, StoreError> {
        let rows = self.read(|db| {
            db.query(
                "select season variants",
                "SELECT DISTINCT variant FROM games WHERE guild_id = ?1 AND state = 'finished' AND rated = 1 \
                 AND finished_at >= ?2 AND finished_at < ?3 ORDER BY variant",
                args![guild, span.starts, span.ends],
            )
        })?;
        rows.iter()
            .map(|r| {
                let name: String = r.get(0)?;
                name.parse::<Variant>()
                    .map_err(|_| StoreError::Corrupt { game: None, what: format!("unknown variant `{name}`") })
            })
            .collect()
    }

    /// Recounts every kept table from the games, over the bounds it was
    /// kept with and under the rule it was counted under (a table kept by
    /// an earlier release keeps its count); the tables that differ (none,
    /// when all is well).
    pub fn recount_seasons(&self) -> Result<(usize, Vec<SeasonDifference>), StoreError> {
        self.snapshot(|db| {
            let kept = db.query(
                "select kept seasons",
                "SELECT guild_id, variant, season FROM seasons ORDER BY guild_id, variant, season",
                args![],
            )?;
            let mut differences = Vec::new();
            for row in &kept {
                let (guild, variant, season): (u64, String, String) = (row.get(0)?, row.get(1)?, row.get(2)?);
                let Some(k) = kept_in(db, guild, &variant, &season)? else { continue };
                let recounted = season_count::standings(db, guild, &variant, &k.span, k.rule)?;
                if recounted != k.standings {
                    differences.push(SeasonDifference { guild, variant, season, kept: k.standings, recounted });
                }
            }
            Ok((kept.len(), differences))
        })
    }

    /// How many kept tables were counted under the earlier rule (a point
    /// for every seat, computers included): they keep that count.
    pub fn seasons_kept_under_earlier_count(&self) -> Result<usize, StoreError> {
        let (number, _) = SeasonRule::EverySeat.stored();
        let row = self.read(|db| {
            db.query_opt("count earlier seasons", "SELECT count(*) FROM seasons WHERE rule = ?1", args![number])
        })?;
        Ok(row.map(|r| r.get::<u64>(0)).transpose()?.unwrap_or(0) as usize)
    }

    /// Whether a month's podium of server `guild` was posted (claimed).
    pub fn podium_claimed(&self, guild: u64, season: &str) -> Result<bool, StoreError> {
        let row = self.read(|db| {
            db.query_opt(
                "select podium",
                "SELECT 1 FROM season_podiums WHERE guild_id = ?1 AND season = ?2",
                args![guild, season],
            )
        })?;
        Ok(row.is_some())
    }

    /// Claims the posting of a month's podium: `true` for the one caller
    /// that should post it, `false` when it was claimed before (by this
    /// bot before a restart, or another bot on the same database).
    pub fn claim_podium(&mut self, guild: u64, season: &str) -> Result<bool, StoreError> {
        let now = self.now();
        let changed = self.write(|tx| {
            tx.execute(
                "claim podium",
                "INSERT INTO season_podiums (guild_id, season, posted_at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
                args![guild, season, now],
            )
        })?;
        Ok(changed == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Ruleset, SeatSet};
    use crate::store::{GameState, LiveSave, NewGame, Occupant};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicI64, Ordering};

    /// A store whose clock reads `clock`.
    fn store() -> (Store, Arc<AtomicI64>) {
        let clock = Arc::new(AtomicI64::new(0));
        let c = clock.clone();
        (Store::open_in_memory().expect("store").with_clock(move || Timestamp(c.load(Ordering::Relaxed))), clock)
    }

    /// A game of `guild` finished at `at`, its seats given in the order
    /// they placed (`None`: a computer), as the bot saves one.
    fn finished(
        (store, clock): &mut (Store, Arc<AtomicI64>),
        guild: u64,
        variant: Variant,
        by_place: &[Option<u64>],
        at: i64,
        practice: bool,
    ) {
        let who: Vec<Occupant> =
            by_place.iter().map(|u| u.map_or(Occupant::Computer("easy".into()), Occupant::Human)).collect();
        let new = NewGame {
            guild,
            channel: 9,
            host: 1,
            ruleset: Ruleset::new(variant),
            max_players: who.len() as u8,
            turn_timeout_secs: 120,
            seed: crate::dice::Seed([3; 32]),
            practice,
            dice: crate::dice::Derivation::CURRENT,
        };
        let id = store.create_game(&new).expect("create");
        let seats = SeatSet::for_players(who.len()).expect("2 to 4 players");
        let save = |expected_seq, state, seats, places| LiveSave {
            expected_seq,
            seq: expected_seq + 1,
            state,
            seats,
            first_event: 0,
            events: Vec::new(),
            deadline: None,
            board: None,
            board_seq: None,
            places,
            rated: !practice,
            names: Vec::new(),
            left_unplayed: Vec::new(),
            live: "{}".into(),
        };
        store.save_live(id, &save(0, GameState::Playing, Some(seats.iter().zip(who).collect()), None)).expect("start");
        let mut places = [0u8; 4];
        for (i, seat) in seats.iter().enumerate() {
            places[seat.index()] = i as u8 + 1;
        }
        clock.store(at, Ordering::Relaxed);
        store.save_live(id, &save(1, GameState::Finished, None, Some(places))).expect("finish");
    }

    fn span(name: &str, starts: i64, ends: i64) -> SeasonSpan {
        SeasonSpan { name: name.into(), starts: Timestamp(starts), ends: Timestamp(ends) }
    }

    fn standing(user: u64, games: u32, points: u32, wins: u32) -> SeasonStanding {
        SeasonStanding { user, games, points, wins }
    }

    #[test]
    fn a_seasons_standings_give_a_point_per_seat_beaten_in_its_span_and_server_only() {
        let mut store = store();
        // Guild 7, bell: a game of four at 1000 (1 > 2 > computer > 3), two
        // of two at 2000 and 3000, one outside the span, one in another
        // server, one practice game.
        finished(&mut store, 7, Variant::Bell, &[Some(1), Some(2), None, Some(3)], 1000, false);
        finished(&mut store, 7, Variant::Bell, &[Some(2), Some(1)], 2000, false);
        finished(&mut store, 7, Variant::Bell, &[Some(2), Some(3)], 3000, false);
        finished(&mut store, 7, Variant::Bell, &[Some(3), Some(1)], 9000, false);
        finished(&mut store, 8, Variant::Bell, &[Some(3), Some(1)], 2000, false);
        finished(&mut store, 7, Variant::Bell, &[Some(3), Some(1)], 2000, true);
        let s = span("x", 1000, 9000);
        let table = store.0.season_standings(7, Variant::Bell, &s, SeasonRule::EverySeat).expect("standings");
        // The earlier count: 2: 2 + 1 + 1 = 4 points, 2 wins; 1: 3 + 0 = 3, 1 win; 3: 0 + 0.
        assert_eq!(table, [standing(2, 3, 4, 2), standing(1, 2, 3, 1), standing(3, 2, 0, 0)]);
        // People only: the computer beaten in the first game is no point.
        let table = store.0.season_standings(7, Variant::Bell, &s, PEOPLE).expect("standings");
        assert_eq!(table, [standing(2, 3, 3, 2), standing(1, 2, 2, 1), standing(3, 2, 0, 0)]);
        assert!(store.0.season_variants(7, &s).expect("variants") == [Variant::Bell]);
        assert!(store.0.season_standings(7, Variant::Bell, &span("y", 0, 1000), PEOPLE).expect("empty").is_empty());
    }

    const PEOPLE: SeasonRule = SeasonRule::People { pair_games: 5 };

    /// Points from computers: three `random` computers beaten, three
    /// games over, give no season point (the games stay rated: they
    /// count in the all-time rating, where computers have ratings).
    #[test]
    fn three_games_against_computers_give_no_season_points() {
        let mut st = store();
        for at in [1000, 2000, 3000] {
            finished(&mut st, 7, Variant::Bell, &[Some(1), None, None, None], at, false);
        }
        let s = span("x", 0, 9000);
        assert_eq!(st.0.season_standings(7, Variant::Bell, &s, PEOPLE).expect("standings"), []);
        assert_eq!(
            st.0.season_standings(7, Variant::Bell, &s, SeasonRule::EverySeat).expect("earlier"),
            [standing(1, 3, 9, 3)]
        );
        assert_eq!(st.0.leaderboard(7, Variant::Bell, 1, 10).expect("ratings").len(), 1, "rated all the same");
        // Nothing is kept for a month without a table.
        let kept = st.0.keep_season(7, Variant::Bell, &s, "UTC", PEOPLE).expect("shown");
        assert!(kept.standings.is_empty());
        assert_eq!(st.0.kept_season(7, Variant::Bell, "x").expect("read"), None, "nothing stored");
        assert_eq!(st.0.first_rated_game(7).expect("first"), Some(Timestamp(1000)));
        assert_eq!(st.0.first_rated_game(8).expect("none"), None);
    }

    #[test]
    fn a_month_is_kept_once_and_the_recount_finds_a_changed_game() {
        let mut st = store();
        finished(&mut st, 7, Variant::Bell, &[Some(1), Some(2)], 1000, false);
        let s = span("2026-11", 0, 5000);
        let kept = st.0.keep_season(7, Variant::Bell, &s, "Europe/Paris", PEOPLE).expect("kept");
        assert_eq!(kept.standings, [standing(1, 1, 1, 1), standing(2, 1, 0, 0)]);
        assert_eq!(kept.rule, PEOPLE);
        // A game finished later in the same span does not change the kept
        // table: the first keeping wins.
        finished(&mut st, 7, Variant::Bell, &[Some(2), Some(1)], 2000, false);
        let again = st.0.keep_season(7, Variant::Bell, &s, "UTC", SeasonRule::EverySeat).expect("kept");
        assert_eq!(again, kept);
        assert_eq!(st.0.kept_season(7, Variant::Bell, "2026-11").expect("read"), Some(kept));
        assert_eq!(st.0.kept_season(7, Variant::TayamSonalu, "2026-11").expect("read"), None);
        // The recount sees the difference.
        let (n, differences) = st.0.recount_seasons().expect("recount");
        assert_eq!((n, differences.len()), (1, 1));
        assert_eq!(differences[0].recounted, [standing(1, 2, 1, 1), standing(2, 2, 1, 1)]);
        let other = span("2026-10", 5000, 9000);
        st.0.keep_season(7, Variant::Bell, &other, "UTC", PEOPLE).expect("an empty month is shown");
        assert_eq!(st.0.recount_seasons().expect("recount").0, 1, "and not kept");
    }

    #[test]
    fn a_podium_is_claimed_once() {
        let mut store = Store::open_in_memory().expect("store");
        assert!(!store.podium_claimed(7, "2026-11").expect("read"));
        assert!(store.claim_podium(7, "2026-11").expect("first"));
        assert!(!store.claim_podium(7, "2026-11").expect("second"));
        assert!(store.podium_claimed(7, "2026-11").expect("read"));
        assert!(!store.podium_claimed(8, "2026-11").expect("read"), "another server's");
    }

    #[test]
    fn a_database_of_the_previous_release_opens_and_counts_its_games_in_seasons() {
        use crate::store::schema::{APPLICATION_ID, MIGRATIONS};
        let dir = std::env::temp_dir().join(format!("thaayam-seasons-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("previous.db");
        let _ = std::fs::remove_file(&path);
        let old = rusqlite::Connection::open(&path).expect("sqlite");
        for sql in &MIGRATIONS[..12] {
            old.execute_batch(sql).expect("the previous release's schema");
        }
        old.execute_batch(&format!(
            "PRAGMA user_version = 12; PRAGMA application_id = {APPLICATION_ID};
             INSERT INTO games (id, guild_id, channel_id, host_id, variant, ruleset, max_players, state,
                 created_at, updated_at, finished_at, turn_timeout_secs, seed, commitment)
             VALUES (1, 5, 6, 9, 'bell', '{{}}', 2, 'finished', 1, 2, 1500, 60, zeroblob(32), 'c');
             INSERT INTO seats (game_id, seat, user_id, joined_at, place, name) VALUES (1, 0, 9, 1, 1, 'nine');
             INSERT INTO seats (game_id, seat, user_id, joined_at, place, name) VALUES (1, 2, 8, 1, 2, 'eight');"
        ))
        .expect("a finished game, as the previous release saved it");
        drop(old);
        let mut store = Store::open(&path).expect("the previous release's file opens");
        assert_eq!(store.schema_version().expect("version"), crate::store::schema::latest_version());
        assert_eq!(store.server(5).expect("read").time_zone, "UTC");
        let s = span("2026-11", 1000, 2000);
        let kept = store.keep_season(5, Variant::Bell, &s, "UTC", PEOPLE).expect("kept");
        assert_eq!(kept.standings, [standing(9, 1, 1, 1), standing(8, 1, 0, 0)]);
        assert_eq!(store.recount_seasons().expect("recount"), (1, Vec::new()));
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A database of the previous release (schema 14) with a kept table
    /// counted by its rule (a computer beaten is a point): it opens, the
    /// table reads as it was kept and says its rule, and the recount
    /// counts it by that rule (no difference), while a table kept now
    /// counts people only.
    #[test]
    fn a_table_kept_by_the_previous_release_keeps_its_count_and_is_recounted_under_its_rule() {
        use crate::store::schema::{APPLICATION_ID, MIGRATIONS};
        let dir = std::env::temp_dir().join(format!("thaayam-seasons-kept-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("previous.db");
        let _ = std::fs::remove_file(&path);
        let old = rusqlite::Connection::open(&path).expect("sqlite");
        for sql in &MIGRATIONS[..14] {
            old.execute_batch(sql).expect("the previous release's schema");
        }
        old.execute_batch(&format!(
            "PRAGMA user_version = 14; PRAGMA application_id = {APPLICATION_ID};
             INSERT INTO games (id, guild_id, channel_id, host_id, variant, ruleset, max_players, state,
                 created_at, updated_at, finished_at, turn_timeout_secs, seed, commitment)
             VALUES (1, 5, 6, 9, 'bell', '{{}}', 3, 'finished', 1, 2, 1500, 60, zeroblob(32), 'c');
             INSERT INTO seats (game_id, seat, user_id, joined_at, place, name) VALUES (1, 0, 9, 1, 1, 'nine');
             INSERT INTO seats (game_id, seat, computer, joined_at, place) VALUES (1, 1, 'easy', 1, 2);
             INSERT INTO seats (game_id, seat, user_id, joined_at, place, name) VALUES (1, 2, 8, 1, 3, 'eight');
             INSERT INTO seasons (guild_id, variant, season, starts_at, ends_at, time_zone, kept_at)
                 VALUES (5, 'bell', '2026-10', 1000, 2000, 'Europe/Paris', 2500);
             INSERT INTO season_standings (guild_id, variant, season, user_id, games, points, wins)
                 VALUES (5, 'bell', '2026-10', 9, 1, 2, 1), (5, 'bell', '2026-10', 8, 1, 0, 0);"
        ))
        .expect("a finished game and its kept table, as the previous release saved them");
        drop(old);
        let mut store = Store::open(&path).expect("the previous release's file opens");
        let kept = store.kept_season(5, Variant::Bell, "2026-10").expect("read").expect("kept");
        assert_eq!((kept.rule, kept.time_zone.as_str()), (SeasonRule::EverySeat, "Europe/Paris"));
        assert_eq!(kept.standings, [standing(9, 1, 2, 1), standing(8, 1, 0, 0)], "its old count");
        assert_eq!(store.recount_seasons().expect("recount"), (1, Vec::new()), "recounted under its rule");
        assert_eq!(store.seasons_kept_under_earlier_count().expect("count"), 1);
        // Kept again (another look, a new release): the same table.
        let again = store.keep_season(5, Variant::Bell, &kept.span, "UTC", PEOPLE).expect("kept");
        assert_eq!(again, kept);
        // The same games, counted now: the computer is no point.
        let now = store.season_standings(5, Variant::Bell, &kept.span, PEOPLE).expect("count");
        assert_eq!(now, [standing(9, 1, 1, 1), standing(8, 1, 0, 0)]);
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
