//! The position: pieces, side to move, the options play reads, and its key.

use damero_core::{Bitboard, Color, Outcome, Square};

use crate::movegen::{first_jump_count, jump_starts};
use crate::rules::{EliminarRules, Objective};
use crate::zobrist;

/// An Eliminar position: the pieces of both sides, the side to move and the
/// two options play reads (`objective`, `end_when_stuck`). Small and `Copy`
/// (32 bytes); there are no counters (rule 7: no draw rule).
///
/// The setup-only options (`setup`, `removed_per_side`, `seed`) are not kept:
/// they chose the start position and mean nothing afterwards, and a search
/// copies this value at every node.
///
/// Build one with [`Game::start`](damero_core::Game::start),
/// [`Game::from_fen`](damero_core::Game::from_fen) or
/// [`Eliminar::from_setup`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Eliminar {
    pieces: [Bitboard; 2],
    pub(crate) side: Color,
    pub(crate) objective: Objective,
    pub(crate) end_when_stuck: bool,
    pub(crate) hash: u64,
}

impl Eliminar {
    /// A position from pieces already checked not to overlap (see
    /// [`Eliminar::from_setup`]).
    pub(crate) fn from_checked(
        white: Bitboard,
        black: Bitboard,
        side: Color,
        rules: &EliminarRules,
    ) -> Eliminar {
        let mut position = Eliminar {
            pieces: [white, black],
            side,
            objective: rules.objective,
            end_when_stuck: rules.end_when_stuck,
            hash: 0,
        };
        position.hash = position.hash_from_scratch();
        position
    }

    /// The Zobrist key computed from the pieces and the side to move.
    pub(crate) fn hash_from_scratch(&self) -> u64 {
        let mut hash = if self.side == Color::Black { zobrist::BLACK_TO_MOVE } else { 0 };
        for c in Color::ALL {
            for sq in self.pieces(c) {
                hash ^= zobrist::piece_key(c, sq);
            }
        }
        hash
    }

    /// The options play reads, with the setup-only options at their defaults.
    pub fn rules(&self) -> EliminarRules {
        EliminarRules {
            objective: self.objective,
            end_when_stuck: self.end_when_stuck,
            ..EliminarRules::default()
        }
    }

    /// The side to move.
    #[inline]
    pub const fn side_to_move(&self) -> Color {
        self.side
    }

    /// Mutable pieces, for play.
    #[inline]
    pub(crate) fn pieces_mut(&mut self) -> &mut [Bitboard; 2] {
        &mut self.pieces
    }

    /// The pieces of `color`.
    #[inline]
    pub const fn pieces(&self, color: Color) -> Bitboard {
        self.pieces[color.index()]
    }

    /// Every occupied square.
    #[inline]
    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.pieces[0].0 | self.pieces[1].0)
    }

    /// How many pieces `color` has.
    #[inline]
    pub const fn count(&self, color: Color) -> u32 {
        self.pieces(color).count()
    }

    /// The colour of the piece on `square`, if any.
    pub fn piece_at(&self, square: Square) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.pieces(c).contains(square))
    }

    /// Whether `color` could jump if it were to move (rule 3).
    #[inline]
    pub fn can_jump(&self, color: Color) -> bool {
        !jump_starts(self.pieces(color), self.occupied()).is_empty()
    }

    /// The number of first jumps (piece and direction) `color` has.
    #[inline]
    pub fn first_jumps(&self, color: Color) -> u32 {
        first_jump_count(self.pieces(color), self.occupied())
    }

    /// Whether the game is over (rules 5 and 8): nobody can jump, or, with
    /// `end_when_stuck`, the side to move cannot.
    pub fn is_over(&self) -> bool {
        !self.can_jump(self.side) && (self.end_when_stuck || !self.can_jump(!self.side))
    }

    /// The result by counting pieces (rule 6), whether or not the game is over.
    pub fn counted_outcome(&self) -> Outcome {
        let (white, black) = (self.count(Color::White), self.count(Color::Black));
        let white_wins = match self.objective {
            Objective::Fewest => white < black,
            Objective::Most => white > black,
        };
        if white == black {
            Outcome::Draw
        } else if white_wins {
            Outcome::Win(Color::White)
        } else {
            Outcome::Win(Color::Black)
        }
    }
}
