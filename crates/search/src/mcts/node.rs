//! The layout of a tree node, and the proven results the solver gives it.

use damero_core::{Color, Outcome};

use super::math::inverse_sqrt;

/// How far a playout has opened a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(super) enum NodeState {
    /// Never reached by a playout.
    Unvisited,
    /// Reached once: its moves are not listed yet.
    Visited,
    /// Its children are in the arena.
    Expanded,
}

/// A proven result, absolute (who wins), so it needs no turn alternation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Proof {
    /// Not proven.
    Unknown,
    /// Won by this side with best play.
    Won(Color),
    /// Drawn with best play.
    Drawn,
}

impl Proof {
    pub(super) fn from_outcome(outcome: Outcome) -> Proof {
        match outcome {
            Outcome::Win(c) => Proof::Won(c),
            Outcome::Draw => Proof::Drawn,
        }
    }

    /// 1 for a win of `color`, 0.5 for a draw, 0 for a loss.
    pub(super) fn score_for(self, color: Color) -> f64 {
        match self {
            Proof::Won(c) if c == color => 1.0,
            Proof::Won(_) => 0.0,
            _ => 0.5,
        }
    }
}

/// One tree node: the move into it and its statistics for the mover.
///
/// Small (24 bytes; a test pins it) and laid out for selection: the
/// children of a node are contiguous, and selection reads only their
/// `mean`, `explore` and, for the chosen one, `first_child`. So a step down
/// the tree touches a few neighbouring cache lines, which load together,
/// and UCT's value per child is `mean + scale · explore`, with no division,
/// square root or branch on the proof. The move into a node is kept apart
/// ([`Tree::node_moves`](super::arena::Tree::node_moves)): only the chosen child's is read, and not on the
/// way to the next selection.
#[derive(Clone, Debug)]
pub(super) struct Node {
    /// The mean result for the mover (0 before the first visit); `+∞` for a
    /// node proven won for its mover, `-∞` for one proven lost (never taken).
    /// A running mean in `f32`, to keep nodes small: past about 16 million
    /// visits of one node its updates round away, when it is known to
    /// within about 1e-4 already.
    pub(super) mean: f32,
    /// `1 / sqrt(visits)`; 0 where `mean` is infinite; `f32::MAX` before the
    /// first visit, so that an unvisited child outranks every visited one
    /// once the parent's scale is positive (with one parent visit, the scale
    /// is 0 and every child is unvisited: the first is taken).
    pub(super) explore: f32,
    pub(super) visits: u32,
    pub(super) first_child: u32,
    /// At most [`MOVE_LIST_INLINE`](damero_core::MOVE_LIST_INLINE) in every game.
    pub(super) child_count: u16,
    /// Plies to the end of a proven result.
    pub(super) proof_plies: u16,
    pub(super) mover: Color,
    pub(super) state: NodeState,
    pub(super) proof: Proof,
}

impl Node {
    pub(super) fn new(mover: Color) -> Node {
        Node {
            mean: 0.0,
            explore: f32::MAX,
            visits: 0,
            first_child: 0,
            child_count: 0,
            proof_plies: 0,
            mover,
            state: NodeState::Unvisited,
            proof: Proof::Unknown,
        }
    }

    pub(super) fn children(&self) -> core::ops::Range<usize> {
        self.first_child as usize..self.first_child as usize + usize::from(self.child_count)
    }

    /// The mean result for the mover, when visited and not proven won or lost.
    pub(super) fn average(&self) -> Option<f64> {
        (self.visits > 0 && self.mean.is_finite()).then_some(f64::from(self.mean))
    }

    /// Counts one more playout with result `score` for the mover.
    pub(super) fn add(&mut self, score: f64) {
        self.visits += 1;
        if let Proof::Won(w) = self.proof {
            self.mean = if w == self.mover { f32::INFINITY } else { f32::NEG_INFINITY };
            self.explore = 0.0;
        } else {
            // An unvisited node's mean is 0, so the first result becomes it.
            // 1/visits is explore², to rounding: no division.
            let explore = inverse_sqrt(self.visits);
            self.mean += (score as f32 - self.mean) * (explore * explore);
            self.explore = explore;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_takes_24_bytes() {
        // Selection scans a node's children: its speed depends on their size.
        assert_eq!(core::mem::size_of::<Node>(), 24);
    }
}
