//! The 256 colours of every PNG the renderer writes, built once from the
//! theme: a few calibration pictures (both boards with every seat's pieces,
//! twins, counts, highlights, Latin and Tamil names, route pictures) are
//! drawn, their frequent colours (the theme's flat colours as drawn) are
//! kept exactly, and the rest (anti-aliased edges between them, a few per
//! cent of the pixels) are summed up by a median cut refined with a few
//! k-means rounds. Every colour then maps to its nearest entry, looked up
//! in a table of the calibration colours, behind a small cache of the
//! colours looked up lately that every picture shares.
//!
//! Measured on pictures the calibration did not see (random games): 96 %
//! of the pixels keep their exact colour, the others are off by 2 levels
//! per channel at the median and 14 at the 99th percentile.

use super::cache::Generations;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{PoisonError, RwLock, RwLockReadGuard};
use tiny_skia::Pixmap;

/// At most this many colours.
const SIZE: usize = 256;
/// Colours covering at least this share of the calibration pixels are kept
/// exactly (about 40 of them: the flat colours of the theme as drawn).
const EXACT_SHARE: f64 = 0.0003;
/// K-means rounds after the median cut.
const ROUNDS: usize = 6;

/// An opaque colour as `0x00RRGGBB`.
type Colour = u32;

fn channels(c: Colour) -> [i32; 3] {
    [(c >> 16 & 0xFF) as i32, (c >> 8 & 0xFF) as i32, (c & 0xFF) as i32]
}

/// Weighted squared distance (green counts most, as the eye sees it).
fn distance(a: [i32; 3], b: [i32; 3]) -> i32 {
    let (r, g, b) = (a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    2 * r * r + 4 * g * g + 3 * b * b
}

/// The colour of a pixel of an opaque pixmap.
fn colour_at(rgba: &[u8]) -> Colour {
    u32::from(rgba[0]) << 16 | u32::from(rgba[1]) << 8 | u32::from(rgba[2])
}

/// The palette and the index of every colour it was built from.
pub(crate) struct Palette {
    colours: Vec<[i32; 3]>,
    /// Open addressing: `keys[i]` is a colour with bit 24 set (0 = empty),
    /// `values[i]` its palette index.
    keys: Vec<u32>,
    values: Vec<u8>,
    /// Colours met since, with their index (pictures the calibration did
    /// not foresee: a few hundred anti-aliased shades).
    met: RwLock<Generations<Colour, u8>>,
    /// The colours looked up lately, shared by every picture and thread,
    /// direct-mapped by hash: `1 << 32 | colour << 8 | index`, 0 empty.
    hot: Vec<AtomicU64>,
}

/// Entries of [`Palette::hot`] (512 KB, in the second-level cache: the
/// table of the calibration colours, hundreds of KB, missed it on almost
/// every look-up). At 4,096 entries (32 KB) a board's few thousand
/// anti-aliased shades collided: the look-ups it missed took 45 µs of a
/// click's CPU in bot-bench, 8 µs at this size.
const HOT: usize = 65536;

/// At most this many colours are remembered in [`Palette::met`].
const MET_MAX: usize = 1 << 16;

impl Palette {
    /// The palette of some opaque pixmaps.
    pub(crate) fn from_pixmaps(pixmaps: &[Pixmap]) -> Palette {
        let mut counts: HashMap<Colour, u64> = HashMap::new();
        for pm in pixmaps {
            for p in pm.data().chunks_exact(4) {
                *counts.entry(colour_at(p)).or_default() += 1;
            }
        }
        let mut seen: Vec<(Colour, u64)> = counts.into_iter().collect();
        // Most frequent first; equal counts by colour, so that the palette
        // does not depend on the hash map's order.
        seen.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let total: u64 = seen.iter().map(|c| c.1).sum::<u64>().max(1);
        let colours: Vec<[i32; 3]> = if seen.len() <= SIZE {
            seen.iter().map(|&(c, _)| channels(c)).collect()
        } else {
            let exact = seen.iter().take_while(|c| c.1 as f64 / total as f64 >= EXACT_SHARE).count().min(SIZE / 2);
            let rest: Vec<([i32; 3], u64)> = seen[exact..].iter().map(|&(c, n)| (channels(c), n)).collect();
            let mut colours: Vec<[i32; 3]> = seen[..exact].iter().map(|&(c, _)| channels(c)).collect();
            colours.extend(median_cut(rest.clone(), SIZE - exact));
            for _ in 0..ROUNDS {
                refine(&mut colours, exact, &rest);
            }
            colours
        };
        let hot = (0..HOT).map(|_| AtomicU64::new(0)).collect();
        let mut palette =
            Palette { colours, keys: Vec::new(), values: Vec::new(), met: RwLock::new(Generations::new(MET_MAX)), hot };
        let slots = (seen.len() * 4).next_power_of_two().max(64);
        palette.keys = vec![0; slots];
        palette.values = vec![0; slots];
        for &(c, _) in &seen {
            let i = palette.nearest(c);
            palette.insert(c, i);
        }
        palette
    }

    /// The PLTE bytes: RGB triples.
    pub(crate) fn rgb(&self) -> Vec<u8> {
        self.colours.iter().flat_map(|c| c.map(|v| v.clamp(0, 255) as u8)).collect()
    }

    /// A mapper of pixels to indices, for one picture.
    pub(crate) fn mapper(&self) -> Mapper<'_> {
        let met = self.met.read().unwrap_or_else(PoisonError::into_inner);
        Mapper { palette: self, met, unseen: HashMap::new(), last: u64::MAX, index: 0 }
    }

    fn slot(&self, c: Colour) -> usize {
        (c.wrapping_mul(0x9E37_79B1) >> 8) as usize & (self.keys.len() - 1)
    }

    fn insert(&mut self, c: Colour, index: u8) {
        let mut i = self.slot(c);
        while self.keys[i] != 0 && self.keys[i] != c | 1 << 24 {
            i = (i + 1) & (self.keys.len() - 1);
        }
        self.keys[i] = c | 1 << 24;
        self.values[i] = index;
    }

    fn lookup(&self, c: Colour) -> Option<u8> {
        let mut i = self.slot(c);
        loop {
            match self.keys[i] {
                0 => return None,
                k if k == c | 1 << 24 => return Some(self.values[i]),
                _ => i = (i + 1) & (self.keys.len() - 1),
            }
        }
    }

    /// The index of the entry nearest to `c`.
    fn nearest(&self, c: Colour) -> u8 {
        nearest(&self.colours, channels(c)) as u8
    }
}

/// Maps the pixels of one picture: runs of one colour are looked up once;
/// colours neither the calibration nor earlier pictures met are remembered
/// when the mapper is finished.
pub(crate) struct Mapper<'a> {
    palette: &'a Palette,
    met: RwLockReadGuard<'a, Generations<Colour, u8>>,
    unseen: HashMap<Colour, u8>,
    /// The last pixel mapped, as read (none: `u64::MAX`), and its index.
    last: u64,
    index: u8,
}

impl Mapper<'_> {
    /// The palette indices of opaque RGBA pixels (`out[i]` of the pixel
    /// at `rgba[4 i..]`). Pixels are compared as read from memory (alpha
    /// too), and a colour worked out and looked up only when one differs
    /// from the last.
    #[inline]
    pub(crate) fn map(&mut self, rgba: &[u8], out: &mut [u8]) {
        let (mut last, mut index) = (self.last, self.index);
        for (o, p) in out.iter_mut().zip(rgba.chunks_exact(4)) {
            let Ok(p) = <[u8; 4]>::try_from(p) else { continue };
            let px = u64::from(u32::from_le_bytes(p));
            if px != last {
                last = px;
                index = self.look_up(colour_at(&p));
            }
            *o = index;
        }
        (self.last, self.index) = (last, index);
    }

    #[inline]
    fn look_up(&mut self, c: Colour) -> u8 {
        let p = self.palette;
        let slot = hot_slot(c);
        let key = 1 << 24 | u64::from(c);
        let hot = p.hot.get(slot).map_or(0, |e| e.load(Ordering::Relaxed));
        if hot >> 8 == key {
            return hot as u8;
        }
        self.look_up_cold(c, slot, key)
    }

    /// [`Mapper::look_up`] of a colour not among the lately looked up.
    #[inline(never)]
    fn look_up_cold(&mut self, c: Colour, slot: usize, key: u64) -> u8 {
        let p = self.palette;
        let i = match p.lookup(c).or_else(|| self.met.peek(&c).copied()) {
            Some(i) => i,
            None => *self.unseen.entry(c).or_insert_with(|| p.nearest(c)),
        };
        if let Some(e) = p.hot.get(slot) {
            e.store(key << 8 | u64::from(i), Ordering::Relaxed);
        }
        i
    }

    /// Remembers the colours met for the first time.
    pub(crate) fn finish(self) {
        let Mapper { palette, met, unseen, .. } = self;
        drop(met);
        if unseen.is_empty() {
            return;
        }
        let mut met = palette.met.write().unwrap_or_else(PoisonError::into_inner);
        met.extend(unseen);
    }
}

/// The entry of [`Palette::hot`] a colour may sit in.
fn hot_slot(c: Colour) -> usize {
    (c.wrapping_mul(0x9E37_79B1) >> 12) as usize & (HOT - 1)
}

fn nearest(colours: &[[i32; 3]], c: [i32; 3]) -> usize {
    let mut best = (i32::MAX, 0);
    for (i, &p) in colours.iter().enumerate() {
        let d = distance(p, c);
        if d < best.0 {
            best = (d, i);
        }
    }
    best.1
}

/// Splits the colours into `n` boxes (always the one with the widest
/// weighted spread, at its weighted median along its widest channel) and
/// returns each box's weighted mean.
fn median_cut(colours: Vec<([i32; 3], u64)>, n: usize) -> Vec<[i32; 3]> {
    fn spread(b: &[([i32; 3], u64)]) -> (f64, usize) {
        if b.len() < 2 {
            return (0.0, 0);
        }
        let weight: u64 = b.iter().map(|c| c.1).sum();
        (0..3)
            .map(|ch| {
                let lo = b.iter().map(|c| c.0[ch]).min().unwrap_or(0);
                let hi = b.iter().map(|c| c.0[ch]).max().unwrap_or(0);
                (f64::from(hi - lo) * (weight as f64).sqrt(), ch)
            })
            .fold((0.0, 0), |best, s| if s.0 > best.0 { s } else { best })
    }
    let mut boxes = vec![colours];
    while boxes.len() < n {
        let Some((i, (score, ch))) =
            boxes.iter().map(|b| spread(b)).enumerate().max_by(|a, b| a.1.0.total_cmp(&b.1.0).then(b.0.cmp(&a.0)))
        else {
            break;
        };
        if score == 0.0 {
            break;
        }
        let mut b = boxes.swap_remove(i);
        b.sort_by_key(|c| (c.0[ch], c.0));
        let half = b.iter().map(|c| c.1).sum::<u64>().div_ceil(2);
        let mut acc = 0;
        let cut = b.iter().position(|c| {
            acc += c.1;
            acc >= half
        });
        let cut = cut.map_or(1, |k| k + 1).clamp(1, b.len() - 1);
        let upper = b.split_off(cut);
        boxes.push(b);
        boxes.push(upper);
    }
    boxes.iter().filter_map(|b| mean(b.iter().copied())).collect()
}

/// The weighted mean of some colours.
fn mean(colours: impl Iterator<Item = ([i32; 3], u64)>) -> Option<[i32; 3]> {
    let (mut sum, mut weight) = ([0u64; 3], 0u64);
    for (c, w) in colours {
        for ch in 0..3 {
            sum[ch] += c[ch].max(0) as u64 * w;
        }
        weight += w;
    }
    (weight > 0).then(|| sum.map(|s| ((s + weight / 2) / weight) as i32))
}

/// One k-means round: every colour joins its nearest entry, and the entries
/// from `fixed` on move to the weighted mean of their colours.
fn refine(palette: &mut [[i32; 3]], fixed: usize, colours: &[([i32; 3], u64)]) {
    let mut members: Vec<Vec<([i32; 3], u64)>> = vec![Vec::new(); palette.len()];
    for &(c, w) in colours {
        members[nearest(palette, c)].push((c, w));
    }
    for (entry, m) in palette.iter_mut().zip(members).skip(fixed) {
        if let Some(c) = mean(m.into_iter()) {
            *entry = c;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn indices(p: &Palette, pm: &Pixmap) -> Vec<u8> {
        let mut m = p.mapper();
        let mut out = vec![0; pm.data().len() / 4];
        m.map(pm.data(), &mut out);
        m.finish();
        out
    }

    fn pixmap(colours: &[(u8, u8, u8)]) -> Pixmap {
        let mut pm = Pixmap::new(colours.len() as u32, 1).expect("pixmap");
        for (p, &(r, g, b)) in pm.pixels_mut().iter_mut().zip(colours) {
            *p = tiny_skia::PremultipliedColorU8::from_rgba(r, g, b, 255).expect("opaque");
        }
        pm
    }

    #[test]
    fn few_colours_are_kept_exactly() {
        let pm = pixmap(&[(1, 2, 3), (1, 2, 3), (200, 100, 0), (9, 9, 9)]);
        let p = Palette::from_pixmaps(std::slice::from_ref(&pm));
        let idx = indices(&p, &pm);
        let rgb = p.rgb();
        let back: Vec<&[u8]> = idx.iter().map(|&i| &rgb[3 * usize::from(i)..3 * usize::from(i) + 3]).collect();
        assert_eq!(back, [&[1, 2, 3][..], &[1, 2, 3], &[200, 100, 0], &[9, 9, 9]]);
    }

    #[test]
    fn many_colours_become_256_near_ones_and_frequent_ones_stay_exact() {
        // A flat colour and a long ramp between two others.
        let mut colours = vec![(247, 241, 227); 5000];
        colours.extend((0..=255u8).flat_map(|t| [(t, 255 - t, 128), (t, t / 2, 255 - t)]));
        let pm = pixmap(&colours);
        let p = Palette::from_pixmaps(std::slice::from_ref(&pm));
        assert!(p.rgb().len() <= 3 * SIZE);
        let idx = indices(&p, &pm);
        let rgb = p.rgb();
        for (&(r, g, b), &i) in colours.iter().zip(&idx) {
            let got = &rgb[3 * usize::from(i)..3 * usize::from(i) + 3];
            let err = [r, g, b].iter().zip(got).map(|(a, b)| a.abs_diff(*b)).max().unwrap_or(0);
            assert!(err <= 8, "({r}, {g}, {b}) became {got:?}");
        }
        assert_eq!(&rgb[3 * usize::from(idx[0])..3 * usize::from(idx[0]) + 3], &[247, 241, 227]);
    }

    #[test]
    fn colours_sharing_a_cache_entry_keep_their_own_index() {
        let a: Colour = 0x10_20_30;
        let b = (0..0x00FF_FFFF).find(|&c| c != a && hot_slot(c) == hot_slot(a)).expect("a colour in the same entry");
        let (ca, cb) = (channels(a).map(|v| v as u8), channels(b).map(|v| v as u8));
        let pm = pixmap(&[(ca[0], ca[1], ca[2]), (cb[0], cb[1], cb[2])]);
        let p = Palette::from_pixmaps(std::slice::from_ref(&pm));
        let alternating = pixmap(&[(ca[0], ca[1], ca[2]), (cb[0], cb[1], cb[2])].repeat(3));
        let first = indices(&p, &alternating);
        assert_ne!(first[0], first[1]);
        assert_eq!(first, [first[0], first[1]].repeat(3));
        assert_eq!(indices(&p, &alternating), first);
    }
}
