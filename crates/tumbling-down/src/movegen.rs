//! Move generation (rules 4–7) and checking of move texts.

use damero_core::{Bitboard, Direction, MoveList};

use crate::geometry::{DIRECTIONS, NEIGHBOURS, RAY_LEN, RAY_PREFIX};
use crate::{Move, TumblingDown};

impl TumblingDown {
    /// Clears `moves` and fills it with every legal move: for each stack the
    /// side to move owns (rule 4) and each direction staying on the board, the
    /// single-piece move (rule 5, original variant only) and, for stacks of two
    /// or more, the tumble (rule 6). A lone piece's tumble is its single-piece
    /// move, listed once (rule 7). Empty once the game is decided (rule 10).
    pub fn generate_moves(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        if self.state.winner.is_some() {
            return;
        }
        let singles = self.rules.variant.has_single_piece_moves();
        for from in self.owned_by(self.state.side).squares() {
            let tall = self.board.get(from).height() >= 2;
            let mut dirs = DIRECTIONS[from.index()];
            while dirs != 0 {
                let direction = Direction::ALL[dirs.trailing_zeros() as usize];
                dirs &= dirs - 1;
                if !tall || singles {
                    moves.push(Move::step(from, direction));
                }
                if tall {
                    moves.push(Move::tumble(from, direction));
                }
            }
        }
    }

    /// The number of legal moves, without generating them: every owned stack
    /// has one move per neighbour, two when it is tall and single-piece moves exist.
    pub fn move_count(&self) -> u64 {
        if self.state.winner.is_some() {
            return 0;
        }
        let singles = self.rules.variant.has_single_piece_moves();
        let mut count = 0;
        for from in self.owned_by(self.state.side).squares() {
            let per_direction = if singles && self.board.get(from).height() >= 2 { 2 } else { 1 };
            count += u64::from(NEIGHBOURS[from.index()]) * per_direction;
        }
        count
    }

    /// The squares `mv` puts a piece on (its start square excluded).
    #[inline]
    pub fn landing_squares(&self, mv: Move) -> Bitboard {
        let from = mv.from().index();
        let d = mv.direction() as usize;
        let len = RAY_LEN[from][d] as usize;
        let reach = if mv.is_tumble() { self.board.get(mv.from()).height().min(len) } else { len.min(1) };
        Bitboard(RAY_PREFIX[from][d][reach])
    }

    /// Whether `mv` puts a piece on a stack the opponent owns.
    #[inline]
    pub fn covers_enemy(&self, mv: Move) -> bool {
        !(self.landing_squares(mv) & self.owned_by(!self.state.side)).is_empty()
    }
}
