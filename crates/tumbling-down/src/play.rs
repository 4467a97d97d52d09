//! Playing a move (rules 5–6), the end-of-move evaluation (rules 9–10), and
//! make/unmake for searches that prefer it to copy-make.

use damero_core::{Bitboard, Color, Square, Stack};

use crate::geometry::{RAY_LEN, RAY_PREFIX};
use crate::position::State;
use crate::zobrist::{BLACK_TO_MOVE, stack_key, winner_key};
use crate::{Move, TumblingDown};

/// What [`TumblingDown::make`] saved so that [`TumblingDown::unmake`] can restore the
/// position: the summaries and the stacks of the (at most 8) touched squares.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    state: State,
    squares: [Square; 8],
    stacks: [Stack; 8],
    len: u8,
}

impl TumblingDown {
    /// Plays `mv` in place and returns what [`unmake`](TumblingDown::unmake) needs
    /// to take it back (the make/unmake alternative to copy-make).
    pub fn make(&mut self, mv: Move) -> Undo {
        let mut undo =
            Undo { state: self.state, squares: [Square::A1; 8], stacks: [Stack::EMPTY; 8], len: 0 };
        self.apply(mv, Some(&mut undo));
        undo
    }

    /// Takes back the move that returned `undo` (which must be the last one made).
    pub fn unmake(&mut self, undo: &Undo) {
        for i in 0..undo.len as usize {
            self.board.set(undo.squares[i], undo.stacks[i]);
        }
        self.state = undo.state;
    }

    /// Plays `mv`, then decides the game by rules 9–10.
    pub(crate) fn apply(&mut self, mv: Move, mut undo: Option<&mut Undo>) {
        let from = mv.from();
        let d = mv.direction() as usize;
        let len = RAY_LEN[from.index()][d] as usize;
        let source = self.board.get(from);
        let height = source.height();
        // Not a legal move: leave the position alone rather than panic.
        if len == 0 || height == 0 || self.state.winner.is_some() {
            return;
        }
        let reach = if mv.is_tumble() { height.min(len) } else { 1 };
        let touched = Bitboard(RAY_PREFIX[from.index()][d][reach] | 1 << from.index());

        for sq in touched.squares() {
            let old = self.board.get(sq);
            self.state.hash ^= stack_key(sq, old);
            if let Some(undo) = undo.as_deref_mut() {
                undo.squares[undo.len as usize] = sq;
                undo.stacks[undo.len as usize] = old;
                undo.len += 1;
            }
        }

        let step = mv.direction().index_step() as isize;
        if mv.is_tumble() {
            // Rule 6: the i-th piece from the bottom lands on s + min(i, L)·d.
            self.board.take(from);
            let mut index = from.index() as isize;
            for (i, color) in source.pieces().enumerate() {
                if i < len {
                    index += step;
                }
                self.board.push(Square::from_index_wrapping(index as usize), color);
            }
        } else if let Some(color) = self.board.pop(from) {
            // Rule 5: the top piece moves one square, onto whatever stands there.
            self.board.push(Square::from_index_wrapping((from.index() as isize + step) as usize), color);
        }

        for sq in touched.squares() {
            let stack = self.board.get(sq);
            self.state.hash ^= stack_key(sq, stack);
            let bit = 1u64 << sq.index();
            for c in 0..2 {
                self.state.owned[c].0 &= !bit;
                self.state.pure[c].0 &= !bit;
            }
            if let Some(top) = stack.top() {
                self.state.owned[top.index()].0 |= bit;
                if let Some(color) = stack.pure_color() {
                    self.state.pure[color.index()].0 |= bit;
                }
            }
        }

        // Rule 10: the opponent losing its king wins, even if the mover lost its own.
        let mover = self.state.side;
        let winner = if self.lost_king(!mover, touched) {
            Some(mover)
        } else if self.lost_king(mover, touched) {
            Some(!mover)
        } else {
            None
        };
        for color in Color::ALL {
            self.refresh_tallest(color, touched);
        }
        if let Some(w) = winner {
            self.state.winner = Some(w);
            self.state.hash ^= winner_key(w);
        }
        self.state.side = !mover;
        self.state.hash ^= BLACK_TO_MOVE;
        self.state.plies = self.state.plies.saturating_add(1);
    }

    /// Rule 9, with the board after the move and the king summaries still from
    /// before it: `x` lost its king if it has no pure stack at all, or if one of
    /// its king squares now holds a non-empty stack that is not pure `x` while
    /// no pure stack of `x` grew taller than its old king height.
    fn lost_king(&self, x: Color, touched: Bitboard) -> bool {
        let c = x.index();
        if self.state.pure[c].is_empty() {
            return true;
        }
        // Rule 8: `kings` applies `min_king_height` to the pre-move tallest stacks.
        let occupied = self.state.owned[0] | self.state.owned[1];
        let covered = self.kings(x) & touched & occupied & !self.state.pure[c];
        if covered.is_empty() {
            return false;
        }
        // Squares the move did not touch are unchanged, so only touched ones can be taller.
        let old_height = self.state.tallest_height[c] as usize;
        !(touched & self.state.pure[c]).squares().any(|sq| self.board.get(sq).height() > old_height)
    }

    /// Brings `color`'s tallest-pure-stack summary up to date after a move that
    /// changed only `touched`: a rescan is needed only if a tallest stack was
    /// touched or a touched square now holds a pure stack at least as tall.
    fn refresh_tallest(&mut self, color: Color, touched: Bitboard) {
        let c = color.index();
        let height = self.state.tallest_height[c] as usize;
        let stale = !(touched & self.state.tallest[c]).is_empty()
            || (touched & self.state.pure[c]).squares().any(|sq| self.board.get(sq).height() >= height);
        if stale {
            let (set, h) = self.find_tallest(color);
            self.state.tallest[c] = set;
            self.state.tallest_height[c] = h;
        }
    }
}
