//! [`Setup`], a plain description of a position, and the checks that make it
//! playable ([`Cross::from_setup`]).

use core::fmt;

use damero_core::{Bitboard, Color, OptionError, RuleSet, Square};

use crate::board::Board;
use crate::geometry::{VERTEX_MASK, Vertex, squares_of, vertices_of};
use crate::position::{Cross, PIECES_PER_PLAYER};
use crate::rules::CrossRules;

/// A position as written down, not yet checked: the pieces on squares and
/// on vertices and who moves. Parsing a FEN gives one ([`Setup::from_fen`]);
/// [`Cross::from_setup`] checks it and makes it playable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// The square pieces, by [`Color::index`] (White first).
    pub squares: [Bitboard; 2],
    /// The vertex pieces, by [`Color::index`], as vertex sets (bit `rank * 8
    /// + file`, see [`Vertex::index`]; only bits of [`VERTEX_MASK`] are vertices).
    pub vertices: [u64; 2],
    /// The side to move.
    pub side_to_move: Color,
}

/// Why a [`Setup`] is not a legal Cross position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A square holds pieces of both colours.
    SquareOverlap {
        /// The first such square.
        square: Square,
    },
    /// A vertex holds pieces of both colours.
    VertexOverlap {
        /// The first such vertex.
        vertex: Vertex,
    },
    /// A vertex set has a bit that is no interior vertex (outside [`VERTEX_MASK`]).
    NotAVertex {
        /// The bit index.
        index: u8,
    },
    /// More than 16 pieces of one colour on the board (rule 3).
    TooManyPieces {
        /// The colour.
        color: Color,
        /// Its pieces on the board.
        count: u32,
    },
    /// A square guarded by both colours, which rule 6 makes impossible.
    DoubleGuard {
        /// The square.
        square: Square,
    },
    /// A capture formation is still on the board; rule 9 removes every
    /// formation before the turn passes, so no such position arises.
    UnresolvedFormation {
        /// The centre of the formation (a square or a vertex).
        at: String,
    },
    /// The rules fail [`RuleSet::validate`].
    InvalidRules(OptionError),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::SquareOverlap { square } => {
                write!(f, "invalid cross position: square {square} holds pieces of both players")
            }
            PositionError::VertexOverlap { vertex } => {
                write!(f, "invalid cross position: vertex {vertex} holds pieces of both players")
            }
            PositionError::NotAVertex { index } => {
                write!(f, "invalid cross position: bit {index} of a vertex set is not an interior vertex")
            }
            PositionError::TooManyPieces { color, count } => write!(
                f,
                "invalid cross position: {color} has {count} pieces on the board, at most {PIECES_PER_PLAYER}"
            ),
            PositionError::DoubleGuard { square } => {
                write!(f, "invalid cross position: square {square} is guarded by both players")
            }
            PositionError::UnresolvedFormation { at } => {
                write!(f, "invalid cross position: an unresolved capture formation stands at {at}")
            }
            PositionError::InvalidRules(error) => write!(f, "invalid cross position: {error}"),
        }
    }
}

impl std::error::Error for PositionError {}

impl Cross {
    /// The position `setup` describes, played under `rules`; its ply count
    /// (for `max_plies`) starts at 0.
    ///
    /// # Errors
    /// A [`PositionError`]: overlapping pieces, a bit that is no vertex, more
    /// than 16 pieces of a colour, a doubly guarded square, a formation
    /// still standing, or rules that fail [`RuleSet::validate`].
    pub fn from_setup(setup: Setup, rules: CrossRules) -> Result<Cross, PositionError> {
        rules.validate().map_err(PositionError::InvalidRules)?;
        let [white, black] = setup.squares;
        if let Some(square) = (white & black).first() {
            return Err(PositionError::SquareOverlap { square });
        }
        let [white_vertices, black_vertices] = setup.vertices;
        if let Some(vertex) = vertices_of(white_vertices & black_vertices & VERTEX_MASK).next() {
            return Err(PositionError::VertexOverlap { vertex });
        }
        let stray = (white_vertices | black_vertices) & !VERTEX_MASK;
        if stray != 0 {
            return Err(PositionError::NotAVertex { index: stray.trailing_zeros() as u8 });
        }
        let board = Board { squares: setup.squares.map(|b| b.0), vertices: setup.vertices };
        for color in Color::ALL {
            let count = board.on_board(color);
            if count > PIECES_PER_PLAYER {
                return Err(PositionError::TooManyPieces { color, count });
            }
        }
        if let Some(square) = squares_of(board.double_guard()).next() {
            return Err(PositionError::DoubleGuard { square });
        }
        if let Some(at) = board.formation_centre() {
            return Err(PositionError::UnresolvedFormation { at });
        }
        Ok(Cross::from_board(board, setup.side_to_move, rules))
    }

    /// The position's placement and side to move.
    pub fn to_setup(&self) -> Setup {
        Setup {
            squares: Color::ALL.map(|c| self.squares(c)),
            vertices: Color::ALL.map(|c| self.vertices(c)),
            side_to_move: self.side,
        }
    }
}

impl damero_core::FromSetup for Cross {
    type Setup = Setup;
    type ParseFenError = crate::ParseFenError;
    type PositionError = PositionError;

    fn parse_setup(text: &str) -> Result<Setup, crate::ParseFenError> {
        Setup::from_fen(text)
    }

    fn from_setup(setup: Setup, rules: CrossRules) -> Result<Cross, PositionError> {
        Cross::from_setup(setup, rules)
    }

    fn to_setup(&self) -> Setup {
        Cross::to_setup(self)
    }
}
