//! PDN notation: FEN positions and move text, with typed errors.
//!
//! Algebraic squares (`c3`) for Russian, Zisnella and Spanish; PDN numbers
//! (1-32) for English, which also accepts algebraic input. Captures list every
//! landing square (`c3:e5:c7`, `9x18x27`); where a flying king goes on in the
//! same direction the landing is written as the square just behind the
//! captured piece, and where several paths make one move the smallest string
//! is printed (russian.md, Notation). Input accepts any path of a move, any of
//! the separators `-`, `:`, `x`, and the short `from-to` form when only one
//! legal move matches it.

use core::fmt;

use damero_core::{Color, Game, MoveList, Square};

use crate::Move;
use crate::layout::{VALID, bit_of_number, bit_of_square, number_of, square_of};
use crate::movegen::{CapturePath, CaptureSink, crowning_row};
use crate::position::Draughts;
use crate::variant::Variant;

/// Why a FEN was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
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
    /// A square that is not played on in this rule set.
    NotPlayingSquare {
        /// The square as given.
        square: String,
    },
    /// Two pieces on one square.
    DuplicateSquare {
        /// The square as given.
        square: String,
    },
    /// A man on the row where it would have been crowned.
    ManOnCrowningRow {
        /// The square as given.
        square: String,
    },
    /// More than the 12 pieces a side starts with.
    TooManyPieces {
        /// The colour.
        color: Color,
        /// How many were given.
        count: u32,
    },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => f.write_str("invalid FEN: empty text"),
            FenError::InvalidSide { text } => {
                write!(f, "invalid FEN: side to move '{text}' is not W or B")
            }
            FenError::InvalidColorField { text } => {
                write!(f, "invalid FEN: piece field '{text}' does not start with W or B")
            }
            FenError::DuplicateColorField { color } => {
                write!(f, "invalid FEN: two piece fields for {color}")
            }
            FenError::InvalidSquare { text } => write!(f, "invalid FEN: '{text}' is not a square"),
            FenError::NotPlayingSquare { square } => {
                write!(f, "invalid FEN: {square} is not a playing square in this game")
            }
            FenError::DuplicateSquare { square } => write!(f, "invalid FEN: two pieces on {square}"),
            FenError::ManOnCrowningRow { square } => {
                write!(f, "invalid FEN: a man on {square} would already be a king")
            }
            FenError::TooManyPieces { color, count } => {
                write!(f, "invalid FEN: {count} {color} pieces (at most 12)")
            }
        }
    }
}

impl std::error::Error for FenError {}

/// Why a move text was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not a list of squares joined by `-`, `:` or `x`.
    Malformed {
        /// The text as given.
        text: String,
    },
    /// A part of the text is not a square.
    InvalidSquare {
        /// The part as given.
        text: String,
    },
    /// A square that is not played on in this rule set.
    NotPlayingSquare {
        /// The square as given.
        square: String,
    },
    /// Well formed, but no legal move matches.
    Illegal {
        /// The text as given.
        text: String,
        /// The legal moves, for the message.
        legal: Vec<String>,
    },
    /// The short `from-to` form matches several legal moves.
    Ambiguous {
        /// The text as given.
        text: String,
        /// The moves it could mean.
        candidates: Vec<String>,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed { text } => {
                write!(f, "invalid move '{text}': expected squares joined by '-', ':' or 'x'")
            }
            MoveError::InvalidSquare { text } => write!(f, "invalid move: '{text}' is not a square"),
            MoveError::NotPlayingSquare { square } => {
                write!(f, "invalid move: {square} is not a playing square in this game")
            }
            MoveError::Illegal { text, legal } if legal.is_empty() => {
                write!(f, "illegal move '{text}': the game is over, there is no legal move")
            }
            MoveError::Illegal { text, legal } => {
                write!(f, "illegal move '{text}'; legal moves: {}", legal.join(" "))
            }
            MoveError::Ambiguous { text, candidates } => {
                write!(f, "ambiguous move '{text}': it could be {}", candidates.join(" or "))
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// The text of the square of `bit` in `V`'s notation.
fn square_text<V: Variant>(bit: u32) -> String {
    if V::NUMERIC { number_of(bit).to_string() } else { square_of(bit, V::MIRRORED).to_string() }
}

/// Reads one square in `V`'s notation: `Err(None)` when the text is no
/// square at all, `Err(Some(..))` when it is not a playing square.
fn read_square<V: Variant>(text: &str) -> Result<u32, Option<String>> {
    if V::NUMERIC && !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        return text.parse::<u32>().ok().and_then(bit_of_number).ok_or(None);
    }
    let square: Square = text.parse().map_err(|_| None)?;
    bit_of_square(square, V::MIRRORED).ok_or_else(|| Some(text.to_owned()))
}

pub(crate) fn write_fen<V: Variant>(position: &Draughts<V>) -> String {
    let mut out = String::with_capacity(80);
    out.push(if position.side == Color::White { 'W' } else { 'B' });
    for color in Color::ALL {
        out.push(':');
        out.push(if color == Color::White { 'W' } else { 'B' });
        let mut bits: Vec<u32> = (0..36).filter(|b| position.pieces[color.index()] >> b & 1 != 0).collect();
        if V::NUMERIC {
            bits.sort_by_key(|&b| number_of(b));
        } else {
            bits.sort_by_key(|&b| square_of(b, V::MIRRORED));
        }
        for (i, bit) in bits.into_iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            if position.kings >> bit & 1 != 0 {
                out.push('K');
            }
            out.push_str(&square_text::<V>(bit));
        }
    }
    out
}

pub(crate) fn read_fen<V: Variant>(text: &str, rules: V::Rules) -> Result<Draughts<V>, FenError> {
    let text = text.trim();
    let text = text.strip_suffix('.').unwrap_or(text);
    if text.is_empty() {
        return Err(FenError::Empty);
    }
    let mut fields = text.split(':');
    let side_text = fields.next().unwrap_or("").trim();
    let side = match side_text {
        "W" | "w" => Color::White,
        "B" | "b" => Color::Black,
        _ => return Err(FenError::InvalidSide { text: side_text.to_owned() }),
    };
    let mut position = Draughts::<V>::empty(rules, side);
    let mut seen = [false; 2];
    for field in fields {
        let field = field.trim();
        let color = match field.chars().next() {
            Some('W' | 'w') => Color::White,
            Some('B' | 'b') => Color::Black,
            _ => return Err(FenError::InvalidColorField { text: field.to_owned() }),
        };
        if std::mem::replace(&mut seen[color.index()], true) {
            return Err(FenError::DuplicateColorField { color });
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
            for bit in read_fen_entry::<V>(name, entry)? {
                place(&mut position, color, king, bit)?;
            }
        }
    }
    for color in Color::ALL {
        let count = position.pieces[color.index()].count_ones();
        if count > 12 {
            return Err(FenError::TooManyPieces { color, count });
        }
    }
    position.hash = position.compute_hash();
    Ok(position)
}

/// One FEN entry: a square, or for numeric notation a range `1-12`.
fn read_fen_entry<V: Variant>(name: &str, entry: &str) -> Result<Vec<u32>, FenError> {
    let invalid = || FenError::InvalidSquare { text: entry.to_owned() };
    let one = |t: &str| {
        read_square::<V>(t).map_err(|e| match e {
            None => invalid(),
            Some(square) => FenError::NotPlayingSquare { square },
        })
    };
    if V::NUMERIC
        && let Some((a, b)) = name.split_once('-')
    {
        let (a, b): (u32, u32) =
            (a.trim().parse().map_err(|_| invalid())?, b.trim().parse().map_err(|_| invalid())?);
        if a > b || bit_of_number(a).is_none() || bit_of_number(b).is_none() {
            return Err(invalid());
        }
        return (a..=b).map(|n| bit_of_number(n).ok_or_else(invalid)).collect();
    }
    Ok(vec![one(name)?])
}

fn place<V: Variant>(position: &mut Draughts<V>, color: Color, king: bool, bit: u32) -> Result<(), FenError> {
    let mask = 1u64 << bit;
    let square = square_text::<V>(bit);
    if (position.pieces[0] | position.pieces[1]) & mask != 0 {
        return Err(FenError::DuplicateSquare { square });
    }
    if !king && crowning_row(color) & mask != 0 {
        return Err(FenError::ManOnCrowningRow { square });
    }
    position.pieces[color.index()] |= mask;
    if king {
        position.kings |= mask;
    }
    Ok(())
}

/// Collects every capture path (with its move) of one piece or all pieces.
struct PathCollector {
    target: Option<Move>,
    found: Vec<(Move, CapturePath)>,
}

impl CaptureSink for PathCollector {
    const RECORDS_PATH: bool = true;

    fn capture(&mut self, mv: Move, path: &CapturePath, _may_repeat: bool) {
        if self.target.is_none_or(|t| t == mv) {
            self.found.push((mv, *path));
        }
    }
}

/// `(file, rank)` of a bit in the Russian orientation (for directions only).
fn coords(bit: u32) -> (i32, i32) {
    let sq = square_of(bit, false);
    (sq.file() as i32, sq.rank() as i32)
}

fn unit(from: u32, to: u32) -> (i32, i32) {
    let (a, b) = (coords(from), coords(to));
    ((b.0 - a.0).signum(), (b.1 - a.1).signum())
}

/// The landing squares of `path`, with each landing before a jump in the same
/// direction replaced by the square just behind the captured piece.
fn normalized_landings(path: &CapturePath) -> Vec<u32> {
    let landings = path.landings();
    let victims = path.victims();
    (0..landings.len())
        .map(|i| {
            let (landing, victim) = (u32::from(landings[i]), u32::from(victims[i]));
            let direction = unit(victim, landing);
            match victims.get(i + 1) {
                Some(&next) if unit(landing, u32::from(next)) == direction => {
                    let (f, r) = coords(victim);
                    let behind = Square::from_coords((f + direction.0) as u8, (r + direction.1) as u8)
                        .expect("a landing square lies beyond the victim");
                    bit_of_square(behind, false).expect("a diagonal neighbour is a playing square")
                }
                _ => landing,
            }
        })
        .collect()
}

fn path_text<V: Variant>(from: u32, landings: &[u32]) -> String {
    let separator = if V::NUMERIC { "x" } else { ":" };
    let mut text = square_text::<V>(from);
    for &l in landings {
        text.push_str(separator);
        text.push_str(&square_text::<V>(l));
    }
    text
}

fn capture_paths<V: Variant>(position: &Draughts<V>, target: Option<Move>) -> Vec<(Move, CapturePath)> {
    let mut collector = PathCollector { target, found: Vec::new() };
    position.search_captures(&mut collector, target.map(Move::start_bit));
    collector.found
}

pub(crate) fn write_move<V: Variant>(position: &Draughts<V>, mv: Move) -> String {
    if !mv.is_capture() {
        return format!("{}-{}", square_text::<V>(mv.start_bit()), square_text::<V>(mv.end_bit()));
    }
    capture_paths(position, Some(mv))
        .iter()
        .map(|(_, path)| path_text::<V>(mv.start_bit(), &normalized_landings(path)))
        .min()
        // A move that is not legal here has no path: write it from its ends.
        .unwrap_or_else(|| path_text::<V>(mv.start_bit(), &[mv.end_bit()]))
}

pub(crate) fn read_move<V: Variant>(position: &Draughts<V>, text: &str) -> Result<Move, MoveError> {
    let trimmed = text.trim();
    let malformed = || MoveError::Malformed { text: text.to_owned() };
    if trimmed.is_empty() || trimmed.len() > 200 {
        return Err(malformed());
    }
    let mut squares = Vec::new();
    for token in trimmed.split(['-', ':', 'x', 'X']) {
        let token = token.trim();
        if token.is_empty() {
            return Err(malformed());
        }
        squares.push(read_square::<V>(token).map_err(|e| match e {
            None => MoveError::InvalidSquare { text: token.to_owned() },
            Some(square) => MoveError::NotPlayingSquare { square },
        })?);
    }
    if squares.len() < 2 {
        return Err(malformed());
    }
    let mut legal = MoveList::new();
    position.legal_moves(&mut legal);
    let (from, to) = (squares[0], squares[squares.len() - 1]);

    if legal.first().is_some_and(|m| m.is_capture()) {
        for (mv, path) in capture_paths(position, None) {
            if !legal.contains(&mv) || mv.start_bit() != from {
                continue;
            }
            let raw: Vec<u32> = path.landings().iter().map(|&b| u32::from(b)).collect();
            if squares[1..] == raw[..] || squares[1..] == normalized_landings(&path)[..] {
                return Ok(mv);
            }
        }
    }
    let matching: Vec<Move> =
        legal.iter().copied().filter(|m| m.start_bit() == from && m.end_bit() == to).collect();
    match matching.as_slice() {
        [mv] if squares.len() == 2 => Ok(*mv),
        [_, _, ..] if squares.len() == 2 => Err(MoveError::Ambiguous {
            text: text.to_owned(),
            candidates: {
                let mut c: Vec<String> = matching.iter().map(|&m| write_move(position, m)).collect();
                c.sort();
                c
            },
        }),
        _ => Err(MoveError::Illegal { text: text.to_owned(), legal: position.legal_move_texts() }),
    }
}

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
