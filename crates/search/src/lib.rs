//! # damero-search
//!
//! Generic search over any [`damero_core::Game`]: perft (move-generator
//! verification and speed), alpha-beta and MCTS.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod perft;

pub use perft::{perft, perft_divide, perft_parallel};
