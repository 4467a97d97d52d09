//! # damero
//!
//! Fast, exact rules libraries for five 8x8 board games and a generic
//! game-search engine, behind one [`Game`](core::Game) trait.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub use damero_core as core;
