//! Cross: move generation, perft and random playouts.
#![allow(missing_docs)]
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use damero_core::{Game, MoveList, splitmix64};
use damero_cross::{CrossMove, CrossPosition, Rules};
use damero_search::perft;

fn positions() -> Vec<(&'static str, CrossPosition)> {
    let fen = |f: &str| CrossPosition::from_fen(f, Rules::default()).unwrap();
    vec![
        ("start", CrossPosition::start(Rules::default())),
        // From a random game (crates/cross/tests/perft.txt): vertex pieces of both colours.
        ("middle", fen("1w2w2w/w2w1w2/4w3/7w/7b/bb3w2/2b1bb2/1b1b2b1 1w3w1/2w2ww/5w1/7/2b4/2b2b1/4b1b w")),
        // Overlapping crosses: one piece move with two capture orders.
        ("crosses", fen("8/7w/8/3bb3/2w1bb2/3bb3/8/b7 7/7/7/2b4/7/7/7 b")),
    ]
}

fn movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("cross/movegen");
    for (name, position) in positions() {
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        group.throughput(Throughput::Elements(moves.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                black_box(&position).legal_moves(&mut moves);
                black_box(moves.len())
            })
        });
    }
    group.finish();
}

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("cross/perft");
    let start = CrossPosition::start(Rules::default());
    // crates/cross/tests/game.rs: 215_760 leaves at depth 3.
    group.throughput(Throughput::Elements(215_760));
    group.bench_function("start_depth_3", |b| b.iter(|| assert_eq!(perft(black_box(&start), 3), 215_760)));
    group.finish();
}

/// Plays uniformly random moves from `start` until the game ends or 300
/// plies have passed (random play seldom reaches a far rank); returns the
/// plies played.
fn playout(start: &CrossPosition, state: &mut u64, moves: &mut MoveList<CrossMove>) -> u32 {
    let mut position = *start;
    for ply in 0..300 {
        position.legal_moves(moves);
        if moves.is_empty() {
            return ply;
        }
        let (next, value) = splitmix64(*state);
        *state = next;
        position.play(moves[(value % moves.len() as u64) as usize]);
    }
    300
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("cross/playout");
    let start = CrossPosition::start(Rules::default());
    let mut moves = MoveList::new();
    let mut state = 1;
    group.throughput(Throughput::Elements(1));
    group.bench_function("start_random_300_plies", |b| {
        b.iter(|| black_box(playout(&start, &mut state, &mut moves)))
    });
    group.finish();
}

criterion_group!(group, movegen, perft_bench, playouts);
criterion_main!(group);
