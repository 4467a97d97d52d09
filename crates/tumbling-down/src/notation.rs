//! Move notation: `a1-b2` (single-piece move, rule 5) and `a1^b2` (tumble,
//! rule 6), with typed errors.

use core::fmt;

use damero_core::{Color, Direction, Square};

use crate::moves::Move;
use crate::position::TumblingDown;

/// Why a move text was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not of the form `a1-b2` or `a1^b2`.
    Malformed {
        /// The text as given.
        text: String,
    },
    /// The two squares do not touch.
    NotAdjacent {
        /// Start square.
        from: Square,
        /// Second square.
        to: Square,
    },
    /// No stack stands on the start square.
    EmptySquare {
        /// Start square.
        square: Square,
    },
    /// The stack on the start square is topped by the other player (rule 4).
    NotOwned {
        /// Start square.
        square: Square,
        /// Who owns it.
        owner: Color,
    },
    /// A single-piece move from a stack of two or more, which the Boardspace
    /// revision does not allow.
    SinglePieceMoveNotAllowed {
        /// Start square.
        from: Square,
        /// Second square.
        to: Square,
    },
    /// The game is already decided (rule 10): no move is legal.
    GameOver {
        /// The winner.
        winner: Color,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed { text } => {
                write!(
                    f,
                    "invalid move '{text}': expected a single-piece move like a1-b2 or a tumble like a1^b2"
                )
            }
            MoveError::NotAdjacent { from, to } => {
                write!(f, "illegal move: {from} and {to} are not adjacent squares")
            }
            MoveError::EmptySquare { square } => write!(f, "illegal move: no stack on {square}"),
            MoveError::NotOwned { square, owner } => {
                write!(f, "illegal move: the stack on {square} belongs to {owner} (its top piece)")
            }
            MoveError::SinglePieceMoveNotAllowed { from, to } => write!(
                f,
                "illegal move {from}-{to}: the Boardspace variant has no single-piece moves, tumble with {from}^{to}"
            ),
            MoveError::GameOver { winner } => write!(f, "illegal move: the game is over, {winner} won"),
        }
    }
}

impl std::error::Error for MoveError {}

/// The three parts of a move text: start, `-` (false) or `^` (true), second square.
pub(crate) fn split_move_text(text: &str) -> Result<(Square, bool, Square), MoveError> {
    let malformed = || MoveError::Malformed { text: text.to_owned() };
    if text.len() != 5 || !text.is_ascii() {
        return Err(malformed());
    }
    let from: Square = text[0..2].parse().map_err(|_| malformed())?;
    let tumble = match text.as_bytes()[2] {
        b'-' => false,
        b'^' => true,
        _ => return Err(malformed()),
    };
    let to: Square = text[3..5].parse().map_err(|_| malformed())?;
    Ok((from, tumble, to))
}

/// Reads `text` as a move and checks that it is legal here. Both forms of a
/// lone piece's move (`a1-b2`, `a1^b2`) are accepted (rule 7).
///
/// # Errors
/// A [`MoveError`] naming what is wrong.
pub(crate) fn parse_move(position: &TumblingDown, text: &str) -> Result<Move, MoveError> {
    let (from, tumble, to) = split_move_text(text)?;
    let direction = Direction::between(from, to).ok_or(MoveError::NotAdjacent { from, to })?;
    if let Some(winner) = position.state.winner {
        return Err(MoveError::GameOver { winner });
    }
    let stack = position.board.get(from);
    let owner = stack.top().ok_or(MoveError::EmptySquare { square: from })?;
    if owner != position.state.side {
        return Err(MoveError::NotOwned { square: from, owner });
    }
    if stack.height() == 1 {
        return Ok(Move::step(from, direction));
    }
    if tumble {
        Ok(Move::tumble(from, direction))
    } else if position.rules.variant.has_single_piece_moves() {
        Ok(Move::step(from, direction))
    } else {
        Err(MoveError::SinglePieceMoveNotAllowed { from, to })
    }
}

/// `mv` as text: `a1-b2` or `a1^b2`.
pub(crate) fn format_move(mv: Move) -> String {
    mv.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_texts_split() {
        let (from, tumble, to) = split_move_text("c3^d4").unwrap();
        assert_eq!((from.to_string(), tumble, to.to_string()), ("c3".to_owned(), true, "d4".to_owned()));
        for bad in ["", "a1b2", "a1-b", "a1+b2", "a9-a8", "é1-b2", "a1-b2 "] {
            assert!(matches!(split_move_text(bad), Err(MoveError::Malformed { .. })), "{bad}");
        }
    }
}
