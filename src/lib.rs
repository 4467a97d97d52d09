//! # damero
//!
//! Fast, exact rules libraries for five 8x8 board games and a generic
//! game-search engine, behind one [`Game`](core::Game) trait. Each game is a
//! crate of its own, re-exported here behind a cargo feature (all on by
//! default):
//!
//! | module | crate | feature |
//! |---|---|---|
//! | [`core`] | `damero-core` | always |
//! | `draughts` | `damero-draughts` (Russian, Zisnella, Spanish, English) | `draughts` |
//! | `eliminar` | `damero-eliminar` | `eliminar` |
//! | `tumbling_down` | `damero-tumbling-down` | `tumbling-down` |
//! | `cross` | `damero-cross` | `cross` |
//! | `eval` | `damero-eval` (every game's evaluation, draughts endgame databases) | `eval` |
//! | `search` | `damero-search` (perft, alpha-beta, MCTS) | `search` |
//! | `engine` | `damero-engine` (engine specs, levels, the game registry, books, matches) | `engine` |
#![cfg_attr(feature = "draughts", doc = "```")]
#![cfg_attr(not(feature = "draughts"), doc = "```ignore")]
//! use damero::core::Game;
//! use damero::draughts::Russian;
//!
//! let start = Russian::start(Default::default());
//! assert_eq!(start.legal_move_texts().len(), 7);
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub use damero_core as core;
#[cfg(feature = "cross")]
pub use damero_cross as cross;
#[cfg(feature = "draughts")]
pub use damero_draughts as draughts;
#[cfg(feature = "eliminar")]
pub use damero_eliminar as eliminar;
#[cfg(feature = "engine")]
pub use damero_engine as engine;
#[cfg(feature = "eval")]
pub use damero_eval as eval;
#[cfg(feature = "search")]
pub use damero_search as search;
#[cfg(feature = "tumbling-down")]
pub use damero_tumbling_down as tumbling_down;

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
