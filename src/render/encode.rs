//! The PNG file of an opaque pixmap: 8-bit indexed with the theme's
//! palette, every row Paeth-filtered, compressed by fdeflate (which codes
//! only runs of zeros and a fixed table of literals: made for filtered
//! PNG rows), in one IDAT chunk.
//!
//! Most of a board repeats the row above (flat squares, the page, vertical
//! lines: 85% of the 8-pixel blocks of the default 5 × 5 board), so such a
//! block copies the indices above without a lookup, and Paeth turns it
//! into zeros; the other blocks look up each run of one colour.

use super::palette::Palette;
use std::io;
use tiny_skia::Pixmap;

/// Pixels compared with the row above at once.
const BLOCK: usize = 8;
/// PNG's Paeth filter type.
const PAETH: u8 = 4;

/// The PNG bytes of an opaque pixmap in `palette`'s colours.
pub(crate) fn indexed_png(pm: &Pixmap, palette: &Palette) -> io::Result<Vec<u8>> {
    let (w, h) = (pm.width() as usize, pm.height() as usize);
    let filtered = filtered_rows(pm, palette);
    let mut out = Vec::with_capacity(48 * 1024);
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
    z.write_data(&filtered)?;
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

/// The image data before compression: per row the filter type, then each
/// pixel's index minus its Paeth prediction from the indices to its left,
/// above and above-left.
fn filtered_rows(pm: &Pixmap, palette: &Palette) -> Vec<u8> {
    let w = pm.width() as usize;
    let mut rows = indices(pm, palette);
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
    rows
}

/// Paeth-filters one row of indices (`above` empty for the first row).
fn paeth_row(here: &[u8], above: &[u8], out: &mut [u8]) {
    if above.is_empty() {
        // Above is all zeros: Paeth predicts the left neighbour.
        let mut left = 0;
        for (o, &h) in out.iter_mut().zip(here) {
            *o = h.wrapping_sub(left);
            left = h;
        }
        return;
    }
    let n = out.len().min(here.len()).min(above.len());
    if n == 0 {
        return;
    }
    out[0] = here[0].wrapping_sub(paeth(0, above[0], 0));
    // Four equal-length slices: the compiler turns this into vector code.
    let (lefts, heres) = (&here[..n - 1], &here[1..n]);
    let (corners, aboves) = (&above[..n - 1], &above[1..n]);
    let inputs = heres.iter().zip(lefts).zip(aboves.iter().zip(corners));
    for (o, ((&h, &a), (&b, &c))) in out[1..n].iter_mut().zip(inputs) {
        *o = h.wrapping_sub(paeth(a, b, c));
    }
}

/// The palette index of every pixel, rows `w + 1` bytes apart, each
/// starting with a free byte (for the filter type). Most of a board
/// repeats the row above (flat squares, the page), so blocks of eight
/// pixels equal to the ones above copy their indices; the others look up
/// each run of one colour.
fn indices(pm: &Pixmap, palette: &Palette) -> Vec<u8> {
    let w = pm.width() as usize;
    let data = pm.data();
    let rows = data.len() / 4 / w.max(1);
    let mut out = vec![0u8; (w + 1) * rows];
    let mut mapper = palette.mapper();
    let mut map = |rgba: &[u8], out: &mut [u8]| {
        for (o, p) in out.iter_mut().zip(rgba.chunks_exact(4)) {
            *o = mapper.index(p);
        }
    };
    for y in 0..rows {
        let row = &data[y * w * 4..(y + 1) * w * 4];
        let (done, todo) = out.split_at_mut(y * (w + 1));
        let out_row = &mut todo[1..w + 1];
        if y == 0 {
            map(row, out_row);
            continue;
        }
        let above = &data[(y - 1) * w * 4..y * w * 4];
        let above_idx = &done[(y - 1) * (w + 1) + 1..];
        let blocks = row.chunks_exact(4 * BLOCK).zip(above.chunks_exact(4 * BLOCK));
        let idx = out_row.chunks_exact_mut(BLOCK).zip(above_idx.chunks_exact(BLOCK));
        for ((rgba, up), (o, up_idx)) in blocks.zip(idx) {
            // Fixed-size arrays compare and copy inline (slices call memcmp).
            match (<&[u8; 4 * BLOCK]>::try_from(rgba), <&[u8; 4 * BLOCK]>::try_from(up)) {
                (Ok(a), Ok(b)) if a == b => match (<&mut [u8; BLOCK]>::try_from(o), <&[u8; BLOCK]>::try_from(up_idx)) {
                    (Ok(o), Ok(up_idx)) => *o = *up_idx,
                    (Ok(o), Err(_)) => map(rgba, o),
                    (Err(_), _) => {}
                },
                _ => map(rgba, o),
            }
        }
        let tail = w / BLOCK * BLOCK;
        map(&row[tail * 4..], &mut out_row[tail..]);
    }
    mapper.finish();
    out
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
