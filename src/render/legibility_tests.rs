//! How large pieces and text come out on a phone, which shows a picture
//! about 360 px wide: each picture is drawn at the default size, scaled to
//! 360 px wide (triangle filter), and every piece is measured in the
//! scaled pixels; text sizes are the styles' cap heights at that scale.
//! `cargo test --lib legibility -- --nocapture` prints the figures.

use super::board::render_pixmap;
use super::encode::to_rgb;
use super::layout::{BADGE, DEFAULT_SIZE, Layout, stack, stack_on};
use super::view::BoardView;
use super::{draw, fonts, movement};
use crate::engine::{Seat, Unit, parse_tpn};
use image::{RgbImage, imageops};

/// The width a phone shows a picture at.
const PHONE: u32 = 360;

fn scaled(pm: &tiny_skia::Pixmap) -> RgbImage {
    let img = RgbImage::from_raw(pm.width(), pm.height(), to_rgb(pm)).expect("rgb image");
    let h = (f64::from(pm.height()) * f64::from(PHONE) / f64::from(pm.width())).round() as u32;
    imageops::resize(&img, PHONE, h, imageops::FilterType::Triangle)
}

/// Whether a pixel of the scaled picture differs from the bare board's.
fn inked(a: &RgbImage, b: &RgbImage, x: i64, y: i64) -> bool {
    if x < 0 || y < 0 || x >= i64::from(a.width()) || y >= i64::from(a.height()) {
        return false;
    }
    let (p, q) = (a.get_pixel(x as u32, y as u32), b.get_pixel(x as u32, y as u32));
    p.0.iter().zip(q.0.iter()).any(|(s, t)| s.abs_diff(*t) > 24)
}

/// How far the inked pixels reach from (x, y) along `step` (±1 in x),
/// bridging gaps of up to two pixels (the faint inner ring of a disc).
fn reach(a: &RgbImage, b: &RgbImage, (x, y): (i64, i64), step: i64) -> f32 {
    let (mut n, mut last) = (0, 0);
    while n - last <= 2 && n < 200 {
        n += 1;
        if inked(a, b, x + step * n, y) {
            last = n;
        }
    }
    last as f32
}

/// The smallest piece of a view's board, in pixels of the picture scaled
/// to 360 px wide: each disc's width through its centre, its outline
/// included (its shadow, offset downwards, adds under a pixel). Twins are
/// one capsule across: each of their discs is twice its reach outwards,
/// less the capsule's border (0.16 of the radius, `draw::token`).
fn smallest_piece(view: &BoardView) -> u32 {
    let pos = &view.position;
    let board = pos.rules().board;
    let (l, bg) = super::board::board_background(view, DEFAULT_SIZE).expect("a background");
    let with = scaled(&render_pixmap(view, DEFAULT_SIZE).expect("render"));
    let bare = scaled(&bg.pm);
    let k = PHONE as f32 / l.width as f32;
    let mut by_cell: Vec<Vec<(Seat, Unit)>> = vec![Vec::new(); board.cells.len()];
    for (seat, unit, cell) in pos.units_on_board() {
        by_cell[usize::from(cell)].push((seat, unit));
    }
    let mut smallest = u32::MAX;
    for (cell, units) in by_cell.iter().enumerate().filter(|(_, u)| !u.is_empty()) {
        let (cx, cy) = l.centre(board, cell as u8);
        for t in stack_on(board, units, l.cell) {
            let y = ((cy + t.dy) * k).round() as i64;
            let x = |dx: f32| ((cx + t.dx + dx) * k).round() as i64;
            let size = match t.twin_gap {
                None => reach(&with, &bare, (x(0.0), y), -1) + reach(&with, &bare, (x(0.0), y), 1) + 1.0,
                Some(gap) => {
                    let outwards = reach(&with, &bare, (x(0.0), y), -1).min(reach(&with, &bare, (x(gap), y), 1));
                    2.0 * (outwards + 0.5 - 0.16 * t.r * k)
                }
            };
            smallest = smallest.min(size.floor() as u32);
        }
    }
    smallest
}

fn view(tpn: &str) -> BoardView {
    BoardView::new(parse_tpn(tpn).expect("valid TPN"))
}

/// Crowded 5 × 5 positions: a full keep (grouped with counts), twins
/// beside singles, twins grouped with other seats, four on a square.
const SQUARE_BOARDS: [&str; 4] = [
    "bell S=24,24,24,24 W=24,24,24,22 N=24,24,24,24 E=24,24,24,x turn=E throws=1",
    "bell S=t8,t12 W=t12,18,18 N=t10,3,o E=t8,4,o turn=N throws=8,4",
    "bell S=0,23,23,o W=4,o,o,o N=8,o,o,o E=12,o,o,o turn=W throws=2",
    "bell S=5,t8,o W=24,24,12,o N=x,3,o,o E=24,20,o,o turn=S throws=4,2,1",
];

/// Cross positions: lone pieces, a stack of three, pieces on the entry
/// squares (their palace tint) and on neighbouring squares; the whole
/// cross (pieces at the ends of two arms) and a part of it (early pieces).
const CROSS_BOARDS: [&str; 4] = [
    "tayam-sonalu S+=12,40,o,o W+=30,30,o,o N+=70,o,o,o E=o,o,o,o turn=S throws=5,2",
    "tayam-sonalu S+=1,2,3,o W+=1,1,1,o N+=1,20,21,o E+=1,9,10,11 turn=S",
    "tayam-sonalu S+=8,o,o,o W+=1,1,o,o N+=8,3,o,o E+=2,o,o,o turn=S",
    "tayam-sonalu S+=1,3,o,o W+=2,2,o,o N+=4,o,o,o E+=1,o,o,o turn=S",
];

/// The layout a view's picture is drawn on (a part of the cross, maybe).
fn layout_of(view: &BoardView) -> Layout {
    super::board::board_background(view, DEFAULT_SIZE).expect("a background").0
}

#[test]
fn legibility_the_cross_on_a_phone() {
    // Pieces: their letters (a cap of 5 px at 360 px wide before issue 41),
    // the disc, a capture's burst (7 px), on the whole cross and on the
    // part of it round early pieces.
    let mut smallest_part = u32::MAX;
    for tpn in CROSS_BOARDS {
        let v = view(tpn);
        let l = layout_of(&v);
        let k = PHONE as f32 / l.width as f32;
        let t = stack_on(v.position.rules().board, &[(Seat::W, Unit::Single(3))], l.cell)[0];
        let letter = fonts::cap_ratio() * draw::letter_style(t.r, Seat::W, t.big_letter).px * k;
        let burst = 2.0 * draw::capture_radius(&l) * k;
        let count = fonts::cap_ratio() * draw::capture_digit(l.cell, draw::capture_radius(&l)) * k;
        assert!(count >= 9.0, "{tpn}: capture count {count}");
        let piece = smallest_piece(&v);
        let part = l.window.span <= 15;
        println!(
            "{tpn}: {} squares across, square {:.1} px, piece {piece} px, letter cap {letter:.1} px, burst {burst:.1} px (count cap {count:.1} px)",
            l.window.span,
            l.cell * k
        );
        assert!(letter >= 8.5 && burst >= 18.0, "{tpn}: letter {letter}, burst {burst}");
        if part {
            smallest_part = smallest_part.min(piece);
            assert!(letter >= 10.0, "{tpn}: letter {letter} on a part of the cross");
        }
    }
    // The last two: the whole cross, then a part of it on larger squares.
    assert_eq!(layout_of(&view(CROSS_BOARDS[2])).window.span, 19);
    assert!(smallest_part >= 24, "pieces on a part of the cross: {smallest_part} px");
}

#[test]
fn legibility_pieces_are_at_least_16_px_on_a_phone() {
    for (name, tpns) in [("5 × 5", &SQUARE_BOARDS[..]), ("cross", &CROSS_BOARDS[..])] {
        let smallest = tpns.iter().map(|t| smallest_piece(&view(t))).min().unwrap_or(0);
        println!("{name}: smallest piece {smallest} px at {PHONE} px wide");
        assert!(smallest >= 16, "{name}: the smallest piece is {smallest} px at {PHONE} px wide");
    }
}

#[test]
fn legibility_the_measure_sees_the_pieces_drawn() {
    // A lone piece on the 5 × 5 board is 0.6 of a 97 px square wide (58 px
    // at 533 px wide, 39 px at 360, plus its rim and blur).
    let size = smallest_piece(&view("bell S=3,o,o,o N=o,o,o,o turn=S"));
    assert!((38..=42).contains(&size), "{size}");
}

#[test]
fn legibility_text_has_a_9_px_cap_height_on_a_phone() {
    let cap = |px: f32, width: u32| fonts::cap_ratio() * px * PHONE as f32 / width as f32;
    for tpn in [SQUARE_BOARDS[0], CROSS_BOARDS[0]] {
        let pos = parse_tpn(tpn).expect("tpn");
        let l = Layout::new(DEFAULT_SIZE, pos.rules().board, pos.seats().len());
        // Labels, strip text and throw digits (used or not).
        let label = cap(l.small_text(), l.width);
        // The count badge on a grouped 5 × 5 piece or a cross stack.
        let token = stack(&[(Seat::S, Unit::Single(3)); 5], l.cell)[0];
        let badge = cap(token.r * token.badge * draw::BADGE_DIGIT, l.width);
        let badge_d = 2.0 * token.r * token.badge * PHONE as f32 / l.width as f32;
        println!("{tpn}: labels and throws cap {label:.1} px, badge digit cap {badge:.1} px (badge {badge_d:.1} px)");
        assert!(label >= 9.0, "labels {label}");
        // The new marks: the keep's word in each language (the longest
        // shrinks to fit its square), move numbers, capture counts.
        let keep = pos.rules().board.cell(Seat::S, pos.rules().board.goal_step());
        let (_, _, side) = l.cell_rect(pos.rules().board, keep);
        for word in ["keep", "centre", "நடு"] {
            let style = draw::keep_word_style(&l, side, word);
            let c = cap(style.px, l.width);
            println!("{tpn}: the keep's word {word:?} cap {c:.1} px");
            assert!(c >= 9.0, "keep word {word:?}: {c}");
        }
        let number = cap(movement::number_style(movement::number_radius(&l)).px, l.width);
        let capture = cap(l.cell * draw::CAPTURE_DIGIT, l.width);
        println!("{tpn}: move numbers cap {number:.1} px, capture counts cap {capture:.1} px");
        assert!(number >= 9.0, "move numbers {number}");
        if l.cell >= super::layout::SMALL_SQUARE {
            assert!(capture >= 9.0, "capture counts {capture}");
        }
        if l.cell >= super::layout::SMALL_SQUARE {
            assert!(badge >= 9.0, "badge {badge}");
            assert!(token.badge >= BADGE, "grouped badges are at least a single's");
        }
    }
}
