//! How pieces move, drawn on the board: the last series along the mover's
//! track (a line through the centre of every square the unit travelled
//! over, a dot on each square passed, an arrowhead at the end, numbered
//! when the series has more than one move; an entering piece comes in from
//! its palace's edge of the board, or out of the cross's centre), and
//! faint chevrons along the track of the player on turn, showing which way
//! she travels.

use super::canvas::Canvas;
use super::draw;
use super::layout::{Layout, is_sparse};
use super::route::route_points;
use super::sprite::{self, SpriteKey};
use super::text::{self, Style};
use super::theme;
use super::view::{LastAction, Letters};
use crate::engine::{Board, Seat};
use tiny_skia::PathBuilder;

type Point = (f32, f32);

/// Sizes of the marks, in squares (at least so many thousandths of the
/// width: the cross's squares are small).
struct Sizes {
    line: f32,
    dot: f32,
    head: f32,
    /// How far before the landing square's centre the arrow ends.
    end: f32,
    number: f32,
}

fn sizes(l: &Layout) -> Sizes {
    let at_least = |part: f32, thousandths: f32| (part * l.cell).max(thousandths * l.u);
    Sizes {
        line: at_least(0.07, 6.0),
        dot: at_least(0.06, 7.0),
        head: at_least(0.24, 28.0),
        end: 0.3 * l.cell,
        number: at_least(0.16, 30.0),
    }
}

/// The points an action's unit travelled through, in order: the centres
/// of the squares from its start to its landing on its track (moved aside
/// where the cross's track runs twice), or from the board's edge (the
/// centre of the cross) when it entered. Empty when nothing moved (twins
/// joined, a piece borne off).
pub(crate) fn trail(l: &Layout, board: &Board, a: &LastAction) -> Vec<Point> {
    let track = route_points(l, board, a.seat);
    let span = |from: u8, to: u8| track.get(usize::from(from)..=usize::from(to)).map(<[Point]>::to_vec);
    match (a.from, a.to) {
        (Some(from), Some(to)) if from < to => span(from, to).unwrap_or_default(),
        // Borne off: out of the keep towards the seat's own side (her
        // palace; on the cross, her arm), ending on the keep's edge.
        (Some(from), None) if from == board.goal_step() => {
            let Some(&keep) = track.get(usize::from(from)) else { return Vec::new() };
            let side = track.iter().find(|&&p| (p.0 - keep.0).hypot(p.1 - keep.1) > 1.0);
            let Some(&(sx, sy)) = side else { return Vec::new() };
            let len = (sx - keep.0).hypot(sy - keep.1);
            let (_, _, keep_side) = l.cell_rect(board, board.cell(a.seat, from));
            let out = keep_side / 2.0 + 0.15 * l.cell;
            vec![keep, (keep.0 + (sx - keep.0) / len * out, keep.1 + (sy - keep.1) / len * out)]
        }
        (None, Some(0)) => {
            let Some(&palace) = track.first() else { return Vec::new() };
            vec![edge(l, palace), palace]
        }
        // The cross's pieces enter from its centre (step 0) on step 1.
        (None, Some(1)) if board.cell(a.seat, 0) == board.cell(a.seat, board.goal_step()) => {
            span(0, 1).unwrap_or_default()
        }
        _ => Vec::new(),
    }
}

/// Just outside the edge of the board nearest to a square's centre.
fn edge(l: &Layout, (x, y): Point) -> Point {
    let (bw, bh) = l.board_size();
    let (cx, cy) = (l.board_x + bw / 2.0, l.board_y + bh / 2.0);
    let out = 0.58 * l.cell;
    if (x - cx).abs() >= (y - cy).abs() { (x + out * (x - cx).signum(), y) } else { (x, y + out * (y - cy).signum()) }
}

/// Where a trail's line ends (short of the landing square's centre, so
/// that the arrowhead stays clear of the piece there), the arrowhead's
/// base, and the unit vector of the last step.
fn ending(s: &Sizes, points: &[Point]) -> Option<(Point, Point, Point)> {
    let [.., a, b] = points else { return None };
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 {
        return None;
    }
    let (ux, uy) = (dx / len, dy / len);
    // A one-square move keeps a line at least as long as its head.
    let end = s.end.min(len - 2.0 * s.head).max(0.0);
    let tip = (b.0 - ux * end, b.1 - uy * end);
    Some((tip, (tip.0 - ux * s.head, tip.1 - uy * s.head), (ux, uy)))
}

/// The trails of a series, each moved aside (along a diagonal, so that
/// level and upright steps both part) when it shares a step with an
/// earlier one: by one offset, then the other way, then two.
pub(crate) fn series_trails(l: &Layout, board: &Board, last: &[LastAction]) -> Vec<Vec<Point>> {
    let s = sizes(l);
    let shift = (0.14 * l.cell).max(2.2 * s.line) / std::f32::consts::SQRT_2;
    let key = |p: Point| ((p.0 * 4.0).round() as i64, (p.1 * 4.0).round() as i64);
    let steps = |t: &[Point]| -> Vec<((i64, i64), (i64, i64))> {
        t.windows(2).map(|w| (key(w[0]), key(w[1]))).map(|(a, b)| if a <= b { (a, b) } else { (b, a) }).collect()
    };
    let plain: Vec<Vec<Point>> = last.iter().map(|a| trail(l, board, a)).collect();
    let mut levels: Vec<i32> = Vec::new();
    for (i, t) in plain.iter().enumerate() {
        let mine = steps(t);
        let taken: Vec<i32> =
            (0..i).filter(|&j| steps(&plain[j]).iter().any(|st| mine.contains(st))).map(|j| levels[j]).collect();
        let level = [0, 1, -1, 2, -2, 3, -3].into_iter().find(|v| !taken.contains(v)).unwrap_or(0);
        levels.push(level);
    }
    plain
        .into_iter()
        .zip(levels)
        .map(|(t, level)| {
            let d = level as f32 * shift;
            t.into_iter().map(|(x, y)| (x + d, y - d)).collect()
        })
        .collect()
}

/// The lines and step dots of the last series: under the pieces.
pub(crate) fn trails_under(pm: &mut Canvas, l: &Layout, board: &Board, last: &[LastAction]) {
    let s = sizes(l);
    let colour = theme::MOVE.skia();
    for points in series_trails(l, board, last) {
        let Some((_, base, _)) = ending(&s, &points) else { continue };
        let mut line: Vec<Point> = points[..points.len() - 1].to_vec();
        line.push(base);
        // Opaque, so that steps may overlap: a level or upright step is a
        // rectangle reaching half the width past both ends (the corners
        // close), any other a stroke with round caps.
        let half = s.line / 2.0;
        for w in line.windows(2) {
            let ((x0, y0), (x1, y1)) = (w[0], w[1]);
            if (x0 - x1).abs() < 0.01 || (y0 - y1).abs() < 0.01 {
                let (left, top) = (x0.min(x1) - half, y0.min(y1) - half);
                draw::rect(pm, left, top, (x0 - x1).abs() + s.line, (y0 - y1).abs() + s.line, colour);
            } else {
                draw::line(pm, w[0], w[1], s.line, colour);
            }
        }
        // A dot on each square passed over (not the start, not the end).
        for p in points.iter().skip(1).take(points.len().saturating_sub(2)) {
            let (r, key) = (s.dot, SpriteKey::Dot { r: sprite::steps(s.dot) });
            sprite::sprite_at(pm, key, (p.0 - r, p.1 - r), (2.0 * r, 2.0 * r), |sprite, x, y| {
                draw::circle(sprite, x + r, y + r, r, colour);
                draw::circle(sprite, x + r, y + r, r * 0.5, theme::WHITE.skia());
            });
        }
    }
}

/// The arrowheads: over the pieces (a crowded landing square hides no
/// head); and the piece that left the board (borne off, or home in the
/// cross's centre) where its arrow ends, ringed in the colour of moves.
pub(crate) fn trails_over(pm: &mut Canvas, l: &Layout, board: &Board, (last, letters): (&[LastAction], Letters)) {
    let s = sizes(l);
    let goal = board.goal_step();
    for (a, points) in last.iter().zip(series_trails(l, board, last)) {
        let Some((tip, _, dir)) = ending(&s, &points) else { continue };
        head(pm, tip, dir, s.head, (2.0 * l.u).max(1.0));
        // The cross's centre is where pieces start and end: one that
        // reaches it is home, off the board (the 5 × 5 keep keeps them).
        let home = board.cell(a.seat, 0) == board.cell(a.seat, goal);
        let left = a.to.is_none() || (home && a.to == Some(goal));
        if left && a.from.is_some() {
            // Beyond the head's tip: on the keep's edge for a piece borne
            // off, in the centre for a piece home.
            let r = gone_radius(l);
            let (x, y) = (tip.0 + dir.0 * r, tip.1 + dir.1 * r);
            draw::circle(pm, x, y, r + (4.0 * l.u).max(1.5), theme::MOVE.skia());
            draw::lettered_disc(pm, (x, y), r, (a.seat, letters.of(a.seat)), false, true);
        }
    }
}

/// The radius of a piece drawn where it left the board.
pub(crate) fn gone_radius(l: &Layout) -> f32 {
    (0.2 * l.cell).max(24.0 * l.u)
}

/// The numbers of the moves of a series of more than one: over
/// everything else on the board (pieces and their count badges), each
/// apart from the others.
pub(crate) fn numbers(pm: &mut Canvas, l: &Layout, board: &Board, last: &[LastAction]) {
    for (n, (x, y)) in number_places(l, board, last) {
        let s = sizes(l);
        let (r, rim) = (s.number, (3.0 * l.u).max(1.0));
        let n = u8::try_from(n).unwrap_or(u8::MAX);
        let key = SpriteKey::Number { n, r: sprite::steps(r), rim: sprite::steps(rim) };
        let side = 2.0 * r + rim;
        sprite::sprite_at(pm, key, (x - side / 2.0, y - side / 2.0), (side, side), |sprite, x0, y0| {
            let (cx, cy) = (x0 + side / 2.0, y0 + side / 2.0);
            draw::circle(sprite, cx, cy, r, theme::MOVE.skia());
            draw::ring(sprite, cx, cy, r, rim, theme::WHITE.skia());
            let style = number_style(r);
            text::draw_centred(sprite, &n.to_string(), cx, cy, style);
        });
    }
}

/// An arrowhead of length `len` with its tip at `tip`, pointing along the
/// unit vector `dir`, white-rimmed; from a cached sprite when it points
/// along one of the eight directions of the squares.
fn head(pm: &mut Canvas, tip: Point, (ux, uy): Point, len: f32, rim: f32) {
    let paint = |pm: &mut Canvas, (tx, ty): Point| {
        let (bx, by, half) = (tx - ux * len, ty - uy * len, len * 0.62);
        let mut pb = PathBuilder::new();
        pb.move_to(tx, ty);
        pb.line_to(bx - uy * half, by + ux * half);
        pb.line_to(bx + uy * half, by - ux * half);
        pb.close();
        let path = pb.finish();
        draw::fill_path(pm, path.clone(), theme::MOVE.skia());
        draw::stroke_path(pm, path, theme::WHITE.skia(), &draw::stroke(rim));
    };
    let step = |v: f32| [(-1.0, -1i8), (0.0, 0), (1.0, 1)].into_iter().find(|(at, _)| (v - at).abs() < 1e-3);
    let diagonal = std::f32::consts::FRAC_1_SQRT_2;
    let axis = |v: f32| step(v).or_else(|| step(v / diagonal).filter(|_| (ux.abs() - uy.abs()).abs() < 1e-3));
    let (Some((_, dx)), Some((_, dy))) = (axis(ux), axis(uy)) else { return paint(pm, tip) };
    let reach = len + rim;
    let key = SpriteKey::Head { dir: (dx, dy), len: sprite::steps(len), rim: sprite::steps(rim) };
    sprite::sprite_at(pm, key, (tip.0 - reach, tip.1 - reach), (2.0 * reach, 2.0 * reach), |sprite, x, y| {
        paint(sprite, (x + reach, y + reach));
    });
}

/// The digit of a move's number on its disc of radius `r`.
pub(crate) fn number_style(r: f32) -> Style {
    Style::new((r * 1.35).round(), true, theme::WHITE)
}

/// The radius of a move number's disc.
#[cfg(test)]
pub(crate) fn number_radius(l: &Layout) -> f32 {
    sizes(l).number
}

/// The numbers of a series' moves (from 1) and where they go, when it
/// has more than one move.
pub(crate) fn number_places(l: &Layout, board: &Board, last: &[LastAction]) -> Vec<(usize, Point)> {
    let s = sizes(l);
    let trails: Vec<(Vec<Point>, bool)> = series_trails(l, board, last)
        .into_iter()
        .zip(last)
        .map(|(t, a)| (t, a.from.is_none() || a.to.is_none()))
        .filter(|t| t.0.len() >= 2)
        .collect();
    if trails.len() < 2 {
        return Vec::new();
    }
    let mut placed: Vec<(usize, Point)> = Vec::new();
    for (n, (points, entered)) in trails.iter().enumerate() {
        let free = |p: &Point| placed.iter().all(|(_, q)| (p.0 - q.0).hypot(p.1 - q.1) >= 2.2 * s.number);
        let spots = number_spots(&s, points, *entered);
        let at = spots.iter().copied().find(free).unwrap_or_else(|| {
            // Every spot taken: beside the first, on the other side.
            let (x, y) = spots[0];
            let k = 2.3 * s.number * placed.len() as f32;
            (x + k, y - k)
        });
        placed.push((n + 1, at));
    }
    placed
}

/// Where a move's number may go, best first: the middle of each step in
/// turn, between two squares (where no piece stands), from the first;
/// beside the arrow of a piece entering or borne off (its palace's or the
/// keep's pieces stand in the middle of the square).
fn number_spots(s: &Sizes, points: &[Point], entered: bool) -> Vec<Point> {
    let mids = points.windows(2).map(|w| ((w[0].0 + w[1].0) / 2.0, (w[0].1 + w[1].1) / 2.0));
    let Some((_, base, (ux, uy))) = ending(s, points).filter(|_| entered) else { return mids.collect() };
    let aside = s.head * 0.62 + s.number * 1.3;
    vec![(base.0 - uy * aside, base.1 + ux * aside), (base.0 + uy * aside, base.1 - ux * aside)]
}

/// Faint chevrons on the squares of `seat`'s track, each pointing to the
/// next square (every other square on the cross, whose squares are small).
pub(crate) fn direction(pm: &mut Canvas, l: &Layout, board: &Board, seat: Seat) {
    let points = route_points(l, board, seat);
    let every = if is_sparse(board) { 2 } else { 1 };
    let size = if is_sparse(board) { 0.24 * l.cell } else { 0.1 * l.cell };
    let width = (size * 0.4).max(2.0 * l.u).max(1.2);
    for (i, w) in points.windows(2).enumerate().filter(|(i, _)| i % every == 0) {
        let (a, b) = (w[0], w[1]);
        // Twice-visited cells (the cross's middle column) sit on lanes:
        // the direction is the square's, rounded to one of eight.
        let (dx, dy) = ((b.0 - a.0).round() as i32, (b.1 - a.1).round() as i32);
        let dir = (dx.signum() as i8, dy.signum() as i8);
        if dir == (0, 0) || (i == 0 && board.cell(seat, 0) == board.cell(seat, board.goal_step())) || !l.inside(a) {
            continue;
        }
        chevron(pm, a, dir, size, width);
    }
}

/// A chevron centred on `at`, pointing along `dir`, from a cached sprite.
fn chevron(pm: &mut Canvas, at: Point, dir: (i8, i8), size: f32, width: f32) {
    let reach = size + width;
    let key = SpriteKey::Chevron { dir, size: sprite::steps(size), width: sprite::steps(width) };
    sprite::sprite_at(pm, key, (at.0 - reach, at.1 - reach), (2.0 * reach, 2.0 * reach), |sprite, x, y| {
        let (cx, cy) = (x + reach, y + reach);
        let len = f32::from(dir.0).hypot(f32::from(dir.1));
        let (ux, uy) = (f32::from(dir.0) / len, f32::from(dir.1) / len);
        let mut pb = PathBuilder::new();
        pb.move_to(cx - ux * size * 0.5 - uy * size, cy - uy * size * 0.5 + ux * size);
        pb.line_to(cx + ux * size * 0.5, cy + uy * size * 0.5);
        pb.line_to(cx - ux * size * 0.5 + uy * size, cy - uy * size * 0.5 - ux * size);
        let mut stroke = draw::stroke(width);
        stroke.line_join = tiny_skia::LineJoin::Round;
        draw::stroke_path(sprite, pb.finish(), theme::TRACK.skia(), &stroke);
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{CROSS_BOARD, THAAYAM_BOARD, parse_square};

    fn centre(l: &Layout, s: &str) -> Point {
        l.centre(&THAAYAM_BOARD, parse_square(s).expect("square"))
    }

    #[test]
    fn a_move_round_the_corner_follows_the_edge() {
        // South c1 → c5 is eight steps round the edge, not through the keep.
        let l = Layout::new(768, &THAAYAM_BOARD, 2);
        let a = LastAction { seat: Seat::S, from: Some(0), to: Some(8), captured: 0 };
        let t = trail(&l, &THAAYAM_BOARD, &a);
        let want: Vec<Point> =
            ["c1", "d1", "e1", "e2", "e3", "e4", "e5", "d5", "c5"].iter().map(|s| centre(&l, s)).collect();
        assert_eq!(t, want);
        assert!(!t.contains(&centre(&l, "c3")));
        // North c5 → a4 turns the corner at a5.
        let a = LastAction { seat: Seat::N, from: Some(0), to: Some(3), captured: 0 };
        let want: Vec<Point> = ["c5", "b5", "a5", "a4"].iter().map(|s| centre(&l, s)).collect();
        assert_eq!(trail(&l, &THAAYAM_BOARD, &a), want);
    }

    #[test]
    fn an_entering_piece_comes_in_from_its_edge() {
        let l = Layout::new(768, &THAAYAM_BOARD, 2);
        let a = LastAction { seat: Seat::W, from: None, to: Some(0), captured: 0 };
        let t = trail(&l, &THAAYAM_BOARD, &a);
        let a3 = centre(&l, "a3");
        assert_eq!(t.len(), 2);
        assert_eq!(t[1], a3);
        assert!(t[0].0 < l.board_x && t[0].1 == a3.1, "{t:?}");
        // On the cross a piece enters from the centre.
        let l = Layout::new(768, &CROSS_BOARD, 2);
        let a = LastAction { seat: Seat::S, from: None, to: Some(1), captured: 0 };
        let t = trail(&l, &CROSS_BOARD, &a);
        assert_eq!(t, route_points(&l, &CROSS_BOARD, Seat::S)[..2].to_vec());
    }

    #[test]
    fn a_one_square_move_has_a_line_and_a_full_head() {
        for board in [&THAAYAM_BOARD, &CROSS_BOARD] {
            let l = Layout::new(crate::render::DEFAULT_SIZE, board, 4);
            let s = sizes(&l);
            let a = LastAction { seat: Seat::S, from: Some(3), to: Some(4), captured: 0 };
            let points = trail(&l, board, &a);
            let (tip, base, _) = ending(&s, &points).expect("an arrow");
            let line = (base.0 - points[0].0).hypot(base.1 - points[0].1);
            let head = (tip.0 - base.0).hypot(tip.1 - base.1);
            // At 360 px wide: a head of 10 px or more, an arrow of 17.5 (the
            // whole cross's squares are 18 px apart).
            let phone = 360.0 / l.width as f32;
            let ok = head * phone >= 10.0 && (head + line) * phone >= 17.5;
            assert!(ok, "{:?}: head {head}, line {line} of {}", board.kind, l.width);
        }
    }

    #[test]
    fn nothing_is_drawn_for_twins_joined() {
        let l = Layout::new(768, &THAAYAM_BOARD, 2);
        let a = LastAction { seat: Seat::S, from: Some(8), to: Some(8), captured: 0 };
        assert!(trail(&l, &THAAYAM_BOARD, &a).is_empty());
    }

    #[test]
    fn a_piece_borne_off_leaves_the_keep_towards_its_side() {
        let l = Layout::new(768, &THAAYAM_BOARD, 2);
        for (seat, out) in [(Seat::S, (0.0, 1.0)), (Seat::N, (0.0, -1.0)), (Seat::W, (-1.0, 0.0))] {
            let a = LastAction { seat, from: Some(24), to: None, captured: 0 };
            let t = trail(&l, &THAAYAM_BOARD, &a);
            let keep = centre(&l, "c3");
            assert_eq!(t.len(), 2, "{seat}");
            assert_eq!(t[0], keep);
            // Past the keep's edge, towards the seat's palace.
            let (dx, dy) = (t[1].0 - keep.0, t[1].1 - keep.1);
            let along = dx * out.0 + dy * out.1;
            assert!(along > l.cell / 2.0 && along < l.cell && (dx * out.1 - dy * out.0).abs() < 0.01, "{seat}: {t:?}");
        }
    }

    #[test]
    fn trails_sharing_squares_are_drawn_apart_and_numbers_never_cover_each_other() {
        // South 2 → 6 then 4 → 8: steps 4 → 6 shared.
        let l = Layout::new(crate::render::DEFAULT_SIZE, &THAAYAM_BOARD, 2);
        let last = [
            LastAction { seat: Seat::S, from: Some(2), to: Some(6), captured: 0 },
            LastAction { seat: Seat::S, from: Some(4), to: Some(8), captured: 0 },
            LastAction { seat: Seat::S, from: Some(24), to: None, captured: 0 },
        ];
        let t = series_trails(&l, &THAAYAM_BOARD, &last);
        let shared = |a: &[Point], b: &[Point]| a.iter().filter(|p| b.contains(p)).count();
        assert_eq!(shared(&t[0], &t[1]), 0, "{t:?}");
        let plain: Vec<Vec<Point>> = last.iter().map(|a| trail(&l, &THAAYAM_BOARD, a)).collect();
        assert_eq!(shared(&plain[0], &plain[1]), 3);
        // The first trail, sharing with none before it, stays on the centres.
        assert_eq!(t[0], plain[0]);
        // Two pieces entering the cross the same way: "1" and "2" apart.
        let l = Layout::new(crate::render::DEFAULT_SIZE, &CROSS_BOARD, 2);
        let enter = LastAction { seat: Seat::S, from: None, to: Some(1), captured: 0 };
        for (board, last) in [(&THAAYAM_BOARD, &last[..]), (&CROSS_BOARD, &[enter, enter, enter][..])] {
            let places = number_places(&l, board, last);
            assert_eq!(places.iter().map(|p| p.0).collect::<Vec<_>>(), [1, 2, 3]);
            let r = sizes(&l).number;
            for (i, a) in places.iter().enumerate() {
                for b in &places[i + 1..] {
                    let d = (a.1.0 - b.1.0).hypot(a.1.1 - b.1.1);
                    assert!(d >= 2.0 * r, "{:?}: numbers {} and {} {d} px apart", board.kind, a.0, b.0);
                }
            }
        }
    }
}
