//! Cross: move generation, perft and random playouts.
#![allow(missing_docs)]
mod common;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use damero_core::Game;
use damero_cross::{Cross, CrossRules};
use damero_search::perft;

fn positions() -> Vec<(&'static str, Cross)> {
    let fen = |f: &str| Cross::from_fen(f, CrossRules::default()).unwrap();
    vec![
        ("start", Cross::start(CrossRules::default())),
        // From a random game (crates/cross/tests/perft.txt): vertex pieces of both colours.
        ("middle", fen("1w2w2w/w2w1w2/4w3/7w/7b/bb3w2/2b1bb2/1b1b2b1 1w3w1/2w2ww/5w1/7/2b4/2b2b1/4b1b w")),
        // Overlapping crosses: one piece move with two capture orders.
        ("crosses", fen("8/7w/8/3bb3/2w1bb2/3bb3/8/b7 7/7/7/2b4/7/7/7 b")),
    ]
}

fn movegen(c: &mut Criterion) {
    common::bench_movegen(c, "cross/movegen", positions());
}

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("cross/perft");
    let start = Cross::start(CrossRules::default());
    // crates/cross/tests/game.rs: 215_760 leaves at depth 3.
    group.throughput(Throughput::Elements(215_760));
    group.bench_function("start_depth_3", |b| b.iter(|| assert_eq!(perft(black_box(&start), 3), 215_760)));
    group.finish();
}

fn playouts(c: &mut Criterion) {
    // Random play seldom reaches a far rank: playouts stop at 300 plies.
    common::bench_playouts(
        c,
        "cross/playout",
        vec![("start_random_300_plies", Cross::start(CrossRules::default()))],
        300,
        1,
    );
}

criterion_group!(group, movegen, perft_bench, playouts);
criterion_main!(group);
