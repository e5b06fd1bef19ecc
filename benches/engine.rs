//! Engine benchmarks: complete random 4-player `bell` games, legal-action
//! generation for a worst-case series, and the size of a game state.
//! Each benchmark asserts what it measures so it cannot measure nothing.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;
use thaayam::dice::{ThrowSource, random_playout};
use thaayam::engine::{Game, MoveGen, Position, Ruleset, SeatSet, Variant, parse_tpn, series_outcomes};

/// Ten throws, four pieces spread out (one still off): no piece can take
/// the whole sum, so the generator has to search.
const WORST: &str = "bell S=3,7,12,o N=5,10,o,o turn=S throws=8,8,4,4,1,1,1,4,8,2";

fn playouts(c: &mut Criterion) {
    let seats = SeatSet::for_players(4).expect("4 players");
    for variant in Variant::ALL {
        let ruleset = Ruleset::new(variant);
        let mut src = ThrowSource::from_u64(1, ruleset.rules().dice);
        let mut mg = MoveGen::new();
        c.bench_function(&format!("random 4-player {variant} game"), |b| {
            b.iter(|| {
                let (game, stats) = random_playout(ruleset, seats, &mut src, &mut mg);
                assert!(game.is_finished());
                black_box(stats)
            })
        });
    }
}

fn worst_case(c: &mut Criterion) {
    let pos = parse_tpn(WORST).expect("valid TPN");
    let game = Game::from_position(pos);
    let mut mg = MoveGen::new();
    let mut out = Vec::new();
    game.legal_actions_with(&mut mg, &mut out);
    assert!(out.len() > 10, "worst case should offer many actions, got {}", out.len());
    c.bench_function("legal actions, worst-case 10-throw series (fresh scratch)", |b| {
        b.iter(|| {
            let mut mg = MoveGen::new();
            black_box(&game).legal_actions_with(&mut mg, &mut out);
            assert!(!out.is_empty());
        })
    });
    c.bench_function("every end position of the worst-case series", |b| {
        b.iter(|| black_box(series_outcomes(black_box(&pos))).len())
    });
}

fn sizes(_: &mut Criterion) {
    println!(
        "size_of: Position {} bytes, Game {} bytes (both Copy)",
        std::mem::size_of::<Position>(),
        std::mem::size_of::<Game>()
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(3)).warm_up_time(Duration::from_secs(1));
    targets = sizes, playouts, worst_case
}
criterion_main!(benches);
