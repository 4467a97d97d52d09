//! # damero-search
//!
//! Generic game search for damero games: perft, alpha-beta and MCTS.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
