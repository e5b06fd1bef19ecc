//! What a click or command does to a game, as plain synchronous functions
//! over a [`Table`]: check the action counter (stale clicks change
//! nothing), check who may do it (the player on turn, the host, a
//! moderator), draw throws from the game's fair-dice stream, keep the
//! turn's choices as a draft until Confirm, and run computer turns and
//! timeouts. The async layer calls these under the game's lock and saves
//! the table after every change; these functions never touch Discord.

use super::computer::{self, Level};
use super::table::{Player, Stage, Table, UserId};
use super::turn::{self, UnitKey};
use crate::engine::{Event, Game, MoveGen, Phase, Seat};
use std::fmt;

/// Who is acting: a Discord user, and whether they may moderate the channel.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    pub user: UserId,
    pub moderator: bool,
}

/// What the user wants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Intent {
    Join,
    Leave,
    AddComputer(Level),
    Start,
    Cancel,
    Throw,
    ChooseUnit(String),
    ChooseThrows(Vec<String>),
    Confirm,
    Undo,
    Page(u8),
    Resign,
    End,
    Kick(UserId),
}

/// Why nothing changed; each answer is shown privately to the clicker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The click came from an older board (another change came first).
    Stale,
    /// The game is over or was cancelled.
    Closed,
    NotYourTurn,
    NotHost,
    NotSeated,
    AlreadySeated,
    LobbyFull,
    TooFewPlayers,
    /// The action does not fit this moment of the game.
    WrongMoment(&'static str),
    /// A choice that is not among the legal ones.
    BadChoice(String),
    /// The database refused the change; the game is as it was before.
    Unsaved,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Stale => {
                f.write_str("This board is out of date: the game has moved on. Use the newest board message.")
            }
            Refusal::Closed => f.write_str("This game has ended."),
            Refusal::NotYourTurn => f.write_str("It is not your turn."),
            Refusal::NotHost => f.write_str("Only the host or a moderator (Manage Messages) can do that."),
            Refusal::NotSeated => f.write_str("You are not playing in this game."),
            Refusal::AlreadySeated => f.write_str("You already have a seat."),
            Refusal::LobbyFull => f.write_str("All seats are taken."),
            Refusal::TooFewPlayers => f.write_str("At least two players are needed to start."),
            Refusal::WrongMoment(why) => f.write_str(why),
            Refusal::BadChoice(why) => write!(f, "That choice is not possible: {why}."),
            Refusal::Unsaved => {
                f.write_str("The game could not be saved just now, so nothing changed. Please try again in a moment.")
            }
        }
    }
}

impl std::error::Error for Refusal {}

/// Lines describing what happened, shown above the board.
pub type Notes = Vec<String>;

/// Applies an intent. `seq` is the counter carried by the clicked component
/// (`None` for slash commands). On success the counter moves on and the
/// deadline follows the player to act.
pub fn handle(table: &mut Table, actor: Actor, intent: Intent, seq: Option<u32>, now: i64) -> Result<Notes, Refusal> {
    if !table.is_open() {
        return Err(Refusal::Closed);
    }
    if seq.is_some_and(|s| s != table.seq) {
        return Err(Refusal::Stale);
    }
    let before = table.to_act();
    let notes = match intent {
        Intent::Join => join(table, actor),
        Intent::Leave => leave(table, actor),
        Intent::AddComputer(level) => add_computer(table, actor, level),
        Intent::Start => start(table, actor, now),
        Intent::Cancel | Intent::End => end(table, actor),
        Intent::Kick(user) => kick(table, actor, user),
        Intent::Resign => resign(table, actor),
        Intent::Throw => on_turn(table, actor).and_then(|seat| throw_series(table, seat)),
        Intent::ChooseUnit(v) => on_turn(table, actor).and_then(|_| choose_unit(table, &v)),
        Intent::ChooseThrows(v) => on_turn(table, actor).and_then(|_| choose_throws(table, &v)),
        Intent::Confirm => on_turn(table, actor).and_then(|_| confirm(table)),
        Intent::Undo => on_turn(table, actor).and_then(|_| undo(table)),
        Intent::Page(p) => on_turn(table, actor).map(|_| {
            table.draft.page = p;
            Vec::new()
        }),
    }?;
    if let Some(seat) = table.seat_of(actor.user) {
        table.absences[seat.index()] = 0;
    }
    settle(table, before, now);
    Ok(notes)
}

/// One computer step when a computer is to act: a whole series of throws,
/// or the whole use of the throws. `None` when no computer is to act.
pub fn computer_step(table: &mut Table, now: i64) -> Option<Notes> {
    if !table.computer_to_act() {
        return None;
    }
    let seat = table.to_act()?;
    let Some(Player::Computer(level)) = table.player(seat) else { return None };
    let before = Some(seat);
    let notes = play_for(table, seat, level, false);
    settle(table, before, now);
    Some(notes)
}

/// The deadline passed: the computer plays the turn of the absent player;
/// the third timeout in a row gives the seat to the computer for good.
pub fn timeout(table: &mut Table, now: i64) -> Option<Notes> {
    let deadline = table.deadline?;
    let user = table.human_to_act()?;
    let seat = table.to_act()?;
    if now < deadline {
        return None;
    }
    table.draft = Default::default();
    table.absences[seat.index()] += 1;
    let mut notes = vec![format!("<@{user}> ran out of time; the computer plays this turn.")];
    notes.extend(play_for(table, seat, Level::Easy, true));
    if table.absences[seat.index()] >= 3 && table.is_open() {
        replace_by_computer(table, user);
        notes.push(format!("<@{user}> missed three turns in a row and forfeits; a computer takes the seat."));
    }
    settle(table, Some(seat), now);
    Some(notes)
}

/// Whether the half-time reminder is due now (marks it as sent).
pub fn reminder_due(table: &mut Table, now: i64) -> Option<UserId> {
    let deadline = table.deadline?;
    let user = table.human_to_act()?;
    let half = deadline - (table.turn_timeout as i64) / 2;
    if table.reminded || now < half {
        return None;
    }
    table.reminded = true;
    Some(user)
}

/// After a change: count it, finish the game, move the deadline.
fn settle(table: &mut Table, before: Option<Seat>, now: i64) {
    table.seq = table.seq.wrapping_add(1);
    if table.stage == Stage::Playing && table.game().is_finished() {
        table.stage = Stage::Finished;
    }
    let after = table.to_act();
    if table.human_to_act().is_none() {
        table.deadline = None;
    } else if after != before || table.deadline.is_none() {
        table.deadline = Some(now + table.turn_timeout as i64);
        table.reminded = false;
    }
}

fn on_turn(table: &mut Table, actor: Actor) -> Result<Seat, Refusal> {
    if table.stage != Stage::Playing {
        return Err(Refusal::WrongMoment("The game has not started yet."));
    }
    let seat = table.to_act().ok_or(Refusal::Closed)?;
    if table.player(seat) != Some(Player::Human(actor.user)) {
        return Err(if table.seat_of(actor.user).is_some() { Refusal::NotYourTurn } else { Refusal::NotSeated });
    }
    Ok(seat)
}

fn may_moderate(table: &Table, actor: Actor) -> Result<(), Refusal> {
    if actor.user == table.host || actor.moderator { Ok(()) } else { Err(Refusal::NotHost) }
}

fn in_lobby(table: &Table) -> Result<(), Refusal> {
    if table.stage == Stage::Lobby { Ok(()) } else { Err(Refusal::WrongMoment("The game has already started.")) }
}

fn join(table: &mut Table, actor: Actor) -> Result<Notes, Refusal> {
    in_lobby(table)?;
    if table.lineup.contains(&Player::Human(actor.user)) {
        return Err(Refusal::AlreadySeated);
    }
    if table.lineup.len() >= usize::from(table.players) {
        return Err(Refusal::LobbyFull);
    }
    table.lineup.push(Player::Human(actor.user));
    Ok(vec![format!("<@{}> joined.", actor.user)])
}

/// Anyone seated may leave the lobby, the host too: she stays the host
/// (Start, Cancel, Add computer) and may watch a game of computers.
fn leave(table: &mut Table, actor: Actor) -> Result<Notes, Refusal> {
    in_lobby(table)?;
    let i = table.lineup.iter().position(|p| *p == Player::Human(actor.user)).ok_or(Refusal::NotSeated)?;
    table.lineup.remove(i);
    Ok(vec![format!("<@{}> left.", actor.user)])
}

fn add_computer(table: &mut Table, actor: Actor, level: Level) -> Result<Notes, Refusal> {
    in_lobby(table)?;
    may_moderate(table, actor)?;
    if table.lineup.len() >= usize::from(table.players) {
        return Err(Refusal::LobbyFull);
    }
    table.lineup.push(Player::Computer(level));
    Ok(vec![format!("A computer ({level}) joined.")])
}

fn start(table: &mut Table, actor: Actor, now: i64) -> Result<Notes, Refusal> {
    in_lobby(table)?;
    may_moderate(table, actor)?;
    if table.lineup.len() < 2 {
        return Err(Refusal::TooFewPlayers);
    }
    table.players = table.lineup.len() as u8;
    table.stage = Stage::Playing;
    table.started_at = now;
    Ok(vec!["The game starts: everyone throws once; the highest throw begins.".to_string()])
}

fn end(table: &mut Table, actor: Actor) -> Result<Notes, Refusal> {
    may_moderate(table, actor)?;
    if table.stage == Stage::Playing && table.moderators_end && !actor.moderator {
        return Err(Refusal::WrongMoment("On this server only moderators (Manage Messages) can end a running game."));
    }
    table.stage = Stage::Ended;
    table.deadline = None;
    Ok(vec![format!("<@{}> ended the game.", actor.user)])
}

fn kick(table: &mut Table, actor: Actor, user: UserId) -> Result<Notes, Refusal> {
    may_moderate(table, actor)?;
    if user == table.host && table.stage == Stage::Lobby {
        return Err(Refusal::WrongMoment("The host cannot be removed from the lobby; cancel it instead."));
    }
    let seated = table.lineup.contains(&Player::Human(user));
    if !seated {
        return Err(Refusal::BadChoice(format!("<@{user}> is not playing")));
    }
    if table.stage == Stage::Lobby {
        table.lineup.retain(|p| *p != Player::Human(user));
    } else {
        replace_by_computer(table, user);
    }
    Ok(vec![format!("<@{user}> was removed; a computer takes the seat.")])
}

fn resign(table: &mut Table, actor: Actor) -> Result<Notes, Refusal> {
    if table.stage == Stage::Lobby {
        return leave(table, actor);
    }
    table.seat_of(actor.user).ok_or(Refusal::NotSeated)?;
    replace_by_computer(table, actor.user);
    Ok(vec![format!("<@{}> resigned; a computer takes the seat.", actor.user)])
}

/// A human leaves a running game: a computer plays on; with no human
/// left the game ends.
fn replace_by_computer(table: &mut Table, user: UserId) {
    if let Some(seat) = table.seat_of(user) {
        table.left_seats[seat.index()] = Some(user);
    }
    for p in table.lineup.iter_mut().filter(|p| **p == Player::Human(user)) {
        *p = Player::Computer(Level::Easy);
    }
    if let Some(seat) = table.seat_of(user) {
        table.absences[seat.index()] = 0;
    }
    table.left.push(user);
    table.draft = Default::default();
    if table.humans().is_empty() {
        table.stage = Stage::Ended;
    }
}

/// Throws for `seat` until its series ends (one throw in the opening).
fn throw_series(table: &mut Table, seat: Seat) -> Result<Notes, Refusal> {
    let mut game = table.game();
    if !game.wants_throw() {
        return Err(Refusal::WrongMoment("The throws are already made: choose a move."));
    }
    let opening = matches!(game.phase(), Phase::Opening { .. });
    let dice = table.ruleset.rules().dice;
    let mut src = table.dice();
    let mut shown = Vec::new();
    let mut lost = 0;
    while game.wants_throw() && game.to_act() == Some(seat) {
        let t = src.next_throw();
        table.drawn += 1;
        let Ok(out) = game.throw(t) else { break };
        table.push_event(Event::Throw { t }, game);
        shown.push(if out.discarded { format!("~~{}~~", t.token()) } else { t.token().to_string() });
        lost += out.lost;
        if opening || !dice.throws_again(t) {
            break;
        }
    }
    let mut notes = vec![format!("{} threw {}", seat.name(), shown.join(" · "))];
    if shown.iter().any(|s| s.starts_with("~~")) {
        notes.push("Struck-through throws are discarded: a player with no piece on the board waits for a 1.".into());
    }
    if lost > 0 {
        notes.push(format!("No legal move: {lost} throw(s) lost, the turn passes."));
    }
    Ok(notes)
}

fn draft_in_moving(table: &Table) -> Result<Game, Refusal> {
    let g = table.draft_game();
    let same_turn = g.to_act() == table.to_act();
    if !matches!(g.phase(), Phase::Moving { .. }) || !same_turn {
        return Err(Refusal::WrongMoment("Nothing more to choose: press Confirm (or Undo)."));
    }
    Ok(g)
}

fn choose_unit(table: &mut Table, value: &str) -> Result<Notes, Refusal> {
    let g = draft_in_moving(table)?;
    let key = UnitKey::parse(value).ok_or_else(|| Refusal::BadChoice("unknown piece".into()))?;
    let actions = turn::actions_of(&g, key);
    match actions.as_slice() {
        [] => Err(Refusal::BadChoice("that piece cannot move now".into())),
        [only] => {
            table.draft.actions.push(*only);
            table.draft.unit = None;
            Ok(vec![format!("Chosen: {}: {}", turn::unit_label(key), turn::describe(g.position(), *only))])
        }
        _ => {
            table.draft.unit = Some(key);
            table.draft.page = 0;
            Ok(Vec::new())
        }
    }
}

fn choose_throws(table: &mut Table, values: &[String]) -> Result<Notes, Refusal> {
    let g = draft_in_moving(table)?;
    let key = table.draft.unit.ok_or(Refusal::WrongMoment("Choose a piece first."))?;
    let indices: Option<Vec<usize>> = values.iter().map(|v| v.parse().ok()).collect();
    let indices = indices.ok_or_else(|| Refusal::BadChoice("unknown throw".into()))?;
    let action = turn::action_for(&g, key, &indices)
        .ok_or_else(|| Refusal::BadChoice("this piece cannot use exactly those throws".into()))?;
    table.draft.actions.push(action);
    table.draft.unit = None;
    table.draft.page = 0;
    Ok(vec![format!("Chosen: {}: {}", turn::unit_label(key), turn::describe(g.position(), action))])
}

fn undo(table: &mut Table) -> Result<Notes, Refusal> {
    if table.draft.unit.take().is_some() {
        return Ok(Vec::new());
    }
    table.draft.actions.pop().ok_or(Refusal::WrongMoment("Nothing to undo."))?;
    Ok(vec!["Took back the last choice.".into()])
}

fn confirm(table: &mut Table) -> Result<Notes, Refusal> {
    if table.draft.actions.is_empty() {
        return Err(Refusal::WrongMoment("Nothing chosen yet."));
    }
    let actions = std::mem::take(&mut table.draft.actions);
    table.draft = Default::default();
    commit(table, &actions).map_err(|_| Refusal::BadChoice("the choices no longer fit the game".into()))
}

/// Applies actions to the log, checked one by one.
fn commit(table: &mut Table, actions: &[crate::engine::Action]) -> Result<Notes, crate::engine::PlayError> {
    let mut game = table.game();
    let seat = game.to_act();
    let mut mg = MoveGen::new();
    let mut notes = Vec::new();
    for &action in actions {
        let before = game;
        let out = game.act(action, &mut mg)?;
        table.push_event(Event::Act { action }, game);
        let name = seat.map(|s| s.name()).unwrap_or_default();
        notes.push(format!("{name}: {}", turn::describe(before.position(), action)));
        if out.captured > 0 {
            notes.push(format!("{name} captured {} piece(s) and throws again.", out.captured));
        }
        if out.lost > 0 {
            notes.push(format!("{} throw(s) could not be used.", out.lost));
        }
    }
    Ok(notes)
}

/// A computer plays for `seat`: one series or one whole use of the throws,
/// or (`whole_turn`) everything until another seat is to act.
fn play_for(table: &mut Table, seat: Seat, level: Level, whole_turn: bool) -> Notes {
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
