//! Position (FEN) and move notation, with typed errors.
//!
//! FEN: the 8 square ranks (rank 8 first), a space, the 7 vertex rows (row
//! `78` first), a space, the side to move; `b`/`w` for pieces and digit runs
//! for empty places. Moves: `a2-a5`, `b2-ab12`, `ab12-b2`, `ab12*`,
//! `ab12*a1,b2`, and an `x` list of removed places when a capture order has to
//! be named.

use core::fmt;

use damero_core::smallvec::SmallVec;
use damero_core::{Color, Game, MoveList, Square};

use crate::board::Board;
use crate::geometry::{Vertex, squares_of, vertices_of};
use crate::moves::{CrossMove, MoveKind, fill_mask, fill_squares};
use crate::position::{CrossPosition, PIECES_PER_PLAYER};
use crate::rules::Rules;

/// Why a position text was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
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
    /// More than 16 pieces of one colour on the board (rule 3).
    TooManyPieces {
        /// The colour.
        color: Color,
        /// Its pieces on the board.
        count: u32,
    },
    /// A square guarded by both colours, which rule 6 makes impossible.
    DoubleGuard {
        /// The square.
        square: Square,
    },
    /// A capture formation is still on the board; rule 9 removes every
    /// formation before the turn passes, so no such position arises.
    UnresolvedFormation {
        /// The centre of the formation (a square or a vertex).
        at: String,
    },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount { found } => write!(
                f,
                "invalid cross position: expected 3 fields (square ranks, vertex rows, side to move), found {found}"
            ),
            FenError::RankCount { found } => {
                write!(f, "invalid cross position: expected 8 square ranks separated by '/', found {found}")
            }
            FenError::InvalidRank { rank, text } => write!(
                f,
                "invalid cross position: rank {rank} '{text}' must be 'b', 'w' and digits making 8 squares"
            ),
            FenError::VertexRowCount { found } => {
                write!(f, "invalid cross position: expected 7 vertex rows separated by '/', found {found}")
            }
            FenError::InvalidVertexRow { row, text } => write!(
                f,
                "invalid cross position: vertex row {row} '{text}' must be 'b', 'w' and digits making 7 vertices"
            ),
            FenError::InvalidSide { text } => {
                write!(f, "invalid cross position: side to move '{text}' must be 'b' or 'w'")
            }
            FenError::TooManyPieces { color, count } => write!(
                f,
                "invalid cross position: {color} has {count} pieces on the board, at most {PIECES_PER_PLAYER}"
            ),
            FenError::DoubleGuard { square } => {
                write!(f, "invalid cross position: square {square} is guarded by both players")
            }
            FenError::UnresolvedFormation { at } => {
                write!(f, "invalid cross position: an unresolved capture formation stands at {at}")
            }
        }
    }
}

impl std::error::Error for FenError {}

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

/// The FEN of a position.
pub(crate) fn write_fen(p: &CrossPosition) -> String {
    let mut out = String::with_capacity(64);
    for rank in (0..8).rev() {
        write_row(&mut out, (0..8).map(|file| colour_at(p.board.squares, rank * 8 + file)));
        out.push(if rank > 0 { '/' } else { ' ' });
    }
    for row in (0..7).rev() {
        write_row(&mut out, (0..7).map(|file| colour_at(p.board.vertices, row * 8 + file)));
        out.push(if row > 0 { '/' } else { ' ' });
    }
    out.push(p.side.letter());
    out
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

/// Reads and validates a FEN.
pub(crate) fn read_fen(text: &str, rules: Rules) -> Result<CrossPosition, FenError> {
    let fields: SmallVec<[&str; 3]> = text.split_ascii_whitespace().collect();
    let &[ranks, rows, side] = fields.as_slice() else {
        return Err(FenError::FieldCount { found: fields.len() });
    };
    let mut board = Board::default();

    let ranks: SmallVec<[&str; 8]> = ranks.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount { found: ranks.len() });
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i;
        let sets = read_row(rank_text, 8)
            .ok_or_else(|| FenError::InvalidRank { rank: rank as u8 + 1, text: (*rank_text).to_owned() })?;
        for (set, row_set) in board.squares.iter_mut().zip(sets) {
            *set |= row_set << (8 * rank);
        }
    }

    let rows: SmallVec<[&str; 7]> = rows.split('/').collect();
    if rows.len() != 7 {
        return Err(FenError::VertexRowCount { found: rows.len() });
    }
    for (i, row_text) in rows.iter().enumerate() {
        let row = 6 - i;
        let sets = read_row(row_text, 7).ok_or_else(|| FenError::InvalidVertexRow {
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
        _ => return Err(FenError::InvalidSide { text: side.to_owned() }),
    };

    for color in Color::ALL {
        let count = board.on_board(color);
        if count > PIECES_PER_PLAYER {
            return Err(FenError::TooManyPieces { color, count });
        }
    }
    if let Some(square) = squares_of(board.double_guard()).next() {
        return Err(FenError::DoubleGuard { square });
    }
    if let Some(at) = board.formation_centre() {
        return Err(FenError::UnresolvedFormation { at });
    }
    Ok(CrossPosition::from_board(board, side, rules))
}

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
fn write_piece_move(p: &CrossPosition, mv: CrossMove) -> String {
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
pub(crate) fn write_move(p: &CrossPosition, mv: CrossMove) -> String {
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
pub(crate) fn read_move(p: &CrossPosition, text: &str) -> Result<CrossMove, MoveError> {
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
    let mut candidates: SmallVec<[CrossMove; 4]> = SmallVec::new();
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
        let mut c: Vec<String> = candidates.iter().map(|&m| write_move(p, m)).collect();
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

/// The board for a terminal: square rows with the vertex rows between them
/// (`b`/`w` on squares, `B`/`W` on vertices, `.` and `+` empty), then the
/// spares and the side to move.
pub(crate) fn diagram(p: &CrossPosition) -> String {
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
