//! The post-game chart: each seat's chance of winning (0–100 %) as a line
//! in its board colour over the game's progress in series, with numbered
//! markers where the biggest swings were. No words: the axes are numbers,
//! the seats are the board's lettered discs, so one picture serves every
//! language. Sized for a phone: drawn 640 px wide, every text's capital
//! letters at least 9.5 px high once scaled to 360 px.

use super::canvas::Canvas;
use super::draw;
use super::error::RenderError;
use super::png::encode_png;
use super::text::{self, Style};
use super::theme::{self, Rgb};
use super::view::Letters;
use crate::engine::{Seat, SeatSet};
use tiny_skia::{PathBuilder, Pixmap};

/// The picture's width and height.
pub const CHART_WIDTH: u32 = 640;
pub const CHART_HEIGHT: u32 = 400;
/// Cap height of all text, in pixels of the picture scaled to 360 wide.
const PHONE_CAP: f32 = 9.5;
/// Widths of a seat's line and of its dark outline.
const LINE: f32 = 3.5;
const OUTLINE: f32 = 6.0;

/// What the chart shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Chart {
    pub seats: SeatSet,
    /// Points in order of progress: x (in series) and chances by seat index.
    pub points: Vec<(f64, [f64; 4])>,
    /// Markers numbered 1, 2, 3… in order: x, the seat, its chance there.
    pub markers: Vec<(f64, Seat, f64)>,
    /// The letters on the legend's discs, in the reader's language.
    pub letters: Letters,
    /// Small marks on a seat's line: a throw's luck, a decision's loss.
    pub marks: Vec<Mark>,
}

/// A mark on a seat's line at `x`, where its chance is `chance`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mark {
    pub x: f64,
    pub seat: Seat,
    pub chance: f64,
    pub kind: MarkKind,
}

/// What a mark says.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MarkKind {
    /// A series' luck (chance of winning; a triangle up for good luck,
    /// down for bad, larger the more it was).
    Luck(f64),
    /// A decision that gave away this much (a dark cross, larger the more).
    Loss(f64),
}

/// The plot area in pixels and the x range.
struct Frame {
    left: f32,
    right: f32,
    top: f32,
    bottom: f32,
    x_max: f64,
}

impl Frame {
    fn at(&self, x: f64, chance: f64) -> (f32, f32) {
        let fx = (x / self.x_max).clamp(0.0, 1.0) as f32;
        let fy = chance.clamp(0.0, 1.0) as f32;
        (self.left + fx * (self.right - self.left), self.bottom - fy * (self.bottom - self.top))
    }
}

/// The chart as PNG bytes.
pub fn render_chart(chart: &Chart) -> Result<Vec<u8>, RenderError> {
    encode_png(&chart_pixmap(chart)?)
}

/// The chart, not encoded.
pub fn chart_pixmap(chart: &Chart) -> Result<Pixmap, RenderError> {
    let (w, h) = (CHART_WIDTH as f32, CHART_HEIGHT as f32);
    let mut pm = Canvas::new(Pixmap::new(CHART_WIDTH, CHART_HEIGHT).ok_or(RenderError::Size(CHART_WIDTH))?);
    pm.fill(theme::PAGE.skia());
    let style = Style::new(PHONE_CAP * w / 360.0 / super::fonts::cap_ratio(), false, theme::TEXT);
    let cap = style.cap_height();
    let x_max = chart.points.last().map_or(1.0, |p| p.0).max(1.0);
    let left = text::width("100%", style) + 0.9 * cap;
    let frame = Frame { left, right: w - 1.2 * cap, top: 3.6 * cap, bottom: h - 2.4 * cap, x_max };
    legend(&mut pm, (chart.seats, chart.letters), &frame, style);
    axes(&mut pm, &frame, style);
    for seat in chart.seats.iter() {
        seat_line(&mut pm, &frame, chart, seat);
    }
    for m in &chart.marks {
        mark(&mut pm, &frame, m, cap);
    }
    for (i, &(x, _, chance)) in chart.markers.iter().enumerate() {
        let (px, py) = frame.at(x, chance);
        marker(&mut pm, px, py, i + 1, style);
    }
    Ok(pm.into_pixmap())
}

/// One lettered disc per seat, then a sample of its line, across the top.
fn legend(pm: &mut Canvas, (seats, letters): (SeatSet, Letters), f: &Frame, style: Style) {
    // Larger than the board's smallest piece: at 360 px wide the disc is
    // about 25 px across, so its letter reads on a phone.
    let r = 1.3 * style.cap_height();
    let cy = 1.7 * style.cap_height();
    let slot = (f.right - f.left) / 4.0;
    for (i, seat) in seats.iter().enumerate() {
        let x = f.left + slot * i as f32 + r;
        draw::disc(pm, x, cy, r, (seat, letters.of(seat)), false);
        let (a, b) = ((x + 1.6 * r, cy), (x + slot - 2.0 * r, cy));
        draw::line(pm, a, b, OUTLINE, theme::OUTLINE.skia());
        draw::line(pm, a, b, LINE, theme::seat_colour(seat).skia());
    }
}

/// Horizontal grid lines at every 25 %, labelled; series numbers below.
fn axes(pm: &mut Canvas, f: &Frame, style: Style) {
    let cap = style.cap_height();
    for q in 0..=4 {
        let chance = f64::from(q) / 4.0;
        let (_, y) = f.at(0.0, chance);
        let y = y.round() + 0.5;
        let colour = if q == 0 { theme::INK } else { theme::DIM.mix(theme::PAGE, 0.5) };
        draw::line(pm, (f.left, y), (f.right, y), if q == 0 { 2.0 } else { 1.0 }, colour.skia());
        text::draw_right(pm, &format!("{}%", q * 25), f.left - 0.5 * cap, y + cap / 2.0, style);
    }
    let step = tick_step(f.x_max);
    let mut n = 0u32;
    while f64::from(n) <= f.x_max {
        let (x, _) = f.at(f64::from(n), 0.0);
        draw::line(pm, (x, f.bottom), (x, f.bottom + 0.4 * cap), 2.0, theme::INK.skia());
        text::draw_centred(pm, &n.to_string(), x, f.bottom + 1.3 * cap, style);
        n += step;
    }
}

/// A round step between x labels giving at most about six of them.
fn tick_step(x_max: f64) -> u32 {
    let raw = (x_max / 6.0).max(1.0);
    [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000].into_iter().find(|&s| f64::from(s) >= raw).unwrap_or(1000)
}

/// A seat's chances joined by straight segments: dark outline, then colour
/// (the yellow of North needs the outline on the light page).
fn seat_line(pm: &mut Canvas, f: &Frame, chart: &Chart, seat: Seat) {
    let mut pb = PathBuilder::new();
    for (i, &(x, c)) in chart.points.iter().enumerate() {
        let (px, py) = f.at(x, c[seat.index()]);
        if i == 0 { pb.move_to(px, py) } else { pb.line_to(px, py) }
    }
    let Some(path) = pb.finish() else { return };
    let mut s = draw::stroke(OUTLINE);
    s.line_join = tiny_skia::LineJoin::Round;
    draw::stroke_path(pm, Some(path.clone()), theme::OUTLINE.skia(), &s);
    s.width = LINE;
    draw::stroke_path(pm, Some(path), theme::seat_colour(seat).skia(), &s);
}

/// A small mark on a seat's line ([`MarkKind`]): at most one cap height
/// across, so that many of them leave the lines readable.
fn mark(pm: &mut Canvas, f: &Frame, m: &Mark, cap: f32) {
    let (x, y) = f.at(m.x, m.chance);
    match m.kind {
        MarkKind::Luck(luck) => {
            let r = cap * (0.35 + (luck.abs() as f32 * 4.0).min(0.65));
            let dy = if luck >= 0.0 { -r } else { r };
            let mut pb = PathBuilder::new();
            pb.move_to(x, y + dy);
            pb.line_to(x - r, y - dy * 0.6);
            pb.line_to(x + r, y - dy * 0.6);
            pb.close();
            let path = pb.finish();
            draw::fill_path(pm, path.clone(), theme::seat_colour(m.seat).skia());
            draw::stroke_path(pm, path, theme::OUTLINE.skia(), &draw::stroke(1.5));
        }
        MarkKind::Loss(loss) => {
            let r = cap * (0.4 + (loss as f32 * 5.0).min(0.6));
            draw::line(pm, (x - r, y - r), (x + r, y + r), 3.0, theme::INK.skia());
            draw::line(pm, (x - r, y + r), (x + r, y - r), 3.0, theme::INK.skia());
        }
    }
}

/// A numbered marker: a white disc with a dark ring and a bold number.
fn marker(pm: &mut Canvas, x: f32, y: f32, n: usize, style: Style) {
    let r = 1.05 * style.cap_height();
    draw::circle(pm, x, y, r, theme::WHITE.skia());
    draw::ring(pm, x, y, r, 2.5, theme::MOVE.skia());
    let bold = Style::new(style.px, true, Rgb(0x14, 0x10, 0x0C));
    text::draw_centred(pm, &n.to_string(), x, y, bold);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Chart {
        let seats = SeatSet::for_players(4).expect("4 players");
        let mut points = Vec::new();
        for k in 0..=120 {
            let t = f64::from(k) / 120.0;
            let s = 0.25 + 0.75 * t * t;
            let rest = (1.0 - s) / 3.0;
            points.push((f64::from(k) / 2.0, [s, rest * (1.0 + t), rest * (1.0 - t), rest]));
        }
        let markers = vec![(30.0, Seat::S, points[60].1[0]), (10.0, Seat::W, points[20].1[1])];
        Chart { seats, points, markers, letters: Letters::default(), marks: Vec::new() }
    }

    fn count(pm: &Pixmap, c: Rgb) -> usize {
        pm.pixels().iter().filter(|p| (p.red(), p.green(), p.blue()) == (c.0, c.1, c.2)).count()
    }

    #[test]
    fn every_seat_has_its_colour_and_the_png_has_the_chart_size() {
        let chart = sample();
        let pm = chart_pixmap(&chart).expect("chart");
        for seat in Seat::ALL {
            assert!(count(&pm, theme::seat_colour(seat)) > 500, "{seat:?}");
        }
        assert!(count(&pm, theme::PAGE) < pm.pixels().len() * 9 / 10, "not blank");
        let png = render_chart(&chart).expect("png");
        let img = image::load_from_memory(&png).expect("decodes").to_rgb8();
        assert_eq!(img.dimensions(), (CHART_WIDTH, CHART_HEIGHT));
        let yellow = theme::seat_colour(Seat::N);
        assert!(img.pixels().any(|p| p.0 == [yellow.0, yellow.1, yellow.2]), "the palette keeps seat colours");
    }

    #[test]
    fn only_seated_players_get_a_line() {
        let mut chart = sample();
        chart.seats = SeatSet::for_players(2).expect("2 players");
        let pm = chart_pixmap(&chart).expect("chart");
        assert!(count(&pm, theme::seat_colour(Seat::S)) > 500);
        assert_eq!(count(&pm, theme::seat_colour(Seat::W)), 0);
        let empty = chart_pixmap(&Chart { seats: chart.seats, ..Chart::default() }).expect("an empty chart draws");
        assert_eq!(empty.width(), CHART_WIDTH);
    }

    #[test]
    fn ticks_are_round_and_few() {
        assert_eq!(tick_step(3.0), 1);
        assert_eq!(tick_step(40.0), 10);
        assert_eq!(tick_step(290.0), 50);
    }
}
