//! Eliminar: move generation, perft and random playouts.
#![allow(missing_docs)]
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use damero_core::{Game, MoveList, Square, splitmix64};
use damero_eliminar::{Position, Rules, Setup};
use damero_search::perft;

/// Every square with an odd file + rank sum holds a Black piece and White is
/// on a1: the worst case for chain enumeration (a full 4x4 grid of landings).
fn lattice() -> Position {
    let black = Square::all().filter(|s| (s.file() + s.rank()) % 2 == 1).collect();
    Position::from_pieces(Square::A1.into(), black, damero_core::Color::White, Rules::default()).unwrap()
}

fn positions() -> Vec<(&'static str, Position)> {
    let fen = |f: &str| Position::from_fen(f, Rules::default()).unwrap();
    vec![
        ("s1_start", Position::start(Rules::default())),
        ("s4_start", Position::start(Rules { setup: Setup::RandomFull, ..Rules::default() })),
        ("middle", fen("b3w1w1/bw2b1bw/wb4b1/bbwwbb2/2bw3w/1b2w3/w1wwwbb1/bb1bwbbw w")),
        ("lattice", lattice()),
    ]
}

fn movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("eliminar/movegen");
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
    let mut group = c.benchmark_group("eliminar/perft");
    let start = Position::start(Rules::default());
    // S1 seed 0: 26597 leaves at depth 4, 286943 at depth 5 (tests/perft.txt).
    for (depth, leaves) in [(4u32, 26_597u64), (5, 286_943)] {
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("s1_start_depth_{depth}"), |b| {
            b.iter(|| assert_eq!(perft(black_box(&start), depth), leaves))
        });
    }
    group.finish();
}

/// Plays uniformly random moves from `start` to the end; returns the plies.
fn playout(start: &Position, state: &mut u64, moves: &mut MoveList<damero_eliminar::Move>) -> u32 {
    let mut position = *start;
    let mut plies = 0;
    loop {
        position.legal_moves(moves);
        if moves.is_empty() {
            return plies;
        }
        let (next, value) = splitmix64(*state);
        *state = next;
        position.play(moves[(value % moves.len() as u64) as usize]);
        plies += 1;
    }
}

fn playouts(c: &mut Criterion) {
    const BATCH: u64 = 100;
    let mut group = c.benchmark_group("eliminar/playouts");
    group.throughput(Throughput::Elements(BATCH));
    for setup in Setup::ALL {
        let start = Position::start(Rules { setup, ..Rules::default() });
        let mut state = 1u64;
        let mut moves = MoveList::new();
        group.bench_function(setup.name(), |b| {
            b.iter(|| (0..BATCH).map(|_| playout(&start, &mut state, &mut moves)).sum::<u32>())
        });
    }
    group.finish();
}

criterion_group!(group, movegen, perft_bench, playouts);
criterion_main!(group);
