//! Position notation: `RANK8/.../RANK1 SIDE [RESULT]`, and the terminal diagram.
//!
//! Each rank lists its eight squares from file a to h: `.` for an empty square,
//! `b` or `w` for a lone piece, the pieces bottom to top in brackets (`[bbw]`)
//! for a taller stack. The side to move is `b` or `w`. A decided game (rule 10)
//! adds a third field, `1-0` (White won) or `0-1` (Black won), because the
//! result depends on the move that led here, not on the placement alone.

use core::fmt;

use damero_core::{Color, Square, Stack, StackBoard};

use crate::position::PIECES_PER_SIDE;
use crate::{TumblingDown, TumblingDownRules};

/// Why a position text was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
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
    /// More than 29 pieces of one colour (rule 1).
    TooManyPieces {
        /// The colour.
        color: Color,
        /// How many were found (at least this many).
        count: usize,
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

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => f.write_str("invalid position: the text is empty"),
            FenError::WrongRankCount { found } => {
                write!(f, "invalid position: expected 8 ranks separated by '/', found {found}")
            }
            FenError::WrongSquareCount { rank, found } => {
                write!(f, "invalid position: rank {rank} describes {found} squares instead of 8")
            }
            FenError::InvalidCharacter { rank, character } => write!(
                f,
                "invalid position: unexpected '{character}' in rank {rank} (expected '.', 'b', 'w' or a stack like [bbw])"
            ),
            FenError::UnclosedBracket { rank } => {
                write!(f, "invalid position: a '[' in rank {rank} is never closed")
            }
            FenError::EmptyBrackets { rank } => {
                write!(f, "invalid position: empty stack '[]' in rank {rank} (write '.' for an empty square)")
            }
            FenError::TooManyPieces { color, count } => {
                write!(f, "invalid position: {count} {color} pieces, a player has at most {PIECES_PER_SIDE}")
            }
            FenError::MissingSide => f.write_str("invalid position: missing the side to move ('b' or 'w')"),
            FenError::InvalidSide { text } => {
                write!(f, "invalid position: side to move '{text}' is not 'b' or 'w'")
            }
            FenError::InvalidResult { text } => {
                write!(f, "invalid position: result '{text}' is not '1-0' or '0-1'")
            }
            FenError::TrailingText { text } => write!(f, "invalid position: unexpected '{text}' at the end"),
        }
    }
}

impl std::error::Error for FenError {}

fn piece_color(byte: u8) -> Option<Color> {
    match byte {
        b'b' => Some(Color::Black),
        b'w' => Some(Color::White),
        _ => None,
    }
}

/// Reads one rank's stacks; `rank` is 1..=8 for error messages.
fn parse_rank(text: &str, rank: u8, counts: &mut [usize; 2]) -> Result<Vec<Stack>, FenError> {
    let invalid = |character: char| FenError::InvalidCharacter { rank, character };
    let mut stacks = Vec::with_capacity(8);
    let mut chars = text.chars();
    while let Some(ch) = chars.next() {
        let mut stack = Stack::EMPTY;
        match ch {
            '.' => {}
            '[' => loop {
                match chars.next() {
                    None => return Err(FenError::UnclosedBracket { rank }),
                    Some(']') if stack.is_empty() => return Err(FenError::EmptyBrackets { rank }),
                    Some(']') => break,
                    Some(c) => {
                        let color = u8::try_from(c).ok().and_then(piece_color).ok_or_else(|| invalid(c))?;
                        push_counted(&mut stack, color, counts)?;
                    }
                }
            },
            c => {
                let color = u8::try_from(c).ok().and_then(piece_color).ok_or_else(|| invalid(c))?;
                push_counted(&mut stack, color, counts)?;
            }
        }
        stacks.push(stack);
    }
    if stacks.len() != 8 {
        return Err(FenError::WrongSquareCount { rank, found: stacks.len() });
    }
    Ok(stacks)
}

/// Pushes a piece, refusing a 30th piece of a colour (so no stack can overflow).
fn push_counted(stack: &mut Stack, color: Color, counts: &mut [usize; 2]) -> Result<(), FenError> {
    counts[color.index()] += 1;
    let count = counts[color.index()];
    if count > PIECES_PER_SIDE {
        return Err(FenError::TooManyPieces { color, count });
    }
    stack.push(color);
    Ok(())
}

impl TumblingDown {
    /// Reads a position text (see the [module docs](crate::fen)).
    ///
    /// # Errors
    /// A [`FenError`] naming the first problem found.
    pub fn parse_fen(text: &str, rules: TumblingDownRules) -> Result<TumblingDown, FenError> {
        let mut fields = text.split_whitespace();
        let board_text = fields.next().ok_or(FenError::Empty)?;
        let side_text = fields.next().ok_or(FenError::MissingSide)?;
        let winner = match fields.next() {
            None => None,
            Some("1-0") => Some(Color::White),
            Some("0-1") => Some(Color::Black),
            Some(other) => return Err(FenError::InvalidResult { text: other.to_owned() }),
        };
        if let Some(extra) = fields.next() {
            return Err(FenError::TrailingText { text: extra.to_owned() });
        }

        let ranks: Vec<&str> = board_text.split('/').collect();
        if ranks.len() != 8 {
            return Err(FenError::WrongRankCount { found: ranks.len() });
        }
        let mut board = StackBoard::EMPTY;
        let mut counts = [0usize; 2];
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let stacks = parse_rank(rank_text, rank + 1, &mut counts)?;
            for (file, stack) in stacks.into_iter().enumerate() {
                board.set(Square::from_coords(file as u8, rank).expect("8x8"), stack);
            }
        }

        let side = match side_text {
            "b" => Color::Black,
            "w" => Color::White,
            _ => return Err(FenError::InvalidSide { text: side_text.to_owned() }),
        };
        TumblingDown::from_board_and_result(board, side, winner, rules)
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
        text.push(self.state.side.letter());
        if let Some(winner) = self.state.winner {
            text.push_str(match winner {
                Color::White => " 1-0",
                Color::Black => " 0-1",
            });
        }
        text
    }

    /// The board for a terminal: each square shows its owner's letter
    /// (capital for a pure stack), its height, and `*` on a king; the mixed
    /// stacks are then listed bottom to top.
    pub fn to_diagram(&self) -> String {
        let mut out = String::new();
        let kings = self.kings(Color::White) | self.kings(Color::Black);
        let mut mixed = Vec::new();
        for rank in (0..8).rev() {
            out.push_str(&format!("{} ", rank + 1));
            for file in 0..8 {
                let sq = Square::from_coords(file, rank).expect("8x8");
                let stack = self.board.get(sq);
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
        match self.state.winner {
            Some(winner) => out.push_str(&format!("game over: {winner} won\n")),
            None => out.push_str(&format!("{} to move\n", self.state.side)),
        }
        out
    }
}

impl fmt::Display for TumblingDown {
    /// The position text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}
