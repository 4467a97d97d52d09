//! # damero-search
//!
//! Generic search over any [`damero_core::Game`] with any
//! [`damero_core::Evaluator`]: no `dyn` and no allocation per node on the hot
//! paths, the same result for the same seed and node limit.
//!
//! - [`perft`], [`perft_divide`], [`perft_parallel`]: move-tree counts;
//!   [`perft_hashed`] with a shared lock-free [`PerftTable`] for deep ones.
//! - [`AlphaBeta`]: iterative deepening, PVS, aspiration windows, a
//!   lock-free shared [`TranspositionTable`], move ordering, quiescence,
//!   late-move reductions, Lazy SMP threads; [`AlphaBetaConfig::exact`] lists
//!   the options that keep fixed-depth values exact.
//! - [`Mcts`]: UCT with a solver, tree reuse, seeded random or
//!   evaluator-guided playouts, root-parallel threads.
//! - [`Book`]: opening books (positions by Zobrist key, scored candidate
//!   moves, a seeded choice among near-equal ones), handed to [`AlphaBeta`]
//!   as a value ([`AlphaBeta::with_book`]) and played when
//!   [`AlphaBetaConfig::book`] is on.
//! - [`Limits`] (depth, nodes, soft and hard time, a game [`Clock`] that the
//!   time manager turns into a per-move [`Budget`], a stop flag),
//!   [`SearchInfo`] per iteration (its [`line`](SearchInfo::line) is the
//!   CLI's `info` line) and [`SearchResult`]; [`bench()`], a fixed-depth
//!   node-count signature over given positions.
//!
//! The crate names no game: engine specs, levels, each game's shipped book
//! and bench positions, and matches are the engine layer's (`damero-engine`).
//!
//! Scores are [`Score`]s for the side to move; the search never assumes the
//! sides alternate (a child position with the same side to move is not
//! negated), and draws come from the game itself: no legal move
//! ([`Game::terminal_outcome`](damero_core::Game::terminal_outcome)),
//! [`Game::rule_draw`](damero_core::Game::rule_draw), and repetition (the
//! first repetition inside the search path is a draw).
//!
//! ```
//! use damero_core::Game;
//! use damero_draughts::{Russian, RussianRules};
//! use damero_eval::DraughtsEvaluator;
//! use damero_search::{AlphaBeta, AlphaBetaConfig, Limits};
//!
//! let start = Russian::start(RussianRules::default());
//! let mut search = AlphaBeta::new(AlphaBetaConfig::default(), DraughtsEvaluator::default());
//! let result = search.search(&start, &[], &Limits::depth(6), |info| println!("{}", info.line(&start)));
//! assert_eq!(result.depth, 6);
//! println!("bestmove {}", start.format_move(result.best_move.unwrap()));
//! ```
// One exception, `prefetch::prefetch`: a cache hint, measured and documented
// there. Everything else is safe code.
#![deny(unsafe_code)]
#![deny(missing_docs)]

mod alphabeta;
mod bench;
pub mod book;
mod limits;
mod mcts;
mod perft;
mod perft_hash;
mod prefetch;
mod repetition;
mod report;
mod rng;
mod score;
mod time;
mod tt;

pub use alphabeta::{AlphaBeta, AlphaBetaConfig, SwitchError, SwitchHelp};
pub use bench::{BenchReport, TimedDepth, bench, timed_depth};
pub use book::{Book, BookError, BookMove};
pub use limits::Limits;
pub use mcts::{Mcts, MctsConfig, Rollout};
pub use perft::{perft, perft_divide, perft_parallel};
pub use perft_hash::{PerftTable, perft_hashed};
pub use report::{SearchInfo, SearchResult, format_pv};
pub use rng::SeededRng;
pub use score::{INFINITY, KNOWN, KNOWN_WIN, MAX_ORACLE_PLIES, MAX_PLY, PROVEN, Score, WIN};
pub use time::{Budget, Clock};
pub use tt::{TranspositionTable, max_table_mib};
