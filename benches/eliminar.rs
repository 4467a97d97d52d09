//! Eliminar: move generation, perft and random playouts.
#![allow(missing_docs)]
mod common;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use damero_core::{Game, Square};
use damero_eliminar::{Eliminar, EliminarRules, Setup, StartSetup};
use damero_search::perft;

/// Every square with an odd file + rank sum holds a Black piece and White is
/// on a1: the worst case for chain enumeration (a full 4x4 grid of landings).
fn lattice() -> Eliminar {
    let black = Square::all().filter(|s| (s.file() + s.rank()) % 2 == 1).collect();
    Eliminar::from_setup(
        Setup { white: Square::A1.into(), black, side_to_move: damero_core::Color::White },
        EliminarRules::default(),
    )
    .unwrap()
}

fn positions() -> Vec<(&'static str, Eliminar)> {
    let fen = |f: &str| Eliminar::from_fen(f, EliminarRules::default()).unwrap();
    vec![
        ("s1_start", Eliminar::start(EliminarRules::default())),
        (
            "s4_start",
            Eliminar::start(EliminarRules { setup: StartSetup::RandomFull, ..EliminarRules::default() }),
        ),
        ("middle", fen("b3w1w1/bw2b1bw/wb4b1/bbwwbb2/2bw3w/1b2w3/w1wwwbb1/bb1bwbbw w")),
        ("lattice", lattice()),
    ]
}

fn movegen(c: &mut Criterion) {
    common::bench_movegen(c, "eliminar/movegen", positions());
}

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("eliminar/perft");
    let start = Eliminar::start(EliminarRules::default());
    // S1 seed 0: 26597 leaves at depth 4, 286943 at depth 5 (tests/perft.txt).
    for (depth, leaves) in [(4u32, 26_597u64), (5, 286_943)] {
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("s1_start_depth_{depth}"), |b| {
            b.iter(|| assert_eq!(perft(black_box(&start), depth), leaves))
        });
    }
    group.finish();
}

fn playouts(c: &mut Criterion) {
    let starts = StartSetup::ALL
        .into_iter()
        .map(|setup| (setup.name(), Eliminar::start(EliminarRules { setup, ..EliminarRules::default() })));
    // Every move removes a piece: a game has at most 126 plies (rule 7).
    common::bench_playouts(c, "eliminar/playouts", starts.collect(), 200, 100);
}

criterion_group!(group, movegen, perft_bench, playouts);
criterion_main!(group);
