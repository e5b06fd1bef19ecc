//! Every message the presenter builds over whole games, checked against
//! Discord's limits, and the controls shown to the player on turn.

use super::components::{ComponentId, Control};
use super::lang::Lang;
use super::message::{self, Row};
use super::presenter::{self, Outro};
use crate::discord::game::computer::Level;
use crate::discord::game::ids::UserId;
use crate::discord::game::intent::{Actor, Intent};
use crate::discord::game::lost::Block;
use crate::discord::game::notes::Note;
use crate::discord::game::script::random_intent;
use crate::discord::game::session;
use crate::discord::game::table::kit;
use crate::discord::game::table::{Stage, Table};
use crate::engine::{Ruleset, Seat, Throw, Variant};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn checked(t: &Table, notes: &[Note]) -> message::Message {
    checked_in(Lang::EN, t, notes)
}

/// The message of a table in `lang`, checked against Discord's limits,
/// with no Fluent key or placeholder left in its words.
fn checked_in(lang: Lang, t: &Table, notes: &[Note]) -> message::Message {
    let m =
        presenter::table_message(lang, t, notes, &Outro { ratings: vec![(UserId(1), 15.0, 17.5)], went_back: false });
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
    for text in words_of(&m) {
        assert_translated(lang, &text);
    }
    m
}

/// Every text of a message a reader sees.
fn words_of(m: &message::Message) -> Vec<String> {
    let mut out = vec![m.content.clone(), m.alt.clone()];
    if let Some(e) = &m.embed {
        out.extend([e.title.clone(), e.description.clone(), e.footer.clone()]);
        out.extend(e.fields.iter().flat_map(|(n, v)| [n.clone(), v.clone()]));
    }
    for row in &m.rows {
        match row {
            Row::Buttons(bs) => out.extend(bs.iter().map(|b| b.label.clone())),
            Row::Select(s) => {
                out.push(s.placeholder.clone());
                out.extend(s.options.iter().flat_map(|o| [o.label.clone(), o.description.clone()]));
            }
            Row::Links(ls) => out.extend(ls.iter().map(|l| l.label.clone())),
        }
    }
    out
}

/// No Fluent key shown for a missing message, no unformatted placeholder.
fn assert_translated(lang: Lang, text: &str) {
    static IDS: std::sync::OnceLock<std::collections::BTreeSet<String>> = std::sync::OnceLock::new();
    let ids = IDS.get_or_init(|| super::lang::ids(&super::lang::LOCALES[0]));
    let keyish = text.split_whitespace().any(|w| w.contains('-') && ids.contains(w));
    assert!(!keyish && !text.contains("{ $") && !text.contains("{$"), "{}: {text}", lang.code());
}

fn controls(m: &message::Message) -> Vec<Control> {
    let mut out = Vec::new();
    for row in &m.rows {
        match row {
            Row::Buttons(bs) => out.extend(bs.iter().map(|b| ComponentId::parse(&b.id).expect("our id").control)),
            Row::Select(s) => out.push(ComponentId::parse(&s.id).expect("our id").control),
            Row::Links(_) => {}
        }
    }
    out
}

#[test]
fn every_message_of_whole_games_respects_the_limits_in_every_language() {
    for lang in Lang::all() {
        whole_games_in(lang);
    }
}

fn whole_games_in(lang: Lang) {
    let checked = |t: &Table, notes: &[Note]| checked_in(lang, t, notes);
    for (players, variant) in [(2, Variant::Bell), (4, Variant::Bell1979), (3, Variant::Francais)] {
        let mut t = kit::lobby(players, variant);
        // The game of three is a practice game: its hints are checked too.
        t.practice = players == 3;
        let lobby = checked(&t, &[]);
        assert!(controls(&lobby).contains(&Control::Join));
        let mark = super::lang::tr!(lang, "practice-mark");
        assert_eq!(lobby.embed.as_ref().is_some_and(|e| e.description.contains(&mark)), t.practice);
        let mut hints = 0;
        session::handle(&mut t, Actor { user: UserId(11), moderator: false }, Intent::Join, None, 0).expect("join");
        while t.lineup.len() < usize::from(players) {
            let add = Intent::AddComputer(Level::Random);
            session::handle(&mut t, Actor { user: UserId(10), moderator: false }, add, None, 0).expect("add");
        }
        session::handle(&mut t, Actor { user: UserId(10), moderator: false }, Intent::Start, None, 0).expect("start");
        let mut steps = 0;
        let mut rng = ChaCha8Rng::seed_from_u64(u64::from(players));
        while t.stage == Stage::Playing && steps < 50_000 {
            steps += 1;
            let notes = match session::computer_step(&mut t, 0) {
                Some(notes) => notes,
                None => {
                    let user = t.human_to_act().expect("a human on turn");
                    let m = checked(&t, &[]);
                    assert_eq!(m.content.contains(&mark), t.practice);
                    if t.practice && hints < 3 {
                        hints += 1;
                        let answer = crate::discord::game::hint::hint(&t, user);
                        let text = super::hint::hint_text(lang, &answer);
                        let private = presenter::private(&text);
                        assert_eq!(message::check(&private), Ok(()));
                        assert_eq!(private.content, text, "{}: a hint is never cut", lang.code());
                        assert_translated(lang, &text);
                    }
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
        assert_eq!(controls(&end), vec![Control::Rematch], "a finished game offers only a rematch");
        assert_eq!(end.content.contains(&mark), t.practice);
        assert!(!t.practice || hints > 0, "a hint was asked");
        let first = end.content.lines().next().unwrap_or_default();
        assert!(first.starts_with("🏆") || lang != Lang::EN, "the winner first: {first}");
        for user in t.humans() {
            assert!(end.content.contains(&format!("<@{user}>")), "every player is called: {}", end.content);
            assert!(end.mentions.contains(&user));
        }
        let embed = end.embed.expect("embed");
        assert!(embed.fields.iter().any(|(_, value)| value.contains(&t.seed_hex())), "the seed is revealed");
        assert!(!embed.description.contains(&t.seed_hex()), "below the places, not above them");
    }
}

#[test]
fn ended_games_are_not_rated_and_lose_their_controls() {
    let mut t = kit::lobby(2, Variant::Bell);
    session::handle(&mut t, Actor { user: UserId(10), moderator: false }, Intent::Cancel, None, 0).expect("cancel");
    let m = checked(&t, &[]);
    assert!(m.rows.is_empty());
    assert!(m.content.contains("not rated"));
}

#[test]
fn long_notes_are_clipped_to_the_content_limit() {
    let t = kit::lobby(2, Variant::Bell);
    let throws = vec![(Throw::Eight, false); 40];
    let m = checked(&t, &vec![Note::Threw { seat: Seat::S, throws }; 20]);
    assert!(m.content.ends_with('…'), "cut, with a mark");
}

#[test]
fn a_long_run_of_notes_keeps_the_newest_and_the_lines_that_say_where_the_game_stands() {
    let mut t = kit::lobby(2, Variant::Bell);
    session::handle(&mut t, Actor { user: UserId(11), moderator: false }, Intent::Join, None, 0).expect("join");
    session::handle(&mut t, Actor { user: UserId(10), moderator: false }, Intent::Start, None, 0).expect("start");
    let notes: Vec<Note> = (0..200)
        .map(|i| Note::ThrowsLost { count: (i % 7) as u8, why: crate::discord::game::lost::LostWhy::default() })
        .collect();
    let m = checked(&t, &notes);
    assert!(m.content.chars().count() <= 2000);
    assert!(m.content.contains("…") && m.content.contains("earlier lines"), "{}", m.content);
    let first = m.content.lines().next().unwrap_or_default();
    assert!(first.contains(" to move"), "the first line says who moves (a phone shows it): {first}");
    assert!(
        m.content.ends_with("No legal move: 3 throws lost, the turn passes."),
        "the newest note kept: {}",
        m.content
    );
    t.stage = Stage::Ended;
    let end = checked(&t, &notes);
    assert!(end.content.starts_with("**The game was ended before its end; it is not rated.**"), "{}", end.content);
}

#[test]
fn a_game_saved_while_a_human_had_to_throw_still_offers_throw() {
    // Saved by an older bot right after Start: nobody has thrown yet.
    let mut t = kit::lobby(2, Variant::Bell);
    session::handle(&mut t, Actor { user: UserId(11), moderator: false }, Intent::Join, None, 0).expect("join");
    t.stage = Stage::Playing;
    let user = t.human_to_act().expect("a human to throw");
    assert!(controls(&checked(&t, &[])).contains(&Control::Throw));
    let seq = t.seq;
    session::handle(&mut t, Actor { user, moderator: false }, Intent::Throw, Some(seq), 0).expect("throw");
    assert!(!t.game_now().wants_throw(), "everything else throws itself");
    assert!(controls(&checked(&t, &[])).contains(&Control::Choose));
}

#[test]
fn every_note_and_refusal_reads_in_every_language_within_the_limits() {
    use crate::discord::game::intent::{BadPick, Moment, Refusal};
    use crate::discord::game::notes::Vacated;
    use crate::engine::{Action, parse_tpn};
    let before = parse_tpn("bell S=5,o,o,o N=15,o,o,o turn=S throws=1,2").expect("valid TPN");
    let path = vec![
        Action::Advance { from: 5, twins: false, throws: crate::engine::ThrowBag::of(&[Throw::Two]) },
        Action::Enter,
    ];
    let mut notes = vec![
        Note::Joined(UserId(1)),
        Note::Left(UserId(1)),
        Note::Started,
        Note::EndedBy(UserId(1)),
        Note::LobbyExpired,
        Note::Idle(3),
        Note::Threw { seat: Seat::N, throws: vec![(Throw::Two, true), (Throw::One, false)] },
        Note::Begins(Seat::W),
        Note::FirstThrow(Throw::Sonal),
        Note::FirstThrow(Throw::Zero),
        Note::Played { seat: Seat::S, before, path, forced: true },
        Note::Captured { seat: Seat::S, count: 2 },
        Note::TookBack,
        Note::TimedOut(UserId(1)),
    ];
    for n in [1, 3] {
        notes.extend([
            Note::ThrowsLost {
                count: n,
                why: crate::discord::game::lost::LostWhy {
                    blocks: vec![Block::Enter(vec![Throw::One]), Block::Exact],
                    home: n == 3,
                },
            },
            Note::ThrowsLost {
                count: n,
                why: crate::discord::game::lost::LostWhy {
                    blocks: vec![Block::BearOffWithOne, Block::Zero],
                    home: false,
                },
            },
            Note::Unused(n),
        ]);
    }
    for then in [Vacated::Free, Vacated::Computer, Vacated::OtherWins, Vacated::EndsUnrated, Vacated::Last] {
        notes.extend([
            Note::Removed { user: UserId(1), then },
            Note::Resigned { user: UserId(1), then },
            Note::Forfeited { user: UserId(1), then },
        ]);
    }
    notes.extend(Level::ALL.iter().map(|&l| Note::ComputerJoined(l)));
    let refusals = [
        Refusal::Stale,
        Refusal::Closed,
        Refusal::NotYourTurn,
        Refusal::NotHost,
        Refusal::NotSeated,
        Refusal::AlreadySeated,
        Refusal::LobbyFull,
        Refusal::TooFewPlayers,
        Refusal::WrongMoment(Moment::NothingToUndo),
        Refusal::BadChoice(BadPick::NoStep),
        Refusal::NotPlaying(UserId(1)),
        Refusal::Unsaved,
        Refusal::Unsure,
    ];
    use crate::discord::game::hint::HintRefusal;
    let hint_refusals = [
        HintRefusal::NoGame,
        HintRefusal::NotPractice,
        HintRefusal::NotSeated,
        HintRefusal::NotYourTurn,
        HintRefusal::NoChoice,
        HintRefusal::NoNetwork { ruleset: Ruleset::new(Variant::TayamSonalu), players: 4 },
    ];
    for lang in Lang::all() {
        let lines = super::notes::note_lines(lang, &notes);
        assert!(lines.len() > notes.len(), "the discarded throw is explained");
        for line in &lines {
            assert!(!line.is_empty() && line.chars().count() <= message::limits::CONTENT, "{line}");
            assert_translated(lang, line);
        }
        let texts = [super::refusals::board_caught_up(lang), super::refusals::end_shown(lang)];
        let refused = refusals.iter().map(|r| super::refusals::refusal_text(lang, r));
        let no_hints = hint_refusals.iter().map(|&r| super::hint::hint_text(lang, &Err(r)));
        for text in texts.into_iter().chain(refused).chain(no_hints) {
            let m = presenter::private(&text);
            assert_eq!(message::check(&m), Ok(()));
            assert_eq!(m.content, text, "{}: a private answer is never cut", lang.code());
            assert_translated(lang, &text);
        }
        let mut t = kit::lobby(2, Variant::Bell);
        checked_in(lang, &t, &notes);
        session::handle(&mut t, Actor { user: UserId(10), moderator: false }, Intent::Cancel, None, 0).expect("cancel");
        checked_in(lang, &t, &notes);
        assert_eq!(message::check(&presenter::record(lang, &t, &lines)), Ok(()));
    }
}

#[test]
fn a_menu_offers_what_a_player_looks_for_first_and_tags_it() {
    use crate::discord::game::choices;
    use crate::discord::game::ends::EndsMemo;
    use crate::discord::game::table::TurnDraft;
    use crate::engine::{Game, parse_tpn};
    // South on e4 (step 5) and three waiting, throws 1 and 2: +2 takes
    // North on d5; entering, and moves that take nobody, also use them.
    let pos = parse_tpn("bell S=5,o,o,o N=15,o,o,o turn=S throws=1,2").expect("valid TPN");
    let game = Game::from_position(pos);
    let menu = choices::menu(&game, Some(Seat::S), &TurnDraft::default(), &EndsMemo::default());
    let options = presenter::menu_options(Lang::EN, &menu);
    let kinds: Vec<u8> = options
        .iter()
        .map(|o| match o.description.as_str() {
            d if d.starts_with("⚔ capture") => 0,
            d if d.starts_with("★ bears off") => 1,
            d if d.starts_with("＋ enters") => 2,
            _ => 3,
        })
        .collect();
    assert!(kinds.len() > 2, "{options:?}");
    assert_eq!(kinds[0], 0, "a capture comes first: {options:?}");
    assert!(kinds.windows(2).all(|w| w[0] <= w[1]), "captures, then entries, then the rest: {kinds:?}");
    assert!(options.iter().any(|o| o.label.contains('⚔')), "the capture is marked: {options:?}");
    for o in options.iter().filter(|o| o.label.contains('⚔')) {
        assert!(o.description.starts_with("⚔ capture"), "a capture is tagged: {o:?}");
    }
    assert!(kinds.contains(&2), "an entry is offered and tagged: {options:?}");
}

#[test]
fn the_record_of_the_board_a_game_started_on_keeps_the_whole_dice_commitment() {
    let t = kit::lobby(2, Variant::Bell);
    for lang in Lang::all() {
        let started = super::notes::note_lines(lang, &[Note::Started]);
        let record = presenter::record(lang, &t, &started);
        assert!(record.content.contains(&t.commitment()), "{}: {}", lang.code(), record.content);
        assert_eq!(message::check(&record), Ok(()));
        let later = presenter::record(lang, &t, &super::notes::note_lines(lang, &[Note::TookBack]));
        assert!(!later.content.contains(&t.commitment()), "only the start's record repeats it");
    }
}

#[test]
fn the_last_record_of_an_ended_game_points_to_its_result_not_to_a_board() {
    let mut t = kit::lobby(2, Variant::Bell);
    let story = super::notes::note_lines(Lang::EN, &[Note::TookBack]);
    assert!(presenter::record(Lang::EN, &t, &story).content.contains("goes on in the board below"));
    for stage in [Stage::Finished, Stage::Ended] {
        t.stage = stage;
        let record = presenter::record(Lang::EN, &t, &story).content;
        assert!(!record.contains("goes on") && record.contains("result is below"), "{record}");
    }
}

/// A whole game of Tayam Sonalu with four seats (one human, three random
/// computers) speaks its own words: its own name in the title, pieces go
/// home (never "borne off" nor the keep), Sonal and 0 are explained the
/// first time they are thrown, the menu says what "s" and "4, 2" mean,
/// the three computers have three names, and the win leaves no "could
/// not be used" behind.
#[test]
fn tayam_sonalu_speaks_its_own_words() {
    let mut t = kit::lobby(4, Variant::TayamSonalu);
    for _ in 0..3 {
        session::handle(
            &mut t,
            Actor { user: UserId(10), moderator: false },
            Intent::AddComputer(Level::Random),
            None,
            0,
        )
        .expect("add");
    }
    let started =
        session::handle(&mut t, Actor { user: UserId(10), moderator: false }, Intent::Start, None, 0).expect("start");
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let (mut sonal_told, mut sonal_menu, mut again_menu) = (0, false, false);
    sonal_told += started.iter().filter(|n| **n == Note::FirstThrow(Throw::Sonal)).count();
    let mut texts = Vec::new();
    let mut last_notes = Vec::new();
    for _ in 0..20_000 {
        if t.stage != Stage::Playing {
            break;
        }
        let notes = match session::computer_step(&mut t, 0) {
            Some(notes) => notes,
            None => {
                let m = checked(&t, &[]);
                for row in &m.rows {
                    if let Row::Select(s) = row {
                        sonal_menu |= s.placeholder.contains("Sonal");
                        again_menu |= s.placeholder.contains("“4, 2”");
                    }
                }
                let intent = random_intent(&t, &mut rng);
                let seq = t.seq;
                session::handle(&mut t, Actor { user: UserId(10), moderator: false }, intent, Some(seq), 0)
                    .expect("click")
            }
        };
        let m = checked(&t, &notes);
        sonal_told += notes.iter().filter(|n| **n == Note::FirstThrow(Throw::Sonal)).count();
        if let Some(view) = super::picture::board_view(Lang::EN, &t) {
            assert_eq!(view.labels.as_ref().map(|l| l.keep.as_str()), Some("home"));
            texts.extend(view.labels.into_iter().flat_map(|l| l.counts));
        }
        texts.extend(words_of(&m));
        last_notes = notes;
    }
    assert_eq!(t.stage, Stage::Finished, "the game was played to its end");
    assert_eq!(sonal_told, 1, "Sonal is explained once, the first time");
    assert!(sonal_menu && again_menu, "the menu explains s ({sonal_menu}) and “4, 2” ({again_menu})");
    let end = checked(&t, &last_notes);
    let embed = end.embed.as_ref().expect("a result");
    assert!(embed.title.starts_with("Tayam Sonalu, game"), "{}", embed.title);
    assert!(!end.content.contains("could not be used"), "{}", end.content);
    for name in ["South", "West", "North", "East"].iter().skip(1) {
        let named = format!("random computer ({name})");
        assert!(end.content.contains(&named) || embed.description.contains(&named), "{named}: {end:#?}");
    }
    texts.extend(words_of(&end));
    for text in &texts {
        assert!(!text.contains("borne off") && !text.contains("keep"), "{text}");
    }
}

/// The tutor's warning (`game::tutor`) on the preview of a costly pick:
/// the points given away and the expert's move, and beside Confirm the
/// button that picks that move, in every language and within Discord's
/// limits; none once the expert's move is picked.
#[test]
fn the_tutors_warning_is_on_the_preview_with_the_expert_move_beside_confirm() {
    use crate::discord::game::tutor::{self, kit};
    let mut t = kit::at_a_choice(true, None);
    let v = kit::verdict(&t, 0.09);
    assert!(tutor::keep(&mut t, v));
    kit::pick(&mut t, 1);
    let w = tutor::warning(&t).expect("warned");
    for lang in Lang::all() {
        let m = checked_in(lang, &t, &[]);
        let (best, _) = super::words::choice_words(lang, w.base.position(), &w.path);
        let line = super::lang::tr!(lang, "tutor-warning", loss = 9, best = best);
        assert!(m.content.lines().any(|l| l == line), "{}: {line} in {}", lang.code(), m.content);
        let prefer = ComponentId::new(t.id, Control::Prefer(0), t.seq).encode();
        let buttons: Vec<&message::Button> = m
            .rows
            .iter()
            .flat_map(|r| if let Row::Buttons(bs) = r { bs.iter().collect() } else { Vec::new() })
            .collect();
        let b = buttons.iter().find(|b| b.id == prefer).unwrap_or_else(|| panic!("{}: {buttons:?}", lang.code()));
        assert_eq!(b.label, super::lang::tr!(lang, "button-prefer"));
        assert!(buttons.iter().any(|b| b.label == super::lang::tr!(lang, "button-confirm") && !b.disabled));
    }
    kit::pick(&mut t, 0);
    let m = checked(&t, &[]);
    assert!(!m.content.contains("Tutor"), "{}", m.content);
    assert!(!format!("{:?}", m.rows).contains(":prefer:"));
}
