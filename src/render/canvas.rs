//! A picture being drawn: its pixels and, when asked, the 8-pixel blocks
//! its drawing touched. Every drawing primitive (`draw::fill_path`,
//! `draw::stroke_path`, `draw::rect`, `sprite::blit`, `text::draw`) reports
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

    /// Records the blocks the drawing touches from now on.
    pub(crate) fn record(&mut self) {
        self.touched = Some(Dirty::new(self.pm.width(), self.pm.height()));
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

    /// Reports that drawing changed exactly the pixels `[x0, x1)` of row
    /// `y`: what a sprite's blit knows without margins.
    pub(crate) fn touch_run(&mut self, y: i32, x0: i32, x1: i32) {
        if let Some(d) = &mut self.touched {
            d.mark(y, x0, x1);
        }
    }

    /// Reports the thick straight line from `a` to `b` (its half-width
    /// `reach` around the centre line, caps included), piece by piece so
    /// that a slanted line does not mark its whole bounding box.
    pub(crate) fn touch_line(&mut self, a: (f32, f32), b: (f32, f32), reach: f32) {
        if let Some(d) = &mut self.touched {
            d.add_line(a, b, reach);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_recording_canvas_keeps_what_was_touched() {
        let mut plain = Canvas::new(Pixmap::new(64, 8).expect("pixmap"));
        plain.touch(0.0, 0.0, 5.0, 5.0);
        assert!((plain.finish().1.coverage() - 1.0).abs() < 1e-9, "not recorded: all of it may differ");
        let mut rec = Canvas::recording(Pixmap::new(64, 8).expect("pixmap"));
        rec.touch(9.5, 2.0, 12.0, 3.0);
        rec.touch_run(6, 40, 41);
        rec.touch_line((0.0, 7.0), (2.0, 7.0), 0.5);
        let (_, d) = rec.finish();
        assert_eq!(d.runs(2), vec![(8, 16)]);
        assert_eq!(d.runs(6), vec![(0, 8), (40, 48)]);
        assert!(!d.row(0));
    }
}
