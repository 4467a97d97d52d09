//! The error of reading a position text in two steps, shared by the games.
//!
//! Every game reads a FEN as its `Setup` first (the syntax, the game's
//! `ParseFenError`), then makes the setup a playable position under a rule
//! set (its legality, the game's `PositionError`). [`Game::from_fen`] does
//! both; its error is a [`FenError`] over the game's two types, which each
//! game names `FenError` too:
//!
//! ```
//! use damero_core::FenError;
//!
//! #[derive(Debug)]
//! struct Syntax;
//! # impl std::fmt::Display for Syntax {
//! #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("bad syntax") }
//! # }
//! # impl std::error::Error for Syntax {}
//! #[derive(Debug)]
//! struct Illegal;
//! # impl std::fmt::Display for Illegal {
//! #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("illegal") }
//! # }
//! # impl std::error::Error for Illegal {}
//! type MyFenError = FenError<Syntax, Illegal>;
//!
//! let error: MyFenError = FenError::Parse(Syntax);
//! assert_eq!(error.to_string(), "bad syntax");
//! assert!(matches!(error, MyFenError::Parse(_)));
//! ```
//!
//! [`Game::from_fen`]: crate::Game::from_fen

use core::fmt;

/// Why a position text was rejected: its syntax (`S`, the game's
/// `ParseFenError`, naming where the text goes wrong), or the position it
/// describes (`P`, the game's `PositionError`). It displays as the error it
/// holds, which is also its [`source`](std::error::Error::source).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError<S, P> {
    /// The text is not well formed.
    Parse(S),
    /// The text is well formed but the position is not legal.
    Position(P),
}

impl<S: fmt::Display, P: fmt::Display> fmt::Display for FenError<S, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Parse(error) => error.fmt(f),
            FenError::Position(error) => error.fmt(f),
        }
    }
}

impl<S, P> std::error::Error for FenError<S, P>
where
    S: std::error::Error + 'static,
    P: std::error::Error + 'static,
{
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FenError::Parse(error) => Some(error),
            FenError::Position(error) => Some(error),
        }
    }
}
