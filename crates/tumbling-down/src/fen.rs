//! Position notation: `RANK8/.../RANK1 SIDE [RESULT]`, and the terminal diagram.
//!
//! Each rank lists its eight squares from file a to h: `.` for an empty square,
//! `b` or `w` for a lone piece, the pieces bottom to top in brackets (`[bbw]`)
//! for a taller stack. The side to move is `b` or `w`. A decided game (rule 10)
//! adds a third field, `1-0` (White won) or `0-1` (Black won), because the
//! result depends on the move that led here, not on the placement alone.

use core::fmt;

use damero_core::{Color, Square, Stack, StackBoard};

use crate::position::TumblingDown;
use crate::setup::{PositionError, Setup};

/// Why a position text cannot be read (its syntax; [`PositionError`] says
/// what a well-formed text may still get wrong).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenError {
    /// The text is empty.
    Empty,
    /// The board does not have eight ranks separated by `/`.
    WrongRankCount {
        /// How many ranks were found.
        found: usize,
    },
    /// A rank does not describe eight squares.
    WrongSquareCount {
        /// The rank, 1..=8.
        rank: u8,
        /// How many squares it describes.
        found: usize,
    },
    /// A character that is not `.`, `b`, `w`, `[` or `]` where it stands.
    InvalidCharacter {
        /// The rank, 1..=8.
        rank: u8,
        /// The character.
        character: char,
    },
    /// A `[` without its `]`.
    UnclosedBracket {
        /// The rank, 1..=8.
        rank: u8,
    },
    /// `[]`: a stack with no piece (write `.` for an empty square).
    EmptyBrackets {
        /// The rank, 1..=8.
        rank: u8,
    },
    /// A stack of more than [`Stack::CAPACITY`] pieces (two whole armies).
    StackTooTall {
        /// The rank, 1..=8.
        rank: u8,
    },
    /// No side-to-move field.
    MissingSide,
    /// The side to move is not `b` or `w`.
    InvalidSide {
        /// The field as given.
        text: String,
    },
    /// The result field is not `1-0` or `0-1`.
    InvalidResult {
        /// The field as given.
        text: String,
    },
    /// Something after the last field.
    TrailingText {
        /// The first extra field.
        text: String,
    },
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFenError::Empty => f.write_str("invalid position: the text is empty"),
            ParseFenError::WrongRankCount { found } => {
                write!(f, "invalid position: expected 8 ranks separated by '/', found {found}")
            }
            ParseFenError::WrongSquareCount { rank, found } => {
                write!(f, "invalid position: rank {rank} describes {found} squares instead of 8")
            }
            ParseFenError::InvalidCharacter { rank, character } => write!(
                f,
                "invalid position: unexpected '{character}' in rank {rank} (expected '.', 'b', 'w' or a stack like [bbw])"
            ),
            ParseFenError::UnclosedBracket { rank } => {
                write!(f, "invalid position: a '[' in rank {rank} is never closed")
            }
            ParseFenError::EmptyBrackets { rank } => {
                write!(f, "invalid position: empty stack '[]' in rank {rank} (write '.' for an empty square)")
            }
            ParseFenError::StackTooTall { rank } => write!(
                f,
                "invalid position: a stack in rank {rank} holds more than {} pieces",
                Stack::CAPACITY
            ),
            ParseFenError::MissingSide => {
                f.write_str("invalid position: missing the side to move ('b' or 'w')")
            }
            ParseFenError::InvalidSide { text } => {
                write!(f, "invalid position: side to move '{text}' is not 'b' or 'w'")
            }
            ParseFenError::InvalidResult { text } => {
                write!(f, "invalid position: result '{text}' is not '1-0' or '0-1'")
            }
            ParseFenError::TrailingText { text } => {
                write!(f, "invalid position: unexpected '{text}' at the end")
            }
        }
    }
}

impl std::error::Error for ParseFenError {}

/// Why [`Game::from_fen`](damero_core::Game::from_fen) rejected a text: its
/// syntax ([`ParseFenError`]) or the position it describes
/// ([`PositionError`]).
pub type FenError = damero_core::FenError<ParseFenError, PositionError>;

fn piece_color(byte: u8) -> Option<Color> {
    match byte {
        b'b' => Some(Color::Black),
        b'w' => Some(Color::White),
        _ => None,
    }
}

/// Reads one rank's stacks; `rank` is 1..=8 for error messages.
fn parse_rank(text: &str, rank: u8) -> Result<Vec<Stack>, ParseFenError> {
    let invalid = |character: char| ParseFenError::InvalidCharacter { rank, character };
    let mut stacks = Vec::with_capacity(8);
    let mut chars = text.chars();
    while let Some(ch) = chars.next() {
        let mut stack = Stack::EMPTY;
        match ch {
            '.' => {}
            '[' => loop {
                match chars.next() {
                    None => return Err(ParseFenError::UnclosedBracket { rank }),
                    Some(']') if stack.is_empty() => return Err(ParseFenError::EmptyBrackets { rank }),
                    Some(']') => break,
                    Some(c) => {
                        let color = u8::try_from(c).ok().and_then(piece_color).ok_or_else(|| invalid(c))?;
                        push_checked(&mut stack, color, rank)?;
                    }
                }
            },
            c => {
                let color = u8::try_from(c).ok().and_then(piece_color).ok_or_else(|| invalid(c))?;
                push_checked(&mut stack, color, rank)?;
            }
        }
        stacks.push(stack);
    }
    if stacks.len() != 8 {
        return Err(ParseFenError::WrongSquareCount { rank, found: stacks.len() });
    }
    Ok(stacks)
}

/// Pushes a piece, refusing one past [`Stack::CAPACITY`].
fn push_checked(stack: &mut Stack, color: Color, rank: u8) -> Result<(), ParseFenError> {
    if stack.height() >= Stack::CAPACITY {
        return Err(ParseFenError::StackTooTall { rank });
    }
    stack.push(color);
    Ok(())
}

impl Setup {
    /// Reads a position text (see the [module docs](crate::fen)).
    ///
    /// # Errors
    /// A [`ParseFenError`] naming the first problem in the text.
    pub fn from_fen(text: &str) -> Result<Setup, ParseFenError> {
        let mut fields = text.split_whitespace();
        let board_text = fields.next().ok_or(ParseFenError::Empty)?;
        let side_text = fields.next().ok_or(ParseFenError::MissingSide)?;
        let winner = match fields.next() {
            None => None,
            Some("1-0") => Some(Color::White),
            Some("0-1") => Some(Color::Black),
            Some(other) => return Err(ParseFenError::InvalidResult { text: other.to_owned() }),
        };
        if let Some(extra) = fields.next() {
            return Err(ParseFenError::TrailingText { text: extra.to_owned() });
        }

        let ranks: Vec<&str> = board_text.split('/').collect();
        if ranks.len() != 8 {
            return Err(ParseFenError::WrongRankCount { found: ranks.len() });
        }
        let mut board = StackBoard::EMPTY;
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let stacks = parse_rank(rank_text, rank + 1)?;
            for (file, stack) in stacks.into_iter().enumerate() {
                board.set(Square::from_coords(file as u8, rank).expect("8x8"), stack);
            }
        }

        let side = match side_text {
            "b" => Color::Black,
            "w" => Color::White,
            _ => return Err(ParseFenError::InvalidSide { text: side_text.to_owned() }),
        };
        Ok(Setup { board, side_to_move: side, winner })
    }

    /// The position as text (see the [module docs](crate::fen)).
    pub fn to_fen(&self) -> String {
        let mut text = String::with_capacity(96);
        for rank in (0..8).rev() {
            for file in 0..8 {
                let stack = self.board.get(Square::from_coords(file, rank).expect("8x8"));
                text.push_str(&stack.to_string());
            }
            if rank > 0 {
                text.push('/');
            }
        }
        text.push(' ');
        text.push(self.side_to_move.letter());
        if let Some(winner) = self.winner {
            text.push_str(match winner {
                Color::White => " 1-0",
                Color::Black => " 0-1",
            });
        }
        text
    }
}

/// The board for a terminal: each square shows its owner's letter
/// (capital for a pure stack), its height, and `*` on a king; the mixed
/// stacks are then listed bottom to top.
pub(crate) fn diagram(position: &TumblingDown) -> String {
    let mut out = String::new();
    let kings = position.kings(Color::White) | position.kings(Color::Black);
    let mut mixed = Vec::new();
    for rank in (0..8).rev() {
        out.push_str(&format!("{} ", rank + 1));
        for file in 0..8 {
            let sq = Square::from_coords(file, rank).expect("8x8");
            let stack = position.board.get(sq);
            let cell = match stack.top() {
                None => ".".to_owned(),
                Some(top) => {
                    let letter = if stack.pure_color().is_some() {
                        top.letter().to_ascii_uppercase()
                    } else {
                        mixed.push(format!("{sq}{stack}"));
                        top.letter()
                    };
                    let king = if kings.contains(sq) { "*" } else { "" };
                    format!("{letter}{}{king}", stack.height())
                }
            };
            out.push_str(&format!(" {cell:<4}"));
        }
        out.push('\n');
    }
    out.push_str("   a    b    c    d    e    f    g    h\n");
    if !mixed.is_empty() {
        out.push_str(&format!("mixed stacks, bottom to top: {}\n", mixed.join(" ")));
    }
    match position.state.winner {
        Some(winner) => out.push_str(&format!("game over: {winner} won\n")),
        None => out.push_str(&format!("{} to move\n", position.state.side)),
    }
    out
}
