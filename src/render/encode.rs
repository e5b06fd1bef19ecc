//! The PNG file of an opaque pixmap: 8-bit indexed with the theme's
//! palette, every row Paeth-filtered, compressed by fdeflate (which codes
//! only runs of zeros and a fixed table of literals: made for filtered
//! PNG rows), in one IDAT chunk.
//!
//! Most of a board repeats the row above (flat squares, the page, vertical
//! lines: 85% of the 8-pixel blocks of the default 5 × 5 board), so such a
//! block copies the indices above without a lookup, and Paeth turns it
//! into zeros; the other blocks look up each run of one colour.
//!
//! A board is drawn over a cached background ([`Base`]: its indices and
//! filtered rows, made once per layout and seating); the drawing reports
//! the blocks it touched (`render/dirty.rs`, 18% of the benchmark's
//! board), and only those are looked up and filtered again.

use super::dirty::{BLOCK, Dirty, Rows};
use super::palette::Palette;
use std::io;
use tiny_skia::Pixmap;

/// PNG's Paeth filter type.
const PAETH: u8 = 4;

/// The PNG bytes of an opaque pixmap in `palette`'s colours.
pub(crate) fn indexed_png(pm: &Pixmap, palette: &Palette) -> io::Result<Vec<u8>> {
    let mut rows = indices(pm, palette);
    paeth_filter(&mut rows, pm.width() as usize);
    write_png(pm.width() as usize, pm.height() as usize, palette, &rows)
}

/// A background's palette indices ([`indices`]) and its filtered rows,
/// which pictures drawn over it reuse where the drawing did not reach.
pub(crate) struct Base {
    indices: Vec<u8>,
    filtered: Vec<u8>,
}

impl Base {
    pub(crate) fn of(pm: &Pixmap, palette: &Palette) -> Base {
        let indices = indices(pm, palette);
        let mut filtered = indices.clone();
        paeth_filter(&mut filtered, pm.width() as usize);
        Base { indices, filtered }
    }
}

/// One thread's indices and filtered rows of the last picture it encoded
/// over a background, and the blocks that picture changed: the next
/// picture over the same background restores only those from the
/// [`Base`] instead of copying it whole.
#[derive(Default)]
pub(crate) struct Kept {
    indices: Vec<u8>,
    filtered: Vec<u8>,
    last: Option<Dirty>,
}

impl Kept {
    /// The blocks the last picture's drawing touched.
    pub(crate) fn last(&self) -> Option<&Dirty> {
        self.last.as_ref()
    }

    /// Moves this picture onto another background that differs from its
    /// own only in the blocks `changed`: those are restored too.
    pub(crate) fn move_over(&mut self, changed: &Dirty) {
        self.last = self.last.take().map(|last| last.union(changed));
    }
}

/// The PNG bytes of a picture drawn over a background (`base`, in the
/// same layout), `kept` holding this thread's last picture over it: only
/// the blocks in `dirty` are looked up in the palette and filtered again
/// (with the pixel right of each, which Paeth predicts from them); the
/// rest is the background's.
pub(crate) fn indexed_png_over(
    pm: &Pixmap,
    palette: &Palette,
    base: &Base,
    dirty: Dirty,
    kept: &mut Kept,
) -> io::Result<Vec<u8>> {
    let (w, h) = (pm.width() as usize, pm.height() as usize);
    let n = (w + 1) * h;
    let fits = base.indices.len() == n && base.filtered.len() == n && dirty.height() == h;
    if !fits {
        // Not this background's layout: encode the whole picture.
        *kept = Kept::default();
        return indexed_png(pm, palette);
    }
    match kept.last.take() {
        Some(last) if kept.indices.len() == n && kept.filtered.len() == n && last.height() == h => {
            // The blocks this picture touches are looked up and filtered
            // again below (and, for the filtered rows, what Paeth predicts
            // from them): only the rest of the last picture's are restored.
            let rows = Rows { stride: w + 1, lead: 1, px: 1 };
            let stale = last.without(&dirty);
            stale.copy_touched(&mut kept.indices, &base.indices, rows, false);
            stale.copy_touched(&mut kept.filtered, &base.filtered, rows, true);
        }
        _ => {
            kept.indices.clone_from(&base.indices);
            kept.filtered.clone_from(&base.filtered);
        }
    }
    look_up(pm, palette, &mut kept.indices, Some(&dirty));
    paeth_runs(&kept.indices, &mut kept.filtered, w, &dirty);
    let png = write_png(w, h, palette, &kept.filtered);
    kept.last = Some(dirty);
    png
}

/// Paeth-filters again, from `indices` into `filtered` (rows `w + 1`
/// bytes apart), the pixels whose inputs the drawing may have changed:
/// the touched blocks of each row and of the row above, and the pixel
/// right of each.
fn paeth_runs(indices: &[u8], filtered: &mut [u8], w: usize, dirty: &Dirty) {
    for y in 0..dirty.height() {
        let row = y * (w + 1) + 1;
        let (Some(here), Some(out)) = (indices.get(row..row + w), filtered.get_mut(row..row + w)) else { return };
        let above = if y > 0 { indices.get(row - (w + 1)..row - 1) } else { None };
        let mut again = |x0: usize, x1: usize| {
            let x1 = (x1 + 1).min(w);
            match above {
                Some(above) => paeth_span(here, above, out, x0, x1),
                None => left_span(here, out, x0, x1),
            }
        };
        dirty.for_each_run_with_above(y, &mut again);
    }
}

/// The PNG file of filtered rows: compressed, framed.
fn write_png(w: usize, h: usize, palette: &Palette, filtered: &[u8]) -> io::Result<Vec<u8>> {
    // Room for most boards (41-60 KB): growing past it copies the file.
    let mut out = Vec::with_capacity(80 * 1024);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut ihdr = [0u8; 13];
    ihdr[..4].copy_from_slice(&u32::try_from(w).map_err(io::Error::other)?.to_be_bytes());
    ihdr[4..8].copy_from_slice(&u32::try_from(h).map_err(io::Error::other)?.to_be_bytes());
    // Bit depth 8, colour type 3 (indexed); deflate, adaptive filters, no interlace.
    ihdr[8..].copy_from_slice(&[8, 3, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(&mut out, b"PLTE", &palette.rgb());
    // The IDAT chunk's data is compressed in place; its length follows.
    let start = out.len();
    out.extend_from_slice(&[0, 0, 0, 0]);
    out.extend_from_slice(b"IDAT");
    let mut z = fdeflate::Compressor::new(out)?;
    z.write_data(filtered)?;
    let mut out = z.finish()?;
    let len = u32::try_from(out.len() - start - 8).map_err(io::Error::other)?;
    out[start..start + 4].copy_from_slice(&len.to_be_bytes());
    let crc = crc32fast::hash(&out[start + 4..]);
    out.extend_from_slice(&crc.to_be_bytes());
    chunk(&mut out, b"IEND", &[]);
    Ok(out)
}

/// One PNG chunk: length, type, data, CRC of type and data.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    out.extend_from_slice(&crc.finalize().to_be_bytes());
}

/// Turns rows of indices (`w + 1` bytes apart, from [`indices`]) into the
/// image data before compression: per row the filter type, then each
/// pixel's index minus its Paeth prediction from the indices to its left,
/// above and above-left.
fn paeth_filter(rows: &mut [u8], w: usize) {
    // Bottom-up, each row still has the unfiltered row above it.
    let mut here = vec![0u8; w];
    for y in (0..rows.len() / (w + 1)).rev() {
        let (before, row) = rows.split_at_mut(y * (w + 1));
        let row = &mut row[..w + 1];
        here.copy_from_slice(&row[1..]);
        row[0] = PAETH;
        let above = if y > 0 { &before[(y - 1) * (w + 1) + 1..] } else { &[][..] };
        paeth_row(&here, above, &mut row[1..]);
    }
}

/// Paeth-filters one row of indices (`above` empty for the first row).
fn paeth_row(here: &[u8], above: &[u8], out: &mut [u8]) {
    if above.is_empty() {
        left_span(here, out, 0, out.len());
        return;
    }
    paeth_span(here, above, out, 0, out.len());
}

/// Filters the pixels `[x0, x1)` of the first row: above is all zeros, so
/// Paeth predicts the left neighbour.
fn left_span(here: &[u8], out: &mut [u8], x0: usize, x1: usize) {
    let n = x1.min(out.len()).min(here.len());
    for x in x0..n {
        let left = if x > 0 { here[x - 1] } else { 0 };
        out[x] = here[x].wrapping_sub(left);
    }
}

/// Paeth-filters the pixels `[x0, x1)` of a row that has a row above.
fn paeth_span(here: &[u8], above: &[u8], out: &mut [u8], x0: usize, x1: usize) {
    let n = x1.min(out.len()).min(here.len()).min(above.len());
    if x0 >= n {
        return;
    }
    let mut x = x0;
    if x == 0 {
        out[0] = here[0].wrapping_sub(paeth(0, above[0], 0));
        x = 1;
    }
    if x >= n {
        return;
    }
    // Four equal-length slices: the compiler turns this into vector code.
    let (lefts, heres) = (&here[x - 1..n - 1], &here[x..n]);
    let (corners, aboves) = (&above[x - 1..n - 1], &above[x..n]);
    let inputs = heres.iter().zip(lefts).zip(aboves.iter().zip(corners));
    for (o, ((&h, &a), (&b, &c))) in out[x..n].iter_mut().zip(inputs) {
        *o = h.wrapping_sub(paeth(a, b, c));
    }
}

/// The palette index of every pixel, rows `w + 1` bytes apart, each
/// starting with a free byte (for the filter type).
fn indices(pm: &Pixmap, palette: &Palette) -> Vec<u8> {
    let w = pm.width() as usize;
    let mut out = vec![0u8; (w + 1) * (pm.height() as usize)];
    look_up(pm, palette, &mut out, None);
    out
}

/// Writes into `out` (rows `w + 1` bytes apart, after each row's free
/// byte) the palette index of every pixel, or with `dirty` of the pixels
/// in its blocks only (`out` holds the right indices elsewhere).
///
/// Most of a board repeats the row above (flat squares, the page), so
/// blocks of eight pixels equal to the ones above copy their indices; the
/// others look up each run of one colour.
fn look_up(pm: &Pixmap, palette: &Palette, out: &mut [u8], dirty: Option<&Dirty>) {
    let w = pm.width() as usize;
    let data = pm.data();
    let rows = (data.len() / 4 / w.max(1)).min(out.len() / (w + 1));
    let mut mapper = palette.mapper();
    let mut map = |rgba: &[u8], out: &mut [u8]| mapper.map(rgba, out);
    let whole_blocks = w / BLOCK * BLOCK;
    for y in 0..rows {
        let row = &data[y * w * 4..(y + 1) * w * 4];
        let (done, todo) = out.split_at_mut(y * (w + 1));
        let out_row = &mut todo[1..w + 1];
        let above = match y {
            0 => None,
            _ => Some((&data[(y - 1) * w * 4..y * w * 4], &done[(y - 1) * (w + 1) + 1..])),
        };
        // Maps the pixels [x0, x1) of the row (x0 on a block boundary).
        let mut run = |x0: usize, x1: usize| {
            let Some((above, above_idx)) = above else {
                map(&row[x0 * 4..x1 * 4], &mut out_row[x0..x1]);
                return;
            };
            // Whole blocks from x0 on; the rest one by one.
            let end = x1.div_ceil(BLOCK).saturating_mul(BLOCK).min(whole_blocks).max(x0);
            let blocks =
                row[x0 * 4..end * 4].chunks_exact(4 * BLOCK).zip(above[x0 * 4..end * 4].chunks_exact(4 * BLOCK));
            let idx = out_row[x0..end].chunks_exact_mut(BLOCK).zip(above_idx[x0..end].chunks_exact(BLOCK));
            for ((rgba, up), (o, up_idx)) in blocks.zip(idx) {
                // Fixed-size arrays compare and copy inline (slices call memcmp).
                match (<&[u8; 4 * BLOCK]>::try_from(rgba), <&[u8; 4 * BLOCK]>::try_from(up)) {
                    (Ok(a), Ok(b)) if a == b => {
                        match (<&mut [u8; BLOCK]>::try_from(o), <&[u8; BLOCK]>::try_from(up_idx)) {
                            (Ok(o), Ok(up_idx)) => *o = *up_idx,
                            (Ok(o), Err(_)) => map(rgba, o),
                            (Err(_), _) => {}
                        }
                    }
                    _ => map(rgba, o),
                }
            }
            if x1 > end {
                map(&row[end * 4..x1 * 4], &mut out_row[end..x1]);
            }
        };
        match dirty {
            None => run(0, w),
            Some(dirty) => dirty.for_each_run(y, run),
        }
    }
    mapper.finish();
}

/// PNG's Paeth predictor: whichever of left, above and above-left is
/// nearest to left + above − above-left.
#[inline]
fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let (ia, ib, ic) = (i16::from(a), i16::from(b), i16::from(c));
    // |p − a|, |p − b|, |p − c| with p = a + b − c.
    let (pa, pb, pc) = ((ib - ic).abs(), (ia - ic).abs(), (ia + ib - 2 * ic).abs());
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}

/// The RGB bytes of an opaque pixmap (alpha dropped).
pub(crate) fn to_rgb(pm: &Pixmap) -> Vec<u8> {
    let mut rgb = Vec::with_capacity(pm.pixels().len() * 3);
    for p in pm.pixels() {
        rgb.extend_from_slice(&[p.red(), p.green(), p.blue()]);
    }
    rgb
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiny_skia::PremultipliedColorU8;

    /// A picture of few colours (so the palette is exact) with repeated
    /// rows, repeated blocks, and a width that is not a multiple of eight.
    fn picture() -> Pixmap {
        let (w, h) = (37, 23);
        let mut pm = Pixmap::new(w, h).expect("pixmap");
        for (i, p) in pm.pixels_mut().iter_mut().enumerate() {
            let (x, y) = (i as u32 % w, i as u32 / w);
            let v = if y % 7 < 3 { 40 } else { ((x * 13 + y * 7) % 5 * 50) as u8 };
            *p = PremultipliedColorU8::from_rgba(v, 255 - v, (x % 3) as u8 * 9, 255).expect("opaque");
        }
        pm
    }

    #[test]
    fn the_png_decodes_to_the_same_pixels() {
        let pm = picture();
        let palette = Palette::from_pixmaps(std::slice::from_ref(&pm));
        let png = indexed_png(&pm, &palette).expect("encoded");
        let img = image::load_from_memory(&png).expect("decodes").to_rgb8();
        assert_eq!(img.dimensions(), (pm.width(), pm.height()));
        let want: Vec<u8> = pm.data().chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
        assert_eq!(img.as_raw(), &want);
        // Colour type 3 (indexed) in the IHDR chunk.
        assert_eq!(png[25], 3);
    }

    #[test]
    fn paeth_predicts_like_the_png_specification() {
        assert_eq!(paeth(10, 20, 10), 20);
        assert_eq!(paeth(20, 10, 10), 20);
        assert_eq!(paeth(10, 10, 20), 10);
        assert_eq!(paeth(0, 0, 0), 0);
        assert_eq!(paeth(200, 50, 100), 200);
    }
}
