//! A picture being drawn: its pixels and, when asked, the 8-pixel blocks
//! its drawing touched. Every drawing primitive (`draw::fill_path`,
//! `draw::stroke_path`, `draw::rect`, `draw::blit`, `text::draw`) reports
//! what it may have changed to the canvas it paints on, so a board drawn
//! over its cached background knows where it differs from it, and the
//! encoder maps to palette indices only those blocks
//! (`encode::indexed_png_over`). A canvas that records nothing (a
//! background, a sprite, a route) ignores the reports.

use super::dirty::Dirty;
use std::ops::{Deref, DerefMut};
use tiny_skia::Pixmap;

/// Pixels being drawn, and what the drawing touched when recorded.
pub(crate) struct Canvas {
    pm: Pixmap,
    touched: Option<Dirty>,
}

impl Canvas {
    /// A canvas that records nothing.
    pub(crate) fn new(pm: Pixmap) -> Canvas {
        Canvas { pm, touched: None }
    }

    /// A canvas that records the blocks its drawing touches.
    pub(crate) fn recording(pm: Pixmap) -> Canvas {
        let touched = Some(Dirty::new(pm.width(), pm.height()));
        Canvas { pm, touched }
    }

    /// The pixels.
    pub(crate) fn into_pixmap(self) -> Pixmap {
        self.pm
    }

    /// The pixels and the blocks touched (all of them when not recorded).
    pub(crate) fn finish(self) -> (Pixmap, Dirty) {
        let (w, h) = (self.pm.width(), self.pm.height());
        (self.pm, self.touched.unwrap_or_else(|| Dirty::all(w, h)))
    }

    /// Reports that drawing may change the pixels of the rectangle from
    /// (`x0`, `y0`) to (`x1`, `y1`) (any fractions; a pixel of margin is
    /// added).
    pub(crate) fn touch(&mut self, x0: f32, y0: f32, x1: f32, y1: f32) {
        if let Some(d) = &mut self.touched {
            d.add(x0, y0, x1, y1);
        }
    }

    /// Reports exact runs of pixels `(y, x0, x1)` (`[x0, x1)` of row `y`)
    /// that drawing changed: what a sprite's blit knows without margins.
    pub(crate) fn touch_runs(&mut self, runs: &[(i32, i32, i32)]) {
        if let Some(d) = &mut self.touched {
            for &(y, x0, x1) in runs {
                d.mark(y, x0, x1);
            }
        }
    }

    /// Reports the thick straight line from `a` to `b` (its half-width
    /// `reach` around the centre line, caps included), piece by piece so
    /// that a slanted line does not mark its whole bounding box.
    pub(crate) fn touch_line(&mut self, a: (f32, f32), b: (f32, f32), reach: f32) {
        if self.touched.is_none() {
            return;
        }
        let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
        let pieces = (len / (2.0 * reach).max(8.0)).ceil().clamp(1.0, 256.0) as usize;
        for i in 0..pieces {
            let (t0, t1) = (i as f32 / pieces as f32, (i + 1) as f32 / pieces as f32);
            let p = (a.0 + (b.0 - a.0) * t0, a.1 + (b.1 - a.1) * t0);
            let q = (a.0 + (b.0 - a.0) * t1, a.1 + (b.1 - a.1) * t1);
            self.touch(p.0.min(q.0) - reach, p.1.min(q.1) - reach, p.0.max(q.0) + reach, p.1.max(q.1) + reach);
        }
    }
}

/// A canvas is drawn on as the pixmap it holds.
impl Deref for Canvas {
    type Target = Pixmap;
    fn deref(&self) -> &Pixmap {
        &self.pm
    }
}

impl DerefMut for Canvas {
    fn deref_mut(&mut self) -> &mut Pixmap {
        &mut self.pm
    }
}
