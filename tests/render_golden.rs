//! Golden images: each kind of picture is rendered and its DECODED pixels
//! compared, with a small tolerance, against tests/golden/<name>.png (PNG
//! bytes may change between encoder versions; pixels must not).
//!
//! The `phone_*` goldens are board pictures scaled to 360 px wide (triangle
//! filter), what a phone shows: look at those to judge legibility.
//!
//! To regenerate after an intended change, then look at every image:
//! `UPDATE_GOLDEN=1 cargo test --test render_golden`

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use std::path::PathBuf;
use thaayam::engine::{CROSS_BOARD, Seat, THAAYAM_BOARD, Throw, parse_square, parse_tpn};
use thaayam::render::{BoardView, Capture, DEFAULT_SIZE, LastAction, SeriesThrow, render_png, render_route};

/// A channel differing by more than this counts the pixel as different.
const CHANNEL_TOLERANCE: u8 = 24;
/// At most this fraction of pixels may differ (anti-aliasing noise).
const MAX_DIFFERENT: f64 = 0.002;

fn view(tpn: &str) -> BoardView {
    BoardView::new(parse_tpn(tpn).expect("valid TPN"))
}

fn sq(s: &str) -> u8 {
    parse_square(s).expect("square")
}

fn names(v: &mut BoardView, names: &[&str]) {
    for (seat, n) in Seat::ALL.iter().zip(names) {
        v.names[seat.index()] = n.to_string();
    }
}

fn series(v: &mut BoardView, throws: &[(Throw, bool)]) {
    v.series = throws.iter().map(|&(throw, used)| SeriesThrow { throw, used }).collect();
}

fn board(v: &BoardView) -> Vec<u8> {
    render_png(v, DEFAULT_SIZE).expect("render")
}

/// A board picture as a phone shows it: scaled to 360 px wide.
fn phone(png: &[u8]) -> Vec<u8> {
    let img = image::load_from_memory(png).expect("decode output").to_rgb8();
    let h = (f64::from(img.height()) * 360.0 / f64::from(img.width())).round() as u32;
    let small = image::imageops::resize(&img, 360, h, image::imageops::FilterType::Triangle);
    let mut out = Vec::new();
    small.write_with_encoder(PngEncoder::new(&mut out)).expect("encode");
    out
}

fn check(name: &str, png: &[u8]) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(format!("{name}.png"));
    assert!(png.len() < 150_000, "{name}: {} bytes", png.len());
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().expect("dir")).expect("mkdir");
        // Stored smaller than served: the pixels are what count.
        let img = image::load_from_memory(png).expect("decode output").to_rgb8();
        let file = std::fs::File::create(&path).expect("create golden");
        let enc = PngEncoder::new_with_quality(file, CompressionType::Best, FilterType::NoFilter);
        img.write_with_encoder(enc).expect("write golden");
        return;
    }
    let got = image::load_from_memory(png).expect("decode output").to_rgb8();
    let want = image::open(&path).unwrap_or_else(|e| panic!("{}: {e} (UPDATE_GOLDEN=1 creates it)", path.display()));
    let want = want.to_rgb8();
    assert_eq!(got.dimensions(), want.dimensions(), "{name}: size changed");
    let different = got
        .pixels()
        .zip(want.pixels())
        .filter(|(a, b)| a.0.iter().zip(b.0.iter()).any(|(x, y)| x.abs_diff(*y) > CHANNEL_TOLERANCE))
        .count();
    let share = different as f64 / f64::from(got.width() * got.height());
    assert!(share <= MAX_DIFFERENT, "{name}: {different} pixels ({:.2}%) differ from the golden image", share * 100.0);
}

#[test]
fn empty_board() {
    check("empty_board", &board(&view("bell S=o,o,o,o W=o,o,o,o N=o,o,o,o E=o,o,o,o turn=S")));
}

#[test]
fn crowded_keep() {
    // 15 pieces in the keep (grouped with counts); East came b3 → c3
    // round the inner ring (her steps 19 → 24).
    let mut v = view("bell S=24,24,24,24 W=24,24,24,22 N=24,24,24,24 E=24,24,24,x turn=E throws=1");
    v.last = vec![LastAction { seat: Seat::E, from: Some(19), to: Some(24), captured: 0 }];
    check("crowded_keep", &board(&v));
}

#[test]
fn four_on_a_square() {
    let v = view("bell S=0,23,23,o W=4,o,o,o N=8,o,o,o E=12,o,o,o turn=W throws=2");
    check("four_on_a_square", &board(&v));
}

#[test]
fn twins() {
    // Twins alone, twins sharing with a single, and twins in a crowded square.
    let v = view("bell S=t8,t12 W=t12,18,18 N=t10,3,o E=t8,4,o turn=N throws=8,4");
    check("twins", &board(&v));
}

#[test]
fn two_players() {
    let mut v = view("bell S=x,14,3,o N=20,9,t10 turn=N throws=8,4,2");
    names(&mut v, &["Meena", "", "Ravi 🎲"]);
    series(&mut v, &[(Throw::Eight, true), (Throw::Four, false), (Throw::Two, false)]);
    check("two_players", &board(&v));
}

#[test]
fn three_players() {
    let mut v = view("bell S=24,11,6,o W=x,x,19,2 N=o,o,o,o turn=W");
    names(&mut v, &["Kavya", "Arul", "Bartholomew the Magnificent of Thanjavur"]);
    check("three_players", &board(&v));
}

#[test]
fn four_players() {
    let mut v = view("bell S=5,t8,o W=24,24,12,o N=x,3,o,o E=24,20,o,o turn=S throws=4,2,1");
    names(&mut v, &["Meena", "Ravi", "Selvi", "Kavya"]);
    series(&mut v, &[(Throw::Four, false), (Throw::Two, true), (Throw::One, false)]);
    check("four_players", &board(&v));
}

#[test]
fn highlights() {
    // South moved d1 → e2 (steps 1 → 3) and captured a West single there;
    // her remaining 3 can take that piece on to e5.
    let mut v = view("bell S=3,o,o,o W=o,o,x,x N=10,o,o,o E=o,o,o,o turn=S throws=3");
    v.last = vec![LastAction { seat: Seat::S, from: Some(1), to: Some(3), captured: 1 }];
    v.destinations = vec![sq("e5")];
    series(&mut v, &[(Throw::Two, true), (Throw::Three, false)]);
    check("highlights", &board(&v));
}

#[test]
fn series_along_the_track() {
    // South's last series: c1 → d5 round the corner taking West's piece,
    // then a piece entered on c1 (numbered 1, 2); North took another of
    // West's pieces on a2 before: West, on turn, sees both captures.
    let mut v = view("bell S=7,0,o,o W=o,o,o,o N=5,o,o,o E=12,o,o,o turn=W throws=1,2");
    v.last = vec![
        LastAction { seat: Seat::S, from: Some(0), to: Some(7), captured: 1 },
        LastAction { seat: Seat::S, from: None, to: Some(0), captured: 0 },
    ];
    v.captures = vec![Capture { cell: sq("a2"), count: 1 }, Capture { cell: sq("d5"), count: 1 }];
    check("series_along_the_track", &board(&v));
    check("phone_series_along_the_track", &phone(&board(&v)));
}

#[test]
fn route_south() {
    check("route_south", &render_route(&THAAYAM_BOARD, Seat::S, DEFAULT_SIZE).expect("route"));
}

#[test]
fn route_east() {
    check("route_east", &render_route(&THAAYAM_BOARD, Seat::E, DEFAULT_SIZE).expect("route"));
}

#[test]
fn cross_route_south() {
    check("cross_route_south", &render_route(&CROSS_BOARD, Seat::S, DEFAULT_SIZE).expect("route"));
}

#[test]
fn cross_route_east() {
    check("cross_route_east", &render_route(&CROSS_BOARD, Seat::E, DEFAULT_SIZE).expect("route"));
}

#[test]
fn tamil_names() {
    // Shaped with rustybuzz: vowel signs on the correct side, ligatures.
    let mut v = view("bell S=3,o,o,o W=o,o,o,o N=12,o,o,o turn=W");
    names(&mut v, &["மீனா", "Ravi ரவி", "கொற்றவை செல்வி"]);
    check("tamil_names", &board(&v));
}

#[test]
fn tayam_sonalu_cross() {
    let v = view("tayam-sonalu S+=12,40,o,o W+=30,30,o,o N+=70,o,o,o E=o,o,o,o turn=S throws=5,2");
    check("tayam_sonalu_cross", &board(&v));
}

#[test]
fn phone_crowded_keep() {
    // Counts on grouped pieces and struck-through used throws, at 360 px.
    let mut v = view("bell S=24,24,24,24 W=24,24,24,22 N=t10,5,o E=24,24,24,x turn=E throws=1");
    series(&mut v, &[(Throw::Four, true), (Throw::Two, true), (Throw::One, false)]);
    check("phone_crowded_keep", &phone(&board(&v)));
}

#[test]
fn phone_twins() {
    let v = view("bell S=t8,t12 W=t12,18,18 N=t10,3,o E=t8,4,o turn=N throws=8,4");
    check("phone_twins", &phone(&board(&v)));
}

#[test]
fn phone_cross() {
    let mut v = view("tayam-sonalu S+=12,40,o,o W+=30,30,o,o N+=70,o,o,o E=o,o,o,o turn=S throws=5,2");
    // Sb7 → Sc5: South's steps 7 → 12, out to the arm's end and back.
    v.last = vec![LastAction { seat: Seat::S, from: Some(7), to: Some(12), captured: 0 }];
    series(&mut v, &[(Throw::Five, true), (Throw::Two, false)]);
    check("phone_cross", &phone(&board(&v)));
}

#[test]
fn phone_cross_stacks() {
    // Stacks of one player's pieces on entry squares and side by side.
    let v = view("tayam-sonalu S+=1,2,3,o W+=1,1,1,o N+=1,20,21,o E+=1,9,10,11 turn=S");
    check("phone_cross_stacks", &phone(&board(&v)));
}

#[test]
fn phone_bear_off_and_overlapping_moves() {
    // Bell: South's series 2 → 6 and 4 → 8 (two pieces over the same
    // squares, drawn apart), then a piece borne off the keep: drawn as a
    // move out of the keep with the piece; numbers clear of the pieces.
    let mut v = view("bell S=6,8,24,x N=3,o,o,o turn=N throws=4");
    v.last = vec![
        LastAction { seat: Seat::S, from: Some(2), to: Some(6), captured: 0 },
        LastAction { seat: Seat::S, from: Some(4), to: Some(8), captured: 0 },
        LastAction { seat: Seat::S, from: Some(24), to: None, captured: 0 },
    ];
    check("phone_bear_off_and_overlapping_moves", &phone(&board(&v)));
}

#[test]
fn phone_cross_entries_and_home() {
    // Early Tayam Sonalu: the part of the cross round the centre, on larger
    // squares. South entered twice (the same route, drawn apart, "1" and
    // "2" both seen) and North's capture on her arm.
    let mut v = view("tayam-sonalu S+=1,1,o,o N+=3,o,o,o turn=N throws=2");
    v.last = vec![
        LastAction { seat: Seat::S, from: None, to: Some(1), captured: 0 },
        LastAction { seat: Seat::S, from: None, to: Some(1), captured: 0 },
    ];
    v.captures = vec![Capture { cell: CROSS_BOARD.parse_square("Nb3").expect("square"), count: 1 }];
    check("phone_cross_entries_and_home", &phone(&board(&v)));
    // A piece reaching home, the centre: drawn there, ringed.
    let mut v = view("tayam-sonalu S+=81,x,o,o N+=3,o,o,o turn=N throws=2");
    v.last = vec![LastAction { seat: Seat::S, from: Some(81), to: Some(84), captured: 0 }];
    check("phone_cross_home", &phone(&board(&v)));
}
