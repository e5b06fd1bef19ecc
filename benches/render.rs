//! Renderer benchmarks: one board picture rendered and PNG-encoded at the
//! default size (target < 5 ms), and a 200-action GIF replay (target < 2 s
//! and < 8 MB). Byte sizes are printed once before timing.
//! Run: `cargo bench --bench render` (about 30 s).

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use thaayam::dice::{ThrowSource, random_game};
use thaayam::engine::{Event, MoveGen, Ruleset, SeatSet, Throw, parse_square, parse_tpn};
use thaayam::render::{
    BoardView, DEFAULT_SIZE, LastAction, ReplayOptions, SeriesThrow, encode_png, render_pixmap, render_png, replay_gif,
};

fn board_view() -> BoardView {
    let pos = parse_tpn("bell S=5,t8,o W=24,24,12,o N=x,3,o,o E=24,20,o,o turn=S throws=4,2,1").expect("tpn");
    let mut v = BoardView::new(pos);
    v.names = ["Meena".into(), "Ravi".into(), "Selvi".into(), "Kavya".into()];
    v.last = Some(LastAction { from: parse_square("c1"), to: parse_square("e3"), captured: 0 });
    v.series = [(Throw::Four, false), (Throw::Two, true), (Throw::One, false)]
        .map(|(throw, used)| SeriesThrow { throw, used })
        .to_vec();
    v
}

/// The events of a seeded 4-player game up to its 200th action.
fn events_with_200_actions() -> (Ruleset, SeatSet, Vec<Event>) {
    let ruleset = Ruleset::default();
    let seats = SeatSet::for_players(4).expect("seats");
    let mut src = ThrowSource::from_u64(7, ruleset.rules().dice);
    let (rec, _) = random_game(ruleset, seats, &mut src, &mut MoveGen::new());
    let mut actions = 0;
    let cut = rec
        .events
        .iter()
        .position(|e| {
            actions += usize::from(matches!(e, Event::Act { .. }));
            actions == 200
        })
        .map_or(rec.events.len(), |i| i + 1);
    (ruleset, seats, rec.events[..cut].to_vec())
}

fn board(c: &mut Criterion) {
    let v = board_view();
    let png = render_png(&v, DEFAULT_SIZE).expect("png");
    eprintln!("board PNG at size {DEFAULT_SIZE}: {} bytes", png.len());
    c.bench_function("board_render_png_768", |b| b.iter(|| render_png(black_box(&v), DEFAULT_SIZE)));
    c.bench_function("board_render_only_768", |b| b.iter(|| render_pixmap(black_box(&v), DEFAULT_SIZE)));
    let pm = render_pixmap(&v, DEFAULT_SIZE).expect("render");
    c.bench_function("board_png_encode_only_768", |b| b.iter(|| encode_png(black_box(&pm))));
}

fn replay(c: &mut Criterion) {
    let (ruleset, seats, events) = events_with_200_actions();
    let opts = ReplayOptions::default();
    let gif = replay_gif(ruleset, seats, &events, &opts).expect("gif");
    let actions = events.iter().filter(|e| matches!(e, Event::Act { .. })).count();
    eprintln!("replay GIF: {actions} actions at size {}: {} bytes", opts.size, gif.len());
    c.bench_function("replay_gif_200_actions", |b| b.iter(|| replay_gif(ruleset, seats, black_box(&events), &opts)));
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = board, replay
}
criterion_main!(benches);
