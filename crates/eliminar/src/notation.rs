//! Text notation: positions (FEN-like) and moves (paths of squares).
//!
//! - Position: ranks 8 down to 1 separated by `/`, `w` and `b` for pieces, a
//!   digit 1–8 for a run of empty squares, then a space and the side to move
//!   (`w` or `b`). Written with maximal runs; read leniently (runs may be split,
//!   as in `44`; `white`/`black` are accepted for the side; surrounding
//!   whitespace is ignored).
//! - Move: the path of squares joined by `-`, as `b3-b5-d5`; a pass is `pass`.
//!   Where several paths play the same move (same start, end and jumped set),
//!   the smallest string is printed and every one of them is read.

use core::fmt;

use damero_core::{Bitboard, Color, Game, MoveList, Square};

use crate::movegen::{replay_path, smallest_path};
use crate::moves::Move;
use crate::position::Eliminar;
use crate::rules::EliminarRules;

/// Why a position text was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The text is empty.
    Empty,
    /// The board is not followed by the side to move.
    MissingSide,
    /// Something follows the side to move.
    TrailingText {
        /// The first extra field.
        text: String,
    },
    /// The board does not have 8 ranks separated by `/`.
    WrongRankCount {
        /// How many ranks were found.
        found: usize,
    },
    /// A rank does not describe exactly 8 squares.
    BadRankLength {
        /// The rank, 8 (first written) down to 1.
        rank: u8,
        /// How many squares it describes.
        squares: u32,
    },
    /// A character that is not `w`, `b` or a digit 1–8.
    InvalidChar {
        /// The rank it is on, 8 down to 1.
        rank: u8,
        /// The character.
        ch: char,
    },
    /// The side to move is not `w` or `b`.
    InvalidSide {
        /// The text read.
        text: String,
    },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => f.write_str("invalid position: the text is empty"),
            FenError::MissingSide => {
                f.write_str("invalid position: the board must be followed by the side to move (w or b)")
            }
            FenError::TrailingText { text } => {
                write!(f, "invalid position: unexpected '{text}' after the side to move")
            }
            FenError::WrongRankCount { found } => {
                write!(f, "invalid position: expected 8 ranks separated by '/', found {found}")
            }
            FenError::BadRankLength { rank, squares } => {
                write!(f, "invalid position: rank {rank} describes {squares} squares instead of 8")
            }
            FenError::InvalidChar { rank, ch } => {
                write!(f, "invalid position: '{ch}' on rank {rank} (expected w, b or a digit 1-8)")
            }
            FenError::InvalidSide { text } => {
                write!(f, "invalid position: side to move '{text}' is not w or b")
            }
        }
    }
}

impl std::error::Error for FenError {}

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

/// The position's FEN.
pub(crate) fn write_fen(position: &Eliminar) -> String {
    let mut out = String::with_capacity(72);
    for rank in (0..8).rev() {
        let mut run = 0u8;
        for file in 0..8 {
            let sq = Square::from_coords(file, rank).expect("in range");
            match position.piece_at(sq) {
                None => run += 1,
                Some(color) => {
                    if run > 0 {
                        out.push((b'0' + run) as char);
                        run = 0;
                    }
                    out.push(color.letter());
                }
            }
        }
        if run > 0 {
            out.push((b'0' + run) as char);
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(position.side_to_move().letter());
    out
}

/// Reads a FEN.
pub(crate) fn parse_fen(text: &str, rules: EliminarRules) -> Result<Eliminar, FenError> {
    let mut fields = text.split_whitespace();
    let board = fields.next().ok_or(FenError::Empty)?;
    let side = fields.next().ok_or(FenError::MissingSide)?;
    if let Some(extra) = fields.next() {
        return Err(FenError::TrailingText { text: extra.to_owned() });
    }
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::WrongRankCount { found: ranks.len() });
    }
    let mut pieces = [Bitboard::EMPTY; 2];
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let label = rank + 1;
        let mut file = 0u32;
        for ch in rank_text.chars() {
            let color = match ch {
                'w' => Some(Color::White),
                'b' => Some(Color::Black),
                '1'..='8' => None,
                _ => return Err(FenError::InvalidChar { rank: label, ch }),
            };
            match color {
                Some(color) => {
                    if file < 8 {
                        pieces[color.index()]
                            .insert(Square::from_coords(file as u8, rank).expect("in range"));
                    }
                    file += 1;
                }
                None => file += ch as u32 - '0' as u32,
            }
        }
        if file != 8 {
            return Err(FenError::BadRankLength { rank: label, squares: file });
        }
    }
    let side = Color::from_name(side).ok_or_else(|| FenError::InvalidSide { text: side.to_owned() })?;
    Ok(Eliminar::from_pieces(pieces[0], pieces[1], side, rules).expect("one piece per square"))
}

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
