//! Why nothing changed, in words: the private answer to a refused click or
//! command.

use super::words::mention;
use crate::discord::game::intent::Refusal;

/// The private answer to a refusal.
pub(crate) fn refusal_text(refusal: &Refusal) -> String {
    match refusal {
        Refusal::Stale => "This board is out of date: the game has moved on. Use the newest board message.".into(),
        Refusal::Closed => "This game has ended.".into(),
        Refusal::NotYourTurn => "It is not your turn.".into(),
        Refusal::NotHost => "Only the host or a moderator (Manage Messages) can do that.".into(),
        Refusal::NotSeated => "You are not playing in this game.".into(),
        Refusal::AlreadySeated => "You already have a seat.".into(),
        Refusal::LobbyFull => "All seats are taken.".into(),
        Refusal::TooFewPlayers => "At least two players are needed to start.".into(),
        Refusal::WrongMoment(why) => (*why).into(),
        Refusal::BadChoice(why) => format!("That choice is not possible: {why}."),
        Refusal::NotPlaying(user) => format!("That choice is not possible: {} is not playing.", mention(*user)),
        Refusal::Unsaved => {
            "The game could not be saved just now, so nothing changed. Please try again in a moment.".into()
        }
    }
}
