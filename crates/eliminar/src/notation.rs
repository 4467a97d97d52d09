//! Move notation: the path of squares joined by `-`, as `b3-b5-d5`; a pass
//! is `pass`. Where several paths play the same move (same start, end and
//! jumped set), the smallest string is printed and every one of them is read.

use core::fmt;

use damero_core::{Game, MoveList, Square};

use crate::movegen::{replay_path, smallest_path};
use crate::moves::Move;
use crate::position::Eliminar;

/// Why a move text was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not `pass` and not two or more squares joined by `-`.
    Malformed {
        /// The text read.
        text: String,
    },
    /// The game is over: there is no move (rules 5 and 8).
    GameOver {
        /// The text read.
        text: String,
    },
    /// `pass` while the side to move has a jump or the opponent has none (rule 4).
    PassNotAllowed {
        /// The text read.
        text: String,
    },
    /// The first square does not hold a piece of the side to move.
    NotOwnPiece {
        /// The text read.
        text: String,
        /// The first square.
        square: Square,
    },
    /// A step of the path is not a jump (rule 3): not two squares away in a
    /// straight orthogonal line, over a piece not yet jumped, onto an empty square.
    NotAJump {
        /// The text read.
        text: String,
        /// Where the step starts.
        from: Square,
        /// Where it lands.
        to: Square,
    },
    /// The chain stops while the piece can still jump (rule 3: it must go on).
    Incomplete {
        /// The text read.
        text: String,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed { text } => {
                write!(f, "invalid move '{text}': expected a path of squares like b3-b5-d5, or pass")
            }
            MoveError::GameOver { text } => write!(f, "illegal move '{text}': the game is over"),
            MoveError::PassNotAllowed { text } => write!(
                f,
                "illegal move '{text}': a pass is legal only when the side to move cannot jump and the opponent can"
            ),
            MoveError::NotOwnPiece { text, square } => {
                write!(f, "illegal move '{text}': {square} holds no piece of the side to move")
            }
            MoveError::NotAJump { text, from, to } => write!(
                f,
                "illegal move '{text}': {from}-{to} is not a jump over an adjacent piece onto an empty square"
            ),
            MoveError::Incomplete { text } => {
                write!(f, "illegal move '{text}': the chain must go on while the piece can jump")
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// `mv` as text: `pass`, or the smallest path string that plays it.
pub(crate) fn format_move(position: &Eliminar, mv: Move) -> String {
    match mv {
        Move::Pass => "pass".to_owned(),
        Move::Jump { from, to, jumped } => match smallest_path(from, to, jumped, position.occupied()) {
            Some(path) => path.iter().map(Square::to_string).collect::<Vec<_>>().join("-"),
            // Not a legal move here (the caller broke the contract): still say
            // something readable rather than panic.
            None => format!("{from}-{to}"),
        },
    }
}

/// Reads a move and checks it is legal.
pub(crate) fn parse_move(position: &Eliminar, text: &str) -> Result<Move, MoveError> {
    let owned = || text.to_owned();
    let trimmed = text.trim();
    let path: Option<Vec<Square>> = if trimmed == "pass" {
        None
    } else {
        let squares: Result<Vec<Square>, _> = trimmed.split('-').map(str::parse).collect();
        match squares {
            Ok(squares) if squares.len() >= 2 => Some(squares),
            _ => return Err(MoveError::Malformed { text: owned() }),
        }
    };
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    if moves.is_empty() {
        return Err(MoveError::GameOver { text: owned() });
    }
    let Some(path) = path else {
        return if moves[0] == Move::Pass {
            Ok(Move::Pass)
        } else {
            Err(MoveError::PassNotAllowed { text: owned() })
        };
    };
    let (from, to) = (path[0], path[path.len() - 1]);
    if !position.pieces(position.side_to_move()).contains(from) {
        return Err(MoveError::NotOwnPiece { text: owned(), square: from });
    }
    let jumped = replay_path(&path, position.occupied()).map_err(|i| MoveError::NotAJump {
        text: owned(),
        from: path[i],
        to: path[i + 1],
    })?;
    // A valid chain with the start, end and jumped set of a generated (hence
    // maximal) chain ends in the same state, so it is maximal too.
    let mv = Move::Jump { from, to, jumped };
    if moves.contains(&mv) { Ok(mv) } else { Err(MoveError::Incomplete { text: owned() }) }
}
