//! The tree part of a playout: down by UCT from the root to a leaf,
//! expanding the leaf on its second visit, and the loop that repeats it
//! until a limit.

use std::time::Instant;

use damero_core::smallvec::SmallVec;
use damero_core::{Color, Evaluator, Game};

use super::arena::Tree;
use super::math::sqrt_ln;
use super::node::{Node, NodeState, Proof};
use super::{MctsConfig, time_limit};
use crate::limits::Limits;
use crate::prefetch::prefetch;
use crate::repetition::repetition;
use crate::report::SearchInfo;

impl<G: Game> Tree<G> {
    /// Runs playouts until a limit; returns how many were run.
    pub(super) fn run<E: Evaluator<G>>(
        &mut self,
        config: &MctsConfig,
        evaluator: &E,
        limits: &Limits,
        budget: Option<u64>,
        start: Instant,
        on_info: &mut dyn FnMut(&SearchInfo<G>),
    ) -> u64 {
        let mut playouts = 0u64;
        let mut next_info = 1024;
        let timed = time_limit(limits);
        while budget.is_none_or(|b| playouts < b)
            && !self.full
            && matches!(self.nodes[0].proof, Proof::Unknown)
        {
            if playouts.is_multiple_of(256)
                && (limits.stop_requested() || timed.is_some_and(|t| start.elapsed() >= t))
            {
                break;
            }
            self.playout(config, evaluator);
            playouts += 1;
            if playouts == next_info {
                next_info *= 2;
                on_info(&self.info(playouts, start));
            }
        }
        playouts
    }

    /// Whether the position at `ply` of the current path is a draw by
    /// repetition (as in alpha-beta: see [`repetition`]).
    pub(super) fn repeated(&self, position: &G, ply: usize) -> bool {
        repetition(position, &self.hashes, self.history_len, self.history_len + ply).is_some()
    }

    /// One selection, expansion, playout and backup.
    fn playout<E: Evaluator<G>>(&mut self, config: &MctsConfig, evaluator: &E) {
        let mut position = self.root.expect("rerooted");
        let mut path: SmallVec<[u32; 64]> = SmallVec::new();
        path.push(0);
        self.hashes.truncate(self.history_len);
        self.hashes.push(position.zobrist());
        let mut index = 0usize;
        let white_score = loop {
            let ply = path.len() - 1;
            let proof = self.nodes[index].proof;
            if !matches!(proof, Proof::Unknown) {
                break proof.score_for(Color::White);
            }
            match self.nodes[index].state {
                NodeState::Unvisited => match self.first_visit(position, ply, config, evaluator) {
                    Ok(white_score) => {
                        self.nodes[index].state = NodeState::Visited;
                        break white_score;
                    }
                    Err(proof) => {
                        self.nodes[index].proof = proof;
                        break proof.score_for(Color::White);
                    }
                },
                NodeState::Visited => {
                    position.legal_moves(&mut self.moves);
                    if self.nodes.len() + self.moves.len() > self.capacity {
                        // Memory full: this is the last playout.
                        self.full = true;
                        break self.rollout(position, config, evaluator);
                    }
                    let first = self.nodes.len() as u32;
                    let side = position.side_to_move();
                    let children = self.moves.len();
                    self.nodes.extend(core::iter::repeat_n(Node::new(side), children));
                    self.node_moves.extend_from_slice(&self.moves);
                    let node = &mut self.nodes[index];
                    node.first_child = first;
                    node.child_count = self.moves.len() as u16;
                    node.state = NodeState::Expanded;
                }
                NodeState::Expanded => {}
            }
            let child = self.select(index, config.exploration);
            position.play(self.node_moves[child]);
            self.hashes.push(position.zobrist());
            path.push(child as u32);
            index = child;
        };
        self.max_depth = self.max_depth.max(path.len() as u32 - 1);
        self.backup(&path, white_score);
    }

    /// UCT over the children, never a child proven lost for its mover: the
    /// first child proven won for its mover, else the first not yet visited,
    /// else the highest `mean + c·sqrt(ln N)·explore` (see [`Node`]).
    fn select(&self, index: usize, exploration: f64) -> usize {
        let node = &self.nodes[index];
        let scale = exploration as f32 * sqrt_ln(node.visits);
        let children = node.children();
        let first = children.start;
        // The chosen child's move, and the children of every child (one of
        // which the next step scans), load while this scan runs.
        prefetch(self.node_moves.as_ptr().wrapping_add(first));
        let mut best = 0;
        let mut best_value = f32::NEG_INFINITY;
        for (i, child) in self.nodes[children].iter().enumerate() {
            let grandchildren = self.nodes.as_ptr().wrapping_add(child.first_child as usize);
            prefetch(grandchildren);
            prefetch(grandchildren.wrapping_add(4));
            let value = child.mean + scale * child.explore;
            if value > best_value {
                best_value = value;
                best = i;
            }
        }
        first + best
    }
}
