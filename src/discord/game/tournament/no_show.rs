//! A tournament table's no-show, on the game: a player who lets her
//! first turn time run out without playing a series of her own is
//! replaced by a computer for the rest of that table (the computer plays
//! the turn that ran out, then her seat); the tournament scores her last
//! there (`standings::score_table`) and counts the no-show
//! (`standings::no_show`). Time away does not apply inside a tournament:
//! the turn's own deadline is the one that counts. Pure.

use super::super::lobby::{self, Leaving};
use super::super::notes::{Note, Notes};
use super::super::session;
use super::super::table::{Table, UserId};

/// The player on turn if she is a no-show now: she has not played a
/// series of her own and her turn's deadline has passed.
pub(crate) fn due(table: &Table, now: i64) -> Option<UserId> {
    let user = table.human_to_act()?;
    let seat = table.to_act()?;
    let deadline = table.deadline?;
    (table.unplayed[seat.index()] && now >= deadline).then_some(user)
}

/// Replaces the no-show on turn by a computer: her turn is played for
/// her and she leaves the table (`None` when nobody is a no-show now).
pub(crate) fn replace(table: &mut Table, now: i64) -> Option<(UserId, Notes)> {
    let user = due(table, now)?;
    // Time away does not apply: the turn ran out at its own deadline.
    table.away = Default::default();
    let mut notes = session::timeout(table, now).unwrap_or_default();
    if table.is_open() && table.seat_of(user).is_some() && table.humans().contains(&user) {
        let then = lobby::vacate(table, user, Leaving::Herself);
        notes.push(Note::NoShow { user, then });
    }
    Some((user, notes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::game::intent::{Actor, Intent};
    use crate::discord::game::table::{Player, Stage, kit};
    use crate::engine::Variant;

    fn started(humans: &[u64], now: i64) -> Table {
        let mut t = kit::lobby(humans.len() as u8, Variant::Bell);
        t.lineup = humans.iter().map(|&u| Player::Human(UserId(u))).collect();
        t.host = UserId(humans[0]);
        let host = Actor { user: t.host, moderator: true };
        session::handle(&mut t, host, Intent::Start, None, now).expect("starts");
        t
    }

    #[test]
    fn a_player_who_never_plays_her_first_turn_is_replaced() {
        let mut t = started(&[1, 2, 3], 1000);
        let first = t.human_to_act().expect("a human on turn");
        let deadline = t.deadline.expect("a deadline");
        assert_eq!(due(&t, deadline - 1), None, "not before her deadline");
        assert_eq!(replace(&mut t, deadline - 1), None);
        let (user, notes) = replace(&mut t, deadline).expect("a no-show");
        assert_eq!(user, first);
        assert!(notes.iter().any(|n| matches!(n, Note::NoShow { user, .. } if *user == first)), "{notes:?}");
        assert!(!t.humans().contains(&first), "a computer took her seat");
        assert!(t.is_open(), "two players are left: the game goes on");
    }

    #[test]
    fn a_player_who_played_once_is_no_no_show() {
        let mut t = started(&[1, 2], 1000);
        let seat = t.to_act().expect("someone on turn");
        t.unplayed[seat.index()] = false;
        let deadline = t.deadline.expect("a deadline");
        assert_eq!(due(&t, deadline + 10), None, "a late turn is a timeout, not a no-show");
    }

    #[test]
    fn at_a_table_of_two_the_other_wins() {
        let mut t = started(&[1, 2], 1000);
        let deadline = t.deadline.expect("a deadline");
        let (_, notes) = replace(&mut t, deadline).expect("a no-show");
        assert!(notes.iter().any(|n| matches!(n, Note::NoShow { .. })), "{notes:?}");
        assert_eq!(t.stage, Stage::Finished);
    }
}
