//! The picture attached to a board message, as data: the [`BoardView`] of a
//! table (display names, the last action highlighted, the current series
//! with the throws already used, the destinations of the chosen unit),
//! built purely so tests can check it. The live layer draws it.

use super::words::computer_name;
use crate::discord::game::choices;
use crate::discord::game::table::{Player, Stage, Table};
use crate::engine::{Action, Cell, Event, Game, Seat, ThrowBag, destination};
use crate::render::{self, BoardView, LastAction, SeriesThrow};

/// The file name of the board attachment (the embed refers to it).
pub(crate) const BOARD_FILE: &str = "board.png";
/// The long side of board pictures sent to Discord.
pub(crate) const BOARD_SIZE: u32 = render::DEFAULT_SIZE;

/// What a table shows in its board picture; `None` in the lobby.
pub(crate) fn board_view(t: &Table) -> Option<BoardView> {
    if t.stage == Stage::Lobby {
        return None;
    }
    let committed = t.game_now();
    let draft = t.draft_game();
    let mut view = BoardView::new(*draft.position());
    for seat in t.seats().iter() {
        view.names[seat.index()] = display_name(t, seat);
    }
    view.last = last_action(t, &committed);
    view.series = series(&committed, &draft);
    view.destinations = destinations(t, &draft);
    Some(view)
}

/// The name drawn for a seat: the player's display name when known.
fn display_name(t: &Table, seat: Seat) -> String {
    match t.player(seat) {
        Some(Player::Human(u)) => t.names.get(&u).cloned().unwrap_or_default(),
        Some(Player::Computer(level)) => computer_name(level),
        None => String::new(),
    }
}

/// The last action of the turn's draft, else the last committed action.
fn last_action(t: &Table, committed: &Game) -> Option<LastAction> {
    if let Some((&last, before)) = t.draft.actions.split_last() {
        let g = choices::scratch(committed, before);
        return highlight(g, last);
    }
    let i = t.events.iter().rposition(|e| matches!(e, Event::Act { .. }))?;
    let Event::Act { action } = t.events[i] else { return None };
    let mut rec = crate::engine::Record::new(t.ruleset, t.seats());
    for &e in &t.events[..i] {
        rec.apply(e).ok()?;
    }
    highlight(*rec.game(), action)
}

fn highlight(mut before: Game, action: Action) -> Option<LastAction> {
    let pos = *before.position();
    let captured = before.act_unchecked(action, false).captured;
    LastAction::of(&pos, action, captured)
}

/// The committed series in order, the throws the draft consumed marked used.
fn series(committed: &Game, draft: &Game) -> Vec<SeriesThrow> {
    let mut left = if draft.to_act() == committed.to_act() { draft.position().throws().bag() } else { ThrowBag::EMPTY };
    let throws = committed.position().throws();
    throws.as_slice().iter().map(|&throw| SeriesThrow { throw, used: !left.take(throw) }).collect()
}

/// Where the chosen unit can go with the remaining throws.
fn destinations(t: &Table, draft: &Game) -> Vec<Cell> {
    let Some(key) = t.draft.unit else { return Vec::new() };
    let pos = draft.position();
    let board = pos.rules().board;
    let goal = pos.rules().goal();
    let mut cells: Vec<Cell> = choices::actions_of(draft, key)
        .into_iter()
        .filter_map(|a| destination(pos, a))
        .map(|(_, step)| board.cell(pos.turn(), step.min(goal)))
        .collect();
    cells.sort();
    cells.dedup();
    cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::game::intent::{Actor, Intent};
    use crate::discord::game::script::next_intent;
    use crate::discord::game::session;
    use crate::engine::{Ruleset, Variant};

    fn started() -> Table {
        let mut t = Table::new(9, 1, 2, 10, Ruleset::new(Variant::Bell), 2, [3; 32]);
        session::handle(&mut t, Actor { user: 11, moderator: false }, Intent::Join, None, 0).expect("join");
        session::handle(&mut t, Actor { user: 10, moderator: false }, Intent::Start, None, 0).expect("start");
        t.names.insert(10, "Asha".into());
        t
    }

    /// Clicks the natural next control of the human on turn.
    fn click(t: &mut Table) -> Intent {
        let user = t.human_to_act().expect("a human on turn");
        let intent = next_intent(t);
        let seq = t.seq;
        session::handle(t, Actor { user, moderator: false }, intent.clone(), Some(seq), 0).expect("click");
        intent
    }

    #[test]
    fn the_lobby_has_no_picture_and_names_are_drawn() {
        let t = Table::new(9, 1, 2, 10, Ruleset::new(Variant::Bell), 2, [3; 32]);
        assert!(board_view(&t).is_none());
        let t = started();
        let view = board_view(&t).expect("a view");
        assert_eq!(view.names[t.seat_of(10).expect("seated").index()], "Asha");
        assert!(view.last.is_none(), "nothing was played yet");
    }

    #[test]
    fn choosing_a_unit_marks_its_destinations_and_moves_are_highlighted() {
        let mut t = started();
        let (mut saw_destinations, mut saw_used, mut saw_last) = (false, false, false);
        for _ in 0..400 {
            if t.stage != Stage::Playing {
                break;
            }
            let intent = click(&mut t);
            let view = board_view(&t).expect("a view");
            if t.draft.unit.is_some() {
                assert!(!view.destinations.is_empty(), "a chosen unit has somewhere to go");
                saw_destinations = true;
            } else {
                assert!(view.destinations.is_empty());
            }
            if matches!(intent, Intent::ChooseThrows(_)) && !t.draft.actions.is_empty() {
                saw_used |= view.series.iter().any(|s| s.used);
            }
            saw_last |= view.last.is_some();
        }
        assert!(saw_destinations && saw_used && saw_last, "{saw_destinations} {saw_used} {saw_last}");
    }
}
