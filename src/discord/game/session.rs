//! What a click or command does to a game, as plain synchronous functions
//! over a [`Table`]: check the action counter (stale clicks change
//! nothing), check who may do it (the player on turn, the host, a
//! moderator), keep the turn's choice as a draft until Confirm, and run
//! computer turns and timeouts. After every change what needs no choice
//! plays itself (throws are drawn from the game's fair-dice stream). The async layer calls these under the game's lock and saves
//! the table after every change; these functions never touch Discord.
//! The seat changes are in [`super::lobby`], the moves in [`super::turn`].

use super::computer::Level;
use super::intent::{Actor, Intent, Moment, Refusal};
use super::notes::{Note, Notes, Vacated};
use super::table::{Player, Stage, Table, UserId};
use super::{away, lobby, turn};
use crate::engine::Seat;

/// Applies an intent. `seq` is the counter carried by the clicked component
/// (`None` for slash commands); only turn actions must carry the current
/// one ([`Intent::follows_the_board`]). On success the counter moves on and
/// the deadline follows the player to act.
pub(crate) fn handle(
    table: &mut Table,
    actor: Actor,
    intent: Intent,
    seq: Option<u32>,
    now: i64,
) -> Result<Notes, Refusal> {
    if !table.is_open() {
        return Err(Refusal::Closed);
    }
    if intent.follows_the_board() && seq.is_some_and(|s| s != table.seq) {
        return Err(Refusal::Stale);
    }
    let before = table.to_act();
    let plays = matches!(intent, Intent::Throw | Intent::Choose(_) | Intent::Confirm);
    let mut notes = match intent {
        Intent::Join => lobby::join(table, actor),
        Intent::Leave => lobby::leave(table, actor),
        Intent::AddComputer(level) => lobby::add_computer(table, actor, level),
        Intent::Start => lobby::start(table, actor, now),
        Intent::Cancel => lobby::cancel(table, actor),
        Intent::End => lobby::end(table, actor),
        Intent::Kick(user) => lobby::kick(table, actor, user),
        Intent::Resign => lobby::resign(table, actor),
        Intent::Throw => on_turn(table, actor).and_then(|seat| turn::throw_series(table, seat)),
        Intent::Choose(v) => on_turn(table, actor).and_then(|_| turn::choose(table, &v)),
        Intent::Confirm => on_turn(table, actor).and_then(|_| turn::confirm(table)),
        Intent::Undo => on_turn(table, actor).and_then(|_| turn::undo(table)),
        Intent::Page(p) => on_turn(table, actor).and_then(|_| turn::page(table, p)),
        Intent::StandIn => away::vote(table, actor),
    }?;
    if let Some(seat) = table.seat_of(actor.user) {
        table.absences[seat.index()] = 0;
        away::forget_votes(table, actor.user);
    }
    settle(table, before, now, &mut notes);
    // Her series is played once the turn passed from her (or the game
    // ended with it).
    if let Some(seat) = before.filter(|_| plays && (table.to_act() != before || !table.is_open())) {
        table.unplayed[seat.index()] = false;
    }
    Ok(notes)
}

/// Whether `user` may cancel the lobby in its host's stead: a lobby whose
/// host is gone (`host_gone`: no click of hers for a while) may be
/// cancelled by anyone seated in it.
pub(crate) fn stands_in_for_host(table: &Table, user: UserId, intent: &Intent, host_gone: bool) -> bool {
    *intent == Intent::Cancel && table.stage == Stage::Lobby && host_gone && table.humans().contains(&user)
}

/// How a running computer's search is run: given the step, it runs it
/// (the live wing lets the runtime's other tasks move on meanwhile).
pub(crate) type Think<'a> = &'a dyn Fn(&mut dyn FnMut() -> Option<Notes>) -> Option<Notes>;

/// Applies a click (`seq`: the counter its control carries). Where the bot
/// is reached by clicks only (`by_clicks`), nothing else moves the game
/// on: before the click of a seated player, computer turns left unplayed
/// (a save the database took after its deadline, reloaded) are played and
/// a turn that ran out is settled as the clock would have, and the click
/// (made on the board from before) then changes nothing more; after any
/// change the computers play up to the next human's turn (or the end), so
/// that the answer shows them.
pub(crate) fn handle_click(
    table: &mut Table,
    actor: Actor,
    intent: Intent,
    seq: u32,
    now: i64,
    by_clicks: bool,
    think: Think<'_>,
) -> Result<Notes, Refusal> {
    let catches_up = by_clicks && table.humans().contains(&actor.user);
    let caught_up = if catches_up { computers_play(table, now, think) } else { Notes::new() };
    let settled = if catches_up && caught_up.is_empty() { timeout(table, now) } else { None };
    let mut notes = match settled {
        Some(notes) => notes,
        None if !caught_up.is_empty() => caught_up,
        None => handle(table, actor, intent, Some(seq), now)?,
    };
    if by_clicks {
        notes.extend(computers_play(table, now, think));
    }
    Ok(notes)
}

/// The computer seats' turns up to the next human's (or the end), each
/// step run through `think`. A game of computers only plays to its end;
/// the bound only guards against a rule that never ends a game.
pub(crate) fn computers_play(table: &mut Table, now: i64, think: Think<'_>) -> Notes {
    let mut notes = Notes::new();
    for _ in 0..10_000 {
        if !table.computer_to_act() {
            break;
        }
        match think(&mut || computer_step(table, now)) {
            Some(step) => notes.extend(step),
            None => break,
        }
    }
    notes
}

/// One computer step when a computer is to act: a whole series of throws,
/// or the whole use of the throws. `None` when no computer is to act.
pub(crate) fn computer_step(table: &mut Table, now: i64) -> Option<Notes> {
    if !table.computer_to_act() {
        return None;
    }
    let seat = table.to_act()?;
    let Some(Player::Computer(level)) = table.player(seat) else { return None };
    let before = Some(seat);
    let mut notes = turn::play_for(table, seat, level, false);
    settle(table, before, now, &mut notes);
    Some(notes)
}

/// The deadline passed: the computer plays the turn of the absent player;
/// the third timeout in a row gives the seat to the computer for good.
/// A player away during her turn has a full turn time from her return
/// (`away::deadline`).
pub(crate) fn timeout(table: &mut Table, now: i64) -> Option<Notes> {
    let deadline = away::deadline(table)?;
    let user = table.human_to_act()?;
    let seat = table.to_act()?;
    if now < deadline {
        return None;
    }
    table.draft = Default::default();
    table.absences[seat.index()] += 1;
    let mut notes = vec![Note::TimedOut(user)];
    notes.extend(turn::play_for(table, seat, Level::Easy, true));
    if table.absences[seat.index()] >= 3 && table.is_open() {
        let then: Vacated = lobby::vacate(table, user, lobby::Leaving::Herself);
        notes.push(Note::Forfeited { user, then });
    }
    settle(table, Some(seat), now, &mut notes);
    Some(notes)
}

/// The store went back in time under this game (see `live::went_back`): it
/// ends here, unrated, and never plays on; its seed is revealed.
pub(crate) fn went_back(table: &mut Table) {
    table.stage = Stage::Ended;
    table.deadline = None;
    table.draft = Default::default();
    table.seq = table.seq.wrapping_add(1);
}

/// Whether the half-time reminder is due now (marks it as sent).
pub(crate) fn reminder_due(table: &mut Table, now: i64) -> Option<UserId> {
    let deadline = away::deadline(table)?;
    let user = table.human_to_act()?;
    let half = deadline - (table.turn_timeout as i64) / 2;
    if table.reminded || now < half {
        return None;
    }
    table.reminded = true;
    Some(user)
}

/// After a change: play what needs no choice, count the change, finish
/// the game, move the deadline.
fn settle(table: &mut Table, before: Option<Seat>, now: i64, notes: &mut Notes) {
    notes.extend(turn::autoplay(table));
    table.seq = table.seq.wrapping_add(1);
    if table.stage == Stage::Playing && table.game().is_finished() {
        table.stage = Stage::Finished;
    }
    let after = table.to_act();
    if table.human_to_act().is_none() {
        table.deadline = None;
    } else if after != before || table.deadline.is_none() || threw_for(notes, after) {
        table.deadline = Some(now + table.turn_timeout as i64);
        table.reminded = false;
    }
}

/// Whether the notes show a new series thrown for `seat` (a new turn of
/// hers, even when no one else's came between).
fn threw_for(notes: &[Note], seat: Option<Seat>) -> bool {
    notes.iter().any(|n| matches!(n, Note::Threw { seat: s, .. } if Some(*s) == seat))
}

/// The seat of the player on turn, if it is the actor's.
fn on_turn(table: &mut Table, actor: Actor) -> Result<Seat, Refusal> {
    if table.stage != Stage::Playing {
        return Err(Refusal::WrongMoment(Moment::NotStarted));
    }
    let seat = table.to_act().ok_or(Refusal::Closed)?;
    if table.player(seat) != Some(Player::Human(actor.user)) {
        return Err(if table.seat_of(actor.user).is_some() { Refusal::NotYourTurn } else { Refusal::NotSeated });
    }
    Ok(seat)
}
