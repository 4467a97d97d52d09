//! One node of the tree, as a sequence of steps: enter it (count it, check
//! the limits, push it on the path), settle it without a search (no legal
//! move, a draw by rule or repetition, the endgame database, the ply
//! limit), hand a leaf to quiescence, probe the table, prune near the
//! leaves, adjust the depth, search the moves ([`moves`](super::moves)) and
//! store the result.

use core::ops::ControlFlow;

use damero_core::{Evaluator, Game, MoveList};

use super::moves::Best;
use super::stats::count;
use super::worker::{Value, Worker};
use crate::score::{KNOWN, MAX_PLY, outcome_score, verdict_score};
use crate::tt::{Bound, score_from_tt, score_to_tt};

/// Reverse futility: the static value must beat beta by this much per ply.
const FUTILITY_MARGIN: i32 = 90;
/// Razoring: the static value must trail alpha by this much per ply.
const RAZOR_MARGIN: i32 = 150;

/// What a node is asked: a value to `depth` within the window
/// `alpha..beta`, `ply` plies from the root, on the principal variation or
/// not.
#[derive(Clone, Copy, Debug)]
pub(super) struct Task {
    pub(super) depth: i32,
    pub(super) alpha: i32,
    pub(super) beta: i32,
    pub(super) ply: usize,
    pub(super) pv: bool,
}

impl<G: Game, E: Evaluator<G>> Worker<'_, G, E> {
    /// The value of `position` at `depth` within `alpha..beta` for its side
    /// to move, `ply` plies from the root (`pv_node`: on the principal
    /// variation). Fail-soft; 0 once the search is aborted.
    pub(super) fn node(
        &mut self,
        position: &G,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> Value {
        let Some(key) = self.enter(position, ply) else {
            return Value::pure(0);
        };
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        if let Some(value) = self.draws_and_probe(position, &moves, ply) {
            return value;
        }
        if depth <= 0 {
            return self.leaf(position, &moves, alpha, beta, ply);
        }
        count!(self, interior);
        let task = Task { depth, alpha, beta, ply, pv: pv_node };
        // The static value shallow pruning will read, taken before the
        // table probe: the evaluation's work overlaps the wait for the
        // bucket the parent prefetched (a table cutoff wastes it).
        let eval = self.pruning_eval(position, task);
        let tt_index = match self.probe_table(key, moves.len(), task) {
            ControlFlow::Break(value) => return value,
            ControlFlow::Continue(tt_index) => tt_index,
        };
        if let Some(value) = eval.and_then(|eval| self.shallow_pruning(position, &moves, task, eval)) {
            count!(self, shallow_prunes);
            return value;
        }
        let task = Task { depth: self.adjusted_depth(position, &moves, task, tt_index), ..task };
        let Some(best) = self.search_moves(position, &moves, tt_index, task) else {
            return Value::pure(0);
        };
        self.store(key, &best, task);
        Value { score: best.score, taint: best.taint }
    }

    /// Counts the node, checks the limits every so often, and pushes the
    /// node on the path: its Zobrist key, or `None` once aborted.
    #[inline]
    fn enter(&mut self, position: &G, ply: usize) -> Option<u64> {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.check_limits();
        }
        if self.aborted {
            return None;
        }
        self.stack[ply].pv.clear();
        self.seldepth = self.seldepth.max(ply);
        let key = position.zobrist();
        self.hashes.truncate(self.root_index + ply);
        self.hashes.push(key);
        Some(key)
    }

    /// The value of a node settled without a search: the game's verdict when
    /// there is no legal move and, below the root, a draw by rule or by
    /// repetition, the endgame database's verdict, or the static value at
    /// the ply limit.
    #[inline]
    fn draws_and_probe(&mut self, position: &G, moves: &MoveList<G::Move>, ply: usize) -> Option<Value> {
        if moves.is_empty() {
            let outcome = position.terminal_outcome();
            if outcome.winner().is_none() {
                return Some(Value::pure(self.draw_score(position)));
            }
            return Some(Value::pure(outcome_score(outcome, position.side_to_move(), ply)));
        }
        if ply == 0 {
            return None;
        }
        if position.rule_draw() {
            return Some(Value::pure(self.draw_score(position)));
        }
        if let Some(at) = self.repetition(position, ply) {
            return Some(Value { score: self.draw_score(position), taint: at });
        }
        if self.config.egdb
            && let Some(verdict) = self.evaluator.probe(position)
        {
            let score = match verdict {
                damero_core::Verdict::Draw => self.draw_score(position),
                _ => verdict_score(verdict, ply, E::PROBE_DISTANCE_TO_END),
            };
            return Some(Value::pure(score));
        }
        if ply >= MAX_PLY - 1 {
            return Some(Value::pure(self.evaluate(position)));
        }
        None
    }

    /// A node at depth 0: quiescence, or the static value without it.
    #[inline]
    fn leaf(&mut self, position: &G, moves: &MoveList<G::Move>, alpha: i32, beta: i32, ply: usize) -> Value {
        if self.config.quiescence {
            self.quiescence(position, moves, alpha, beta, ply)
        } else {
            Value::pure(self.evaluate(position))
        }
    }

    /// The table's entry for `key`: a cutoff (`Break`) when its bound and
    /// depth settle the node, else its move's index among `move_count`
    /// moves, if any. No cutoffs at the root or, under PVS, on the principal
    /// variation (they would cut the PV short). Stored scores never depend on
    /// a repetition above their node.
    #[inline]
    fn probe_table(&mut self, key: u64, move_count: usize, task: Task) -> ControlFlow<Value, Option<usize>> {
        count!(self, tt_probes);
        let Some(entry) = self.tt.and_then(|tt| tt.probe(key ^ self.table_salt)) else {
            return ControlFlow::Continue(None);
        };
        count!(self, tt_hits);
        let tt_index = entry.move_index.filter(|&i| i < move_count);
        let depth_ok = if self.config.deeper_tt_cutoffs {
            entry.depth >= task.depth as u32
        } else {
            entry.depth == task.depth as u32
        };
        if task.ply > 0 && depth_ok && (!task.pv || !self.config.pvs) {
            let score = score_from_tt(entry.score, task.ply);
            let cut = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => score >= task.beta,
                Bound::Upper => score <= task.alpha,
                Bound::None => false,
            };
            if cut {
                count!(self, tt_cutoffs);
                return ControlFlow::Break(Value::pure(score));
            }
        }
        ControlFlow::Continue(tt_index)
    }

    /// The static value of a node where [`shallow_pruning`](Self::shallow_pruning)
    /// may act: off the principal variation, near the leaves, where the side
    /// to move may stand pat; `None` elsewhere.
    #[inline]
    fn pruning_eval(&mut self, position: &G, task: Task) -> Option<i32> {
        let shallow = if self.config.futility {
            3
        } else if self.config.razoring {
            2
        } else {
            0
        };
        if task.pv || task.ply == 0 || task.depth > shallow || !self.evaluator.may_stand_pat(position) {
            return None;
        }
        Some(self.evaluate(position))
    }

    /// Reverse futility pruning and razoring at a node whose static value
    /// is `eval` ([`pruning_eval`](Self::pruning_eval)): a quiet node whose
    /// static value is far above beta returns it, and one far below alpha
    /// that quiescence confirms below alpha returns that.
    #[inline]
    fn shallow_pruning(
        &mut self,
        position: &G,
        moves: &MoveList<G::Move>,
        task: Task,
        eval: i32,
    ) -> Option<Value> {
        let Task { depth, alpha, beta, ply, .. } = task;
        if self.config.futility && beta.abs() < KNOWN && eval - FUTILITY_MARGIN * depth >= beta {
            return Some(Value::pure(eval));
        }
        if self.config.razoring && depth <= 2 && alpha.abs() < KNOWN && eval + RAZOR_MARGIN * depth <= alpha {
            let value = self.quiescence(position, moves, alpha, alpha + 1, ply);
            if value.score <= alpha {
                return Some(value);
            }
        }
        None
    }

    /// The depth the moves are searched to: one ply more for a lone capture
    /// (the forced-capture extension), one less for a deep node without a
    /// table move (internal iterative reduction).
    #[inline]
    fn adjusted_depth(
        &self,
        position: &G,
        moves: &MoveList<G::Move>,
        task: Task,
        tt_index: Option<usize>,
    ) -> i32 {
        // A capture that is the only legal move is no decision: searching it
        // one ply deeper keeps the depth for the choices after it. Not at
        // depth 1, where quiescence already follows captures (measured: the
        // extension there costs more than it finds).
        let forced = self.config.forced_capture
            && task.ply > 0
            && task.depth >= 2
            && moves.len() == 1
            && position.is_capture(moves[0]);
        let mut depth = if forced { task.depth + 1 } else { task.depth };
        if self.config.iir && depth >= 6 && tt_index.is_none() {
            depth -= 1;
        }
        depth
    }

    /// Stores the node's result under `key`: a bound from the window the
    /// node was given, or none (only the move) when the value depends on a
    /// repetition above the node; no move when every move failed low.
    #[inline]
    fn store(&self, key: u64, best: &Best, task: Task) {
        let Some(tt) = self.tt else {
            return;
        };
        let bound = if best.taint < task.ply as i32 {
            Bound::None
        } else if best.score >= task.beta {
            Bound::Lower
        } else if best.score > task.alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_move = if bound == Bound::Upper { None } else { best.index };
        tt.store(
            key ^ self.table_salt,
            score_to_tt(best.score, task.ply),
            stored_move,
            task.depth as u32,
            bound,
        );
    }
}
