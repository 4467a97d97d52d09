//! The position text (FEN-like) and the terminal diagram.
//!
//! Ranks 8 down to 1 separated by `/`, `w` and `b` for pieces, a digit 1–8
//! for a run of empty squares, then a space and the side to move (`w` or
//! `b`). Written with maximal runs; read leniently (runs may be split, as in
//! `44`; `white`/`black` are accepted for the side; surrounding whitespace is
//! ignored).
//!
//! Reading is in two steps: [`Setup::from_fen`] checks the syntax
//! ([`ParseFenError`]), [`Eliminar::from_setup`] the position
//! ([`PositionError`]); [`Game::from_fen`](damero_core::Game::from_fen) does
//! both and reports either as a [`FenError`].

use core::fmt;

use damero_core::{Bitboard, Color, Square};

use crate::position::Eliminar;
use crate::setup::{PositionError, Setup};

/// Why a position text cannot be read (its syntax; see [`PositionError`] for
/// what a well-formed text may still get wrong).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenError {
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

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFenError::Empty => f.write_str("invalid position: the text is empty"),
            ParseFenError::MissingSide => {
                f.write_str("invalid position: the board must be followed by the side to move (w or b)")
            }
            ParseFenError::TrailingText { text } => {
                write!(f, "invalid position: unexpected '{text}' after the side to move")
            }
            ParseFenError::WrongRankCount { found } => {
                write!(f, "invalid position: expected 8 ranks separated by '/', found {found}")
            }
            ParseFenError::BadRankLength { rank, squares } => {
                write!(f, "invalid position: rank {rank} describes {squares} squares instead of 8")
            }
            ParseFenError::InvalidChar { rank, ch } => {
                write!(f, "invalid position: '{ch}' on rank {rank} (expected w, b or a digit 1-8)")
            }
            ParseFenError::InvalidSide { text } => {
                write!(f, "invalid position: side to move '{text}' is not w or b")
            }
        }
    }
}

impl std::error::Error for ParseFenError {}

/// Why [`Game::from_fen`](damero_core::Game::from_fen) rejected a text: its
/// syntax ([`ParseFenError`]) or the position it describes
/// ([`PositionError`]).
pub type FenError = damero_core::FenError<ParseFenError, PositionError>;

impl Setup {
    /// The colour of the piece on `square`, if any (White first when both).
    pub fn piece_at(&self, square: Square) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.pieces(c).contains(square))
    }

    /// The FEN of this setup, with maximal runs of empty squares.
    pub fn to_fen(&self) -> String {
        let mut out = String::with_capacity(72);
        for rank in (0..8).rev() {
            let mut run = 0u8;
            for file in 0..8 {
                let sq = Square::from_coords(file, rank).expect("in range");
                match self.piece_at(sq) {
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
        out.push(self.side_to_move.letter());
        out
    }

    /// Reads a FEN (see the [module docs](crate::fen)).
    ///
    /// # Errors
    /// A [`ParseFenError`] naming the first problem in the text.
    pub fn from_fen(text: &str) -> Result<Setup, ParseFenError> {
        let mut fields = text.split_whitespace();
        let board = fields.next().ok_or(ParseFenError::Empty)?;
        let side = fields.next().ok_or(ParseFenError::MissingSide)?;
        if let Some(extra) = fields.next() {
            return Err(ParseFenError::TrailingText { text: extra.to_owned() });
        }
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 8 {
            return Err(ParseFenError::WrongRankCount { found: ranks.len() });
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
                    _ => return Err(ParseFenError::InvalidChar { rank: label, ch }),
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
                return Err(ParseFenError::BadRankLength { rank: label, squares: file });
            }
        }
        let side =
            Color::from_name(side).ok_or_else(|| ParseFenError::InvalidSide { text: side.to_owned() })?;
        Ok(Setup { white: pieces[0], black: pieces[1], side_to_move: side })
    }
}

/// The board for a terminal, with the side to move, the counts and the objective.
pub(crate) fn diagram(position: &Eliminar) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        out.push((b'1' + rank) as char);
        out.push(' ');
        for file in 0..8 {
            let sq = Square::from_coords(file, rank).expect("in range");
            out.push(' ');
            out.push(position.piece_at(sq).map_or('.', Color::letter));
        }
        out.push('\n');
    }
    out.push_str("   a b c d e f g h\n");
    out.push_str(&format!(
        "{} to move; white {}, black {}; objective {}\n",
        position.side_to_move(),
        position.count(Color::White),
        position.count(Color::Black),
        position.rules().objective
    ));
    out
}
