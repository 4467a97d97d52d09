//! Quiescence: at the leaves, only the noisy moves are searched, with the
//! static value as a floor where the side to move may stand pat.

use damero_core::{Evaluator, Game, MoveList};

use super::stats::count;
use super::worker::{Value, Worker};
use crate::score::INFINITY;

impl<G: Game, E: Evaluator<G>> Worker<'_, G, E> {
    /// Quiescence: stand pat where allowed and search noisy moves; where the
    /// side to move may not stand pat (a capture is compulsory), every move.
    pub(super) fn quiescence(
        &mut self,
        position: &G,
        moves: &MoveList<G::Move>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Value {
        count!(self, quiescence);
        let side = position.side_to_move();
        let stand_pat = self.evaluator.may_stand_pat(position);
        let mut best = -INFINITY;
        if stand_pat {
            best = self.evaluate(position);
            if best >= beta {
                return Value::pure(best);
            }
            alpha = alpha.max(best);
        }
        let mut taint = i32::MAX;
        for &mv in moves {
            if stand_pat && !self.evaluator.is_noisy(position, mv) {
                continue;
            }
            let mut child = *position;
            child.play(mv);
            let same = child.side_to_move() == side;
            let value = self.child(&child, same, 0, alpha, beta, ply, false);
            if self.aborted {
                return Value::pure(0);
            }
            taint = taint.min(value.taint);
            if value.score > best {
                best = value.score;
                if value.score > alpha {
                    alpha = value.score;
                    self.update_pv(ply, mv);
                    if value.score >= beta {
                        break;
                    }
                }
            }
        }
        Value { score: best, taint }
    }
}
