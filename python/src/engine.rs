//! `Engine`, `match` and `selfplay`: the engine layer from Python, searching
//! with the GIL released.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use damero_core::{Evaluator, Game, GameRecord, RuleSet};
use damero_engine::{
    Engine, EngineSpec, MatchConfig, OpeningLineError, OpeningsError, SpecLimits, level_spec, parse_openings,
    run_match, run_match_with_openings,
};
use damero_lab::{SelfplayBatch, SelfplayConfig, write_selfplay_file};
use damero_search::{Limits, SearchInfo};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::Text;
use crate::board::{AnyBoard, BoardImpl, BoardSpec, Listed, new_board, rules_of};
use crate::py::{PyBoard, PyMove, rule_pairs};
use crate::{BoardError, ErrorKind};
use damero_engine::EngineGame;
use damero_engine::registry::{GameCommand, dispatch};

fn spec_error(e: impl std::fmt::Display) -> BoardError {
    BoardError::new(ErrorKind::Spec, e.to_string())
}

fn other(e: impl std::fmt::Display) -> BoardError {
    BoardError::new(ErrorKind::Other, e.to_string())
}

/// Reads an engine spec as the command line does: a name alone (no
/// limits) thinks for one second a move.
pub fn parse_spec(text: &str) -> Result<EngineSpec, BoardError> {
    let spec: EngineSpec = text.trim().parse().map_err(spec_error)?;
    if !text.contains(':') && !matches!(spec, EngineSpec::Random { .. }) {
        return spec
            .with_limits(SpecLimits { movetime: Some(Duration::from_secs(1)), ..SpecLimits::default() })
            .map_err(spec_error);
    }
    Ok(spec)
}

/// One progress report of a search.
#[derive(Clone, Debug)]
pub struct Info {
    depth: u32,
    seldepth: u32,
    score: i32,
    score_text: String,
    nodes: u64,
    time: Duration,
    pv: Vec<String>,
}

fn pv_texts<G: Game>(root: &G, pv: &[G::Move]) -> Vec<String> {
    let mut position = *root;
    let mut texts = Vec::new();
    for &mv in pv {
        texts.push(position.format_move(mv));
        position.play(mv);
    }
    texts
}

fn info_of<G: Game>(root: &G, info: &SearchInfo<G>) -> Info {
    Info {
        depth: info.depth,
        seldepth: info.seldepth,
        score: info.score.0,
        score_text: info.score.to_string(),
        nodes: info.nodes,
        time: info.time,
        pv: pv_texts(root, &info.pv),
    }
}

/// What a search found.
pub struct Found {
    best: Option<(Arc<dyn crate::board::AnyMoves>, usize)>,
    last: Info,
}

/// An engine of any game.
pub trait AnyEngine: Send {
    fn game(&self) -> &'static str;
    fn think(
        &mut self,
        board: &dyn AnyBoard,
        limits: Option<Limits>,
        on_info: &mut dyn FnMut(Info),
    ) -> Result<Found, BoardError>;
    fn new_game(&mut self);
}

struct EngineImpl<G: Game, E: Evaluator<G>> {
    engine: Engine<G, E>,
}

impl<G: EngineGame, E: Evaluator<G>> AnyEngine for EngineImpl<G, E> {
    fn game(&self) -> &'static str {
        G::NAME
    }
    fn think(
        &mut self,
        board: &dyn AnyBoard,
        limits: Option<Limits>,
        on_info: &mut dyn FnMut(Info),
    ) -> Result<Found, BoardError> {
        let board = board
            .as_any()
            .downcast_ref::<BoardImpl<G>>()
            .ok_or_else(|| other(format!("a {} engine cannot search a {} board", G::NAME, board.game())))?;
        let record: &GameRecord<G> = &board.record;
        let root = *record.position();
        let mut report = |info: &SearchInfo<G>| on_info(info_of(&root, info));
        let result = match limits {
            Some(limits) => self.engine.think_with(record, &limits, &mut report),
            None => self.engine.think(record, &mut report),
        };
        let best = result.best_move.and_then(|mv| {
            let mut moves = damero_core::MoveList::new();
            root.legal_moves(&mut moves);
            let index = moves.iter().position(|&m| m == mv)?;
            let listed: Arc<dyn crate::board::AnyMoves> =
                Arc::new(Listed { position: root, moves: moves.to_vec() });
            Some((listed, index))
        });
        Ok(Found { best, last: info_of(&root, &result.info()) })
    }
    fn new_game(&mut self) {
        self.engine.new_game();
    }
}

struct MakeEngine<'a>(&'a EngineSpec);

impl GameCommand for MakeEngine<'_> {
    type Output = Result<Box<dyn AnyEngine>, BoardError>;
    fn run<G: EngineGame, E: Evaluator<G>>(self, evaluator: E) -> Self::Output {
        let engine = Engine::<G, E>::try_new(self.0, evaluator).map_err(spec_error)?;
        Ok(Box::new(EngineImpl { engine }))
    }
}

/// The result of `Engine.analyse`: the best move, its score for the side to
/// move, the depth reached, the nodes searched and the principal variation.
#[pyclass(frozen, name = "Analysis", module = "damero")]
pub struct PyAnalysis {
    best: Option<(Arc<dyn crate::board::AnyMoves>, usize)>,
    info: Info,
}

#[pymethods]
impl PyAnalysis {
    /// The move to play, or None when the position has no legal move.
    #[getter]
    fn best_move(&self) -> Option<PyMove> {
        self.best.as_ref().map(|(set, i)| PyMove::new(set.clone(), *i))
    }
    /// The score for the side to move (centipawn-like units; wins near
    /// +-1,000,000, known results near +-500,000).
    #[getter]
    fn score(&self) -> i32 {
        self.info.score
    }
    /// The score as the command line prints it.
    #[getter]
    fn score_text(&self) -> &str {
        &self.info.score_text
    }
    /// The depth of the last completed iteration.
    #[getter]
    fn depth(&self) -> u32 {
        self.info.depth
    }
    /// The deepest ply reached.
    #[getter]
    fn seldepth(&self) -> u32 {
        self.info.seldepth
    }
    /// Nodes (alpha-beta) or playouts (MCTS) searched.
    #[getter]
    fn nodes(&self) -> u64 {
        self.info.nodes
    }
    /// Seconds spent.
    #[getter]
    fn time(&self) -> f64 {
        self.info.time.as_secs_f64()
    }
    /// The principal variation, as move texts.
    #[getter]
    fn pv(&self) -> Vec<String> {
        self.info.pv.clone()
    }
    fn __repr__(&self) -> String {
        format!(
            "Analysis(best_move={}, score={}, depth={}, nodes={}, pv={:?})",
            self.best.as_ref().map_or("None".to_owned(), |(s, i)| format!("Move('{}')", s.text(*i))),
            self.info.score_text,
            self.info.depth,
            self.info.nodes,
            self.info.pv
        )
    }
}

fn info_dict<'py>(py: Python<'py>, info: &Info) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("depth", info.depth)?;
    d.set_item("seldepth", info.seldepth)?;
    d.set_item("score", info.score)?;
    d.set_item("score_text", &info.score_text)?;
    d.set_item("nodes", info.nodes)?;
    d.set_item("time", info.time.as_secs_f64())?;
    d.set_item("pv", info.pv.clone())?;
    Ok(d)
}

/// An engine: `Engine("alphabeta:movetime=200")` (any spec `damero
/// bestmove --engine` takes; a name alone thinks one second a move) or
/// `Engine(level=5)` (the levels of `damero play`). One engine plays any
/// game; it keeps its hash table between searches of the same game.
#[pyclass(name = "Engine", module = "damero")]
pub struct PyEngine {
    spec: EngineSpec,
    slot: Mutex<Option<Box<dyn AnyEngine>>>,
    stop: Arc<AtomicBool>,
}

impl PyEngine {
    fn search(
        &self,
        py: Python<'_>,
        board: &PyBoard,
        limits: Option<Limits>,
        info: Option<Py<PyAny>>,
    ) -> PyResult<Found> {
        let board = &*board.inner;
        let stop = self.stop.clone();
        stop.store(false, Ordering::SeqCst);
        let spec = &self.spec;
        let slot = &self.slot;
        let mut callback_error: Option<PyErr> = None;
        let found = py.detach(|| -> Result<Found, BoardError> {
            let mut guard = slot.lock().unwrap_or_else(|e| e.into_inner());
            if guard.as_ref().is_none_or(|e| e.game() != board.game()) {
                let mut engine = dispatch(board.game(), MakeEngine(spec)).map_err(other)??;
                engine.new_game();
                *guard = Some(engine);
            }
            let engine = guard.as_mut().ok_or_else(|| other("no engine"))?;
            let limits = Some(limits.unwrap_or_default_with(spec).with_stop(stop.clone()));
            let mut on_info = |report: Info| {
                // Each report takes the GIL for a moment: Ctrl-C (and an
                // error in the callback) stops the search and is raised.
                Python::attach(|py| {
                    let outcome = py.check_signals().and_then(|()| match &info {
                        Some(callback) => callback.call1(py, (info_dict(py, &report)?,)).map(|_| ()),
                        None => Ok(()),
                    });
                    if let Err(error) = outcome {
                        callback_error.get_or_insert(error);
                        stop.store(true, Ordering::SeqCst);
                    }
                });
            };
            engine.think(board, limits, &mut on_info)
        });
        if let Some(error) = callback_error {
            return Err(error);
        }
        Ok(found?)
    }
}

/// The spec's own limits when none are given.
trait LimitsOr {
    fn unwrap_or_default_with(self, spec: &EngineSpec) -> Limits;
}

impl LimitsOr for Option<Limits> {
    fn unwrap_or_default_with(self, spec: &EngineSpec) -> Limits {
        self.unwrap_or_else(|| spec.limits())
    }
}

fn limits_of(depth: Option<u32>, nodes: Option<u64>, movetime: Option<f64>) -> PyResult<Option<Limits>> {
    if depth.is_none() && nodes.is_none() && movetime.is_none() {
        return Ok(None);
    }
    if depth == Some(0)
        || nodes == Some(0)
        || movetime.is_some_and(|t| t.is_nan() || t <= 0.0 || t.is_infinite())
    {
        return Err(BoardError::new(ErrorKind::Spec, "depth, nodes and movetime must be positive").into());
    }
    let mut limits = match movetime {
        Some(ms) => Limits::movetime(Duration::from_secs_f64(ms / 1000.0)),
        None => Limits::default(),
    };
    limits.depth = depth;
    limits.nodes = nodes;
    Ok(Some(limits))
}

#[pymethods]
impl PyEngine {
    #[new]
    #[pyo3(signature = (spec = None, level = None, seed = 0, threads = None))]
    fn new(spec: Option<Text>, level: Option<i32>, seed: u64, threads: Option<usize>) -> PyResult<PyEngine> {
        let spec = spec.as_ref().map(|t| t.0.as_str());
        let mut spec = match (spec, level) {
            (Some(_), Some(_)) => {
                return Err(BoardError::new(ErrorKind::Spec, "give a spec or a level, not both").into());
            }
            (Some(text), None) => parse_spec(text)?,
            (None, Some(level)) => level_spec(level, seed).map_err(spec_error)?,
            (None, None) => parse_spec("alphabeta")?,
        };
        if let Some(threads) = threads {
            if threads == 0 {
                return Err(BoardError::new(ErrorKind::Spec, "threads must be at least 1").into());
            }
            spec = spec.with_threads(threads);
        }
        Ok(PyEngine { spec, slot: Mutex::new(None), stop: Arc::new(AtomicBool::new(false)) })
    }

    /// The spec, as the command line writes it.
    #[getter]
    fn spec(&self) -> String {
        self.spec.to_string()
    }

    /// The best move for `board` (None when it has no legal move), within
    /// the spec's limits or the `depth`, `nodes` and `movetime` (ms) given.
    /// `info` is called with a dict per completed iteration. The GIL is
    /// released while it searches.
    #[pyo3(signature = (board, depth = None, nodes = None, movetime = None, info = None))]
    fn best_move(
        &self,
        py: Python<'_>,
        board: PyRef<'_, PyBoard>,
        depth: Option<u32>,
        nodes: Option<u64>,
        movetime: Option<f64>,
        info: Option<Py<PyAny>>,
    ) -> PyResult<Option<PyMove>> {
        let limits = limits_of(depth, nodes, movetime)?;
        let found = self.search(py, &board, limits, info)?;
        Ok(found.best.map(|(set, i)| PyMove::new(set, i)))
    }

    /// As `best_move`, returning the whole `Analysis` (score, depth, nodes,
    /// pv).
    #[pyo3(signature = (board, depth = None, nodes = None, movetime = None, info = None))]
    fn analyse(
        &self,
        py: Python<'_>,
        board: PyRef<'_, PyBoard>,
        depth: Option<u32>,
        nodes: Option<u64>,
        movetime: Option<f64>,
        info: Option<Py<PyAny>>,
    ) -> PyResult<PyAnalysis> {
        let limits = limits_of(depth, nodes, movetime)?;
        let found = self.search(py, &board, limits, info)?;
        Ok(PyAnalysis { best: found.best, info: found.last })
    }

    /// Ends the search in progress (from another thread) as soon as it can;
    /// it returns the best move found so far.
    fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Forgets what earlier searches learnt (a new game).
    fn new_game(&self, py: Python<'_>) {
        let slot = &self.slot;
        py.detach(|| {
            if let Some(engine) = slot.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
                engine.new_game();
            }
        });
    }

    fn __repr__(&self) -> String {
        format!("Engine('{}')", self.spec)
    }
}

/// The result of `damero.match`.
#[pyclass(frozen, name = "MatchResult", module = "damero")]
pub struct PyMatchResult {
    /// Games the first engine won.
    #[pyo3(get)]
    wins: u32,
    /// Games drawn.
    #[pyo3(get)]
    draws: u32,
    /// Games the first engine lost.
    #[pyo3(get)]
    losses: u32,
    /// The first engine's score, 0..1.
    #[pyo3(get)]
    score: f64,
    /// The Elo difference (first - second).
    #[pyo3(get)]
    elo: f64,
    /// Its 95% error margin.
    #[pyo3(get)]
    elo_margin: f64,
    /// Every game as PDN (draughts) or the same tagged layout.
    #[pyo3(get)]
    records: Vec<String>,
}

#[pymethods]
impl PyMatchResult {
    fn __repr__(&self) -> String {
        format!(
            "MatchResult(wins={}, draws={}, losses={}, elo={:+.0} ± {:.0})",
            self.wins, self.draws, self.losses, self.elo, self.elo_margin
        )
    }
}

struct Match<'a> {
    first: EngineSpec,
    second: EngineSpec,
    config: MatchConfig,
    board: BoardSpec<'a>,
    /// The listed openings, one a line; `None`: random ones.
    openings: Option<&'a str>,
}

impl GameCommand for Match<'_> {
    type Output = Result<PyMatchResult, BoardError>;
    fn run<G: EngineGame, E: Evaluator<G>>(self, evaluator: E) -> Self::Output {
        Engine::<G, E>::try_new(&self.first, evaluator.clone()).map_err(spec_error)?;
        Engine::<G, E>::try_new(&self.second, evaluator.clone()).map_err(spec_error)?;
        // The seed seeds the openings, and the setup where the game has a
        // random one (as `damero match --seed`).
        let seed = self.board.seed.filter(|_| G::Rules::default().setup_seed().is_some());
        let rules = rules_of::<G>(self.board.rules, seed)?;
        let start = match self.board.fen {
            Some(fen) => {
                G::from_fen(fen, rules).map_err(|e| BoardError::new(ErrorKind::Fen, e.to_string()))?
            }
            None => G::try_start(rules).map_err(|e| BoardError::new(ErrorKind::Rules, e.to_string()))?,
        };
        let (first, second) = (self.first.to_string(), self.second.to_string());
        let mut records = Vec::new();
        let on_game = |game: &damero_engine::MatchGame<G>, _: &_| {
            records.push(game.record_text(&first, &second));
            ControlFlow::Continue(())
        };
        let (one, two, config) = (&self.first, &self.second, &self.config);
        let tally = match self.openings {
            Some(text) => {
                let openings = parse_openings(text, &start).map_err(|e| {
                    let kind = match e {
                        // A move that cannot be played there.
                        OpeningsError::Line {
                            kind: OpeningLineError::Move { .. } | OpeningLineError::AfterTheEnd(_),
                            ..
                        } => ErrorKind::IllegalMove,
                        // Legal moves, but no game left; or no opening.
                        _ => ErrorKind::Other,
                    };
                    BoardError::new(kind, format!("openings {e}"))
                })?;
                run_match_with_openings(&openings, one, two, &evaluator, &evaluator, config, on_game)
            }
            None => run_match(&start, one, two, &evaluator, &evaluator, config, on_game),
        };
        let (elo, elo_margin) = tally.elo();
        Ok(PyMatchResult {
            wins: tally.wins,
            draws: tally.draws,
            losses: tally.losses,
            score: tally.score(),
            elo: elo + 0.0,
            elo_margin,
            records,
        })
    }
}

/// Plays `games` games between two engine specs (swapping colours each
/// pair, from random openings of `opening_plies` plies, as `damero match`)
/// and returns W/D/L for the first, its Elo difference and the records. The
/// GIL is released while they play.
///
/// `openings`, a list of lines in the format of the shipped
/// `openings/*.txt` files (the moves of one opening a line; blank lines and
/// `#` comments skipped), plays pair `i` from opening `i` modulo the
/// number of openings, as `damero match --openings` does; the random plies
/// are then not played, and giving `opening_plies` too raises
/// `damero.Error`. A move that cannot be played raises
/// `damero.IllegalMoveError` naming its line (counted from 1 in the list);
/// an opening that ends the game, or a list without one, `damero.Error`.
///
/// `first_pair` starts the match at that pair (counted from 0), as
/// `damero match --first-pair`: the games are those a match from pair 0
/// plays from game `2 * first_pair + 1` on (its `Round` tag), with the same
/// openings, so a long match can be played in runs that each start where
/// the last one stopped. Raises `damero.Error` (a ValueError) when
/// `2 * first_pair + games` passes 4294967295.
#[pyfunction]
#[pyo3(name = "match", signature = (game, first, second, games = 10, threads = 1, opening_plies = None,
    max_plies = 300, seed = 1, fen = None, rules = None, first_pair = 0, openings = None))]
#[allow(clippy::too_many_arguments)]
fn match_(
    py: Python<'_>,
    game: Text,
    first: Text,
    second: Text,
    games: u32,
    threads: usize,
    opening_plies: Option<u32>,
    max_plies: u32,
    seed: u64,
    fen: Option<Text>,
    rules: Option<&Bound<'_, PyAny>>,
    first_pair: u64,
    openings: Option<Vec<String>>,
) -> PyResult<PyMatchResult> {
    let (game, first, second) = (game.0.as_str(), first.0.as_str(), second.0.as_str());
    let fen = fen.as_ref().map(|t| t.0.as_str());
    if games == 0 || threads == 0 {
        return Err(BoardError::new(ErrorKind::Other, "games and threads must be at least 1").into());
    }
    // The check of `damero match --first-pair`. A u64 so that any
    // first_pair past u32 is this error too (a negative one is pyo3's
    // OverflowError).
    let first_pair = u32::try_from(first_pair)
        .ok()
        .filter(|&first_pair| MatchConfig { games, first_pair, ..MatchConfig::default() }.games_fit())
        .ok_or_else(|| {
            BoardError::new(
                ErrorKind::Other,
                format!("first_pair={first_pair} and games={games} number games past 4294967295"),
            )
        })?;
    if openings.is_some() && opening_plies.is_some() {
        // As `damero match`: listed openings replace the random plies.
        return Err(BoardError::new(ErrorKind::Other, "give openings or opening_plies, not both").into());
    }
    let opening_plies = opening_plies.unwrap_or(MatchConfig::default().opening_plies);
    let first = parse_spec(first)?;
    let second = parse_spec(second)?;
    let rules = rule_pairs(rules)?;
    let config = MatchConfig { games, opening_plies, max_plies, seed, threads, first_pair };
    // One text, as a file holds them (`readlines()` keeps each newline).
    let openings = openings.map(|lines| {
        lines.iter().map(|line| line.trim_end_matches(['\n', '\r'])).collect::<Vec<_>>().join("\n")
    });
    let board = BoardSpec { fen, rules: &rules, seed: Some(seed) };
    let command = Match { first, second, config, board, openings: openings.as_deref() };
    Ok(py.detach(|| dispatch(game, command).map_err(other))??)
}

struct Selfplay<'a> {
    config: SelfplayConfig,
    games: u64,
    shard: (u64, u64),
    threads: usize,
    board: BoardSpec<'a>,
    /// Where to write the file (and whether to resume it); `None`: the lines.
    out: Option<(&'a std::path::Path, bool)>,
}

/// What a self-play batch gave: its sample lines, or the number of samples
/// in the file it wrote.
enum Played {
    Lines(Vec<String>),
    Written(u64),
}

impl GameCommand for Selfplay<'_> {
    type Output = Result<Played, BoardError>;
    fn run<G: EngineGame, E: Evaluator<G>>(self, evaluator: E) -> Self::Output {
        // The seed seeds the batch, and the setup where the game has a random
        // one (as `damero selfplay --seed`).
        let seed = self.board.seed.filter(|_| G::Rules::OPTIONS.iter().any(|o| o.key == "seed"));
        let start = new_board(G::NAME, BoardSpec { fen: self.board.fen, rules: self.board.rules, seed })?;
        let start: G = *start
            .as_any()
            .downcast_ref::<BoardImpl<G>>()
            .ok_or_else(|| other("board of another game"))?
            .record
            .position();
        let batch =
            SelfplayBatch::new(self.config, start, evaluator, self.games, self.shard).map_err(spec_error)?;
        match self.out {
            Some((path, resume)) => {
                let written =
                    write_selfplay_file(&batch, path, resume, self.threads, |_, _| {}).map_err(other)?;
                Ok(Played::Written(written.samples))
            }
            None => {
                let mut lines = Vec::new();
                batch
                    .play(batch.range().start, self.threads, |_, samples| {
                        lines.extend(samples.iter().map(ToString::to_string));
                        Ok::<(), std::convert::Infallible>(())
                    })
                    .map_err(other)?;
                Ok(Played::Lines(lines))
            }
        }
    }
}

/// Self-play training data, the lines `damero selfplay` writes
/// (`FEN<TAB>SCORE<TAB>RESULT`, from White's view): shard `shard = (i, n)`
/// of `games` games played by `engine` (default `alphabeta:nodes=NODES`).
/// With `out` a path, writes the file `damero selfplay --out` writes
/// (its `#` header, each game's lines and `# end of game N`) and returns
/// the number of samples in it; with `resume` too, goes on after the last
/// whole game of the file an interrupted run left. Without `out`, returns
/// the lines. The same
/// arguments give the same lines on any machine and thread count, and the
/// shards' files concatenated in order are the unsharded file.
#[pyfunction]
#[pyo3(signature = (game, games = 1000, nodes = 4000, engine = None, seed = 1, shard = (0, 1), threads = 1,
    opening_plies = (4, 9), max_plies = 300, out = None, resume = false, fen = None, rules = None))]
#[allow(clippy::too_many_arguments)]
fn selfplay(
    py: Python<'_>,
    game: Text,
    games: u64,
    nodes: u64,
    engine: Option<Text>,
    seed: u64,
    shard: (u64, u64),
    threads: usize,
    opening_plies: (u32, u32),
    max_plies: u32,
    out: Option<std::path::PathBuf>,
    resume: bool,
    fen: Option<Text>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let (game, engine) = (game.0.as_str(), engine.as_ref().map(|t| t.0.as_str()));
    let fen = fen.as_ref().map(|t| t.0.as_str());
    if shard.1 == 0 || shard.0 >= shard.1 {
        return Err(BoardError::new(ErrorKind::Other, "shard takes (i, n) with 0 <= i < n").into());
    }
    if opening_plies.0 >= opening_plies.1 {
        return Err(BoardError::new(ErrorKind::Other, "opening_plies takes (a, b) with a < b").into());
    }
    let spec = match engine {
        Some(text) => parse_spec(text)?,
        None => format!("alphabeta:nodes={nodes}").parse().map_err(spec_error)?,
    };
    let rules = rule_pairs(rules)?;
    let config =
        SelfplayConfig { engine: spec, opening_plies: opening_plies.0..opening_plies.1, max_plies, seed };
    let out = out.as_deref().map(|path| (path, resume));
    let board = BoardSpec { fen, rules: &rules, seed: Some(seed) };
    let command = Selfplay { config, games, shard, threads, board, out };
    match py.detach(|| dispatch(game, command).map_err(other))?? {
        Played::Lines(lines) => Ok(lines.into_pyobject(py)?.into_any().unbind()),
        Played::Written(samples) => Ok(samples.into_pyobject(py)?.into_any().unbind()),
    }
}

/// The Elo difference and its 95% margin of a W/D/L score.
#[pyfunction]
fn elo_estimate(wins: u32, draws: u32, losses: u32) -> (f64, f64) {
    let (elo, margin) = damero_engine::elo_estimate(wins, draws, losses);
    (elo + 0.0, margin)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyEngine>()?;
    m.add_class::<PyAnalysis>()?;
    m.add_class::<PyMatchResult>()?;
    m.add_function(wrap_pyfunction!(match_, m)?)?;
    m.add_function(wrap_pyfunction!(selfplay, m)?)?;
    m.add_function(wrap_pyfunction!(elo_estimate, m)?)?;
    Ok(())
}
