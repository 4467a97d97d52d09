//! Monte Carlo tree search: UCT with an MCTS-solver for proven results, tree
//! reuse between moves, random or evaluator-guided playouts, a seeded random
//! generator and root-parallel threads.
//!
//! See [`Mcts`] for the rules it applies. The modules follow one playout:
//! [`node`] is the layout of a tree node and [`arena`] the tree that holds
//! them (and its reuse between moves); [`select`] walks down by UCT and
//! expands; [`rollout`] scores the leaf; [`solver`] backs the result up and
//! proves what can be proven; [`pv`] reads the move, score and line off the
//! trees. [`math`] holds the tables that keep UCT cheap and the
//! score/win-probability conversion (selection uses the crate's cache
//! hint, `crate::prefetch`).

mod arena;
mod math;
mod node;
mod pv;
mod rollout;
mod select;
mod solver;

use std::time::{Duration, Instant};

use damero_core::{Evaluator, Game, GameRecord, MoveList};

use crate::limits::Limits;
use crate::report::{SearchInfo, SearchResult};
use crate::rng::SeededRng;

use arena::Tree;

/// How a playout scores a position past the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rollout {
    /// Random moves to the end of the game (or the ply cap: a draw).
    Random,
    /// Random moves for at most this many plies, then the evaluator's value
    /// turned into a win probability (logistic, 400 centipawns a factor 10).
    Evaluator {
        /// Random plies before the evaluation.
        plies: u32,
    },
}

/// The options of MCTS.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// The UCT exploration constant `c` in `q + c·sqrt(ln N / n)`.
    pub exploration: f64,
    /// How playouts end.
    pub rollout: Rollout,
    /// Independent trees searched in parallel (root parallelism), merged by
    /// visit counts at the end.
    pub threads: usize,
    /// The seed: the same seed and playout limit give the same move.
    pub seed: u64,
    /// The memory for tree nodes, in MiB (all threads together); a search
    /// stops when it is full.
    pub memory_mib: usize,
    /// The longest playout; longer ones count as draws.
    pub max_playout_plies: u32,
}

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig {
            exploration: 1.0,
            rollout: Rollout::Random,
            threads: 1,
            seed: 0,
            memory_mib: 256,
            max_playout_plies: 1000,
        }
    }
}

/// An MCTS searcher for positions of `G`; `E` guides playouts when
/// [`Rollout::Evaluator`] is chosen. It keeps its trees between searches and
/// reuses the subtree of the new position when it is a child or grandchild of
/// the previous root.
///
/// Every tree node has exactly one path from the root, so the tree part of a
/// playout applies the game's draw rules exactly (repetition: the first
/// repetition inside the path is a draw, as in alpha-beta); playouts past the
/// tree apply [`Game::rule_draw`] and a ply cap ([`MctsConfig::max_playout_plies`],
/// a draw), not repetition.
///
/// Proven results: a node whose side to move has a child proven won is won;
/// a node whose children are all proven takes the best of them. Proofs count
/// the plies to the end, so a proven root plays the shortest win (or the
/// longest loss).
///
/// ```
/// # use damero_search::{Limits, Mcts, MctsConfig};
/// # fn demo<G: damero_core::Game, E: damero_core::Evaluator<G>>(position: G, evaluator: E) {
/// let mut mcts = Mcts::new(MctsConfig { seed: 7, ..MctsConfig::default() }, evaluator);
/// let result = mcts.search(&position, &[], &Limits::nodes(20_000), |_| {});
/// println!("bestmove {:?} after {} playouts", result.best_move, result.nodes);
/// # }
/// ```
#[derive(Clone, Debug)]
pub struct Mcts<G: Game, E: Evaluator<G>> {
    config: MctsConfig,
    evaluator: E,
    trees: Vec<Tree<G>>,
}

impl<G: Game, E: Evaluator<G>> Mcts<G, E> {
    /// A searcher with these options.
    pub fn new(config: MctsConfig, evaluator: E) -> Mcts<G, E> {
        let threads = config.threads.max(1);
        let bytes = config.memory_mib.saturating_mul(1 << 20) / threads;
        let capacity = Tree::<G>::capacity_for(bytes);
        let trees = (0..threads).map(|i| Tree::new(capacity, tree_seed(config.seed, i))).collect();
        Mcts { config, evaluator, trees }
    }

    /// The options.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Forgets the trees (a new game); the random generators go on.
    pub fn clear(&mut self) {
        for tree in &mut self.trees {
            // Keep the memory: its pages are mapped already, and a fresh
            // allocation faults page by page during the next search.
            tree.nodes.clear();
            tree.node_moves.clear();
            tree.root = None;
        }
    }

    /// Forgets the trees and starts the random generators again from the
    /// seed: the searcher then plays as one just built.
    pub fn reset(&mut self) {
        self.clear();
        for (i, tree) in self.trees.iter_mut().enumerate() {
            tree.rng = SeededRng::new(tree_seed(self.config.seed, i));
        }
    }

    /// The number of nodes in the first tree (for tests of tree reuse).
    pub fn tree_size(&self) -> usize {
        self.trees[0].nodes.len()
    }

    /// Searches the current position of `record`, whose earlier positions
    /// count for repetition draws.
    pub fn search_record(
        &mut self,
        record: &GameRecord<G>,
        limits: &Limits,
        on_info: impl FnMut(&SearchInfo<G>),
    ) -> SearchResult<G> {
        self.search(record.position(), &crate::report::prior_hashes(record), limits, on_info)
    }

    /// Searches `root` (with `history`, the keys of the positions before it)
    /// until a limit: [`Limits::nodes`] counts playouts, split evenly between
    /// threads; a time limit, the stop flag, the memory, or a proven root end
    /// it too. `on_info` is called from this thread at every doubling of the
    /// playout count (from 1024) and at the end.
    ///
    /// # Panics
    /// If a search thread panics (a bug in the game or evaluator).
    pub fn search(
        &mut self,
        root: &G,
        history: &[u64],
        limits: &Limits,
        mut on_info: impl FnMut(&SearchInfo<G>),
    ) -> SearchResult<G> {
        let start = Instant::now();
        let mut moves = MoveList::new();
        root.legal_moves(&mut moves);
        if moves.is_empty() {
            return SearchResult::decided(root, start.elapsed());
        }
        let first_move = moves[0];
        let threads = self.trees.len() as u64;
        let config = &self.config;
        let evaluator = &self.evaluator;
        let budget = |i: u64| limits.nodes.map(|n| n / threads + u64::from(i < n % threads));
        let playouts: Vec<u64> = std::thread::scope(|scope| {
            let (main, helpers) = self.trees.split_first_mut().expect("at least one tree");
            let handles: Vec<_> = helpers
                .iter_mut()
                .enumerate()
                .map(|(i, tree)| {
                    let budget = budget(i as u64 + 1);
                    scope.spawn(move || {
                        tree.reroot(root, first_move, history);
                        tree.run(config, evaluator, limits, budget, start, &mut |_| {})
                    })
                })
                .collect();
            main.reroot(root, first_move, history);
            let first = main.run(config, evaluator, limits, budget(0), start, &mut on_info);
            let mut all = vec![first];
            all.extend(handles.into_iter().map(|h| h.join().expect("search thread panicked")));
            all
        });
        let nodes = playouts.iter().sum();
        let mut result = self.decide(&moves, nodes, start);
        result.time = start.elapsed();
        on_info(&result.info());
        result
    }
}

/// The seed of tree `index`'s random generator: the trees of a root-parallel
/// search play different playouts.
fn tree_seed(seed: u64, index: usize) -> u64 {
    seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// How long MCTS may search under `limits`: the hard limit, or the soft one
/// when only that is set. Alpha-beta without partial iterations stops early
/// at the soft limit because an iteration it starts late would rarely
/// finish; every MCTS playout improves the move, so stopping early only
/// wastes time (it stopped at 60% of `movetime` when it read the soft limit
/// first).
fn time_limit(limits: &Limits) -> Option<Duration> {
    limits.hard_time.or(limits.soft_time)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mcts_searches_the_whole_movetime() {
        let movetime = Duration::from_millis(1000);
        assert_eq!(time_limit(&Limits::movetime(movetime)), Some(movetime));
        let soft_only = Limits { soft_time: Some(movetime), ..Limits::default() };
        assert_eq!(time_limit(&soft_only), Some(movetime));
        assert_eq!(time_limit(&Limits::nodes(10)), None);
    }
}
