//! Move notation, with typed errors.
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

use damero_core::{Game, MoveList, Square};

use crate::Move;
use crate::layout::{bit_of_number, bit_of_square, number_of, square_of};
use crate::movegen::{CapturePath, CaptureSink};
use crate::position::Draughts;
use crate::variant::Variant;

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
pub(crate) fn square_text<V: Variant>(bit: u32) -> String {
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

pub(crate) fn format_move<V: Variant>(position: &Draughts<V>, mv: Move) -> String {
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

/// The squares `mv` passes (its start, then each landing as
/// [`format_move`] writes them) and the pieces it takes in the order of its
/// jumps, as bits of the layout.
pub(crate) fn move_path<V: Variant>(position: &Draughts<V>, mv: Move) -> (Vec<u32>, Vec<u32>) {
    if !mv.is_capture() {
        return (vec![mv.start_bit(), mv.end_bit()], Vec::new());
    }
    let best = capture_paths(position, Some(mv))
        .into_iter()
        .map(|(_, path)| {
            let landings = normalized_landings(&path);
            let victims: Vec<u32> = path.victims().iter().map(|&b| u32::from(b)).collect();
            (path_text::<V>(mv.start_bit(), &landings), landings, victims)
        })
        .min_by(|a, b| a.0.cmp(&b.0));
    match best {
        Some((_, landings, victims)) => {
            let mut squares = vec![mv.start_bit()];
            squares.extend(landings);
            (squares, victims)
        }
        None => (
            vec![mv.start_bit(), mv.end_bit()],
            (0..36).filter(|b| mv.captured_bits() >> b & 1 != 0).collect(),
        ),
    }
}

pub(crate) fn parse_move<V: Variant>(position: &Draughts<V>, text: &str) -> Result<Move, MoveError> {
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
                let mut c: Vec<String> = matching.iter().map(|&m| format_move(position, m)).collect();
                c.sort();
                c
            },
        }),
        _ => Err(MoveError::Illegal { text: text.to_owned(), legal: position.legal_move_texts() }),
    }
}
