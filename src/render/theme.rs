//! Colours of the board picture. The four seat colours come from the
//! Okabe–Ito palette (vermillion, blue, yellow, bluish green: the classic
//! race-game colours) and stay apart under deuteranopia and protanopia; a
//! unit test checks that with the Machado (2009) simulation matrices.

use crate::engine::Seat;

/// An opaque sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rgb(pub(crate) u8, pub(crate) u8, pub(crate) u8);

impl Rgb {
    /// `self` mixed with `other` (`t` = 0 gives `self`, 1 gives `other`).
    pub(crate) fn mix(self, other: Rgb, t: f32) -> Rgb {
        let m = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * t).round() as u8;
        Rgb(m(self.0, other.0), m(self.1, other.1), m(self.2, other.2))
    }

    pub(crate) fn skia(self) -> tiny_skia::Color {
        tiny_skia::Color::from_rgba8(self.0, self.1, self.2, 255)
    }

    pub(crate) fn skia_alpha(self, alpha: u8) -> tiny_skia::Color {
        tiny_skia::Color::from_rgba8(self.0, self.1, self.2, alpha)
    }
}

/// `v / 255` rounded, for `v` up to 255 × 255: the mixing of two channels
/// in integer arithmetic.
pub(crate) fn div255(v: u32) -> u8 {
    ((v + 128 + ((v + 128) >> 8)) >> 8) as u8
}

/// Defines each named colour of the theme and `NAMED`, the list of them
/// all (what tests of the palette and of contrast go through).
macro_rules! colours {
    ($($(#[$doc:meta])* $name:ident = $value:expr;)*) => {
        $($(#[$doc])* pub(crate) const $name: Rgb = $value;)*
        /// Every named colour of the theme, by name.
        #[cfg(test)]
        pub(crate) const NAMED: &[(&str, Rgb)] = &[$((stringify!($name), $name)),*];
    };
}

colours! {
    /// The page around the board and behind the strip.
    PAGE = Rgb(0xF7, 0xF1, 0xE3);
    /// The squares: chalk-on-floor sand.
    SQUARE = Rgb(0xEC, 0xDC, 0xB9);
    /// Grid lines, frame and margin labels.
    INK = Rgb(0x5A, 0x43, 0x2E);
    /// The diagonals of the marked squares.
    CROSS = Rgb(0x8E, 0x6E, 0x4E);
    /// The keep (c3), the goal of every track: an ivory square with a gold
    /// frame and its name, unlike any palace (tinted in its seat's colour,
    /// with her letter).
    KEEP = Rgb(0xFD, 0xFA, 0xF1);
    /// The keep's frame and word.
    GOAL = Rgb(0x7A, 0x55, 0x10);
    /// Main text of the strip.
    TEXT = Rgb(0x2A, 0x22, 0x1A);
    /// The rim of a used throw.
    DIM = Rgb(0x9A, 0x8C, 0x7A);
    /// The counts of a player's row ("waiting 2 · on the board 1 · …").
    COUNTS = Rgb(0x45, 0x3E, 0x35);
    /// The files and ranks round the board, the cross's numbers.
    LABEL = Rgb(0x76, 0x63, 0x50);
    /// Faint chevrons along the track of the player on turn.
    TRACK = Rgb(0xD0, 0xBD, 0x96);
    /// The digit of a used throw: lighter than the text, still 5:1 on the page.
    USED = Rgb(0x6E, 0x60, 0x50);
    /// Piece outlines and the twins capsule.
    OUTLINE = Rgb(0x26, 0x20, 0x1A);
    /// Last-move arrow and outline: a dark plum that no seat colour comes
    /// near, even for red-green colour-blind players (a violet would look
    /// like West's blue to them).
    MOVE = Rgb(0x5B, 0x1A, 0x60);
    /// Capture mark.
    CAPTURE = Rgb(0x1E, 0x1A, 0x16);
    /// Destination hints.
    HINT = Rgb(0x30, 0x30, 0x30);
    /// White, for text on dark fills.
    WHITE = Rgb(0xFF, 0xFF, 0xFF);
}

/// The colour of a seat's pieces.
pub(crate) const fn seat_colour(seat: Seat) -> Rgb {
    match seat {
        Seat::S => Rgb(0xD5, 0x5E, 0x00),
        Seat::W => Rgb(0x00, 0x72, 0xB2),
        Seat::N => Rgb(0xF0, 0xE4, 0x42),
        Seat::E => Rgb(0x00, 0x9E, 0x73),
    }
}

/// The letter colour on a seat's disc (whichever contrasts more).
pub(crate) const fn seat_ink(seat: Seat) -> Rgb {
    match seat {
        Seat::W => WHITE,
        _ => Rgb(0x14, 0x10, 0x0C),
    }
}

/// A light tint of a seat's colour, for its palace and its strip row.
pub(crate) fn seat_tint(seat: Seat, strength: f32) -> Rgb {
    SQUARE.mix(seat_colour(seat), strength)
}

/// A palace: the seat's tint.
pub(crate) fn palace(seat: Seat) -> Rgb {
    seat_tint(seat, 0.34)
}

/// The seat's letter in the corner of her palace.
pub(crate) fn palace_letter(seat: Seat) -> Rgb {
    seat_colour(seat).mix(TEXT, 0.7)
}

/// The row of the player on turn.
pub(crate) fn row_fill(seat: Seat) -> Rgb {
    seat_tint(seat, 0.35)
}

/// Every text the pictures draw, as (what, ink, what it is drawn on): the
/// colours the drawing code takes from here, for the contrast test.
#[cfg(test)]
pub(crate) fn texts() -> Vec<(String, Rgb, Rgb)> {
    let mut out: Vec<(String, Rgb, Rgb)> = vec![
        ("header".into(), TEXT, PAGE),
        ("names".into(), TEXT, PAGE),
        ("counts".into(), COUNTS, PAGE),
        ("throw digits".into(), TEXT, WHITE),
        ("used throw digits".into(), USED, PAGE),
        ("files and ranks".into(), LABEL, PAGE),
        ("the keep's word".into(), GOAL, KEEP),
        ("count badges".into(), WHITE, OUTLINE),
        ("capture counts".into(), WHITE, CAPTURE),
        ("move numbers".into(), WHITE, MOVE),
        ("route step numbers".into(), TEXT, WHITE),
    ];
    for seat in Seat::ALL {
        out.push((format!("{seat:?}'s name on turn"), TEXT, row_fill(seat)));
        out.push((format!("{seat:?}'s counts on turn"), COUNTS, row_fill(seat)));
        out.push((format!("{seat:?}'s palace letter"), palace_letter(seat), palace(seat)));
        out.push((format!("{seat:?}'s disc letter"), seat_ink(seat), seat_colour(seat)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    type Matrix = [[f64; 3]; 3];

    /// Machado, Oliveira & Fernandes (2009), severity 1.0, on linear RGB.
    const PROTANOPIA: Matrix =
        [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]];
    const DEUTERANOPIA: Matrix =
        [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]];
    const NORMAL: Matrix = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];

    fn to_linear(c: u8) -> f64 {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
    }

    fn simulate(m: &Matrix, c: Rgb) -> [f64; 3] {
        let l = [to_linear(c.0), to_linear(c.1), to_linear(c.2)];
        let row = |r: &[f64; 3]| (r[0] * l[0] + r[1] * l[1] + r[2] * l[2]).clamp(0.0, 1.0);
        [row(&m[0]), row(&m[1]), row(&m[2])]
    }

    /// CIE L*a*b* (D65) of a linear RGB colour.
    fn lab(l: [f64; 3]) -> [f64; 3] {
        let x = (0.4124 * l[0] + 0.3576 * l[1] + 0.1805 * l[2]) / 0.95047;
        let y = 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
        let z = (0.0193 * l[0] + 0.1192 * l[1] + 0.9505 * l[2]) / 1.08883;
        let f = |t: f64| if t > 0.008856 { t.cbrt() } else { 7.787 * t + 16.0 / 116.0 };
        [116.0 * f(y) - 16.0, 500.0 * (f(x) - f(y)), 200.0 * (f(y) - f(z))]
    }

    fn delta_e(m: &Matrix, a: Rgb, b: Rgb) -> f64 {
        let (p, q) = (lab(simulate(m, a)), lab(simulate(m, b)));
        ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt()
    }

    fn min_pairwise(m: &Matrix, colours: &[Rgb]) -> f64 {
        let mut min = f64::MAX;
        for (i, &a) in colours.iter().enumerate() {
            for &b in &colours[i + 1..] {
                min = min.min(delta_e(m, a, b));
            }
        }
        min
    }

    const MIN_DELTA_E: f64 = 30.0;

    #[test]
    fn seat_colours_stay_apart_for_deuteranopes_and_protanopes() {
        let colours = Seat::ALL.map(seat_colour);
        for (name, m) in [("normal", NORMAL), ("deuteranopia", DEUTERANOPIA), ("protanopia", PROTANOPIA)] {
            let d = min_pairwise(&m, &colours);
            assert!(d >= MIN_DELTA_E, "{name}: closest seat colours are only ΔE {d:.1} apart");
        }
    }

    #[test]
    fn simulation_merges_red_and_green_for_deuteranopes() {
        // The check above can fail: pure red and green collapse together.
        let (red, green) = (Rgb(0xC0, 0x30, 0x20), Rgb(0x40, 0x90, 0x20));
        assert!(delta_e(&NORMAL, red, green) > 60.0);
        assert!(delta_e(&DEUTERANOPIA, red, green) < MIN_DELTA_E);
    }

    #[test]
    fn div255_rounds_like_the_float_division() {
        for v in 0..=255 * 255 {
            assert_eq!(div255(v), (v as f32 / 255.0).round() as u8, "{v}");
        }
    }

    /// WCAG 2 relative luminance.
    fn luminance(c: Rgb) -> f64 {
        0.2126 * to_linear(c.0) + 0.7152 * to_linear(c.1) + 0.0722 * to_linear(c.2)
    }

    /// WCAG 2 contrast ratio (1 to 21).
    pub(crate) fn contrast(a: Rgb, b: Rgb) -> f64 {
        let (x, y) = (luminance(a), luminance(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    #[test]
    fn contrast_is_measured_as_wcag_does() {
        assert!((contrast(Rgb(0, 0, 0), WHITE) - 21.0).abs() < 1e-9);
        assert!((contrast(Rgb(0x76, 0x76, 0x76), WHITE) - 4.54).abs() < 0.01);
    }

    /// Every text of the pictures stands out 4.5:1 from what it is drawn
    /// on (`cargo test --lib contrast -- --nocapture` prints them).
    #[test]
    fn contrast_every_text_is_at_least_4_5_to_1() {
        let mut low = Vec::new();
        for (what, ink, on) in texts() {
            let ratio = contrast(ink, on);
            println!("{what}: {ratio:.2}:1");
            if ratio < 4.5 {
                low.push(format!("{what}: {ratio:.2}:1"));
            }
        }
        assert!(low.is_empty(), "text below 4.5:1: {low:?}");
    }

    /// The keep looks like no palace: ΔE 12 or more from each, for every
    /// kind of eye (North's pale yellow palace is the nearest).
    #[test]
    fn the_keep_differs_from_every_palace() {
        for m in [NORMAL, DEUTERANOPIA, PROTANOPIA] {
            for seat in Seat::ALL {
                let d = delta_e(&m, KEEP, palace(seat));
                assert!(d >= 12.0, "{seat}: ΔE {d:.1}");
            }
        }
    }

    #[test]
    fn last_move_colour_differs_from_every_seat() {
        for m in [NORMAL, DEUTERANOPIA, PROTANOPIA] {
            for seat in Seat::ALL {
                assert!(delta_e(&m, MOVE, seat_colour(seat)) >= 20.0, "{seat}");
            }
        }
    }
}
