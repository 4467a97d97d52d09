//! Criterion bench of the test-suite runner: the first 40 positions of the
//! shipped endgame suites (`damero::engine::suite::SHIPPED`), each searched to
//! 10,000 nodes on one thread, in positions per second. The share solved is
//! printed once per suite (it is fixed at a fixed node count).
#![allow(missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use damero::core::Evaluator;
use damero::draughts::{English, Russian};
use damero::engine::EngineGame;
use damero::engine::suite::{Suite, run_suite};
use damero::eval::DraughtsEvaluator;

/// A shipped suite's text.
fn shipped(name: &str) -> &'static str {
    damero::engine::suite::SHIPPED
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| *text)
        .expect("a shipped suite")
}
const POSITIONS: usize = 40;

fn bench_suite<G: EngineGame, E: Evaluator<G>>(c: &mut Criterion, name: &str, text: &str, eval: E) {
    let mut suite: Suite = text.parse().expect("a shipped suite reads");
    suite.positions.truncate(POSITIONS);
    let spec = "alphabeta:nodes=10000,threads=1,hash=4".parse().expect("spec");
    let run = || run_suite::<G, E>(&suite, &spec, eval.clone(), |_, _| {}).expect("the suite runs");
    let report = run();
    println!("{name}: solved {} of {} at 10,000 nodes", report.solved(), report.results.len());
    let mut group = c.benchmark_group("suite");
    group.sample_size(10);
    group.throughput(Throughput::Elements(POSITIONS as u64));
    group.bench_function(format!("{name}/nodes10000"), |b| b.iter(|| run().solved()));
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_suite::<Russian, _>(c, "russian-egdb", shipped("russian-egdb"), DraughtsEvaluator::default());
    bench_suite::<English, _>(c, "english-egdb", shipped("english-egdb"), DraughtsEvaluator::default());
}

criterion_group!(suite_benches, benches);
criterion_main!(suite_benches);
