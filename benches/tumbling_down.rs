//! Tumbling Down benches: move generation, perft (copy-make against
//! make/unmake) and random playouts.
#![allow(missing_docs)]
mod common;

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use damero_core::{Game, MoveList};
use damero_tumbling_down::{TumblingDown, TumblingDownRules};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A position `plies` random moves into a game (fixed seed), not decided.
fn midgame(rules: TumblingDownRules, plies: usize, seed: u64) -> TumblingDown {
    let mut rng = SmallRng::seed_from_u64(seed);
    loop {
        let mut p = TumblingDown::start(rules);
        let mut moves = MoveList::new();
        for _ in 0..plies {
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            p.play(moves[rng.random_range(0..moves.len())]);
        }
        if p.outcome().is_none() {
            return p;
        }
    }
}

fn positions() -> Vec<(&'static str, TumblingDown)> {
    vec![
        ("original-start", TumblingDown::start(TumblingDownRules::original())),
        ("boardspace-start", TumblingDown::start(TumblingDownRules::boardspace())),
        ("original-ply20", midgame(TumblingDownRules::original(), 20, 1)),
        ("boardspace-ply20", midgame(TumblingDownRules::boardspace(), 20, 2)),
    ]
}

fn movegen(c: &mut Criterion) {
    common::bench_movegen(c, "tumbling_down/movegen", positions());
}

/// Perft without bulk counting, by copy-make: every leaf is played.
fn perft_copy(p: &TumblingDown, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    let mut nodes = 0;
    for &mv in &moves {
        let mut child = *p;
        child.play(mv);
        nodes += perft_copy(&child, depth - 1);
    }
    nodes
}

/// The same by make/unmake on one position.
fn perft_unmake(p: &mut TumblingDown, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    let mut nodes = 0;
    for &mv in &moves {
        let undo = p.make(mv);
        nodes += perft_unmake(p, depth - 1);
        p.unmake(&undo);
    }
    nodes
}

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("tumbling_down/perft");
    group.sample_size(10);
    for (name, p) in positions().into_iter().take(3) {
        let depth = 3;
        let bulk = damero_search::perft(&p, depth);
        group.throughput(Throughput::Elements(bulk));
        group.bench_with_input(BenchmarkId::new("bulk-copy-make", name), &p, |b, p| {
            b.iter(|| damero_search::perft(black_box(p), depth))
        });
        let leaves = perft_copy(&p, depth);
        assert_eq!(leaves, bulk);
        let mut q = p;
        assert_eq!(perft_unmake(&mut q, depth), bulk);
        group.bench_with_input(BenchmarkId::new("leaves-copy-make", name), &p, |b, p| {
            b.iter(|| perft_copy(black_box(p), depth))
        });
        group.bench_with_input(BenchmarkId::new("leaves-make-unmake", name), &p, |b, p| {
            let mut q = *p;
            b.iter(|| perft_unmake(black_box(&mut q), depth))
        });
    }
    group.finish();
}

fn playouts(c: &mut Criterion) {
    let starts = [TumblingDownRules::original(), TumblingDownRules::boardspace()]
        .map(|rules| (rules.variant.name(), TumblingDown::start(rules)));
    common::bench_playouts(c, "tumbling_down/playout", starts.to_vec(), 1000, 1);
}

criterion_group!(group, movegen, perft, playouts);
criterion_main!(group);
