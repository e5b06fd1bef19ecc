//! The turn of the player on turn: throwing a series, choosing moves into
//! the turn's draft, Undo and Confirm, and a computer playing a seat. Every
//! move is checked against the engine before it is kept.

use super::choices::{self, UnitKey};
use super::computer::{self, Level};
use super::intent::Refusal;
use super::notes::{Note, Notes};
use super::table::{Stage, Table};
use crate::engine::{Action, Event, Game, MoveGen, Phase, PlayError, Seat};

/// Throws for `seat` until its series ends (one throw in the opening).
pub(super) fn throw_series(table: &mut Table, seat: Seat) -> Result<Notes, Refusal> {
    let mut game = table.game();
    if !game.wants_throw() {
        return Err(Refusal::WrongMoment("The throws are already made: choose a move."));
    }
    let opening = matches!(game.phase(), Phase::Opening { .. });
    let dice = table.ruleset.rules().dice;
    let mut src = table.dice();
    let mut throws = Vec::new();
    let mut lost = 0;
    while game.wants_throw() && game.to_act() == Some(seat) {
        let t = src.next_throw();
        table.drawn += 1;
        let Ok(out) = game.throw(t) else { break };
        table.push_event(Event::Throw { t }, game);
        throws.push((t, out.discarded));
        lost += out.lost;
        if opening || !dice.throws_again(t) {
            break;
        }
    }
    let mut notes = vec![Note::Threw { seat, throws }];
    if lost > 0 {
        notes.push(Note::ThrowsLost(lost));
    }
    Ok(notes)
}

/// The draft game while the player on turn still has moves to choose.
fn draft_in_moving(table: &Table) -> Result<Game, Refusal> {
    let g = table.draft_game();
    let same_turn = g.to_act() == table.to_act();
    if !matches!(g.phase(), Phase::Moving { .. }) || !same_turn {
        return Err(Refusal::WrongMoment("Nothing more to choose: press Confirm (or Undo)."));
    }
    Ok(g)
}

pub(super) fn choose_unit(table: &mut Table, value: &str) -> Result<Notes, Refusal> {
    let g = draft_in_moving(table)?;
    let key = UnitKey::parse(value).ok_or(Refusal::BadChoice("unknown piece"))?;
    let actions = choices::actions_of(&g, key);
    match actions.as_slice() {
        [] => Err(Refusal::BadChoice("that piece cannot move now")),
        [only] => {
            table.draft.actions.push(*only);
            table.draft.unit = None;
            Ok(vec![Note::Chosen { unit: key, before: *g.position(), action: *only }])
        }
        _ => {
            table.draft.unit = Some(key);
            table.draft.page = 0;
            Ok(Vec::new())
        }
    }
}

pub(super) fn choose_throws(table: &mut Table, values: &[String]) -> Result<Notes, Refusal> {
    let g = draft_in_moving(table)?;
    let key = table.draft.unit.ok_or(Refusal::WrongMoment("Choose a piece first."))?;
    let indices: Option<Vec<usize>> = values.iter().map(|v| v.parse().ok()).collect();
    let indices = indices.ok_or(Refusal::BadChoice("unknown throw"))?;
    let action = choices::action_for(&g, key, &indices)
        .ok_or(Refusal::BadChoice("this piece cannot use exactly those throws"))?;
    table.draft.actions.push(action);
    table.draft.unit = None;
    table.draft.page = 0;
    Ok(vec![Note::Chosen { unit: key, before: *g.position(), action }])
}

pub(super) fn undo(table: &mut Table) -> Result<Notes, Refusal> {
    if table.draft.unit.take().is_some() {
        return Ok(Vec::new());
    }
    table.draft.actions.pop().ok_or(Refusal::WrongMoment("Nothing to undo."))?;
    Ok(vec![Note::TookBack])
}

pub(super) fn confirm(table: &mut Table) -> Result<Notes, Refusal> {
    if table.draft.actions.is_empty() {
        return Err(Refusal::WrongMoment("Nothing chosen yet."));
    }
    let actions = std::mem::take(&mut table.draft.actions);
    table.draft = Default::default();
    commit(table, &actions).map_err(|_| Refusal::BadChoice("the choices no longer fit the game"))
}

/// Applies actions to the log, checked one by one.
fn commit(table: &mut Table, actions: &[Action]) -> Result<Notes, PlayError> {
    let mut game = table.game();
    let mut mg = MoveGen::new();
    let mut notes = Vec::new();
    for &action in actions {
        let before = game;
        let out = game.act(action, &mut mg)?;
        table.push_event(Event::Act { action }, game);
        let seat = before.position().turn();
        notes.push(Note::Moved { seat, before: *before.position(), action });
        if out.captured > 0 {
            notes.push(Note::Captured { seat, count: out.captured });
        }
        if out.lost > 0 {
            notes.push(Note::Unused(out.lost));
        }
    }
    Ok(notes)
}

/// A computer plays for `seat`: one series or one whole use of the throws,
/// or (`whole_turn`) everything until another seat is to act.
pub(super) fn play_for(table: &mut Table, seat: Seat, level: Level, whole_turn: bool) -> Notes {
    let mut notes = Vec::new();
    let mut guard = 0;
    while table.is_open() && table.to_act() == Some(seat) && guard < 64 {
        guard += 1;
        let game = table.game();
        if game.wants_throw() {
            notes.extend(throw_series(table, seat).unwrap_or_default());
        } else if let Some(action) = computer::choose(&game, level, table.id, table.seq.wrapping_add(guard)) {
            notes.extend(commit(table, &[action]).unwrap_or_default());
        } else {
            break;
        }
        if table.game().is_finished() {
            table.stage = Stage::Finished;
        }
        let series_done = table.game().wants_throw();
        if !whole_turn && series_done {
            break;
        }
    }
    notes
}
