//! Where things are on a board picture, for a page that lets players touch
//! it: the centre of a square, or of a seat's disc in the strip (where her
//! waiting pieces are counted), in the picture's own pixels, from the same
//! layout and framing (the cropped part of the cross) as the picture drawn
//! for the same view. Pure arithmetic; drawing nothing.

use super::crop;
use super::error::RenderError;
use super::layout::{Layout, framed_layout_for};
use super::strip;
use super::view::BoardView;
use crate::engine::{Cell, Seat};

/// A place on a board picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spot {
    /// A square of the board.
    Square(Cell),
    /// A seat's waiting pieces: her disc in the strip below the board.
    Waiting(Seat),
}

/// Where spots are on the picture of a view.
#[derive(Clone, Debug, PartialEq)]
pub struct Hotspots {
    /// The picture's size, in pixels.
    pub width: u32,
    pub height: u32,
    /// The side of one square of the board as drawn, in pixels.
    pub square: f32,
    /// The top of the strip below the board, and the diameter of a seat's
    /// disc there, in pixels.
    pub strip_top: f32,
    pub disc: f32,
    /// The centre of each spot asked for, in the same order, in pixels
    /// from the picture's top left; `None` for a square the picture does
    /// not show (outside the cropped part of the cross) or a seat not
    /// seated.
    pub centres: Vec<Option<(f32, f32)>>,
}

/// The centres of `spots` on the picture `render_png(view, size)` draws.
pub fn hotspots(view: &BoardView, size: u32, spots: &[Spot]) -> Result<Hotspots, RenderError> {
    let pos = &view.position;
    let board = pos.rules().board;
    let seats = pos.seats();
    let l = framed_layout_for(size, board, seats.len(), crop::window(view))?;
    let centre = |spot: &Spot| match *spot {
        Spot::Square(cell) => {
            (usize::from(cell) < board.cells.len() && l.shows(board, cell)).then(|| l.centre(board, cell))
        }
        Spot::Waiting(seat) => seats.iter().position(|s| s == seat).map(|i| waiting_centre(&l, i)),
    };
    let disc = 2.0 * strip::row_disc_centre(&l, 0).2;
    let centres = spots.iter().map(centre).collect();
    Ok(Hotspots { width: l.width, height: l.height, square: l.cell, strip_top: l.strip_y, disc, centres })
}

/// The centre of the disc of strip row `i`.
fn waiting_centre(l: &Layout, i: usize) -> (f32, f32) {
    let (x, y, _) = strip::row_disc_centre(l, i);
    (x, y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::parse_tpn;
    use crate::render::{Labels, Letters, render_png};

    /// The picture's pixels (RGBA) and its width.
    fn pixels(view: &BoardView, size: u32) -> (Vec<u8>, u32) {
        let png = render_png(view, size).expect("drawn");
        let img = image::load_from_memory(&png).expect("decoded").to_rgba8();
        (img.as_raw().clone(), img.width())
    }

    /// The bounding box of the pixels where two pictures differ, from row
    /// `top` down.
    fn differ(a: &(Vec<u8>, u32), b: &(Vec<u8>, u32), top: u32) -> Option<(u32, u32, u32, u32)> {
        assert_eq!(a.0.len(), b.0.len(), "the same framing");
        let mut found: Option<(u32, u32, u32, u32)> = None;
        for (i, (p, q)) in a.0.chunks(4).zip(b.0.chunks(4)).enumerate() {
            if p != q && i as u32 / a.1 >= top {
                let (x, y) = (i as u32 % a.1, i as u32 / a.1);
                found = Some(match found {
                    None => (x, y, x, y),
                    Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
                });
            }
        }
        found
    }

    /// The square `cell`'s centre lies in the middle of the pixels a mark
    /// on that square changes in the drawn picture, whose size it gives.
    fn check_square(view: &BoardView, cell: Cell, size: u32) {
        let spots = hotspots(view, size, &[Spot::Square(cell)]).expect("a layout");
        let (x, y) = spots.centres[0].expect("the square is shown");
        let plain = pixels(view, size);
        assert_eq!((spots.width, (plain.0.len() / 4) as u32 / plain.1), (plain.1, spots.height), "the picture's size");
        let mut marked = view.clone();
        marked.destinations.push(cell);
        let (x0, y0, x1, y1) = differ(&plain, &pixels(&marked, size), 0).expect("the mark changed pixels");
        let name = view.position.rules().board.square_name(cell);
        assert!((x0 as f32..=x1 as f32).contains(&x) && (y0 as f32..=y1 as f32).contains(&y), "{name}: {x},{y}");
        let (mx, my) = ((x0 + x1) as f32 / 2.0, (y0 + y1) as f32 / 2.0);
        assert!((mx - x).abs() <= 2.0 && (my - y).abs() <= 2.0, "{name}: centre {x},{y}, the mark round {mx},{my}");
        // The mark is a square's size: the page's touch target can be too.
        assert!(((x1 - x0) as f32 - spots.square).abs() <= spots.square * 0.25, "{name}: {}", spots.square);
    }

    #[test]
    fn a_squares_centre_is_in_the_middle_of_its_pixels() {
        let view = BoardView::new(parse_tpn("bell S=5,3,o,o N=7,o,o,o turn=S throws=1,4,2").expect("tpn"));
        let board = view.position.rules().board;
        for step in [0, 3, 8, 16, 24] {
            check_square(&view, board.cell(Seat::S, step), 816);
        }
        check_square(&view, board.cell(Seat::N, 2), 431);
    }

    #[test]
    fn on_the_cropped_cross_too_and_a_square_outside_is_none() {
        let view = BoardView::new(parse_tpn("tayam-sonalu S+=1,3,o,o N+=2,o,o,o turn=S throws=4").expect("tpn"));
        let board = view.position.rules().board;
        assert!(crop::window(&view).span < 19, "the picture shows a part of the cross");
        for cell in [board.cell(Seat::S, 1), board.cell(Seat::S, 3), board.cell(Seat::N, 2)] {
            check_square(&view, cell, 816);
        }
        let far = board.cell(Seat::S, 40);
        assert_eq!(hotspots(&view, 816, &[Spot::Square(far)]).expect("layout").centres, [None]);
        assert_eq!(hotspots(&view, 816, &[Spot::Square(Cell::MAX)]).expect("layout").centres, [None]);
    }

    #[test]
    fn a_seats_waiting_pieces_are_her_disc_in_the_strip() {
        // West has no piece on the board: only her row's disc carries her letter.
        let pos = parse_tpn("bell S=5,o,o,o W=o,o,o,o N=3,o,o,o E=o,o,o,o turn=S throws=2").expect("tpn");
        let with = |letters: Letters| {
            let mut v = BoardView::new(pos);
            v.labels = Some(Labels { keep: "keep".into(), letters, ..Labels::default() });
            v
        };
        let view = with(Letters::default());
        let spots = hotspots(&view, 816, &[Spot::Waiting(Seat::W), Spot::Waiting(Seat::S)]).expect("layout");
        let (x, y) = spots.centres[0].expect("West is seated");
        // Her palace on the board carries her letter too: the strip only.
        let strip = spots.width * 19 / 20;
        let french = pixels(&with(Letters(['S', 'O', 'N', 'E'])), 816);
        let (x0, y0, x1, y1) = differ(&pixels(&view, 816), &french, strip).expect("her letter");
        assert!((x0 as f32..=x1 as f32).contains(&x) && (y0 as f32..=y1 as f32).contains(&y), "{x},{y}");
        assert!(y > spots.strip_top && (x1 - x0) as f32 <= spots.disc + 2.0, "the disc: {spots:?}");
        let south = spots.centres[1].expect("South");
        assert!(south.1 < y && (south.0 - x).abs() < 1.0, "South's row is above West's: {south:?}");
        let two = BoardView::new(parse_tpn("bell S=5,o,o,o N=3,o,o,o turn=S").expect("tpn"));
        assert_eq!(hotspots(&two, 816, &[Spot::Waiting(Seat::W)]).expect("layout").centres, [None]);
    }
}
