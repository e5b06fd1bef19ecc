//! The actions of a table's committed log with the position before each
//! and what each captured, kept by the table and extended as the log
//! grows: the board picture reads its last series and the captures since
//! the reader's last action from them without replaying the whole log on
//! every click.

use crate::engine::{Action, Event, Game, Position, Ruleset, SeatSet};
use std::fmt;
use std::sync::{Arc, Mutex, MutexGuard};

/// One action of the log: the position it was played from, the action,
/// the enemy pieces it captured, and whether it is the first of a move
/// (the first action after a throw: a move is the actions a seat takes
/// with one series of throws).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Act {
    pub(crate) before: Position,
    pub(crate) action: Action,
    pub(crate) captured: u8,
    pub(crate) starts_move: bool,
}

/// The log's actions as far as replayed: the events read, the last of
/// them (a log replaced by another of the same length is noticed), the
/// game after them.
#[derive(Clone, Default)]
struct Known {
    events: usize,
    last: Option<Event>,
    game: Option<Game>,
    /// A throw was read since the last action.
    thrown: bool,
    acts: Arc<Vec<Act>>,
}

/// The actions of one table's log, remembered (see the module's note).
#[derive(Default)]
pub(crate) struct ActsMemo(Mutex<Known>);

impl ActsMemo {
    /// The actions of `events` (a game of `ruleset` and `seats`), replayed
    /// without checking (they were checked when played) up to the first
    /// throw the game refuses; only the events not seen before are
    /// replayed.
    pub(crate) fn acts(&self, ruleset: Ruleset, seats: SeatSet, events: &[Event]) -> Arc<Vec<Act>> {
        let mut known = self.lock();
        let same_log = known.events <= events.len()
            && known.events.checked_sub(1).is_none_or(|i| events.get(i).copied() == known.last);
        if !same_log {
            *known = Known::default();
        }
        let mut game = known.game.unwrap_or_else(|| Game::new(ruleset, seats));
        let mut read = known.events;
        let mut last = known.last;
        let mut thrown = known.thrown;
        let mut fresh = Vec::new();
        for &e in &events[read..] {
            match e {
                Event::Throw { t } => {
                    if game.throw(t).is_err() {
                        break;
                    }
                    thrown = true;
                }
                Event::Act { action } => {
                    let before = *game.position();
                    let captured = game.act_unchecked(action).captured;
                    let starts_move = std::mem::take(&mut thrown) || fresh.is_empty() && known.acts.is_empty();
                    fresh.push(Act { before, action, captured, starts_move });
                }
            }
            read += 1;
            last = Some(e);
        }
        if read != known.events || known.game.is_none() {
            Arc::make_mut(&mut known.acts).extend(fresh);
            known.events = read;
            known.last = last;
            known.game = Some(game);
            known.thrown = thrown;
        }
        Arc::clone(&known.acts)
    }

    fn lock(&self) -> MutexGuard<'_, Known> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Clone for ActsMemo {
    fn clone(&self) -> Self {
        ActsMemo(Mutex::new(self.lock().clone()))
    }
}

impl fmt::Debug for ActsMemo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ActsMemo({} events)", self.lock().events)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Throw, Variant};

    /// The actions of `events`, replayed from the start.
    fn replayed(ruleset: Ruleset, seats: SeatSet, events: &[Event]) -> Vec<Act> {
        ActsMemo::default().acts(ruleset, seats, events).to_vec()
    }

    #[test]
    fn the_memo_gives_what_a_replay_gives_as_the_log_grows_or_changes() {
        let ruleset = Ruleset::new(Variant::Bell);
        let seats = SeatSet::for_players(2).expect("seats");
        // A log: throws and the first legal action after each.
        let mut game = Game::new(ruleset, seats);
        let mut log = Vec::new();
        for t in
            [Throw::One, Throw::Four, Throw::One, Throw::Two, Throw::Four, Throw::Three].into_iter().cycle().take(60)
        {
            if let Some(&a) = game.legal_actions().first() {
                game.act_unchecked(a);
                log.push(Event::Act { action: a });
            } else if game.throw(t).is_ok() {
                log.push(Event::Throw { t });
            }
        }
        assert!(log.iter().any(|e| matches!(e, Event::Act { .. })), "{log:?}");
        let memo = ActsMemo::default();
        for n in 0..=log.len() {
            assert_eq!(*memo.acts(ruleset, seats, &log[..n]), replayed(ruleset, seats, &log[..n]), "{n}");
        }
        // A shorter log, then another one of the same length.
        let cut = &log[..log.len() / 2];
        assert_eq!(*memo.acts(ruleset, seats, cut), replayed(ruleset, seats, cut));
        let copy = memo.clone();
        let other: Vec<Event> = log.iter().rev().take(cut.len()).copied().collect();
        assert_eq!(*copy.acts(ruleset, seats, &other), replayed(ruleset, seats, &other));
    }
}
