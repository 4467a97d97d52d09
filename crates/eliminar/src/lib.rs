//! # damero-eliminar
//!
//! Eliminar: orthogonal jump chains over the full 8x8 board, after
//! `shared/rules/eliminar.md` (the rule numbers in the code are that file's).
//!
//! - [`Eliminar`] implements [`damero_core::Game`] (game id `eliminar`);
//! - [`EliminarRules`] holds every option: `setup` (S1 default, S2, S3, S4),
//!   `removed_per_side` (4), `seed` (0), `objective` (fewest / most),
//!   `end_when_stuck` (false);
//! - [`Setup`] is a position as written (pieces and side to move, unchecked):
//!   [`Setup::from_fen`] reads one ([`ParseFenError`] for bad syntax),
//!   [`Eliminar::from_setup`] makes it playable ([`PositionError`]);
//! - [`Move`] is a maximal jump chain (start, end, jumped set) or the pass;
//!
//! Evaluations for the search live in the `damero-eval` crate.
//!
//! ```
//! use damero_core::{Game, Outcome, RuleSet};
//! use damero_eliminar::{Eliminar, EliminarRules};
//!
//! // Rule 3: b2 jumps its own b3 and then Black's c4 (turning), removing both;
//! // the chain must go on while it can, so `b2-b4` alone is refused. b3 may
//! // also jump b2.
//! let mut position = Eliminar::from_fen("8/8/8/8/2b5/1w6/1w6/8 w", EliminarRules::default())?;
//! assert_eq!(position.legal_move_texts(), ["b2-b4-d4", "b3-b1"]);
//! assert!(position.try_play("b2-b4").is_err());
//! position.try_play("b2-b4-d4")?;
//! assert_eq!(position.fen(), "8/8/8/8/3w4/8/8/8 b");
//!
//! // Rule 5: nobody can jump, the game is over; rule 6: with one piece against
//! // none, fewest wins is Black's win, most wins is White's.
//! assert_eq!(position.outcome(), Some(Outcome::Win(damero_core::Color::Black)));
//! let most = EliminarRules::default().with_options(["objective=most"])?;
//! let other = Eliminar::from_fen(&position.fen(), most)?;
//! assert_eq!(other.outcome(), Some(Outcome::Win(damero_core::Color::White)));
//!
//! // Random setups are fixed by the seed (rule 2).
//! let rules = EliminarRules::default().with_options(["setup=S4", "seed=42"])?;
//! assert_eq!(Eliminar::start(rules), Eliminar::start(rules));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Choices where the rules are silent
//! - **Setups** are drawn from ChaCha8 keyed by the seed with this crate's own
//!   uniform selection, so a seed gives the same start on every machine and in
//!   every version (see the `setup` module docs; a test pins one). S3 ignores
//!   `removed_per_side`; with S1/S2/S4, a value not below the side's piece
//!   count fails [`RuleSet::validate`](damero_core::RuleSet::validate):
//!   [`Game::try_start`](damero_core::Game::try_start) returns that error.
//! - **Rule 7** counts jumps: at most 63 jumps (each removes a piece and one
//!   piece always stays), and a pass is always followed by a jump, so a game
//!   has at most 126 plies.
//! - **FEN input** is lenient where it cannot be ambiguous: runs of empty
//!   squares may be split (`44`), the side may be written `white`/`black`.
//! - **Move input** accepts every path of a move, surrounding whitespace, and
//!   nothing else (no `from-to` shorthand: a two-square text is a one-jump path).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod fen;
mod game;
mod movegen;
mod moves;
mod notation;
mod position;
mod rules;
mod setup;
mod start;
mod zobrist;

pub use fen::{FenError, ParseFenError};
pub use moves::Move;
pub use notation::MoveError;
pub use position::Eliminar;
pub use rules::{EliminarRules, Objective, StartSetup};
pub use setup::{PositionError, Setup};

// A position is written as its setup and rules and read back through
// `from_setup`, so a document can never build an illegal position.
#[cfg(feature = "serde")]
damero_core::impl_serde_via_setup!(Eliminar);
