//! Criterion benches for the search crate: alpha-beta at a fixed depth on
//! every game (in nodes per second) and MCTS random playouts on the draughts
//! start positions (in playouts per second), one thread.
#![allow(missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use damero::core::{Evaluator, Game};
use damero::draughts::{English, Russian};
use damero::eval::DraughtsEvaluator;
use damero::search::{AlphaBeta, AlphaBetaConfig, Limits, Mcts, MctsConfig};

/// A Russian middlegame: both sides developed, no capture pending.
const RUSSIAN_MIDDLEGAME: &str = "W:Wa1,c1,e1,g1,b2,f2,h2,c3,e3,g3,d4:Bb8,d8,f8,h8,a7,e7,g7,b6,f6,h6,e5";

fn bench_alphabeta<G: Game, E: Evaluator<G>>(
    c: &mut Criterion,
    name: &str,
    position: G,
    depth: u32,
    eval: E,
) {
    // One table (4 MiB, cleared before each search) so the time is the
    // search's, not the allocation's.
    let config = AlphaBetaConfig { tt_mib: 4, ..AlphaBetaConfig::default() };
    let mut searcher = AlphaBeta::new(config, eval);
    let mut search = || {
        searcher.clear();
        searcher.search(&position, &[], &Limits::depth(depth), |_| {}).nodes
    };
    // The node count is fixed at a fixed depth on one thread.
    let nodes = search();
    let mut group = c.benchmark_group("alphabeta");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(format!("{name}/depth{depth}"), |b| b.iter(&mut search));
    group.finish();
}

fn bench_mcts<G: Game, E: Evaluator<G>>(c: &mut Criterion, name: &str, position: G, eval: E) {
    const PLAYOUTS: u64 = 20_000;
    let mut group = c.benchmark_group("mcts");
    group.sample_size(10);
    group.throughput(Throughput::Elements(PLAYOUTS));
    group.bench_function(format!("{name}/random-playouts"), |b| {
        b.iter(|| {
            let mut mcts = Mcts::new(MctsConfig { seed: 1, ..MctsConfig::default() }, eval.clone());
            mcts.search(&position, &[], &Limits::nodes(PLAYOUTS), |_| {}).nodes
        })
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    let russian_eval = DraughtsEvaluator::default();
    let russian = Russian::start(Default::default());
    bench_alphabeta(c, "russian-start", russian, 12, russian_eval.clone());
    let middlegame = Russian::from_fen(RUSSIAN_MIDDLEGAME, Default::default()).expect("bench FEN");
    bench_alphabeta(c, "russian-middlegame", middlegame, 12, russian_eval.clone());
    bench_alphabeta(c, "english-start", English::start(Default::default()), 12, DraughtsEvaluator::default());
    bench_alphabeta(
        c,
        "eliminar-start",
        damero::eliminar::Eliminar::start(Default::default()),
        6,
        damero::eval::EliminarEvaluator,
    );
    bench_alphabeta(
        c,
        "tumbling-down-start",
        damero::tumbling_down::TumblingDown::start(Default::default()),
        5,
        damero::eval::TumblingDownEvaluator::default(),
    );
    bench_alphabeta(
        c,
        "cross-start",
        damero::cross::Cross::start(Default::default()),
        5,
        damero::eval::CrossEvaluator,
    );
    bench_mcts(c, "english-start", English::start(Default::default()), DraughtsEvaluator::default());
    bench_mcts(c, "russian-start", russian, russian_eval);
}

criterion_group!(group, benches);
criterion_main!(group);
