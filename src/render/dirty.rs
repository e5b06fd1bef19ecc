//! Which pixels a drawing changed, in blocks of [`BLOCK`] pixels of a row:
//! what a recording [`super::canvas::Canvas`] collects from the drawing
//! primitives, and what the encoder then maps to palette indices, taking
//! the rest from the background's indices (`encode::indexed_png_over`).

/// Pixels are reported in blocks of this many of a row (the encoder's
/// block: it compares and copies eight indices at once).
pub(crate) const BLOCK: usize = 8;

/// How a picture's bytes are laid out for [`Dirty::copy_touched`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rows {
    /// Bytes from one row to the next.
    pub(crate) stride: usize,
    /// Bytes before a row's first pixel (a PNG row's filter type).
    pub(crate) lead: usize,
    /// Bytes per pixel.
    pub(crate) px: usize,
}

/// For each row of a picture, the blocks of [`BLOCK`] pixels that drawing
/// may have changed: a bitmap, `words` 64-bit words per row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Dirty {
    width: u32,
    height: u32,
    words: usize,
    bits: Vec<u64>,
}

impl Dirty {
    pub(crate) fn new(width: u32, height: u32) -> Dirty {
        let words = (width as usize).div_ceil(BLOCK).div_ceil(64).max(1);
        Dirty { width, height, words, bits: vec![0; words * height as usize] }
    }

    /// The thick straight line from `a` to `b` (its half-width `reach`
    /// around the centre line, caps included), piece by piece so that a
    /// slanted line does not mark its whole bounding box.
    pub(crate) fn add_line(&mut self, a: (f32, f32), b: (f32, f32), reach: f32) {
        let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
        let pieces = (len / (2.0 * reach).max(8.0)).ceil().clamp(1.0, 256.0) as usize;
        for i in 0..pieces {
            let (t0, t1) = (i as f32 / pieces as f32, (i + 1) as f32 / pieces as f32);
            let p = (a.0 + (b.0 - a.0) * t0, a.1 + (b.1 - a.1) * t0);
            let q = (a.0 + (b.0 - a.0) * t1, a.1 + (b.1 - a.1) * t1);
            self.add(p.0.min(q.0) - reach, p.1.min(q.1) - reach, p.0.max(q.0) + reach, p.1.max(q.1) + reach);
        }
    }

    /// The blocks touched here and not in `other` (a picture of the same
    /// size; else all of these).
    pub(crate) fn without(&self, other: &Dirty) -> Dirty {
        let mut out = self.clone();
        if other.words == self.words && other.bits.len() == self.bits.len() {
            for (o, &b) in out.bits.iter_mut().zip(&other.bits) {
                *o &= !b;
            }
        }
        out
    }

    /// The blocks touched here or in `other` (a picture of the same size;
    /// else all of the picture).
    pub(crate) fn union(&self, other: &Dirty) -> Dirty {
        if other.words != self.words || other.bits.len() != self.bits.len() {
            return Dirty::all(self.width, self.height);
        }
        let mut out = self.clone();
        for (o, &b) in out.bits.iter_mut().zip(&other.bits) {
            *o |= b;
        }
        out
    }

    /// Every pixel of a `width` × `height` picture.
    pub(crate) fn all(width: u32, height: u32) -> Dirty {
        let mut d = Dirty::new(width, height);
        d.add(0.0, 0.0, width as f32, height as f32);
        d
    }

    /// Whether drawing may have changed row `y`.
    #[cfg(test)]
    pub(crate) fn row(&self, y: usize) -> bool {
        self.bits.get(y * self.words..(y + 1) * self.words).is_some_and(|w| w.iter().any(|&b| b != 0))
    }

    /// Calls `f` with each run of changed pixels `[x0, x1)` of row `y`,
    /// left to right (whole blocks, the last one cut at the picture's edge).
    pub(crate) fn for_each_run(&self, y: usize, f: impl FnMut(usize, usize)) {
        self.runs_of(y, None, f);
    }

    /// [`Dirty::for_each_run`] over the blocks touched in row `y` or in the
    /// row above it (what Paeth predicts row `y` from).
    pub(crate) fn for_each_run_with_above(&self, y: usize, f: impl FnMut(usize, usize)) {
        self.runs_of(y, y.checked_sub(1), f);
    }

    /// The runs of the blocks touched in row `y` or in row `also`.
    fn runs_of(&self, y: usize, also: Option<usize>, mut f: impl FnMut(usize, usize)) {
        let Some(row) = self.bits.get(y * self.words..(y + 1) * self.words) else { return };
        let other = also.and_then(|a| self.bits.get(a * self.words..(a + 1) * self.words));
        let width = self.width as usize;
        let mut run: Option<(usize, usize)> = None;
        for (i, &word) in row.iter().enumerate() {
            let mut w = word | other.and_then(|o| o.get(i)).copied().unwrap_or(0);
            while w != 0 {
                let zeros = w.trailing_zeros() as usize;
                let ones = (!(w >> zeros)).trailing_zeros() as usize;
                let (b0, b1) = (i * 64 + zeros, i * 64 + zeros + ones);
                run = match run {
                    Some((x0, x1)) if x1 == b0 * BLOCK => Some((x0, b1 * BLOCK)),
                    Some((x0, x1)) => {
                        f(x0, x1.min(width));
                        Some((b0 * BLOCK, b1 * BLOCK))
                    }
                    None => Some((b0 * BLOCK, b1 * BLOCK)),
                };
                w = if zeros + ones >= 64 { 0 } else { w & !((1u64 << (zeros + ones)) - 1) };
            }
        }
        if let Some((x0, x1)) = run {
            f(x0, x1.min(width));
        }
    }

    /// Copies from `src` into `dst` (pictures of this size, rows `stride`
    /// bytes apart, pixels `px` bytes each from `lead` bytes into a row)
    /// the pixels of the touched blocks; with `predicted`, also those
    /// whose Paeth prediction they change (the blocks of the row above,
    /// and the pixel right of each run).
    pub(crate) fn copy_touched(&self, dst: &mut [u8], src: &[u8], rows: Rows, predicted: bool) {
        let w = self.width as usize;
        for y in 0..self.height() {
            let start = y * rows.stride + rows.lead;
            let mut copy = |x0: usize, x1: usize| {
                let x1 = if predicted { (x1 + 1).min(w) } else { x1 };
                let (a, b) = (start + x0 * rows.px, start + x1 * rows.px);
                if let (Some(d), Some(s)) = (dst.get_mut(a..b), src.get(a..b)) {
                    copy(d, s);
                }
            };
            if predicted {
                self.for_each_run_with_above(y, &mut copy);
            } else {
                self.for_each_run(y, &mut copy);
            }
        }
    }

    /// The runs of [`Dirty::for_each_run`] as a list.
    #[cfg(test)]
    pub(crate) fn runs(&self, y: usize) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        self.for_each_run(y, |a, b| out.push((a, b)));
        out
    }

    /// The number of rows.
    pub(crate) fn height(&self) -> usize {
        self.height as usize
    }

    /// The share of the picture's pixels in changed blocks.
    #[cfg(test)]
    pub(crate) fn coverage(&self) -> f64 {
        let mut px = 0;
        for y in 0..self.height() {
            self.for_each_run(y, |a, b| px += b - a);
        }
        px as f64 / (self.width as f64 * f64::from(self.height)).max(1.0)
    }

    pub(crate) fn add(&mut self, x0: f32, y0: f32, x1: f32, y1: f32) {
        // A pixel is touched by anti-aliasing when the shape comes within
        // a pixel of it: one pixel of margin on every side.
        let clamp = |v: f32, max: u32| -> u32 { if v.is_nan() { 0 } else { v.clamp(0.0, max as f32) as u32 } };
        let (x0, x1) = (clamp((x0 - 1.0).floor(), self.width), clamp((x1 + 1.0).ceil(), self.width));
        let (y0, y1) = (clamp((y0 - 1.0).floor(), self.height), clamp((y1 + 1.0).ceil(), self.height));
        if x0 >= x1 {
            return;
        }
        for y in y0..y1 {
            self.mark(y as i32, x0 as i32, x1 as i32);
        }
    }

    /// Marks the blocks of pixels `[x0, x1)` of row `y` (clipped).
    pub(crate) fn mark(&mut self, y: i32, x0: i32, x1: i32) {
        let (x0, x1) = (x0.max(0) as usize, x1.clamp(0, self.width as i32) as usize);
        if y < 0 || y as u32 >= self.height || x0 >= x1 {
            return;
        }
        let y = y as usize;
        let row = &mut self.bits[y * self.words..(y + 1) * self.words];
        for b in x0 / BLOCK..x1.div_ceil(BLOCK) {
            row[b / 64] |= 1 << (b % 64);
        }
    }
}

/// Copies `s` into `d` (of the same length): a run of a few blocks eight
/// bytes at a time in place, a longer one by `copy_from_slice` (most runs
/// are a block or two: a call per run cost more than the copying).
#[inline]
fn copy(d: &mut [u8], s: &[u8]) {
    if d.len() > 64 {
        d.copy_from_slice(s);
        return;
    }
    let (mut dc, mut sc) = (d.chunks_exact_mut(8), s.chunks_exact(8));
    for (d, s) in (&mut dc).zip(&mut sc) {
        if let (Ok(d), Ok(s)) = (<&mut [u8; 8]>::try_from(d), <&[u8; 8]>::try_from(s)) {
            *d = *s;
        }
    }
    for (d, s) in dc.into_remainder().iter_mut().zip(sc.remainder()) {
        *d = *s;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `draw` marked on a `width` × `height` picture.
    fn recording(width: u32, height: u32, draw: impl FnOnce(&mut Dirty)) -> Dirty {
        let mut d = Dirty::new(width, height);
        draw(&mut d);
        d
    }

    #[test]
    fn touches_mark_whole_blocks_with_a_pixel_of_margin() {
        let d = recording(40, 10, |c| {
            c.add(9.5, 2.0, 12.0, 3.0);
            c.add(30.0, 2.5, 31.0, 2.6);
        });
        assert!(!d.row(0));
        assert_eq!(d.runs(0), vec![]);
        // x 8.5..13 → blocks 1; rows 1..4.
        assert_eq!(d.runs(1), vec![(8, 16), (24, 32)]);
        assert_eq!(d.runs(3), vec![(8, 16), (24, 32)]);
        assert!(d.row(3) && !d.row(4));
        assert_eq!(d.height(), 10);
    }

    #[test]
    fn touches_outside_the_picture_are_clipped() {
        let d = recording(10, 4, |c| {
            c.add(-30.0, -30.0, 100.0, 1.0);
            c.add(50.0, 2.0, 60.0, 3.0);
            c.add(f32::NAN, 3.0, f32::NAN, 3.0);
        });
        // The last block is cut at the edge.
        assert_eq!(d.runs(0), vec![(0, 10)]);
        assert_eq!(d.runs(1), vec![(0, 10)]);
        assert!(!d.row(2) && !d.row(3));
        assert!((d.coverage() - 0.5).abs() < 1e-9);
        assert!((Dirty::all(10, 4).coverage() - 1.0).abs() < 1e-9);
    }

    #[test]
    fn exact_runs_and_slanted_lines_mark_only_their_blocks() {
        let d = recording(64, 64, |c| {
            for &(y, x0, x1) in &[(3, 9, 10), (3, 40, 41), (-1, 0, 5), (70, 0, 5), (4, 60, 90)] {
                c.mark(y, x0, x1);
            }
            c.add_line((0.0, 0.0), (63.0, 63.0), 1.0);
        });
        assert_eq!(d.runs(3), vec![(0, 16), (40, 48)]);
        assert_eq!(d.runs(4), vec![(0, 16), (56, 64)]);
        // The diagonal marks a band along itself, not its 64 × 64 box.
        assert_eq!(d.runs(32), vec![(24, 40)]);
        assert!(d.coverage() < 0.4, "{}", d.coverage());
    }

    #[test]
    fn runs_with_the_row_above_join_both_rows_blocks() {
        let d = recording(64, 3, |c| {
            for &(y, x0, x1) in &[(0, 0, 8), (1, 8, 16), (1, 40, 48), (2, 56, 64)] {
                c.mark(y, x0, x1);
            }
        });
        let with = |y| {
            let mut out = Vec::new();
            d.for_each_run_with_above(y, |a, b| out.push((a, b)));
            out
        };
        assert_eq!(with(0), vec![(0, 8)]);
        assert_eq!(with(1), vec![(0, 16), (40, 48)]);
        assert_eq!(with(2), vec![(8, 16), (40, 48), (56, 64)]);
    }

    #[test]
    fn copying_touched_blocks_copies_those_and_what_paeth_predicts_from_them() {
        let d = recording(20, 3, |c| c.mark(1, 8, 9));
        let src = vec![7u8; 3 * 21];
        let rows = Rows { stride: 21, lead: 1, px: 1 };
        let mut plain = vec![0u8; 3 * 21];
        d.copy_touched(&mut plain, &src, rows, false);
        let copied = |v: &[u8]| (0..v.len()).filter(|&i| v[i] == 7).map(|i| (i / 21, i % 21 - 1)).collect::<Vec<_>>();
        assert_eq!(copied(&plain), (8..16).map(|x| (1, x)).collect::<Vec<_>>());
        let mut predicted = vec![0u8; 3 * 21];
        d.copy_touched(&mut predicted, &src, rows, true);
        let want: Vec<_> = (1..3).flat_map(|y| (8..17).map(move |x| (y, x))).collect();
        assert_eq!(copied(&predicted), want);
    }

    #[test]
    fn copying_a_run_of_any_length_copies_it() {
        let src: Vec<u8> = (0..200).map(|i| (i * 7 % 251) as u8).collect();
        for n in 0..src.len() {
            let mut dst = vec![0u8; n];
            copy(&mut dst, &src[..n]);
            assert_eq!(dst, &src[..n]);
        }
    }

    #[test]
    fn without_keeps_the_blocks_the_other_did_not_touch() {
        let a = recording(64, 2, |c| {
            c.mark(0, 0, 24);
            c.mark(1, 40, 48);
        });
        let b = recording(64, 2, |c| c.mark(0, 8, 16));
        let d = a.without(&b);
        assert_eq!((d.runs(0), d.runs(1)), (vec![(0, 8), (16, 24)], vec![(40, 48)]));
        assert_eq!(a.without(&Dirty::new(8, 1)), a, "another size: all of it");
    }

    #[test]
    fn union_keeps_the_blocks_either_touched() {
        let a = recording(64, 2, |c| c.mark(0, 0, 8));
        let b = recording(64, 2, |c| {
            c.mark(0, 16, 24);
            c.mark(1, 40, 48);
        });
        let u = a.union(&b);
        assert_eq!((u.runs(0), u.runs(1)), (vec![(0, 8), (16, 24)], vec![(40, 48)]));
        assert_eq!(a.union(&Dirty::new(8, 1)), Dirty::all(64, 2), "another size: all of it");
    }

    #[test]
    fn runs_cross_word_boundaries() {
        // 1,000 pixels: 125 blocks, two words per row.
        let d = recording(1000, 2, |c| c.add(500.0, 0.0, 530.0, 0.5));
        assert_eq!(d.runs(0), vec![(496, 536)]);
        let d = recording(1000, 1, |c| c.add(990.0, 0.0, 999.0, 0.5));
        assert_eq!(d.runs(0), vec![(984, 1000)]);
    }
}
