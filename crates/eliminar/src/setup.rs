//! [`Setup`], a plain description of a position, and the checks that make it
//! playable ([`Eliminar::from_setup`]).

use core::fmt;

use damero_core::{Bitboard, Color, OptionError, RuleSet, Square};

use crate::position::Eliminar;
use crate::rules::EliminarRules;

/// A position as written down, not yet checked: where the pieces stand and
/// who moves. Parsing a FEN gives one ([`Setup::from_fen`]);
/// [`Eliminar::from_setup`] checks it and makes it playable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// White's pieces.
    pub white: Bitboard,
    /// Black's pieces.
    pub black: Bitboard,
    /// The side to move.
    pub side_to_move: Color,
}

impl Setup {
    /// The pieces of `color`.
    #[inline]
    pub const fn pieces(&self, color: Color) -> Bitboard {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }
}

/// Why a [`Setup`] is not a legal position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A square holds both a White and a Black piece.
    Overlap {
        /// The first such square.
        square: Square,
    },
    /// The rules fail [`RuleSet::validate`].
    InvalidRules(OptionError),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Overlap { square } => {
                write!(f, "invalid position: square {square} holds both a white and a black piece")
            }
            PositionError::InvalidRules(error) => write!(f, "invalid position: {error}"),
        }
    }
}

impl std::error::Error for PositionError {}

impl Eliminar {
    /// The position `setup` describes, played under `rules`. Any placement
    /// with one piece per square is legal (rule 2 leaves composed positions
    /// free).
    ///
    /// # Errors
    /// [`PositionError::Overlap`] when a square is given to both sides,
    /// [`PositionError::InvalidRules`] when `rules` fail
    /// [`RuleSet::validate`].
    pub fn from_setup(setup: Setup, rules: EliminarRules) -> Result<Eliminar, PositionError> {
        rules.validate().map_err(PositionError::InvalidRules)?;
        if let Some(square) = (setup.white & setup.black).first() {
            return Err(PositionError::Overlap { square });
        }
        Ok(Eliminar::from_checked(setup.white, setup.black, setup.side_to_move, &rules))
    }

    /// The position's placement and side to move.
    pub fn to_setup(&self) -> Setup {
        Setup {
            white: self.pieces(Color::White),
            black: self.pieces(Color::Black),
            side_to_move: self.side_to_move(),
        }
    }
}

impl damero_core::FromSetup for Eliminar {
    type Setup = Setup;
    type ParseFenError = crate::ParseFenError;
    type PositionError = PositionError;

    fn parse_setup(text: &str) -> Result<Setup, crate::ParseFenError> {
        Setup::from_fen(text)
    }

    fn from_setup(setup: Setup, rules: EliminarRules) -> Result<Eliminar, PositionError> {
        Eliminar::from_setup(setup, rules)
    }

    fn to_setup(&self) -> Setup {
        Eliminar::to_setup(self)
    }
}
