//! Move notation, with typed errors: `a2-a5`, `b2-ab12`, `ab12-b2`,
//! `ab12*`, `ab12*a1,b2`, and an `x` list of removed places when a capture
//! order has to be named.

use core::fmt;

use damero_core::smallvec::SmallVec;
use damero_core::{Game, MoveList, Square};

use crate::geometry::{Vertex, squares_of, vertices_of};
use crate::moves::{Move, MoveKind, fill_mask, fill_squares};
use crate::position::Cross;

/// Why a move text was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move in Cross notation.
    Malformed {
        /// The text given.
        text: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// Well formed, but no legal move here makes this piece move.
    Illegal {
        /// The text given.
        text: String,
    },
    /// The spares do not suffice to fill every guarded square: the split must
    /// name the squares it fills (rule 8).
    SplitNeedsSquares {
        /// The text given.
        text: String,
    },
    /// The piece move ends on several boards depending on the capture order:
    /// the removed pieces must be named after `x` (rule 9).
    NeedsCaptureOrder {
        /// The text given.
        text: String,
        /// The legal forms, sorted.
        choices: Vec<String>,
    },
    /// The piece move is legal but no capture order removes exactly the
    /// pieces named after `x`.
    NoSuchCaptureOrder {
        /// The text given.
        text: String,
        /// The legal forms, sorted.
        choices: Vec<String>,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed { text, reason } => write!(f, "invalid cross move '{text}': {reason}"),
            MoveError::Illegal { text } => write!(f, "illegal cross move '{text}' in this position"),
            MoveError::SplitNeedsSquares { text } => write!(
                f,
                "cross move '{text}': too few spares to fill every guarded square; name the squares filled"
            ),
            MoveError::NeedsCaptureOrder { text, choices } => write!(
                f,
                "cross move '{text}' has several capture orders; name the removed pieces: {}",
                choices.join(" ")
            ),
            MoveError::NoSuchCaptureOrder { text, choices } => write!(
                f,
                "cross move '{text}': no capture order removes those pieces; legal forms: {}",
                choices.join(" ")
            ),
        }
    }
}

impl std::error::Error for MoveError {}

/// The name of each removed place, sorted as strings.
fn removed_names(squares: u64, vertices: u64) -> Vec<String> {
    let mut names: Vec<String> = squares_of(squares)
        .map(|s| s.to_string())
        .chain(vertices_of(vertices).map(|v| v.to_string()))
        .collect();
    names.sort();
    names
}

/// The piece part of a move: `a2-a5`, `b2-ab12`, `ab12-b2`, `ab12*`, `ab12*a1,b2`.
fn write_piece_move(p: &Cross, mv: Move) -> String {
    match mv.kind {
        MoveKind::Slide | MoveKind::ToCorner | MoveKind::ToSquare => {
            let from = mv.from_square().map_or_else(|| vertex_name(mv.from), |s| s.to_string());
            let to = mv.to_square().map_or_else(|| vertex_name(mv.to), |s| s.to_string());
            format!("{from}-{to}")
        }
        MoveKind::Split => {
            let vertex = vertex_name(mv.from);
            let filled = fill_squares(mv.from, mv.to);
            let all = Vertex::new(mv.from).map_or(0, |v| p.empty_guarded(v));
            if filled == all {
                format!("{vertex}*")
            } else {
                // Sorted as strings: a2 before b1.
                let mut names: Vec<String> = squares_of(filled).map(|s| s.to_string()).collect();
                names.sort();
                format!("{vertex}*{}", names.join(","))
            }
        }
    }
}

fn vertex_name(index: u8) -> String {
    Vertex::new(index).map_or_else(|| "?".to_owned(), |v| v.to_string())
}

/// A legal move as text; the `x` list only when the same piece move has
/// several final boards.
pub(crate) fn format_move(p: &Cross, mv: Move) -> String {
    let mut text = write_piece_move(p, mv);
    // A move that removes nothing had no formation, hence a single ending.
    if mv.removes_pieces() && p.capture_results(mv).len() > 1 {
        text.push('x');
        text.push_str(&removed_names(mv.removed_squares, mv.removed_vertices).join(","));
    }
    text
}

/// A place on the board: a square (`a1`) or a vertex (`ab12`).
enum Place {
    Square(Square),
    Vertex(Vertex),
}

fn read_place(text: &str) -> Option<Place> {
    match text.len() {
        2 => text.parse().ok().map(Place::Square),
        4 => text.parse().ok().map(Place::Vertex),
        _ => None,
    }
}

/// A comma-separated list of places as (squares, vertices); `None` if a place
/// is malformed or repeated.
fn read_places(text: &str) -> Option<(u64, u64)> {
    let (mut squares, mut vertices) = (0u64, 0u64);
    for item in text.split(',') {
        match read_place(item)? {
            Place::Square(s) => {
                let bit = 1 << s.index();
                if squares & bit != 0 {
                    return None;
                }
                squares |= bit;
            }
            Place::Vertex(v) => {
                if vertices & v.bit() != 0 {
                    return None;
                }
                vertices |= v.bit();
            }
        }
    }
    Some((squares, vertices))
}

/// Reads a move and finds it among the legal moves.
pub(crate) fn parse_move(p: &Cross, text: &str) -> Result<Move, MoveError> {
    let malformed = |reason| MoveError::Malformed { text: text.to_owned(), reason };
    if !text.is_ascii() || text.len() > 64 {
        return Err(malformed("not a move in Cross notation"));
    }
    let (piece_text, removed) = match text.split_once('x') {
        Some((piece, list)) => {
            let set = read_places(list)
                .ok_or_else(|| malformed("the list after 'x' must name distinct squares or vertices"))?;
            (piece, Some(set))
        }
        None => (text, None),
    };

    // The piece move: kind, from, and the target (or the named fill squares).
    let (kind, from, to, fill) = if let Some((vertex, list)) = piece_text.split_once('*') {
        let v: Vertex = vertex.parse().map_err(|_| malformed("a split starts with a vertex such as ab12"))?;
        let fill = if list.is_empty() {
            None
        } else {
            match read_places(list) {
                Some((squares, 0)) if squares & !v.guarded_squares() == 0 => {
                    Some(fill_mask(v.index() as u8, squares))
                }
                _ => return Err(malformed("a split names distinct squares its vertex guards")),
            }
        };
        (MoveKind::Split, v.index() as u8, 0, fill)
    } else {
        let (a, b) = piece_text
            .split_once('-')
            .ok_or_else(|| malformed("expected from-to, a split 'ab12*', or an x list"))?;
        match (read_place(a), read_place(b)) {
            (Some(Place::Square(f)), Some(Place::Square(t))) => {
                (MoveKind::Slide, f.index() as u8, t.index() as u8, None)
            }
            (Some(Place::Square(f)), Some(Place::Vertex(t))) => {
                (MoveKind::ToCorner, f.index() as u8, t.index() as u8, None)
            }
            (Some(Place::Vertex(f)), Some(Place::Square(t))) => {
                (MoveKind::ToSquare, f.index() as u8, t.index() as u8, None)
            }
            _ => {
                return Err(malformed(
                    "squares are a1..h8, vertices ab12..gh78; a vertex moves only to a square",
                ));
            }
        }
    };

    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    let mut candidates: SmallVec<[Move; 4]> = SmallVec::new();
    let mut split_exists = false;
    for &mv in &moves {
        if mv.kind != kind || mv.from != from {
            continue;
        }
        let matches = match kind {
            MoveKind::Split => {
                split_exists = true;
                let all = fill_mask(from, Vertex::new(from).map_or(0, |v| p.empty_guarded(v)));
                mv.to == fill.unwrap_or(all)
            }
            _ => mv.to == to,
        };
        if matches {
            candidates.push(mv);
        }
    }
    if candidates.is_empty() {
        return Err(if kind == MoveKind::Split && fill.is_none() && split_exists {
            MoveError::SplitNeedsSquares { text: text.to_owned() }
        } else {
            MoveError::Illegal { text: text.to_owned() }
        });
    }
    let choices = || {
        let mut c: Vec<String> = candidates.iter().map(|&m| format_move(p, m)).collect();
        c.sort();
        c
    };
    match removed {
        Some(set) => candidates
            .iter()
            .copied()
            .find(|m| (m.removed_squares, m.removed_vertices) == set)
            .ok_or_else(|| MoveError::NoSuchCaptureOrder { text: text.to_owned(), choices: choices() }),
        None if candidates.len() == 1 => Ok(candidates[0]),
        None => Err(MoveError::NeedsCaptureOrder { text: text.to_owned(), choices: choices() }),
    }
}
