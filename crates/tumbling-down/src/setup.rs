//! [`Setup`], a plain description of a position, and the checks that make it
//! playable ([`TumblingDown::from_setup`]).

use core::fmt;

use damero_core::{Color, OptionError, RuleSet, StackBoard};

use crate::position::{PIECES_PER_SIDE, TumblingDown};
use crate::rules::TumblingDownRules;

/// A position as written down, not yet checked: the stacks, who moves, and
/// the winner when the move that led here decided the game (rule 10).
/// Parsing a FEN gives one ([`Setup::from_fen`]);
/// [`TumblingDown::from_setup`] checks it and makes it playable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// The 64 stacks.
    pub board: StackBoard,
    /// The side to move.
    pub side_to_move: Color,
    /// The winner of a decided game, `None` while it goes on.
    pub winner: Option<Color>,
}

/// Why a [`Setup`] is not a legal Tumbling Down position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// More than 29 pieces of one colour (rule 1).
    TooManyPieces {
        /// The colour.
        color: Color,
        /// How many there are.
        count: usize,
    },
    /// The rules fail [`RuleSet::validate`].
    InvalidRules(OptionError),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::TooManyPieces { color, count } => {
                write!(f, "invalid position: {count} {color} pieces, a player has at most {PIECES_PER_SIDE}")
            }
            PositionError::InvalidRules(error) => write!(f, "invalid position: {error}"),
        }
    }
}

impl std::error::Error for PositionError {}

impl TumblingDown {
    /// The position `setup` describes, played under `rules`, no move played
    /// yet (the ply count for `max_plies` starts at 0). Fewer than 29 pieces
    /// a side are allowed, for composed positions.
    ///
    /// # Errors
    /// [`PositionError::TooManyPieces`] when a colour has more than 29
    /// pieces, [`PositionError::InvalidRules`] when `rules` fail
    /// [`RuleSet::validate`].
    pub fn from_setup(setup: Setup, rules: TumblingDownRules) -> Result<TumblingDown, PositionError> {
        rules.validate().map_err(PositionError::InvalidRules)?;
        for color in Color::ALL {
            let count = setup.board.count(color);
            if count > PIECES_PER_SIDE {
                return Err(PositionError::TooManyPieces { color, count });
            }
        }
        Ok(TumblingDown::from_checked(setup.board, setup.side_to_move, setup.winner, rules))
    }

    /// The position's stacks, side to move and stored winner.
    pub fn to_setup(&self) -> Setup {
        Setup { board: self.board, side_to_move: self.state.side, winner: self.state.winner }
    }
}

impl damero_core::FromSetup for TumblingDown {
    type Setup = Setup;
    type ParseFenError = crate::ParseFenError;
    type PositionError = PositionError;

    fn parse_setup(text: &str) -> Result<Setup, crate::ParseFenError> {
        Setup::from_fen(text)
    }

    fn from_setup(setup: Setup, rules: TumblingDownRules) -> Result<TumblingDown, PositionError> {
        TumblingDown::from_setup(setup, rules)
    }

    fn to_setup(&self) -> Setup {
        TumblingDown::to_setup(self)
    }
}
