//! The picture attached to a board message, as data: the [`BoardView`] of a
//! table (display names, the last action highlighted, the current series
//! with the throws already used, the squares of the move picked), built
//! purely so tests can check it, and its description for screen readers.
//! The live layer draws it. Until Confirm the picture shows the picked
//! move on the board, while its header still names the player who acts.

use super::lang::{Lang, tr};
use super::words::{
    army_places, choice_words, clip, counted, goal_word, move_words, seat_letters, seat_name, seat_player_name,
};
use crate::discord::game::table::{Player, Stage, Table};
use crate::discord::game::{ends, story};
use crate::engine::Board;
use crate::engine::{Action, Cell, Game, Position, Seat, ThrowBag, destination};
use crate::render::{self, BoardView, Capture, Labels, LastAction, ReplayWords, SeriesThrow};

/// The file name of the board attachment (the embed refers to it).
pub(crate) const BOARD_FILE: &str = "board.png";
/// The long side of board pictures sent to Discord.
pub(crate) const BOARD_SIZE: u32 = render::DEFAULT_SIZE;

/// What a table shows in its board picture; `None` in the lobby.
pub(crate) fn board_view(lang: Lang, t: &Table) -> Option<BoardView> {
    view_of(lang, t, true)
}

/// The board view, with the last series and the captures (read from the
/// whole log) only when `story`: the description does without them.
fn view_of(lang: Lang, t: &Table, story: bool) -> Option<BoardView> {
    if t.stage == Stage::Lobby {
        return None;
    }
    let committed = t.game_now();
    let draft = t.draft_game();
    // A picked move that would win is shown by its squares, not as won.
    let shown = if draft.is_finished() { committed } else { draft };
    let mut view = BoardView::new(*shown.position());
    if let Some(seat) = t.to_act() {
        view.position.turn = seat;
    }
    for seat in t.seats().iter() {
        view.names[seat.index()] = display_name(lang, t, seat);
    }
    if story {
        let (played, asked) = played(t, &committed, t.to_act());
        view.last = last_series(&played);
        view.captures = captures_since(&played[asked.unwrap_or(played.len())..], shown.position().rules().board);
    }
    view.series = series(&committed, &draft);
    view.destinations = destinations(&committed, &t.draft.actions);
    if t.stage == Stage::Finished && !committed.is_finished() {
        // A game of two ended by a player leaving.
        let first = t.final_places().and_then(|p| t.seats().iter().find(|s| p[s.index()] == 1));
        view.note = first.map(|s| tr!(lang, "picture-wins", name = view.name(s)));
    }
    view.labels = Some(labels(lang, &view));
    Some(view)
}

/// The header and the rows' counts in `lang` (the render layer draws the
/// same words in English when given none).
fn labels(lang: Lang, view: &BoardView) -> Labels {
    let pos = &view.position;
    let header = if let Some(w) = pos.winner() {
        tr!(lang, "picture-wins", name = view.name(w))
    } else if let Some(note) = &view.note {
        note.clone()
    } else if pos.throws().is_empty() && view.series.is_empty() {
        tr!(lang, "picture-to-throw", name = view.name(pos.turn()))
    } else {
        tr!(lang, "picture-to-play", name = view.name(pos.turn()))
    };
    let mut counts: [String; 4] = Default::default();
    for seat in pos.seats().iter() {
        let (off, on, home) = render::piece_counts(pos, seat);
        counts[seat.index()] = tr!(lang, "picture-counts", off = off, on = on, home = home, goal = goal_word(pos));
    }
    Labels { header, counts, keep: tr!(lang, "picture-keep", goal = goal_word(pos)), letters: seat_letters(lang) }
}

/// A replay's frames in `lang`: each caption names who played and what,
/// in the words of the board's notes ("North: c1 → e3 takes South"),
/// with the header and the rows' counts in `lang` too.
pub(crate) fn replay_words(lang: Lang) -> ReplayWords {
    ReplayWords(std::sync::Arc::new(move |view: &mut BoardView, done: Option<(&Position, Action)>| {
        if let Some((before, action)) = done {
            let who = view.name(before.turn());
            let (what, _) = move_words(lang, before, &[action]);
            view.note = Some(tr!(lang, "replay-frame", who = who, what = what));
        }
        view.labels = Some(labels(lang, view));
    }))
}

/// The name drawn for a seat: the player's display name when known, else
/// the seat's name.
fn display_name(lang: Lang, t: &Table, seat: Seat) -> String {
    match t.player(seat) {
        Some(Player::Human(u)) => t.names.get(&u).cloned().unwrap_or_default(),
        Some(Player::Computer(_)) => seat_player_name(lang, t, seat),
        None => seat_name(lang, seat),
    }
}

/// The last action of the turn's draft, else the last committed action,
/// with the game before it.
fn last_move(t: &Table, committed: &Game) -> Option<(Game, Action)> {
    if let Some((&last, before)) = t.draft.actions.split_last() {
        return Some((ends::scratch(committed, before), last));
    }
    t.last_act()
}

fn highlight(mut before: Game, action: Action) -> Option<LastAction> {
    let pos = *before.position();
    let captured = before.act_unchecked(action).captured;
    LastAction::of(&pos, action, captured)
}

/// One action of the game: who played it, and what the picture draws of
/// it (`None`: a pass).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Played {
    seat: Seat,
    shown: Option<LastAction>,
}

/// The actions of the committed log (remembered by the table, not
/// replayed per board), then the turn's draft, in order: only the tail
/// that [`last_series`] and [`captures_since`] read (back to the start of
/// the last series and to where `reader` was last asked to choose), the
/// rest being left out; with where in it `reader` was last asked.
fn played(t: &Table, committed: &Game, reader: Option<Seat>) -> (Vec<Played>, Option<usize>) {
    let acts = t.acts();
    let asked = reader.map(|r| story::asked_until(&acts, r));
    let mut all: Vec<(Position, Action, u8)> = acts.iter().map(|a| (a.before, a.action, a.captured)).collect();
    let mut g = *committed;
    for &a in &t.draft.actions {
        let before = *g.position();
        let captured = g.act_unchecked(a).captured;
        all.push((before, a, captured));
    }
    let seat = |i: usize| all[i].0.turn();
    let start = match all.len().checked_sub(1) {
        None => 0,
        Some(end) => {
            let last = seat(end);
            let series = (0..end).rev().find(|&i| seat(i) != last).map_or(0, |i| i + 1);
            series.min(asked.unwrap_or(all.len()))
        }
    };
    let tail = all[start..]
        .iter()
        .map(|(before, action, captured)| Played {
            seat: before.turn(),
            shown: LastAction::of(before, *action, *captured),
        })
        .collect();
    (tail, asked.map(|a| a.saturating_sub(start)))
}

/// The last series: the actions of the player who acted last since her
/// turn began (the draft's, when she has picked a move).
fn last_series(played: &[Played]) -> Vec<LastAction> {
    let Some(seat) = played.last().map(|p| p.seat) else { return Vec::new() };
    let start = played.iter().rposition(|p| p.seat != seat).map_or(0, |i| i + 1);
    played[start..].iter().filter_map(|p| p.shown).collect()
}

/// Where pieces were captured in `played` (the actions since the reader
/// was last asked to choose).
fn captures_since(played: &[Played], board: &Board) -> Vec<Capture> {
    let mut out: Vec<Capture> = Vec::new();
    for a in played.iter().filter_map(|p| p.shown).filter(|a| a.captured > 0) {
        let Some(cell) = a.landing_cell(board) else { continue };
        match out.iter_mut().find(|c| c.cell == cell) {
            Some(c) => c.count = c.count.saturating_add(a.captured),
            None => out.push(Capture { cell, count: a.captured }),
        }
    }
    out
}

/// The committed series in order, the throws the draft consumed marked used.
fn series(committed: &Game, draft: &Game) -> Vec<SeriesThrow> {
    let mut left = if draft.to_act() == committed.to_act() { draft.position().throws().bag() } else { ThrowBag::EMPTY };
    let throws = committed.position().throws();
    throws.as_slice().iter().map(|&throw| SeriesThrow { throw, used: !left.take(throw) }).collect()
}

/// The squares a picked move's units land on.
fn destinations(committed: &Game, actions: &[Action]) -> Vec<Cell> {
    let mut g = *committed;
    let mut cells = Vec::new();
    for &a in actions {
        let pos = *g.position();
        let board = pos.rules().board;
        let step = match a {
            Action::Twins => pos.rules().twins_step,
            _ => destination(&pos, a).map(|(_, step)| step.min(pos.rules().goal())),
        };
        cells.extend(step.map(|s| board.cell(pos.turn(), s)));
        g.act_unchecked(a);
    }
    cells.sort();
    cells.dedup();
    cells
}

/// The example of `/thaayam help`: South has picked a move that captures
/// and enters a piece, not yet confirmed; with its description.
pub(crate) fn example_view(lang: Lang) -> Option<(BoardView, String)> {
    let pos = crate::engine::parse_tpn("bell S=5,3,o,o N=15,o,o,o turn=S throws=1,2").ok()?;
    let game = Game::from_position(pos);
    let ends = ends::ends(&game);
    let end = ends.list.iter().find(|e| e.game.position().army(Seat::N).units().all(|u| u.step().is_none()))?;
    let mut view = BoardView::new(*end.game.position());
    view.position.turn = Seat::S;
    view.names = [tr!(lang, "example-you"), String::new(), tr!(lang, "example-them"), String::new()];
    view.series = series(&game, &end.game);
    view.destinations = destinations(&game, &end.path);
    let mut g = game;
    view.last = end
        .path
        .iter()
        .filter_map(|&a| {
            let shown = highlight(g, a);
            g.act_unchecked(a);
            shown
        })
        .collect();
    view.labels = Some(labels(lang, &view));
    let (what, throws) = choice_words(lang, &pos, &end.path);
    let alt = tr!(lang, "example-alt", what = what, throws = throws);
    Some((view, alt))
}

/// The picture in words, for screen readers (the attachment's
/// description): each player's pieces by square, who is to act with
/// which throws, the move picked or the last move.
pub(crate) fn alt_text(lang: Lang, t: &Table) -> String {
    let Some(view) = view_of(lang, t, false) else { return String::new() };
    let pos = &view.position;
    let mut parts = vec![tr!(lang, "alt-title", game = t.id, ruleset = t.ruleset.to_string())];
    for seat in pos.seats().iter() {
        let (name, seat_is) = (view.name(seat), seat_name(lang, seat));
        // A computer named with its seat ("random computer (North)") is
        // not given it twice.
        let name = name.strip_suffix(&format!(" ({seat_is})")).map_or(name.clone(), str::to_string);
        let who = if name == seat_is { name } else { format!("{seat_is} ({name})") };
        parts.push(tr!(lang, "alt-seat", who = who, pieces = pieces_in_words(lang, pos, seat)));
    }
    if let Some(note) = &view.note {
        parts.push(format!("{}.", note.trim_start_matches("★ ")));
    } else if let Some(w) = pos.winner() {
        parts.push(tr!(lang, "alt-wins", name = view.name(w)));
    } else if t.to_act().is_some() {
        // The header's player: the one who acts until Confirm.
        let name = view.name(pos.turn());
        let throws: Vec<&str> = view.series.iter().filter(|s| !s.used).map(|s| s.throw.token()).collect();
        parts.push(if throws.is_empty() {
            tr!(lang, "alt-to-play", name = name)
        } else {
            tr!(lang, "alt-to-play-with", name = name, throws = throws.join(" · "))
        });
    }
    let committed = t.game_now();
    if !t.draft.actions.is_empty() {
        let (what, _) = choice_words(lang, committed.position(), &t.draft.actions);
        parts.push(tr!(lang, "alt-picked", what = what));
    } else if let Some((before, action)) = last_move(t, &committed) {
        let (what, _) = move_words(lang, before.position(), &[action]);
        parts.push(tr!(lang, "alt-last", seat = seat_name(lang, before.position().turn()), what = what));
    }
    // What the marks mean, when the picture has some (the board's picture
    // draws the last series and the captures) and there is room.
    let marked = board_view(lang, t).is_some_and(|v| !v.last.is_empty() || !v.captures.is_empty());
    if marked {
        let marks = tr!(lang, "alt-marks");
        let room = super::message::limits::ATTACHMENT_DESCRIPTION;
        if parts.iter().map(|p| p.chars().count() + 1).sum::<usize>() + marks.chars().count() <= room {
            parts.push(marks);
        }
    }
    clip(&parts.join(" "), super::message::limits::ATTACHMENT_DESCRIPTION)
}

/// "on e4 and twins on d5; 2 waiting; 1 borne off".
fn pieces_in_words(lang: Lang, pos: &Position, seat: Seat) -> String {
    let army = pos.army(seat);
    let (on, waiting) = army_places(lang, pos, seat, |place| tr!(lang, "alt-twins-on", place = place));
    let mut out = Vec::new();
    if !on.is_empty() {
        out.push(tr!(lang, "alt-on", places = counted(&on)));
    }
    if waiting > 0 {
        out.push(tr!(lang, "alt-waiting", count = waiting));
    }
    if army.borne_off() > 0 {
        out.push(tr!(lang, "alt-borne", count = army.borne_off(), goal = goal_word(pos)));
    }
    if out.is_empty() { tr!(lang, "alt-no-pieces") } else { out.join(&tr!(lang, "alt-parts")) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::game::ids::UserId;
    use crate::discord::game::intent::{Actor, Intent};
    use crate::discord::game::script::next_intent;
    use crate::discord::game::session;
    use crate::discord::game::table::kit;
    use crate::engine::{Event, Variant, parse_tpn};

    fn started() -> Table {
        let mut t = kit::lobby(2, Variant::Bell);
        session::handle(&mut t, Actor { user: UserId(11), moderator: false }, Intent::Join, None, 0).expect("join");
        session::handle(&mut t, Actor { user: UserId(10), moderator: false }, Intent::Start, None, 0).expect("start");
        t.names.insert(UserId(10), "Asha".into());
        t
    }

    /// Clicks the natural next control of the human on turn.
    fn click(t: &mut Table) -> Intent {
        let user = t.human_to_act().expect("a human on turn");
        let intent = next_intent(t);
        let seq = t.seq;
        session::handle(t, Actor { user, moderator: false }, intent.clone(), Some(seq), 0).expect("click");
        intent
    }

    #[test]
    fn the_lobby_has_no_picture_and_names_are_drawn() {
        let t = kit::lobby(2, Variant::Bell);
        assert!(board_view(Lang::EN, &t).is_none());
        let t = started();
        let view = board_view(Lang::EN, &t).expect("a view");
        assert_eq!(view.names[t.seat_of(UserId(10)).expect("seated").index()], "Asha");
        let played = t.events.iter().any(|e| matches!(e, Event::Act { .. }));
        assert_eq!(!view.last.is_empty(), played, "only a move played is highlighted");
    }

    #[test]
    fn a_picked_move_is_drawn_with_its_squares_and_the_header_names_who_acts() {
        let mut t = started();
        let (mut saw_destinations, mut saw_used, mut saw_last) = (false, false, false);
        for _ in 0..400 {
            if t.stage != Stage::Playing {
                break;
            }
            let acting = t.to_act();
            click(&mut t);
            let view = board_view(Lang::EN, &t).expect("a view");
            if t.stage == Stage::Playing {
                assert_eq!(Some(view.position.turn()), t.to_act(), "the header names who acts");
            }
            if !t.draft.actions.is_empty() {
                assert_eq!(t.to_act(), acting, "a pick does not pass the turn");
                assert!(!view.destinations.is_empty(), "a picked move shows where it goes");
                saw_destinations = true;
                saw_used |= view.series.iter().any(|s| s.used);
            } else {
                assert!(view.destinations.is_empty());
            }
            saw_last |= !view.last.is_empty();
            let alt = alt_text(Lang::EN, &t);
            assert!(alt.starts_with("Board of Thaayam (bell)") && alt.chars().count() <= 1024, "{alt}");
        }
        assert!(saw_destinations && saw_used && saw_last, "{saw_destinations} {saw_used} {saw_last}");
    }

    fn act(seat: Seat, from: u8, to: u8, captured: u8) -> Played {
        Played { seat, shown: Some(LastAction { seat, from: Some(from), to: Some(to), captured }) }
    }

    #[test]
    fn the_last_series_is_every_action_since_the_turn_began() {
        let played = [act(Seat::N, 0, 3, 0), act(Seat::S, 0, 2, 0), act(Seat::S, 2, 5, 1), act(Seat::S, 1, 3, 0)];
        let last = last_series(&played);
        assert_eq!(last.len(), 3);
        assert!(last.iter().all(|a| a.seat == Seat::S));
        assert_eq!(last_series(&[]), Vec::new());
    }

    #[test]
    fn the_reader_sees_every_capture_since_her_last_action() {
        let board = &crate::engine::THAAYAM_BOARD;
        // North took on her step 5 (a2), South twice on her step 9 (b5).
        let played = [
            act(Seat::S, 0, 4, 1),
            act(Seat::N, 0, 5, 1),
            act(Seat::N, 5, 6, 0),
            act(Seat::S, 4, 9, 1),
            act(Seat::S, 2, 9, 1),
        ];
        // North was last asked at her second action.
        let caps = captures_since(&played[3..], board);
        let b5 = crate::engine::parse_square("b5").expect("square");
        assert_eq!(caps, vec![Capture { cell: b5, count: 2 }]);
        let caps = captures_since(&played, board);
        assert_eq!(caps.len(), 3, "one never asked sees them all: {caps:?}");
    }

    #[test]
    fn a_game_s_pictures_draw_whole_series_of_one_seat() {
        let mut t = started();
        let (mut longest, mut marked) = (0, 0);
        for _ in 0..300 {
            if t.stage != Stage::Playing {
                break;
            }
            click(&mut t);
            let view = board_view(Lang::EN, &t).expect("a view");
            if let Some(first) = view.last.first() {
                assert!(view.last.iter().all(|a| a.seat == first.seat), "{:?}", view.last);
            }
            longest = longest.max(view.last.len());
            if !view.last.is_empty() {
                let alt = alt_text(Lang::EN, &t);
                marked += usize::from(alt.contains(&tr!(Lang::EN, "alt-marks")));
            }
            let mut again = view.clone();
            again.names = view.names.clone();
            assert_eq!(again, board_view(Lang::EN, &t).expect("a view"), "equal tables, equal views");
        }
        assert!(longest >= 2, "some series had several actions: {longest}");
        assert!(marked > 0, "the description says what the picture's marks mean");
    }

    #[test]
    fn the_help_example_shows_a_picked_capture() {
        let (view, alt) = example_view(Lang::EN).expect("an example");
        assert_eq!(view.position.turn(), Seat::S);
        assert!(!view.destinations.is_empty() && view.last.iter().any(|l| l.captured > 0), "{view:?}");
        assert_eq!(view.last.len(), 2, "the whole picked move is drawn, numbered: {view:?}");
        assert!(alt.contains("takes North") && alt.contains("enter a piece"), "{alt}");
    }

    /// Compares a picture's decoded pixels with tests/golden/<name>.png
    /// (as tests/render_golden.rs does); `UPDATE_GOLDEN=1 cargo test --lib
    /// golden` writes it anew.
    fn golden(name: &str, png: &[u8]) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/golden/{name}.png"));
        if std::env::var_os("UPDATE_GOLDEN").is_some() {
            std::fs::write(&path, png).expect("write golden");
            return;
        }
        let want = image::load_from_memory(&std::fs::read(&path).expect("a golden image")).expect("png").to_rgba8();
        let got = image::load_from_memory(png).expect("png").to_rgba8();
        assert_eq!(got.dimensions(), want.dimensions(), "{name}");
        let different = got
            .pixels()
            .zip(want.pixels())
            .filter(|(a, b)| a.0.iter().zip(b.0.iter()).any(|(x, y)| x.abs_diff(*y) > 24))
            .count();
        let share = different as f64 / f64::from(got.width() * got.height());
        assert!(share <= 0.002, "{name}: {different} pixels differ from the golden image");
    }

    #[test]
    fn the_example_board_in_tamil_and_french_matches_its_golden_image() {
        for code in ["ta", "fr"] {
            let lang = Lang::from_code(code).expect("a language of ours");
            let (view, _) = example_view(lang).expect("an example");
            let labels = view.labels.clone().expect("words given to the renderer");
            assert!(labels.header.contains(&tr!(lang, "example-you")), "{}", labels.header);
            assert_ne!(view, example_view(Lang::EN).expect("an example").0, "the words differ by language");
            golden(&format!("example-{code}"), &render::render_png(&view, BOARD_SIZE).expect("drawn"));
        }
    }

    #[test]
    fn replay_frames_are_captioned_and_labelled_in_the_language() {
        let before = parse_tpn("bell S=5,o,o,o N=15,o,o,o turn=S throws=1,2").expect("valid TPN");
        let action = Game::from_position(before).legal_actions().into_iter().next().expect("a move");
        for lang in Lang::all() {
            let words = replay_words(lang);
            let mut start = BoardView::new(before);
            (words.0)(&mut start, None);
            assert_eq!(start.note, None, "the first frame has no caption");
            let mut frame = BoardView::new(before);
            (words.0)(&mut frame, Some((&before, action)));
            let caption = frame.note.clone().expect("a caption");
            let (what, _) = move_words(lang, &before, &[action]);
            assert!(caption.contains(&what) && caption.contains(&frame.name(Seat::S)), "{}: {caption}", lang.code());
            let labels = frame.labels.expect("labels in the language");
            assert_eq!(labels.header, caption, "{}: the header shows the caption", lang.code());
            let counts = tr!(lang, "picture-counts", off = 3, on = 1, home = 0, goal = "keep");
            assert_eq!(labels.counts[Seat::S.index()], counts, "{}", lang.code());
        }
    }

    #[test]
    fn the_description_reads_the_pieces_by_square() {
        let mut t = started();
        t.names.insert(UserId(11), "Bala".into());
        for _ in 0..40 {
            click(&mut t);
        }
        let alt = alt_text(Lang::EN, &t);
        let view = board_view(Lang::EN, &t).expect("a view");
        for seat in t.seats().iter() {
            assert!(alt.contains(&format!("{} ({}):", seat.name(), view.name(seat))), "{alt}");
        }
        assert!(alt.contains(" on ") || alt.contains("waiting"), "{alt}");
    }
}
