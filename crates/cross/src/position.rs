//! The position: the pieces on squares and vertices, the side to move, the
//! plies played, the key.

use damero_core::{Bitboard, Color, Square};

use crate::board::Board;
use crate::geometry::{Vertex, guarded_by, vertices_of};
use crate::rules::CrossRules;
use crate::zobrist;

/// Pieces each player owns (rule 3).
pub const PIECES_PER_PLAYER: u32 = 16;

/// A Cross position: the pieces on squares and vertices, the side to move,
/// the plies played (for `max_plies`) and the rules. Spares are derived
/// (16 minus the pieces on the board, rule 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cross {
    pub(crate) board: Board,
    pub(crate) side: Color,
    pub(crate) plies: u32,
    pub(crate) hash: u64,
    pub(crate) rules: CrossRules,
}

/// The rank a colour must reach (rule 10): rank 8 for Black, rank 1 for White.
#[inline]
pub const fn far_rank(color: Color) -> Bitboard {
    match color {
        Color::Black => Bitboard::RANK_8,
        Color::White => Bitboard::RANK_1,
    }
}

impl Cross {
    /// A position from a board already checked (see [`Cross::from_setup`]).
    pub(crate) fn from_board(board: Board, side: Color, rules: CrossRules) -> Cross {
        Cross { board, side, plies: 0, hash: zobrist::hash(&board, side), rules }
    }

    /// The pieces of `color` on squares.
    #[inline]
    pub const fn squares(&self, color: Color) -> Bitboard {
        Bitboard(self.board.squares[color.index()])
    }

    /// The pieces of `color` on vertices, as a vertex set (bit `rank * 8 +
    /// file`, see [`Vertex::index`]).
    #[inline]
    pub const fn vertices(&self, color: Color) -> u64 {
        self.board.vertices[color.index()]
    }

    /// The vertex pieces of `color`.
    pub fn vertex_pieces(&self, color: Color) -> impl Iterator<Item = Vertex> {
        vertices_of(self.vertices(color))
    }

    /// The owner of the piece on `square`, if any.
    pub fn piece_on_square(&self, square: Square) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.squares(c).contains(square))
    }

    /// The owner of the piece on `vertex`, if any.
    pub fn piece_on_vertex(&self, vertex: Vertex) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.vertices(c) & vertex.bit() != 0)
    }

    /// The squares `color` guards: the squares with a `color` piece on one of
    /// their corners (rule 2).
    #[inline]
    pub const fn guarded(&self, color: Color) -> Bitboard {
        Bitboard(guarded_by(self.vertices(color)))
    }

    /// How many pieces of `color` stand on the board.
    #[inline]
    pub const fn on_board(&self, color: Color) -> u32 {
        self.board.on_board(color)
    }

    /// The spares of `color`: its pieces off the board (rule 3).
    #[inline]
    pub const fn spares(&self, color: Color) -> u32 {
        PIECES_PER_PLAYER - self.on_board(color)
    }

    /// Plies played since the start or the FEN (for `max_plies`).
    #[inline]
    pub const fn plies(&self) -> u32 {
        self.plies
    }

    /// Whether the side to move has won by rule 10: it has a piece on a
    /// square of its far rank at the start of its turn (it stood there after
    /// its own last turn and the opponent did not remove it).
    #[inline]
    pub const fn far_rank_win(&self) -> bool {
        self.board.squares[self.side.index()] & far_rank(self.side).0 != 0
    }
}
