//! The `bench` routine: a fixed-depth search signature over given positions
//! (the engine layer keeps each game's bench positions).

use std::time::{Duration, Instant};

use damero_core::{Evaluator, Game};

use crate::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::limits::Limits;
use crate::report::per_second;

/// The totals of a [`bench()`] run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchReport {
    /// Nodes over every position: the signature, which changes only when
    /// the search (or a game or evaluator) changes.
    pub nodes: u64,
    /// Time over every position.
    pub time: Duration,
}

impl BenchReport {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        per_second(self.nodes, self.time)
    }
}

/// Searches each `(position, depth)` with the default alpha-beta on one
/// thread, a 16 MiB table cleared before each position (so the node count
/// does not depend on the order or the machine), and adds up nodes and time.
pub fn bench<G: Game, E: Evaluator<G>>(runs: &[(G, u32)], evaluator: &E) -> BenchReport {
    let config = AlphaBetaConfig { threads: 1, tt_mib: 16, ..AlphaBetaConfig::default() };
    let mut search = AlphaBeta::new(config, evaluator.clone());
    let mut report = BenchReport { nodes: 0, time: Duration::ZERO };
    for (position, depth) in runs {
        search.clear();
        let start = Instant::now();
        let result = search.search(position, &[], &Limits::depth(*depth), |_| {});
        report.time += start.elapsed();
        report.nodes += result.nodes;
    }
    report
}
