//! A game as the live wing runs it: the [`Table`] (the game at a table,
//! nothing else), its [`Post`] (where its board message is and what that
//! message shows) and what the store holds of it ([`Stored`]). The hub locks
//! one per game; only the live wing sees the post and the store's part.

use crate::discord::game::away;
use crate::discord::game::ids::{MessageId, UserId};
use crate::discord::game::table::{Player, Table};
use crate::discord::view::lang::Lang;
use crate::engine::Seat;

/// One running game behind the hub's lock.
#[derive(Clone, Debug)]
pub(crate) struct Running {
    pub(crate) table: Table,
    pub(crate) post: Post,
    /// What the store holds of this game (set by the saves, `None` before
    /// the first one).
    pub(crate) stored: Option<Stored>,
}

impl Running {
    /// A table without a board message, not saved yet.
    pub(crate) fn new(table: Table) -> Running {
        Running { table, post: Post::default(), stored: None }
    }
}

/// What the store holds of a game, so that a save sends only what changed
/// (set by `persist`'s saves; never saved itself).
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Stored {
    pub(crate) seq: u32,
    pub(crate) events: usize,
    /// The seats as [`Table::occupants`] gave them.
    pub(crate) seats: Vec<(Seat, Player)>,
    /// The saved form as last saved.
    pub(crate) json: String,
    /// The counter the board message shows (`Post::shown`) as last saved.
    pub(crate) shown: Option<u32>,
    /// The board message as last saved (a closed game: where its end is
    /// shown, see `change::remember`).
    pub(crate) closed_board: Option<MessageId>,
}

impl Stored {
    /// What the store holds once `table` and `post` are saved, with the
    /// seats as [`Table::occupants`] gives them and the saved form `json`.
    pub(crate) fn of(table: &Table, post: &Post, seats: Vec<(Seat, Player)>, json: String) -> Stored {
        let closed_board = post.board.map(|b| b.message);
        Stored { seq: table.seq, events: table.events.len(), seats, json, shown: post.shown, closed_board }
    }
}

/// The message that currently shows a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct BoardMessage {
    pub(crate) message: MessageId,
    /// Unix time it was posted (old messages are re-posted, not edited).
    pub(crate) posted_at: i64,
}

/// A board message older than this is re-posted instead of edited
/// (Discord rate-limits edits of messages older than an hour hard).
const BOARD_MAX_AGE: i64 = 50 * 60;

/// How the bot reaches a game's channel.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) enum Reach {
    /// The bot is in the channel (a server channel, its own DM): it posts,
    /// edits and reads messages there.
    #[default]
    Channel,
    /// The bot is not in the channel (a group DM, a DM between two people,
    /// where the app is installed to a user): it can only answer the
    /// interactions sent from there, so the game moves on by clicks.
    Interactions,
}

/// Where a game's board message is and what it shows, as far as this
/// process knows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Post {
    /// How the bot reaches the channel (saved with the game).
    pub(crate) reach: Reach,
    /// The live message that shows this game (edited in place while young).
    pub(crate) board: Option<BoardMessage>,
    /// The human the board message was last shown to as the one to act.
    /// Discord notifies a mention only in a new message, never in an
    /// edit: a change that makes someone else the human to act posts the
    /// board anew (see [`Post::needs_new_board`]).
    pub(crate) pinged: Option<UserId>,
    /// The action counter the board message shows: saved with every change
    /// once Discord took the board, so that a restart knows it; `None` when
    /// unknown (the board was never shown, or the game was saved by an
    /// older version) until the board is read.
    pub(crate) shown: Option<u32>,
    /// The picture the board message shows (a hash of what it shows:
    /// `live::pictures`); `None` when it shows none or nobody knows. A
    /// change that leaves it as it was keeps the message's attachment
    /// instead of drawing and uploading it again.
    pub(crate) picture: Option<u64>,
    /// The lines of what happened shown on the board message since it was
    /// posted, in the server's language: when a new board replaces it, it
    /// becomes a record of these lines (and those of the change that moved
    /// the game on), so that the channel read from the top tells the whole
    /// game. Saved with the game.
    pub(crate) story: Vec<String>,
    /// The turn (its deadline) whose direct message to the player on turn
    /// was decided (sent, or not wanted): at most one a turn. Saved.
    pub(crate) noticed: Option<i64>,
    /// The language of a game outside servers: its host's Discord language
    /// when she opened it (a group of French speakers plays in French), so
    /// that every public message of the game speaks it; `None` in a server
    /// (the server's language applies) and for games saved before. Saved.
    pub(crate) lang: Option<Lang>,
}

/// The characters of lines a board's story holds before the next change
/// posts a new board: its record (the lines and a pointer to the new
/// board) must fit in a message's 2,000 characters.
pub(crate) const STORY_ROOM: usize = 1_800;

impl Post {
    /// Whether the board message is young enough to be edited at `now`.
    pub(crate) fn is_young(&self, now: i64) -> bool {
        self.board.is_some_and(|b| now - b.posted_at < BOARD_MAX_AGE)
    }

    /// Whether `message` is the board message.
    pub(crate) fn is(&self, message: MessageId) -> bool {
        self.board.is_some_and(|b| b.message == message)
    }

    /// Whether the board must be posted as a new message so that the
    /// human to act is notified: she is not the one the board was last
    /// shown to, and she did not make this change herself (`actor`).
    pub(crate) fn needs_new_board(&self, table: &Table, actor: Option<UserId>) -> bool {
        table.human_to_act().is_some_and(|u| Some(u) != self.pinged && Some(u) != actor)
    }

    /// Notes that the board now shows the table's current human to act.
    pub(crate) fn shown_to_act(&mut self, table: &Table) {
        self.pinged = table.human_to_act();
    }

    /// Whether `lines` no longer fit in the board's story: its record
    /// could not keep them all.
    pub(crate) fn story_full(&self, lines: &[String]) -> bool {
        let chars = |l: &[String]| l.iter().map(|l| l.chars().count() + 1).sum::<usize>();
        chars(&self.story) + chars(lines) > STORY_ROOM
    }

    /// The player to send a direct message about her waiting turn, and the
    /// turn (its deadline), when one is due at `now`: a human's turn in a
    /// game that is not practice has waited `after` seconds (at most half
    /// its turn time) and no message was decided for it yet.
    pub(crate) fn notice_due(&self, table: &Table, now: i64, after: u64) -> Option<(UserId, i64)> {
        let user = table.human_to_act()?;
        let deadline = table.deadline?;
        // Nobody is told her turn waits while she is away (`/thaayam away`).
        if table.practice || self.noticed == Some(deadline) || away::on_turn_away(table).is_some() {
            return None;
        }
        let started = deadline.saturating_sub(i64::try_from(table.turn_timeout).unwrap_or(i64::MAX));
        let wait = after.min(table.turn_timeout / 2);
        (now >= started.saturating_add(i64::try_from(wait).unwrap_or(i64::MAX))).then_some((user, deadline))
    }

    /// Notes that the board message, changed in place, shows the table at
    /// `seq` with the picture `picture` and the change's `lines` (after a
    /// send Discord took).
    pub(crate) fn shown_in_place(&mut self, seq: u32, picture: Option<u64>, lines: &[String]) {
        self.showing(seq, picture);
        self.story.extend_from_slice(lines);
    }

    /// Notes that message `message`, sent at `now`, is the game's board
    /// now (what is saved about it), showing the table at `seq` with the
    /// picture `picture` and, as its story so far, `lines`.
    pub(crate) fn new_board(&mut self, message: MessageId, now: i64, seq: u32, picture: Option<u64>, lines: &[String]) {
        self.showing(seq, picture);
        self.board = Some(BoardMessage { message, posted_at: now });
        self.story = lines.to_vec();
    }

    /// Notes that the board message shows the table at `seq` with the
    /// picture `picture` (after a send Discord took).
    pub(crate) fn showing(&mut self, seq: u32, picture: Option<u64>) {
        self.shown = Some(seq);
        self.picture = picture;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::game::intent::{Actor, Intent};
    use crate::discord::game::session;
    use crate::discord::game::table::kit;
    use crate::engine::Variant;

    #[test]
    fn a_new_board_is_posted_only_for_a_human_who_was_not_pinged_and_did_not_act() {
        let mut t = kit::lobby(2, Variant::Bell);
        session::handle(&mut t, Actor { user: UserId(11), moderator: false }, Intent::Join, None, 0).expect("join");
        session::handle(&mut t, Actor { user: kit::HOST, moderator: false }, Intent::Start, None, 0).expect("start");
        let on_turn = t.human_to_act().expect("a human is on turn");
        let mut post = Post::default();
        assert!(post.needs_new_board(&t, None), "nobody was pinged yet");
        assert!(!post.needs_new_board(&t, Some(on_turn)), "she made the change herself");
        post.shown_to_act(&t);
        assert_eq!(post.pinged, Some(on_turn));
        assert!(!post.needs_new_board(&t, None), "she was pinged already");
    }

    #[test]
    fn a_story_is_full_when_its_record_could_not_keep_the_next_lines() {
        let mut post = Post::default();
        let line = |n: usize| "x".repeat(n);
        assert!(!post.story_full(&[line(STORY_ROOM - 1)]));
        assert!(post.story_full(&[line(STORY_ROOM)]), "a newline after each line");
        post.story = vec![line(1_000)];
        assert!(!post.story_full(&[line(798)]));
        assert!(post.story_full(&[line(799)]));
    }

    #[test]
    fn a_waiting_turn_is_noticed_once_after_its_wait_and_never_in_practice() {
        let mut t = kit::lobby(2, Variant::Bell);
        t.turn_timeout = 3_600;
        session::handle(&mut t, Actor { user: UserId(11), moderator: false }, Intent::Join, None, 1_000).expect("join");
        session::handle(&mut t, Actor { user: kit::HOST, moderator: false }, Intent::Start, None, 1_000)
            .expect("start");
        let on_turn = t.human_to_act().expect("a human is on turn");
        let deadline = t.deadline.expect("a deadline");
        let started = deadline - 3_600;
        let mut post = Post::default();
        assert_eq!(post.notice_due(&t, started + 599, 600), None, "not yet");
        assert_eq!(post.notice_due(&t, started + 600, 600), Some((on_turn, deadline)));
        assert_eq!(post.notice_due(&t, started + 1_800, 7_200), Some((on_turn, deadline)), "at most half the turn");
        post.noticed = Some(deadline);
        assert_eq!(post.notice_due(&t, started + 3_000, 600), None, "once a turn");
        post.noticed = None;
        let away = crate::discord::game::away_times::Away { since: started, until: started + 2_000 };
        t.away = crate::discord::game::away_times::Aways { at: started + 1_000, periods: vec![(on_turn, away)] };
        assert_eq!(post.notice_due(&t, started + 1_000, 600), None, "she is away");
        t.away.at = started + 2_000;
        assert_eq!(post.notice_due(&t, started + 2_000, 600), Some((on_turn, deadline)), "she is back");
        t.practice = true;
        assert_eq!(post.notice_due(&t, started + 3_000, 600), None, "never in practice");
    }

    #[test]
    fn a_board_is_young_for_fifty_minutes() {
        let post = Post { board: Some(BoardMessage { message: MessageId(5), posted_at: 1_000 }), ..Post::default() };
        assert!(post.is_young(1_000 + 50 * 60 - 1));
        assert!(!post.is_young(1_000 + 50 * 60));
        assert!(post.is(MessageId(5)) && !post.is(MessageId(6)));
        assert!(!Post::default().is_young(0), "no board is never young");
    }

    #[test]
    fn a_new_board_is_saved_young_with_what_it_shows_and_its_story_so_far() {
        let mut post = Post { story: vec!["old".into()], ..Post::default() };
        post.new_board(MessageId(9), 1_000, 4, Some(77), &["new".to_string()]);
        assert_eq!(post.board, Some(BoardMessage { message: MessageId(9), posted_at: 1_000 }));
        assert!(
            post.is(MessageId(9)) && post.is_young(1_000 + BOARD_MAX_AGE - 1) && !post.is_young(1_000 + BOARD_MAX_AGE)
        );
        assert_eq!((post.shown, post.picture, post.story), (Some(4), Some(77), vec!["new".to_string()]));
    }
}
