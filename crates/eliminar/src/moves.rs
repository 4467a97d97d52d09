//! The move type.

use damero_core::{Bitboard, Square};

/// One Eliminar move (rules 3 and 4): a maximal jump chain, or a pass.
///
/// A chain is identified by its start, its end and the set of pieces it jumps
/// (rule 3: two chains with the same three are one move); the path itself is
/// not stored, and [`Game::format_move`](damero_core::Game::format_move)
/// prints the smallest path string that plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Move {
    /// The side to move has no jump and the opponent has one (rule 4).
    Pass,
    /// A jump chain by the piece on `from`.
    Jump {
        /// The square the moving piece starts on.
        from: Square,
        /// The square it ends on (may equal `from` when the chain loops back).
        to: Square,
        /// Every piece jumped, own and enemy, all removed at the end; never empty.
        jumped: Bitboard,
    },
}

impl Move {
    /// Whether this is the pass.
    #[inline]
    pub const fn is_pass(self) -> bool {
        matches!(self, Move::Pass)
    }

    /// The pieces this move removes (empty for a pass).
    #[inline]
    pub const fn jumped(self) -> Bitboard {
        match self {
            Move::Pass => Bitboard::EMPTY,
            Move::Jump { jumped, .. } => jumped,
        }
    }
}
