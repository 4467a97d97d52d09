//! PDN FEN positions and the terminal diagram, with typed errors.
//!
//! `W:Wa1,c1,Kd4:Bb8,e7` (algebraic) or `B:W21-32:B1-12` (English, numeric,
//! with ranges): the side to move, then each colour's pieces, `K` before a
//! king. Reading is in two steps: [`Setup::from_fen`] checks the syntax
//! ([`ParseFenError`]), [`Draughts::from_setup`] the position under a rule
//! set ([`PositionError`]); [`Game::from_fen`](damero_core::Game::from_fen)
//! does both and reports either as a [`FenError`].

use core::fmt;

use damero_core::{Color, Square};

use crate::layout::{VALID, bit_of_number, bit_of_square, number_of, square_of};
use crate::position::{Draughts, Piece};
use crate::setup::{PositionError, Setup};
use crate::variant::Variant;

/// Why a FEN cannot be read (its syntax; [`PositionError`] says what a
/// well-formed FEN may still get wrong).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenError {
    /// Nothing to read.
    Empty,
    /// The first field is not `W` or `B`.
    InvalidSide {
        /// The field as given.
        text: String,
    },
    /// A piece field does not start with `W` or `B`.
    InvalidColorField {
        /// The field as given.
        text: String,
    },
    /// The same colour has two piece fields.
    DuplicateColorField {
        /// The colour.
        color: Color,
    },
    /// A piece entry is not a square of this notation.
    InvalidSquare {
        /// The entry as given.
        text: String,
    },
    /// Two pieces on one square.
    DuplicateSquare {
        /// The square as given.
        square: String,
    },
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFenError::Empty => f.write_str("invalid FEN: empty text"),
            ParseFenError::InvalidSide { text } => {
                write!(f, "invalid FEN: side to move '{text}' is not W or B")
            }
            ParseFenError::InvalidColorField { text } => {
                write!(f, "invalid FEN: piece field '{text}' does not start with W or B")
            }
            ParseFenError::DuplicateColorField { color } => {
                write!(f, "invalid FEN: two piece fields for {color}")
            }
            ParseFenError::InvalidSquare { text } => write!(f, "invalid FEN: '{text}' is not a square"),
            ParseFenError::DuplicateSquare { square } => write!(f, "invalid FEN: two pieces on {square}"),
        }
    }
}

impl std::error::Error for ParseFenError {}

/// Why [`Game::from_fen`](damero_core::Game::from_fen) rejected a text: its
/// syntax ([`ParseFenError`]) or the position it describes
/// ([`PositionError`]).
pub type FenError = damero_core::FenError<ParseFenError, PositionError>;

/// A square in `V`'s FEN notation: its PDN number for English when it is a
/// playing square, else its algebraic name.
fn square_name<V: Variant>(square: Square) -> String {
    match bit_of_square(square, V::MIRRORED) {
        Some(bit) if V::NUMERIC => number_of(bit).to_string(),
        _ => square.to_string(),
    }
}

/// The square of a PDN number (English numbering, in `V`'s orientation).
fn square_of_number<V: Variant>(n: u32) -> Option<Square> {
    bit_of_number(n).map(|bit| square_of(bit, V::MIRRORED))
}

/// One FEN entry: a square, or for numeric notation a range `1-12`.
fn read_entry<V: Variant>(name: &str, entry: &str) -> Result<Vec<Square>, ParseFenError> {
    let invalid = || ParseFenError::InvalidSquare { text: entry.to_owned() };
    if V::NUMERIC
        && let Some((a, b)) = name.split_once('-')
    {
        let (a, b): (u32, u32) =
            (a.trim().parse().map_err(|_| invalid())?, b.trim().parse().map_err(|_| invalid())?);
        if a > b || bit_of_number(a).is_none() || bit_of_number(b).is_none() {
            return Err(invalid());
        }
        return (a..=b).map(|n| square_of_number::<V>(n).ok_or_else(invalid)).collect();
    }
    if V::NUMERIC && !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()) {
        let n: u32 = name.parse().map_err(|_| invalid())?;
        return Ok(vec![square_of_number::<V>(n).ok_or_else(invalid)?]);
    }
    Ok(vec![name.parse().map_err(|_| invalid())?])
}

impl Setup {
    /// The FEN of this setup in `V`'s notation: squares in notation order,
    /// PDN numbers for English.
    pub fn to_fen<V: Variant>(&self) -> String {
        let mut out = String::with_capacity(80);
        out.push(if self.side_to_move == Color::White { 'W' } else { 'B' });
        for color in Color::ALL {
            out.push(':');
            out.push(if color == Color::White { 'W' } else { 'B' });
            let mut squares: Vec<Square> = self.pieces(color).squares().collect();
            if V::NUMERIC {
                squares.sort_by_key(|&s| bit_of_square(s, V::MIRRORED).map_or(u32::MAX, number_of));
            }
            for (i, square) in squares.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                if self.kings.contains(square) {
                    out.push('K');
                }
                out.push_str(&square_name::<V>(square));
            }
        }
        out
    }

    /// Reads a FEN in `V`'s notation (see the [module docs](crate::fen)); no
    /// rule is checked here, [`Draughts::from_setup`] does that.
    ///
    /// # Errors
    /// A [`ParseFenError`] naming the first problem in the text.
    pub fn from_fen<V: Variant>(text: &str) -> Result<Setup, ParseFenError> {
        let text = text.trim();
        let text = text.strip_suffix('.').unwrap_or(text);
        if text.is_empty() {
            return Err(ParseFenError::Empty);
        }
        let mut fields = text.split(':');
        let side_text = fields.next().unwrap_or("").trim();
        let side = match side_text {
            "W" | "w" => Color::White,
            "B" | "b" => Color::Black,
            _ => return Err(ParseFenError::InvalidSide { text: side_text.to_owned() }),
        };
        let mut setup = Setup::empty(side);
        let mut seen = [false; 2];
        for field in fields {
            let field = field.trim();
            let color = match field.chars().next() {
                Some('W' | 'w') => Color::White,
                Some('B' | 'b') => Color::Black,
                _ => return Err(ParseFenError::InvalidColorField { text: field.to_owned() }),
            };
            if std::mem::replace(&mut seen[color.index()], true) {
                return Err(ParseFenError::DuplicateColorField { color });
            }
            let list = &field[1..];
            if list.trim().is_empty() {
                continue;
            }
            for entry in list.split(',') {
                let entry = entry.trim();
                let (king, name) = match entry.strip_prefix(['K', 'k']) {
                    Some(rest) => (true, rest),
                    None => (false, entry),
                };
                for square in read_entry::<V>(name, entry)? {
                    if (setup.white | setup.black).contains(square) {
                        return Err(ParseFenError::DuplicateSquare { square: square_name::<V>(square) });
                    }
                    setup.put(square, Piece { color, king });
                }
            }
        }
        Ok(setup)
    }
}

/// The board for a terminal, with the side to move.
pub(crate) fn diagram<V: Variant>(position: &Draughts<V>) -> String {
    let mut out = String::new();
    out.push_str("  +-----------------+\n");
    for rank in (0..8u8).rev() {
        out.push_str(&format!("{} |", rank + 1));
        for file in 0..8u8 {
            let square = Square::from_coords(file, rank).expect("in range");
            let cell = match bit_of_square(square, V::MIRRORED) {
                None => ' ',
                Some(bit) if VALID >> bit & 1 == 0 => ' ',
                Some(bit) => {
                    let king = position.kings >> bit & 1 != 0;
                    match (position.pieces[0] >> bit & 1, position.pieces[1] >> bit & 1, king) {
                        (1, _, false) => 'w',
                        (1, _, true) => 'W',
                        (_, 1, false) => 'b',
                        (_, 1, true) => 'B',
                        _ => '.',
                    }
                }
            };
            out.push(' ');
            out.push(cell);
        }
        out.push_str(" |\n");
    }
    out.push_str("  +-----------------+\n    a b c d e f g h\n");
    out.push_str(&format!("{} to move\n", position.side));
    out
}
