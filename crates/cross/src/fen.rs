//! Position notation (FEN) and the terminal diagram, with typed errors.
//!
//! FEN: the 8 square ranks (rank 8 first), a space, the 7 vertex rows (row
//! `78` first), a space, the side to move; `b`/`w` for pieces and digit runs
//! for empty places.
//!
//! Reading is in two steps: [`Setup::from_fen`] checks the syntax
//! ([`ParseFenError`]), [`Cross::from_setup`] the position
//! ([`PositionError`]); [`Game::from_fen`] does
//! both and reports either as a [`FenError`].

use core::fmt;

use damero_core::smallvec::SmallVec;
use damero_core::{Bitboard, Color, Game};

use crate::board::Board;
use crate::position::Cross;
use crate::setup::{PositionError, Setup};

/// Why a position text cannot be read (its syntax; [`PositionError`] says
/// what a well-formed text may still get wrong).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenError {
    /// Not three space-separated fields (ranks, vertex rows, side).
    FieldCount {
        /// How many fields were found.
        found: usize,
    },
    /// Not 8 `/`-separated square ranks.
    RankCount {
        /// How many ranks were found.
        found: usize,
    },
    /// A square rank that is not `b`, `w` and digits adding up to 8 places.
    InvalidRank {
        /// The rank number, 1..=8.
        rank: u8,
        /// The rank's text.
        text: String,
    },
    /// Not 7 `/`-separated vertex rows.
    VertexRowCount {
        /// How many rows were found.
        found: usize,
    },
    /// A vertex row that is not `b`, `w` and digits adding up to 7 places.
    InvalidVertexRow {
        /// The row's name, `12`..`78`.
        row: String,
        /// The row's text.
        text: String,
    },
    /// The side to move is not `b` or `w`.
    InvalidSide {
        /// The text given.
        text: String,
    },
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFenError::FieldCount { found } => write!(
                f,
                "invalid cross position: expected 3 fields (square ranks, vertex rows, side to move), found {found}"
            ),
            ParseFenError::RankCount { found } => {
                write!(f, "invalid cross position: expected 8 square ranks separated by '/', found {found}")
            }
            ParseFenError::InvalidRank { rank, text } => write!(
                f,
                "invalid cross position: rank {rank} '{text}' must be 'b', 'w' and digits making 8 squares"
            ),
            ParseFenError::VertexRowCount { found } => {
                write!(f, "invalid cross position: expected 7 vertex rows separated by '/', found {found}")
            }
            ParseFenError::InvalidVertexRow { row, text } => write!(
                f,
                "invalid cross position: vertex row {row} '{text}' must be 'b', 'w' and digits making 7 vertices"
            ),
            ParseFenError::InvalidSide { text } => {
                write!(f, "invalid cross position: side to move '{text}' must be 'b' or 'w'")
            }
        }
    }
}

impl std::error::Error for ParseFenError {}

/// Why [`Game::from_fen`] rejected a text: its
/// syntax ([`ParseFenError`]) or the position it describes
/// ([`PositionError`]).
pub type FenError = damero_core::FenError<ParseFenError, PositionError>;

fn write_row(out: &mut String, cells: impl Iterator<Item = Option<Color>>) {
    let mut run = 0u8;
    for cell in cells {
        match cell {
            None => run += 1,
            Some(c) => {
                if run > 0 {
                    out.push((b'0' + run) as char);
                    run = 0;
                }
                out.push(c.letter());
            }
        }
    }
    if run > 0 {
        out.push((b'0' + run) as char);
    }
}

fn colour_at(sets: [u64; 2], index: usize) -> Option<Color> {
    Color::ALL.into_iter().find(|c| sets[c.index()] >> index & 1 == 1)
}

/// Reads one row of `width` places; `None` when malformed.
fn read_row(text: &str, width: u32) -> Option<[u64; 2]> {
    let mut sets = [0u64; 2];
    let mut at = 0u32;
    for ch in text.chars() {
        match ch {
            'b' | 'w' => {
                if at >= width {
                    return None;
                }
                let colour = if ch == 'b' { Color::Black } else { Color::White };
                sets[colour.index()] |= 1 << at;
                at += 1;
            }
            '1'..='8' => at += ch as u32 - '0' as u32,
            _ => return None,
        }
        if at > width {
            return None;
        }
    }
    (at == width).then_some(sets)
}

/// The board for a terminal: square rows with the vertex rows between them
/// (`b`/`w` on squares, `B`/`W` on vertices, `.` and `+` empty), then the
/// spares and the side to move.
pub(crate) fn diagram(p: &Cross) -> String {
    let mut out = String::new();
    let cell = |sets: [u64; 2], index: usize, empty: char, upper: bool| match colour_at(sets, index) {
        Some(c) if upper => c.letter().to_ascii_uppercase(),
        Some(c) => c.letter(),
        None => empty,
    };
    for rank in (0..8).rev() {
        out.push_str(&format!("{} ", rank + 1));
        for file in 0..8 {
            out.push(' ');
            out.push(cell(p.board.squares, rank * 8 + file, '.', false));
            out.push(' ');
            if file < 7 {
                out.push(' ');
            }
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
        if rank > 0 {
            out.push_str("   ");
            for file in 0..7 {
                out.push_str("  ");
                out.push(cell(p.board.vertices, (rank - 1) * 8 + file, '+', true));
                out.push(' ');
            }
            out.truncate(out.trim_end().len());
            out.push('\n');
        }
    }
    out.push_str("   a   b   c   d   e   f   g   h\n");
    out.push_str(&format!(
        "spares: black {}, white {}; {} to move\n",
        p.spares(Color::Black),
        p.spares(Color::White),
        p.side_to_move()
    ));
    out
}

impl Setup {
    /// The FEN of this setup.
    pub fn to_fen(&self) -> String {
        let squares = self.squares.map(|b| b.0);
        let mut out = String::with_capacity(64);
        for rank in (0..8).rev() {
            write_row(&mut out, (0..8).map(|file| colour_at(squares, rank * 8 + file)));
            out.push(if rank > 0 { '/' } else { ' ' });
        }
        for row in (0..7).rev() {
            write_row(&mut out, (0..7).map(|file| colour_at(self.vertices, row * 8 + file)));
            out.push(if row > 0 { '/' } else { ' ' });
        }
        out.push(self.side_to_move.letter());
        out
    }

    /// Reads a FEN (see the [module docs](crate::fen)); no rule is checked
    /// here, [`Cross::from_setup`] does that.
    ///
    /// # Errors
    /// A [`ParseFenError`] naming the first problem in the text.
    pub fn from_fen(text: &str) -> Result<Setup, ParseFenError> {
        let fields: SmallVec<[&str; 3]> = text.split_ascii_whitespace().collect();
        let &[ranks, rows, side] = fields.as_slice() else {
            return Err(ParseFenError::FieldCount { found: fields.len() });
        };
        let mut board = Board::default();

        let ranks: SmallVec<[&str; 8]> = ranks.split('/').collect();
        if ranks.len() != 8 {
            return Err(ParseFenError::RankCount { found: ranks.len() });
        }
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 7 - i;
            let sets = read_row(rank_text, 8).ok_or_else(|| ParseFenError::InvalidRank {
                rank: rank as u8 + 1,
                text: (*rank_text).to_owned(),
            })?;
            for (set, row_set) in board.squares.iter_mut().zip(sets) {
                *set |= row_set << (8 * rank);
            }
        }

        let rows: SmallVec<[&str; 7]> = rows.split('/').collect();
        if rows.len() != 7 {
            return Err(ParseFenError::VertexRowCount { found: rows.len() });
        }
        for (i, row_text) in rows.iter().enumerate() {
            let row = 6 - i;
            let sets = read_row(row_text, 7).ok_or_else(|| ParseFenError::InvalidVertexRow {
                row: format!("{}{}", row + 1, row + 2),
                text: (*row_text).to_owned(),
            })?;
            for (set, row_set) in board.vertices.iter_mut().zip(sets) {
                *set |= row_set << (8 * row);
            }
        }

        let side = match side {
            "b" => Color::Black,
            "w" => Color::White,
            _ => return Err(ParseFenError::InvalidSide { text: side.to_owned() }),
        };

        Ok(Setup { squares: board.squares.map(Bitboard), vertices: board.vertices, side_to_move: side })
    }
}
