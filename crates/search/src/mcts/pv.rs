//! What the trees say: the move to play, its score and the principal
//! variation, while searching (one tree) and at the end (all trees merged).

use std::time::Instant;

use damero_core::{Evaluator, Game, MoveList};

use super::Mcts;
use super::arena::Tree;
use super::math::score_of;
use super::node::{NodeState, Proof};
use crate::report::{SearchInfo, SearchResult};
use crate::score::Score;

impl<G: Game> Tree<G> {
    /// The progress report after `playouts` playouts of this tree.
    pub(super) fn info(&self, playouts: u64, start: Instant) -> SearchInfo<G> {
        let pv = self.best_line();
        let score = match pv.first().and_then(|_| self.most_visited(0)) {
            Some(c) => self.nodes[c].average().map_or(Score(0), score_of),
            None => Score(0),
        };
        SearchInfo {
            depth: self.max_depth,
            seldepth: self.max_depth,
            score,
            nodes: playouts,
            time: start.elapsed(),
            pv,
        }
    }

    /// The most visited child of `index` (the first on a tie), if expanded.
    fn most_visited(&self, index: usize) -> Option<usize> {
        let node = &self.nodes[index];
        if node.state != NodeState::Expanded {
            return None;
        }
        node.children().max_by(|&a, &b| self.nodes[a].visits.cmp(&self.nodes[b].visits).then(b.cmp(&a)))
    }

    /// The line of most visited (or proven best) moves from `index`.
    fn pv_from(&self, index: usize) -> Vec<G::Move> {
        let mut pv = Vec::new();
        let mut at = Some(index);
        while let Some(i) = at {
            let node = &self.nodes[i];
            pv.push(self.node_moves[i]);
            if pv.len() >= crate::MAX_PLY {
                break;
            }
            at = if !matches!(node.proof, Proof::Unknown) {
                self.proven_choice(i)
            } else {
                self.most_visited(i)
            };
        }
        pv
    }

    /// The principal variation from the root.
    fn best_line(&self) -> Vec<G::Move> {
        match self.most_visited(0) {
            Some(c) => self.pv_from(c),
            None => Vec::new(),
        }
    }
}

impl<G: Game, E: Evaluator<G>> Mcts<G, E> {
    /// Merges the trees' root statistics into a move, score and PV.
    pub(super) fn decide(&self, moves: &MoveList<G::Move>, nodes: u64, start: Instant) -> SearchResult<G> {
        let side = self.trees[0].root.expect("searched").side_to_move();
        let depth = self.trees.iter().map(|t| t.max_depth).max().unwrap_or(0);
        let mut result = SearchResult::new(Some(moves[0]), Score(0), vec![moves[0]], start.elapsed())
            .searched(depth, depth, nodes);
        // A proven root in any tree is exact: play its proof.
        if let Some(tree) = self.trees.iter().find(|t| !matches!(t.nodes[0].proof, Proof::Unknown)) {
            let root = &tree.nodes[0];
            let child = tree.proven_choice(0);
            result.score = match root.proof {
                Proof::Won(c) if c == side => Score::win_in(u32::from(root.proof_plies)),
                Proof::Won(_) => Score::loss_in(u32::from(root.proof_plies)),
                _ => Score::DRAW,
            };
            if let Some(child) = child {
                result.pv = tree.pv_from(child);
                result.best_move = result.pv.first().copied();
            }
            return result;
        }
        // Otherwise the most visited move over all trees, never a proven loss.
        let count = moves.len();
        let mut visits = vec![0u64; count];
        let mut reward = vec![0f64; count];
        let mut lost = vec![false; count];
        for tree in &self.trees {
            let root = &tree.nodes[0];
            if root.state != NodeState::Expanded || root.child_count as usize != count {
                continue;
            }
            for (i, c) in root.children().enumerate() {
                let node = &tree.nodes[c];
                visits[i] += u64::from(node.visits);
                reward[i] += node.average().unwrap_or(0.5) * f64::from(node.visits);
                lost[i] |= matches!(node.proof, Proof::Won(w) if w != node.mover);
            }
        }
        let best =
            (0..count).filter(|&i| !lost[i]).max_by(|&a, &b| visits[a].cmp(&visits[b]).then(b.cmp(&a)));
        if let Some(best) = best {
            result.best_move = Some(moves[best]);
            if visits[best] > 0 {
                result.score = score_of(reward[best] / visits[best] as f64);
            }
            let tree = &self.trees[0];
            result.pv = if tree.nodes[0].state == NodeState::Expanded
                && tree.nodes[0].child_count as usize == count
            {
                tree.pv_from(tree.nodes[0].first_child as usize + best)
            } else {
                vec![moves[best]]
            };
        }
        result
    }
}
