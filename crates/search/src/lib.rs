//! # damero-search
//!
//! Generic search over any [`damero_core::Game`]: perft (move-generator
//! verification and speed), alpha-beta and MCTS.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod alphabeta;
mod limits;
mod mcts;
mod perft;
mod report;
mod rng;
mod score;
mod tt;

pub use alphabeta::{AlphaBeta, AlphaBetaConfig};
pub use limits::Limits;
pub use mcts::{Mcts, MctsConfig, Rollout};
pub use perft::{perft, perft_divide, perft_parallel};
pub use report::{SearchInfo, SearchResult, format_pv};
pub use rng::SeededRng;
pub use score::{INFINITY, MAX_PLY, PROVEN, Score, WIN};
pub use tt::TranspositionTable;
