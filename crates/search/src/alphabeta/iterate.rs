//! Iterative deepening on one thread, each iteration in an aspiration
//! window around the last one's score.

use std::sync::atomic::Ordering;

use damero_core::{Evaluator, Game};

use super::worker::Worker;
use crate::report::SearchInfo;
use crate::score::{INFINITY, PROVEN, Score};

/// The first half-width of an aspiration window, in centipawns.
const ASPIRATION_DELTA: i32 = 40;
/// Table-key salt of searches with contempt whose root side is Black.
const CONTEMPT_SALT: u64 = 0x6c8e_9cf5_7093_2bd5;

/// The result of iterative deepening on one thread.
pub(super) enum Iteration<G: Game> {
    /// The deepest iteration completed (or the partial result replacing it).
    Completed { depth: u32, score: i32, pv: Vec<G::Move>, seldepth: u32 },
    /// Not even depth 1 completed: the best root move so far, if any.
    None { root_best: Option<G::Move>, seldepth: u32 },
}

impl<G: Game> Iteration<G> {
    /// The completed depth (0 for none).
    pub(super) fn depth(&self) -> u32 {
        match self {
            Iteration::Completed { depth, .. } => *depth,
            Iteration::None { .. } => 0,
        }
    }
}

impl<G: Game, E: Evaluator<G>> Worker<'_, G, E> {
    /// Iterative deepening from depth 1 (helpers: odd ones start a ply deeper
    /// so the threads spread over two depths).
    pub(super) fn iterate(
        &mut self,
        root: &G,
        max_depth: u32,
        on_info: &mut dyn FnMut(&SearchInfo<G>),
    ) -> Iteration<G> {
        let mut completed: Option<(u32, i32, Vec<G::Move>)> = None;
        self.root_side = root.side_to_move();
        if self.config.contempt != 0 && self.root_side == damero_core::Color::Black {
            self.table_salt = CONTEMPT_SALT;
        }
        let first = if self.id % 2 == 1 { 2.min(max_depth) } else { 1 };
        for depth in first..=max_depth {
            let previous = completed.as_ref().map(|c| c.1);
            self.partial = None;
            self.previous_best = completed.as_ref().and_then(|c| c.2.first().copied());
            let score = self.aspiration(root, depth as i32, previous);
            if self.aborted {
                // A root move that raised alpha in the interrupted iteration
                // was searched deeper than the completed iteration's choice
                // and proved better than that iteration's first move did.
                if self.config.partial_iterations
                    && let (Some(done), Some((score, pv))) = (completed.as_mut(), self.partial.take())
                {
                    done.1 = score;
                    done.2 = pv;
                }
                break;
            }
            let pv = self.stack[0].pv.clone();
            completed = Some((depth, score, pv));
            if self.id != 0 {
                if depth == max_depth {
                    // This helper finished the last depth first: all stop.
                    self.shared.stop.store(true, Ordering::Relaxed);
                }
                continue;
            }
            self.can_abort = true;
            self.flush();
            let nodes = self.shared.nodes.load(Ordering::Relaxed);
            let time = self.shared.start.elapsed();
            let (depth, score, pv) = completed.as_ref().expect("just set");
            on_info(&SearchInfo {
                depth: *depth,
                seldepth: self.seldepth as u32,
                score: Score(*score),
                nodes,
                time,
                pv: pv.clone(),
            });
            let limits = self.shared.limits;
            // On a fixed time per move, an iteration cut short still plays
            // its best move, so the time after the soft limit is not wasted.
            let use_all_time = limits.fixed_time && self.config.partial_iterations;
            if limits.stop_requested()
                || (!use_all_time && limits.soft_time_up(self.shared.start))
                || limits.nodes.is_some_and(|n| nodes >= n)
            {
                break;
            }
        }
        match completed {
            Some((depth, score, pv)) => {
                Iteration::Completed { depth, score, pv, seldepth: self.seldepth as u32 }
            }
            None => Iteration::None { root_best: self.root_best, seldepth: self.seldepth as u32 },
        }
    }

    /// One iteration, in a window around the previous score that widens on
    /// failure until the value falls inside it (fail-soft values make the
    /// final value exact).
    fn aspiration(&mut self, root: &G, depth: i32, previous: Option<i32>) -> i32 {
        let mut delta = ASPIRATION_DELTA;
        let (mut alpha, mut beta) = match previous {
            Some(p) if self.config.aspiration && depth >= 4 && p.abs() < PROVEN => (p - delta, p + delta),
            _ => (-INFINITY, INFINITY),
        };
        loop {
            let score = self.node(root, depth, alpha, beta, 0, true).score;
            if self.aborted {
                return score;
            }
            if score <= alpha && alpha > -INFINITY {
                delta *= 2;
                alpha = if delta > 1000 { -INFINITY } else { (score - delta).max(-INFINITY) };
            } else if score >= beta && beta < INFINITY {
                delta *= 2;
                beta = if delta > 1000 { INFINITY } else { (score + delta).min(INFINITY) };
            } else {
                return score;
            }
        }
    }
}
