//! The saved form of a table: what the store keeps of an unfinished game
//! besides its event log (`games.live`), written out field by field so that
//! renaming or moving a field of [`Table`] cannot change what is saved, and
//! versioned so that a new form comes with a migration from the old ones.
//!
//! Version 1 is the JSON of the releases up to 2026-11-26, byte for byte
//! (`tests/data/saved/` pins it); it has no version field. A later version
//! writes `"v": 2` and so on, and [`from_json`] reads every version up to
//! [`VERSION`], upgrading the old ones on the way in. Names are the
//! format: a field, variant or computer level here is never renamed.

use super::computer::Level;
use super::table::{BoardMessage, Origin, Player, Stage, Table, TurnDraft};
use crate::dice::Derivation;
use crate::engine::{Action, Ruleset};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// The version [`to_json`] writes.
pub(crate) const VERSION: u32 = 1;

/// Version 1, in the order and with the names the JSON has. It borrows
/// the table's longer fields when it is written (every save), and owns
/// them when read.
#[derive(Serialize, Deserialize)]
struct V1<'a> {
    id: i64,
    guild: u64,
    channel: u64,
    host: u64,
    ruleset: Ruleset,
    players: u8,
    turn_timeout: u64,
    #[serde(default)]
    moderators_end: bool,
    #[serde(default)]
    practice: bool,
    lineup: Vec<SavedPlayer>,
    stage: SavedStage,
    seed: [u8; 32],
    /// Absent in games saved before the derivation was recorded (the
    /// store's column says which, see `live::persist::from_live`).
    #[serde(default)]
    dice: Derivation,
    drawn: u32,
    draft: SavedDraft<'a>,
    seq: u32,
    deadline: Option<i64>,
    reminded: bool,
    absences: [u8; 4],
    #[serde(default)]
    left_seats: [Option<u64>; 4],
    started_at: i64,
    #[serde(default)]
    board: Option<SavedBoard>,
    #[serde(default)]
    pinged: Option<u64>,
    #[serde(default)]
    names: Cow<'a, BTreeMap<u64, String>>,
}

#[derive(Serialize, Deserialize)]
enum SavedPlayer {
    Human(u64),
    Computer(#[serde(with = "super::computer::by_name")] Level),
}

#[derive(Serialize, Deserialize)]
enum SavedStage {
    Lobby,
    Playing,
    Finished,
    Ended,
}

/// Drafts saved before whole moves were chosen may carry a `unit`
/// (ignored) and lack the later fields.
#[derive(Serialize, Deserialize)]
struct SavedDraft<'a> {
    actions: Cow<'a, [Action]>,
    #[serde(default)]
    chosen: u8,
    #[serde(default)]
    stepping: bool,
    #[serde(default)]
    page: u8,
}

#[derive(Serialize, Deserialize)]
struct SavedBoard {
    message: u64,
    posted_at: i64,
}

/// The saved form of a table (the log is not in it: the store keeps it).
pub(crate) fn to_json(t: &Table) -> Result<String, String> {
    serde_json::to_string(&V1::from(t)).map_err(|e| e.to_string())
}

/// A table from its saved form, of any version up to [`VERSION`]; its log
/// is empty (the caller adds the store's).
pub(crate) fn from_json(json: &str) -> Result<Table, String> {
    #[derive(Deserialize)]
    struct Version {
        #[serde(default = "first")]
        v: u32,
    }
    fn first() -> u32 {
        1
    }
    let Version { v } = serde_json::from_str(json).map_err(|e| e.to_string())?;
    match v {
        1 => serde_json::from_str::<V1<'static>>(json).map(Table::from).map_err(|e| e.to_string()),
        v => Err(format!("saved in form {v} by a newer version of the bot; this one reads forms 1 to {VERSION}")),
    }
}

impl<'a> From<&'a Table> for V1<'a> {
    fn from(t: &'a Table) -> V1<'a> {
        V1 {
            id: t.id,
            guild: t.guild,
            channel: t.channel,
            host: t.host,
            ruleset: t.ruleset,
            players: t.players,
            turn_timeout: t.turn_timeout,
            moderators_end: t.moderators_end,
            practice: t.practice,
            lineup: t.lineup.iter().map(|&p| p.into()).collect(),
            stage: t.stage.into(),
            seed: t.seed,
            dice: t.dice,
            drawn: t.drawn,
            draft: SavedDraft {
                actions: Cow::Borrowed(&t.draft.actions),
                chosen: t.draft.chosen,
                stepping: t.draft.stepping,
                page: t.draft.page,
            },
            seq: t.seq,
            deadline: t.deadline,
            reminded: t.reminded,
            absences: t.absences,
            left_seats: t.left_seats,
            started_at: t.started_at,
            board: t.board.map(|b| SavedBoard { message: b.message, posted_at: b.posted_at }),
            pinged: t.pinged,
            names: Cow::Borrowed(&t.names),
        }
    }
}

impl From<V1<'_>> for Table {
    fn from(s: V1<'_>) -> Table {
        let mut t = Table::new(
            Origin { id: s.id, guild: s.guild, channel: s.channel, host: s.host },
            s.ruleset,
            s.players,
            s.seed,
        );
        t.players = s.players;
        t.turn_timeout = s.turn_timeout;
        t.moderators_end = s.moderators_end;
        t.practice = s.practice;
        t.lineup = s.lineup.into_iter().map(Player::from).collect();
        t.stage = s.stage.into();
        t.dice = s.dice;
        t.drawn = s.drawn;
        let d = s.draft;
        t.draft = TurnDraft { actions: d.actions.into_owned(), chosen: d.chosen, stepping: d.stepping, page: d.page };
        t.seq = s.seq;
        t.deadline = s.deadline;
        t.reminded = s.reminded;
        t.absences = s.absences;
        t.left_seats = s.left_seats;
        t.started_at = s.started_at;
        t.board = s.board.map(|b| BoardMessage { message: b.message, posted_at: b.posted_at });
        t.pinged = s.pinged;
        t.names = s.names.into_owned();
        t
    }
}

impl From<Player> for SavedPlayer {
    fn from(p: Player) -> SavedPlayer {
        match p {
            Player::Human(user) => SavedPlayer::Human(user),
            Player::Computer(level) => SavedPlayer::Computer(level),
        }
    }
}

impl From<SavedPlayer> for Player {
    fn from(p: SavedPlayer) -> Player {
        match p {
            SavedPlayer::Human(user) => Player::Human(user),
            SavedPlayer::Computer(level) => Player::Computer(level),
        }
    }
}

impl From<Stage> for SavedStage {
    fn from(s: Stage) -> SavedStage {
        match s {
            Stage::Lobby => SavedStage::Lobby,
            Stage::Playing => SavedStage::Playing,
            Stage::Finished => SavedStage::Finished,
            Stage::Ended => SavedStage::Ended,
        }
    }
}

impl From<SavedStage> for Stage {
    fn from(s: SavedStage) -> Stage {
        match s {
            SavedStage::Lobby => Stage::Lobby,
            SavedStage::Playing => Stage::Playing,
            SavedStage::Finished => Stage::Finished,
            SavedStage::Ended => Stage::Ended,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Variant;

    fn lobby(players: u8, variant: Variant) -> Table {
        crate::discord::game::table::kit::lobby(players, variant)
    }

    #[test]
    fn a_table_comes_back_from_its_saved_form() {
        let mut t = lobby(3, Variant::Francais);
        t.lineup.extend([Player::Human(202), Player::Computer(Level::Hard)]);
        t.names.insert(202, "Meena".into());
        t.board = Some(BoardMessage { message: 5, posted_at: 6 });
        let json = to_json(&t).expect("saved");
        let back = from_json(&json).expect("loaded");
        assert_eq!(
            (back.lineup.clone(), back.stage, back.names.clone(), back.board),
            (t.lineup, t.stage, t.names, t.board)
        );
        assert_eq!(to_json(&back).expect("saved again"), json);
    }

    #[test]
    fn a_form_from_a_newer_bot_is_refused_in_words() {
        let t = lobby(2, Variant::Bell);
        let json = to_json(&t).expect("saved").replacen('{', "{\"v\":2,", 1);
        let err = from_json(&json).expect_err("refused");
        assert!(err.contains("form 2") && err.contains("newer"), "{err}");
        assert!(from_json("{\"v\":1}").is_err(), "a version alone is not a table");
    }
}
