//! The palette of every PNG the renderer writes, built once from a few
//! calibration pictures that show everything the renderer draws (both
//! boards with every seat's pieces, twins, counts, highlights, Latin and
//! Tamil names, route pictures); `render/palette.rs` says how.

use super::board::render_pixmap;
use super::layout::DEFAULT_SIZE;
use super::palette::Palette;
use super::route::route_pixmap;
use super::view::{BoardView, Capture, LastAction, SeriesThrow};
use crate::engine::{CROSS_BOARD, Seat, THAAYAM_BOARD, Throw, parse_square, parse_tpn};
use std::sync::OnceLock;
use tiny_skia::Pixmap;

/// The palette, built on first use (a few tens of milliseconds).
pub(crate) fn palette() -> &'static Palette {
    static PALETTE: OnceLock<Palette> = OnceLock::new();
    PALETTE.get_or_init(|| Palette::from_pixmaps(&calibration()))
}

/// Pictures that show everything the renderer draws.
fn calibration() -> Vec<Pixmap> {
    let size = DEFAULT_SIZE;
    let view = |tpn: &str| parse_tpn(tpn).ok().map(BoardView::new);
    let mut views = Vec::new();
    if let Some(mut v) = view("bell S=5,t8,o W=24,24,12,o N=x,3,o,o E=24,20,o,o turn=S throws=4,2,1") {
        v.names = ["Meena".into(), "Ravi Kumar".into(), "மீனா".into(), "Kavya".into()];
        // South entered, then went c1 → e3 (round the corner), taking two.
        v.last = vec![
            LastAction { seat: Seat::S, from: None, to: Some(0), captured: 0 },
            LastAction { seat: Seat::S, from: Some(0), to: Some(4), captured: 2 },
        ];
        v.captures = vec![Capture { cell: THAAYAM_BOARD.cell(Seat::W, 7), count: 1 }];
        v.destinations = ["b1", "d5"].iter().filter_map(|s| parse_square(s)).collect();
        v.series = [(Throw::Four, false), (Throw::Two, true), (Throw::One, false)]
            .map(|(throw, used)| SeriesThrow { throw, used })
            .to_vec();
        views.push(v);
    }
    if let Some(mut v) = view("bell S=24,24,24,24 W=24,24,24,22 N=24,24,24,24 E=24,24,24,x turn=E throws=1") {
        v.last = vec![LastAction { seat: Seat::E, from: Some(21), to: Some(24), captured: 1 }];
        views.push(v);
    }
    if let Some(mut v) = view("tayam-sonalu S+=12,40,o,o W+=30,30,o,o N+=70,o,o,o E+=4,9,o,o turn=W throws=5,2") {
        v.names = ["Meena".into(), "செல்வி".into(), "Ravi".into(), "Kavya".into()];
        v.last = vec![LastAction { seat: Seat::W, from: Some(20), to: Some(24), captured: 1 }];
        v.destinations = vec![30, 31];
        views.push(v);
    }
    let mut out: Vec<Pixmap> = views.iter().filter_map(|v| render_pixmap(v, size).ok()).collect();
    out.extend(route_pixmap(&THAAYAM_BOARD, Seat::W, size));
    out.extend(route_pixmap(&CROSS_BOARD, Seat::N, size));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::theme;

    #[test]
    fn every_calibration_picture_is_drawn() {
        assert_eq!(calibration().len(), 5);
    }

    /// Every colour of the theme (its named colours and the seats') that
    /// the calibration pictures draw flat, over at least one pixel in
    /// 3,000, is in the palette exactly: nothing here lists them by hand.
    #[test]
    fn the_palette_keeps_every_flat_colour_of_the_theme_it_draws() {
        let pictures = calibration();
        let pixels: usize = pictures.iter().map(|p| p.pixels().len()).sum();
        let count = |c: theme::Rgb| -> usize {
            let want = [c.0, c.1, c.2, 255];
            pictures.iter().map(|p| p.data().chunks_exact(4).filter(|px| *px == want).count()).sum()
        };
        let theme: Vec<(String, theme::Rgb)> = theme::NAMED
            .iter()
            .map(|&(name, c)| (name.to_string(), c))
            .chain(Seat::ALL.iter().map(|&s| (format!("{s:?}'s pieces"), theme::seat_colour(s))))
            .collect();
        let rgb = palette().rgb();
        let mut flat = 0;
        for (name, c) in &theme {
            if count(*c) * 3_000 >= pixels {
                flat += 1;
                assert!(rgb.chunks_exact(3).any(|e| e == [c.0, c.1, c.2]), "{name} {c:?} is drawn flat, not kept");
            }
        }
        assert!(flat >= theme.len() / 2, "only {flat} of {} theme colours are drawn flat", theme.len());
    }
}
