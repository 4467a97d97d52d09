//! Bench pieces every game's bench file shares: move generation over named
//! positions and seeded random playouts, both generic over [`Game`].

use std::fmt::Display;
use std::hint::black_box;

use criterion::{Criterion, Throughput};
use damero::core::{Game, MoveList, splitmix64};

/// One bench per named position in group `group`, each measuring one call
/// of `legal_moves`; throughput is in moves.
pub fn bench_movegen<G: Game>(c: &mut Criterion, group: &str, positions: Vec<(impl Display, G)>) {
    let mut group = c.benchmark_group(group);
    let mut moves = MoveList::new();
    for (name, position) in positions {
        position.legal_moves(&mut moves);
        group.throughput(Throughput::Elements(moves.len() as u64));
        group.bench_function(name.to_string(), |b| {
            b.iter(|| {
                black_box(&position).legal_moves(&mut moves);
                black_box(moves.len())
            })
        });
    }
    group.finish();
}

/// Plays moves picked by [`Game::random_move`] from `start` until the game is
/// decided or `max_plies` have passed; returns the plies played. `state` is
/// a SplitMix64 state, so runs are reproducible.
pub fn random_playout<G: Game>(start: &G, max_plies: u32, state: &mut u64) -> u32 {
    let mut position = *start;
    for ply in 0..max_plies {
        let (next, value) = splitmix64(*state);
        *state = next;
        match position.random_move(value) {
            Some(mv) => position.play(mv),
            None => return ply,
        }
    }
    max_plies
}

/// Benches batches of `batch` random playouts from each named start, in
/// group `group`; throughput is in playouts.
pub fn bench_playouts<G: Game>(
    c: &mut Criterion,
    group: &str,
    starts: Vec<(impl Display, G)>,
    max_plies: u32,
    batch: u64,
) {
    let mut group = c.benchmark_group(group);
    group.throughput(Throughput::Elements(batch));
    for (name, start) in starts {
        let mut state = 1u64;
        group.bench_function(name.to_string(), |b| {
            b.iter(|| {
                (0..batch).map(|_| random_playout(black_box(&start), max_plies, &mut state)).sum::<u32>()
            })
        });
    }
    group.finish();
}
