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

/// How deep the default alpha-beta gets in a fixed time: the last completed
/// iteration of a [`timed_depth`] search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimedDepth {
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// Nodes searched in all.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
}

/// Searches `position` for `time` with the default alpha-beta on one thread
/// and a 32 MiB table (no opening book) and reports the depth it completed:
/// the depth a player gets at that time a move, which, unlike [`bench()`]'s
/// node count, depends on the machine's speed.
pub fn timed_depth<G: Game, E: Evaluator<G>>(position: &G, evaluator: &E, time: Duration) -> TimedDepth {
    let config = AlphaBetaConfig { threads: 1, ..AlphaBetaConfig::default() };
    let mut search = AlphaBeta::new(config, evaluator.clone());
    let result = search.search(position, &[], &Limits::movetime(time), |_| {});
    TimedDepth { depth: result.depth, nodes: result.nodes, time: result.time }
}
