//! Renderer benchmarks: a board picture rendered and PNG-encoded at the
//! default size, on the 5 × 5 board and on Tayam Sonalu's cross (target
//! ≤ 1 ms and ≤ 60 KB each), in CPU time of the thread so that other
//! processes on a shared machine do not count; and a 200-action GIF replay
//! (target < 2 s and < 8 MB, wall time). Byte sizes are printed once before
//! timing. Run: `cargo bench --bench render` (about 40 s).

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use thaayam::dice::{ThrowSource, random_game};
use thaayam::engine::{Event, MoveGen, Ruleset, Seat, SeatSet, Throw, parse_tpn};
use thaayam::lab::cpu::thread_cpu_time;
use thaayam::render::{
    BoardView, DEFAULT_SIZE, LastAction, ReplayOptions, SeriesThrow, encode_png, render_pixmap, render_png, replay_gif,
};

/// CPU time of the benchmark thread (wall time where there is no such clock).
struct ThreadCpu;

impl ThreadCpu {
    fn now() -> Duration {
        thread_cpu_time().unwrap_or_else(|| std::time::UNIX_EPOCH.elapsed().unwrap_or_default())
    }
}

impl Measurement for ThreadCpu {
    type Intermediate = Duration;
    type Value = Duration;

    fn start(&self) -> Duration {
        ThreadCpu::now()
    }
    fn end(&self, start: Duration) -> Duration {
        ThreadCpu::now().saturating_sub(start)
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, v: &Duration) -> f64 {
        v.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &CpuFormatter
    }
}

/// Nanoseconds of CPU shown as "µs cpu" and the like.
struct CpuFormatter;

impl ValueFormatter for CpuFormatter {
    fn scale_values(&self, ns: f64, values: &mut [f64]) -> &'static str {
        let (factor, unit) = match ns {
            n if n < 1e3 => (1.0, "ns cpu"),
            n if n < 1e6 => (1e-3, "µs cpu"),
            n if n < 1e9 => (1e-6, "ms cpu"),
            _ => (1e-9, "s cpu"),
        };
        values.iter_mut().for_each(|v| *v *= factor);
        unit
    }
    fn scale_throughputs(&self, _typical: f64, _t: &Throughput, values: &mut [f64]) -> &'static str {
        values.iter_mut().for_each(|v| *v = 0.0);
        "(no throughput)"
    }
    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

fn board_view() -> BoardView {
    let pos = parse_tpn("bell S=5,t8,o W=24,24,12,o N=x,3,o,o E=24,20,o,o turn=S throws=4,2,1").expect("tpn");
    let mut v = BoardView::new(pos);
    v.names = ["Meena".into(), "Ravi".into(), "Selvi".into(), "Kavya".into()];
    v.last = vec![LastAction { seat: Seat::S, from: Some(0), to: Some(4), captured: 0 }];
    v.series = [(Throw::Four, false), (Throw::Two, true), (Throw::One, false)]
        .map(|(throw, used)| SeriesThrow { throw, used })
        .to_vec();
    v
}

/// Tayam Sonalu's cross with pieces of three seats (as the golden image).
fn cross_view() -> BoardView {
    let pos = parse_tpn("tayam-sonalu S+=12,40,o,o W+=30,30,o,o N+=70,o,o,o E=o,o,o,o turn=S throws=5,2").expect("tpn");
    let mut v = BoardView::new(pos);
    v.names = ["Meena".into(), "Ravi".into(), "Selvi".into(), "Kavya".into()];
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

fn board(c: &mut Criterion<ThreadCpu>) {
    for (name, v) in [("board", board_view()), ("cross", cross_view())] {
        let png = render_png(&v, DEFAULT_SIZE).expect("png");
        eprintln!("{name} PNG at size {DEFAULT_SIZE}: {} bytes", png.len());
        c.bench_function(&format!("{name}_render_png_768"), |b| b.iter(|| render_png(black_box(&v), DEFAULT_SIZE)));
        c.bench_function(&format!("{name}_render_only_768"), |b| b.iter(|| render_pixmap(black_box(&v), DEFAULT_SIZE)));
        let pm = render_pixmap(&v, DEFAULT_SIZE).expect("render");
        c.bench_function(&format!("{name}_png_encode_only_768"), |b| b.iter(|| encode_png(black_box(&pm))));
    }
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
    name = boards;
    config = Criterion::default()
        .with_measurement(ThreadCpu)
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = board
}
criterion_group! {
    name = replays;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = replay
}
criterion_main!(boards, replays);
