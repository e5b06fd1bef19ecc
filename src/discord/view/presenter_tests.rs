//! Every message the presenter builds over whole games, checked against
//! Discord's limits, and the controls shown to the player on turn.

use super::components::{ComponentId, Control};
use super::message::{self, Row};
use super::presenter::{self, Outro};
use crate::discord::game::computer::Level;
use crate::discord::game::intent::{Actor, Intent};
use crate::discord::game::notes::Note;
use crate::discord::game::script::next_intent;
use crate::discord::game::session;
use crate::discord::game::table::{Stage, Table};
use crate::engine::{Ruleset, Seat, Throw, Variant};

fn checked(t: &Table, notes: &[Note]) -> message::Message {
    let m = presenter::table_message(t, notes, &Outro { ratings: vec![(1, 15.0, 17.5)] });
    if let Err(e) = message::check(&m) {
        panic!("limit broken at seq {}: {e}\n{m:#?}", t.seq);
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
        while t.stage == Stage::Playing && steps < 50_000 {
            steps += 1;
            let notes = match session::computer_step(&mut t, 0) {
                Some(notes) => notes,
                None => {
                    let user = t.human_to_act().expect("a human on turn");
                    let m = checked(&t, &[]);
                    let intent = next_intent(&t);
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
