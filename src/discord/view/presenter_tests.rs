//! Every message the presenter builds over whole games, checked against
//! Discord's limits, and the controls shown to the player on turn.

use super::components::{ComponentId, Control};
use super::lang::Lang;
use super::message::{self, Row};
use super::presenter::{self, Outro};
use crate::discord::game::computer::Level;
use crate::discord::game::intent::{Actor, Intent};
use crate::discord::game::notes::Note;
use crate::discord::game::script::random_intent;
use crate::discord::game::session;
use crate::discord::game::table::{Stage, Table};
use crate::engine::{Ruleset, Seat, Throw, Variant};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn checked(t: &Table, notes: &[Note]) -> message::Message {
    let m = presenter::table_message(Lang::EN, t, notes, &Outro { ratings: vec![(1, 15.0, 17.5)] });
    if let Err(e) = message::check(&m) {
        panic!("limit broken at seq {}: {e}\n{m:#?}", t.seq);
    }
    for row in &m.rows {
        if let Row::Select(s) = row {
            for (i, o) in s.options.iter().enumerate() {
                let same = s.options[..i].iter().any(|p| p.label == o.label && p.description == o.description);
                assert!(!same, "two options read the same at seq {}: {o:?}", t.seq);
            }
        }
    }
    if m.board_image {
        assert!(!m.alt.is_empty(), "the picture is described");
    }
    m
}

fn controls(m: &message::Message) -> Vec<Control> {
    let mut out = Vec::new();
    for row in &m.rows {
        match row {
            Row::Buttons(bs) => out.extend(bs.iter().map(|b| ComponentId::parse(&b.id).expect("our id").control)),
            Row::Select(s) => out.push(ComponentId::parse(&s.id).expect("our id").control),
        }
    }
    out
}

#[test]
fn every_message_of_whole_games_respects_the_limits() {
    for (players, variant) in [(2, Variant::Bell), (4, Variant::Bell1979), (3, Variant::Francais)] {
        let mut t = Table::new(9, 1, 2, 10, Ruleset::new(variant), players, [3; 32]);
        let lobby = checked(&t, &[]);
        assert!(controls(&lobby).contains(&Control::Join));
        session::handle(&mut t, Actor { user: 11, moderator: false }, Intent::Join, None, 0).expect("join");
        while t.lineup.len() < usize::from(players) {
            let add = Intent::AddComputer(Level::Random);
            session::handle(&mut t, Actor { user: 10, moderator: false }, add, None, 0).expect("add");
        }
        session::handle(&mut t, Actor { user: 10, moderator: false }, Intent::Start, None, 0).expect("start");
        let mut steps = 0;
        let mut rng = ChaCha8Rng::seed_from_u64(u64::from(players));
        while t.stage == Stage::Playing && steps < 50_000 {
            steps += 1;
            let notes = match session::computer_step(&mut t, 0) {
                Some(notes) => notes,
                None => {
                    let user = t.human_to_act().expect("a human on turn");
                    let m = checked(&t, &[]);
                    let intent = random_intent(&t, &mut rng);
                    let wanted = match intent {
                        Intent::Throw => Control::Throw,
                        Intent::Choose(_) => Control::Choose,
                        _ => Control::Confirm,
                    };
                    assert!(controls(&m).contains(&wanted), "{wanted:?} not offered: {m:#?}");
                    assert_eq!(m.mentions, vec![user]);
                    let seq = t.seq;
                    session::handle(&mut t, Actor { user, moderator: false }, intent, Some(seq), 0).expect("click")
                }
            };
            checked(&t, &notes);
        }
        let end = checked(&t, &[Note::TookBack]);
        assert!(end.rows.is_empty(), "a finished game has no controls");
        assert!(end.embed.expect("embed").description.contains(&t.seed_hex()));
    }
}

#[test]
fn ended_games_are_not_rated_and_lose_their_controls() {
    let mut t = Table::new(9, 1, 2, 10, Ruleset::new(Variant::Bell), 2, [3; 32]);
    session::handle(&mut t, Actor { user: 10, moderator: false }, Intent::Cancel, None, 0).expect("cancel");
    let m = checked(&t, &[]);
    assert!(m.rows.is_empty());
    assert!(m.content.contains("not rated"));
}

#[test]
fn long_notes_are_clipped_to_the_content_limit() {
    let t = Table::new(9, 1, 2, 10, Ruleset::new(Variant::Bell), 2, [3; 32]);
    let throws = vec![(Throw::Eight, false); 40];
    let m = checked(&t, &vec![Note::Threw { seat: Seat::S, throws }; 20]);
    assert!(m.content.ends_with('…'), "cut, with a mark");
}

#[test]
fn a_long_run_of_notes_keeps_the_newest_and_the_lines_that_say_where_the_game_stands() {
    let mut t = Table::new(9, 1, 2, 10, Ruleset::new(Variant::Bell), 2, [3; 32]);
    session::handle(&mut t, Actor { user: 11, moderator: false }, Intent::Join, None, 0).expect("join");
    session::handle(&mut t, Actor { user: 10, moderator: false }, Intent::Start, None, 0).expect("start");
    let notes: Vec<Note> = (0..200).map(|i| Note::ThrowsLost((i % 7) as u8)).collect();
    let m = checked(&t, &notes);
    assert!(m.content.chars().count() <= 2000);
    assert!(m.content.starts_with('…') && m.content.contains("earlier lines"), "{}", m.content);
    let last = m.content.lines().last().unwrap_or_default();
    assert!(last.contains(" to move"), "the last line says who moves: {last}");
    t.stage = Stage::Ended;
    let end = checked(&t, &notes);
    assert!(end.content.ends_with("**The game was ended before its end; it is not rated.**"), "{}", end.content);
}

#[test]
fn a_game_saved_while_a_human_had_to_throw_still_offers_throw() {
    // Saved by an older bot right after Start: nobody has thrown yet.
    let mut t = Table::new(9, 1, 2, 10, Ruleset::new(Variant::Bell), 2, [3; 32]);
    session::handle(&mut t, Actor { user: 11, moderator: false }, Intent::Join, None, 0).expect("join");
    t.stage = Stage::Playing;
    let user = t.human_to_act().expect("a human to throw");
    assert!(controls(&checked(&t, &[])).contains(&Control::Throw));
    let seq = t.seq;
    session::handle(&mut t, Actor { user, moderator: false }, Intent::Throw, Some(seq), 0).expect("throw");
    assert!(!t.game_now().wants_throw(), "everything else throws itself");
    assert!(controls(&checked(&t, &[])).contains(&Control::Choose));
}
