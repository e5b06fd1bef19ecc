//! The hint of a practice game (`/thaayam hint`): for the player on turn
//! only, the expert's advice on the menu she is shown (which option to
//! pick, or the move to build step by step when the best end is not
//! among the options) and her chance of winning before and after. It
//! reads the table and changes nothing: no seq, no save, no log.

use super::choices::{Menu, Pick};
use super::table::{Player, Stage, Table, UserId};
use super::turn::menu_of;
use crate::ai::advice::advise;
use crate::engine::{Action, Game, Ruleset};

/// Why there is no hint.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum HintRefusal {
    /// No game runs in the channel.
    NoGame,
    /// The game is not a practice game.
    NotPractice,
    /// The asker has no seat in the game.
    NotSeated,
    /// Another player is on turn.
    NotYourTurn,
    /// Nothing to choose now (lobby, throws to come, the move is complete).
    NoChoice,
    /// No network judges this table.
    NoNetwork { ruleset: Ruleset, players: u8 },
}

/// The advice for the player on turn.
#[derive(Clone, Debug)]
pub(crate) struct Hint {
    /// The menu she is shown, which the hint names options of.
    pub(crate) menu: Menu,
    /// The option to pick; `None`: the best move is not among the options
    /// and is built step by step.
    pub(crate) pick: Option<Pick>,
    /// Where the menu's moves start, and the best one's actions from there.
    pub(crate) base: Game,
    pub(crate) path: Vec<Action>,
    /// Her chance of winning now and after the best move (0 to 1).
    pub(crate) before: f64,
    pub(crate) after: f64,
    /// The lowest and highest chance after the menu's other moves.
    pub(crate) others: Option<(f64, f64)>,
}

/// Why `user` may not ask for a hint in `table` now, found without any
/// search (so that asking at the wrong moment costs nothing).
pub(crate) fn may_ask(table: &Table, user: UserId) -> Result<(), HintRefusal> {
    if !table.practice {
        return Err(HintRefusal::NotPractice);
    }
    if !table.lineup.contains(&Player::Human(user)) {
        return Err(HintRefusal::NotSeated);
    }
    if table.stage != Stage::Playing {
        return Err(HintRefusal::NoChoice);
    }
    if table.human_to_act() != Some(user) {
        return Err(HintRefusal::NotYourTurn);
    }
    Ok(())
}

/// The hint for `user` in `table`, or why there is none.
pub(crate) fn hint(table: &Table, user: UserId) -> Result<Hint, HintRefusal> {
    may_ask(table, user)?;
    let menu = menu_of(table);
    let (base, offered): (Game, Vec<(Pick, Game)>) = match &menu {
        Menu::Ends { base, ends, offered, .. } => {
            (*base, offered.iter().filter_map(|&i| Some((Pick::End(i), ends.list.get(i)?.game))).collect())
        }
        Menu::Steps { base, .. } => (*base, Vec::new()),
        Menu::Nothing => return Err(HintRefusal::NoChoice),
    };
    let games: Vec<Game> = offered.iter().map(|&(_, g)| g).collect();
    let Some(advice) = advise(&base, &games) else {
        return Err(if crate::ai::value::win_chances(&base).is_none() {
            HintRefusal::NoNetwork { ruleset: table.ruleset, players: table.players }
        } else {
            HintRefusal::NoChoice
        });
    };
    let at = offered.iter().position(|&(_, g)| g == advice.best);
    let pick = at.map(|i| offered[i].0);
    // The menu's own actions for that end, so the words are the option's.
    let path = match (pick, &menu) {
        (Some(Pick::End(i)), _) => menu.end(i).map_or(advice.path.clone(), |e| e.path.clone()),
        _ => advice.path.clone(),
    };
    let rest = advice.offered.iter().enumerate().filter(|&(i, _)| Some(i) != at).map(|(_, &c)| c);
    let others =
        rest.fold(None, |acc: Option<(f64, f64)>, c| Some(acc.map_or((c, c), |(lo, hi)| (lo.min(c), hi.max(c)))));
    Ok(Hint { menu, pick, base, path, before: advice.before, after: advice.after, others })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::game::intent::{Actor, Intent};
    use crate::discord::game::session;
    use crate::discord::game::table::kit;
    use crate::engine::Variant;

    /// A started game of two humans (10 and 11) at a human's choice.
    fn started(practice: bool) -> Table {
        let mut t = kit::lobby(2, Variant::Bell);
        t.practice = practice;
        session::handle(&mut t, Actor { user: UserId(11), moderator: false }, Intent::Join, None, 0).expect("join");
        session::handle(&mut t, Actor { user: UserId(10), moderator: false }, Intent::Start, None, 0).expect("start");
        t
    }

    #[test]
    fn the_player_on_turn_of_a_practice_game_is_told_an_option_of_her_menu_and_nothing_changes() {
        let t = started(true);
        let user = t.human_to_act().expect("a human to choose");
        let (seq, draft, events) = (t.seq, t.draft.clone(), t.events.len());
        let hint = hint(&t, user).expect("a hint");
        let pick = hint.pick.expect("the best move is offered");
        assert!(menu_of(&t).picks().contains(&pick), "{pick:?}");
        assert_eq!(hint.menu, menu_of(&t));
        assert!((0.0..=1.0).contains(&hint.before) && (0.0..=1.0).contains(&hint.after), "{hint:?}");
        assert_eq!((t.seq, &t.draft, t.events.len()), (seq, &draft, events), "the game is as it was");
        let Some(Pick::End(i)) = hint.pick else { panic!("an end: {pick:?}") };
        assert_eq!(menu_of(&t).end(i).map(|e| &e.path), Some(&hint.path));
    }

    #[test]
    fn hints_are_refused_outside_practice_to_others_and_when_there_is_nothing_to_choose() {
        let rated = started(false);
        let user = rated.human_to_act().expect("a human to choose");
        assert_eq!(hint(&rated, user).err(), Some(HintRefusal::NotPractice));
        let t = started(true);
        let user = t.human_to_act().expect("a human to choose");
        let other = if user == UserId(10) { UserId(11) } else { UserId(10) };
        assert_eq!(hint(&t, other).err(), Some(HintRefusal::NotYourTurn));
        assert_eq!(hint(&t, UserId(12)).err(), Some(HintRefusal::NotSeated));
        let mut lobby = kit::lobby(2, Variant::Bell);
        lobby.practice = true;
        assert_eq!(hint(&lobby, UserId(10)).err(), Some(HintRefusal::NoChoice));
    }
}
