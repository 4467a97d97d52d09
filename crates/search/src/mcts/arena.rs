//! One search tree: its nodes in an arena (children contiguous, indices
//! rather than pointers), and its reuse when the next search starts a move
//! or two further down.

use damero_core::{Color, Game, MoveList};

use super::node::{Node, NodeState, Proof};
use crate::rng::SeededRng;

/// One search tree and its random generator.
#[derive(Clone, Debug)]
pub(super) struct Tree<G: Game> {
    pub(super) nodes: Vec<Node>,
    /// The move into each node, index for index (the root's is a
    /// placeholder, never read).
    pub(super) node_moves: Vec<G::Move>,
    /// The other arena for tree reuse (see `compact`).
    spare: (Vec<Node>, Vec<G::Move>),
    /// The most nodes the arena may hold.
    pub(super) capacity: usize,
    pub(super) rng: SeededRng,
    pub(super) root: Option<G>,
    /// Keys of the game before the root, then of the current path.
    pub(super) hashes: Vec<u64>,
    pub(super) history_len: usize,
    /// The move list of the node being expanded, kept to reuse its memory.
    pub(super) moves: MoveList<G::Move>,
    /// Set when the arena cannot take another expansion: the search stops.
    pub(super) full: bool,
    /// The deepest node a playout reached in this search.
    pub(super) max_depth: u32,
}

impl<G: Game> Tree<G> {
    /// The nodes (with their moves) that fit in `bytes`; at least a root
    /// and one child.
    pub(super) fn capacity_for(bytes: usize) -> usize {
        (bytes / (size_of::<Node>() + size_of::<G::Move>())).max(2)
    }

    /// An empty tree of at most `capacity` nodes, its random numbers from `seed`.
    pub(super) fn new(capacity: usize, seed: u64) -> Tree<G> {
        Tree {
            nodes: Vec::new(),
            node_moves: Vec::new(),
            spare: (Vec::new(), Vec::new()),
            capacity,
            rng: SeededRng::new(seed),
            root: None,
            hashes: Vec::new(),
            history_len: 0,
            moves: MoveList::new(),
            full: false,
            max_depth: 0,
        }
    }

    /// Makes `root` the root, keeping the subtree below it when it is a child
    /// or grandchild of the previous root.
    pub(super) fn reroot(&mut self, root: &G, first_move: G::Move, history: &[u64]) {
        let same_history = self.hashes.get(..self.history_len) == Some(history);
        let keep = match self.root {
            Some(old) if !self.nodes.is_empty() => {
                if old == *root && same_history {
                    Some(0)
                } else {
                    self.find_descendant(old, root, history)
                }
            }
            _ => None,
        };
        match keep {
            Some(0) => {}
            Some(index) => self.compact(index),
            None => {
                self.nodes.clear();
                self.node_moves.clear();
            }
        }
        if self.nodes.is_empty() {
            self.push_node(first_move, root.side_to_move());
        }
        // The root's own status (a draw by rule or repetition found when it
        // was deeper) does not apply: it must be searched.
        let root_node = &mut self.nodes[0];
        if root_node.state != NodeState::Expanded {
            root_node.proof = Proof::Unknown;
            if !root_node.mean.is_finite() {
                // Its mean stood for the proof; the root's is never read,
                // but later playouts average into it.
                root_node.mean = 0.5;
            }
        }

        self.root = Some(*root);
        self.hashes.clear();
        self.hashes.extend_from_slice(history);
        self.history_len = history.len();
        self.full = false;
        self.max_depth = 0;
    }

    /// A node one or two plies below the root whose position is `target`,
    /// reached by the path `history` records (so the draws proven in the
    /// subtree still hold).
    fn find_descendant(&self, old: G, target: &G, history: &[u64]) -> Option<usize> {
        let old_history = &self.hashes[..self.history_len];
        let mut frontier = vec![(0usize, old, vec![old.zobrist()])];
        for _ in 0..2 {
            let mut next = Vec::new();
            for (index, position, path) in frontier {
                let node = &self.nodes[index];
                if node.state != NodeState::Expanded {
                    continue;
                }
                for c in node.children() {
                    let mut child = position;
                    child.play(self.node_moves[c]);
                    let same_path = history.len() == old_history.len() + path.len()
                        && history.starts_with(old_history)
                        && history.ends_with(&path);
                    if child == *target && same_path {
                        return Some(c);
                    }
                    let mut child_path = path.clone();
                    child_path.push(child.zobrist());
                    next.push((c, child, child_path));
                }
            }
            frontier = next;
        }
        None
    }

    /// Keeps only the subtree under `index`, which becomes node 0.
    fn compact(&mut self, index: usize) {
        // Copy into the spare arenas, then swap: all keep their memory.
        let (mut nodes, mut moves) = core::mem::take(&mut self.spare);
        nodes.clear();
        moves.clear();
        nodes.push(self.nodes[index].clone());
        moves.push(self.node_moves[index]);
        let mut queue = vec![(index, 0usize)];
        while let Some((old, new)) = queue.pop() {
            let node = &self.nodes[old];
            if node.state != NodeState::Expanded {
                continue;
            }
            let first = nodes.len();
            for c in node.children() {
                queue.push((c, nodes.len()));
                nodes.push(self.nodes[c].clone());
                moves.push(self.node_moves[c]);
            }
            nodes[new].first_child = first as u32;
        }
        self.spare =
            (core::mem::replace(&mut self.nodes, nodes), core::mem::replace(&mut self.node_moves, moves));
    }

    /// Appends a node reached by `mv`, with `mover` to move before it.
    fn push_node(&mut self, mv: G::Move, mover: Color) {
        self.nodes.push(Node::new(mover));
        self.node_moves.push(mv);
    }
}
