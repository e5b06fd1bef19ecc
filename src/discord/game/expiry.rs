//! Closing a game nobody plays: a lobby nobody started within its time,
//! and a game reached by clicks only (a group DM, where nothing but a
//! click moves it on) that nobody clicked for some turn times. Either is
//! ended unrated, with a note saying why.

use super::notes::{Note, Notes};
use super::table::{Stage, Table};

/// How long a game may wait, in seconds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Waits {
    /// A lobby, from when it was opened.
    pub(crate) lobby: u64,
    /// A game reached by clicks only, from its last click, in turn times.
    pub(crate) idle_turns: u32,
}

/// Why the game should close now, if it should: `opened` and `clicked`
/// are unix times of its opening and its last click, `by_clicks` whether
/// only clicks reach it.
pub(crate) fn due(table: &Table, waits: Waits, opened: i64, clicked: i64, by_clicks: bool, now: i64) -> Option<Note> {
    match table.stage {
        Stage::Lobby if now.saturating_sub(opened) >= waits.lobby as i64 => Some(Note::LobbyExpired),
        Stage::Playing if by_clicks => {
            // A player away on turn holds the game until she is back.
            let clicked = super::away::back_at(table).map_or(clicked, |back| back.max(clicked));
            let idle = table.turn_timeout.saturating_mul(u64::from(waits.idle_turns));
            (now.saturating_sub(clicked) >= idle as i64).then_some(Note::Idle(waits.idle_turns))
        }
        _ => None,
    }
}

/// Ends the game for `why` (unrated: nobody played it out).
pub(crate) fn close(table: &mut Table, why: Note) -> Notes {
    table.stage = Stage::Ended;
    table.deadline = None;
    table.draft = Default::default();
    table.seq = table.seq.wrapping_add(1);
    vec![why]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::game::ids::UserId;
    use crate::discord::game::intent::{Actor, Intent};
    use crate::discord::game::session;
    use crate::discord::game::table::kit;
    use crate::engine::Variant;

    const WAITS: Waits = Waits { lobby: 3600, idle_turns: 3 };

    #[test]
    fn a_lobby_closes_once_its_time_is_over() {
        let mut t = kit::lobby(2, Variant::Bell);
        assert_eq!(due(&t, WAITS, 1000, 4000, false, 4599), None);
        assert_eq!(due(&t, WAITS, 1000, 4599, false, 4600), Some(Note::LobbyExpired), "clicks do not keep it");
        let seq = t.seq;
        assert_eq!(close(&mut t, Note::LobbyExpired), vec![Note::LobbyExpired]);
        assert_eq!((t.stage, t.seq), (Stage::Ended, seq + 1));
        assert!(!t.is_open());
    }

    #[test]
    fn only_a_game_reached_by_clicks_closes_when_idle() {
        let mut t = kit::lobby(2, Variant::Bell);
        session::handle(&mut t, Actor { user: UserId(11), moderator: false }, Intent::Join, None, 0).expect("join");
        session::handle(&mut t, Actor { user: UserId(10), moderator: false }, Intent::Start, None, 0).expect("start");
        let idle = 3 * t.turn_timeout as i64;
        assert_eq!(due(&t, WAITS, 0, 100, true, 100 + idle - 1), None);
        assert_eq!(due(&t, WAITS, 0, 100, true, 100 + idle), Some(Note::Idle(3)));
        assert_eq!(due(&t, WAITS, 0, 100, false, 100 + 10 * idle), None, "the clock moves other games on");
        close(&mut t, Note::Idle(3));
        assert_eq!(t.stage, Stage::Ended);
        assert_eq!(due(&t, WAITS, 0, 0, true, i64::MAX), None, "a closed game stays closed");
    }

    #[test]
    fn a_game_reached_by_clicks_waits_for_a_player_away_on_turn() {
        use crate::discord::game::away::{Away, Aways};
        let mut t = kit::lobby(2, Variant::Bell);
        session::handle(&mut t, Actor { user: UserId(11), moderator: false }, Intent::Join, None, 0).expect("join");
        session::handle(&mut t, Actor { user: UserId(10), moderator: false }, Intent::Start, None, 0).expect("start");
        let user = t.human_to_act().expect("a human on turn");
        let idle = 3 * t.turn_timeout as i64;
        let back = 20 * 86_400;
        t.away = Aways { at: 50, periods: vec![(user, Away { since: 10, until: back })] };
        assert_eq!(due(&t, WAITS, 0, 100, true, 100 + idle), None, "she is away");
        assert_eq!(due(&t, WAITS, 0, 100, true, back + idle - 1), None, "idle counts from her return");
        assert_eq!(due(&t, WAITS, 0, 100, true, back + idle), Some(Note::Idle(3)));
    }
}
