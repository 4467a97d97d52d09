//! The move value: a piece move (rules 5–8) and the set of pieces its capture
//! resolution removed (rule 9).

use damero_core::{Bitboard, Square};

use crate::geometry::{VERTEX_MASK, Vertex};

/// The four kinds of piece move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MoveKind {
    /// A square piece slides orthogonally to another square (rule 5): `a2-a5`.
    Slide,
    /// A square piece moves to a corner of its square (rule 6): `b2-ab12`.
    ToCorner,
    /// A vertex piece moves to one of its guarded squares (rule 7): `ab12-b2`.
    ToSquare,
    /// A vertex piece splits onto its empty guarded squares (rule 8): `ab12*`.
    Split,
}

/// A move of Cross: the piece move and the pieces its captures removed.
///
/// The removed set is part of the value, so two capture orders that end on
/// different boards are two moves, and a move identifies its final board
/// (rule 9). It is 24 bytes and `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    pub(crate) kind: MoveKind,
    /// The start square or vertex index.
    pub(crate) from: u8,
    /// The target square or vertex index; for a split, the filled squares as a
    /// 4-bit mask over the vertex's guarded squares (see [`fill_squares`]).
    pub(crate) to: u8,
    pub(crate) removed_squares: u64,
    pub(crate) removed_vertices: u64,
}

/// The squares a split of vertex `v` fills, from its 4-bit mask: bit 0 is the
/// lower-left square, bit 1 the lower-right, bit 2 the upper-left, bit 3 the
/// upper-right.
#[inline]
pub(crate) const fn fill_squares(v: u8, mask: u8) -> u64 {
    let base = 1u64 << v;
    let mut set = 0;
    if mask & 1 != 0 {
        set |= base;
    }
    if mask & 2 != 0 {
        set |= base << 1;
    }
    if mask & 4 != 0 {
        set |= base << 8;
    }
    if mask & 8 != 0 {
        set |= base << 9;
    }
    set
}

/// The 4-bit mask of [`fill_squares`] for a square set (bits outside the
/// vertex's guarded squares are ignored).
#[inline]
pub(crate) const fn fill_mask(v: u8, squares: u64) -> u8 {
    let s = squares >> v;
    ((s & 1) | (s >> 1 & 1) << 1 | (s >> 8 & 1) << 2 | (s >> 9 & 1) << 3) as u8
}

impl Move {
    #[inline]
    pub(crate) const fn piece_move(kind: MoveKind, from: u8, to: u8) -> Move {
        Move { kind, from, to, removed_squares: 0, removed_vertices: 0 }
    }

    #[inline]
    pub(crate) const fn with_removed(self, squares: u64, vertices: u64) -> Move {
        Move { removed_squares: squares, removed_vertices: vertices, ..self }
    }

    /// Whether `other` is the same piece move (perhaps with another capture
    /// order).
    #[inline]
    pub fn same_piece_move(self, other: Move) -> bool {
        self.kind == other.kind && self.from == other.from && self.to == other.to
    }

    /// What kind of piece move this is.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        self.kind
    }

    /// The start square of a slide or corner move.
    pub fn from_square(self) -> Option<Square> {
        match self.kind {
            MoveKind::Slide | MoveKind::ToCorner => Square::new(self.from),
            _ => None,
        }
    }

    /// The start vertex of a vertex-to-square move or a split.
    pub fn from_vertex(self) -> Option<Vertex> {
        match self.kind {
            MoveKind::ToSquare | MoveKind::Split => Vertex::new(self.from),
            _ => None,
        }
    }

    /// The target square of a slide or vertex-to-square move.
    pub fn to_square(self) -> Option<Square> {
        match self.kind {
            MoveKind::Slide | MoveKind::ToSquare => Square::new(self.to),
            _ => None,
        }
    }

    /// The target vertex of a corner move.
    pub fn to_vertex(self) -> Option<Vertex> {
        match self.kind {
            MoveKind::ToCorner => Vertex::new(self.to),
            _ => None,
        }
    }

    /// The squares a split fills (empty for other moves).
    pub fn filled_squares(self) -> Bitboard {
        match self.kind {
            MoveKind::Split => Bitboard(fill_squares(self.from, self.to)),
            _ => Bitboard::EMPTY,
        }
    }

    /// The squares whose pieces the captures removed (rule 9), on the board
    /// after the piece move.
    #[inline]
    pub const fn removed_squares(self) -> Bitboard {
        Bitboard(self.removed_squares)
    }

    /// The vertices whose pieces the captures removed, as a vertex set (bit
    /// `rank * 8 + file`, see [`Vertex::index`]).
    #[inline]
    pub const fn removed_vertices(self) -> u64 {
        self.removed_vertices & VERTEX_MASK
    }

    /// Whether the captures removed anything.
    #[inline]
    pub const fn removes_pieces(self) -> bool {
        self.removed_squares | self.removed_vertices != 0
    }
}
