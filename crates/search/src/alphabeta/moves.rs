//! The move loop of a node: moves in the picker's order, the first with the
//! full window, later ones by principal variation search with late-move
//! reductions; a move that raises alpha heads the principal variation, and a
//! quiet move that cuts off is rewarded (killer, countermove, history).

use damero_core::smallvec::SmallVec;
use damero_core::{Color, Evaluator, Game, MOVE_LIST_INLINE, MoveList};

use super::history::HISTORY_MAX;
use super::node::Task;
use super::picker::{Kind, MovePicker};
use super::stats::count;
use super::worker::{Value, Worker};
use crate::score::{INFINITY, KNOWN};

/// Logarithmic reductions: `LMR_BASE + ln(depth) · ln(count) / LMR_DIVISOR`.
const LMR_BASE: f64 = 0.5;
/// See [`LMR_BASE`].
const LMR_DIVISOR: f64 = 2.5;

/// What a node's move loop found: the best score (fail-soft), the index of
/// its move, and the repetition the value depends on (see [`Value`]).
pub(super) struct Best {
    pub(super) score: i32,
    pub(super) index: Option<usize>,
    pub(super) taint: i32,
}

impl<G: Game, E: Evaluator<G>> Worker<'_, G, E> {
    /// Searches the `moves` of `position` (`tt_index`: the table's move) to
    /// `task.depth` within `task`'s window, until one cuts off; `None` once
    /// the search is aborted.
    #[inline]
    pub(super) fn search_moves(
        &mut self,
        position: &G,
        moves: &MoveList<G::Move>,
        tt_index: Option<usize>,
        task: Task,
    ) -> Option<Best> {
        let side = position.side_to_move();
        let ply = task.ply;
        let killers = if self.config.killers { self.stack[ply].killers } else { [None, None] };
        let countermove = self.countermove(side, ply);
        let mut picker = MovePicker::new(tt_index, [killers[0], killers[1], countermove]);
        let mut quiets_tried: SmallVec<[u16; MOVE_LIST_INLINE]> = SmallVec::new();
        let mut best = Best { score: -INFINITY, index: None, taint: i32::MAX };
        let mut alpha = task.alpha;
        let mut count = 0;
        // The move searched first (at the root: see `partial_iterations`).
        let mut first_move = None;
        while let Some((index, kind)) = picker.next(position, moves, |mv| self.history_value(side, mv)) {
            let mv = moves[index];
            let capture = kind == Kind::Capture || (kind == Kind::Table && position.is_capture(mv));
            if kind == Kind::Quiet && self.prunes_late(task, count, best.score) {
                // Plain quiet moves come last: the rest of the node is pruned.
                count!(self, late_pruned);
                break;
            }
            if count == 0 {
                first_move = Some(mv);
            }
            let value = self.search_move(position, mv, kind, count, Task { alpha, ..task })?;
            count += 1;
            best.taint = best.taint.min(value.taint);
            if value.score > best.score {
                best.score = value.score;
                best.index = Some(index);
                if value.score > alpha {
                    alpha = value.score;
                    self.raise_alpha(ply, mv, value.score, first_move);
                    if value.score >= task.beta {
                        count!(self, beta_cutoffs);
                        if count == 1 {
                            count!(self, first_move_cutoffs);
                        }
                        if !capture {
                            self.reward_quiet(side, mv, ply, task.depth, moves, &quiets_tried);
                        }
                        break;
                    }
                }
            }
            if !capture {
                quiets_tried.push(index as u16);
            }
        }
        Some(best)
    }

    /// Plays `mv`, the `count`-th move (from 0) of `position`, and searches
    /// the child: the first move with the full window, the others by
    /// [`late_move`](Self::late_move). `None` once aborted.
    #[inline]
    fn search_move(
        &mut self,
        position: &G,
        mv: G::Move,
        kind: Kind,
        count: usize,
        task: Task,
    ) -> Option<Value> {
        let side = position.side_to_move();
        let mut child = *position;
        child.play(mv);
        // Quiescence leaves do not probe the table: prefetch for the
        // children that will.
        if task.depth > 1
            && let Some(tt) = self.tt
        {
            tt.prefetch(child.zobrist() ^ self.table_salt);
        }
        let same = child.side_to_move() == side;
        self.stack[task.ply].current = Some(mv);
        let value = if count == 0 {
            self.child(&child, same, task.depth - 1, task.alpha, task.beta, task.ply, task.pv)
        } else {
            let reduction = if kind == Kind::Quiet { self.reduction(side, mv, task.depth, count) } else { 0 };
            self.late_move(&child, same, reduction, task)
        };
        (!self.aborted).then_some(value)
    }

    /// A move after the first: under PVS a null window, at `reduction`
    /// plies less if reduced, then at full depth if it beat alpha, then
    /// with the full window if it fell inside it; without PVS the full
    /// window, re-searched at full depth if a reduced search beat alpha.
    #[inline]
    fn late_move(&mut self, child: &G, same: bool, reduction: i32, task: Task) -> Value {
        let Task { depth, alpha, beta, ply, pv } = task;
        if self.config.pvs {
            if reduction > 0 {
                count!(self, reduced);
            }
            let mut v = self.child(child, same, depth - 1 - reduction, alpha, alpha + 1, ply, false);
            if v.score > alpha && reduction > 0 && !self.aborted {
                count!(self, re_searched);
                v = self.child(child, same, depth - 1, alpha, alpha + 1, ply, false);
            }
            if v.score > alpha && v.score < beta && !self.aborted {
                v = self.child(child, same, depth - 1, alpha, beta, ply, pv);
            }
            v
        } else {
            let mut v = self.child(child, same, depth - 1 - reduction, alpha, beta, ply, pv);
            if v.score > alpha && reduction > 0 && !self.aborted {
                v = self.child(child, same, depth - 1, alpha, beta, ply, pv);
            }
            v
        }
    }

    /// `mv` raised alpha at `ply` with `score`: it heads the principal
    /// variation; at the root it is the move to play, and the partial result
    /// of an interrupted iteration when it is proven better than the last
    /// completed iteration's move (that move was searched first).
    #[inline]
    fn raise_alpha(&mut self, ply: usize, mv: G::Move, score: i32, first_move: Option<G::Move>) {
        self.update_pv(ply, mv);
        if ply == 0 {
            self.root_best = Some(mv);
            if self.config.partial_iterations
                && (self.previous_best.is_none() || first_move == self.previous_best)
            {
                self.partial = Some((score, self.stack[0].pv.clone()));
            }
        }
    }

    /// How many plies less the `count`-th move (from 0) of a node at `depth`
    /// is searched, if `mv` is a late quiet move of `side`.
    #[inline]
    fn reduction(&self, side: Color, mv: G::Move, depth: i32, count: usize) -> i32 {
        if !self.config.lmr || depth < 3 || count < self.config.lmr_from {
            return 0;
        }
        let reduction = if self.config.lmr_log {
            let r = LMR_BASE + f64::from(depth).ln() * (count as f64).ln() / LMR_DIVISOR;
            (r as i32).clamp(1, depth - 2)
        } else if count >= self.config.lmr_two_from && depth >= 4 {
            // Two plies for the later moves at depth 4 or more: from the
            // seventh move, +14 ± 18 Elo over 800 Russian games and +11 ± 26
            // over 400 English at 20,000 nodes against the eighth move at
            // depth 5; from the fifth (the default), see `late_pruning`.
            2
        } else {
            1
        };
        if !self.config.history_lmr {
            return reduction;
        }
        // A move that has failed low more often than it cut is likely to
        // fail low again; one that cuts often deserves its full depth.
        match self.history_value(side, mv) {
            h if h < 0 => (reduction + 1).min(depth - 2),
            h if h > HISTORY_MAX / 2 => reduction - 1,
            _ => reduction,
        }
    }

    /// Whether late-move pruning skips the plain quiet moves left at a node
    /// of `task` after `count` moves, the best of them worth `best`.
    #[inline]
    fn prunes_late(&self, task: Task, count: usize, best: i32) -> bool {
        let lmp = self.config.late_pruning;
        lmp > 0
            && !task.pv
            && task.ply > 0
            && task.depth <= 3
            && best > -KNOWN
            && count >= lmp + (task.depth * task.depth) as usize
    }

    /// The history score of `side`'s quiet move `mv` (0 with history off).
    #[inline]
    fn history_value(&self, side: Color, mv: G::Move) -> i32 {
        if self.config.history { self.history.score(side, mv) } else { 0 }
    }

    /// The quiet move that last refuted the move leading to `ply` (played
    /// by the other side), when countermoves are on.
    #[inline]
    fn countermove(&self, side: Color, ply: usize) -> Option<G::Move> {
        if !self.config.countermoves || ply == 0 {
            return None;
        }
        let previous = self.stack[ply - 1].current?;
        self.history.countermove(side, previous)
    }

    /// A quiet move caused a cutoff: make it a killer (and the countermove
    /// of the move before it), raise its history and lower that of the
    /// quiet moves tried before it.
    fn reward_quiet(
        &mut self,
        side: Color,
        mv: G::Move,
        ply: usize,
        depth: i32,
        moves: &MoveList<G::Move>,
        tried: &[u16],
    ) {
        let killers = &mut self.stack[ply].killers;
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        if self.config.countermoves
            && ply > 0
            && let Some(previous) = self.stack[ply - 1].current
        {
            self.history.set_countermove(side, previous, mv);
        }
        if self.config.history {
            self.history.reward(side, mv, depth, tried.iter().map(|&t| moves[t as usize]));
        }
    }
}
