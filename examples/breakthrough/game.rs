//! Breakthrough on 8x8, written against `damero-core` alone: the game the
//! guide (`docs/adding-a-game.md`) builds. `main.rs` runs the library's
//! tools on it; `tests/breakthrough.rs` checks it against a plain reference.
//!
//! Rules: White fills ranks 1–2, Black ranks 7–8; White moves first. A piece
//! steps one square forward, straight onto an empty square or diagonally
//! onto an empty square or an enemy piece (a capture). Reaching the far rank
//! wins, and so does capturing every enemy piece. A side with pieces but no
//! move (every piece blocked) loses; no draw is possible.

use std::fmt;

use damero::core::{Bitboard, Color, Direction, Evaluator, Game, MoveList, NoRules, Square, zobrist_keys};

/// A Breakthrough position: who stands where, and whose move it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Breakthrough {
    /// Each side's pieces, White first.
    pieces: [Bitboard; 2],
    side: Color,
    /// The Zobrist key, kept up to date by `play`.
    hash: u64,
}

/// A move: one step from `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square left.
    pub from: Square,
    /// The square reached (an enemy piece there is captured).
    pub to: Square,
}

/// Why a position text was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError(String);

/// Why a move text was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError(String);

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid Breakthrough position: {}", self.0)
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid Breakthrough move: {}", self.0)
    }
}

impl std::error::Error for FenError {}
impl std::error::Error for MoveError {}

/// One key per (side, square), then the key of Black to move.
const KEYS: [u64; 129] = zobrist_keys(0xb7ea_c407);

fn piece_key(color: Color, square: Square) -> u64 {
    KEYS[color.index() * 64 + square.index()]
}

/// The rank a side wins on.
fn goal(color: Color) -> Bitboard {
    Bitboard::rank(if color == Color::White { 7 } else { 0 })
}

/// Forward, then the two forward diagonals.
fn directions(color: Color) -> [Direction; 3] {
    match color {
        Color::White => [Direction::North, Direction::NorthWest, Direction::NorthEast],
        Color::Black => [Direction::South, Direction::SouthWest, Direction::SouthEast],
    }
}

impl Breakthrough {
    /// A position from each side's pieces (no checks: see `from_fen`).
    pub fn from_pieces(white: Bitboard, black: Bitboard, side: Color) -> Breakthrough {
        let mut position = Breakthrough { pieces: [white, black], side, hash: 0 };
        position.hash = position.zobrist_from_scratch();
        position
    }

    /// The pieces of `color`.
    pub fn pieces(&self, color: Color) -> Bitboard {
        self.pieces[color.index()]
    }

    /// Whether the game is over by the position: a piece on its goal rank,
    /// or a side without pieces.
    fn decided(&self) -> bool {
        let [white, black] = self.pieces;
        !(white & goal(Color::White)).is_empty()
            || !(black & goal(Color::Black)).is_empty()
            || white.is_empty()
            || black.is_empty()
    }
}

impl Game for Breakthrough {
    type Move = Move;

    type Rules = NoRules;

    type FenError = FenError;

    type MoveError = MoveError;

    const NAME: &'static str = "breakthrough";

    fn start(_rules: NoRules) -> Breakthrough {
        let white = Bitboard::rank(0) | Bitboard::rank(1);
        let black = Bitboard::rank(6) | Bitboard::rank(7);
        Breakthrough::from_pieces(white, black, Color::White)
    }

    fn rules(&self) -> NoRules {
        NoRules
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn legal_moves(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        if self.decided() {
            return;
        }
        let own = self.pieces(self.side);
        let empty = !(self.pieces[0] | self.pieces[1]);
        let [forward, left, right] = directions(self.side);
        // Targets first, then back to the piece: one shift per direction.
        for (direction, allowed) in [(forward, empty), (left, !own), (right, !own)] {
            for to in own.shift(direction) & allowed {
                let from = to.offset(direction.opposite()).expect("shifted from the board");
                moves.push(Move { from, to });
            }
        }
    }

    fn play(&mut self, mv: Move) {
        let (us, them) = (self.side, !self.side);
        self.pieces[us.index()].remove(mv.from);
        self.pieces[us.index()].insert(mv.to);
        self.hash ^= piece_key(us, mv.from) ^ piece_key(us, mv.to) ^ KEYS[128];
        if self.pieces[them.index()].contains(mv.to) {
            self.pieces[them.index()].remove(mv.to);
            self.hash ^= piece_key(them, mv.to);
        }
        self.side = them;
    }

    fn is_capture(&self, mv: Move) -> bool {
        self.pieces(!self.side).contains(mv.to)
    }

    fn terminal_outcome(&self) -> damero::core::Outcome {
        use damero::core::Outcome::Win;
        if !(self.pieces(Color::White) & goal(Color::White)).is_empty() {
            Win(Color::White)
        } else if !(self.pieces(Color::Black) & goal(Color::Black)).is_empty() {
            Win(Color::Black)
        } else {
            // No pieces, or every piece blocked: the side to move loses.
            Win(!self.side)
        }
    }

    fn reversible_plies(&self) -> u32 {
        // Every move is a step forward: no position ever comes back.
        0
    }

    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        let mut hash = if self.side == Color::Black { KEYS[128] } else { 0 };
        for color in [Color::White, Color::Black] {
            for square in self.pieces(color) {
                hash ^= piece_key(color, square);
            }
        }
        hash
    }

    /// Ranks 8 to 1 separated by `/`, `W` and `B` for pieces, a digit for a
    /// run of empty squares, then the side to move: the start is
    /// `BBBBBBBB/BBBBBBBB/8/8/8/8/WWWWWWWW/WWWWWWWW w`.
    fn fen(&self) -> String {
        let mut text = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let square = Square::from_coords(file, rank).expect("on the board");
                let piece =
                    [Color::White, Color::Black].into_iter().find(|&c| self.pieces(c).contains(square));
                match piece {
                    None => empty += 1,
                    Some(color) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push(if color == Color::White { 'W' } else { 'B' });
                    }
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            if rank > 0 {
                text.push('/');
            }
        }
        text.push(' ');
        text.push(self.side.letter());
        text
    }

    fn from_fen(text: &str, _rules: NoRules) -> Result<Breakthrough, FenError> {
        let error = |why: &str| FenError(format!("{why} in '{text}'"));
        let (board, side) = text.trim().split_once(' ').ok_or_else(|| error("no side to move"))?;
        let side = match side.trim() {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(error("the side to move is not w or b")),
        };
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 8 {
            return Err(error("not 8 ranks"));
        }
        let mut pieces = [Bitboard::EMPTY; 2];
        for (row, rank_text) in ranks.iter().enumerate() {
            let rank = 7 - row as u8;
            let mut file = 0u8;
            for c in rank_text.chars() {
                match c {
                    '1'..='8' => file += c as u8 - b'0',
                    'W' | 'B' => {
                        let square =
                            Square::from_coords(file, rank).ok_or_else(|| error("a rank too long"))?;
                        pieces[usize::from(c == 'B')].insert(square);
                        file += 1;
                    }
                    _ => return Err(error("an unknown character")),
                }
            }
            if file != 8 {
                return Err(error("a rank that is not 8 squares"));
            }
        }
        let position = Breakthrough::from_pieces(pieces[0], pieces[1], side);
        let white_home = !(pieces[0] & goal(Color::White)).is_empty();
        let black_home = !(pieces[1] & goal(Color::Black)).is_empty();
        if white_home && black_home {
            return Err(error("both sides on their goal rank"));
        }
        Ok(position)
    }

    /// `a2-a3` for a step, `a2xb3` for a capture.
    fn format_move(&self, mv: Move) -> String {
        let separator = if self.is_capture(mv) { 'x' } else { '-' };
        format!("{}{separator}{}", mv.from, mv.to)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let error = || MoveError(format!("'{text}' is not a legal move here"));
        let (from, to) = text.split_once(['-', 'x']).ok_or_else(error)?;
        let from: Square = from.parse().map_err(|_| error())?;
        let to: Square = to.parse().map_err(|_| error())?;
        let mv = Move { from, to };
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        // The separator must be the right one, so each move has one text.
        if moves.contains(&mv) && self.format_move(mv) == text { Ok(mv) } else { Err(error()) }
    }
}

impl damero_core::Presentation for Breakthrough {
    fn diagram(&self) -> String {
        let mut text = String::new();
        for rank in (0..8).rev() {
            text.push_str(&format!("{} ", rank + 1));
            for file in 0..8 {
                let square = Square::from_coords(file, rank).expect("on the board");
                text.push(if self.pieces(Color::White).contains(square) {
                    'W'
                } else if self.pieces(Color::Black).contains(square) {
                    'B'
                } else {
                    '.'
                });
            }
            text.push('\n');
        }
        text.push_str("  abcdefgh\n");
        text
    }
}

/// Material and progress: 100 a piece, plus the square of how far it has
/// come (a piece one step from the goal is worth much more).
#[derive(Clone, Copy, Debug, Default)]
pub struct BreakthroughEval;

impl Evaluator<Breakthrough> for BreakthroughEval {
    fn evaluate(&self, position: &Breakthrough) -> i32 {
        let value = |color: Color| -> i32 {
            position
                .pieces(color)
                .into_iter()
                .map(|s| {
                    let progress = if color == Color::White { s.rank() } else { 7 - s.rank() } as i32;
                    100 + 4 * progress * progress
                })
                .sum()
        };
        value(position.side_to_move()) - value(!position.side_to_move())
    }
}

// To play through the engine layer (engine specs, matches), a game says what
// ships with it beyond its rules: no opening book and no bench positions
// here, so the defaults do.
impl damero::engine::EngineGame for Breakthrough {}
