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
use crate::discord::game::table::{Stage, Table};

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
}
