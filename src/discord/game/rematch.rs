//! Who sits at a rematch of a closed game: its computers (not those that
//! played on for a player who left) and the one who asked, in the order
//! they sat; its other humans are called once and sit only if they press
//! Join, so that nobody is started into a rated game unasked.

use super::ids::UserId;
use super::table::{Player, Table};

/// The first seats of a rematch of `old` asked by `host`.
pub(crate) fn lineup(old: &Table, host: UserId) -> Vec<Player> {
    let keep = |p: &Player| matches!(p, Player::Computer(_)) || *p == Player::Human(host);
    old.occupants().into_iter().map(|(_, p)| p).filter(keep).collect()
}

/// The players of `old` a rematch asked by `host` calls to its lobby.
pub(crate) fn called(old: &Table, host: UserId) -> Vec<UserId> {
    let humans = old.occupants().into_iter().filter_map(|(_, p)| match p {
        Player::Human(u) if u != host => Some(u),
        _ => None,
    });
    humans.collect()
}

/// The lineup a new lobby of `host` starts with: a rematch's seats when
/// they seat her (the new game's host), else the lobby's own (`None`).
pub(crate) fn seats(lineup: Option<Vec<Player>>, host: UserId) -> Option<Vec<Player>> {
    lineup.filter(|l| l.contains(&Player::Human(host)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::game::computer::Level;
    use crate::discord::game::intent::Intent;
    use crate::discord::game::session_tests::{GUEST, HOST, act, lobby};
    use crate::engine::Variant;

    /// A started game of the host, a guest, a computer and a guest who
    /// left (a computer plays her seat on).
    fn played() -> Table {
        let mut t = lobby(4, Variant::Bell);
        act(&mut t, GUEST, Intent::Join).expect("join");
        act(&mut t, HOST, Intent::AddComputer(Level::Easy)).expect("computer");
        act(&mut t, UserId(303), Intent::Join).expect("join");
        act(&mut t, HOST, Intent::Start).expect("start");
        act(&mut t, UserId(303), Intent::Resign).expect("she leaves");
        t
    }

    #[test]
    fn a_rematch_seats_its_computers_and_the_one_who_asked_and_calls_the_others() {
        let t = played();
        assert_eq!(lineup(&t, GUEST), [Player::Human(GUEST), Player::Computer(Level::Easy)], "in the order they sat");
        assert_eq!(called(&t, GUEST), [HOST, UserId(303)], "the one who left is called, her computer not seated");
        assert_eq!(lineup(&t, HOST), [Player::Human(HOST), Player::Computer(Level::Easy)]);
        assert_eq!(called(&t, HOST), [GUEST, UserId(303)]);
    }

    #[test]
    fn a_lobby_takes_a_rematchs_seats_only_when_they_seat_its_host() {
        let seated = vec![Player::Human(HOST), Player::Computer(Level::Easy)];
        assert_eq!(seats(Some(seated.clone()), HOST), Some(seated.clone()));
        assert_eq!(seats(Some(seated), GUEST), None, "another host: the lobby's own seats");
        assert_eq!(seats(None, HOST), None, "a new game");
    }
}
