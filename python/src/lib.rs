//! The `damero` Python package: boards of seven 8x8 games in python-chess's
//! idiom, PDN records, the engine, matches, self-play data and vectorised
//! learning environments. Everything is read from the damero crates: no rule,
//! notation or record format is written here.
//!
//! `unsafe_code` is denied, not forbidden: PyO3's `#[pymodule]`,
//! `#[pyclass]` and `#[pymethods]` macros expand to FFI glue that carries
//! its own `#[allow(unsafe_code)]`, which `forbid` would reject. This crate's
//! own code has no `unsafe` block.
#![deny(unsafe_code)]

mod board;
mod engine;
mod env;
mod learn;
mod py;

use pyo3::prelude::*;

/// What went wrong, to pick the Python exception.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// A move that is malformed or not legal.
    IllegalMove,
    /// A bad position text.
    Fen,
    /// A bad PDN text.
    Pdn,
    /// A bad engine spec or level.
    Spec,
    /// A bad rule option.
    Rules,
    /// Anything else (an unknown game id, a bad argument).
    Other,
}

/// An error with its kind, turned into the matching Python exception.
#[derive(Clone, Debug)]
pub struct BoardError {
    /// Which exception.
    pub kind: ErrorKind,
    /// The message.
    pub message: String,
}

impl BoardError {
    /// An error of `kind`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> BoardError {
        BoardError { kind, message: message.into() }
    }
}

/// A text argument from Python. A `str` holding a lone surrogate has no
/// UTF-8 form: pyo3's own `&str` would raise `UnicodeEncodeError` before
/// damero sees it; this raises a `damero.Error` naming the problem.
pub struct Text(pub String);

impl<'a, 'py> FromPyObject<'a, 'py> for Text {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Text> {
        let text = obj.cast::<pyo3::types::PyString>()?;
        match text.to_cow() {
            Ok(text) => Ok(Text(text.into_owned())),
            Err(_) => Err(Error::new_err("the text holds a lone surrogate (it has no UTF-8 form)")),
        }
    }
}

pyo3::create_exception!(damero, Error, pyo3::exceptions::PyValueError, "Every damero error (a ValueError).");
pyo3::create_exception!(damero, IllegalMoveError, Error, "A move that is malformed or not legal here.");
pyo3::create_exception!(damero, FenError, Error, "A position text (FEN) that is malformed or illegal.");
pyo3::create_exception!(damero, PdnError, Error, "A PDN text that cannot be read.");
pyo3::create_exception!(damero, SpecError, Error, "An engine spec or level that is not valid.");
pyo3::create_exception!(damero, RuleError, Error, "A rule option that does not apply.");

impl From<BoardError> for PyErr {
    fn from(error: BoardError) -> PyErr {
        let message = error.message;
        match error.kind {
            ErrorKind::IllegalMove => IllegalMoveError::new_err(message),
            ErrorKind::Fen => FenError::new_err(message),
            ErrorKind::Pdn => PdnError::new_err(message),
            ErrorKind::Spec => SpecError::new_err(message),
            ErrorKind::Rules => RuleError::new_err(message),
            ErrorKind::Other => Error::new_err(message),
        }
    }
}

/// The native module, `damero._damero`; `damero/__init__.py` re-exports it.
#[pymodule]
fn _damero(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<Error>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("FenError", py.get_type::<FenError>())?;
    m.add("PdnError", py.get_type::<PdnError>())?;
    m.add("SpecError", py.get_type::<SpecError>())?;
    m.add("RuleError", py.get_type::<RuleError>())?;
    m.add("GAMES", damero_engine::registry::GAME_IDS.to_vec())?;
    m.add("WHITE", "white")?;
    m.add("BLACK", "black")?;
    py::register(m)?;
    engine::register(m)?;
    env::register(m)?;
    Ok(())
}
