//! Criterion benches for the draughts move generator: move generation on a
//! few positions and perft at a fixed depth, per rule set, in elements (moves
//! or leaves) per second.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use damero::core::{Game, MoveList};
use damero::draughts::{English, Russian, Spanish, Zisnella};
use damero::search::perft;

/// Positions for move generation: the start, a middlegame with captures
/// pending, and a king endgame.
const RUSSIAN_POSITIONS: &[&str] = &[
    "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
    "B:Wa1,c1,e1,g1,b2,f2,h2,c3,e3,g3,c5,e5:Bb8,d8,f8,h8,a7,e7,g7,b6,d6,f6,h6",
    "W:WKa1,Kc1,e3,g3,b4:BKh8,Kf8,d6,b6,a7",
];

fn bench_movegen<G: Game>(c: &mut Criterion, name: &str, fens: &[&str]) {
    let positions: Vec<G> =
        fens.iter().map(|f| G::from_fen(f, Default::default()).expect("bench FEN")).collect();
    let mut moves = MoveList::new();
    let per_round: u64 = positions
        .iter()
        .map(|p| {
            p.legal_moves(&mut moves);
            moves.len() as u64
        })
        .sum();
    let mut group = c.benchmark_group(format!("{name}/movegen"));
    group.throughput(Throughput::Elements(per_round));
    group.bench_function("positions", |b| {
        b.iter(|| {
            for p in &positions {
                black_box(p).legal_moves(&mut moves);
                black_box(moves.len());
            }
        })
    });
    group.finish();
}

fn bench_perft<G: Game>(c: &mut Criterion, name: &str, depth: u32) {
    let start = G::start(Default::default());
    let leaves = perft(&start, depth);
    let mut group = c.benchmark_group(format!("{name}/perft"));
    group.sample_size(10);
    group.throughput(Throughput::Elements(leaves));
    group.bench_function(format!("start depth {depth}"), |b| b.iter(|| perft(black_box(&start), depth)));
    group.finish();
}

fn draughts(c: &mut Criterion) {
    bench_movegen::<Russian>(c, "russian", RUSSIAN_POSITIONS);
    bench_perft::<Russian>(c, "russian", 7);
    bench_perft::<Zisnella>(c, "zisnella", 7);
    bench_perft::<Spanish>(c, "spanish", 7);
    bench_perft::<English>(c, "english", 7);
}

criterion_group!(benches, draughts);
criterion_main!(benches);
