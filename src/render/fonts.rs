//! The embedded fonts and how a string becomes positioned glyphs.
//!
//! DejaVu Sans (+ Bold) draws Latin and the symbols we use; Noto Sans Tamil
//! (+ Bold) draws Tamil names. ab_glyph does not shape, and Tamil needs it
//! (vowel signs drawn before their consonant, ligatures), so Tamil runs go
//! through rustybuzz and the resulting glyph ids are drawn with ab_glyph;
//! other runs are laid out with ab_glyph's advances and kerning. Licences:
//! assets/fonts/LICENSE-DejaVu.txt and LICENSE-NotoSansTamil.txt.

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};
use std::sync::OnceLock;

static DEJAVU: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
static DEJAVU_BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");
static TAMIL: &[u8] = include_bytes!("../../assets/fonts/NotoSansTamil-Regular.ttf");
static TAMIL_BOLD: &[u8] = include_bytes!("../../assets/fonts/NotoSansTamil-Bold.ttf");

/// Which embedded font a glyph comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum FontId {
    Latin,
    LatinBold,
    Tamil,
    TamilBold,
}

struct Fonts {
    fonts: [FontRef<'static>; 4],
    tamil_faces: [rustybuzz::Face<'static>; 2],
    /// Height of a capital letter per pixel of scale (DejaVu).
    cap: f32,
    /// Scale for Noto Tamil per pixel of DejaVu scale, so both have the same em.
    tamil_scale: f32,
}

fn all() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(|| {
        // The files are part of the binary and checked by a test.
        let parse = |data: &'static [u8]| FontRef::try_from_slice(data).expect("embedded font parses");
        let fonts = [parse(DEJAVU), parse(DEJAVU_BOLD), parse(TAMIL), parse(TAMIL_BOLD)];
        let face = |data: &'static [u8]| rustybuzz::Face::from_slice(data, 0).expect("embedded font parses");
        let tamil_faces = [face(TAMIL), face(TAMIL_BOLD)];
        let h = fonts[0].glyph_id('H').with_scale_and_position(100.0, point(0.0, 0.0));
        let cap = fonts[0].outline_glyph(h).map_or(62.6, |g| g.px_bounds().height()) / 100.0;
        let em = |f: &FontRef| f.height_unscaled() / f.units_per_em().unwrap_or(1000.0);
        let tamil_scale = em(&fonts[2]) / em(&fonts[0]);
        Fonts { fonts, tamil_faces, cap, tamil_scale }
    })
}

pub(crate) fn font(id: FontId) -> &'static FontRef<'static> {
    &all().fonts[id as usize]
}

/// Height of a capital letter per pixel of scale.
pub(crate) fn cap_ratio() -> f32 {
    all().cap
}

/// The ab_glyph scale of a font for a text size given in DejaVu pixels.
pub(crate) fn scale(id: FontId, px: f32) -> f32 {
    match id {
        FontId::Latin | FontId::LatinBold => px,
        FontId::Tamil | FontId::TamilBold => px * all().tamil_scale,
    }
}

pub(crate) fn is_tamil(c: char) -> bool {
    ('\u{0B80}'..='\u{0BFF}').contains(&c)
}

/// Whether some embedded font can draw `c`.
pub(crate) fn has_glyph(c: char) -> bool {
    let id = if is_tamil(c) { FontId::Tamil } else { FontId::Latin };
    font(id).glyph_id(c).0 != 0
}

/// A glyph placed on a line: its font, id, and pen offset from the start
/// of the line (x right, y down).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Placed {
    pub(crate) font: FontId,
    pub(crate) id: GlyphId,
    pub(crate) x: f32,
    pub(crate) dy: f32,
}

/// Lays out one line of text; returns the glyphs and the advance width.
pub(crate) fn layout(text: &str, px: f32, bold: bool) -> (Vec<Placed>, f32) {
    let mut out = Vec::with_capacity(text.len());
    let mut x = 0.0;
    for (tamil, run) in runs(text) {
        x = if tamil { shape_tamil(run, px, bold, x, &mut out) } else { simple(run, px, bold, x, &mut out) };
    }
    (out, x)
}

/// Splits text into Tamil and other runs (spaces join the run they are in).
fn runs(text: &str) -> Vec<(bool, &str)> {
    let mut out: Vec<(bool, &str)> = Vec::new();
    let mut start = 0;
    let mut current: Option<bool> = None;
    for (i, c) in text.char_indices() {
        let tamil = if c == ' ' { current.unwrap_or(false) } else { is_tamil(c) };
        if current.is_some_and(|t| t != tamil) {
            out.push((current.unwrap_or(false), &text[start..i]));
            start = i;
        }
        current = Some(tamil);
    }
    if start < text.len() {
        out.push((current.unwrap_or(false), &text[start..]));
    }
    out
}

/// DejaVu with advances and kerning.
fn simple(run: &str, px: f32, bold: bool, mut x: f32, out: &mut Vec<Placed>) -> f32 {
    let id = if bold { FontId::LatinBold } else { FontId::Latin };
    let f = font(id).as_scaled(PxScale::from(px));
    let mut prev = None;
    for c in run.chars() {
        let g = f.glyph_id(c);
        if let Some(p) = prev {
            x += f.kern(p, g);
        }
        out.push(Placed { font: id, id: g, x, dy: 0.0 });
        x += f.h_advance(g);
        prev = Some(g);
    }
    x
}

/// Noto Sans Tamil shaped by rustybuzz.
fn shape_tamil(run: &str, px: f32, bold: bool, mut x: f32, out: &mut Vec<Placed>) -> f32 {
    let id = if bold { FontId::TamilBold } else { FontId::Tamil };
    let face = &all().tamil_faces[usize::from(bold)];
    let units = font(id).as_scaled(PxScale::from(scale(id, px))).h_scale_factor();
    let mut buffer = rustybuzz::UnicodeBuffer::new();
    buffer.push_str(run);
    buffer.guess_segment_properties();
    let shaped = rustybuzz::shape(face, &[], buffer);
    for (info, pos) in shaped.glyph_infos().iter().zip(shaped.glyph_positions()) {
        let gx = x + pos.x_offset as f32 * units;
        let dy = -(pos.y_offset as f32) * units;
        out.push(Placed { font: id, id: GlyphId(info.glyph_id as u16), x: gx, dy });
        x += pos.x_advance as f32 * units;
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_split_tamil_from_latin() {
        assert_eq!(runs("Meena மீனா 2"), [(false, "Meena "), (true, "மீனா "), (false, "2")]);
    }

    #[test]
    fn tamil_vowel_sign_is_drawn_before_its_consonant() {
        // கொ = க + ொ: shaping puts the left part of the sign (ெ) first.
        let (glyphs, w) = layout("கொ", 20.0, false);
        assert!(glyphs.len() >= 2 && w > 0.0);
        let ka = font(FontId::Tamil).glyph_id('க');
        assert_ne!(glyphs[0].id, ka, "the vowel sign's left part comes first");
        assert!(glyphs.iter().any(|g| g.id == ka));
    }
}
