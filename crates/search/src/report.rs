//! What a search reports: per-iteration info lines and the final result.

use std::fmt::Write as _;
use std::time::Duration;

use damero_core::Game;

use crate::Score;

/// A progress report: one per completed alpha-beta iteration, or at every
/// doubling of the MCTS playout count.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchInfo<G: Game> {
    /// Alpha-beta: the iteration's depth; MCTS: the deepest tree node.
    pub depth: u32,
    /// The deepest ply reached, quiescence included (alpha-beta); MCTS: the
    /// deepest tree node, as [`depth`](SearchInfo::depth).
    pub seldepth: u32,
    /// The value for the side to move at the root.
    pub score: Score,
    /// Nodes (alpha-beta, all threads) or playouts (MCTS) so far.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation, from the root.
    pub pv: Vec<G::Move>,
}

impl<G: Game> SearchInfo<G> {
    /// Nodes (or playouts) per second.
    pub fn nps(&self) -> u64 {
        per_second(self.nodes, self.time)
    }

    /// The info line the CLI prints:
    /// `info depth=8 seldepth=14 score=35 nodes=81234 nps=1523000 time=53 pv=c3-d4 f6-g5`
    /// (time in milliseconds, moves in the notation of `root`'s game).
    pub fn line(&self, root: &G) -> String {
        let mut line = String::new();
        let _ = write!(
            line,
            "info depth={} seldepth={} score={} nodes={} nps={} time={} pv={}",
            self.depth,
            self.seldepth,
            self.score,
            self.nodes,
            self.nps(),
            self.time.as_millis(),
            format_pv(root, &self.pv)
        );
        line
    }
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<G: Game> {
    /// The move to play; `None` only when the root has no legal move.
    pub best_move: Option<G::Move>,
    /// The value for the side to move at the root.
    pub score: Score,
    /// The principal variation, starting with the best move.
    pub pv: Vec<G::Move>,
    /// The last completed depth (alpha-beta) or the deepest tree node (MCTS).
    pub depth: u32,
    /// The deepest ply reached, quiescence included (alpha-beta); MCTS: the
    /// deepest tree node, as [`depth`](SearchResult::depth).
    pub seldepth: u32,
    /// Nodes (alpha-beta, all threads) or playouts (MCTS).
    pub nodes: u64,
    /// Wall-clock time of the search.
    pub time: Duration,
}

impl<G: Game> SearchResult<G> {
    /// A result that counted no search: `best_move` with its `score` and
    /// line `pv`, found in `time`, at depth 0 with no nodes (an opening-book
    /// move, a lone legal move, a random one). A search adds its counts
    /// with [`searched`](SearchResult::searched).
    pub fn new(
        best_move: Option<G::Move>,
        score: Score,
        pv: Vec<G::Move>,
        time: Duration,
    ) -> SearchResult<G> {
        SearchResult { best_move, score, pv, depth: 0, seldepth: 0, nodes: 0, time }
    }

    /// The result with the counts of the search that found it.
    #[must_use]
    pub fn searched(self, depth: u32, seldepth: u32, nodes: u64) -> SearchResult<G> {
        SearchResult { depth, seldepth, nodes, ..self }
    }

    /// The result for a root with no legal move: no move, the game's own
    /// verdict as the score.
    pub(crate) fn decided(root: &G, time: Duration) -> SearchResult<G> {
        let score = crate::score::outcome_score(root.terminal_outcome(), root.side_to_move(), 0);
        SearchResult::new(None, Score(score), Vec::new(), time)
    }

    /// Nodes (or playouts) per second of wall-clock time.
    pub fn nps(&self) -> u64 {
        per_second(self.nodes, self.time)
    }

    /// The result as a final info line (see [`SearchInfo::line`]).
    pub fn info(&self) -> SearchInfo<G> {
        SearchInfo {
            depth: self.depth,
            seldepth: self.seldepth,
            score: self.score,
            nodes: self.nodes,
            time: self.time,
            pv: self.pv.clone(),
        }
    }
}

/// `count` per second over `time` (0 for no time).
pub(crate) fn per_second(count: u64, time: Duration) -> u64 {
    let secs = time.as_secs_f64();
    if secs > 0.0 { (count as f64 / secs) as u64 } else { 0 }
}

/// The moves of `pv` in notation, separated by spaces, each written in the
/// position it is played from. Stops early at a move that is not legal (which
/// a correct PV never has).
pub fn format_pv<G: Game>(root: &G, pv: &[G::Move]) -> String {
    let mut text = String::new();
    let mut position = *root;
    let mut moves = damero_core::MoveList::new();
    for &mv in pv {
        position.legal_moves(&mut moves);
        if !moves.contains(&mv) {
            break;
        }
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(&position.format_move(mv));
        position.play(mv);
    }
    text
}

/// The Zobrist keys of the positions before the current one of `record`,
/// oldest first: the repetition history a search starts from.
pub(crate) fn prior_hashes<G: Game>(record: &damero_core::GameRecord<G>) -> Vec<u64> {
    let mut history: Vec<u64> = record.hashes().collect();
    history.pop();
    history
}
