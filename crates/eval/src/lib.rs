//! # damero-eval
//!
//! What the search calls a position worth, for every damero game:
//!
//! | game | evaluator |
//! |---|---|
//! | the four draughts rule sets | [`DraughtsEvaluator`]: fitted pattern tables (the Russian default), a small network (the English default) or the hand-set [`HandEvaluator`]; the fitted files ship inside the crate |
//! | Eliminar | [`EliminarEvaluator`] |
//! | Tumbling Down | [`TumblingDownEvaluator`] |
//! | Cross | [`CrossEvaluator`] |
//!
//! and, for draughts, endgame databases: [`EndgameDatabase`] reads the
//! files `damero egdb build` writes and probes them, [`EgdbEvaluator`] puts
//! one behind any evaluator.
//!
//! A rules-only user depends on a game crate alone and compiles none of
//! this; the fitting and building code is in the unpublished `damero-lab`.
//!
//! ```
//! use damero_core::{Evaluator, Game};
//! use damero_draughts::{Russian, RussianRules, RussianVariant};
//! use damero_eval::DraughtsEvaluator;
//!
//! let start = Russian::start(RussianRules::default());
//! let evaluator = DraughtsEvaluator::<RussianVariant>::default();
//! assert!(evaluator.evaluate(&start).abs() < 50); // the start is level
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod cross;
pub mod draughts;
pub mod egdb;
mod eliminar;
mod tumbling_down;

pub use cross::CrossEvaluator;
pub use draughts::{DraughtsEvaluator, HandEvaluator, Network, Weights, WeightsError};
pub use egdb::{
    EgdbError, EgdbEvaluator, EndgameDatabase, FORMAT_VERSION as EGDB_FORMAT_VERSION,
    MAX_PIECES as EGDB_MAX_PIECES, Slice,
};
pub use eliminar::EliminarEvaluator;
pub use tumbling_down::{TumblingDownEvaluator, king_threats, mobility};
