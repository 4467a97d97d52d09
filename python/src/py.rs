//! The Python classes `Board`, `Move`, `Outcome`, `PdnGame` and
//! `read_pdn`.

use std::sync::Arc;

use damero_core::{Color, Outcome};
use numpy::{PyArray1, PyArray3, PyArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::Text;
use crate::board::{AnyBoard, AnyMoves, BoardSpec, new_board, pdn_game_id, read_pdn_games};
use crate::{BoardError, ErrorKind};

pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Rule options from Python: a dict `{key: value}`, a list of `"key=value"`
/// strings, or one string of them separated by commas or spaces.
pub fn rule_pairs(rules: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<(String, String)>> {
    let Some(rules) = rules else { return Ok(Vec::new()) };
    if rules.is_none() {
        return Ok(Vec::new());
    }
    let split = |setting: &str| -> PyResult<(String, String)> {
        let (key, value) = setting.split_once('=').ok_or_else(|| {
            BoardError::new(ErrorKind::Rules, format!("invalid rule option '{setting}': expected key=value"))
        })?;
        Ok((key.trim().to_owned(), value.trim().to_owned()))
    };
    if let Ok(dict) = rules.cast::<PyDict>() {
        let mut pairs = Vec::new();
        for (key, value) in dict.iter() {
            let value = if value.is_instance_of::<pyo3::types::PyBool>() {
                if value.is_truthy()? { "true".to_owned() } else { "false".to_owned() }
            } else {
                value.str()?.to_string()
            };
            pairs.push((key.str()?.to_string(), value));
        }
        return Ok(pairs);
    }
    if let Ok(text) = rules.cast::<PyString>() {
        let text = text.to_string();
        return text.split([',', ' ']).filter(|s| !s.trim().is_empty()).map(split).collect();
    }
    let mut pairs = Vec::new();
    for item in rules.try_iter()? {
        pairs.push(split(&item?.extract::<String>()?)?);
    }
    Ok(pairs)
}

/// A move, as listed by `Board.legal_moves()`. `str(move)` is its text in
/// the game's notation; moves compare equal by game and text.
#[pyclass(frozen, name = "Move", module = "damero")]
pub struct PyMove {
    pub set: Arc<dyn AnyMoves>,
    pub index: usize,
}

impl PyMove {
    pub fn new(set: Arc<dyn AnyMoves>, index: usize) -> PyMove {
        PyMove { set, index }
    }
}

#[pymethods]
impl PyMove {
    fn __str__(&self) -> String {
        self.set.text(self.index)
    }
    fn __repr__(&self) -> String {
        format!("Move('{}')", self.set.text(self.index))
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<PyMove>() {
            Ok(o) => {
                let o = o.get();
                (Arc::ptr_eq(&self.set, &o.set) && self.index == o.index)
                    || (self.set.game() == o.set.game() && self.set.text(self.index) == o.set.text(o.index))
            }
            Err(_) => other.extract::<String>().is_ok_and(|t| t == self.set.text(self.index)),
        }
    }
    /// The hash of its text, so that a move and its text (which compare
    /// equal) hash alike.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        PyString::new(py, &self.set.text(self.index)).hash()
    }
    /// The game id of the move.
    #[getter]
    fn game(&self) -> &'static str {
        self.set.game()
    }
    /// The move's action number in its position (see `Board.num_actions`),
    /// or None when it has none.
    #[getter]
    fn action(&self) -> Option<u32> {
        self.set.action(self.index)
    }
}

/// How a game ended: `winner` ("white", "black" or None for a draw),
/// `reason` in words and `result()` as PDN writes it.
#[pyclass(frozen, name = "Outcome", module = "damero")]
pub struct PyOutcome {
    outcome: Outcome,
    /// Why the game ended, in words ("black has no legal move").
    #[pyo3(get)]
    reason: String,
}

#[pymethods]
impl PyOutcome {
    /// "white", "black", or None for a draw.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.outcome.winner().map(color_name)
    }
    /// "1-0", "0-1" or "1/2-1/2".
    fn result(&self) -> &'static str {
        self.outcome.result_text()
    }
    /// Whether the game is drawn.
    #[getter]
    fn draw(&self) -> bool {
        self.outcome == Outcome::Draw
    }
    fn __repr__(&self) -> String {
        let winner = self.outcome.winner().map_or("None".to_owned(), |c| format!("'{}'", color_name(c)));
        format!("Outcome(winner={winner}, reason='{}')", self.reason)
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyOutcome>()
            .is_ok_and(|o| o.get().outcome == self.outcome && o.get().reason == self.reason)
    }
}

fn outcome_text(text: Option<&str>) -> PyResult<Option<Outcome>> {
    Ok(match text {
        None | Some("*") => None,
        Some("1-0") => Some(Outcome::Win(Color::White)),
        Some("0-1") => Some(Outcome::Win(Color::Black)),
        Some("1/2-1/2") => Some(Outcome::Draw),
        Some(other) => {
            return Err(BoardError::new(
                ErrorKind::Other,
                format!("result '{other}': expected 1-0, 0-1, 1/2-1/2 or *"),
            )
            .into());
        }
    })
}

/// A board of one of damero's games, with its move history.
///
/// `Board(game="russian", fen=None, rules=None, seed=None)`: the start
/// position (or `fen`) of `game` (one of `damero.GAMES`) under rule
/// options `rules` (a dict, a list of "key=value" strings, or one string),
/// with the random setup drawn from `seed` where the game has one.
#[pyclass(name = "Board", module = "damero")]
pub struct PyBoard {
    pub inner: Box<dyn AnyBoard>,
}

impl PyBoard {
    fn moves_list<'py>(py: Python<'py>, set: Arc<dyn AnyMoves>) -> PyResult<Bound<'py, PyList>> {
        let n = set.len();
        PyList::new(py, (0..n).map(|i| PyMove::new(set.clone(), i)))
    }
}

#[pymethods]
impl PyBoard {
    #[new]
    #[pyo3(signature = (game = None, fen = None, rules = None, seed = None))]
    fn new(
        game: Option<Text>,
        fen: Option<Text>,
        rules: Option<&Bound<'_, PyAny>>,
        seed: Option<u64>,
    ) -> PyResult<PyBoard> {
        let game = game.as_ref().map_or("russian", |t| t.0.as_str());
        let fen = fen.as_ref().map(|t| t.0.as_str());
        let rules = rule_pairs(rules)?;
        Ok(PyBoard { inner: new_board(game, BoardSpec { fen, rules: &rules, seed })? })
    }

    /// The game id ("russian", "cross", ...).
    #[getter]
    fn game(&self) -> &'static str {
        self.inner.game()
    }

    /// The legal moves, in the game's own order (the order of actions).
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyBoard::moves_list(py, self.inner.legal_moves())
    }

    /// The legal moves as text, in the order `damero moves` prints them.
    fn legal_move_texts(&self) -> Vec<String> {
        self.inner.legal_texts()
    }

    /// The number of legal moves.
    fn legal_move_count(&self) -> usize {
        self.inner.legal_count()
    }

    /// The legal move written `text`; raises IllegalMoveError otherwise.
    fn parse_move(&self, text: Text) -> PyResult<PyMove> {
        let (set, index) = self.inner.parse(&text.0)?;
        Ok(PyMove::new(set, index))
    }

    /// Whether `move` (a Move or its text) is legal here.
    fn is_legal(&self, mv: &Bound<'_, PyAny>) -> bool {
        match mv.cast::<PyMove>() {
            Ok(m) => {
                let m = m.get();
                let mut copy = self.inner.clone_box();
                copy.push_listed(&*m.set, m.index).is_ok()
            }
            Err(_) => mv.extract::<String>().is_ok_and(|t| self.inner.parse(&t).is_ok()),
        }
    }

    /// Plays a move: a `Move` or its text. Raises IllegalMoveError when it is
    /// not legal here (the board is unchanged then).
    fn push(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Ok(m) = mv.cast::<PyMove>() {
            let m = m.get();
            return Ok(self.inner.push_listed(&*m.set, m.index)?);
        }
        if let Ok(text) = mv.cast::<PyString>() {
            let text: Text = text.extract()?;
            return Ok(self.inner.push_text(&text.0)?);
        }
        Err(PyTypeError::new_err("push takes a damero.Move or its text"))
    }

    /// Plays the move of `action` (see `num_actions`).
    fn push_action(&mut self, action: u32) -> PyResult<()> {
        let (set, index) = self.inner.move_of_action(action).ok_or_else(|| {
            BoardError::new(ErrorKind::IllegalMove, format!("action {action} is not legal here"))
        })?;
        Ok(self.inner.push_listed(&*set, index)?)
    }

    /// Takes back the last move and returns it; IndexError when none.
    fn pop(&mut self) -> PyResult<PyMove> {
        let (set, index) = self
            .inner
            .pop()
            .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("pop from a board with no moves"))?;
        Ok(PyMove::new(set, index))
    }

    /// The last move played, or None.
    fn peek(&self) -> Option<PyMove> {
        self.inner.peek().map(|(set, index)| PyMove::new(set, index))
    }

    /// The moves played since the board's start, as text.
    #[getter]
    fn move_stack(&self) -> Vec<String> {
        self.inner.move_texts()
    }

    /// A copy, with its history.
    #[pyo3(signature = (stack = true))]
    fn copy(&self, stack: bool) -> PyBoard {
        let mut inner = self.inner.clone_box();
        if !stack {
            // The history is dropped: the copy starts at this position.
            inner.rebase();
        }
        PyBoard { inner }
    }

    fn __copy__(&self) -> PyBoard {
        PyBoard { inner: self.inner.clone_box() }
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyBoard {
        PyBoard { inner: self.inner.clone_box() }
    }

    /// The position in the game's FEN notation.
    fn fen(&self) -> String {
        self.inner.fen()
    }

    /// The FEN of the board's start position (before `move_stack`).
    fn start_fen(&self) -> String {
        self.inner.start_fen()
    }

    /// The side to move: "white" or "black" (`damero.WHITE`, `damero.BLACK`).
    #[getter]
    fn turn(&self) -> &'static str {
        color_name(self.inner.turn())
    }

    /// Moves played since the board's start.
    #[getter]
    fn ply(&self) -> usize {
        self.inner.ply()
    }

    /// Whether the game is over: no legal move, a draw rule, or a repetition.
    fn is_game_over(&self) -> bool {
        self.inner.ended().is_some()
    }

    /// How the game ended, or None while it goes on.
    fn outcome(&self) -> Option<PyOutcome> {
        self.inner.ended().map(|e| PyOutcome { outcome: e.outcome, reason: e.reason })
    }

    /// "1-0", "0-1", "1/2-1/2", or "*" while the game goes on.
    fn result(&self) -> &'static str {
        self.inner.ended().map_or("*", |e| e.outcome.result_text())
    }

    /// How many times the current position has stood in this game.
    fn repetitions(&self) -> u32 {
        self.inner.repetitions()
    }

    /// The Zobrist key of placement and side to move.
    fn zobrist(&self) -> u64 {
        self.inner.zobrist()
    }

    /// The number of move sequences of `depth` plies (the GIL is released;
    /// `threads` > 1 splits the root moves).
    #[pyo3(signature = (depth, threads = 1))]
    fn perft(&self, py: Python<'_>, depth: u32, threads: usize) -> u64 {
        let inner = &*self.inner;
        py.detach(|| inner.perft(depth, threads))
    }

    /// The game as PDN text (the same writer as `damero match` records):
    /// `tags` a dict of tags, `result` "1-0", "0-1", "1/2-1/2" or "*" (by
    /// default the board's own result).
    #[pyo3(signature = (tags = None, result = None))]
    fn pdn(&self, tags: Option<&Bound<'_, PyDict>>, result: Option<Text>) -> PyResult<String> {
        let result = result.as_ref().map(|t| t.0.as_str());
        let mut pairs = Vec::new();
        if let Some(tags) = tags {
            for (k, v) in tags.iter() {
                pairs.push((k.str()?.to_string(), v.str()?.to_string()));
            }
        }
        let result = match result {
            Some(text) => outcome_text(Some(text))?,
            None => self.inner.ended().map(|e| e.outcome),
        };
        Ok(self.inner.pdn(&pairs, result))
    }

    /// The number of actions of this game (fixed per game).
    #[getter]
    fn num_actions(&self) -> usize {
        self.inner.num_actions()
    }

    /// What the observation planes hold, in order.
    #[getter]
    fn observation_planes(&self) -> &'static str {
        self.inner.learn_docs().0
    }

    /// How actions number the moves.
    #[getter]
    fn action_encoding(&self) -> &'static str {
        self.inner.learn_docs().1
    }

    /// The shape of `observation()`: (planes, 8, 8).
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let [p, r, f] = self.inner.obs_shape();
        (p, r, f)
    }

    /// The action number of a legal `move` (a Move or its text).
    fn action(&self, mv: &Bound<'_, PyAny>) -> PyResult<u32> {
        let (set, index) = match mv.cast::<PyMove>() {
            Ok(m) => {
                let m = m.get();
                self.inner.parse(&m.set.text(m.index))?
            }
            Err(_) => self.inner.parse(&mv.extract::<String>()?)?,
        };
        set.action(index).ok_or_else(|| {
            BoardError::new(ErrorKind::IllegalMove, format!("{} has no action number", set.text(index)))
                .into()
        })
    }

    /// The legal move of `action`; IllegalMoveError when none.
    #[pyo3(name = "move")]
    fn move_of(&self, action: u32) -> PyResult<PyMove> {
        let (set, index) = self.inner.move_of_action(action).ok_or_else(|| {
            BoardError::new(ErrorKind::IllegalMove, format!("action {action} is not legal here"))
        })?;
        Ok(PyMove::new(set, index))
    }

    /// A numpy bool array of `num_actions`: True at each legal move's action.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let mut mask = vec![false; self.inner.num_actions()];
        self.inner.mask(&mut mask);
        PyArray1::from_vec(py, mask)
    }

    /// A float32 numpy array of `observation_shape` from the side to move's
    /// view (see docs/python.md for each game's planes).
    fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray3<f32>>> {
        let [p, r, f] = self.inner.obs_shape();
        let mut data = vec![0f32; p * r * f];
        self.inner.observe(&mut data);
        PyArray1::from_vec(py, data).reshape([p, r, f])
    }

    fn __str__(&self) -> String {
        self.inner.diagram()
    }

    fn __repr__(&self) -> String {
        format!("Board('{}', fen='{}')", self.inner.game(), self.inner.fen())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyBoard>().is_ok_and(|o| self.inner.same_position(&*o.borrow().inner))
    }

    fn __hash__(&self) -> u64 {
        self.inner.zobrist()
    }
}

/// One game of a PDN text: its tags, result, moves and boards.
#[pyclass(name = "PdnGame", module = "damero")]
pub struct PyPdnGame {
    board: Box<dyn AnyBoard>,
    tags: Vec<(String, String)>,
    result: Option<Outcome>,
}

#[pymethods]
impl PyPdnGame {
    /// The game id.
    #[getter]
    fn game(&self) -> &'static str {
        self.board.game()
    }
    /// The tags, in order, as a dict.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (k, v) in &self.tags {
            dict.set_item(k, v)?;
        }
        Ok(dict)
    }
    /// The result as written ("1-0", "0-1", "1/2-1/2"), or "*".
    #[getter]
    fn result(&self) -> &'static str {
        self.result.map_or("*", Outcome::result_text)
    }
    /// The moves, as text.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.board.move_texts()
    }
    /// The board after `ply` moves (all of them by default), with its history.
    #[pyo3(signature = (ply = None))]
    fn board(&self, ply: Option<usize>) -> PyBoard {
        let mut inner = self.board.clone_box();
        if let Some(ply) = ply {
            inner.truncate(ply);
        }
        PyBoard { inner }
    }
    /// The game written back as PDN.
    fn pdn(&self) -> String {
        self.board.pdn(&self.tags, self.result)
    }
    fn __repr__(&self) -> String {
        format!("PdnGame('{}', {} moves, result='{}')", self.board.game(), self.board.ply(), self.result())
    }
}

/// Every game of a PDN text. `game` is the game id; by default it is read
/// from the first `GameType` or `Game` tag. Raises PdnError.
#[pyfunction]
#[pyo3(signature = (text, game = None, rules = None))]
fn read_pdn(text: Text, game: Option<Text>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<PyPdnGame>> {
    let (text, game) = (text.0.as_str(), game.as_ref().map(|t| t.0.as_str()));
    let rules = rule_pairs(rules)?;
    let id = match game {
        Some(id) => id,
        None => pdn_game_id(text).ok_or_else(|| {
            BoardError::new(
                ErrorKind::Pdn,
                "the PDN text names no game (no GameType or Game tag): pass game=",
            )
        })?,
    };
    Ok(read_pdn_games(id, text, &rules)?
        .into_iter()
        .map(|g| PyPdnGame { board: g.board, tags: g.tags, result: g.result })
        .collect())
}

/// Panics inside Rust: for the test that a panic becomes a Python exception
/// (`pyo3_runtime.PanicException`) and never aborts the interpreter.
#[pyfunction]
fn _panic_for_test(message: &str) {
    panic!("{message}");
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyBoard>()?;
    m.add_class::<PyMove>()?;
    m.add_class::<PyOutcome>()?;
    m.add_class::<PyPdnGame>()?;
    m.add_function(wrap_pyfunction!(read_pdn, m)?)?;
    m.add_function(wrap_pyfunction!(_panic_for_test, m)?)?;
    Ok(())
}
