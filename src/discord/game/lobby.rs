//! Who sits at a table: joining and leaving the lobby, computer seats,
//! starting, ending, removing a player and resigning. A human who leaves a
//! running game is placed last: in a game of two the other player wins at
//! once, with more a computer plays the seat on.

use super::computer::Level;
use super::intent::{Actor, Moment, Refusal};
use super::notes::{Note, Notes, Vacated};
use super::table::{Player, Stage, Table, UserId};

/// The host or a moderator of the channel.
fn may_moderate(table: &Table, actor: Actor) -> Result<(), Refusal> {
    if actor.user == table.host || actor.moderator { Ok(()) } else { Err(Refusal::NotHost) }
}

fn in_lobby(table: &Table) -> Result<(), Refusal> {
    if table.stage == Stage::Lobby { Ok(()) } else { Err(Refusal::WrongMoment(Moment::Started)) }
}

pub(super) fn join(table: &mut Table, actor: Actor) -> Result<Notes, Refusal> {
    in_lobby(table)?;
    if table.lineup.contains(&Player::Human(actor.user)) {
        return Err(Refusal::AlreadySeated);
    }
    if table.lineup.len() >= usize::from(table.players) {
        return Err(Refusal::LobbyFull);
    }
    table.lineup.push(Player::Human(actor.user));
    Ok(vec![Note::Joined(actor.user)])
}

/// Anyone seated may leave the lobby, the host too: she stays the host
/// (Start, Cancel, Add computer) and may watch a game of computers.
pub(super) fn leave(table: &mut Table, actor: Actor) -> Result<Notes, Refusal> {
    in_lobby(table)?;
    let i = table.lineup.iter().position(|p| *p == Player::Human(actor.user)).ok_or(Refusal::NotSeated)?;
    table.lineup.remove(i);
    Ok(vec![Note::Left(actor.user)])
}

pub(super) fn add_computer(table: &mut Table, actor: Actor, level: Level) -> Result<Notes, Refusal> {
    in_lobby(table)?;
    may_moderate(table, actor)?;
    if table.lineup.len() >= usize::from(table.players) {
        return Err(Refusal::LobbyFull);
    }
    table.lineup.push(Player::Computer(level));
    Ok(vec![Note::ComputerJoined(level)])
}

pub(super) fn start(table: &mut Table, actor: Actor, now: i64) -> Result<Notes, Refusal> {
    in_lobby(table)?;
    may_moderate(table, actor)?;
    if table.lineup.len() < 2 {
        return Err(Refusal::TooFewPlayers);
    }
    table.players = table.lineup.len() as u8;
    table.stage = Stage::Playing;
    table.started_at = now;
    Ok(vec![Note::Started])
}

/// The lobby's Cancel: only while it is a lobby (a Cancel button left on
/// an old lobby message never ends a running game; `/thaayam end` does).
pub(super) fn cancel(table: &mut Table, actor: Actor) -> Result<Notes, Refusal> {
    in_lobby(table)?;
    end(table, actor)
}

pub(super) fn end(table: &mut Table, actor: Actor) -> Result<Notes, Refusal> {
    may_moderate(table, actor)?;
    if table.stage == Stage::Playing && table.moderators_end && !actor.moderator {
        return Err(Refusal::WrongMoment(Moment::OnlyModeratorsEnd));
    }
    table.stage = Stage::Ended;
    table.deadline = None;
    Ok(vec![Note::EndedBy(actor.user)])
}

pub(super) fn kick(table: &mut Table, actor: Actor, user: UserId) -> Result<Notes, Refusal> {
    may_moderate(table, actor)?;
    if user == table.host && table.stage == Stage::Lobby {
        return Err(Refusal::WrongMoment(Moment::HostStays));
    }
    if !table.lineup.contains(&Player::Human(user)) {
        return Err(Refusal::NotPlaying(user));
    }
    let then = if table.stage == Stage::Lobby {
        table.lineup.retain(|p| *p != Player::Human(user));
        Vacated::Free
    } else {
        vacate(table, user)
    };
    Ok(vec![Note::Removed { user, then }])
}

pub(super) fn resign(table: &mut Table, actor: Actor) -> Result<Notes, Refusal> {
    if table.stage == Stage::Lobby {
        return leave(table, actor);
    }
    table.seat_of(actor.user).ok_or(Refusal::NotSeated)?;
    let then = vacate(table, actor.user);
    Ok(vec![Note::Resigned { user: actor.user, then }])
}

/// A human leaves a running game and is placed last. In a game of two
/// the other player wins at once (rated); with more a computer plays the
/// seat on, and with no human left the game ends unrated.
pub(super) fn vacate(table: &mut Table, user: UserId) -> Vacated {
    if let Some(seat) = table.seat_of(user) {
        table.left_seats[seat.index()] = Some(user);
        table.absences[seat.index()] = 0;
    }
    for p in table.lineup.iter_mut().filter(|p| **p == Player::Human(user)) {
        *p = Player::Computer(Level::Easy);
    }
    table.draft = Default::default();
    if table.players == 2 && table.stage == Stage::Playing {
        table.stage = Stage::Finished;
        return Vacated::OtherWins;
    }
    if table.humans().is_empty() {
        table.stage = Stage::Ended;
    }
    Vacated::Computer
}
