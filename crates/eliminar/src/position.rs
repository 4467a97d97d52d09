//! The position and its [`Game`] implementation.

use core::fmt;

use damero_core::{Bitboard, Color, Game, MoveList, Outcome, Square};

use crate::movegen::{first_jump_count, generate_jumps, jump_starts};
use crate::moves::Move;
use crate::notation::{FenError, MoveError};
use crate::rules::{Objective, Rules};
use crate::{notation, setup, zobrist};

/// An Eliminar position: the pieces of both sides, the side to move and the
/// rules. Small and `Copy`; there are no counters (rule 7: no draw rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pieces: [Bitboard; 2],
    side: Color,
    rules: Rules,
    hash: u64,
}

/// Two pieces given for one square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverlapError {
    /// The first square given to both sides.
    pub square: Square,
}

impl fmt::Display for OverlapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "square {} holds both a white and a black piece", self.square)
    }
}

impl std::error::Error for OverlapError {}

impl Position {
    /// The position with these pieces and side to move.
    ///
    /// # Errors
    /// [`OverlapError`] when a square is in both sets.
    pub fn from_pieces(
        white: Bitboard,
        black: Bitboard,
        side: Color,
        rules: Rules,
    ) -> Result<Position, OverlapError> {
        if let Some(square) = (white & black).first() {
            return Err(OverlapError { square });
        }
        let mut position = Position { pieces: [white, black], side, rules, hash: 0 };
        position.hash = position.zobrist_from_scratch();
        Ok(position)
    }

    /// The pieces of `color`.
    #[inline]
    pub const fn pieces(&self, color: Color) -> Bitboard {
        self.pieces[color.index()]
    }

    /// Every occupied square.
    #[inline]
    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.pieces[0].0 | self.pieces[1].0)
    }

    /// How many pieces `color` has.
    #[inline]
    pub const fn count(&self, color: Color) -> u32 {
        self.pieces(color).count()
    }

    /// The colour of the piece on `square`, if any.
    pub fn piece_at(&self, square: Square) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.pieces(c).contains(square))
    }

    /// Whether `color` could jump if it were to move (rule 3).
    #[inline]
    pub fn can_jump(&self, color: Color) -> bool {
        !jump_starts(self.pieces(color), self.occupied()).is_empty()
    }

    /// The number of first jumps (piece and direction) `color` has.
    #[inline]
    pub fn first_jumps(&self, color: Color) -> u32 {
        first_jump_count(self.pieces(color), self.occupied())
    }

    /// Whether the game is over (rules 5 and 8): nobody can jump, or, with
    /// `end_when_stuck`, the side to move cannot.
    pub fn is_over(&self) -> bool {
        !self.can_jump(self.side) && (self.rules.end_when_stuck || !self.can_jump(!self.side))
    }

    /// The result by counting pieces (rule 6), whether or not the game is over.
    pub fn counted_outcome(&self) -> Outcome {
        let (white, black) = (self.count(Color::White), self.count(Color::Black));
        let white_wins = match self.rules.objective {
            Objective::Fewest => white < black,
            Objective::Most => white > black,
        };
        if white == black {
            Outcome::Draw
        } else if white_wins {
            Outcome::Win(Color::White)
        } else {
            Outcome::Win(Color::Black)
        }
    }
}

impl Game for Position {
    type Move = Move;
    type Rules = Rules;
    type FenError = FenError;
    type MoveError = MoveError;

    const NAME: &'static str = "eliminar";

    /// The start setup of rule 2; `removed_per_side` is clamped to one below
    /// the side's piece count when [`RuleSet::validate`](damero_core::RuleSet::validate)
    /// would reject it.
    fn start(rules: Rules) -> Position {
        let (white, black) = setup::start_placement(&rules);
        // Rule 1: White moves first.
        Position::from_pieces(white, black, Color::White, rules).expect("setups never overlap")
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    #[inline]
    fn side_to_move(&self) -> Color {
        self.side
    }

    fn legal_moves(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        generate_jumps(self.pieces(self.side), self.occupied(), moves);
        // Rule 4: with no jump, pass if the opponent has one; rule 5: else the
        // game is over; rule 8: with end_when_stuck it is over at once.
        if moves.is_empty() && !self.rules.end_when_stuck && self.can_jump(!self.side) {
            moves.push(Move::Pass);
        }
    }

    fn play(&mut self, mv: Move) {
        if let Move::Jump { from, to, jumped } = mv {
            let us = self.side.index();
            // Rule 3: the mover goes from `from` to `to`; every jumped piece,
            // own and enemy, is removed.
            for c in Color::ALL {
                for sq in self.pieces[c.index()] & jumped {
                    self.hash ^= zobrist::piece_key(c, sq);
                }
                self.pieces[c.index()] &= !jumped;
            }
            self.pieces[us].remove(from);
            self.pieces[us].insert(to);
            self.hash ^= zobrist::piece_key(self.side, from) ^ zobrist::piece_key(self.side, to);
        }
        self.side = !self.side;
        self.hash ^= zobrist::BLACK_TO_MOVE;
    }

    fn is_capture(&self, mv: Move) -> bool {
        !(mv.jumped() & self.pieces(!self.side)).is_empty()
    }

    /// Rule 6: by counting pieces under the objective; equal counts draw.
    fn terminal_outcome(&self) -> Outcome {
        self.counted_outcome()
    }

    fn end_reason(&self) -> Option<String> {
        if self.count_legal_moves() > 0 {
            return None;
        }
        let (white, black) = (self.count(Color::White), self.count(Color::Black));
        let objective = match self.rules.objective {
            Objective::Fewest => "fewest",
            Objective::Most => "most",
        };
        Some(format!("no jump is left; pieces counted (white {white}, black {black}; {objective} wins)"))
    }

    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        let mut hash = if self.side == Color::Black { zobrist::BLACK_TO_MOVE } else { 0 };
        for c in Color::ALL {
            for sq in self.pieces(c) {
                hash ^= zobrist::piece_key(c, sq);
            }
        }
        hash
    }

    fn fen(&self) -> String {
        notation::write_fen(self)
    }

    fn from_fen(text: &str, rules: Rules) -> Result<Position, FenError> {
        notation::parse_fen(text, rules)
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format_move(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, text)
    }

    fn diagram(&self) -> String {
        let mut out = String::new();
        for rank in (0..8).rev() {
            out.push((b'1' + rank) as char);
            out.push(' ');
            for file in 0..8 {
                let sq = Square::from_coords(file, rank).expect("in range");
                out.push(' ');
                out.push(self.piece_at(sq).map_or('.', Color::letter));
            }
            out.push('\n');
        }
        out.push_str("   a b c d e f g h\n");
        out.push_str(&format!(
            "{} to move; white {}, black {}; objective {}\n",
            self.side,
            self.count(Color::White),
            self.count(Color::Black),
            self.rules.objective
        ));
        out
    }
}
