//! # damero-engine
//!
//! The engine layer every damero front end shares (the command line, the
//! Hub, the web board, the Python package): what turns the generic search
//! of `damero-search` into engines that play the seven games.
//!
//! - [`EngineSpec`] (`alphabeta:depth=8`, `mcts:playouts=20000`, `random`)
//!   and [`Engine`], which plays any spec on a [`GameRecord`](damero_core::GameRecord),
//!   with time controls and a stop flag;
//! - the playing levels ([`level_spec`], [`MIN_LEVEL`]..=[`MAX_LEVEL`]);
//! - the [`registry`]: a game id to monomorphic code, with each game's
//!   default evaluator;
//! - [`EngineGame`]: each game's shipped opening book and bench positions
//!   ([`bench_positions`]);
//! - [`run_match`] and [`elo_estimate`]: engine against engine, colours
//!   swapped, seeded openings; [`run_player_match`] for any two
//!   [`MatchPlayer`]s (an external engine over the Hub protocol is
//!   `damero_hub::HubPlayer`);
//! - [`suite`]: test suites of positions with known best moves, the shipped
//!   ones and [`suite::run_suite`] (`damero suite run`).
//!
//! ```
//! use damero_core::{Game, GameRecord};
//! use damero_draughts::{Russian, RussianRules};
//! use damero_engine::{Engine, EngineSpec};
//! use damero_eval::DraughtsEvaluator;
//!
//! let spec: EngineSpec = "alphabeta:depth=6,book=true".parse()?;
//! let mut engine = Engine::new(&spec, DraughtsEvaluator::default());
//! let record = GameRecord::new(Russian::start(RussianRules::default()));
//! let result = engine.think(&record, |_| {});
//! assert!(result.best_move.is_some());
//! # Ok::<(), damero_engine::SpecError>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod engine;
mod games;
mod level;
mod matches;
mod player;
pub mod registry;
pub mod suite;

pub use engine::{Engine, EngineSpec, SpecError, SpecLimits, TimeControl, max_threads};
pub use games::{BenchPosition, EngineGame, bench_positions};
pub use level::{LevelClock, LevelError, MAX_LEVEL, MIN_LEVEL, level_budget, level_spec, level_spec_with};
pub use matches::{
    MatchConfig, MatchGame, MatchProgress, OpeningLineError, Openings, OpeningsError, PairTally,
    elo_estimate, engine_factory, parse_openings, run_match, run_match_with_openings, run_player_match,
};
pub use player::{MatchError, MatchPlayer, PlayerError, PlayerFactory};
