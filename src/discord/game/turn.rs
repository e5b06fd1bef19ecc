//! The turn of the player on turn: what plays itself (the opening throws,
//! a human's series, a use of the throws that has only one end), picking a
//! whole move (or building it step by step) into the turn's draft, Undo
//! and Confirm, and a computer playing a seat. Every move is checked
//! against the engine before it is kept.

use super::choices::{self, Menu, Pick};
use super::computer::{self, Level};
use super::intent::{BadPick, Moment, Refusal};
use super::lost::{LostWhy, why_lost};
use super::notes::{Note, Notes};
use super::table::{Player, Stage, Table};
use crate::engine::{Action, Event, MoveGen, Phase, PlayError, Seat, Throw};

/// At most this many automatic steps after one change (a series and a
/// forced move per seat round, many times over: far more than a turn).
const AUTO_STEPS: usize = 256;

/// Throws for `seat` until its series ends (one throw in the opening).
pub(super) fn throw_series(table: &mut Table, seat: Seat) -> Result<Notes, Refusal> {
    let mut game = table.game();
    if !game.wants_throw() {
        return Err(Refusal::WrongMoment(Moment::AlreadyThrown));
    }
    let opening = matches!(game.phase(), Phase::Opening { .. });
    let dice = table.ruleset.rules().dice;
    let mut src = table.dice();
    let mut throws = Vec::new();
    let (mut lost, mut why) = (0, LostWhy::default());
    while game.wants_throw() && game.to_act() == Some(seat) {
        let t = src.next_throw();
        let before = *game.position();
        let Ok(out) = game.throw(t) else { break };
        // Counted only once played: the dice check reads the k-th throw of
        // the log as the k-th drawn from the seed.
        table.drawn += 1;
        table.push_event(Event::Throw { t }, game);
        throws.push((t, out.discarded));
        if out.lost > 0 {
            why = why_lost(&before, seat, t);
        }
        lost += out.lost;
        if opening || !dice.throws_again(t) {
            break;
        }
    }
    // A throw with a name of its own (Sonal) or that moves nothing (0) is
    // explained the first time a game sees it.
    let firsts: Vec<Throw> = [Throw::Sonal, Throw::Zero]
        .into_iter()
        .filter(|&special| {
            let now = throws.iter().filter(|&&(t, _)| t == special).count();
            let ever = table.events.iter().filter(|e| matches!(e, Event::Throw { t } if *t == special)).count();
            now > 0 && ever == now
        })
        .collect();
    let mut notes = vec![Note::Threw { seat, throws }];
    notes.extend(firsts.into_iter().map(Note::FirstThrow));
    if lost > 0 {
        notes.push(Note::ThrowsLost { count: lost, why });
    }
    Ok(notes)
}

/// What needs no one's choice, done at once: everyone's opening throw,
/// the series of a human on turn, and her use of the throws when it can
/// end in only one way. Stops where someone has a choice or a computer
/// is to act.
pub(super) fn autoplay(table: &mut Table) -> Notes {
    let mut notes = Vec::new();
    for _ in 0..AUTO_STEPS {
        if table.stage != Stage::Playing || !table.draft.actions.is_empty() {
            break;
        }
        let game = table.game();
        let Some(seat) = game.to_act() else { break };
        let human = matches!(table.player(seat), Some(Player::Human(_)));
        match game.phase() {
            Phase::Opening { .. } => {
                notes.extend(throw_series(table, seat).unwrap_or_default());
                let after = table.game();
                if let (false, Some(first)) = (matches!(after.phase(), Phase::Opening { .. }), after.to_act()) {
                    notes.push(Note::Begins(first));
                }
            }
            Phase::Throwing { .. } if human => notes.extend(throw_series(table, seat).unwrap_or_default()),
            Phase::Moving { .. } if human => {
                let ends = table.ends.ends(&game);
                let Some(only) = ends.list.first().filter(|_| ends.is_forced()) else { break };
                let path = only.path.clone();
                match commit(table, &path, true) {
                    Ok(played) => notes.extend(played),
                    Err(_) => break,
                }
            }
            _ => break,
        }
        if table.game().is_finished() {
            table.stage = Stage::Finished;
        }
    }
    notes
}

/// The menu of the player on turn.
pub(crate) fn menu_of(table: &Table) -> Menu {
    choices::menu(&table.game_now(), table.to_act(), &table.draft, &table.ends)
}

/// Another page of the menu: only one the menu has (`Menu::pages`; a
/// forged page would move the counter and redraw the board for nothing).
pub(super) fn page(table: &mut Table, page: u8) -> Result<Notes, Refusal> {
    if usize::from(page) >= menu_of(table).pages() {
        return Err(Refusal::BadChoice(BadPick::NoPage));
    }
    table.draft.page = page;
    Ok(Vec::new())
}

/// An option of the menu: a whole move (replacing a move picked before),
/// the step-by-step mode, or one step.
pub(super) fn choose(table: &mut Table, value: &str) -> Result<Notes, Refusal> {
    let pick = Pick::parse(value).ok_or(Refusal::BadChoice(BadPick::NotAnOption))?;
    let menu = menu_of(table);
    if !menu.picks().contains(&pick) && !matches!(pick, Pick::End(i) if menu.end(i).is_some()) {
        return Err(match menu {
            Menu::Nothing => Refusal::WrongMoment(Moment::NothingMore),
            _ => Refusal::BadChoice(BadPick::Gone),
        });
    }
    let built = table.draft.built().len();
    let draft = &mut table.draft;
    match (pick, &menu) {
        (Pick::End(i), _) => {
            let path = menu.end(i).map(|e| e.path.clone()).unwrap_or_default();
            draft.actions.truncate(built);
            draft.chosen = u8::try_from(path.len()).unwrap_or(u8::MAX);
            draft.actions.extend(path);
        }
        (Pick::StepByStep, _) => {
            draft.actions.truncate(built);
            draft.chosen = 0;
            draft.stepping = true;
        }
        (Pick::Step(i), Menu::Steps { steps, .. }) => {
            let action = steps.get(i).copied().ok_or(Refusal::BadChoice(BadPick::NoStep))?;
            draft.actions.truncate(built);
            draft.chosen = 0;
            draft.actions.push(action);
            draft.stepping = false;
        }
        (Pick::Step(_), _) => return Err(Refusal::BadChoice(BadPick::NoStep)),
    }
    draft.page = 0;
    Ok(Vec::new())
}

/// Takes back the picked move, else leaves the step-by-step menu, else
/// takes back the last step.
pub(super) fn undo(table: &mut Table) -> Result<Notes, Refusal> {
    let draft = &mut table.draft;
    draft.page = 0;
    if draft.chosen > 0 {
        let built = draft.built().len();
        draft.actions.truncate(built);
        draft.chosen = 0;
        return Ok(vec![Note::TookBack]);
    }
    if std::mem::take(&mut draft.stepping) {
        return Ok(Vec::new());
    }
    draft.actions.pop().ok_or(Refusal::WrongMoment(Moment::NothingToUndo))?;
    Ok(vec![Note::TookBack])
}

pub(super) fn confirm(table: &mut Table) -> Result<Notes, Refusal> {
    if !table.draft_is_whole() {
        return Err(Refusal::WrongMoment(if table.draft.actions.is_empty() {
            Moment::NothingChosen
        } else {
            Moment::Incomplete
        }));
    }
    let actions = std::mem::take(&mut table.draft).actions;
    commit(table, &actions, false).map_err(|_| Refusal::BadChoice(BadPick::StaleChoices))
}

/// Applies actions to the log, checked one by one: one note for the move,
/// then its captures and unused throws.
fn commit(table: &mut Table, actions: &[Action], forced: bool) -> Result<Notes, PlayError> {
    let mut game = table.game();
    let before = *game.position();
    let seat = before.turn();
    let mut mg = MoveGen::new();
    let (mut captured, mut lost) = (0, 0);
    for &action in actions {
        let out = game.act(action, &mut mg)?;
        table.push_event(Event::Act { action }, game);
        captured += out.captured;
        lost += out.lost;
    }
    let mut notes = vec![Note::Played { seat, before, path: actions.to_vec(), forced }];
    if captured > 0 {
        notes.push(Note::Captured { seat, count: captured });
    }
    // Throws left when the game is won are no one's loss.
    if lost > 0 && !game.is_finished() {
        notes.push(Note::Unused(lost));
    }
    Ok(notes)
}

/// A computer plays for `seat`: one series or one action, or
/// (`whole_turn`) everything until another seat is to act.
pub(super) fn play_for(table: &mut Table, seat: Seat, level: Level, whole_turn: bool) -> Notes {
    let mut notes = Vec::new();
    let mut guard = 0;
    while table.is_open() && table.to_act() == Some(seat) && guard < 64 {
        guard += 1;
        let game = table.game();
        if game.wants_throw() {
            notes.extend(throw_series(table, seat).unwrap_or_default());
        } else if let Some(action) = computer::choose(&game, level, table.id, table.seq.wrapping_add(guard)) {
            notes.extend(commit(table, &[action], false).unwrap_or_default());
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::game::table::kit;
    use crate::engine::{MAX_SERIES, Variant};

    #[test]
    fn a_throw_the_game_refuses_is_not_counted_as_drawn() {
        let mut table = kit::lobby(2, Variant::Bell);
        let dice = table.ruleset.rules().dice;
        let kinds: Vec<Throw> = (0..dice.total).map(|r| dice.throw_for(r)).collect();
        let mut game = table.game();
        // The opening, thrown by hand, then a series full of throws that
        // throw again: the next throw cannot be held.
        for i in 0..200 {
            if !matches!(game.phase(), Phase::Opening { .. }) {
                break;
            }
            let t = kinds[(i * 7) % kinds.len()];
            game.throw(t).expect("an opening throw");
            table.push_event(Event::Throw { t }, game);
        }
        let again = kinds.iter().copied().find(|&t| dice.throws_again(t) && t == Throw::One).expect("One throws again");
        for _ in 0..MAX_SERIES {
            game.throw(again).expect("a throw of the series");
            table.push_event(Event::Throw { t: again }, game);
        }
        table.drawn = u32::try_from(table.events.len()).expect("few");
        let seat = game.to_act().expect("someone throws");
        assert!(game.wants_throw(), "the series goes on");
        let (drawn, events) = (table.drawn, table.events.len());
        let _ = throw_series(&mut table, seat);
        assert_eq!(table.events.len(), events, "the throw was refused");
        assert_eq!(table.drawn, drawn, "and not counted as drawn");
    }
}
