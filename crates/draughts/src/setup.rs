//! [`Setup`], a plain description of a position, and the checks that make it
//! playable ([`Draughts::from_setup`]).

use core::fmt;

use damero_core::{Bitboard, Color, OptionError, RuleSet, Square};

use crate::layout::{BOTTOM_ROW, TOP_ROW, bit_of_square, square_of};
use crate::position::{Draughts, Piece};
use crate::variant::Variant;

/// The most pieces a side has (every rule set starts with 12).
const PIECES_PER_SIDE: u32 = 12;

/// A position as written down, not yet checked: the pieces on the 8x8 board
/// (algebraic squares, whatever the rule set's notation), the kings among
/// them and who moves. Parsing a FEN gives one ([`Setup::from_fen`]);
/// [`Draughts::from_setup`] checks it against a rule set and makes it
/// playable. Draw counters are not part of it (a FEN carries none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// White's pieces.
    pub white: Bitboard,
    /// Black's pieces.
    pub black: Bitboard,
    /// Which of those pieces are kings.
    pub kings: Bitboard,
    /// The side to move.
    pub side_to_move: Color,
}

impl Setup {
    /// An empty board with `side_to_move` to move.
    pub const fn empty(side_to_move: Color) -> Setup {
        Setup { white: Bitboard::EMPTY, black: Bitboard::EMPTY, kings: Bitboard::EMPTY, side_to_move }
    }

    /// The setup with `pieces` placed and `side_to_move` to move (a later
    /// piece on the same square is added to it, which
    /// [`Draughts::from_setup`] then reports as an overlap when the colours
    /// differ).
    pub fn with_pieces(side_to_move: Color, pieces: impl IntoIterator<Item = (Square, Piece)>) -> Setup {
        let mut setup = Setup::empty(side_to_move);
        for (square, piece) in pieces {
            setup.put(square, piece);
        }
        setup
    }

    /// Puts `piece` on `square`.
    pub fn put(&mut self, square: Square, piece: Piece) {
        match piece.color {
            Color::White => self.white.insert(square),
            Color::Black => self.black.insert(square),
        }
        if piece.king {
            self.kings.insert(square);
        }
    }

    /// The pieces of `color`.
    #[inline]
    pub const fn pieces(&self, color: Color) -> Bitboard {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }
}

/// Why a [`Setup`] is not a legal position of a rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A piece on a square this rule set does not play on.
    NotPlayingSquare {
        /// The square.
        square: Square,
    },
    /// A square holds a White and a Black piece.
    Overlap {
        /// The square.
        square: Square,
    },
    /// A king mark on a square without a piece.
    KingOnEmptySquare {
        /// The square.
        square: Square,
    },
    /// A man on the row where it would have been crowned.
    ManOnCrowningRow {
        /// The square.
        square: Square,
    },
    /// More than the 12 pieces a side starts with.
    TooManyPieces {
        /// The colour.
        color: Color,
        /// How many were given.
        count: u32,
    },
    /// The rules fail [`RuleSet::validate`].
    InvalidRules(OptionError),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::NotPlayingSquare { square } => {
                write!(f, "invalid FEN: {square} is not a playing square in this game")
            }
            PositionError::Overlap { square } => write!(f, "invalid FEN: two pieces on {square}"),
            PositionError::KingOnEmptySquare { square } => {
                write!(f, "invalid FEN: a king mark on the empty square {square}")
            }
            PositionError::ManOnCrowningRow { square } => {
                write!(f, "invalid FEN: a man on {square} would already be a king")
            }
            PositionError::TooManyPieces { color, count } => {
                write!(f, "invalid FEN: {count} {color} pieces (at most {PIECES_PER_SIDE})")
            }
            PositionError::InvalidRules(error) => write!(f, "invalid FEN: {error}"),
        }
    }
}

impl std::error::Error for PositionError {}

impl<V: Variant> Draughts<V> {
    /// The position `setup` describes under rule set `V` and `rules`, its draw
    /// counters at zero.
    ///
    /// # Errors
    /// A [`PositionError`]: a piece off the playing squares, two pieces on a
    /// square, a king mark without a piece, a man on its crowning row, more
    /// than 12 pieces a side, or rules that fail [`RuleSet::validate`].
    pub fn from_setup(setup: Setup, rules: V::Rules) -> Result<Draughts<V>, PositionError> {
        rules.validate().map_err(PositionError::InvalidRules)?;
        if let Some(square) = (setup.white & setup.black).first() {
            return Err(PositionError::Overlap { square });
        }
        if let Some(square) = (setup.kings & !(setup.white | setup.black)).first() {
            return Err(PositionError::KingOnEmptySquare { square });
        }
        let mut pieces = [0u64; 2];
        let mut kings = 0u64;
        for color in Color::ALL {
            let crowning_row = match color {
                Color::White => TOP_ROW,
                Color::Black => BOTTOM_ROW,
            };
            for square in setup.pieces(color) {
                let bit =
                    bit_of_square(square, V::MIRRORED).ok_or(PositionError::NotPlayingSquare { square })?;
                let king = setup.kings.contains(square);
                if !king && crowning_row >> bit & 1 != 0 {
                    return Err(PositionError::ManOnCrowningRow { square });
                }
                pieces[color.index()] |= 1 << bit;
                kings |= u64::from(king) << bit;
            }
            let count = setup.pieces(color).count();
            if count > PIECES_PER_SIDE {
                return Err(PositionError::TooManyPieces { color, count });
            }
        }
        Ok(Draughts::from_bits(rules, setup.side_to_move, pieces, kings))
    }

    /// The position's pieces and side to move (the draw counters are left out).
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty(self.side);
        for color in Color::ALL {
            let mut bits = self.pieces[color.index()];
            while bits != 0 {
                let bit = bits.trailing_zeros();
                bits &= bits - 1;
                let king = self.kings >> bit & 1 != 0;
                setup.put(square_of(bit, V::MIRRORED), Piece { color, king });
            }
        }
        setup
    }
}

impl<V: Variant> damero_core::FromSetup for Draughts<V> {
    type Setup = Setup;
    type ParseFenError = crate::ParseFenError;
    type PositionError = PositionError;

    fn parse_setup(text: &str) -> Result<Setup, crate::ParseFenError> {
        Setup::from_fen::<V>(text)
    }

    fn from_setup(setup: Setup, rules: V::Rules) -> Result<Draughts<V>, PositionError> {
        Draughts::from_setup(setup, rules)
    }

    fn to_setup(&self) -> Setup {
        Draughts::to_setup(self)
    }
}
