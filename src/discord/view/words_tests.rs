//! Tests of the words of the game: names, places, moves told and offered.

use super::*;

use crate::engine::parse_tpn;

#[test]
fn repeated_places_read_once_with_their_count() {
    let list = |items: &[&str]| counted(&items.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    assert_eq!(list(&["the keep (c3)", "d1", "the keep (c3)", "the keep (c3)"]), "the keep (c3) ×3, d1");
    assert_eq!(list(&["a1", "b2"]), "a1, b2");
    assert_eq!(list(&[]), "");
}

fn words(tpn: &str, path: &[Action]) -> (String, String) {
    move_words(Lang::EN, &parse_tpn(tpn).expect("valid TPN"), path)
}

fn advance(from: u8, throws: &[Throw]) -> Action {
    Action::Advance { from, twins: false, throws: ThrowBag::of(throws) }
}

#[test]
fn moves_are_named_in_squares_with_captures_and_throws() {
    // South's step 5 is e4, +2 is step 7 (d5), where North's step 15 stands.
    let tpn = "bell S=5,o,o,o N=15,o,o,o turn=S throws=1,2";
    let (label, throws) = words(tpn, &[advance(5, &[Throw::Two]), Action::Enter]);
    assert_eq!(label, "e4 → d5 took North · entered a piece on c1", "an entry says where it lands");
    assert_eq!(throws, "2 · 1");
    // Two entries and a trip from the entry square cannot read as two pieces going on.
    let entries = [Action::Enter, Action::Enter, advance(0, &[Throw::Two])];
    let (label, _) = words("bell S=o,o,o,o N=15,o,o,o turn=S throws=1,1,2", &entries);
    assert_eq!(label, "entered 2 pieces on c1 · c1 → e1");
    let (label, _) = words("bell S=24,24,x,x N=o,o,o,o turn=S throws=1,1", &[Action::BearOff, Action::BearOff]);
    assert_eq!(label, "bore off 2 pieces");
    let two = [advance(0, &[Throw::One]), advance(0, &[Throw::One])];
    let (label, throws) = words("bell S=0,0,o,o N=o,o,o,o turn=S throws=1,1", &two);
    assert_eq!((label.as_str(), throws.as_str()), ("c1 → d1 (2 pieces)", "1 · 1"));
}

#[test]
fn cross_squares_are_named_by_arm_lane_and_distance() {
    // South's steps 3 → 5 walk out her arm's middle lane; step 14 is on
    // her arm's right lane, 3 from the centre, and 4 more reach East's arm.
    let tpn = "tayam-sonalu S+=3,14,o,o N=o,o,o,o turn=S throws=2,4";
    let (label, _) = words(tpn, &[advance(3, &[Throw::Two]), advance(14, &[Throw::Four])]);
    assert_eq!(label, "Sb3 → Sb5 · Sc3 → Ec2");
    let pos = parse_tpn(tpn).expect("valid TPN");
    assert_eq!(place(Lang::EN, &pos, Seat::N, 1), "Nb1");
    assert_eq!(place(Lang::EN, &pos, Seat::S, 84), "home");
    assert_eq!(
        place(Lang::EN, &parse_tpn("bell S=o,o,o,o N=o,o,o,o turn=S").expect("tpn"), Seat::S, 24),
        "the keep (c3)"
    );
}

#[test]
fn a_unit_moving_again_from_where_it_landed_is_one_trip() {
    let tpn = "bell1979 S=1,o,o,o N=o,o,o,o turn=S throws=4,1,2";
    let (label, throws) = words(tpn, &[advance(1, &[Throw::Four]), advance(5, &[Throw::Two])]);
    assert_eq!(label, "d1 → d5", "from where it starts to where it ends");
    assert_eq!(throws, "4, 2");
    // A stop where it took a piece stays named: North on South's step 5.
    let board = &crate::engine::THAAYAM_BOARD;
    let at = board.cell(Seat::S, 5);
    let north = (1..24).find(|&s| board.cell(Seat::N, s) == at).expect("North passes South's step 5");
    let tpn = format!("bell1979 S=1,o,o,o N={north},o,o,o turn=S throws=4,1,2");
    let (label, _) = words(&tpn, &[advance(1, &[Throw::Four]), advance(5, &[Throw::Two])]);
    assert_eq!(label, "d1 → e4 took North → d5");
}

#[test]
fn the_words_of_a_move_are_in_the_language_asked() {
    let tpn = "bell S=5,o,o,o N=15,o,o,o turn=S throws=1,2";
    let path = [advance(5, &[Throw::Two]), Action::Enter];
    let pos = parse_tpn(tpn).expect("valid TPN");
    for lang in Lang::all() {
        let (label, throws) = move_words(lang, &pos, &path);
        assert!(label.starts_with("e4 → d5 ") && label.contains(&seat_name(lang, Seat::N)), "{label}");
        assert_eq!(throws, "2 · 1");
        assert!(lang == Lang::EN || !label.contains("takes"), "{label}");
    }
}

#[test]
fn an_option_names_each_piece_by_where_it_starts_and_ends() {
    let option = |tpn: &str, path: &[Action]| option_words(Lang::EN, &parse_tpn(tpn).expect("tpn"), path);
    let tpn = "tayam-sonalu S+=3,14,o,o N=o,o,o,o turn=S throws=2,4";
    assert_eq!(option(tpn, &[advance(3, &[Throw::Two]), advance(14, &[Throw::Four])]), "Sb3 → Sb5 · Sc3 → Ec2");
    // A piece moving twice is one start and one end, its capture a mark.
    let board = &crate::engine::THAAYAM_BOARD;
    let at = board.cell(Seat::S, 5);
    let north = (1..24).find(|&s| board.cell(Seat::N, s) == at).expect("North passes South's step 5");
    let tpn = format!("bell1979 S=1,o,o,o N={north},o,o,o turn=S throws=4,1,2");
    assert_eq!(option(&tpn, &[advance(1, &[Throw::Four]), advance(5, &[Throw::Two])]), "d1 → d5 ⚔");
    // Entering pieces, and pieces borne off, the same trip once with its count.
    let entries = [Action::Enter, Action::Enter, advance(0, &[Throw::Two])];
    assert_eq!(option("bell S=o,o,o,o N=15,o,o,o turn=S throws=1,1,2", &entries), "enter → c1 · enter → e1");
    let off = [Action::BearOff, Action::BearOff];
    assert_eq!(option("bell S=24,24,x,x N=o,o,o,o turn=S throws=1,1", &off), "the keep (c3) → off ×2");
    let home = [advance(80, &[Throw::Four])];
    assert_eq!(option("tayam-sonalu S+=80,x,x,x N=o,o,o,o turn=S throws=4", &home), "Sb4 → home");
}

/// Tamil tells the story in the past ("இறக்கியது": entered) and keeps
/// the imperative ("இறக்கு": enter) for the menu's choices.
#[test]
fn the_story_says_what_was_done_and_the_menu_what_to_do() {
    let ta = Lang::from_code("ta").expect("ta");
    let moves: [(&str, &[Action]); 3] = [
        ("bell S=5,o,o,o N=15,o,o,o turn=S throws=1,2", &[advance(5, &[Throw::Two]), Action::Enter]),
        ("bell S=24,24,x,x N=o,o,o,o turn=S throws=1,1", &[Action::BearOff, Action::BearOff]),
        ("bell S=8,8,o,o N=o,o,o,o turn=S throws=2", &[Action::Twins]),
    ];
    for (tpn, path) in moves {
        let pos = parse_tpn(tpn).expect("tpn");
        let (done, choice) = (move_words(ta, &pos, path).0, choice_words(ta, &pos, path).0);
        for imperative in ["இறக்கு", "வெட்டு", "பழமாக்கு", "இரட்டையாக்கு"]
        {
            assert!(!done.contains(imperative), "the story in the past: {done}");
        }
        assert!(done.contains("யது"), "a past form: {done}");
        assert_ne!(done, choice, "the menu keeps its imperative: {choice}");
        assert!(["இறக்கு", "பழமாக்கு", "இரட்டையாக்கு"].iter().any(|i| choice.contains(i)), "{choice}");
    }
    // English and French say a played move as done, too.
    let pos = parse_tpn("bell S=5,o,o,o N=15,o,o,o turn=S throws=1,2").expect("tpn");
    let path = [advance(5, &[Throw::Two]), Action::Enter];
    assert_eq!(choice_words(Lang::EN, &pos, &path).0, "e4 → d5 takes North · enter a piece on c1");
    let fr = Lang::from_code("fr").expect("fr");
    assert_eq!(move_words(fr, &pos, &path).0, "e4 → d5 élimine Nord · entrée d'un pion en c1");
}

#[test]
fn each_language_letters_its_seats_apart_french_west_is_o() {
    let fr = Lang::from_code("fr").expect("fr");
    assert_eq!(seat_letters(Lang::EN).0, ['S', 'W', 'N', 'E']);
    assert_eq!(seat_letters(fr).0, ['S', 'O', 'N', 'E']);
    assert_eq!(seat_letter(fr, Seat::W), 'O');
    for lang in Lang::all() {
        let letters = seat_letters(lang).0;
        for (i, a) in letters.iter().enumerate() {
            assert!(letters[i + 1..].iter().all(|b| a != b), "{}: two seats lettered {a}", lang.code());
        }
        // A seat's letter begins its name, or is its English letter.
        for seat in Seat::ALL {
            let (letter, name) = (seat_letter(lang, seat), seat_name(lang, seat));
            assert!(name.starts_with(letter) || letter == seat.letter(), "{}: {letter} for {name}", lang.code());
        }
    }
}

#[test]
fn clip_counts_characters() {
    assert_eq!(clip("abc", 3), "abc");
    assert_eq!(clip("ééééé", 3).chars().count(), 3);
    assert_eq!(clip("abcdef", 4), "abc…");
}

#[test]
fn lines_that_do_not_fit_are_counted() {
    let lines: Vec<String> = (0..10).map(|i| format!("line {i}")).collect();
    assert_eq!(fit_lines(Lang::EN, &lines[..2], 100), "line 0\nline 1");
    let cut = fit_lines(Lang::EN, &lines, 30);
    assert!(cut.chars().count() <= 30, "{cut}");
    assert!(cut.starts_with("line 0\nline 1"), "{cut}");
    let kept = cut.lines().count() - 1;
    assert!(cut.ends_with(&format!("…and {} more", 10 - kept)), "{cut}");
    assert_eq!(fit_lines(Lang::EN, &[], 10), "");
}
