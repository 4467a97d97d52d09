//! Random-rollout MCTS from the English start: a profiling aid for the
//! search's playout rate (the figure the perf test reports).
//!
//! `cargo run --release -p damero-search --example mcts_playouts -- 200000 [seed]`

use std::time::Instant;

use damero_core::Game;
use damero_draughts::{English, EnglishRules};
use damero_eval::DraughtsEvaluator;
use damero_search::{Limits, Mcts, MctsConfig};

fn main() {
    let mut args = std::env::args().skip(1);
    let playouts: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(200_000);
    let seed: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(0);
    let start = English::start(EnglishRules);
    let mut mcts = Mcts::new(MctsConfig { seed, ..MctsConfig::default() }, DraughtsEvaluator::default());
    let started = Instant::now();
    let result = mcts.search(&start, &[], &Limits::nodes(playouts), |_| {});
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{} playouts in {seconds:.3} s: {:.0} playouts/s, {} tree nodes, best {:?}",
        result.nodes,
        result.nodes as f64 / seconds,
        mcts.tree_size(),
        result.best_move.map(|m| start.format_move(m))
    );
}
