//! The saved form of a running game: what the store keeps of an unfinished
//! game besides its event log (`games.live`), written out field by field so
//! that renaming or moving a field of [`Table`] or [`super::running::Post`] cannot change
//! what is saved, and versioned so that a new form comes with a migration
//! from the old ones.
//!
//! Version 1 is the JSON of the releases up to 2026-11-26, byte for byte
//! (`tests/data/saved/` pins it); it has no version field. A later version
//! writes `"v": 2` and so on, and [`from_json`] reads every version up to
//! [`VERSION`], upgrading the old ones on the way in. Names are the
//! format: a field, variant or computer level here is never renamed.

use super::running::{BoardMessage, Reach, Running};
use crate::dice::Derivation;
use crate::discord::game::computer::{self, Level};
use crate::discord::game::ids::{ChannelId, GameId, MessageId, UserId, Venue};
use crate::discord::game::table::{Origin, Player, Stage, Table, TurnDraft};
use crate::discord::view::lang::Lang;
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
    id: GameId,
    guild: Venue,
    channel: ChannelId,
    host: UserId,
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
    left_seats: [Option<UserId>; 4],
    started_at: i64,
    #[serde(default)]
    board: Option<SavedBoard>,
    #[serde(default)]
    pinged: Option<UserId>,
    #[serde(default)]
    names: Cow<'a, BTreeMap<UserId, String>>,
    /// The board's lines so far (`Post::story`); absent when there are
    /// none, so that a form without them reads as before and a release
    /// from before them reads this one (it ignores the field).
    #[serde(default, skip_serializing_if = "no_lines")]
    story: Cow<'a, [String]>,
    /// Whether the game moves on by clicks only (`Reach::Interactions`: a
    /// group DM); absent for a channel the bot is in, as before.
    #[serde(default, skip_serializing_if = "is_false")]
    by_clicks: bool,
    /// The turn whose direct message was decided (`Post::noticed`); absent
    /// when none, as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    noticed: Option<i64>,
    /// The language of a game outside servers (`Post::lang`, a code of
    /// ours: "fr"); absent in servers and in games saved before, and a
    /// code this release does not speak reads as absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    lang: Option<Cow<'a, str>>,
    /// The votes to let a computer play an away player's seat (the away
    /// player, the voter; `Table::stand_in_votes`); absent when there are
    /// none, as before (a release from before them ignores the field).
    #[serde(default, skip_serializing_if = "no_votes")]
    stand_in: Cow<'a, [(UserId, UserId)]>,
    /// The seats whose human has not played a series of her own yet
    /// (`Table::unplayed`); absent in games saved before, which count
    /// every seat as played, and once all have played.
    #[serde(default, skip_serializing_if = "all_played")]
    unplayed: [bool; 4],
}

fn all_played(unplayed: &[bool; 4]) -> bool {
    !unplayed.contains(&true)
}

#[allow(clippy::ptr_arg)] // serde hands over the field as it is
fn no_votes(votes: &Cow<'_, [(UserId, UserId)]>) -> bool {
    votes.is_empty()
}

fn is_false(b: &bool) -> bool {
    !*b
}

#[allow(clippy::ptr_arg)] // serde hands over the field as it is
fn no_lines(lines: &Cow<'_, [String]>) -> bool {
    lines.is_empty()
}

#[derive(Serialize, Deserialize)]
enum SavedPlayer {
    Human(UserId),
    Computer(#[serde(with = "computer::by_name")] Level),
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
    message: MessageId,
    posted_at: i64,
}

/// The saved form of a running game: its table and where its board
/// message is (the log is not in it: the store keeps it).
pub(crate) fn to_json(r: &Running) -> Result<String, String> {
    serde_json::to_string(&V1::from(r)).map_err(|e| e.to_string())
}

/// A running game from its saved form, of any version up to [`VERSION`];
/// its log is empty (the caller adds the store's), and neither what its
/// board shows nor what the store holds is known.
pub(crate) fn from_json(json: &str) -> Result<Running, String> {
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
        1 => serde_json::from_str::<V1<'static>>(json).map(Running::from).map_err(|e| e.to_string()),
        v => Err(format!("saved in form {v} by a newer version of the bot; this one reads forms 1 to {VERSION}")),
    }
}

/// The form a saved game is in when it is newer than this bot reads
/// (`None` for a form it reads, or text that is no saved game at all):
/// such a game is another release's to run, never this one's to abandon.
pub(crate) fn newer_form(json: &str) -> Option<u32> {
    #[derive(Deserialize)]
    struct Version {
        v: Option<u32>,
    }
    serde_json::from_str::<Version>(json).ok().and_then(|f| f.v).filter(|&v| v > VERSION)
}

impl<'a> From<&'a Running> for V1<'a> {
    fn from(r: &'a Running) -> V1<'a> {
        let (t, post) = (&r.table, &r.post);
        V1 {
            id: t.id,
            guild: t.venue,
            channel: t.channel,
            host: t.host,
            ruleset: t.ruleset,
            players: t.players,
            turn_timeout: t.turn_timeout,
            moderators_end: t.moderators_end,
            practice: t.practice,
            lineup: t.lineup.iter().map(|&p| p.into()).collect(),
            stage: t.stage.into(),
            seed: t.seed.0,
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
            board: post.board.map(|b| SavedBoard { message: b.message, posted_at: b.posted_at }),
            pinged: post.pinged,
            names: Cow::Borrowed(&t.names),
            story: Cow::Borrowed(&post.story),
            by_clicks: post.reach == Reach::Interactions,
            noticed: post.noticed,
            lang: post.lang.map(|l| Cow::Borrowed(l.code())),
            stand_in: Cow::Borrowed(&t.stand_in_votes),
            unplayed: t.unplayed,
        }
    }
}

impl From<V1<'_>> for Running {
    fn from(s: V1<'_>) -> Running {
        let mut t = Table::new(
            Origin { id: s.id, venue: s.guild, channel: s.channel, host: s.host },
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
        t.names = s.names.into_owned();
        t.stand_in_votes = s.stand_in.into_owned();
        t.unplayed = s.unplayed;
        let mut running = Running::new(t);
        running.post.board = s.board.map(|b| BoardMessage { message: b.message, posted_at: b.posted_at });
        running.post.pinged = s.pinged;
        running.post.story = s.story.into_owned();
        running.post.reach = if s.by_clicks { Reach::Interactions } else { Reach::Channel };
        running.post.noticed = s.noticed;
        running.post.lang = s.lang.as_deref().and_then(Lang::from_code);
        running
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
    use crate::discord::game::session_tests::{act, next_intent, play_out, started};
    use crate::engine::Variant;

    fn lobby(players: u8, variant: Variant) -> Running {
        Running::new(crate::discord::game::table::kit::lobby(players, variant))
    }

    #[test]
    fn votes_for_a_computer_in_an_away_player_s_seat_are_saved() {
        let mut r = lobby(3, Variant::Bell);
        let json = to_json(&r).expect("saved");
        assert!(!json.contains("stand_in"), "no votes, no field: the form of 2026-11-26");
        r.table.stand_in_votes = vec![(UserId(10), UserId(11)), (UserId(10), UserId(12))];
        let loaded = from_json(&to_json(&r).expect("saved")).expect("loaded");
        assert_eq!(loaded.table.stand_in_votes, r.table.stand_in_votes);
    }

    #[test]
    fn a_table_comes_back_from_its_saved_form() {
        let mut r = lobby(3, Variant::Francais);
        r.table.lineup.extend([Player::Human(UserId(202)), Player::Computer(Level::Hard)]);
        r.table.names.insert(UserId(202), "Meena".into());
        r.post.board = Some(BoardMessage { message: MessageId(5), posted_at: 6 });
        r.post.pinged = Some(UserId(202));
        r.post.shown = Some(4);
        let json = to_json(&r).expect("saved");
        assert!(!json.contains("story"), "no lines, no field: the form of 2026-11-26");
        r.post.story = vec!["South threw 3".into(), "West took 1 piece".into()];
        let with_story = to_json(&r).expect("saved");
        assert_eq!(from_json(&with_story).expect("loaded").post.story, r.post.story, "the board's lines are kept");
        r.post.story.clear();
        assert!(!json.contains("by_clicks"), "a channel the bot is in: the form of 2026-11-26");
        r.post.reach = Reach::Interactions;
        let by_clicks = to_json(&r).expect("saved");
        assert_eq!(
            from_json(&by_clicks).expect("loaded").post.reach,
            Reach::Interactions,
            "a group DM's game stays one"
        );
        r.post.reach = Reach::Channel;
        r.post.noticed = Some(77);
        assert_eq!(from_json(&to_json(&r).expect("saved")).expect("loaded").post.noticed, Some(77));
        r.post.noticed = None;
        assert!(!json.contains("lang"), "a game in a server: the form of 2026-11-26");
        let fr = Lang::from_code("fr").expect("French");
        r.post.lang = Some(fr);
        let speaking = to_json(&r).expect("saved");
        assert!(speaking.contains(r#""lang":"fr""#), "{speaking}");
        assert_eq!(from_json(&speaking).expect("loaded").post.lang, Some(fr), "a group DM's language is kept");
        let unknown = speaking.replace(r#""lang":"fr""#, r#""lang":"xx""#);
        assert_eq!(from_json(&unknown).expect("loaded").post.lang, None, "a language we lack reads as none");
        r.post.lang = None;
        let back = from_json(&json).expect("loaded");
        let t = &r.table;
        assert_eq!(
            (back.table.lineup.clone(), back.table.stage, back.table.names.clone(), back.post.board, back.post.pinged),
            (t.lineup.clone(), t.stage, t.names.clone(), r.post.board, r.post.pinged)
        );
        assert_eq!(back.post.shown, None, "what the board shows is the store's column, not the saved form's");
        assert_eq!(to_json(&back).expect("saved again"), json);
    }

    #[test]
    fn a_form_from_a_newer_bot_is_refused_in_words() {
        let t = lobby(2, Variant::Bell);
        let json = to_json(&t).expect("saved").replacen('{', "{\"v\":2,", 1);
        let err = from_json(&json).expect_err("refused");
        assert!(err.contains("form 2") && err.contains("newer"), "{err}");
        assert_eq!(newer_form(&json), Some(VERSION + 1), "told apart from a damaged save");
        assert!(from_json("{\"v\":1}").is_err(), "a version alone is not a table");
    }

    #[test]
    fn the_draft_survives_a_save_and_load() {
        let mut t = started(2, Variant::Bell);
        while t.draft.actions.is_empty() {
            let user = t.human_to_act().expect("human");
            let intent = next_intent(&t);
            act(&mut t, user, intent).expect("scripted click");
        }
        let json = to_json(&Running::new(t.clone())).expect("serialise");
        let mut back = from_json(&json).expect("deserialise").table;
        assert!(back.events.is_empty(), "the log is the store's, not in the saved form");
        back.events = t.events.clone();
        assert_eq!(back.draft, t.draft);
        assert_eq!(back.seq, t.seq);
        assert_eq!(back.game_now(), t.game_now());
    }

    #[test]
    fn a_turn_saved_before_whole_moves_still_loads_and_plays() {
        let t = started(2, Variant::Bell);
        let json = to_json(&Running::new(t.clone())).expect("serialise");
        // The draft as the piece-then-throws menus saved it.
        let old = json.replace(
            r#""draft":{"actions":[],"chosen":0,"stepping":false,"page":0}"#,
            r#""draft":{"unit":{"Piece":{"from":3,"twins":false}},"actions":[],"page":1}"#,
        );
        assert_ne!(old, json, "the draft was replaced");
        let mut back = from_json(&old).expect("an old draft loads").table;
        back.events = t.events.clone();
        assert!(back.draft.actions.is_empty() && !back.draft.stepping);
        play_out(&mut back);
        assert_eq!(back.stage, Stage::Finished);
    }
}
