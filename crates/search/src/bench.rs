//! The `bench` routine: a fixed-depth search signature, and its positions.

use std::time::{Duration, Instant};

use damero_core::{Evaluator, Game, GameRecord};

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

/// One position of `damero bench`: moves played from a game's default start,
/// searched to a fixed depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchPosition {
    /// The game, by [`Game::NAME`].
    pub game: &'static str,
    /// Moves from the start under the default rules, in the game's notation.
    pub moves: &'static str,
    /// The search depth.
    pub depth: u32,
}

/// The positions of `damero bench`, fixed unless the signature is meant to
/// change (their total node count, with the default alpha-beta and the
/// games' default evaluators, is the signature the CLI's tests pin).
pub const BENCH_POSITIONS: &[BenchPosition] = &[
    BenchPosition { game: "russian", moves: "", depth: 14 },
    BenchPosition { game: "russian", moves: "c3-d4 f6-g5 g3-h4 g7-f6 b2-c3 b6-a5", depth: 13 },
    BenchPosition { game: "zisnella", moves: "", depth: 13 },
    BenchPosition { game: "spanish", moves: "b3-a4 a6-b5", depth: 13 },
    BenchPosition { game: "english", moves: "", depth: 15 },
    BenchPosition { game: "english", moves: "11-15 23-19 8-11 22-17", depth: 14 },
    BenchPosition { game: "eliminar", moves: "", depth: 7 },
    BenchPosition { game: "tumbling-down", moves: "", depth: 6 },
    BenchPosition { game: "cross", moves: "", depth: 6 },
];

/// The [`BENCH_POSITIONS`] of `G` (none for a game without any), each
/// played out from the start of the default rules, with its depth.
///
/// # Errors
/// A bench move that is not legal (only after a change of the game's rules
/// or notation).
pub fn bench_positions<G: Game>() -> Result<Vec<(G, u32)>, G::MoveError> {
    let mut runs = Vec::new();
    for bench in BENCH_POSITIONS.iter().filter(|b| b.game == G::NAME) {
        let mut record = GameRecord::new(G::start(Default::default()));
        for text in bench.moves.split_whitespace() {
            record.try_play(text)?;
        }
        runs.push((*record.position(), bench.depth));
    }
    Ok(runs)
}
