//! Evaluation speed: the trained pattern evaluation against the hand-set
//! baseline (and, for Russian, the small network), per call, over positions
//! from seeded random games.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use damero::core::{Evaluator, Game, MoveList};
use damero::draughts::{Draughts, English, Russian, Variant};
use damero::eval::DraughtsEvaluator;

/// Quiet positions (no capture pending) from seeded random games.
fn positions<V: Variant>(start: Draughts<V>) -> Vec<Draughts<V>> {
    let mut out = Vec::new();
    let mut moves = MoveList::new();
    let mut state = 7u64;
    for _ in 0..40 {
        let mut position = start;
        for _ in 0..60 {
            position.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            if !moves.iter().any(|&m| position.is_capture(m)) {
                out.push(position);
            }
            let (next, random) = damero::core::splitmix64(state);
            state = next;
            position.play(moves[((u128::from(random) * moves.len() as u128) >> 64) as usize]);
        }
    }
    out
}

fn bench_game<V: Variant>(c: &mut Criterion, id: &str, start: Draughts<V>) {
    let positions = positions(start);
    for name in ["trained", "hand", "network"] {
        // Only Russian ships a network.
        let Ok(evaluator) = DraughtsEvaluator::<V>::default().named(name) else { continue };
        c.bench_function(&format!("eval/{id}/{name}/{}-positions", positions.len()), |b| {
            b.iter(|| {
                positions.iter().map(|p| evaluator.evaluate(black_box(p))).fold(0i64, |s, v| s + i64::from(v))
            })
        });
    }
}

fn benches(c: &mut Criterion) {
    bench_game(c, "russian", Russian::start(Default::default()));
    bench_game(c, "english", English::start(Default::default()));
}

criterion_group!(eval, benches);
criterion_main!(eval);
