//! Board and route pictures as PNG bytes: only what the drawing touched
//! over a cached background is looked up in the palette and filtered.

use super::board::{board_background, draw_over};
use super::calibration::palette;
use super::dirty::Rows;
use super::draw;
use super::encode;
use super::error::RenderError;
use super::route::route_pixmap;
use super::view::BoardView;
use crate::engine::{Board, Seat};
use std::cell::RefCell;
use std::sync::Arc;
use tiny_skia::Pixmap;

/// The last board a thread encoded over a background: its pixels, and its
/// indices and filtered rows with the blocks its drawing touched.
struct Work {
    bg: Arc<draw::Background>,
    pm: Pixmap,
    kept: encode::Kept,
}

thread_local! {
    /// The last boards this thread encoded, one per game's family of
    /// backgrounds (a background per player on turn: her direction
    /// chevrons are in it): the next board over a background of the same
    /// family starts from it and restores only the blocks its drawing
    /// touched, and those where the two backgrounds differ, instead of
    /// copying the whole background (1.7 MB of pixels and 0.9 MB of
    /// indices and filtered rows at the default size). One set per thread
    /// that draws boards (the bot's async workers, one per core), at most
    /// [`WORKS`] boards. A board per player on turn instead cost 2.5 % of
    /// a click's CPU (bot-bench): at each turn the thread went to another
    /// 2.5 MB of pixels, indices and filtered rows, no longer in cache.
    static WORK: RefCell<Vec<Work>> = const { RefCell::new(Vec::new()) };
}

/// At most this many boards are kept per thread.
const WORKS: usize = 4;

/// A board picture as PNG bytes. Only what the drawing touched over the
/// background is looked up in the palette and filtered; the rest of the
/// indices and filtered rows are the background's, computed once per
/// layout and seating.
pub fn render_png(view: &BoardView, size: u32) -> Result<Vec<u8>, RenderError> {
    let (l, bg) = board_background(view, size)?;
    // The last picture over this background, else over another of the
    // same game (another player's turn: the same board but her marks).
    let found = WORK.with(|w| {
        let mut works = w.borrow_mut();
        let i = works
            .iter()
            .position(|work| Arc::ptr_eq(&work.bg, &bg))
            .or_else(|| works.iter().rposition(|work| work.bg.family == bg.family))?;
        Some(works.remove(i))
    });
    let (pm, mut kept) = match found {
        Some(Work { bg: last, mut pm, mut kept })
            if last.family == bg.family && pm.data().len() == bg.pm.data().len() =>
        {
            if !Arc::ptr_eq(&last, &bg) {
                kept.move_over(&last.turned.union(&bg.turned));
            }
            match kept.last() {
                Some(touched) => {
                    let rows = Rows { stride: pm.width() as usize * 4, lead: 0, px: 4 };
                    touched.copy_touched(pm.data_mut(), bg.pm.data(), rows, false);
                }
                // Not known where the pixels differ from the background.
                None => pm.data_mut().copy_from_slice(bg.pm.data()),
            }
            (pm, kept)
        }
        _ => (bg.pm.clone(), encode::Kept::default()),
    };
    let (pm, dirty) = draw_over(pm, &l, view);
    let palette = palette();
    let base = bg.base.get_or_init(|| encode::Base::of(&bg.pm, palette));
    let png = encode::indexed_png_over(&pm, palette, base, dirty, &mut kept);
    WORK.with(|w| {
        let mut works = w.borrow_mut();
        if works.len() >= WORKS {
            works.remove(0);
        }
        works.push(Work { bg, pm, kept });
    });
    png.map_err(|e| RenderError::Encode(e.to_string()))
}

/// Encodes an opaque pixmap as an 8-bit indexed PNG with the theme's
/// palette (`render/palette.rs`), Paeth filters and fdeflate
/// (`render/encode.rs`). Our writer is the faster one for the bot: it
/// filters only the blocks a click's drawing touched, and a whole board
/// picture took 0.80 ms of CPU against 0.93 ms through the `png` crate (the
/// README's figures, `thaayam-lab bot-bench`). Earlier measures of a whole
/// picture encoded from scratch, on the default 533 × 762 board: RGB
/// through zlib level 1 1.5 ms for 67 KB, RGB through fdeflate ≥ 0.47 ms
/// for ≥ 88 KB; indexed through the `png` crate 0.11 ms with Up filters
/// (52 KB), 0.19 ms with Paeth (42 KB), zlib level 1 0.8 ms (29–31 KB).
pub fn encode_png(pm: &Pixmap) -> Result<Vec<u8>, RenderError> {
    encode::indexed_png(pm, palette()).map_err(|e| RenderError::Encode(e.to_string()))
}

/// The route of `seat` on `board` as PNG bytes.
pub fn render_route(board: &'static Board, seat: Seat, size: u32) -> Result<Vec<u8>, RenderError> {
    encode_png(&route_pixmap(board, seat, size)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Seat, Throw, destination, parse_tpn};
    use crate::render::board::draw_board;
    use crate::render::error::MAX_SIZE;
    use crate::render::layout::DEFAULT_SIZE;
    use crate::render::view::{Labels, LastAction, Letters};

    #[test]
    fn sizes_out_of_range_are_refused() {
        let v = BoardView::new(parse_tpn("bell S=o,o,o,o N=o,o,o,o turn=S").expect("tpn"));
        assert_eq!(render_png(&v, 50).err(), Some(RenderError::Size(50)));
        assert!(render_png(&v, MAX_SIZE + 1).is_err());
    }

    /// Views along random games of every variant and table size: before
    /// each action, with its destinations marked; after it, with the
    /// last move marked (some with captures) and a long name.
    fn random_views(seed: u64) -> Vec<BoardView> {
        use crate::engine::{Game, MoveGen, Ruleset, SeatSet, Variant};
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut next = move |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n.max(1) as u64) as usize
        };
        let mut views = Vec::new();
        let mut mg = MoveGen::new();
        for variant in Variant::ALL {
            for players in 2..=4 {
                let Some(seats) = SeatSet::for_players(players) else { continue };
                let mut game = Game::new(Ruleset::new(variant), seats);
                for step in 0..400 {
                    if game.is_finished() {
                        break;
                    }
                    if game.wants_throw() {
                        let t = Throw::ALL[next(Throw::ALL.len())];
                        let _ = game.throw(t);
                        continue;
                    }
                    let legal = game.legal_actions();
                    let Some(&action) = legal.get(next(legal.len())) else { break };
                    let before = *game.position();
                    if step % 23 == 0 {
                        let mut v = BoardView::new(before);
                        let board = before.rules().board;
                        let goal = before.rules().goal();
                        v.destinations = legal
                            .iter()
                            .filter_map(|&a| destination(&before, a))
                            .map(|(_, d)| board.cell(before.turn(), d.min(goal)))
                            .collect();
                        views.push(v);
                    }
                    if game.act(action, &mut mg).is_err() {
                        break;
                    }
                    if step % 29 == 0 {
                        let mut v = BoardView::new(*game.position());
                        v.last = LastAction::of(&before, action, (step % 3) as u8).into_iter().collect();
                        v.names[1] = "Jayalakshmi Venkataraman the Magnificent".into();
                        v.note = (step % 2 == 0).then(|| format!("Move {step}"));
                        views.push(v);
                    }
                }
            }
        }
        views
    }

    #[test]
    fn encoding_only_what_the_drawing_touched_writes_the_same_png() {
        let views = random_views(7);
        assert!(views.len() > 60, "{} views", views.len());
        for (i, v) in views.iter().enumerate() {
            // An odd size too: rows that are not whole blocks of 8 pixels.
            let size = if i % 3 == 0 { 431 } else { DEFAULT_SIZE };
            // The same thread draws every view: each starts from the
            // previous picture with its touched blocks restored.
            let fast = render_png(v, size).expect("fast png");
            let (pm, _, dirty) = draw_board(v, size).expect("drawn");
            assert!(dirty.coverage() < 0.8, "view {i}: the drawing touched {:.0}%", 100.0 * dirty.coverage());
            let full = encode_png(&pm).expect("full png");
            assert!(fast == full, "view {i} (size {size}): {:?}", v.position);
        }
    }

    #[test]
    fn the_letters_on_the_pieces_are_the_readers_and_cached_apart() {
        // West has pieces on the board and waiting, a palace and a row.
        let pos = parse_tpn("bell S=5,o,o,o W=12,3,o,o N=o,o,o,o E=20,o,o,o turn=W throws=2").expect("tpn");
        let with = |letters: Option<Letters>| {
            let mut v = BoardView::new(pos);
            v.labels = letters.map(|letters| Labels { keep: "keep".into(), letters, ..Labels::default() });
            crate::render::render_pixmap(&v, 640).expect("draws").data().to_vec()
        };
        let english = with(Some(Letters::default()));
        let french = with(Some(Letters(['S', 'O', 'N', 'E'])));
        assert_eq!(Letters::default(), Letters(['S', 'W', 'N', 'E']));
        assert_ne!(english, french, "West's pieces carry an O in French");
        // Drawn again after the French one, the English picture is the same:
        // neither the background nor a piece's sprite was shared.
        assert_eq!(with(Some(Letters::default())), english);
        let only_east = with(Some(Letters(['S', 'W', 'N', 'X'])));
        let differ = |a: &[u8], b: &[u8]| a.chunks(4).zip(b.chunks(4)).filter(|(x, y)| x != y).count();
        assert!(differ(&english, &french) > 50 && differ(&english, &only_east) > 50);
    }

    #[test]
    fn drawing_over_the_background_touches_a_small_part_of_a_board() {
        // The picture of benches/render.rs.
        let pos = parse_tpn("bell S=5,t8,o W=24,24,12,o N=x,3,o,o E=24,20,o,o turn=S throws=4,2,1").expect("tpn");
        let mut v = BoardView::new(pos);
        v.last = vec![LastAction { seat: Seat::S, from: Some(0), to: Some(4), captured: 0 }];
        let (_, _, dirty) = draw_board(&v, DEFAULT_SIZE).expect("drawn");
        // 18% (sprites report the pixels they cover, a trail the band of
        // each step; the chevrons, the lit row and the rows' discs are in
        // the background): the rest of the indices and filtered rows are
        // reused.
        assert!(dirty.coverage() < 0.25, "{:.3}", dirty.coverage());
        assert!(dirty.coverage() > 0.05, "{:.3}", dirty.coverage());
    }

    #[test]
    fn board_png_is_indexed_portrait_and_small() {
        let pos = parse_tpn("bell S=5,t8,o W=24,24,12,o N=x,3,o,o E=24,20,o,o turn=S throws=4,2,1").expect("tpn");
        let png = render_png(&BoardView::new(pos), DEFAULT_SIZE).expect("png");
        // Colour type 3 (indexed) in the IHDR chunk.
        assert_eq!(png[25], 3);
        let img = image::load_from_memory(&png).expect("decode");
        assert!(img.height() > img.width() && img.height() <= DEFAULT_SIZE);
        assert!(png.len() <= 60_000, "{} bytes", png.len());
    }
}
