//! Criterion benches for the draughts move generator: move generation on a
//! few positions, perft at a fixed depth per rule set and from a middlegame
//! full of flying kings, and random playouts, in elements (moves, leaves or
//! playouts) per second.
#![allow(missing_docs)]

mod common;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use damero::core::Game;
use damero::draughts::{English, Russian, Spanish, Zisnella};
use damero::search::perft;

/// Positions for move generation: the start, a middlegame with captures
/// pending, and a king endgame.
const RUSSIAN_POSITIONS: &[(&str, &str)] = &[
    ("start", "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"),
    ("ring", "B:Wa1,c1,e1,g1,b2,f2,h2,c3,e3,g3,c5,e5:Bb8,d8,f8,h8,a7,e7,g7,b6,d6,f6,h6"),
    ("kings", "W:WKa1,Kc1,e3,g3,b4:BKh8,Kf8,d6,b6,a7"),
    ("king middlegame", KING_MIDDLEGAME),
];

/// A middlegame where flying kings make most of the moves and captures
/// (perft 10 = 308,884,991): the king paths of the generator.
const KING_MIDDLEGAME: &str = "B:Wa1,c1,e1,h2,a3,f4,Kd8:BKg1,a5,b6,a7,c7,g7,b8,f8,h8";

fn bench_movegen<G: Game>(c: &mut Criterion, name: &str, fens: &[(&str, &str)]) {
    let positions: Vec<(&str, G)> =
        fens.iter().map(|&(id, f)| (id, G::from_fen(f, Default::default()).expect("bench FEN"))).collect();
    common::bench_movegen(c, &format!("{name}/movegen"), positions);
}

fn bench_perft<G: Game>(c: &mut Criterion, name: &str, depth: u32) {
    bench_perft_from(c, name, "start", G::start(Default::default()), depth);
}

fn bench_perft_from<G: Game>(c: &mut Criterion, name: &str, id: &str, position: G, depth: u32) {
    let leaves = perft(&position, depth);
    let mut group = c.benchmark_group(format!("{name}/perft"));
    group.sample_size(10);
    group.throughput(Throughput::Elements(leaves));
    group.bench_function(format!("{id} depth {depth}"), |b| b.iter(|| perft(black_box(&position), depth)));
    group.finish();
}

fn draughts(c: &mut Criterion) {
    bench_movegen::<Russian>(c, "russian", RUSSIAN_POSITIONS);
    bench_perft::<Russian>(c, "russian", 7);
    let kings = Russian::from_fen(KING_MIDDLEGAME, Default::default()).expect("bench FEN");
    bench_perft_from(c, "russian", "king middlegame", kings, 6);
    bench_perft::<Zisnella>(c, "zisnella", 7);
    bench_perft::<Spanish>(c, "spanish", 7);
    bench_perft::<English>(c, "english", 7);
    // Random playouts to the end, as MCTS plays them (`Game::random_move`).
    let english = vec![("start", English::start(Default::default()))];
    common::bench_playouts(c, "english/playouts", english, 1000, 100);
    let russian = vec![("start", Russian::start(Default::default()))];
    common::bench_playouts(c, "russian/playouts", russian, 1000, 100);
}

criterion_group!(benches, draughts);
criterion_main!(benches);
