//! # damero-cross
//!
//! Justin Love's Cross (Abstract Games 6, 8x8 Game Design Competition): pieces
//! on the 64 squares and on the 49 interior vertices, guards, slides, splits
//! and three capture patterns, implemented as `shared/rules/cross.md` says.
//!
//! - [`Cross`] implements [`damero_core::Game`] (game id `cross`);
//! - [`CrossRules`] holds the options `setup`, `max_plies` and `repetition_draw`;
//! - [`Setup`] is a position as written (unchecked): [`Setup::from_fen`]
//!   reads one ([`ParseFenError`]), [`Cross::from_setup`] makes it playable
//!   ([`PositionError`]);
//! - [`Move`] is a small `Copy` move: the piece move plus the set of
//!   pieces its captures removed, so every distinct final board is a distinct
//!   move;
//!
//! Evaluations for the search live in the `damero-eval` crate.
//!
//! ```
//! use damero_core::{Color, Game};
//! use damero_cross::{Cross, CrossRules};
//!
//! let mut position = Cross::start(CrossRules::default());
//! assert_eq!(position.side_to_move(), Color::Black);
//! assert_eq!(position.legal_move_texts().len(), 58);
//! position.try_play("b2-bc23")?; // a square piece moves to a corner
//! position.try_play("g7-g6")?;
//! // b2 and b3 are empty and guarded by bc23, so the walk goes on to b4.
//! position.try_play("b1-b4")?;
//! assert_eq!(position.fen(), "wwwwwwww/wwwwww1w/6w1/8/1b6/8/b1bbbbbb/b1bbbbbb 7/7/7/7/7/1b5/7 w");
//! # Ok::<(), damero_cross::MoveError>(())
//! ```
//!
//! # Representation
//! Two bitboards per colour: square pieces and vertex pieces (a vertex is
//! numbered like the square whose top-right corner it is, so a vertex set is a
//! `u64` and the squares it guards are four shifts). Spares are derived: 16
//! minus the pieces on the board. Captures are found with bitboard "at least
//! two of four layers" tests. Once per position the generator computes the
//! squares and vertices where an arriving piece could complete a formation;
//! a move landing elsewhere needs no capture work at all (pieces leaving only
//! break formations). Otherwise the whole board is tested, and only when a
//! formation exists does the search over removal orders run.
//!
//! # Notation
//! Positions: `wwwwwwww/wwwwwwww/8/8/8/8/bbbbbbbb/bbbbbbbb 7/7/7/7/7/7/7 b` —
//! the square ranks from rank 8, the vertex rows from row `78`, the side to
//! move. Moves: `a2-a5` slide, `b2-ab12` square to corner, `ab12-b2` vertex to
//! square, `ab12*` split filling every empty guarded square, `ab12*a1,b2`
//! when spares run short (the squares filled, sorted); when one piece move
//! ends on several boards by capture order, `x` and the sorted removed
//! places: `cd45-d4xc4,d3,d4,d5,e4`. Input may also name the filled squares
//! or the removed places when not needed.
//!
//! # Decisions where the rules are silent
//! - **Double guard (rule 6)** is checked on the board right after the piece
//!   moves, before captures: a corner move next to an enemy vertex piece is
//!   refused even if the captures that follow would remove that piece. Only
//!   corner moves put pieces on vertices, so splits and vertex-to-square moves
//!   can never create a double guard; a FEN with a doubly guarded square is
//!   rejected ([`PositionError::DoubleGuard`]).
//! - **Pattern C (rule 9)** is about squares only: its centre is a square
//!   piece and its four neighbours are square pieces; a vertex piece neither
//!   forms nor fills a cross, and is not removed by one.
//! - **Corners are interior vertices only (rule 1)**: a board-corner square
//!   such as `a1` has a single corner, so pattern A can never take it; an
//!   edge square has two.
//! - **Moving into a formation is legal**: nothing forbids a move whose
//!   captures remove the mover's own pieces (the rules say captured pieces
//!   may be the mover's), and formations of either colour are all removed.
//! - **Patterns A and B** count the enemy pieces present when the formation
//!   is removed: after an earlier removal in the chosen order a formation may
//!   remove fewer pieces, or vanish.
//! - **A split's piece is not one of its own spares (rule 8)**: the spares
//!   counted are those off the board before the split; with none, a vertex
//!   piece cannot split. The split piece becomes a spare afterwards.
//! - **Distinct moves**: the same piece move with different capture orders
//!   that reach the same board is one move; different piece moves (another
//!   target, another choice of split squares) are different moves even when
//!   their final boards agree, as a player names them differently.
//! - **Slides (rule 5)** never stop on an own piece, so a walk that passes
//!   own pieces and then meets the edge or an enemy piece has no destination
//!   beyond the last empty square.
//! - **Far rank (rule 10)** means a square of that rank; a vertex piece is on
//!   no rank. The equivalent rule of the rules file is used: a player with a
//!   square piece on its far rank at the start of its turn has won, so the
//!   position has no legal move and [`Game::terminal_outcome`] is a win for
//!   the side to move. Otherwise no legal move loses (rule 11).
//! - **FEN validation**: at most 16 pieces per colour, no double guard, and no
//!   unresolved capture formation (rule 9 removes every formation before the
//!   turn passes). The ply count for `max_plies` starts at 0 from a FEN.
//!
//! [`Game::terminal_outcome`]: damero_core::Game::terminal_outcome
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod board;
pub mod fen;
mod game;
mod geometry;
mod movegen;
mod moves;
mod notation;
mod position;
mod rules;
mod setup;
mod zobrist;

pub use fen::{FenError, ParseFenError};
pub use geometry::{ParseVertexError, VERTEX_MASK, Vertex, guarded_by};
pub use moves::{Move, MoveKind};
pub use notation::MoveError;
pub use position::{Cross, PIECES_PER_PLAYER, far_rank};
pub use rules::{CrossRules, StartSetup};
pub use setup::{PositionError, Setup};

// A position is written as its setup and rules and read back through
// `from_setup`, so a document can never build an illegal position.
#[cfg(feature = "serde")]
damero_core::impl_serde_via_setup!(Cross);
