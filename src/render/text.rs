//! Text drawn onto tiny-skia pixmaps from the glyphs [`super::fonts`] lays
//! out (rasterised once and cached); cleaning of player names (no emoji or
//! other characters no embedded font can draw) and fitting them to a width.

use super::cache::Bounded;
use super::canvas::Canvas;
use super::fonts::{self, FontId};
use super::theme::{Rgb, div255};
use ab_glyph::{Font, PxScale, point};
use std::sync::{Arc, OnceLock};
use tiny_skia::PremultipliedColorU8;

/// A text style: size in pixels (ab_glyph's scale), weight and colour.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Style {
    pub(crate) px: f32,
    pub(crate) bold: bool,
    pub(crate) colour: Rgb,
}

impl Style {
    pub(crate) fn new(px: f32, bold: bool, colour: Rgb) -> Style {
        Style { px, bold, colour }
    }

    /// Height of a capital letter in pixels.
    pub(crate) fn cap_height(&self) -> f32 {
        fonts::cap_ratio() * self.px
    }
}

/// The advance width of `text` in `style`.
pub(crate) fn width(text: &str, style: Style) -> f32 {
    fonts::layout(text, style.px, style.bold).1
}

/// Draws `text` with its baseline starting at (x, y); returns the end x.
pub(crate) fn draw(pixmap: &mut Canvas, text: &str, x: f32, y: f32, style: Style) -> f32 {
    let (glyphs, advance) = fonts::layout(text, style.px, style.bold);
    let (w, h) = (pixmap.width() as i32, pixmap.height() as i32);
    // The glyphs' bounding box, reported once the pixels are let go.
    let mut touched = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    let pixels = pixmap.pixels_mut();
    for p in glyphs {
        let pen = x + p.x;
        let whole = pen.floor();
        let quarter = ((pen - whole) * SUBPIXELS).round() as u8;
        let Some(g) = glyph(p.font, style.px, p.id, quarter) else { continue };
        let (ox, oy) = (whole as i32 + g.left, (y + p.dy).round() as i32 + g.top);
        touched = (
            touched.0.min(ox as f32),
            touched.1.min(oy as f32),
            touched.2.max((ox + g.w) as f32),
            touched.3.max((oy + g.h) as f32),
        );
        // The glyph's columns and rows inside the picture, row by row as
        // slices (no bounds check per pixel).
        let (gx0, gx1) = ((-ox).max(0), g.w.min(w - ox));
        let (gy0, gy1) = ((-oy).max(0), g.h.min(h - oy));
        if gx0 >= gx1 {
            continue;
        }
        for gy in gy0..gy1 {
            let c = (gy * g.w) as usize;
            let d = ((oy + gy) * w + ox) as usize;
            let (Some(cov), Some(row)) =
                (g.cov.get(c + gx0 as usize..c + gx1 as usize), pixels.get_mut(d + gx0 as usize..d + gx1 as usize))
            else {
                continue;
            };
            for (p, &cov) in row.iter_mut().zip(cov) {
                if cov > 0 {
                    *p = blend(*p, style.colour, cov);
                }
            }
        }
    }
    if touched.0 <= touched.2 {
        pixmap.touch(touched.0, touched.1, touched.2, touched.3);
    }
    x + advance
}

/// Horizontal glyph positions are rounded to quarter pixels.
const SUBPIXELS: f32 = 4.0;

/// A rasterised glyph: coverage bytes and the offset of its top-left
/// corner from the pen position on the baseline.
struct GlyphBitmap {
    left: i32,
    top: i32,
    w: i32,
    h: i32,
    cov: Vec<u8>,
}

/// Rasterising outlines dominates text cost; glyphs repeat a lot (labels,
/// counts, names on every frame of a replay), so they are cached by font,
/// glyph, size and quarter-pixel offset.
fn glyph(font: FontId, px: f32, id: ab_glyph::GlyphId, quarter: u8) -> Option<Arc<GlyphBitmap>> {
    type Key = (FontId, u16, u32, u8);
    static CACHE: OnceLock<Bounded<Key, Option<Arc<GlyphBitmap>>>> = OnceLock::new();
    let key = (font, id.0, (px * 64.0).round() as u32, quarter);
    CACHE.get_or_init(|| Bounded::new(8192)).get_or_make(key, || rasterise(font, px, id, quarter).map(Arc::new))
}

fn rasterise(font: FontId, px: f32, id: ab_glyph::GlyphId, quarter: u8) -> Option<GlyphBitmap> {
    let scale = PxScale::from(fonts::scale(font, px));
    let glyph = id.with_scale_and_position(scale, point(f32::from(quarter) / SUBPIXELS, 0.0));
    let outline = fonts::font(font).outline_glyph(glyph)?;
    let b = outline.px_bounds();
    let (w, h) = (b.width() as i32, b.height() as i32);
    let mut cov = vec![0u8; (w.max(0) * h.max(0)) as usize];
    outline.draw(|x, y, c| {
        if let Some(v) = cov.get_mut((y as i32 * w + x as i32) as usize) {
            *v = (c.clamp(0.0, 1.0) * 255.0).round() as u8;
        }
    });
    Some(GlyphBitmap { left: b.min.x as i32, top: b.min.y as i32, w, h, cov })
}

/// Draws `text` centred on (cx, cy): horizontally on its advance width,
/// vertically on the height of a capital letter.
pub(crate) fn draw_centred(pixmap: &mut Canvas, text: &str, cx: f32, cy: f32, style: Style) {
    let x = cx - width(text, style) / 2.0;
    draw(pixmap, text, x, cy + style.cap_height() / 2.0, style);
}

/// Draws `text` ending at `right`, baseline `y`.
pub(crate) fn draw_right(pixmap: &mut Canvas, text: &str, right: f32, y: f32, style: Style) {
    draw(pixmap, text, right - width(text, style), y, style);
}

/// `c` over `dst` with `coverage` out of 255, in integer arithmetic (the
/// float version took a fifth of a board's drawing).
#[inline]
fn blend(dst: PremultipliedColorU8, c: Rgb, coverage: u8) -> PremultipliedColorU8 {
    if coverage == 255 {
        return PremultipliedColorU8::from_rgba(c.0, c.1, c.2, 255).unwrap_or(dst);
    }
    let (a, keep) = (u32::from(coverage), 255 - u32::from(coverage));
    let mix = |s: u8, d: u8| div255(u32::from(s) * a + u32::from(d) * keep);
    if dst.alpha() == 255 {
        // Over an opaque pixel (the whole board): alpha stays 255, and so
        // does every channel's bound.
        return PremultipliedColorU8::from_rgba(mix(c.0, dst.red()), mix(c.1, dst.green()), mix(c.2, dst.blue()), 255)
            .unwrap_or(dst);
    }
    let alpha = mix(255, dst.alpha());
    // Premultiplied: each channel stays at or below alpha.
    let ch = |s: u8, d: u8| mix(s, d).min(alpha);
    PremultipliedColorU8::from_rgba(ch(c.0, dst.red()), ch(c.1, dst.green()), ch(c.2, dst.blue()), alpha).unwrap_or(dst)
}

/// A display name with what the font cannot draw removed (emoji, control
/// and zero-width characters, unknown scripts) and spaces collapsed;
/// `fallback` when nothing drawable is left.
pub(crate) fn clean_name(name: &str, fallback: &str) -> String {
    let kept: String = name
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|&c| c == ' ' || (!c.is_control() && !is_invisible(c) && fonts::has_glyph(c)))
        .collect();
    let collapsed = kept.split_whitespace().collect::<Vec<_>>().join(" ");
    if collapsed.is_empty() { fallback.to_string() } else { collapsed }
}

/// Zero-width and formatting characters that have glyphs but no ink.
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{206F}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}')
}

/// `text`, shortened with an ellipsis if needed to fit in `max` pixels.
pub(crate) fn fit(text: &str, max: f32, style: Style) -> String {
    if width(text, style) <= max {
        return text.to_string();
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let candidate: String = chars.iter().collect::<String>().trim_end().to_string() + "…";
        if width(&candidate, style) <= max {
            return candidate;
        }
    }
    String::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_fonts_parse_and_have_the_symbols_we_draw() {
        for c in ['·', '…', '▶', '★', '✓', '×', 'ம'] {
            assert!(fonts::has_glyph(c), "{c}");
        }
        let cap = Style::new(100.0, false, Rgb(0, 0, 0)).cap_height();
        assert!((55.0..70.0).contains(&cap), "cap height {cap}");
    }

    #[test]
    fn names_lose_emoji_and_invisible_characters() {
        assert_eq!(clean_name("Meena 🎲🔥", "South"), "Meena");
        assert_eq!(clean_name("Ra\u{200D}vi\u{FE0F}  K.", "South"), "Ravi K.");
        assert_eq!(clean_name("🐍🐍", "North"), "North");
        assert_eq!(clean_name("Zoë · Ünal", "E"), "Zoë · Ünal");
        assert_eq!(clean_name("மீனா 🎲", "S"), "மீனா");
    }

    #[test]
    fn long_names_are_cut_with_an_ellipsis() {
        let style = Style::new(20.0, true, Rgb(0, 0, 0));
        let name = "Bartholomew the Magnificent of Thanjavur";
        let cut = fit(name, 150.0, style);
        assert!(cut.ends_with('…') && width(&cut, style) <= 150.0, "{cut}");
        assert_eq!(fit("Meena", 150.0, style), "Meena");
    }

    #[test]
    fn drawing_text_inks_pixels() {
        let mut p = Canvas::recording(tiny_skia::Pixmap::new(60, 30).expect("pixmap"));
        p.fill(tiny_skia::Color::WHITE);
        draw(&mut p, "Hi", 5.0, 22.0, Style::new(20.0, false, Rgb(0, 0, 0)));
        let dark = p.pixels().iter().filter(|c| c.red() < 100).count();
        assert!(dark > 20, "{dark} dark pixels");
        // The canvas knows where: the rows of the letters, not the margins.
        let (_, touched) = p.finish();
        assert!(touched.row(10) && touched.row(20) && !touched.row(0) && !touched.row(29));
    }
}
