//! Sprites: what is drawn the same way many times (pieces, square marks,
//! throw chips, the marks of the last series) is painted once per key and
//! sub-pixel position into a small premultiplied pixmap, cached, and then
//! blitted. Each sprite knows its rows' runs of visible pixels, opaque or
//! not, so a blit copies opaque runs whole, blends only the translucent
//! pixels and skips the transparent ones (the inside of a square's
//! outline) without looking at them.

use super::cache::Bounded;
use super::canvas::Canvas;
use super::theme;
use crate::engine::{Seat, Throw};
use std::ops::Range;
use std::sync::{Arc, OnceLock};
use tiny_skia::Pixmap;

/// The marks drawn over a whole square, the same on every square of a size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Mark {
    Destination,
    LeftFrom,
    LandedOn,
}

/// What a cached sprite shows (sizes in [`SUBPIXEL`] steps): two equal
/// keys paint equal sprites.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum SpriteKey {
    /// A mark over a square of side `side`, `u` the layout's unit.
    Mark { mark: Mark, side: u32, u: u32 },
    /// A throw chip of the series strip, `digit` its text size.
    Chip { throw: Throw, used: bool, w: u32, h: u32, u: u32, digit: u32 },
    /// An arrowhead of the last series pointing along `dir`.
    Head { dir: (i8, i8), len: u32, rim: u32 },
    /// A dot on a square the last series passed over, of radius `r`.
    Dot { r: u32 },
    /// The number `n` of a move of the last series, on a disc of radius `r`.
    Number { n: u8, r: u32, rim: u32 },
    /// A direction chevron pointing along `dir` (x and y, each -1, 0 or 1).
    Chevron { dir: (i8, i8), size: u32, width: u32 },
    /// A piece of radius `r` quarter pixels, centred in its sprite (`big`:
    /// its letter fills it, on the cross's small squares).
    Disc { seat: Seat, letter: char, r: u32, shadow: bool, big: bool },
}

/// Steps per pixel of a sprite's sizes and sub-pixel position.
pub(crate) const SUBPIXEL: f32 = 64.0;
/// Transparent pixels around what a sprite shows.
const MARGIN: f32 = 4.0;

/// A size or position in [`SUBPIXEL`] steps.
pub(crate) fn steps(v: f32) -> u32 {
    (v.max(0.0) * SUBPIXEL).round() as u32
}

pub(crate) fn from_steps(v: u32) -> f32 {
    v as f32 / SUBPIXEL
}

/// A premultiplied picture and, per row, its runs of visible pixels.
pub(crate) struct Sprite {
    pm: Pixmap,
    /// The runs of row `y` are `runs[rows[y]..rows[y + 1]]`.
    rows: Vec<u32>,
    runs: Vec<Run>,
}

/// Pixels `[x0, x1)` of a sprite's row, all opaque or all translucent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    x0: i32,
    x1: i32,
    opaque: bool,
}

impl Sprite {
    pub(crate) fn new(pm: Pixmap) -> Sprite {
        let w = pm.width() as usize;
        let mut rows = vec![0];
        let mut runs: Vec<Run> = Vec::new();
        for row in pm.data().chunks_exact(4 * w.max(1)) {
            let first = runs.len();
            for (x, px) in (0..).zip(row.chunks_exact(4)) {
                let opaque = match px[3] {
                    0 => continue,
                    a => a == 255,
                };
                let in_row = runs.len() > first;
                match runs.last_mut() {
                    Some(r) if in_row && r.x1 == x && r.opaque == opaque => r.x1 += 1,
                    _ => runs.push(Run { x0: x, x1: x + 1, opaque }),
                }
            }
            rows.push(runs.len() as u32);
        }
        Sprite { pm, rows, runs }
    }

    pub(crate) fn width(&self) -> u32 {
        self.pm.width()
    }

    pub(crate) fn height(&self) -> u32 {
        self.pm.height()
    }

    /// The runs of row `y`.
    fn runs(&self, y: i32) -> &[Run] {
        let at = |i: usize| self.rows.get(i).map_or(0, |&v| v as usize);
        let y = y.max(0) as usize;
        self.runs.get(at(y)..at(y + 1)).unwrap_or(&[])
    }
}

/// Draws a premultiplied sprite over the pixmap at a whole-pixel offset
/// (source-over, clipped to the pixmap): what `Pixmap::draw_pixmap` does
/// without a transform, in integer arithmetic (it took a third of a
/// board's drawing through tiny-skia's float pipeline), and reports the
/// runs of pixels it covers (a ring or an outline leaves its inside
/// untouched).
pub(crate) fn blit(pm: &mut Canvas, sprite: &Sprite, left: i32, top: i32) {
    let (dw, dh) = (pm.width() as i32, pm.height() as i32);
    let (sw, sh) = (sprite.width() as i32, sprite.height() as i32);
    let (x0, x1) = (left.max(0), (left + sw).min(dw));
    let (y0, y1) = (top.max(0), (top + sh).min(dh));
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    // The sprite's columns inside the picture.
    let (c0, c1) = (x0 - left, x1 - left);
    let clip = |r: &Run| -> Option<Range<i32>> { (r.x0.max(c0) < r.x1.min(c1)).then(|| r.x0.max(c0)..r.x1.min(c1)) };
    let src = sprite.pm.data();
    let dst = pm.data_mut();
    for y in y0..y1 {
        let sy = y - top;
        for run in sprite.runs(sy) {
            let Some(cols) = clip(run) else { continue };
            let s = ((sy * sw + cols.start) * 4) as usize;
            let d = ((y * dw + cols.start + left) * 4) as usize;
            let n = ((cols.end - cols.start) * 4) as usize;
            let (Some(d), Some(s)) = (dst.get_mut(d..d + n), src.get(s..s + n)) else { continue };
            if run.opaque {
                d.copy_from_slice(s);
                continue;
            }
            for (d, s) in d.chunks_exact_mut(4).zip(s.chunks_exact(4)) {
                let keep = 255 - u32::from(s[3]);
                for c in 0..4 {
                    d[c] = s[c] + theme::div255(u32::from(d[c]) * keep);
                }
            }
        }
    }
    for y in y0..y1 {
        let mut covered: Option<Range<i32>> = None;
        for run in sprite.runs(y - top) {
            let Some(cols) = clip(run) else { continue };
            covered = match covered {
                Some(c) if c.end == cols.start => Some(c.start..cols.end),
                Some(c) => {
                    pm.touch_run(y, c.start + left, c.end + left);
                    Some(cols)
                }
                None => Some(cols),
            };
        }
        if let Some(c) = covered {
            pm.touch_run(y, c.start + left, c.end + left);
        }
    }
}

/// Draws something of `w` × `h` pixels whose top left corner is at (x, y)
/// from a cached sprite: `paint` draws it into the sprite once per key
/// and sub-pixel position (given the corner to draw at), then the sprite
/// is blitted. Anti-aliased strokes and text cost far more than a blit.
pub(crate) fn sprite_at(
    pm: &mut Canvas,
    key: SpriteKey,
    (x, y): (f32, f32),
    (w, h): (f32, f32),
    paint: impl FnOnce(&mut Canvas, f32, f32),
) {
    let (left, top) = (x.floor(), y.floor());
    let (fx, fy) = (steps(x - left), steps(y - top));
    let side = |v: f32| (v + 2.0 * MARGIN).ceil() as u32 + 1;
    let sprite = cached((key, fx, fy), || {
        let mut sprite = Canvas::new(blank(side(w), side(h)));
        paint(&mut sprite, MARGIN + from_steps(fx), MARGIN + from_steps(fy));
        sprite.into_pixmap()
    });
    let margin = MARGIN as i32;
    blit(pm, &sprite, left as i32 - margin, top as i32 - margin);
}

type Placed = (SpriteKey, u32, u32);

/// At most this many sprites are kept, pieces included (a board size uses
/// a few hundred, each at most about 50 KB: square marks at the largest
/// board size).
const MAX_SPRITES: usize = 512;

/// The sprite of `key`, made by `make` the first time it is asked for.
pub(crate) fn cached(key: Placed, make: impl FnOnce() -> Pixmap) -> Arc<Sprite> {
    static CACHE: OnceLock<Bounded<Placed, Arc<Sprite>>> = OnceLock::new();
    CACHE.get_or_init(|| Bounded::new(MAX_SPRITES)).get_or_make(key, || Arc::new(Sprite::new(make())))
}

/// A transparent sprite of `w` × `h` pixels.
pub(crate) fn blank(w: u32, h: u32) -> Pixmap {
    Pixmap::new(w, h).unwrap_or_else(|| Pixmap::new(1, 1).expect("1x1 pixmap"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::dirty::Dirty;
    use tiny_skia::PremultipliedColorU8;

    /// The blit of the pixel-by-pixel loop this file's runs replace: every
    /// pixel looked at, transparent ones skipped, opaque ones copied, the
    /// others blended; the runs of covered pixels reported.
    fn blit_per_pixel(pm: &mut Pixmap, dirty: &mut Dirty, sprite: &Pixmap, left: i32, top: i32) {
        let (dw, dh) = (pm.width() as i32, pm.height() as i32);
        let (sw, sh) = (sprite.width() as i32, sprite.height() as i32);
        let (x0, x1) = (left.max(0), (left + sw).min(dw));
        let (y0, y1) = (top.max(0), (top + sh).min(dh));
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        let dst = pm.data_mut();
        for y in y0..y1 {
            let mut run: Option<i32> = None;
            for x in x0..x1 {
                let s = (((y - top) * sw + (x - left)) * 4) as usize;
                let d = ((y * dw + x) * 4) as usize;
                let s = &sprite.data()[s..s + 4];
                match s[3] {
                    0 => {
                        if let Some(start) = run.take() {
                            dirty.mark(y, start, x);
                        }
                        continue;
                    }
                    255 => dst[d..d + 4].copy_from_slice(s),
                    a => {
                        let keep = 255 - u32::from(a);
                        for c in 0..4 {
                            dst[d + c] = s[c] + theme::div255(u32::from(dst[d + c]) * keep);
                        }
                    }
                }
                run.get_or_insert(x);
            }
            if let Some(start) = run {
                dirty.mark(y, start, x1);
            }
        }
    }

    /// A sprite with transparent, translucent and opaque pixels in runs
    /// of every kind, touching each other or not.
    fn sprite() -> Pixmap {
        let (w, h) = (29, 17);
        let mut pm = Pixmap::new(w, h).expect("pixmap");
        for (i, p) in pm.pixels_mut().iter_mut().enumerate() {
            let (x, y) = (i as u32 % w, i as u32 / w);
            let a = match (x * 7 + y * 3) % 11 {
                0..=2 => 0,
                3..=6 => 255,
                k => (k * 40) as u8,
            };
            let a = if (8..14).contains(&x) && (4..12).contains(&y) { 0 } else { a };
            let c = |v: u32| (v % 256) as u8 % (a.max(1));
            *p = PremultipliedColorU8::from_rgba(c(x * 31), c(y * 17), c(x + y), a).expect("premultiplied");
        }
        pm
    }

    fn background() -> Pixmap {
        let (w, h) = (41, 23);
        let mut pm = Pixmap::new(w, h).expect("pixmap");
        for (i, p) in pm.pixels_mut().iter_mut().enumerate() {
            let v = (i * 37 % 256) as u8;
            *p = PremultipliedColorU8::from_rgba(v, 255 - v, v / 2, 255).expect("opaque");
        }
        pm
    }

    #[test]
    fn blitting_runs_paints_and_reports_what_blitting_each_pixel_did() {
        let pixels = sprite();
        let runs = Sprite::new(pixels.clone());
        // Inside, and cut by each edge of the picture.
        for (left, top) in [(3, 2), (-5, -4), (20, 10), (30, -2), (-10, 15), (50, 3)] {
            let mut want = background();
            let mut want_dirty = Dirty::new(want.width(), want.height());
            blit_per_pixel(&mut want, &mut want_dirty, &pixels, left, top);
            let mut got = Canvas::recording(background());
            blit(&mut got, &runs, left, top);
            let (got, got_dirty) = got.finish();
            assert!(got.data() == want.data(), "pixels at ({left}, {top})");
            assert_eq!(got_dirty, want_dirty, "touched blocks at ({left}, {top})");
        }
    }
}
