//! Monte Carlo tree search: UCT with an MCTS-solver for proven results, tree
//! reuse between moves, random or evaluator-guided playouts, a seeded random
//! generator and root-parallel threads.
//!
//! See [`Mcts`] for the rules it applies.

use std::time::Instant;

use damero_core::smallvec::SmallVec;
use damero_core::{Color, Evaluator, Game, GameRecord, MoveList, Outcome, Playout};

use crate::limits::Limits;
use crate::report::{SearchInfo, SearchResult};
use crate::rng::SeededRng;
use crate::score::Score;

/// How a playout scores a position past the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rollout {
    /// Random moves to the end of the game (or the ply cap: a draw).
    Random,
    /// Random moves for at most this many plies, then the evaluator's value
    /// turned into a win probability (logistic, 400 centipawns a factor 10).
    Evaluator {
        /// Random plies before the evaluation.
        plies: u32,
    },
}

/// The options of MCTS.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// The UCT exploration constant `c` in `q + c·sqrt(ln N / n)`.
    pub exploration: f64,
    /// How playouts end.
    pub rollout: Rollout,
    /// Independent trees searched in parallel (root parallelism), merged by
    /// visit counts at the end.
    pub threads: usize,
    /// The seed: the same seed and playout limit give the same move.
    pub seed: u64,
    /// The memory for tree nodes, in MiB (all threads together); a search
    /// stops when it is full.
    pub memory_mib: usize,
    /// The longest playout; longer ones count as draws.
    pub max_playout_plies: u32,
}

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig {
            exploration: 1.0,
            rollout: Rollout::Random,
            threads: 1,
            seed: 0,
            memory_mib: 256,
            max_playout_plies: 1000,
        }
    }
}

const UNVISITED: u8 = 0;
const VISITED: u8 = 1;
const EXPANDED: u8 = 2;

/// A proven result, absolute (who wins), so it needs no turn alternation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Proof {
    Unknown,
    Won(Color),
    Drawn,
}

impl Proof {
    fn from_outcome(outcome: Outcome) -> Proof {
        match outcome {
            Outcome::Win(c) => Proof::Won(c),
            Outcome::Draw => Proof::Drawn,
        }
    }

    /// 1 for a win of `color`, 0.5 for a draw, 0 for a loss.
    fn score_for(self, color: Color) -> f64 {
        match self {
            Proof::Won(c) if c == color => 1.0,
            Proof::Won(_) => 0.0,
            _ => 0.5,
        }
    }
}

/// One tree node: the move into it and its statistics for the mover.
///
/// Small (32 bytes with an 8-byte move) and laid out for selection: the
/// children of a node are contiguous, and selection reads only their
/// `mean`, `explore` and, for the chosen one, `first_child`. So a step down
/// the tree touches a few neighbouring cache lines, which load together,
/// and UCT's value per child is `mean + scale · explore`, with no division,
/// square root or branch on the proof. The move into a node is kept apart
/// ([`Tree::node_moves`]): only the chosen child's is read, and not on the
/// way to the next selection.
#[derive(Clone, Debug)]
struct Node {
    /// The mean result for the mover (0 before the first visit); `+∞` for a
    /// node proven won for its mover, `-∞` for one proven lost (never taken).
    /// A running mean in `f32`, to keep nodes small: past about 16 million
    /// visits of one node its updates round away, when it is known to
    /// within about 1e-4 already.
    mean: f32,
    /// `1 / sqrt(visits)`; 0 where `mean` is infinite; `f32::MAX` before the
    /// first visit, so that an unvisited child outranks every visited one
    /// once the parent's scale is positive (with one parent visit, the scale
    /// is 0 and every child is unvisited: the first is taken).
    explore: f32,
    visits: u32,
    first_child: u32,
    /// At most [`MOVE_LIST_INLINE`](damero_core::MOVE_LIST_INLINE) in every game.
    child_count: u16,
    /// Plies to the end of a proven result.
    proof_plies: u16,
    mover: Color,
    state: u8,
    proof: Proof,
}

impl Node {
    fn new(mover: Color) -> Node {
        Node {
            mean: 0.0,
            explore: f32::MAX,
            visits: 0,
            first_child: 0,
            child_count: 0,
            proof_plies: 0,
            mover,
            state: UNVISITED,
            proof: Proof::Unknown,
        }
    }

    fn children(&self) -> core::ops::Range<usize> {
        self.first_child as usize..self.first_child as usize + usize::from(self.child_count)
    }

    /// The mean result for the mover, when visited and not proven won or lost.
    fn average(&self) -> Option<f64> {
        (self.visits > 0 && self.mean.is_finite()).then_some(f64::from(self.mean))
    }

    /// Counts one more playout with result `score` for the mover.
    fn add(&mut self, score: f64) {
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

/// One search tree and its random generator.
#[derive(Clone, Debug)]
struct Tree<G: Game> {
    nodes: Vec<Node>,
    /// The move into each node, index for index (the root's is a
    /// placeholder, never read).
    node_moves: Vec<G::Move>,
    /// The other arena for tree reuse (see `compact`).
    spare: (Vec<Node>, Vec<G::Move>),
    capacity: usize,
    rng: SeededRng,
    root: Option<G>,
    /// Keys of the game before the root, then of the current path.
    hashes: Vec<u64>,
    history_len: usize,
    moves: MoveList<G::Move>,
    full: bool,
    max_depth: u32,
}

/// An MCTS searcher for positions of `G`; `E` guides playouts when
/// [`Rollout::Evaluator`] is chosen. It keeps its trees between searches and
/// reuses the subtree of the new position when it is a child or grandchild of
/// the previous root.
///
/// Every tree node has exactly one path from the root, so the tree part of a
/// playout applies the game's draw rules exactly (repetition: the first
/// repetition inside the path is a draw, as in alpha-beta); playouts past the
/// tree apply [`Game::rule_draw`] and a ply cap ([`MctsConfig::max_playout_plies`],
/// a draw), not repetition.
///
/// Proven results: a node whose side to move has a child proven won is won;
/// a node whose children are all proven takes the best of them. Proofs count
/// the plies to the end, so a proven root plays the shortest win (or the
/// longest loss).
///
/// ```
/// # use damero_search::{Limits, Mcts, MctsConfig};
/// # fn demo<G: damero_core::Game, E: damero_core::Evaluator<G>>(position: G, evaluator: E) {
/// let mut mcts = Mcts::new(MctsConfig { seed: 7, ..MctsConfig::default() }, evaluator);
/// let result = mcts.search(&position, &[], &Limits::nodes(20_000), |_| {});
/// println!("bestmove {:?} after {} playouts", result.best_move, result.nodes);
/// # }
/// ```
#[derive(Clone, Debug)]
pub struct Mcts<G: Game, E: Evaluator<G>> {
    config: MctsConfig,
    evaluator: E,
    trees: Vec<Tree<G>>,
}

impl<G: Game, E: Evaluator<G>> Mcts<G, E> {
    /// A searcher with these options.
    pub fn new(config: MctsConfig, evaluator: E) -> Mcts<G, E> {
        let threads = config.threads.max(1);
        let bytes = config.memory_mib.saturating_mul(1 << 20) / threads;
        let capacity = (bytes / (core::mem::size_of::<Node>() + core::mem::size_of::<G::Move>())).max(2);
        let trees = (0..threads)
            .map(|i| Tree {
                nodes: Vec::new(),
                node_moves: Vec::new(),
                spare: (Vec::new(), Vec::new()),
                capacity,
                rng: SeededRng::new(config.seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)),
                root: None,
                hashes: Vec::new(),
                history_len: 0,
                moves: MoveList::new(),
                full: false,
                max_depth: 0,
            })
            .collect();
        Mcts { config, evaluator, trees }
    }

    /// The options.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Forgets the trees (a new game); the random generators go on.
    pub fn clear(&mut self) {
        for tree in &mut self.trees {
            // Keep the memory: its pages are mapped already, and a fresh
            // allocation faults page by page during the next search.
            tree.nodes.clear();
            tree.node_moves.clear();
            tree.root = None;
        }
    }

    /// The number of nodes in the first tree (for tests of tree reuse).
    pub fn tree_size(&self) -> usize {
        self.trees[0].nodes.len()
    }

    /// Searches the current position of `record`, whose earlier positions
    /// count for repetition draws.
    pub fn search_record(
        &mut self,
        record: &GameRecord<G>,
        limits: &Limits,
        on_info: impl FnMut(&SearchInfo<G>),
    ) -> SearchResult<G> {
        self.search(record.position(), &crate::report::prior_hashes(record), limits, on_info)
    }

    /// Searches `root` (with `history`, the keys of the positions before it)
    /// until a limit: [`Limits::nodes`] counts playouts, split evenly between
    /// threads; a time limit, the stop flag, the memory, or a proven root end
    /// it too. `on_info` is called from this thread at every doubling of the
    /// playout count (from 1024) and at the end.
    ///
    /// # Panics
    /// If a search thread panics (a bug in the game or evaluator).
    pub fn search(
        &mut self,
        root: &G,
        history: &[u64],
        limits: &Limits,
        mut on_info: impl FnMut(&SearchInfo<G>),
    ) -> SearchResult<G> {
        let start = Instant::now();
        let mut moves = MoveList::new();
        root.legal_moves(&mut moves);
        if moves.is_empty() {
            return SearchResult::decided(root, start.elapsed());
        }
        let first_move = moves[0];
        let threads = self.trees.len() as u64;
        let config = &self.config;
        let evaluator = &self.evaluator;
        let budget = |i: u64| limits.nodes.map(|n| n / threads + u64::from(i < n % threads));
        let playouts: Vec<u64> = std::thread::scope(|scope| {
            let (main, helpers) = self.trees.split_first_mut().expect("at least one tree");
            let handles: Vec<_> = helpers
                .iter_mut()
                .enumerate()
                .map(|(i, tree)| {
                    let budget = budget(i as u64 + 1);
                    scope.spawn(move || {
                        tree.reroot(root, first_move, history);
                        tree.run(config, evaluator, limits, budget, start, &mut |_| {})
                    })
                })
                .collect();
            main.reroot(root, first_move, history);
            let first = main.run(config, evaluator, limits, budget(0), start, &mut on_info);
            let mut all = vec![first];
            all.extend(handles.into_iter().map(|h| h.join().expect("search thread panicked")));
            all
        });
        let nodes = playouts.iter().sum();
        let mut result = self.decide(&moves, nodes, start);
        result.time = start.elapsed();
        on_info(&result.info());
        result
    }

    /// Merges the trees' root statistics into a move, score and PV.
    fn decide(&self, moves: &MoveList<G::Move>, nodes: u64, start: Instant) -> SearchResult<G> {
        let side = self.trees[0].root.expect("searched").side_to_move();
        let depth = self.trees.iter().map(|t| t.max_depth).max().unwrap_or(0);
        let mut result = SearchResult {
            best_move: Some(moves[0]),
            score: Score(0),
            pv: vec![moves[0]],
            depth,
            seldepth: depth,
            nodes,
            time: start.elapsed(),
        };
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
            if root.state != EXPANDED || root.child_count as usize != count {
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
                let q = (reward[best] / visits[best] as f64).clamp(0.001, 0.999);
                result.score = Score((400.0 * (q / (1.0 - q)).log10()).round() as i32);
            }
            let tree = &self.trees[0];
            result.pv = if tree.nodes[0].state == EXPANDED && tree.nodes[0].child_count as usize == count {
                tree.pv_from(tree.nodes[0].first_child as usize + best)
            } else {
                vec![moves[best]]
            };
        }
        result
    }
}

impl<G: Game> Tree<G> {
    /// Makes `root` the root, keeping the subtree below it when it is a child
    /// or grandchild of the previous root.
    fn reroot(&mut self, root: &G, first_move: G::Move, history: &[u64]) {
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
        if root_node.state != EXPANDED {
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
                if node.state != EXPANDED {
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
            if node.state != EXPANDED {
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

    fn push_node(&mut self, mv: G::Move, mover: Color) {
        self.nodes.push(Node::new(mover));
        self.node_moves.push(mv);
    }

    /// Runs playouts until a limit; returns how many were run.
    fn run<E: Evaluator<G>>(
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
        let timed = limits.soft_time.or(limits.hard_time);
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

    fn info(&self, playouts: u64, start: Instant) -> SearchInfo<G> {
        let pv = self.best_line();
        let score = match pv.first().and_then(|_| self.most_visited(0)) {
            Some(c) if self.nodes[c].average().is_some() => {
                let q = self.nodes[c].average().unwrap_or(0.5).clamp(0.001, 0.999);
                Score((400.0 * (q / (1.0 - q)).log10()).round() as i32)
            }
            _ => Score(0),
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

    fn most_visited(&self, index: usize) -> Option<usize> {
        let node = &self.nodes[index];
        if node.state != EXPANDED {
            return None;
        }
        node.children().max_by(|&a, &b| self.nodes[a].visits.cmp(&self.nodes[b].visits).then(b.cmp(&a)))
    }

    /// The best child of a proven node: the shortest win, else a draw, else
    /// the longest loss.
    fn proven_choice(&self, index: usize) -> Option<usize> {
        let node = &self.nodes[index];
        if node.state != EXPANDED {
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

    fn best_line(&self) -> Vec<G::Move> {
        match self.most_visited(0) {
            Some(c) => self.pv_from(c),
            None => Vec::new(),
        }
    }

    /// Whether the position at `ply` of the current path is a draw by
    /// repetition (as in alpha-beta: the first repetition inside the path, or
    /// the game's limit reached with the positions before the root).
    fn repeated(&self, position: &G, ply: usize) -> bool {
        let Some(limit) = position.repetition_limit() else { return false };
        let index = self.history_len + ply;
        let key = self.hashes[index];
        let window = (position.reversible_plies() as usize).min(index);
        let mut count = 1;
        for back in 1..=window {
            if self.hashes[index - back] == key {
                count += 1;
                if index - back >= self.history_len || count >= limit {
                    return true;
                }
            }
        }
        false
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
                UNVISITED => match self.first_visit(position, ply, config, evaluator) {
                    Ok(white_score) => {
                        self.nodes[index].state = VISITED;
                        break white_score;
                    }
                    Err(proof) => {
                        self.nodes[index].proof = proof;
                        break proof.score_for(Color::White);
                    }
                },
                VISITED => {
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
                    node.state = EXPANDED;
                }
                _ => {}
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

    /// Adds the result along the path and propagates proofs upwards.
    fn backup(&mut self, path: &[u32], white_score: f64) {
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
        if node.state != EXPANDED || node.child_count == 0 {
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

    /// A leaf's first visit: `Err` with its proof when the position is
    /// decided (no move; a draw rule or a repetition below the root), else
    /// `Ok` with a playout's result for White. The moves are looked at
    /// without listing them (the list is made on the second visit, if there
    /// is one), and a random playout's first step is that look.
    fn first_visit<E: Evaluator<G>>(
        &mut self,
        position: G,
        ply: usize,
        config: &MctsConfig,
        evaluator: &E,
    ) -> Result<f64, Proof> {
        let terminal = |position: &G| {
            position.random_move(0).is_none().then(|| Proof::from_outcome(position.terminal_outcome()))
        };
        if ply > 0 && self.repeated(&position, ply) {
            return Err(terminal(&position).unwrap_or(Proof::Drawn));
        }
        if config.rollout == Rollout::Random {
            let end = self.random_playout(position, config);
            return match end.outcome {
                // Stopped before its first move: no move, or a draw rule
                // (which does not decide the root: it must be searched).
                Some(outcome) if end.plies == 0 && (ply > 0 || outcome != Outcome::Draw) => {
                    Err(Proof::from_outcome(outcome))
                }
                outcome => Ok(outcome.map_or(0.5, |outcome| outcome.score_for(Color::White))),
            };
        }
        if let Some(proof) = terminal(&position) {
            return Err(proof);
        }
        if ply > 0 && position.rule_draw() {
            return Err(Proof::Drawn);
        }
        Ok(self.rollout(position, config, evaluator))
    }

    /// The game's own random playout loop, with this tree's random numbers:
    /// the hot path of this search.
    fn random_playout(&mut self, position: G, config: &MctsConfig) -> Playout {
        let rng = &mut self.rng;
        position.random_playout(config.max_playout_plies, &mut || rng.next_u64())
    }

    /// A playout from `position` (not decided): White's score, 1 a win, 0.5
    /// a draw, 0 a loss.
    fn rollout<E: Evaluator<G>>(&mut self, mut position: G, config: &MctsConfig, evaluator: &E) -> f64 {
        let cut = match config.rollout {
            Rollout::Random => {
                let end = self.random_playout(position, config);
                return end.outcome.map_or(0.5, |outcome| outcome.score_for(Color::White));
            }
            Rollout::Evaluator { plies } => plies,
        };
        // As `random_playout` (whose rules it follows), but the position
        // at the cut is evaluated.
        let mut ply = 0;
        loop {
            let Some(mv) = position.random_move(self.rng.next_u64()) else {
                return position.terminal_outcome().score_for(Color::White);
            };
            if position.rule_draw() || ply >= config.max_playout_plies {
                return 0.5;
            }
            if ply >= cut {
                let value = f64::from(evaluator.evaluate(&position));
                let p = 1.0 / (1.0 + 10f64.powf(-value / 400.0));
                return if position.side_to_move() == Color::White { p } else { 1.0 - p };
            }
            position.play(mv);
            ply += 1;
        }
    }
}

/// Asks the CPU to start loading the cache line holding `address` (any
/// address: nothing is read, and a bad one is ignored).
///
/// The crate's one `unsafe` block. A playout walks about ten levels down a
/// tree of hundreds of thousands of nodes, and each step waits for the
/// children of the node just chosen; prefetching every child's children
/// during the scan that chooses hides part of that wait. Measured on 200,000
/// playouts from the English start, 21 alternating runs each: median
/// 557k playouts/s without, 577k with (+3.5%; an earlier round: +4%).
#[inline(always)]
fn prefetch<T>(address: *const T) {
    #[cfg(target_arch = "x86_64")]
    #[allow(unsafe_code)]
    // SAFETY: `_mm_prefetch` is a hint that never faults, whatever the
    // address, and SSE, which it needs, is part of every x86-64 CPU.
    unsafe {
        core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(address.cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = address;
}

/// `1 / sqrt(n)` for `n > 0`: from a table for the small counts of most
/// nodes.
#[inline]
fn inverse_sqrt(n: u32) -> f32 {
    match INVERSE_SQRT.get(n as usize) {
        Some(&value) => value,
        None => (n as f32).sqrt().recip(),
    }
}

/// `1 / sqrt(n)` for `n` below 1024 (entry 0 unused).
static INVERSE_SQRT: [f32; 1024] = {
    let mut table = [0.0; 1024];
    let mut n = 1;
    while n < 1024 {
        table[n] = 1.0 / const_sqrt(n as f32);
        n += 1;
    }
    table
};

/// `sqrt(ln(max(n, 1)))`, UCT's exploration scale: from a table for the
/// small counts of most nodes, else from [`ln`].
#[inline]
fn sqrt_ln(n: u32) -> f32 {
    match SQRT_LN.get(n as usize) {
        Some(&value) => value,
        None => ln(n).sqrt(),
    }
}

/// `sqrt(ln(max(n, 1)))` for `n` below 4096 (16 KiB: stays in the L1 cache).
static SQRT_LN: [f32; 4096] = {
    let mut table = [0.0; 4096];
    let mut n = 2;
    while n < 4096 {
        table[n] = const_sqrt(ln(n as u32));
        n += 1;
    }
    table
};

/// A square root usable in a `const` (Newton's method from above, to the
/// last bit of an `f32`).
const fn const_sqrt(x: f32) -> f32 {
    if x <= 0.0 {
        return 0.0;
    }
    let mut guess = if x > 1.0 { x } else { 1.0 };
    let mut i = 0;
    while i < 64 {
        let next = 0.5 * (guess + x / guess);
        if next >= guess {
            break;
        }
        guess = next;
        i += 1;
    }
    guess
}

/// The natural logarithm of `n`, to about 1e-4: UCT's exploration term
/// needs no more, and the library call took a tenth of the tree's time. From
/// the float's exponent and a polynomial in its mantissa (least squares, and
/// exactly 0 at 1 so the scale of a once-visited node is 0 as it should be),
/// so the result is the same on every machine.
const fn ln(n: u32) -> f32 {
    let bits = (n as f32).to_bits();
    let exponent = ((bits >> 23) as i32 - 127) as f32;
    // The mantissa as t in [0, 1): n = 2^exponent * (1 + t).
    let t = f32::from_bits(bits & 0x007f_ffff | 0x3f80_0000) - 1.0;
    let log2_mantissa = t * (1.438_546_8 + t * (-0.678_081_5 + t * (0.323_630_37 - 0.084_285_09 * t)));
    (exponent + log2_mantissa) * core::f32::consts::LN_2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ln_is_within_2e4_of_the_natural_logarithm_and_0_at_1() {
        assert_eq!(ln(1), 0.0);
        for n in (1..100_000).chain([1 << 20, 3_000_000_007, u32::MAX]) {
            let error = (f64::from(ln(n)) - f64::from(n).ln()).abs();
            assert!(error < 2e-4, "ln({n}) is off by {error}");
        }
    }

    #[test]
    fn the_exploration_scale_table_matches_sqrt_ln() {
        assert_eq!(sqrt_ln(0), 0.0);
        assert_eq!(sqrt_ln(1), 0.0);
        for n in (2..5000).chain([1 << 20, u32::MAX]) {
            let exact = f64::from(n).ln().sqrt();
            let error = (f64::from(sqrt_ln(n)) - exact).abs();
            assert!(error < 1e-4, "sqrt_ln({n}) is off by {error}");
        }
    }

    #[test]
    fn the_inverse_square_root_table_is_exact_to_an_f32() {
        for n in (1..5000).chain([1 << 20, u32::MAX]) {
            let exact = 1.0 / f64::from(n).sqrt();
            let error = (f64::from(inverse_sqrt(n)) - exact).abs() / exact;
            assert!(error < 2e-7, "inverse_sqrt({n}) is off by {error} (relative)");
        }
    }

    #[test]
    fn a_node_takes_24_bytes() {
        // Selection scans a node's children: its speed depends on their size.
        assert_eq!(core::mem::size_of::<Node>(), 24);
    }
}
