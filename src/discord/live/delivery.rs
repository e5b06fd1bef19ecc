//! How a change of a game reaches Discord, decided as plain data before
//! anything is sent: which message is built (the table, the result, or a
//! board calling the human to act back), whether it is a new board or the
//! one there is, and how it is sent (an interaction's answer, an edit, a
//! new message, with the clicked board left as a record of what happened).
//! [`plan`] is pure (no clock, no Discord): `board` carries its plans out.
//!
//! The rules it keeps:
//! - A board is edited in place while young and posted anew when old or
//!   gone ([`Post::is_young`]).
//! - Someone else now the human to act gets a new board: an edit notifies
//!   no one ([`Post::needs_new_board`]); so does the end of a game that
//!   was played, and a story that no longer fits its record.
//! - A click's answer updates the clicked board only while it is the
//!   game's (young) board; a click on any other message is acknowledged.
//! - Where the bot reaches the channel only through interactions (a group
//!   DM), everything is an answer: a command's answer is the new board, a
//!   click's updates the clicked board or turns it into a record and
//!   follows up with the new board; without an interaction nothing is
//!   sent (the next click shows the change).

use super::running::{Post, Reach};
use crate::discord::game::ids::{MessageId, UserId};
use crate::discord::game::intent::Refusal;
use crate::discord::game::table::{Stage, Table};
use crate::discord::view::message::Message;

/// Where a change is shown.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// On the board, or on a new one when someone else is now to act.
    AsNeeded,
    /// On a new board (`/thaayam new`, `/thaayam board`, a command's change).
    New,
    /// On the board as it is, nobody newly pinged (a board behind its saved
    /// game catching up).
    Same,
}

/// The interaction a change answers, as the planner needs to know it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Asked {
    /// None: a tick, a computer's move, a start-up catch-up.
    Nothing,
    /// A click on message `message`.
    Click { message: MessageId },
    /// A slash command not answered yet.
    Command,
}

/// Which message shows the change.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Shows {
    /// The table as it stands, with what just happened.
    Table,
    /// The end of a game that was played (notifies every player).
    Result,
    /// The board that calls the human to act back, with what happened
    /// since her last action.
    CallingBack,
}

/// After the clicked board was answered (made a record, or acknowledged),
/// how the new board goes out.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Then {
    /// A new message in the channel.
    Post,
    /// A follow-up of the interaction (the bot cannot post there).
    FollowUp,
}

/// How the message is sent.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Send {
    /// Nothing: the game is reached by clicks only and nothing asked; the
    /// next click shows the change.
    Nothing,
    /// The command's answer is the new board (the bot cannot post there).
    AnswerCommand,
    /// The click's answer updates the clicked board in place, within the
    /// picture's budget; a late picture or a failed answer edits the board.
    UpdateClicked,
    /// The click's answer updates the clicked board in place, the only way
    /// there is (reached by clicks only).
    UpdateClickedOnly,
    /// The click's answer turns the clicked board into a record of what
    /// happened; the new board follows.
    RecordClicked(Then),
    /// The click (not on the board) is acknowledged; the new board follows.
    Acknowledge(Then),
    /// The board message is edited (it is young).
    Edit,
    /// A new board is posted; the old one becomes a record.
    Post,
}

/// What to do to show a change.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Plan {
    pub(crate) shows: Shows,
    /// The change goes on a new board message.
    pub(crate) new_board: bool,
    pub(crate) send: Send,
    /// The board now shows the human to act as pinged (every place but
    /// [`Place::Same`]).
    pub(crate) pings: bool,
}

/// What a change is: where it is wanted, who made it, and the lines it
/// adds to the board's story.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Wanted<'a> {
    pub(crate) place: Place,
    pub(crate) actor: Option<UserId>,
    pub(crate) lines: &'a [String],
    pub(crate) asked: Asked,
}

/// The plan that shows a change of `table`, whose board message is `post`,
/// at unix time `now`.
pub(crate) fn plan(table: &Table, post: &Post, wanted: Wanted<'_>, now: i64) -> Plan {
    let calls = wanted.place == Place::AsNeeded && post.needs_new_board(table, wanted.actor);
    // The end of a game that was played is a new message that notifies
    // every player (a cancelled lobby just says so in place).
    let ends = wanted.place != Place::Same
        && !table.is_open()
        && (table.stage == Stage::Finished || table.started_at != 0)
        && post.board.is_some();
    let new_board = match wanted.place {
        Place::New => true,
        // A full story moves on to a new board, so that its record keeps
        // every line.
        Place::AsNeeded => calls || ends || post.story_full(wanted.lines),
        Place::Same => false,
    };
    let shows = if ends {
        Shows::Result
    } else if calls && post.board.is_some() && table.stage == Stage::Playing {
        Shows::CallingBack
    } else {
        Shows::Table
    };
    let send = match (post.reach, wanted.asked) {
        (Reach::Interactions, Asked::Nothing) => Send::Nothing,
        (Reach::Interactions, Asked::Command) => Send::AnswerCommand,
        (Reach::Interactions, Asked::Click { message }) => match (post.is(message), new_board) {
            (true, false) => Send::UpdateClickedOnly,
            (true, true) => Send::RecordClicked(Then::FollowUp),
            (false, _) => Send::Acknowledge(Then::FollowUp),
        },
        (Reach::Channel, Asked::Click { message }) => {
            let on_young_board = post.is_young(now) && post.is(message);
            match (on_young_board, new_board) {
                (true, false) => Send::UpdateClicked,
                (true, true) => Send::RecordClicked(Then::Post),
                (false, _) => Send::Acknowledge(Then::Post),
            }
        }
        (Reach::Channel, Asked::Nothing | Asked::Command) => {
            if new_board {
                Send::Post
            } else {
                edit_or_post(post, now)
            }
        }
    };
    Plan { shows, new_board, send, pings: wanted.place != Place::Same }
}

/// How the board there is shows a new state at `now`: edited while young,
/// else posted anew.
pub(crate) fn edit_or_post(post: &Post, now: i64) -> Send {
    if post.is_young(now) { Send::Edit } else { Send::Post }
}

/// Which picture a board message carries.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Attach {
    /// None: the message shows no picture.
    Nothing,
    /// The file the board message has (its picture, hashed, is this one).
    Keep(u64),
    /// A new drawing of the picture hashed so.
    Draw(u64),
}

/// The picture of a message that shows one (`wants`), whose picture
/// hashes to `key` (`None`: the table has none to show), sent to the board
/// message that shows `showing` — or to a new message (`fresh`), which has
/// no file to keep.
pub(crate) fn attach(wants: bool, key: Option<u64>, showing: Option<u64>, fresh: bool) -> Attach {
    match key.filter(|_| wants) {
        None => Attach::Nothing,
        Some(key) if !fresh && showing == Some(key) => Attach::Keep(key),
        Some(key) => Attach::Draw(key),
    }
}

/// The action counter to check a board message against when its game's
/// board may be behind the saved game (start-up's catch-up): `None` when
/// the board shows it already, or only a click can reach the board.
pub(crate) fn catch_up(table: &Table, post: &Post) -> Option<u32> {
    (post.shown != Some(table.seq) && post.reach == Reach::Channel).then_some(table.seq)
}

/// Whether the board still needs showing action `seq` once its message
/// was read: the game is still open, at `seq`, and no change showed it
/// meanwhile (else nothing is left to catch up).
pub(crate) fn still_behind(table: &Table, post: &Post, seq: u32) -> bool {
    table.is_open() && table.seq == seq && post.shown != Some(seq)
}

/// The board message to read to know whether a closed game's board shows
/// its end (after a restart): only one the bot reaches in its channel.
pub(crate) fn end_to_check(post: &Post) -> Option<MessageId> {
    post.board.filter(|_| post.reach == Reach::Channel).map(|b| b.message)
}

/// Whether a closed game's board, whose message has the title `seen`,
/// missed the end whose message is `end` (one titled as the end shows it).
pub(crate) fn missed_end(seen: Option<&str>, end: &Message) -> bool {
    seen != end.embed.as_ref().map(|e| e.title.as_str())
}

/// What follows a click the game refused.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Refused {
    /// The click came from the game's own board, which is behind the saved
    /// game: the board is shown as it stands (and she is told so) instead
    /// of the refusal.
    pub(crate) catch_up: bool,
    /// The clicked message is a closed game's own board still showing
    /// controls: they are taken off.
    pub(crate) strip: bool,
    /// The game, reloaded as stale, is at a computer's turn no task plays
    /// yet (a save the database took after its deadline): one starts.
    pub(crate) computer: bool,
}

/// What follows `refusal` of a click on the board message `on_board`
/// (whether it is the game's board) that shows controls (`controls`).
pub(crate) fn refused(refusal: &Refusal, on_board: bool, controls: bool, table: &Table, post: &Post) -> Refused {
    let stale = *refusal == Refusal::Stale;
    let closed = *refusal == Refusal::Closed;
    // A game found closed in the store was reloaded with its end: its own
    // board shows that end in place of the controls.
    let catch_up = (stale || (closed && end_unshown(table, post))) && on_board && post.shown != Some(table.seq);
    Refused { catch_up, strip: closed && on_board && controls && !catch_up, computer: stale && table.computer_to_act() }
}

/// Whether a closed game's end is not shown yet: the game was found
/// closed in the store (a save whose answer was lost wrote its last
/// move) and reloaded with its end, which its board does not show.
pub(crate) fn end_unshown(table: &Table, post: &Post) -> bool {
    !table.is_open() && post.board.is_some() && post.shown != Some(table.seq)
}

/// Whether an applied click starts the game's computer task: only where
/// the bot reaches the channel (elsewhere its computers play within the
/// clicks), and only for a computer to act or a board whose save failed
/// (the task retries it): a task after every click mostly woke, locked,
/// copied and serialised the table to find nothing to do.
pub(crate) fn computer_task_due(table: &Table, post: &Post, saved: bool) -> bool {
    post.reach == Reach::Channel && (table.computer_to_act() || !saved)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::game::intent::{Actor, Intent};
    use crate::discord::game::session;
    use crate::discord::game::table::kit;
    use crate::discord::live::running::{BoardMessage, STORY_ROOM};
    use crate::engine::Variant;

    const BOARD: MessageId = MessageId(500);
    const OTHER: MessageId = MessageId(501);
    const GUEST: UserId = UserId(11);
    /// A board posted at 1,000 is young until 1,000 + 50 min.
    const YOUNG: i64 = 1_100;
    const OLD: i64 = 1_000 + 50 * 60;

    fn actor(user: UserId) -> Actor {
        Actor { user, moderator: false }
    }

    /// A started two-player game, its board showing the human to act.
    fn started() -> (Table, Post) {
        let mut t = kit::lobby(2, Variant::Bell);
        session::handle(&mut t, actor(GUEST), Intent::Join, None, 900).expect("join");
        session::handle(&mut t, actor(kit::HOST), Intent::Start, None, 900).expect("start");
        let mut post = Post { board: Some(BoardMessage { message: BOARD, posted_at: 1_000 }), ..Post::default() };
        post.shown_to_act(&t);
        (t, post)
    }

    fn wanted(place: Place, asked: Asked) -> Wanted<'static> {
        Wanted { place, actor: None, lines: &[], asked }
    }

    fn click(message: MessageId) -> Asked {
        Asked::Click { message }
    }

    /// The same game with someone else than the pinged human to act.
    fn someone_else_to_act(post: &mut Post, t: &Table) {
        let to_act = t.human_to_act().expect("a human to act");
        post.pinged = Some(if to_act == GUEST { kit::HOST } else { GUEST });
    }

    #[test]
    fn a_click_on_the_young_board_updates_it_in_place() {
        let (t, post) = started();
        let p = plan(&t, &post, wanted(Place::AsNeeded, click(BOARD)), YOUNG);
        assert_eq!(p, Plan { shows: Shows::Table, new_board: false, send: Send::UpdateClicked, pings: true });
    }

    #[test]
    fn a_click_on_an_old_board_is_acknowledged_and_a_new_board_posted() {
        let (t, post) = started();
        let p = plan(&t, &post, wanted(Place::AsNeeded, click(BOARD)), OLD);
        assert_eq!(p.send, Send::Acknowledge(Then::Post));
        assert!(!p.new_board, "the change itself asks for no new board: only the board's age does");
    }

    #[test]
    fn a_click_on_another_message_never_changes_it() {
        let (t, post) = started();
        let p = plan(&t, &post, wanted(Place::AsNeeded, click(OTHER)), YOUNG);
        assert_eq!(p.send, Send::Acknowledge(Then::Post));
    }

    #[test]
    fn a_click_that_hands_the_turn_to_someone_else_records_the_board_and_posts_one_calling_her() {
        let (t, mut post) = started();
        someone_else_to_act(&mut post, &t);
        let p = plan(&t, &post, wanted(Place::AsNeeded, click(BOARD)), YOUNG);
        assert_eq!(
            p,
            Plan { shows: Shows::CallingBack, new_board: true, send: Send::RecordClicked(Then::Post), pings: true }
        );
        let her = t.human_to_act();
        let by_her = Wanted { actor: her, ..wanted(Place::AsNeeded, click(BOARD)) };
        assert_eq!(plan(&t, &post, by_her, YOUNG).send, Send::UpdateClicked, "she made the change: no ping");
    }

    #[test]
    fn a_full_story_moves_on_to_a_new_board() {
        let (t, post) = started();
        let lines = ["x".repeat(STORY_ROOM)];
        let full = Wanted { lines: &lines, ..wanted(Place::AsNeeded, Asked::Nothing) };
        let p = plan(&t, &post, full, YOUNG);
        assert_eq!((p.shows, p.new_board, p.send), (Shows::Table, true, Send::Post));
    }

    #[test]
    fn without_an_interaction_a_young_board_is_edited_and_an_old_one_posted_anew() {
        let (t, post) = started();
        assert_eq!(plan(&t, &post, wanted(Place::AsNeeded, Asked::Nothing), YOUNG).send, Send::Edit);
        assert_eq!(plan(&t, &post, wanted(Place::AsNeeded, Asked::Nothing), OLD).send, Send::Post);
        let none = Post { board: None, ..post.clone() };
        assert_eq!(plan(&t, &none, wanted(Place::Same, Asked::Nothing), YOUNG).send, Send::Post, "no board");
        assert_eq!(plan(&t, &post, wanted(Place::AsNeeded, Asked::Command), YOUNG).send, Send::Edit);
    }

    #[test]
    fn a_new_place_always_posts_and_the_same_place_never_pings() {
        let (t, mut post) = started();
        let p = plan(&t, &post, wanted(Place::New, Asked::Command), YOUNG);
        assert_eq!((p.new_board, p.send, p.pings), (true, Send::Post, true));
        someone_else_to_act(&mut post, &t);
        let p = plan(&t, &post, wanted(Place::Same, click(BOARD)), YOUNG);
        assert_eq!(p, Plan { shows: Shows::Table, new_board: false, send: Send::UpdateClicked, pings: false });
    }

    #[test]
    fn the_end_of_a_played_game_is_a_new_result_and_a_cancelled_lobby_says_so_in_place() {
        let (mut t, post) = started();
        session::handle(&mut t, Actor { user: UserId(99), moderator: true }, Intent::End, None, 1_000).expect("end");
        let p = plan(&t, &post, wanted(Place::AsNeeded, click(BOARD)), YOUNG);
        assert_eq!((p.shows, p.new_board, p.send), (Shows::Result, true, Send::RecordClicked(Then::Post)));
        let p = plan(&t, &post, wanted(Place::Same, Asked::Nothing), YOUNG);
        assert_eq!((p.shows, p.send), (Shows::Table, Send::Edit), "a catch-up shows the board as it is");
        let mut lobby = kit::lobby(2, Variant::Bell);
        session::handle(&mut lobby, actor(kit::HOST), Intent::Cancel, None, 0).expect("cancel");
        let p = plan(&lobby, &post, wanted(Place::AsNeeded, click(BOARD)), YOUNG);
        assert_eq!((p.shows, p.send), (Shows::Table, Send::UpdateClicked));
    }

    /// A plan made for a click answers that click, in every place, reach
    /// and age of board, a game's end by a store gone back included
    /// ([`Place::New`]): the click's handler answers it again only when
    /// Discord did not take that answer (the flag set where it is sent,
    /// [`super::super::board::Click::answered`]), never a second time.
    #[test]
    fn a_plan_made_for_a_click_answers_it_wherever_it_goes() {
        let answers = |send: Send| {
            matches!(
                send,
                Send::UpdateClicked | Send::UpdateClickedOnly | Send::RecordClicked(_) | Send::Acknowledge(_)
            )
        };
        let (t, post) = started();
        for reach in [Reach::Channel, Reach::Interactions] {
            let post = Post { reach, ..post.clone() };
            for place in [Place::AsNeeded, Place::New, Place::Same] {
                for message in [BOARD, OTHER] {
                    for now in [YOUNG, OLD] {
                        let send = plan(&t, &post, wanted(place, click(message)), now).send;
                        assert!(answers(send), "{reach:?} {place:?} on {message:?} at {now}: {send:?}");
                    }
                }
            }
        }
        let gone_back = plan(&t, &post, wanted(Place::New, click(BOARD)), YOUNG).send;
        assert_eq!(gone_back, Send::RecordClicked(Then::Post), "the end is a new message below the record");
    }

    #[test]
    fn reached_by_clicks_only_nothing_is_sent_without_an_interaction() {
        let (t, post) = started();
        let post = Post { reach: Reach::Interactions, ..post };
        assert_eq!(plan(&t, &post, wanted(Place::AsNeeded, Asked::Nothing), YOUNG).send, Send::Nothing);
        assert_eq!(plan(&t, &post, wanted(Place::New, Asked::Nothing), YOUNG).send, Send::Nothing);
    }

    #[test]
    fn reached_by_clicks_only_a_command_is_answered_with_the_new_board() {
        let (t, post) = started();
        let post = Post { reach: Reach::Interactions, ..post };
        let p = plan(&t, &post, wanted(Place::New, Asked::Command), YOUNG);
        assert_eq!((p.new_board, p.send), (true, Send::AnswerCommand));
    }

    #[test]
    fn reached_by_clicks_only_the_clicked_board_is_updated_whatever_its_age() {
        let (t, post) = started();
        let post = Post { reach: Reach::Interactions, ..post };
        let p = plan(&t, &post, wanted(Place::AsNeeded, click(BOARD)), OLD);
        assert_eq!(p.send, Send::UpdateClickedOnly, "only an answer can change it: it is never posted anew");
        let p = plan(&t, &post, wanted(Place::AsNeeded, click(OTHER)), YOUNG);
        assert_eq!(p.send, Send::Acknowledge(Then::FollowUp));
    }

    #[test]
    fn reached_by_clicks_only_someone_else_to_act_gets_a_follow_up_under_the_record() {
        let (t, mut post) = started();
        post.reach = Reach::Interactions;
        someone_else_to_act(&mut post, &t);
        let p = plan(&t, &post, wanted(Place::AsNeeded, click(BOARD)), OLD);
        assert_eq!(
            p,
            Plan { shows: Shows::CallingBack, new_board: true, send: Send::RecordClicked(Then::FollowUp), pings: true }
        );
    }

    #[test]
    fn a_picture_is_kept_only_where_the_same_one_is_shown_and_drawn_for_a_new_message() {
        assert_eq!(attach(false, Some(7), Some(7), false), Attach::Nothing, "a message without a picture");
        assert_eq!(attach(true, None, Some(7), false), Attach::Nothing, "no picture to show");
        assert_eq!(attach(true, Some(7), Some(7), false), Attach::Keep(7), "the board shows it: its file is kept");
        assert_eq!(attach(true, Some(7), Some(6), false), Attach::Draw(7), "another picture: drawn");
        assert_eq!(attach(true, Some(7), None, false), Attach::Draw(7), "nobody knows what it shows: drawn");
        assert_eq!(attach(true, Some(7), Some(7), true), Attach::Draw(7), "a new message has no file to keep");
    }

    #[test]
    fn a_board_catches_up_only_when_behind_and_reached_in_its_channel() {
        let (t, mut post) = started();
        post.shown = Some(t.seq);
        assert_eq!(catch_up(&t, &post), None, "it shows the saved game");
        post.shown = None;
        assert_eq!(catch_up(&t, &post), Some(t.seq), "unknown: read it");
        post.shown = Some(t.seq - 1);
        assert_eq!(catch_up(&t, &post), Some(t.seq), "behind");
        post.reach = Reach::Interactions;
        assert_eq!(catch_up(&t, &post), None, "a board reached by clicks catches up at its next click");
        post.reach = Reach::Channel;
        assert!(still_behind(&t, &post, t.seq));
        assert!(!still_behind(&t, &post, t.seq - 1), "the game moved on meanwhile");
        post.shown = Some(t.seq);
        assert!(!still_behind(&t, &post, t.seq), "a change showed it meanwhile");
        let mut closed = t.clone();
        closed.stage = Stage::Ended;
        post.shown = None;
        assert!(!still_behind(&closed, &post, closed.seq), "closed meanwhile: its end is shown elsewhere");
    }

    #[test]
    fn a_closed_games_board_missed_its_end_unless_titled_as_the_end() {
        let (_, mut post) = started();
        let end = Message {
            embed: Some(crate::discord::view::message::Embed { title: "The end".into(), ..Default::default() }),
            ..Message::default()
        };
        assert!(missed_end(Some("Game 9"), &end));
        assert!(missed_end(None, &end), "a board without a title");
        assert!(!missed_end(Some("The end"), &end), "it shows the end");
        assert_eq!(end_to_check(&post), Some(BOARD));
        post.reach = Reach::Interactions;
        assert_eq!(end_to_check(&post), None, "a board only a click can reach is left alone");
        post.reach = Reach::Channel;
        post.board = None;
        assert_eq!(end_to_check(&post), None, "no board");
    }

    #[test]
    fn a_refused_click_catches_up_strips_or_starts_the_computer_as_the_case_is() {
        let (mut t, mut post) = started();
        post.shown = Some(t.seq - 1);
        let stale = refused(&Refusal::Stale, true, true, &t, &post);
        assert_eq!(stale, Refused { catch_up: true, strip: false, computer: false }, "its own board, behind");
        assert!(!refused(&Refusal::Stale, false, true, &t, &post).catch_up, "another message");
        post.shown = Some(t.seq);
        assert!(!refused(&Refusal::Stale, true, true, &t, &post).catch_up, "the board shows the game");
        assert!(!refused(&Refusal::Stale, true, true, &t, &post).computer, "a human's turn");
        let computer = at_a_computers_turn();
        assert!(refused(&Refusal::Stale, true, true, &computer, &post).computer, "reloaded at a computer's turn");
        assert!(!refused(&Refusal::NotYourTurn, true, true, &computer, &post).computer, "not reloaded");
        t.stage = Stage::Ended;
        let closed = refused(&Refusal::Closed, true, true, &t, &post);
        assert_eq!(closed, Refused { catch_up: false, strip: true, computer: false }, "a closed game's board");
        assert!(!refused(&Refusal::Closed, true, false, &t, &post).strip, "no controls left to strip");
        assert!(!refused(&Refusal::Closed, false, true, &t, &post).strip, "not its board: left alone");
        assert!(!end_unshown(&t, &post), "its end is shown");
        // Found closed in the store, one move further than its board shows
        // (a save whose answer was lost wrote the last move): the end is
        // shown in place, not stripped.
        t.seq += 1;
        assert!(end_unshown(&t, &post));
        let missed = refused(&Refusal::Closed, true, true, &t, &post);
        assert_eq!(missed, Refused { catch_up: true, strip: false, computer: false }, "its end is shown");
        assert!(!refused(&Refusal::Closed, false, true, &t, &post).catch_up, "not its board: left alone");
        post.board = None;
        assert!(!end_unshown(&t, &post), "no board to show it on");
    }

    /// A game of the host and a computer at the computer's turn.
    fn at_a_computers_turn() -> Table {
        use crate::discord::game::session_tests::{act, next_intent};
        let mut t = kit::lobby(2, Variant::Bell);
        session::handle(&mut t, actor(kit::HOST), Intent::AddComputer(crate::ai::Level::Easy), None, 900).expect("add");
        session::handle(&mut t, actor(kit::HOST), Intent::Start, None, 900).expect("start");
        for _ in 0..200 {
            if t.computer_to_act() {
                return t;
            }
            let intent = next_intent(&t);
            act(&mut t, kit::HOST, intent).expect("the host plays");
        }
        panic!("the computer never came to act")
    }

    #[test]
    fn the_computer_task_starts_after_a_click_only_for_a_computer_or_a_failed_save() {
        let (t, mut post) = started();
        assert!(!t.computer_to_act());
        assert!(!computer_task_due(&t, &post, true), "a human to act, saved");
        assert!(computer_task_due(&t, &post, false), "the task retries a failed save");
        assert!(computer_task_due(&at_a_computers_turn(), &post, true), "a computer to act");

        post.reach = Reach::Interactions;
        assert!(!computer_task_due(&t, &post, false), "reached by clicks: the clicks play");
    }
}
