//! A game's whole story for its page, move by move, read from its log: a
//! move is what one seat threw and did with the throws (the opening throws
//! each a move of their own), worded by the same notes as the channel's
//! records ([`note_lines`]), so the game's words are written once. The
//! replay's board at each step comes from here too.

use crate::discord::game::notes::Note;
use crate::discord::game::table::Table;
use crate::discord::view::lang::Lang;
use crate::discord::view::notes::note_lines;
use crate::discord::view::picture::replay_words;
use crate::engine::{Action, Event, Game, Position, Seat, Throw};
use crate::render::{BoardView, Capture, LastAction};

/// One move of the story.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Move {
    pub(crate) seat: Seat,
    /// The channel's words for it.
    pub(crate) lines: Vec<String>,
    /// Its throws, in order (discarded ones too).
    pub(crate) throws: Vec<Throw>,
    /// Enemy pieces it took.
    pub(crate) captured: u8,
    /// The log's events up to the end of this move.
    pub(crate) end: usize,
}

/// What one move is made of while it is read.
#[derive(Clone, Debug)]
struct Reading {
    seat: Seat,
    throws: Vec<(Throw, bool)>,
    before: Option<Position>,
    path: Vec<Action>,
    captured: u8,
    lost: u8,
}

impl Reading {
    fn new(seat: Seat) -> Reading {
        Reading { seat, throws: Vec::new(), before: None, path: Vec::new(), captured: 0, lost: 0 }
    }

    fn done(self, lang: Lang, end: usize) -> Move {
        let Reading { seat, throws, before, path, captured, lost } = self;
        let mut notes = Vec::new();
        if !throws.is_empty() {
            notes.push(Note::Threw { seat, throws: throws.clone() });
        }
        if let Some(before) = before.filter(|_| !path.is_empty()) {
            notes.push(Note::Played { seat, before, path, forced: false });
        }
        if captured > 0 {
            notes.push(Note::Captured { seat, count: captured });
        }
        if lost > 0 {
            notes.push(Note::Unused(lost));
        }
        Move { seat, lines: note_lines(lang, &notes), throws: throws.iter().map(|t| t.0).collect(), captured, end }
    }
}

/// The moves of a table's committed log, in order.
pub(crate) fn moves(lang: Lang, t: &Table) -> Vec<Move> {
    let mut story = Story::new(lang, t);
    story.read(t);
    story.moves()
}

/// A game's story read so far, kept by a watched game's page so that each
/// change reads only the events it added (the last move may still grow:
/// it is worded again). The same reading as [`moves`], which is a story
/// read at once.
#[derive(Clone, Debug)]
pub(crate) struct Story {
    lang: Lang,
    game_id: crate::discord::game::ids::GameId,
    game: Game,
    /// The moves that are over.
    done: Vec<Move>,
    /// The move being read (it may grow with the next events).
    reading: Option<Reading>,
    after_act: bool,
    /// The log's length at the last read (every event before it is read,
    /// unless the reading stopped).
    read: usize,
    /// The log stopped making sense to the engine: nothing more is read.
    stopped: bool,
}

impl Story {
    pub(crate) fn new(lang: Lang, t: &Table) -> Story {
        Story {
            lang,
            game_id: t.id,
            game: Game::new(t.ruleset, t.seats()),
            done: Vec::new(),
            reading: None,
            after_act: false,
            read: 0,
            stopped: false,
        }
    }

    /// Whether this story can go on reading `t` in `lang` (the same game,
    /// whose log only grew since).
    pub(crate) fn follows(&self, lang: Lang, t: &Table) -> bool {
        self.lang == lang && self.game_id == t.id && t.events.len() >= self.read
    }

    /// Reads the events `t`'s log added since the last read.
    pub(crate) fn read(&mut self, t: &Table) {
        let lang = self.lang;
        for (i, &event) in t.events.iter().enumerate().skip(self.read) {
            if self.stopped {
                break;
            }
            let Some(seat) = self.game.to_act() else {
                self.stopped = true;
                break;
            };
            let new_move = match &self.reading {
                None => true,
                Some(r) => r.seat != seat || (self.after_act && matches!(event, Event::Throw { .. })),
            };
            if new_move && let Some(r) = self.reading.take() {
                self.done.push(r.done(lang, i));
            }
            let r = self.reading.get_or_insert_with(|| Reading::new(seat));
            match event {
                Event::Throw { t: throw } => {
                    let Ok(outcome) = self.game.throw(throw) else {
                        self.stopped = true;
                        break;
                    };
                    r.throws.push((throw, outcome.discarded));
                    r.lost = r.lost.saturating_add(outcome.lost);
                    self.after_act = false;
                }
                Event::Act { action } => {
                    let before = *self.game.position();
                    r.before.get_or_insert(before);
                    r.path.push(action);
                    let outcome = self.game.act_unchecked(action);
                    r.captured = r.captured.saturating_add(outcome.captured);
                    r.lost = r.lost.saturating_add(outcome.lost);
                    self.after_act = true;
                }
            }
        }
        // Read to the end (or stopped, where the whole log still counts
        // as read: the last move ends at the log's end, as it is told).
        self.read = t.events.len();
    }

    /// The moves read so far, the last one as far as it goes.
    pub(crate) fn moves(&self) -> Vec<Move> {
        let mut out = self.done.clone();
        if let Some(r) = self.reading.clone() {
            out.push(r.done(self.lang, self.read));
        }
        out
    }
}

/// The board after `step` moves (0: before the first), with that move's
/// actions highlighted and captures marked, and its caption; `None` past
/// the last move.
pub(crate) fn step_view(lang: Lang, t: &Table, moves: &[Move], step: usize, names: &[String; 4]) -> Option<BoardView> {
    if step > moves.len() {
        return None;
    }
    let start = step.checked_sub(2).map_or(0, |s| moves[s].end);
    let end = step.checked_sub(1).map_or(0, |s| moves[s].end);
    let mut game = Game::new(t.ruleset, t.seats());
    for &e in &t.events[..start] {
        game.apply(e).ok()?;
    }
    let mut last = Vec::new();
    let mut done: Option<(Position, Action)> = None;
    for &e in &t.events[start..end] {
        if let Event::Act { action } = e {
            let before = *game.position();
            let captured = game.act_unchecked(action).captured;
            last.extend(LastAction::of(&before, action, captured));
            done = Some((before, action));
        } else {
            game.apply(e).ok()?;
        }
    }
    let mut view = view_after(game.position(), names, last);
    (replay_words(lang).0)(&mut view, done.as_ref().map(|(p, a)| (p, *a)));
    Some(view)
}

/// The board at `position` with `last`, the actions that led there,
/// highlighted and the captures among them marked (no caption yet).
pub(crate) fn view_after(position: &Position, names: &[String; 4], last: Vec<LastAction>) -> BoardView {
    let mut view = BoardView::new(*position);
    view.names = names.clone();
    let board = position.rules().board;
    for a in last.iter().filter(|a| a.captured > 0) {
        if let Some(cell) = a.landing_cell(board) {
            view.captures.push(Capture { cell, count: a.captured });
        }
    }
    view.last = last;
    view
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::game::ids::{ChannelId, GameId, GuildId, UserId, Venue};
    use crate::discord::game::intent::{Actor, Intent};
    use crate::discord::game::script::random_intent;
    use crate::discord::game::session;
    use crate::discord::game::table::{Origin, Stage};
    use crate::engine::{Ruleset, Variant};
    use rand::SeedableRng;

    /// A game of two humans played at random to its end.
    pub(crate) fn played(seed: u8) -> Table {
        let origin =
            Origin { id: GameId(9), venue: Venue::Server(GuildId(1)), channel: ChannelId(2), host: UserId(10) };
        let mut t = Table::new(origin, Ruleset::new(Variant::Bell), 2, [seed; 32]);
        session::handle(&mut t, Actor { user: UserId(11), moderator: false }, Intent::Join, None, 0).expect("join");
        session::handle(&mut t, Actor { user: UserId(10), moderator: false }, Intent::Start, None, 0).expect("start");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(u64::from(seed));
        for _ in 0..20_000 {
            if t.stage != Stage::Playing {
                break;
            }
            let user = t.human_to_act().expect("a human on turn");
            let intent = random_intent(&t, &mut rng);
            let seq = t.seq;
            let _ = session::handle(&mut t, Actor { user, moderator: false }, intent, Some(seq), 0);
        }
        assert_eq!(t.stage, Stage::Finished, "the game ends");
        t
    }

    /// A watched page reads the story a change at a time: after every
    /// event, the story kept and extended tells exactly what a story read
    /// at once from the log so far tells.
    #[test]
    fn a_story_read_change_by_change_is_the_story_read_at_once() {
        for seed in [1, 3, 5] {
            let t = played(seed);
            let mut kept = Story::new(Lang::EN, &t);
            let mut prefix = t.clone();
            for n in 0..=t.events.len() {
                prefix.events = t.events[..n].to_vec();
                assert!(kept.follows(Lang::EN, &prefix));
                kept.read(&prefix);
                assert_eq!(kept.moves(), moves(Lang::EN, &prefix), "seed {seed}, after {n} events");
            }
            let fr = Lang::from_code("fr").expect("French");
            assert!(!kept.follows(fr, &t), "another language is told again");
            let mut shorter = t.clone();
            shorter.events.pop();
            assert!(!kept.follows(Lang::EN, &shorter), "a log that shrank is read again");
        }
    }

    #[test]
    fn the_story_covers_every_event_and_every_throw_in_order() {
        let t = played(3);
        let moves = moves(Lang::EN, &t);
        assert_eq!(moves.last().map(|m| m.end), Some(t.events.len()), "to the end of the log");
        let throws: Vec<Throw> =
            t.events.iter().filter_map(|e| if let Event::Throw { t } = e { Some(*t) } else { None }).collect();
        let told: Vec<Throw> = moves.iter().flat_map(|m| m.throws.clone()).collect();
        assert_eq!(told, throws, "every throw, in order");
        assert!(moves.windows(2).all(|w| w[0].end < w[1].end), "each move reads events");
        assert!(moves.iter().all(|m| !m.lines.is_empty()), "each move has words");
        assert!(
            moves.iter().any(|m| m.lines.iter().any(|l| l.contains("took") || l.contains("captured")))
                || moves.iter().all(|m| m.captured == 0)
        );
        let names = Default::default();
        let last = step_view(Lang::EN, &t, &moves, moves.len(), &names).expect("the last step");
        assert_eq!(last.position, *t.game_now().position(), "the last step is the end of the game");
        assert!(step_view(Lang::EN, &t, &moves, moves.len() + 1, &names).is_none());
        let first = step_view(Lang::EN, &t, &moves, 0, &names).expect("the start");
        assert!(first.last.is_empty());
    }
}
