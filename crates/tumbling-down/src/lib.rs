//! # damero-tumbling-down
//!
//! Tumbling Down (Demolición), Michael Shuck's stacking game, exactly as
//! `shared/rules/tumbling-down.md` states it, behind the shared
//! [`Game`](damero_core::Game) trait (game id `tumbling-down`).
//!
//! - [`TumblingDown`]: 64 stacks on a [`StackBoard`](damero_core::StackBoard), the
//!   side to move, the stored result of a deciding move, and incremental
//!   summaries (owned and pure squares, tallest pure stacks, Zobrist key).
//! - [`TumblingDownRules`]: the options `min_king_height`, `max_plies`, `repetition_draw`
//!   and `variant` ([`Variant::Original`] or [`Variant::Boardspace`]).
//! - [`Setup`]: a position as written (unchecked): [`Setup::from_fen`] reads
//!   one ([`ParseFenError`]), [`TumblingDown::from_setup`] makes it playable
//!   ([`PositionError`]).
//! - [`Move`]: `a1-b2` (single-piece move, rule 5) or `a1^b2` (tumble, rule 6).
//!
//! Evaluations for the search live in the `damero-eval` crate; the board
//! geometry they read is public ([`NEIGHBOURS`], [`RAY_LEN`]).
//!
//! ```
//! use damero_core::{Color, Game, Outcome};
//! use damero_tumbling_down::{TumblingDown, TumblingDownRules};
//!
//! // White's king (the two-high h8) is covered by a black piece and White
//! // gets no taller pure stack: Black wins (rules 9-10).
//! let empty = "........";
//! let text = format!("......b[ww]/{empty}/{empty}/{empty}/{empty}/{empty}/{empty}/b......w b");
//! let mut pos = TumblingDown::from_fen(&text, TumblingDownRules::default())?;
//! assert_eq!(pos.legal_move_texts().len(), 8); // g8: 5 single-piece moves, a1: 3
//! pos.try_play("g8-h8")?;
//! assert_eq!(pos.outcome(), Some(Outcome::Win(Color::Black)));
//! assert!(pos.legal_move_texts().is_empty());
//! assert!(pos.fen().starts_with(".......[wwb]/"));
//! assert!(pos.fen().ends_with("b......w w 0-1"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Choices where the rules file is silent
//!
//! - **Decided games in the position text.** TumblingDownRules 9–10 judge a move by the
//!   kings *before* it, so a won position cannot be told from its placement.
//!   The position stores the winner; its text then carries a third field,
//!   `1-0` or `0-1`, and a text with it reads back as a decided game. The
//!   Zobrist key covers the winner too (besides placement and side to move),
//!   so a transposition table never mixes a decided position with the same
//!   placement reached without a capture; repetitions are unaffected, since a
//!   decided game has no further moves.
//! - **Composed positions** may hold fewer than 29 pieces a side (more is an
//!   error). TumblingDownRules 9–10 are applied only after a move, so a text may show a side
//!   without pure stacks that has not lost yet; the next move (by either side)
//!   that leaves it still without one decides the game against it (rule 10). A side to move owning no stack has no
//!   move and loses ([`Game::terminal_outcome`](damero_core::Game::terminal_outcome)).
//! - **`min_king_height`** only limits which stacks are kings: a player with
//!   pure stacks all below it has no king to lose by covering, and loses only
//!   by having no pure stack at all (rule 9 as written).
//! - **`max_plies`** counts plies from the start or from the position text (the
//!   text has no move counter).
//! - **Move input**: a lone piece's move may be written `a1-b2` or `a1^b2`
//!   (both are the same move, rule 7); it is printed `a1-b2`.
//! - **Captures** for move ordering ([`Game::is_capture`](damero_core::Game::is_capture)):
//!   moves putting a piece on a stack the opponent owns.
//!
//! # Copy-make and make/unmake
//!
//! A position is 592 bytes (the 512-byte board and its summaries). The trait
//! plays by copy-make; [`TumblingDown::make`] / [`TumblingDown::unmake`] are the
//! in-place alternative (an [`Undo`] of 144 bytes: the summaries and the at
//! most 8 touched stacks), kept for measurement. In the criterion bench
//! (`benches/tumbling_down.rs`, perft 3 without bulk counting, so every leaf
//! is played) make/unmake was 6–20% faster than copy-make (original start:
//! 362 against 385 ms for 3 154 640 leaves; Boardspace start: 107 against
//! 114 ms; a position 20 plies in: 267 against 338 ms). A profile puts the
//! copy (a `memmove` and the first read of the copy) at about a fifth of a
//! copy-make leaf. Copy-make is therefore not clearly slow, and the search
//! crate needs no special case; were it wanted, the trait could gain
//! `make`/`unmake` methods with a copy-based default.
//!
//! Each side's owned and pure squares and its tallest pure stacks are kept
//! incrementally, so move generation walks only owned squares and the
//! end-of-move evaluation (rules 9–10) looks only at the squares a move touched.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod fen;
mod game;
mod geometry;
mod movegen;
mod moves;
mod notation;
mod play;
mod position;
mod rules;
mod setup;
mod start;
mod zobrist;

pub use fen::{FenError, ParseFenError};
pub use geometry::{NEIGHBOURS, RAY_LEN};
pub use moves::Move;
pub use notation::MoveError;
pub use play::Undo;
pub use position::{PIECES_PER_SIDE, TumblingDown};
pub use rules::{TumblingDownRules, Variant};
pub use setup::{PositionError, Setup};

// A position is written as its setup and rules and read back through
// `from_setup`, so a document can never build an illegal position.
#[cfg(feature = "serde")]
damero_core::impl_serde_via_setup!(TumblingDown);
