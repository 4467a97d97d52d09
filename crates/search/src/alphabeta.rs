//! Alpha-beta: iterative deepening, principal variation search with
//! aspiration windows, a shared transposition table, a staged move picker
//! (table move, captures, killers, quiet moves by history), late-move
//! reductions read with the history, late-move pruning, reverse futility
//! pruning, razoring, internal iterative reduction, a forced-capture
//! extension, quiescence and Lazy SMP threads.
//!
//! Each thread keeps a search stack (a `Frame` per ply: killers, principal
//! variation, the move being searched), and every node returns a `Value`:
//! the score with the ply of the earliest repetition it depends on, so that
//! path-dependent scores stay out of the table.
//!
//! The parts, one module each: `config` (the table of switches behind
//! [`AlphaBetaConfig`]), this module (the searcher and its threads),
//! `worker` (one thread's state and helpers), `iterate` (iterative
//! deepening and aspiration windows), `node` (one node as a sequence of
//! steps), `moves` (a node's move loop: PVS, reductions, rewards),
//! `qsearch` (quiescence), `picker` (the move order) and `history` (the
//! history and countermove tables).
//!
//! See [`AlphaBetaConfig`] for which options keep values exact.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use damero_core::{Evaluator, Game, GameRecord, MoveList};

mod config;
mod history;
mod iterate;
mod moves;
mod node;
mod picker;
mod qsearch;
mod stats;
mod worker;

pub use config::{AlphaBetaConfig, SwitchError, SwitchHelp};

use iterate::Iteration;
use worker::{Shared, Worker};

use crate::book::Book;
use crate::limits::Limits;
use crate::report::{SearchInfo, SearchResult};
use crate::score::{MAX_PLY, Score};
use crate::tt::TranspositionTable;

/// An alpha-beta searcher for positions of `G` evaluated by `E`. It keeps its
/// transposition table between searches (cleared by [`clear`](AlphaBeta::clear)).
///
/// ```
/// # use damero_search::{AlphaBeta, AlphaBetaConfig, Limits};
/// # fn demo<G: damero_core::Game, E: damero_core::Evaluator<G>>(position: G, evaluator: E) {
/// let mut search = AlphaBeta::new(AlphaBetaConfig::default(), evaluator);
/// let result = search.search(&position, &[], &Limits::depth(6), |info| println!("{}", info.line(&position)));
/// println!("bestmove {:?} score {}", result.best_move, result.score);
/// # }
/// ```
#[derive(Debug)]
pub struct AlphaBeta<G: Game, E: Evaluator<G>> {
    config: AlphaBetaConfig,
    evaluator: E,
    tt: TranspositionTable,
    book: Option<Arc<Book>>,
    _game: core::marker::PhantomData<fn() -> G>,
}

impl<G: Game, E: Evaluator<G>> AlphaBeta<G, E> {
    /// A searcher with these options and evaluator.
    pub fn new(config: AlphaBetaConfig, evaluator: E) -> AlphaBeta<G, E> {
        let tt = TranspositionTable::new(if config.tt { config.tt_mib } else { 0 });
        AlphaBeta { config, evaluator, tt, book: None, _game: core::marker::PhantomData }
    }

    /// The same searcher with an opening book, played from when the
    /// [`book`](AlphaBetaConfig::book) switch is on (the engine layer hands
    /// each game its shipped book; the search names no game).
    pub fn with_book(mut self, book: Option<Arc<Book>>) -> AlphaBeta<G, E> {
        self.book = book;
        self
    }

    /// The options.
    pub fn config(&self) -> &AlphaBetaConfig {
        &self.config
    }

    /// Forgets everything learnt (the transposition table), as for a new game.
    pub fn clear(&mut self) {
        self.tt.clear();
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

    /// Searches `root` within `limits`. `history` holds the Zobrist keys of
    /// the positions before it, oldest first (for repetitions; may be empty).
    /// `on_info` is called on this thread after every completed iteration.
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
        if self.config.book == Some(true)
            && let Some((mv, score)) = self.book.as_ref().and_then(|book| book.choose(root, self.config.seed))
        {
            return SearchResult::new(Some(mv), Score(score), vec![mv], start.elapsed());
        }
        self.tt.new_search();
        let mut max_depth = limits.depth.unwrap_or(MAX_PLY as u32).clamp(1, MAX_PLY as u32 - 1);
        if moves.len() == 1 && limits.is_timed() {
            // Nothing to choose: answer at once rather than think.
            max_depth = 1;
        }
        let shared = Shared { limits, start, stop: AtomicBool::new(false), nodes: AtomicU64::new(0) };
        let threads = self.config.threads.max(1);
        let tt = if self.config.tt { Some(&self.tt) } else { None };
        let config = &self.config;
        let evaluator = &self.evaluator;
        let shared_ref = &shared;
        let (done, nodes) = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map(|id| {
                    scope.spawn(move || {
                        let mut worker = Worker::new(id, evaluator, config, tt, shared_ref, history, threads);
                        let done = worker.iterate(root, max_depth, &mut |_: &SearchInfo<G>| {});
                        (done, worker.nodes, worker.stats)
                    })
                })
                .collect();
            let mut worker = Worker::new(0, evaluator, config, tt, shared_ref, history, threads);
            let mut done = worker.iterate(root, max_depth, &mut on_info);
            shared_ref.stop.store(true, Ordering::Relaxed);
            let mut nodes = worker.nodes;
            let mut stats = worker.stats;
            // The deepest completed iteration of any thread wins (the main
            // thread's on a tie): a helper may finish the last depth first.
            for helper in helpers {
                let (helper_done, helper_nodes, helper_stats) =
                    helper.join().expect("search thread panicked");
                nodes += helper_nodes;
                stats += helper_stats;
                if helper_done.depth() > done.depth() {
                    done = helper_done;
                }
            }
            #[cfg(feature = "stats")]
            eprintln!("{stats}");
            #[cfg(not(feature = "stats"))]
            let _ = stats;
            (done, nodes)
        });
        let time = start.elapsed();
        match done {
            Iteration::Completed { depth, score, pv, seldepth } => {
                SearchResult::new(pv.first().copied(), Score(score), pv, time)
                    .searched(depth, seldepth, nodes)
            }
            Iteration::None { root_best, seldepth } => {
                let best_move = Some(root_best.unwrap_or(moves[0]));
                SearchResult::new(best_move, Score(0), root_best.into_iter().collect(), time)
                    .searched(0, seldepth, nodes)
            }
        }
    }
}
