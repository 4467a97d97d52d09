//! The move generator (rules 5–9): piece moves, then the capture orders
//! that give each its distinct final boards.

use damero_core::smallvec::SmallVec;

use crate::board::{Removal, resolve_captures};
use crate::geometry::{CORNERS, VERTEX_RING, Vertex, guarded_by, squares_of, step, vertices_of};
use crate::moves::{Move, MoveKind, fill_mask};
use crate::position::Cross;

impl Cross {
    /// Every piece move of the side to move, before captures, in a fixed
    /// order: slides, corner moves, vertex-to-square moves, splits.
    fn piece_moves(&self, mut emit: impl FnMut(Move)) {
        let me = self.side.index();
        let own = self.board.squares[me];
        let enemy = self.board.squares[me ^ 1];
        let guard = guarded_by(self.board.vertices[me]);
        let occupied = own | enemy;
        let occupied_vertices = self.board.occupied_vertices();
        let enemy_vertices = self.board.vertices[me ^ 1];

        for from in squares_of(own) {
            // Rule 5: walk each way; own pieces are passed over, an enemy
            // piece or the edge stops the walk, every empty square is a
            // destination, and the walk goes on past it only when guarded.
            for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                let mut at = from;
                while let Some(next) = step(at, df, dr) {
                    let bit = 1u64 << next.index();
                    if enemy & bit != 0 {
                        break;
                    }
                    at = next;
                    if own & bit != 0 {
                        continue;
                    }
                    emit(Move::piece_move(MoveKind::Slide, from.index() as u8, next.index() as u8));
                    if guard & bit == 0 {
                        break;
                    }
                }
            }
            // Rule 6: to a free corner, unless an enemy vertex piece is at
            // king distance 1 (the two would guard a common square).
            for to in vertices_of(CORNERS[from.index()] & !occupied_vertices) {
                if VERTEX_RING[to.index()] & enemy_vertices == 0 {
                    emit(Move::piece_move(MoveKind::ToCorner, from.index() as u8, to.index() as u8));
                }
            }
        }

        let spares = self.spares(self.side);
        for from in vertices_of(self.board.vertices[me]) {
            let empty = from.guarded_squares() & !occupied;
            // Rule 7: to an empty guarded square.
            for to in squares_of(empty) {
                emit(Move::piece_move(MoveKind::ToSquare, from.index() as u8, to.index() as u8));
            }
            // Rule 8: fill min(|E|, spares) of the empty guarded squares E,
            // all of them when spares suffice, else every choice of that size.
            if empty == 0 || spares == 0 {
                continue;
            }
            let all = fill_mask(from.index() as u8, empty);
            let k = spares.min(empty.count_ones());
            let mut subset = all;
            // Every non-empty subset of `all` with k bits (at most 16 masks).
            loop {
                if subset.count_ones() == k {
                    emit(Move::piece_move(MoveKind::Split, from.index() as u8, subset));
                }
                if subset == 0 {
                    break;
                }
                subset = (subset - 1) & all;
            }
        }
    }

    /// Calls `emit` with every legal move: each piece move once per distinct
    /// final board its capture orders can reach (rule 9).
    pub(crate) fn generate(&self, mut emit: impl FnMut(Move)) {
        if self.far_rank_win() {
            return;
        }
        let mut results: SmallVec<[Removal; 4]> = SmallVec::new();
        let (danger_squares, danger_vertices) = self.board.danger_zones(self.side);
        self.piece_moves(|mv| {
            // The fast test: most moves land where no formation can arise.
            let quiet = match mv.kind {
                MoveKind::Slide | MoveKind::ToSquare => danger_squares >> mv.to & 1 == 0,
                MoveKind::ToCorner => danger_vertices >> mv.to & 1 == 0,
                MoveKind::Split => false,
            };
            if quiet {
                debug_assert!(
                    !self.board.after_piece_move(self.side, mv).any_formation(),
                    "danger zones missed a formation"
                );
                emit(mv);
                return;
            }
            let after = self.board.after_piece_move(self.side, mv);
            if !after.any_formation() {
                emit(mv);
                return;
            }
            resolve_captures(&after, &mut results);
            for &(squares, vertices) in &results {
                emit(mv.with_removed(squares, vertices));
            }
        });
    }

    /// The distinct removed sets the capture orders of a piece move reach.
    pub(crate) fn capture_results(&self, mv: Move) -> SmallVec<[Removal; 4]> {
        let mut results = SmallVec::new();
        resolve_captures(&self.board.after_piece_move(self.side, mv), &mut results);
        results
    }

    /// The empty squares a vertex guards (the set E of rule 8).
    #[inline]
    pub(crate) fn empty_guarded(&self, vertex: Vertex) -> u64 {
        vertex.guarded_squares() & !self.board.occupied_squares()
    }
}
