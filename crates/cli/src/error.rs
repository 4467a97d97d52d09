//! The errors of the command line: each one line on stderr and exit status
//! 2, except a closed stdout, which ends the program quietly.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use damero_engine::registry::UnknownGame;

/// An error for the user.
#[derive(Debug)]
pub enum CliError {
    /// Writing the output failed; a broken pipe (`damero moves | head -1`)
    /// ends the program quietly.
    Io(io::Error),
    /// `damero play` could not write to its stdout: nobody is there to read
    /// a message either.
    StdoutClosed(io::Error),
    /// Reading the standard input failed.
    Input(io::Error),
    /// A file that cannot be read, created or written.
    File {
        /// What was being done: `read`, `write`, `create`, `open`, `read openings`.
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// Why not.
        error: io::Error,
    },
    /// Text that does not read: a FEN, a move, a PDN file, an openings or a
    /// samples file, an engine spec, a level.
    Parse(String),
    /// A rule option, a rule set or a start setup the game refuses.
    Rule(String),
    /// A flag out of its range, or flags that do not go together.
    Usage(String),
    /// A game id the registry does not know.
    UnknownGame(UnknownGame),
    /// The engine or a library refusing: a database, weights, a search
    /// that cannot start.
    Engine(String),
}

impl CliError {
    /// Bad text: the parser's message.
    pub fn parse(error: impl fmt::Display) -> CliError {
        CliError::Parse(error.to_string())
    }

    /// A rule the game refuses.
    pub fn rule(error: impl fmt::Display) -> CliError {
        CliError::Rule(error.to_string())
    }

    /// A usage error with this message.
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError::Usage(message.into())
    }

    /// A refusal of the engine or a library.
    pub fn engine(error: impl fmt::Display) -> CliError {
        CliError::Engine(error.to_string())
    }

    /// A file that could not be handled: `cannot {action} {path}: {error}`.
    pub fn file(action: &'static str, path: &Path, error: io::Error) -> CliError {
        CliError::File { action, path: path.to_owned(), error }
    }

    /// Whether nothing should be printed: stdout is closed.
    pub fn is_closed_stdout(&self) -> bool {
        match self {
            CliError::Io(error) => error.kind() == io::ErrorKind::BrokenPipe,
            CliError::StdoutClosed(_) => true,
            _ => false,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Io(error) | CliError::StdoutClosed(error) => write!(f, "{error}"),
            CliError::Input(error) => write!(f, "cannot read the input: {error}"),
            CliError::File { action, path, error } => {
                write!(f, "cannot {action} {}: {error}", path.display())
            }
            CliError::Parse(message)
            | CliError::Rule(message)
            | CliError::Usage(message)
            | CliError::Engine(message) => f.write_str(message),
            CliError::UnknownGame(unknown) => write!(f, "{unknown}"),
        }
    }
}

impl std::error::Error for CliError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CliError::Io(error)
            | CliError::StdoutClosed(error)
            | CliError::Input(error)
            | CliError::File { error, .. } => Some(error),
            CliError::UnknownGame(unknown) => Some(unknown),
            _ => None,
        }
    }
}

impl From<io::Error> for CliError {
    fn from(error: io::Error) -> CliError {
        CliError::Io(error)
    }
}

impl From<UnknownGame> for CliError {
    fn from(unknown: UnknownGame) -> CliError {
        CliError::UnknownGame(unknown)
    }
}
