//! The backup of a playout's result and the MCTS-solver: a node whose side
//! to move has a child proven won is won; one whose children are all proven
//! takes the best of them.

use damero_core::Game;

use super::arena::Tree;
use super::node::{NodeState, Proof};

impl<G: Game> Tree<G> {
    /// Adds the result along the path and propagates proofs upwards.
    pub(super) fn backup(&mut self, path: &[u32], white_score: f64) {
        let mut proving = true;
        for (depth, &i) in path.iter().enumerate().rev() {
            let i = i as usize;
            if proving && depth + 1 < path.len() {
                proving = self.try_prove(i);
            }
            let node = &mut self.nodes[i];
            // Indexed rather than branched on: the mover alternates down the
            // path, which a branch predictor follows poorly.
            node.add([white_score, 1.0 - white_score][node.mover.index()]);
            proving &= !matches!(node.proof, Proof::Unknown);
        }
    }

    /// Proves an expanded node from its children if possible.
    fn try_prove(&mut self, index: usize) -> bool {
        let node = &self.nodes[index];
        if !matches!(node.proof, Proof::Unknown) {
            return true;
        }
        if node.state != NodeState::Expanded || node.child_count == 0 {
            return false;
        }
        let side = self.nodes[node.first_child as usize].mover;
        let mut best: Option<(Proof, u16)> = None;
        let mut all = true;
        for c in node.children() {
            let child = &self.nodes[c];
            let plies = child.proof_plies.saturating_add(1);
            match child.proof {
                Proof::Won(w) if w == side => {
                    let shorter = match best {
                        Some((Proof::Won(b), p)) if b == side => plies < p,
                        _ => true,
                    };
                    if shorter {
                        best = Some((Proof::Won(side), plies));
                    }
                }
                Proof::Unknown => all = false,
                proof => {
                    if matches!(best, Some((Proof::Won(b), _)) if b == side) {
                        continue;
                    }
                    let better = match (best, proof) {
                        (None, _) => true,
                        (Some((Proof::Won(_), p)), Proof::Won(_)) => plies > p,
                        (Some((Proof::Won(_), _)), Proof::Drawn) => true,
                        _ => false,
                    };
                    if better {
                        best = Some((proof, plies));
                    }
                }
            }
        }
        let proven = match best {
            Some((Proof::Won(w), p)) if w == side => Some((Proof::Won(w), p)),
            Some(b) if all => Some(b),
            _ => None,
        };
        match proven {
            Some((proof, plies)) => {
                let node = &mut self.nodes[index];
                node.proof = proof;
                node.proof_plies = plies;
                true
            }
            None => false,
        }
    }

    /// The best child of a proven node: the shortest win, else a draw, else
    /// the longest loss.
    pub(super) fn proven_choice(&self, index: usize) -> Option<usize> {
        let node = &self.nodes[index];
        if node.state != NodeState::Expanded {
            return None;
        }
        node.children().max_by_key(|&c| {
            let child = &self.nodes[c];
            let plies = i32::from(child.proof_plies);
            match child.proof {
                Proof::Won(w) if w == child.mover => 3_000_000 - plies,
                Proof::Drawn => 2_000_000,
                Proof::Unknown => 1_000_000 + child.visits.min(999_999) as i32,
                Proof::Won(_) => plies,
            }
        })
    }
}
