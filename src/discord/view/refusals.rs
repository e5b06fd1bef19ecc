//! Why nothing changed, in words: the private answer to a refused click or
//! command.

use super::words::mention;
use crate::discord::game::intent::Refusal;

/// The private note after a click on a board that was behind its game
/// (the bot restarted between saving a change and showing it): the board
/// now shows the game as it stands.
pub(crate) const BOARD_CAUGHT_UP: &str = "This board was behind the game (the bot restarted before it could show the \
     last change); it now shows the game as it stands. Your click changed nothing: choose again if it is your turn.";

/// The private note after a click on the board of a game that had ended
/// without showing it: the board now shows the end.
pub(crate) const END_SHOWN: &str = "This game had already ended (the bot restarted before it could show it); its board now shows the end. \
     Your click changed nothing.";

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
