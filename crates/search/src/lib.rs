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
//!   moves, a seeded choice among near-equal ones), shipped for Russian and
//!   English and used by [`AlphaBeta`] when [`AlphaBetaConfig::book`] is on.
//! - [`Limits`] (depth, nodes, soft and hard time, a game [`Clock`] that the
//!   time manager turns into a per-move [`Budget`], a stop flag),
//!   [`SearchInfo`] per iteration (its [`line`](SearchInfo::line) is the
//!   CLI's `info` line) and [`SearchResult`].
//! - For the command line: [`EngineSpec`] (`alphabeta:depth=8`,
//!   `mcts:playouts=20000`...) and [`Engine`], playing [`level_spec`]s,
//!   [`run_match`] with [`elo_estimate`], and [`bench()`] over the
//!   [`BENCH_POSITIONS`].
//!
//! Scores are [`Score`]s for the side to move; the search never assumes the
//! sides alternate (a child position with the same side to move is not
//! negated), and draws come from the game itself: no legal move
//! ([`Game::terminal_outcome`](damero_core::Game::terminal_outcome)),
//! [`Game::rule_draw`](damero_core::Game::rule_draw), and repetition (the
//! first repetition inside the search path is a draw).
//!
//! ```
//! use damero_core::{Game, GameRecord};
//! use damero_draughts::{Russian, RussianRules};
//! use damero_eval::DraughtsEvaluator;
//! use damero_search::{AlphaBeta, AlphaBetaConfig, Engine, EngineSpec, Limits};
//!
//! let start = Russian::start(RussianRules::default());
//! let mut search = AlphaBeta::new(AlphaBetaConfig::default(), DraughtsEvaluator::default());
//! let result = search.search(&start, &[], &Limits::depth(6), |info| println!("{}", info.line(&start)));
//! assert_eq!(result.depth, 6);
//! println!("bestmove {}", start.format_move(result.best_move.unwrap()));
//!
//! // The same through an engine spec, as the CLI does it.
//! let spec: EngineSpec = "mcts:playouts=2000,seed=3".parse()?;
//! let mut engine = Engine::new(&spec, DraughtsEvaluator::default());
//! let record = GameRecord::new(start);
//! let result = engine.think(&record, |_| {});
//! assert!(result.best_move.is_some());
//! # Ok::<(), damero_search::SpecError>(())
//! ```
// One exception, `prefetch::prefetch`: a cache hint, measured and documented
// there. Everything else is safe code.
#![deny(unsafe_code)]
#![deny(missing_docs)]

mod alphabeta;
mod bench;
pub mod book;
mod engine;
mod level;
mod limits;
mod matches;
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
pub use bench::{BENCH_POSITIONS, BenchPosition, BenchReport, bench, bench_positions};
pub use book::{Book, BookError, BookMove};
pub use engine::{Engine, EngineSpec, SpecError, SpecLimits, TimeControl, max_table_mib, max_threads};
pub use level::{LevelClock, LevelError, MAX_LEVEL, MIN_LEVEL, level_budget, level_spec, level_spec_with};
pub use limits::Limits;
pub use matches::{
    MatchConfig, MatchGame, MatchProgress, PairTally, elo_estimate, run_match, run_match_with_openings,
};
pub use mcts::{Mcts, MctsConfig, Rollout};
pub use perft::{perft, perft_divide, perft_parallel};
pub use perft_hash::{PerftTable, perft_hashed};
pub use report::{SearchInfo, SearchResult, format_pv};
pub use rng::SeededRng;
pub use score::{INFINITY, KNOWN, KNOWN_WIN, MAX_PLY, PROVEN, Score, WIN};
pub use time::{Budget, Clock};
pub use tt::TranspositionTable;
