//! Alpha-beta: iterative deepening, principal variation search with
//! aspiration windows, a shared transposition table, a staged move picker
//! (table move, captures, killers, quiet moves by history), late-move
//! reductions read with the history, reverse futility pruning, razoring,
//! internal iterative reduction, a forced-capture extension, quiescence and
//! Lazy SMP threads.
//!
//! Each thread keeps a search stack (a `Frame` per ply: killers, principal
//! variation, the move being searched), and every node returns a `Value`:
//! the score with the ply of the earliest repetition it depends on, so that
//! path-dependent scores stay out of the table.
//!
//! See [`AlphaBetaConfig`] for which options keep values exact.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use damero_core::smallvec::SmallVec;
use damero_core::{Evaluator, Game, GameRecord, MOVE_LIST_INLINE, MoveList};

mod config;
mod picker;

pub use config::{AlphaBetaConfig, SwitchError, SwitchHelp};

use picker::{Kind, MovePicker};

use crate::book::Book;
use crate::limits::Limits;
use crate::report::{SearchInfo, SearchResult};
use crate::score::{INFINITY, KNOWN, MAX_PLY, PROVEN, Score, outcome_score, verdict_score};
use crate::tt::{Bound, TranspositionTable, score_from_tt, score_to_tt};

/// An alpha-beta searcher for positions of `G` evaluated by `E`. It keeps its
/// transposition table between searches (cleared by [`clear`](AlphaBeta::clear)).
///
/// ```
/// # use damero_search::{AlphaBeta, AlphaBetaConfig, Limits};
/// # fn demo<G: damero_core::Game, E: damero_core::Evaluator<G>>(position: G, evaluator: E) {
/// let mut search = AlphaBeta::new(AlphaBetaConfig::default(), evaluator);
/// let result = search.search(&position, &[], &Limits::depth(6), |info| println!("{}", info.line(&position)));
/// println!("bestmove {:?} score {}", result.best_move, result.score);
/// # }
/// ```
#[derive(Debug)]
pub struct AlphaBeta<G: Game, E: Evaluator<G>> {
    config: AlphaBetaConfig,
    evaluator: E,
    tt: TranspositionTable,
    _game: core::marker::PhantomData<fn() -> G>,
}

impl<G: Game, E: Evaluator<G>> AlphaBeta<G, E> {
    /// A searcher with these options and evaluator.
    pub fn new(config: AlphaBetaConfig, evaluator: E) -> AlphaBeta<G, E> {
        let tt = TranspositionTable::new(if config.tt { config.tt_mib } else { 0 });
        AlphaBeta { config, evaluator, tt, _game: core::marker::PhantomData }
    }

    /// The options.
    pub fn config(&self) -> &AlphaBetaConfig {
        &self.config
    }

    /// Forgets everything learnt (the transposition table), as for a new game.
    pub fn clear(&mut self) {
        self.tt.clear();
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

    /// Searches `root` within `limits`. `history` holds the Zobrist keys of
    /// the positions before it, oldest first (for repetitions; may be empty).
    /// `on_info` is called on this thread after every completed iteration.
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
        if self.config.book == Some(true)
            && let Some((mv, score)) =
                Book::shipped(G::NAME).and_then(|book| book.choose(root, self.config.seed))
        {
            return SearchResult::new(Some(mv), Score(score), vec![mv], start.elapsed());
        }
        self.tt.new_search();
        let mut max_depth = limits.depth.unwrap_or(MAX_PLY as u32).clamp(1, MAX_PLY as u32 - 1);
        if moves.len() == 1 && limits.is_timed() {
            // Nothing to choose: answer at once rather than think.
            max_depth = 1;
        }
        let shared = Shared { limits, start, stop: AtomicBool::new(false), nodes: AtomicU64::new(0) };
        let threads = self.config.threads.max(1);
        let tt = if self.config.tt { Some(&self.tt) } else { None };
        let config = &self.config;
        let evaluator = &self.evaluator;
        let shared_ref = &shared;
        let (done, nodes) = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map(|id| {
                    scope.spawn(move || {
                        let mut worker = Worker::new(id, evaluator, config, tt, shared_ref, history, threads);
                        let done = worker.iterate(root, max_depth, &mut |_: &SearchInfo<G>| {});
                        (done, worker.nodes)
                    })
                })
                .collect();
            let mut worker = Worker::new(0, evaluator, config, tt, shared_ref, history, threads);
            let mut done = worker.iterate(root, max_depth, &mut on_info);
            shared_ref.stop.store(true, Ordering::Relaxed);
            let mut nodes = worker.nodes;
            // The deepest completed iteration of any thread wins (the main
            // thread's on a tie): a helper may finish the last depth first.
            for helper in helpers {
                let (helper_done, helper_nodes) = helper.join().expect("search thread panicked");
                nodes += helper_nodes;
                if helper_done.depth() > done.depth() {
                    done = helper_done;
                }
            }
            (done, nodes)
        });
        let time = start.elapsed();
        match done {
            Iteration::Completed { depth, score, pv, seldepth } => {
                SearchResult::new(pv.first().copied(), Score(score), pv, time)
                    .searched(depth, seldepth, nodes)
            }
            Iteration::None { root_best, seldepth } => {
                let best_move = Some(root_best.unwrap_or(moves[0]));
                SearchResult::new(best_move, Score(0), root_best.into_iter().collect(), time)
                    .searched(0, seldepth, nodes)
            }
        }
    }
}

/// What threads share besides the table.
struct Shared<'a> {
    limits: &'a Limits,
    start: Instant,
    /// Raised by the thread that finishes (the main thread at a limit, or any
    /// thread completing the last depth): the others stop.
    stop: AtomicBool,
    /// Nodes of every thread, flushed every few hundred nodes.
    nodes: AtomicU64,
}

/// The result of iterative deepening on one thread.
enum Iteration<G: Game> {
    Completed { depth: u32, score: i32, pv: Vec<G::Move>, seldepth: u32 },
    None { root_best: Option<G::Move>, seldepth: u32 },
}

impl<G: Game> Iteration<G> {
    fn depth(&self) -> u32 {
        match self {
            Iteration::Completed { depth, .. } => *depth,
            Iteration::None { .. } => 0,
        }
    }
}

const HISTORY_SLOTS: usize = 4096;
const HISTORY_MAX: i32 = 16_384;
const CHECK_INTERVAL: u64 = 1024;
const ASPIRATION_DELTA: i32 = 40;
const LMR_BASE: f64 = 0.5;
const LMR_DIVISOR: f64 = 2.5;
const FUTILITY_MARGIN: i32 = 90;
const RAZOR_MARGIN: i32 = 150;
/// Table-key salt of searches with contempt whose root side is Black.
const CONTEMPT_SALT: u64 = 0x6c8e_9cf5_7093_2bd5;

/// A search value and the repetition it depends on.
#[derive(Clone, Copy, Debug)]
struct Value {
    score: i32,
    /// The lowest ply whose position a repetition draw in the subtree refers
    /// to (negative: a position before the root; `i32::MAX`: none). A value
    /// is path-independent, and may be stored, only when this is not above
    /// the node.
    taint: i32,
}

impl Value {
    /// A value that depends on no repetition.
    const fn pure(score: i32) -> Value {
        Value { score, taint: i32::MAX }
    }

    /// The value for the other side.
    fn negated(self) -> Value {
        Value { score: -self.score, taint: self.taint }
    }
}

/// One ply of the search stack.
#[derive(Clone, Debug)]
struct Frame<M> {
    /// Two quiet moves that cut off at this ply.
    killers: [Option<M>; 2],
    /// The principal variation from this ply.
    pv: Vec<M>,
    /// The move being searched from this ply: the countermove key of the
    /// ply below.
    current: Option<M>,
}

/// One search thread: its own stack and history.
struct Worker<'a, G: Game, E: Evaluator<G>> {
    id: usize,
    threads: usize,
    evaluator: &'a E,
    config: &'a AlphaBetaConfig,
    tt: Option<&'a TranspositionTable>,
    shared: &'a Shared<'a>,
    nodes: u64,
    flushed: u64,
    next_check: u64,
    /// The main thread finishes depth 1 whatever the limits.
    can_abort: bool,
    aborted: bool,
    seldepth: usize,
    /// Zobrist keys: the game before the root, then one per ply of the path.
    hashes: Vec<u64>,
    root_index: usize,
    stack: Vec<Frame<G::Move>>,
    history: Vec<i32>,
    /// The quiet move that last refuted a move, by side and move slot.
    countermoves: Vec<Option<G::Move>>,
    root_best: Option<G::Move>,
    /// The score and line of the best root move proven so far by the
    /// iteration under way (see [`AlphaBetaConfig::partial_iterations`]).
    partial: Option<(i32, Vec<G::Move>)>,
    /// The side to move at the root (whose draws contempt lowers).
    root_side: damero_core::Color,
    /// The last completed iteration's move: an interrupted iteration's move
    /// counts only when this was searched first, so it beat this.
    previous_best: Option<G::Move>,
    /// XORed into table keys: 0, or the root side's salt with contempt (a
    /// stored draw's value depends on the root's side).
    table_salt: u64,
}

impl<'a, G: Game, E: Evaluator<G>> Worker<'a, G, E> {
    fn new(
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
            history: vec![0; HISTORY_SLOTS * 2],
            countermoves: vec![None; HISTORY_SLOTS * 2],
            root_best: None,
            partial: None,
            root_side: damero_core::Color::White,
            previous_best: None,
            table_salt: 0,
        }
    }

    /// Iterative deepening from depth 1 (helpers: odd ones start a ply deeper
    /// so the threads spread over two depths).
    fn iterate(&mut self, root: &G, max_depth: u32, on_info: &mut dyn FnMut(&SearchInfo<G>)) -> Iteration<G> {
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

    /// Publishes this thread's node count and checks the limits.
    fn flush(&mut self) {
        self.shared.nodes.fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
        self.flushed = self.nodes;
    }

    #[cold]
    fn check_limits(&mut self) {
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
    fn evaluate(&self, position: &G) -> i32 {
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
    fn draw_score(&self, position: &G) -> i32 {
        if position.side_to_move() == self.root_side { -self.config.contempt } else { self.config.contempt }
    }

    /// `Some(ply of the earlier occurrence)` when the position at `ply` is a
    /// draw by repetition: the first repetition inside the search path, or
    /// the game's limit reached with positions played before the root.
    #[inline]
    fn repetition(&self, position: &G, ply: usize) -> Option<i32> {
        crate::repetition::repetition(position, &self.hashes, self.root_index, self.root_index + ply)
    }

    /// Searches `child` (reached from a node at `ply` whose side to move is
    /// or is not the child's) and returns its value for the parent's side.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn child(
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

    /// How many plies less the `count`-th move (from 0) of a node at `depth`
    /// is searched, if `mv` is a late quiet move of `side`.
    #[inline]
    fn reduction(&self, side: damero_core::Color, mv: G::Move, depth: i32, count: usize) -> i32 {
        if !self.config.lmr || depth < 3 || count < 3 {
            return 0;
        }
        let reduction = if self.config.lmr_log {
            let r = LMR_BASE + f64::from(depth).ln() * (count as f64).ln() / LMR_DIVISOR;
            (r as i32).clamp(1, depth - 2)
        } else if count >= 6 && depth >= 4 {
            // Two plies from the seventh move at depth 4 (+14 ± 18 Elo over
            // 800 Russian games, +11 ± 26 over 400 English at 20,000 nodes,
            // against the eighth move at depth 5).
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

    fn node(
        &mut self,
        position: &G,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> Value {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.check_limits();
        }
        if self.aborted {
            return Value::pure(0);
        }
        self.stack[ply].pv.clear();
        self.seldepth = self.seldepth.max(ply);
        let key = position.zobrist();
        self.hashes.truncate(self.root_index + ply);
        self.hashes.push(key);

        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            let outcome = position.terminal_outcome();
            if outcome.winner().is_none() {
                return Value::pure(self.draw_score(position));
            }
            return Value::pure(outcome_score(outcome, position.side_to_move(), ply));
        }
        if ply > 0 {
            if position.rule_draw() {
                return Value::pure(self.draw_score(position));
            }
            if let Some(at) = self.repetition(position, ply) {
                return Value { score: self.draw_score(position), taint: at };
            }
            if self.config.egdb
                && let Some(verdict) = self.evaluator.probe(position)
            {
                let score = match verdict {
                    damero_core::Verdict::Draw => self.draw_score(position),
                    _ => verdict_score(verdict, ply),
                };
                return Value::pure(score);
            }
            if ply >= MAX_PLY - 1 {
                return Value::pure(self.evaluate(position));
            }
        }
        if depth <= 0 {
            return if self.config.quiescence {
                self.quiescence(position, &moves, alpha, beta, ply)
            } else {
                Value::pure(self.evaluate(position))
            };
        }

        let side = position.side_to_move();
        let original_alpha = alpha;
        let mut tt_index = None;
        if let Some(tt) = self.tt
            && let Some(entry) = tt.probe(key ^ self.table_salt)
        {
            tt_index = entry.move_index.filter(|&i| i < moves.len());
            let depth_ok = if self.config.deeper_tt_cutoffs {
                entry.depth >= depth as u32
            } else {
                entry.depth == depth as u32
            };
            // No cutoffs at the root or, under PVS, on the principal
            // variation (they would cut the PV short). Stored scores never
            // depend on a repetition above their node.
            if ply > 0 && depth_ok && (!pv_node || !self.config.pvs) {
                let score = score_from_tt(entry.score, ply);
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                    Bound::None => false,
                };
                if cut {
                    return Value::pure(score);
                }
            }
        }

        // Futility and razoring both read the static value of a quiet node
        // off the principal variation near the leaves: one evaluation.
        let shallow = if self.config.futility {
            3
        } else if self.config.razoring {
            2
        } else {
            0
        };
        if !pv_node && ply > 0 && depth <= shallow && self.evaluator.may_stand_pat(position) {
            let eval = self.evaluate(position);
            if self.config.futility && beta.abs() < KNOWN && eval - FUTILITY_MARGIN * depth >= beta {
                return Value::pure(eval);
            }
            if self.config.razoring
                && depth <= 2
                && alpha.abs() < KNOWN
                && eval + RAZOR_MARGIN * depth <= alpha
            {
                let value = self.quiescence(position, &moves, alpha, alpha + 1, ply);
                if value.score <= alpha {
                    return value;
                }
            }
        }

        let killers = if self.config.killers { self.stack[ply].killers } else { [None, None] };
        let countermove = self.countermove(side, ply);
        let mut picker = MovePicker::new(tt_index, [killers[0], killers[1], countermove]);
        let mut quiets_tried: SmallVec<[u16; MOVE_LIST_INLINE]> = SmallVec::new();
        let mut best = -INFINITY;
        let mut best_index = None;
        let mut taint = i32::MAX;
        // A capture that is the only legal move is no decision: searching it
        // one ply deeper keeps the depth for the choices after it. Not at
        // depth 1, where quiescence already follows captures (measured: the
        // extension there costs more than it finds).
        let forced = self.config.forced_capture
            && ply > 0
            && depth >= 2
            && moves.len() == 1
            && position.is_capture(moves[0]);
        let mut depth = if forced { depth + 1 } else { depth };
        if self.config.iir && depth >= 6 && tt_index.is_none() {
            depth -= 1;
        }
        let mut count = 0;
        // The move searched first (at the root: see `partial_iterations`).
        let mut first_move = None;
        while let Some((index, kind)) = picker.next(position, &moves, |mv| self.history_value(side, mv)) {
            let mv = moves[index];
            let capture = kind == Kind::Capture || (kind == Kind::Table && position.is_capture(mv));
            let mut child = *position;
            child.play(mv);
            // Quiescence leaves do not probe the table: prefetch for the
            // children that will.
            if depth > 1
                && let Some(tt) = self.tt
            {
                tt.prefetch(child.zobrist() ^ self.table_salt);
            }
            let same = child.side_to_move() == side;
            self.stack[ply].current = Some(mv);

            let value = if count == 0 {
                first_move = Some(mv);
                self.child(&child, same, depth - 1, alpha, beta, ply, pv_node)
            } else {
                let reduction = if kind == Kind::Quiet { self.reduction(side, mv, depth, count) } else { 0 };
                if self.config.pvs {
                    let mut v = self.child(&child, same, depth - 1 - reduction, alpha, alpha + 1, ply, false);
                    if v.score > alpha && reduction > 0 && !self.aborted {
                        v = self.child(&child, same, depth - 1, alpha, alpha + 1, ply, false);
                    }
                    if v.score > alpha && v.score < beta && !self.aborted {
                        v = self.child(&child, same, depth - 1, alpha, beta, ply, pv_node);
                    }
                    v
                } else {
                    let mut v = self.child(&child, same, depth - 1 - reduction, alpha, beta, ply, pv_node);
                    if v.score > alpha && reduction > 0 && !self.aborted {
                        v = self.child(&child, same, depth - 1, alpha, beta, ply, pv_node);
                    }
                    v
                }
            };
            if self.aborted {
                return Value::pure(0);
            }
            count += 1;
            taint = taint.min(value.taint);
            let score = value.score;
            if score > best {
                best = score;
                best_index = Some(index);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if ply == 0 {
                        self.root_best = Some(mv);
                        // Proven better than the completed iteration's
                        // move only when that move was searched first.
                        if self.config.partial_iterations
                            && (self.previous_best.is_none() || first_move == self.previous_best)
                        {
                            self.partial = Some((score, self.stack[0].pv.clone()));
                        }
                    }
                    if score >= beta {
                        if !capture {
                            self.reward_quiet(side, mv, ply, depth, &moves, &quiets_tried);
                        }
                        break;
                    }
                }
            }
            if !capture {
                quiets_tried.push(index as u16);
            }
        }

        if let Some(tt) = self.tt {
            let bound = if taint < ply as i32 {
                Bound::None
            } else if best >= beta {
                Bound::Lower
            } else if best > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let stored_move = if bound == Bound::Upper { None } else { best_index };
            tt.store(key ^ self.table_salt, score_to_tt(best, ply), stored_move, depth as u32, bound);
        }
        Value { score: best, taint }
    }

    /// Quiescence: stand pat where allowed and search noisy moves; where the
    /// side to move may not stand pat (a capture is compulsory), every move.
    fn quiescence(
        &mut self,
        position: &G,
        moves: &MoveList<G::Move>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Value {
        let side = position.side_to_move();
        let stand_pat = self.evaluator.may_stand_pat(position);
        let mut best = -INFINITY;
        if stand_pat {
            best = self.evaluate(position);
            if best >= beta {
                return Value::pure(best);
            }
            alpha = alpha.max(best);
        }
        let mut taint = i32::MAX;
        for &mv in moves {
            if stand_pat && !self.evaluator.is_noisy(position, mv) {
                continue;
            }
            let mut child = *position;
            child.play(mv);
            let same = child.side_to_move() == side;
            let value = self.child(&child, same, 0, alpha, beta, ply, false);
            if self.aborted {
                return Value::pure(0);
            }
            taint = taint.min(value.taint);
            if value.score > best {
                best = value.score;
                if value.score > alpha {
                    alpha = value.score;
                    self.update_pv(ply, mv);
                    if value.score >= beta {
                        break;
                    }
                }
            }
        }
        Value { score: best, taint }
    }

    #[inline]
    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.stack.split_at_mut(ply + 1);
        let line = &mut head[ply].pv;
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0].pv);
    }

    #[inline]
    fn history_slot(side: damero_core::Color, mv: G::Move) -> usize {
        use core::hash::{Hash, Hasher};
        let mut hasher = MoveHasher(0);
        mv.hash(&mut hasher);
        side.index() * HISTORY_SLOTS + (hasher.finish() >> 52) as usize
    }

    #[inline]
    fn history_value(&self, side: damero_core::Color, mv: G::Move) -> i32 {
        if self.config.history { self.history[Self::history_slot(side, mv)] } else { 0 }
    }

    /// The quiet move that last refuted the move leading to `ply` (played
    /// by the other side), when countermoves are on.
    #[inline]
    fn countermove(&self, side: damero_core::Color, ply: usize) -> Option<G::Move> {
        if !self.config.countermoves || ply == 0 {
            return None;
        }
        let previous = self.stack[ply - 1].current?;
        self.countermoves[Self::history_slot(side, previous)]
    }

    /// A quiet move caused a cutoff: make it a killer (and the countermove
    /// of the move before it), raise its history and lower that of the
    /// quiet moves tried before it.
    fn reward_quiet(
        &mut self,
        side: damero_core::Color,
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
            self.countermoves[Self::history_slot(side, previous)] = Some(mv);
        }
        if !self.config.history {
            return;
        }
        let bonus = (depth * depth).min(400) * 16;
        let update = |h: &mut i32, b: i32| *h += b - *h * b.abs() / HISTORY_MAX;
        update(&mut self.history[Self::history_slot(side, mv)], bonus);
        for &t in tried {
            let other = moves[t as usize];
            update(&mut self.history[Self::history_slot(side, other)], -bonus);
        }
    }
}

/// A small, fast hasher for moves (FxHash-style), for the history table.
struct MoveHasher(u64);

impl core::hash::Hasher for MoveHasher {
    #[inline]
    fn finish(&self) -> u64 {
        damero_core::splitmix64(self.0).1
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }

    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.write_u64(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}
