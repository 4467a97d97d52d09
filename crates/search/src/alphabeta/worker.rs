//! One search thread: its stack, history, node count and limit checks, and
//! the small helpers every node step uses (evaluation with noise, draw
//! scores with contempt, repetitions, the child call, the principal
//! variation).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use damero_core::{Evaluator, Game};

use super::AlphaBetaConfig;
use super::history::History;
use super::stats::{Stats, count};
use crate::limits::Limits;
use crate::score::{MAX_PLY, PROVEN};
use crate::tt::TranspositionTable;

/// Nodes between two looks at the clock and the shared counters.
const CHECK_INTERVAL: u64 = 1024;

/// What threads share besides the table.
pub(super) struct Shared<'a> {
    pub(super) limits: &'a Limits,
    pub(super) start: Instant,
    /// Raised by the thread that finishes (the main thread at a limit, or any
    /// thread completing the last depth): the others stop.
    pub(super) stop: AtomicBool,
    /// Nodes of every thread, flushed every few hundred nodes.
    pub(super) nodes: AtomicU64,
}

/// A search value and the repetition it depends on.
#[derive(Clone, Copy, Debug)]
pub(super) struct Value {
    pub(super) score: i32,
    /// The lowest ply whose position a repetition draw in the subtree refers
    /// to (negative: a position before the root; `i32::MAX`: none). A value
    /// is path-independent, and may be stored, only when this is not above
    /// the node.
    pub(super) taint: i32,
}

impl Value {
    /// A value that depends on no repetition.
    pub(super) const fn pure(score: i32) -> Value {
        Value { score, taint: i32::MAX }
    }

    /// The value for the other side.
    #[inline]
    fn negated(self) -> Value {
        Value { score: -self.score, taint: self.taint }
    }
}

/// One ply of the search stack.
#[derive(Clone, Debug)]
pub(super) struct Frame<M> {
    /// Two quiet moves that cut off at this ply.
    pub(super) killers: [Option<M>; 2],
    /// The principal variation from this ply.
    pub(super) pv: Vec<M>,
    /// The move being searched from this ply: the countermove key of the
    /// ply below.
    pub(super) current: Option<M>,
}

/// One search thread: its own stack and history.
pub(super) struct Worker<'a, G: Game, E: Evaluator<G>> {
    pub(super) id: usize,
    threads: usize,
    pub(super) evaluator: &'a E,
    pub(super) config: &'a AlphaBetaConfig,
    pub(super) tt: Option<&'a TranspositionTable>,
    pub(super) shared: &'a Shared<'a>,
    pub(super) nodes: u64,
    flushed: u64,
    pub(super) next_check: u64,
    /// The main thread finishes depth 1 whatever the limits.
    pub(super) can_abort: bool,
    pub(super) aborted: bool,
    pub(super) seldepth: usize,
    /// Zobrist keys: the game before the root, then one per ply of the path.
    pub(super) hashes: Vec<u64>,
    pub(super) root_index: usize,
    pub(super) stack: Vec<Frame<G::Move>>,
    pub(super) history: History<G::Move>,
    pub(super) root_best: Option<G::Move>,
    /// The score and line of the best root move proven so far by the
    /// iteration under way (see [`AlphaBetaConfig::partial_iterations`]).
    pub(super) partial: Option<(i32, Vec<G::Move>)>,
    /// The side to move at the root (whose draws contempt lowers).
    pub(super) root_side: damero_core::Color,
    /// The last completed iteration's move: an interrupted iteration's move
    /// counts only when this was searched first, so it beat this.
    pub(super) previous_best: Option<G::Move>,
    /// XORed into table keys: 0, or the root side's salt with contempt (a
    /// stored draw's value depends on the root's side).
    pub(super) table_salt: u64,
    /// Where the nodes go (counted with the `stats` feature only).
    pub(super) stats: Stats,
}

impl<'a, G: Game, E: Evaluator<G>> Worker<'a, G, E> {
    /// Thread `id` of `threads`, searching after the game `history`.
    pub(super) fn new(
        id: usize,
        evaluator: &'a E,
        config: &'a AlphaBetaConfig,
        tt: Option<&'a TranspositionTable>,
        shared: &'a Shared<'a>,
        history: &[u64],
        threads: usize,
    ) -> Worker<'a, G, E> {
        let mut hashes = Vec::with_capacity(history.len() + MAX_PLY + 2);
        hashes.extend_from_slice(history);
        let frame = Frame { killers: [None, None], pv: Vec::with_capacity(MAX_PLY + 2), current: None };
        Worker {
            id,
            threads,
            evaluator,
            config,
            tt,
            shared,
            nodes: 0,
            flushed: 0,
            next_check: 1,
            can_abort: id != 0,
            aborted: false,
            seldepth: 0,
            root_index: history.len(),
            hashes,
            stack: vec![frame; MAX_PLY + 2],
            history: History::new(),
            root_best: None,
            partial: None,
            root_side: damero_core::Color::White,
            previous_best: None,
            table_salt: 0,
            stats: Stats::default(),
        }
    }

    /// Publishes this thread's node count.
    pub(super) fn flush(&mut self) {
        self.shared.nodes.fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
        self.flushed = self.nodes;
    }

    /// Publishes the node count and checks the limits.
    #[cold]
    pub(super) fn check_limits(&mut self) {
        self.flush();
        let limits = self.shared.limits;
        let total = self.shared.nodes.load(Ordering::Relaxed);
        if limits.stop_requested() || (self.can_abort && self.shared.stop.load(Ordering::Relaxed)) {
            self.aborted = true;
        }
        if self.can_abort
            && (limits.hard_time_up(self.shared.start) || limits.nodes.is_some_and(|n| total >= n))
        {
            self.aborted = true;
        }
        // Check again after at most CHECK_INTERVAL nodes, sooner near the node
        // limit so a single thread stops on the exact count (determinism).
        let mut step = CHECK_INTERVAL;
        if let Some(limit) = limits.nodes {
            let left = limit.saturating_sub(total) / self.threads as u64;
            step = step.min(left.max(1));
        }
        self.next_check = self.nodes + step;
    }

    /// The static value for the side to move, with the configured noise.
    #[inline]
    pub(super) fn evaluate(&mut self, position: &G) -> i32 {
        count!(self, evals);
        let mut value = self.evaluator.evaluate(position);
        if self.config.noise > 0 {
            let span = 2 * self.config.noise as u64 + 1;
            let r = damero_core::splitmix64(position.zobrist() ^ self.config.seed).1 % span;
            value += r as i32 - self.config.noise;
        }
        let bound = E::MAX_EVAL.min(PROVEN - 1);
        value.clamp(-bound, bound)
    }

    /// A draw's value for the side to move at `position`: 0, less the
    /// contempt for the root's side (more for its opponent).
    #[inline]
    pub(super) fn draw_score(&self, position: &G) -> i32 {
        if position.side_to_move() == self.root_side { -self.config.contempt } else { self.config.contempt }
    }

    /// `Some(ply of the earlier occurrence)` when the position at `ply` is a
    /// draw by repetition: the first repetition inside the search path, or
    /// the game's limit reached with positions played before the root.
    #[inline]
    pub(super) fn repetition(&self, position: &G, ply: usize) -> Option<i32> {
        crate::repetition::repetition(position, &self.hashes, self.root_index, self.root_index + ply)
    }

    /// Searches `child` (reached from a node at `ply` whose side to move is
    /// or is not the child's) and returns its value for the parent's side.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn child(
        &mut self,
        child: &G,
        same_side: bool,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv: bool,
    ) -> Value {
        if same_side {
            self.node(child, depth, alpha, beta, ply + 1, pv)
        } else {
            self.node(child, depth, -beta, -alpha, ply + 1, pv).negated()
        }
    }

    /// Makes `mv` followed by the line of the ply below the principal
    /// variation from `ply`.
    #[inline]
    pub(super) fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.stack.split_at_mut(ply + 1);
        let line = &mut head[ply].pv;
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0].pv);
    }
}
