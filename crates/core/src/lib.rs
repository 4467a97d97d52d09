//! # damero-core
//!
//! The pieces every damero game is built from:
//!
//! - board primitives: [`Square`], [`Direction`], [`Color`], [`Bitboard`];
//! - stacked boards for games where pieces pile up: [`Stack`], [`StackBoard`];
//! - Zobrist keys made at compile time: [`zobrist_keys`];
//! - the [`Game`] trait, [`Outcome`], [`FenError`] (a position text's
//!   syntax or legality error), typed [`RuleSet`] options and
//!   [`OptionError`] ([`NoRules`] for a game without options), and a
//!   [`GameRecord`] that keeps history for repetition;
//! - the [`Evaluator`] trait the search crate is generic over;
//! - [`BoardView`] and [`MoveView`]: a position's places and pieces, and
//!   what a move does to them, as data for a board to draw;
//! - [`FromSetup`]: the unchecked setup -> checked position path every
//!   game reads positions by ([`read_fen`]);
//! - with the `serde` feature, `Serialize`/`Deserialize` for those values
//!   and for game records (read back with every move checked);
//! - with the `testkit` feature, a conformance suite every game runs
//!   (`damero_core::testkit`); with the `proptest` feature, proptest
//!   strategies over a game's random games and its invariant checks
//!   (`damero_core::testkit::strategies` and `::invariants`).
//!
//! ```
//! use damero_core::{Bitboard, Direction, Square};
//!
//! let e4: Square = "e4".parse()?;
//! let set = Bitboard::from_square(e4).shift(Direction::NorthEast);
//! assert_eq!(set.first().map(|s| s.to_string()), Some("f5".to_owned()));
//! # Ok::<(), damero_core::ParseSquareError>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod bitboard;
mod color;
mod eval;
mod fen;
pub mod files;
mod game;
mod numbering;
mod pdn;
mod record;
mod rules;
#[cfg(feature = "serde")]
mod serde_impls;
#[cfg(feature = "serde")]
#[doc(hidden)]
pub mod serde_setup;
mod setup;
mod square;
mod stack;
mod view;
mod zobrist;

#[cfg(feature = "testkit")]
pub mod testkit;

pub use bitboard::{Bitboard, Squares};
pub use color::Color;
pub use eval::{Evaluator, UnknownEvaluator, Verdict};
pub use fen::FenError;
pub use game::{Game, MOVE_LIST_INLINE, MoveList, Outcome, Playout, Presentation, natural_cmp};
pub use numbering::SquareNumbering;
pub use pdn::{PdnError, PdnErrorKind, PdnGame, pdn_date, read_pdn, write_pdn};
pub use record::GameRecord;
pub use rules::{NoRules, OptionError, RuleOption, RuleSet, parse_bool};
/// The `serde` crate, for [`impl_serde_via_setup!`].
#[cfg(feature = "serde")]
#[doc(hidden)]
pub use serde;
pub use setup::{FromSetup, read_fen};
pub use smallvec;
pub use square::{Direction, ParseSquareError, Square};
pub use stack::{Stack, StackBoard};
pub use view::{BoardView, MoveView, PieceView, Place, PlaceView};
pub use zobrist::{splitmix64, zobrist_keys};
