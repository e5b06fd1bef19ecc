//! Who sits at a table: joining and leaving the lobby, computer seats,
//! starting, ending, removing a player and resigning. A human who leaves a
//! running game of her own accord (or by three timeouts) is placed last:
//! in a game of two the other player wins at once, with more a computer
//! plays the seat on. No result is decided by anything but play: in a
//! running game only a moderator with no seat removes a player, and a
//! removed player's seat never hands anyone a rated win; a seated player
//! who ends a rated game resigns it.

use super::computer::Level;
use super::intent::{Actor, Moment, Refusal};
use super::notes::{Note, Notes, Vacated};
use super::table::{Player, Stage, Table, UserId};

/// How a human leaves a running game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Leaving {
    /// Of her own accord: she resigned (or ended a rated game she plays),
    /// or let three turns in a row run out.
    Herself,
    /// Removed by a moderator: nobody wins by it.
    Removed,
}

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

/// Ends the game, unrated (the host or a moderator). A seated host or
/// moderator who ends a running rated game resigns it instead (placed
/// last, rated for the others), whatever the server's end setting: ending
/// is no escape from a loss.
pub(super) fn end(table: &mut Table, actor: Actor) -> Result<Notes, Refusal> {
    may_moderate(table, actor)?;
    if table.stage == Stage::Playing && table.is_rated() && table.seat_of(actor.user).is_some() {
        let then = vacate(table, actor.user, Leaving::Herself);
        return Ok(vec![Note::Resigned { user: actor.user, then }]);
    }
    if table.stage == Stage::Playing && table.moderators_end && !actor.moderator {
        return Err(Refusal::WrongMoment(Moment::OnlyModeratorsEnd));
    }
    table.stage = Stage::Ended;
    table.deadline = None;
    Ok(vec![Note::EndedBy(actor.user)])
}

/// Removes a player: in the lobby the host (or a moderator) removes whom
/// she likes; in a running game only a moderator who is not seated may,
/// whatever the server's end setting (a host or seated moderator who
/// wants out resigns).
pub(super) fn kick(table: &mut Table, actor: Actor, user: UserId) -> Result<Notes, Refusal> {
    if table.stage == Stage::Lobby {
        may_moderate(table, actor)?;
    } else if !actor.moderator || table.seat_of(actor.user).is_some() {
        return Err(Refusal::WrongMoment(Moment::OnlyUnseatedModeratorsRemove));
    }
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
        vacate(table, user, Leaving::Removed)
    };
    Ok(vec![Note::Removed { user, then }])
}

pub(super) fn resign(table: &mut Table, actor: Actor) -> Result<Notes, Refusal> {
    if table.stage == Stage::Lobby {
        return leave(table, actor);
    }
    table.seat_of(actor.user).ok_or(Refusal::NotSeated)?;
    let then = vacate(table, actor.user, Leaving::Herself);
    Ok(vec![Note::Resigned { user: actor.user, then }])
}

/// A human leaves a running game; a computer takes her seat.
/// - Leaving of her own accord, she is placed last: in a game of two the
///   other player wins at once; with more the computer plays on, and when
///   no human is left a rated game ends there (the computers placed by
///   their progress, she last), an unrated one is ended.
/// - Removed by a moderator, nobody wins by it: a game of two ends
///   unrated; with more the computer plays on (she is placed last), and
///   with no human left the game is ended.
pub(super) fn vacate(table: &mut Table, user: UserId, how: Leaving) -> Vacated {
    if let Some(seat) = table.seat_of(user) {
        table.left_seats[seat.index()] = Some(user);
        table.absences[seat.index()] = 0;
    }
    for p in table.lineup.iter_mut().filter(|p| **p == Player::Human(user)) {
        *p = Player::Computer(Level::Easy);
    }
    table.draft = Default::default();
    if table.stage != Stage::Playing {
        return Vacated::Computer;
    }
    match how {
        Leaving::Herself if table.players == 2 => {
            table.stage = Stage::Finished;
            Vacated::OtherWins
        }
        Leaving::Removed if table.players == 2 => {
            table.stage = Stage::Ended;
            Vacated::EndsUnrated
        }
        Leaving::Herself if table.humans().is_empty() && table.is_rated() => {
            table.stage = Stage::Finished;
            Vacated::Last
        }
        _ if table.humans().is_empty() => {
            table.stage = Stage::Ended;
            Vacated::Computer
        }
        _ => Vacated::Computer,
    }
}
