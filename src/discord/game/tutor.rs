//! The tutor (`/thaayam tutor on`): for a player who asked for it, in a
//! practice game or a game against computers (never a rated game between
//! people), the whole move she picked in the menu is judged before she
//! confirms it, and one that gives away a mistake's worth of her chance
//! of winning or more (the analysis's label, `ai::skill::MISTAKE`) is
//! said on the preview, with the expert's better move one tap away.
//!
//! The judging (the analysis's reference over every end of the menu) is
//! too slow for a click: it is done when her turn starts, beside the game
//! (`live::tutor`), and kept by the table as a [`Verdict`]. Here is what
//! is due to be judged, the judging itself, and what the preview says
//! from the verdict kept; no verdict (not asked for, not ready yet, the
//! queue busy) is no warning, never a wait.

use super::choices::Menu;
pub(crate) use super::judged::Verdict;
use super::table::{Player, Table, UserId};
use super::turn::menu_of;
use crate::ai::skill::{Label, judge_ends};
use crate::engine::{Action, Game};

/// Whether the tutor may speak to `user` in `table`: she plays in it, it
/// is a practice game or has a computer seat, and it is not a rated game
/// between people (rated by the one rule, `Table::is_rated`, with two
/// people or more counting for it: one whose seat a computer plays on
/// since she left still counts).
pub(crate) fn applies(table: &Table, user: UserId) -> bool {
    let people = table.occupants().iter().filter(|(_, p)| matches!(p, Player::Human(_))).count();
    let computers = table.lineup.iter().any(|p| matches!(p, Player::Computer(_)));
    table.seat_of(user).is_some() && (table.practice || computers) && !(table.is_rated() && people >= 2)
}

/// A menu to judge: whose it is, where its moves start, where each ends
/// (in the menu's order: an option's index is an index here).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Job {
    pub(crate) user: UserId,
    pub(crate) base: Game,
    pub(crate) ends: Vec<Game>,
}

/// What the preview says: the move picked gives away `loss` (0 to 1);
/// the expert prefers the end at `best`, played by `path` from `base`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Warning {
    pub(crate) loss: f64,
    pub(crate) best: usize,
    pub(crate) base: Game,
    pub(crate) path: Vec<Action>,
}

/// The menu of the human on turn, if the tutor may speak to her
/// ([`applies`]) and it offers whole moves with a choice.
fn job(table: &Table) -> Option<Job> {
    let user = table.human_to_act()?;
    if !applies(table, user) {
        return None;
    }
    let Menu::Ends { base, ends, .. } = menu_of(table) else { return None };
    (ends.list.len() >= 2).then(|| Job { user, base, ends: ends.list.iter().map(|e| e.game).collect() })
}

/// The judging due in `table` now: [`job`], unless the table's verdict
/// already covers it. Whether she asked for the tutor is the caller's to
/// know (the store keeps it).
pub(crate) fn due(table: &Table) -> Option<Job> {
    job(table).filter(|j| !table.tutor.as_ref().is_some_and(|v| v.user == j.user && v.base == j.base))
}

/// Judges a menu (CPU-bound: `thaayam-lab tutor-bench` measures it);
/// `None` when it is no decision (fewer than two ends) or no network
/// judges the table.
pub(crate) fn judge(job: &Job) -> Option<Verdict> {
    let judged = judge_ends(&job.base, &job.ends)?;
    let losses = (0..job.ends.len()).map(|i| judged.loss(i).unwrap_or(0.0)).collect();
    Some(Verdict { user: job.user, base: job.base, losses, best: judged.best })
}

/// Keeps `verdict` if the menu it judged is still the one on turn (the
/// game may have moved on while it was judged); whether it was kept.
pub(crate) fn keep(table: &mut Table, verdict: Verdict) -> bool {
    let fits = job(table)
        .is_some_and(|j| j.user == verdict.user && j.base == verdict.base && j.ends.len() == verdict.losses.len());
    if fits {
        table.tutor = Some(std::sync::Arc::new(verdict));
    }
    fits
}

/// What the preview says of the whole move picked, if anything: a
/// mistake or worse (as the analysis labels it), judged by the verdict
/// the table keeps for this menu; nothing below that, nothing for
/// another player, nothing where the tutor may not speak.
pub(crate) fn warning(table: &Table) -> Option<Warning> {
    let verdict = table.tutor.as_deref()?;
    let user = table.human_to_act()?;
    if verdict.user != user || !applies(table, user) || table.draft.chosen == 0 {
        return None;
    }
    let Menu::Ends { base, ends, .. } = menu_of(table) else { return None };
    if base != verdict.base || ends.list.len() != verdict.losses.len() {
        return None;
    }
    let picked = table.draft_game();
    let i = ends.list.iter().position(|e| e.game == picked)?;
    let loss = *verdict.losses.get(i)?;
    if Label::of(loss) < Some(Label::Mistake) {
        return None;
    }
    let best = ends.list.get(verdict.best)?;
    Some(Warning { loss, best: verdict.best, base, path: best.path.clone() })
}

/// Tables at a choice and verdicts for them, for the tests (here and the
/// presenter's).
#[cfg(test)]
pub(crate) mod kit {
    use super::*;
    use crate::discord::game::choices::Pick;
    use crate::discord::game::computer::Level;
    use crate::discord::game::intent::{Actor, Intent};
    use crate::discord::game::script::next_intent;
    use crate::discord::game::session;
    use crate::discord::game::table::{Stage, kit};
    use crate::engine::Variant;

    pub(crate) const GUEST: UserId = UserId(11);

    pub(crate) fn act(t: &mut Table, user: UserId, intent: Intent) {
        let seq = t.seq;
        session::handle(t, Actor { user, moderator: false }, intent, Some(seq), 0).expect("a legal click");
    }

    /// A started game of the host and `guest` (a person, or a computer),
    /// played on until a human has a menu of two whole moves or more.
    pub(crate) fn at_a_choice(practice: bool, guest: Option<Level>) -> Table {
        let mut t = kit::lobby(2, Variant::Bell);
        t.practice = practice;
        match guest {
            Some(level) => act(&mut t, kit::HOST, Intent::AddComputer(level)),
            None => act(&mut t, GUEST, Intent::Join),
        }
        act(&mut t, kit::HOST, Intent::Start);
        for _ in 0..2_000 {
            assert_eq!(t.stage, Stage::Playing, "a choice comes before the end");
            if session::computer_step(&mut t, 0).is_some() {
                continue;
            }
            let user = t.human_to_act().expect("a human to act");
            if matches!(&menu_of(&t), Menu::Ends { ends, .. } if ends.list.len() >= 3) && t.draft.actions.is_empty() {
                return t;
            }
            let intent = next_intent(&t);
            act(&mut t, user, intent);
        }
        panic!("no choice of three moves")
    }

    /// A verdict for the menu on turn: the first end best, the second
    /// giving away `loss`, the others nothing.
    pub(crate) fn verdict(t: &Table, loss: f64) -> Verdict {
        let Menu::Ends { base, ends, .. } = menu_of(t) else { panic!("a menu of whole moves") };
        let mut losses = vec![0.0; ends.list.len()];
        losses[1] = loss;
        Verdict { user: t.human_to_act().expect("on turn"), base, losses, best: 0 }
    }

    pub(crate) fn pick(t: &mut Table, i: usize) {
        let user = t.human_to_act().expect("on turn");
        act(t, user, Intent::Choose(Pick::End(i).encode()));
    }
}

#[cfg(test)]
mod tests {
    use super::kit::{GUEST, act, at_a_choice, pick, verdict};
    use super::*;
    use crate::ai::skill::{INACCURACY, MISTAKE};
    use crate::discord::game::computer::Level;
    use crate::discord::game::ids::{GuildId, Venue};
    use crate::discord::game::intent::Intent;
    use crate::discord::game::table::kit;
    use crate::engine::Variant;

    #[test]
    fn who_the_tutor_may_speak_to() {
        let practice = at_a_choice(true, None);
        let user = practice.human_to_act().expect("on turn");
        assert!(applies(&practice, user), "a practice game of two people");
        assert!(!applies(&practice, UserId(99)), "not to someone not playing");
        let rated = at_a_choice(false, None);
        assert!(rated.is_rated() && !applies(&rated, rated.human_to_act().expect("on turn")), "rated, two people");
        let computer = at_a_choice(false, Some(Level::Easy));
        assert!(computer.is_rated() && applies(&computer, kit::HOST), "a rated game against a computer");
        let mut outside = at_a_choice(false, None);
        outside.venue = Venue::Outside;
        assert!(!outside.is_rated() && !applies(&outside, kit::HOST), "people outside servers, no computer");
        let mut three = kit::lobby(3, Variant::Bell);
        act(&mut three, GUEST, Intent::Join);
        act(&mut three, kit::HOST, Intent::AddComputer(Level::Easy));
        act(&mut three, kit::HOST, Intent::Start);
        assert!(three.is_rated() && !applies(&three, kit::HOST), "rated between people, a computer too");
        assert_eq!(three.venue, Venue::Server(GuildId(1)));
    }

    #[test]
    fn an_opted_in_player_of_a_practice_game_is_warned_of_a_mistake_and_the_better_move_is_offered() {
        let mut t = at_a_choice(true, None);
        assert!(due(&t).is_some(), "her menu is due to be judged");
        let v = verdict(&t, 0.09);
        assert!(keep(&mut t, v.clone()), "the menu is still hers");
        assert_eq!(due(&t), None, "judged once");
        assert_eq!(warning(&t), None, "nothing picked yet");
        pick(&mut t, 1);
        let w = warning(&t).expect("a warning before Confirm");
        let Menu::Ends { ends, .. } = menu_of(&t) else { panic!("the menu of ends") };
        assert_eq!((w.loss, w.best, &w.path), (0.09, 0, &ends.list[0].path));
        pick(&mut t, w.best);
        assert_eq!(warning(&t), None, "the expert's move is no mistake");
        pick(&mut t, 2);
        assert_eq!(warning(&t), None, "nor one that gives nothing away");
        // Another player on turn, or a menu that moved on: the verdict is not hers.
        let mut other = t.clone();
        other.tutor = Some(std::sync::Arc::new(Verdict { user: UserId(99), ..v }));
        pick(&mut other, 1);
        assert_eq!(warning(&other), None);
    }

    #[test]
    fn below_the_mistake_threshold_nothing_is_said_and_from_it_on_it_is() {
        for (loss, warned) in [(INACCURACY, false), (MISTAKE - 1e-9, false), (MISTAKE, true), (0.3, true)] {
            let mut t = at_a_choice(true, None);
            let v = verdict(&t, loss);
            assert!(keep(&mut t, v));
            pick(&mut t, 1);
            assert_eq!(warning(&t).is_some(), warned, "{loss}");
        }
    }

    #[test]
    fn a_rated_game_between_people_is_never_tutored_nor_a_player_who_did_not_ask() {
        let mut rated = at_a_choice(false, None);
        assert_eq!(due(&rated), None, "nothing to judge");
        let v = verdict(&rated, 0.5);
        assert!(!keep(&mut rated, v.clone()), "no verdict is kept");
        rated.tutor = Some(std::sync::Arc::new(v));
        pick(&mut rated, 1);
        assert_eq!(warning(&rated), None, "even with a verdict");
        // Not asked for: no verdict, no warning.
        let mut practice = at_a_choice(true, None);
        pick(&mut practice, 1);
        assert_eq!(warning(&practice), None);
        // Against a computer, rated: tutored.
        let mut computer = at_a_choice(false, Some(Level::Easy));
        let v = verdict(&computer, 0.1);
        assert!(keep(&mut computer, v));
        pick(&mut computer, 1);
        assert!(warning(&computer).is_some());
    }

    #[test]
    fn a_forced_move_is_no_decision_and_a_real_menu_is_judged_by_the_reference() {
        let t = at_a_choice(true, None);
        let job = due(&t).expect("due");
        let forced = Job { ends: job.ends[..1].to_vec(), ..job.clone() };
        assert_eq!(judge(&forced), None, "one end: nothing to judge");
        let v = judge(&job).expect("judged");
        assert_eq!((v.losses.len(), v.losses[v.best]), (job.ends.len(), 0.0));
        assert!(v.losses.iter().all(|l| (0.0..=1.0).contains(l)), "{v:?}");
    }
}
